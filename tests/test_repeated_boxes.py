"""A card box drawn like one drawn before in the same document reuses that one's operators
(`PdfSurface.draw_repeatable`), without changing what is drawn or what each card reports."""
from __future__ import annotations

from conftest import write_game


def test_the_same_key_writes_the_same_operators_without_drawing_again():
    from pnp.draw.pdf import PdfSurface

    s = PdfSurface()
    s.begin_page(200, 200)
    calls = []

    def box():
        calls.append(1)
        s.rect(10, 10, 20, 20, fill="#ff0000", stroke="#000000", width=1)
        s.text(12, 30, "7", font="sans", size=10)

    s.draw_repeatable(("box", "7"), box)
    s.rect(0, 0, 5, 5, fill="#00ff00")  # another paint state: the next call is drawn anew
    start = len(s.c._code)
    s.draw_repeatable(("box", "7"), box)
    drawn = s.c._code[start:]
    s.rect(0, 0, 5, 5, fill="#00ff00")  # the same state as before the last drawing: reused
    start = len(s.c._code)
    s.draw_repeatable(("box", "7"), box)
    assert len(calls) == 2
    assert s.c._code[start:] == drawn and "(7) Tj" in " ".join(drawn)


def test_a_drawing_with_resources_of_its_own_is_drawn_every_time():
    from pnp.draw.pdf import PdfSurface

    s = PdfSurface()
    s.begin_page(200, 200)
    calls = []

    def faint():
        calls.append(1)
        s.save()
        s.rect(10, 10, 20, 20, fill="#ff0000", opacity=0.5)
        s.restore()

    for _ in range(3):
        s.draw_repeatable("faint", faint)
    assert len(calls) == 3


def test_each_card_is_warned_about_its_own_text_even_when_its_box_repeats(tmp_path):
    from pnp.build import BuildOptions, build_game

    long = "word " * 80
    lines = "".join(f"  - {{id: c{i}, fields: {{name: \"{long}\", power: 1}}}}\n" for i in range(3))
    game = write_game(tmp_path, card_lines=lines)
    result = build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    overflows = [w.message for w in result.warnings if "does not fit" in w.message and "'title'" in w.message]
    assert len(overflows) == 3, overflows
    assert {m.split(",")[0] for m in overflows} == {"card 'c0' (front)", "card 'c1' (front)", "card 'c2' (front)"}


def test_a_drawing_that_begins_with_a_transform_is_drawn_anew_after_another():
    """reportlab merges a transform into a transform just before it: reusing the operators there
    would write something a fresh drawing does not."""
    from pnp.draw.pdf import PdfSurface

    def moved(s):
        s.translate(5, 5)
        s.rect(0, 0, 10, 10, fill="#000000")

    s = PdfSurface()
    s.begin_page(200, 200)
    s.rect(0, 0, 1, 1, fill="#000000")
    s.draw_repeatable("moved", lambda: moved(s))  # after a path: kept
    s.translate(1, 1)
    start = len(s.c._code)
    s.draw_repeatable("moved", lambda: moved(s))  # after a transform: drawn, merged into it
    fresh = PdfSurface()
    fresh.begin_page(200, 200)
    fresh.rect(0, 0, 1, 1, fill="#000000")
    moved(fresh)
    fresh.translate(1, 1)
    moved(fresh)
    assert s.c._code == fresh.c._code and start == len(s.c._code) - 1
