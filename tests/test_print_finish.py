"""Print finish of card sheets: crop marks where home printers print, and a gutter between cards
whose edges differ in colour, each card then with bleed all round (measured in the PDF and in pixels)."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from conftest import write_game
from pdfmeasure import MM, geometry, reader
from pnp.paths import EXAMPLES

PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (612.0, 792.0)}
EDGE = 5 * MM  # home printers cannot print the outer 4–5 mm
DPI = 300

TWO_COLOURS = """\
kind: deck
name: duo
size: {size}
layout: light
fields:
  name: {{type: text}}
layouts:
  light:
    background: "#fff3e0"
    boxes:
      badge: {{type: shape, x: 40mm, y: 70mm, width: 15mm, height: 10mm, fill: "#888888"}}
      title: {{text: "{{{{ name }}}}", x: 5mm, y: 5mm, width: 30mm, height: 8mm}}
  dark:
    background: "#102030"
    boxes:
      badge: {{type: shape, x: 40mm, y: 70mm, width: 15mm, height: 10mm, fill: "#888888"}}
      title: {{text: "{{{{ name }}}}", x: 5mm, y: 5mm, width: 30mm, height: 8mm, color: white}}
cards:
"""


def duo_game(root, size: str = "poker", cards: int = 9, game_extra: str = ""):
    """A deck whose cards alternate between a light and a dark layout, so neighbours differ."""
    game = write_game(root)
    (game / "game.yaml").write_text("title: Duo\nplayers: 1\ncomponents: [cards.yaml]\n" + game_extra)
    lines = "".join(f"  - {{id: c{i}, layout: {'dark' if i % 2 else 'light'}, fields: {{name: C{i}}}}}\n"
                    for i in range(cards))
    (game / "cards.yaml").write_text(TWO_COLOURS.format(size=size) + lines)
    return game


def built(run_cli, game, out, *args):
    result = run_cli("build", str(game), "--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return out / game.name


def marks(page):
    """The stroked straight lines of a sheet: its crop marks."""
    return [s for s in geometry(page).segments if abs(s[0][0] - s[1][0]) < 0.01 or abs(s[0][1] - s[1][1]) < 0.01]


def assert_inside_printable(segments, paper_w, paper_h, where):
    assert segments, f"{where}: no crop marks"
    for (x1, y1), (x2, y2) in segments:
        for x, y in ((x1, y1), (x2, y2)):
            assert EDGE - 0.01 <= x <= paper_w - EDGE + 0.01, f"{where}: a mark end {x / MM:.2f} mm across"
            assert EDGE - 0.01 <= y <= paper_h - EDGE + 0.01, f"{where}: a mark end {y / MM:.2f} mm down"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "mini-euro", "tarot", "square", "bridge"])
@pytest.mark.parametrize("gutter", ["0", "auto"])
def test_every_crop_mark_lies_at_least_5mm_from_every_page_edge(run_cli, tmp_path, paper, size, gutter):
    out = built(run_cli, duo_game(tmp_path, size), tmp_path / "out", "--paper", paper, "--gutter", gutter)
    pdf = reader(out / "cards.pdf")
    w, h = PAPERS[paper]
    for number, page in enumerate(pdf.pages[::2], 1):  # fronts carry the marks; backs have none
        assert float(page.mediabox.width) == pytest.approx(w) and float(page.mediabox.height) == pytest.approx(h)
        assert_inside_printable(marks(page), w, h, f"{size} on {paper}, sheet {number}")


@pytest.mark.parametrize("game", ["blorg", "cave", "miskatonic"])
def test_bundled_card_sheets_keep_their_marks_printable(run_cli, tmp_path, game):
    out = built(run_cli, EXAMPLES / game, tmp_path / "out", "--paper", "letter")
    pdf = reader(out / "cards.pdf")
    for number, page in enumerate(pdf.pages, 1):
        segments = marks(page)
        if segments:
            assert_inside_printable(segments, *PAPERS["letter"], f"{game} cards.pdf page {number}")


def render(path, index: int = 0):
    pdf = pdfium.PdfDocument(str(path))
    image = pdf[index].render(scale=DPI / 72).to_pil().convert("RGB")
    pdf.close()
    return image


def pixel(image, x_pt: float, y_pt_from_top: float):
    return image.getpixel((int(round(x_pt * DPI / 72)), int(round(y_pt_from_top * DPI / 72))))


def dark(rgb) -> bool:
    return sum(rgb) < 200


def light(rgb) -> bool:
    return sum(rgb) > 600


def card_trims(page):
    """Trim rectangles (x0, top, x1, bottom) from the top of the page of the cards on a sheet,
    from the card-sized forms the sheet places (each covers trim plus the deck's 3 mm bleed)."""
    height = float(page.mediabox.height)
    rects = []
    for f in geometry(page).forms:
        if f.width > 30 * MM:
            rects.append((f.x0 + 3 * MM, height - (f.y1 - 3 * MM), f.x1 - 3 * MM, height - (f.y0 + 3 * MM)))
    return sorted(rects, key=lambda r: (round(r[1]), r[0]))


def test_cards_of_different_colours_get_a_gutter_and_bleed_all_round(run_cli, tmp_path):
    out = built(run_cli, duo_game(tmp_path), tmp_path / "out")
    page = reader(out / "cards.pdf").pages[0]
    trims = card_trims(page)
    assert len(trims) == 9  # the gutter costs no card: still 3 × 3 poker cards on A4
    for r in trims:
        assert r[2] - r[0] == pytest.approx(63 * MM, abs=0.01) and r[3] - r[1] == pytest.approx(88 * MM, abs=0.01)
    across = sorted({round(r[0], 2) for r in trims})
    down = sorted({round(r[1], 2) for r in trims})
    gaps_x = [b - (a + 63 * MM) for a, b in zip(across, across[1:])]
    gaps_y = [b - (a + 88 * MM) for a, b in zip(down, down[1:])]
    assert min(gaps_x) >= 2 * MM - 0.01 and min(gaps_y) >= 2 * MM - 0.01, (gaps_x, gaps_y)
    image = render(out / "cards.pdf")
    # just outside every side of every card, its own colour: a cut that misses by 0.4 mm shows no neighbour
    for i, (x0, y0, x1, y1) in enumerate(trims):
        is_dark = dark if i % 2 else light
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for px, py in ((x0 - 0.4 * MM, cy), (x1 + 0.4 * MM, cy), (cx, y0 - 0.4 * MM), (cx, y1 + 0.4 * MM)):
            assert is_dark(pixel(image, px, py)), f"card {i}: {pixel(image, px, py)} at {px / MM:.1f}, {py / MM:.1f} mm"


def test_a_gap_of_paper_lies_between_each_mark_and_the_bleed(run_cli, tmp_path):
    out = built(run_cli, duo_game(tmp_path), tmp_path / "out")
    page = reader(out / "cards.pdf").pages[0]
    height = float(page.mediabox.height)
    trims = card_trims(page)
    block = (min(r[0] for r in trims), min(r[1] for r in trims), max(r[2] for r in trims), max(r[3] for r in trims))
    image = render(out / "cards.pdf")
    for (x1, y1), (x2, y2) in marks(page):
        y1, y2 = height - y1, height - y2
        # the end of the mark nearer the cards, then 0.2 mm further towards them: plain paper
        if x1 == pytest.approx(x2):
            inner_y = max(y1, y2) if max(y1, y2) < block[1] else min(y1, y2)
            step = 0.2 * MM if inner_y < block[1] else -0.2 * MM
            assert light(pixel(image, x1, inner_y + step)), (x1 / MM, inner_y / MM)
        else:
            inner_x = max(x1, x2) if max(x1, x2) < block[0] else min(x1, x2)
            step = 0.2 * MM if inner_x < block[0] else -0.2 * MM
            assert light(pixel(image, inner_x + step, y1)), (inner_x / MM, y1 / MM)


def test_cards_alike_at_their_edges_still_abut_and_share_each_cut(run_cli, mini_game, tmp_path):
    out = built(run_cli, mini_game, tmp_path / "out")
    trims = card_trims(reader(out / "cards.pdf").pages[0])
    across = sorted({round(r[0], 2) for r in trims})
    assert [b - a for a, b in zip(across, across[1:])] == pytest.approx([63 * MM] * 2, abs=0.02)


def test_the_gutter_is_the_designers_choice(run_cli, tmp_path):
    game = duo_game(tmp_path, game_extra="print:\n  gutter: 4mm\n")
    trims = card_trims(reader(built(run_cli, game, tmp_path / "a") / "cards.pdf").pages[0])
    across = sorted({round(r[0], 3) for r in trims})
    assert across[1] - across[0] == pytest.approx(67 * MM, abs=0.01)
    trims = card_trims(reader(built(run_cli, game, tmp_path / "b", "--gutter", "0") / "cards.pdf").pages[0])
    across = sorted({round(r[0], 3) for r in trims})
    assert across[1] - across[0] == pytest.approx(63 * MM, abs=0.01)


def test_duplex_backs_stay_behind_their_fronts_with_a_gutter(run_cli, tmp_path):
    game = duo_game(tmp_path)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("cards:\n", "back:\n  layout: dark\ncards:\n"))
    pdf = reader(built(run_cli, game, tmp_path / "out", "--duplex", "long") / "cards.pdf")
    width = float(pdf.pages[0].mediabox.width)
    fronts, backs = card_trims(pdf.pages[0]), card_trims(pdf.pages[1])
    assert len(fronts) == len(backs) == 9
    mirrored = sorted(((width - x1, y0, width - x0, y1) for x0, y0, x1, y1 in fronts), key=lambda r: (round(r[1]), r[0]))
    for got, want in zip(backs, mirrored):
        assert got == pytest.approx(want, abs=0.01)


@pytest.mark.parametrize("value", ["wide", "-2mm", "5cm"])
def test_a_bad_gutter_flag_is_a_usage_error(run_cli, tmp_path, value):
    result = run_cli("build", str(duo_game(tmp_path)), "--out", str(tmp_path / "out"), "--gutter", value)
    assert result.exit_code == 2 and "--gutter" in result.output
    assert not (tmp_path / "out").exists()


def test_a_gutter_wider_than_any_sheet_needs_is_located_in_game_yaml(run_cli, tmp_path):
    game = duo_game(tmp_path, game_extra="print:\n  gutter: 150mm\n")
    result = run_cli("build", str(game), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "game.yaml:5:11:" in result.output and "gutter" in result.output
    assert not (tmp_path / "out").exists()
