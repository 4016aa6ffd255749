"""No text on any bundled page is run into by other drawing (see tests/textoverlap.py for what counts),
the detector flags a line over a word, and a board's START/GOAL badges leave every space's art alone."""
from __future__ import annotations

import dataclasses
import math

import pypdfium2 as pdfium
import pytest

from textoverlap import overlaps
from pnp.build import BuildOptions, render
from pnp.draw.pdf import PdfSurface
from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.kinds.board.art import badge_space, cell_box, draw_board, geometry, has_art

GAMES = ["blob", "blorg", "cave", "miskatonic"]


# what each bundled game prints, so the check below covers every kind of piece, not a subset that passes
PRINTS = {
    "blob": ["sheet.pdf", "rulebook.pdf"],
    "blorg": ["cards.pdf", "cards-printshop.pdf", "calibration.pdf", "rulebook.pdf"],
    "cave": ["cards.pdf", "cards-printshop.pdf", "calibration.pdf", "rulebook.pdf"],
    "miskatonic": ["cards.pdf", "cards-printshop.pdf", "calibration.pdf", "tokens.pdf", "tokens-printshop.pdf",
                   "board-tiles.pdf", "board-poster.pdf", "board-printshop.pdf", "dice-nets.pdf", "dice-tiles.pdf",
                   "dice-printshop.pdf", "rulebook.pdf"],
}


@pytest.fixture(scope="module", params=GAMES)
def bundled(request):
    """Every PDF one bundled game prints, built once per game (and per test worker)."""
    game = load_game(EXAMPLES / request.param)
    files = render(game, BuildOptions().for_game(game)).files
    return request.param, {n: bytes(d) for n, d in files.items() if n.endswith(".pdf")}


def test_no_text_is_overlapped_on_any_bundled_page(bundled):
    name, pdfs = bundled
    assert sorted(pdfs) == sorted(PRINTS[name])
    found = {f: [str(o) for o in overlaps(pdf)[:5]] for f, pdf in pdfs.items()}
    assert not {f: o for f, o in found.items() if o}


# ------------------------------------------------------------------ the detector can fail

def _page(draw) -> bytes:
    s = PdfSurface()
    s.begin_page(200, 100)
    draw(s)
    s.end_page()
    return s.finish()


def _word(s, x=40, y=60):
    s.text(x, y, "Overlap", font="sans-bold", size=24)


def test_a_word_alone_or_on_its_own_box_is_clean():
    assert overlaps(_page(_word)) == []
    assert overlaps(_page(lambda s: (s.rect(30, 30, 140, 45, fill="#1565c0"), _word(s)))) == []


@pytest.mark.parametrize("case", ["line over", "line under", "box edge", "dot over", "text on text"])
def test_drawing_into_a_word_is_flagged(case):
    draw = {
        "line over": lambda s: (_word(s), s.line(30, 52, 170, 52, stroke="#000000", width=0.5)),
        "line under": lambda s: (s.line(30, 52, 170, 52, stroke="#9e9e9e", width=0.5), _word(s)),
        "box edge": lambda s: (s.rect(80, 20, 100, 60, fill="#ffe082"), _word(s)),
        "dot over": lambda s: (_word(s), s.circle(60, 52, 2, fill="#e53935")),
        "text on text": lambda s: (_word(s), s.text(45, 62, "Overlap", font="sans", size=24, fill="#e53935")),
    }[case]
    found = overlaps(_page(draw))
    assert found and all(o.page == 1 for o in found)
    if case == "text on text":
        assert any("overprints" in o.what for o in found)


# ------------------------------------------------------------------ board markers keep off the art

@pytest.fixture(scope="module")
def valley():
    game = load_game(EXAMPLES / "miskatonic")
    return game.of_kind("board")[0].model, game.assets


def _draw(board, assets):
    w, h = geometry(board).size
    s = PdfSurface()
    s.begin_page(w, h)
    draw_board(s, board, assets)
    s.end_page()
    return pdfium.PdfDocument(s.finish())[0].render(scale=2).to_pil().convert("RGB")


def test_goal_badge_leaves_the_bookshelf_art_alone(valley):
    """The Ancient One's goal is a bookshelf front: drawn with and without the scenario, that space's
    art (inside its frame) is the same pixels, and the badge stands on a plain space touching it."""
    board, assets = valley
    goal = board.scenarios[0].placed[0].to.cell
    start = board.scenarios[0].placed[0].at.cell
    assert has_art(board, goal) and not has_art(board, start)
    spot = badge_space(board, goal, {start})
    assert spot != goal and spot in board.touching(goal) and not has_art(board, spot)
    assert badge_space(board, start) == start   # a plain space carries its own badge

    with_marks = _draw(board, assets)
    without = _draw(dataclasses.replace(board, scenarios=[]), assets)
    ox, oy = geometry(board).map_origin
    x, y, c = cell_box(board, goal)
    inner = [math.ceil((ox + x + 4) * 2), math.ceil((oy + y + 4) * 2),
             math.floor((ox + x + c - 4) * 2), math.floor((oy + y + c - 4) * 2)]
    assert list(with_marks.crop(inner).get_flattened_data()) == list(without.crop(inner).get_flattened_data())
    bx, by, bc = cell_box(board, spot)
    badge = [round((ox + bx) * 2), round((oy + by) * 2), round((ox + bx + bc) * 2), round((oy + by + bc) * 2)]
    assert list(with_marks.crop(badge).get_flattened_data()) != list(without.crop(badge).get_flattened_data())


MARKED = {
    "hex": ("pieces:\n  raider: {name: Raider, icon: skull, health: 2, mark: true}\n"
            "scenarios:\n  - id: s\n    name: Raid\n    pieces:\n      - {piece: raider, at: B2, to: H4}\n"),
    "routes": ("pieces:\n  train: {name: Train, icon: skull, mark: true}\n"
               "scenarios:\n  - id: s\n    name: Run\n    pieces:\n      - {piece: train, at: kingsbridge, to: harbour}\n"),
}


@pytest.mark.parametrize("template", sorted(MARKED))
def test_marks_on_hex_and_points_maps_keep_off_the_art_and_the_words(tmp_path, template):
    """START and GOAL on spaces with an icon and a label (hex towns), and on places of a points map
    (a ring on the place's outline, a tag above it): no word on the poster is run into, a hex badge
    stands on a plain hex touching the marked one, a points tag sits above its place."""
    from pnp.kinds.board.draw import board_poster
    from pnp.scaffold import create

    made = create("marked", tmp_path, template=template)
    with open(made.dir / "board.yaml", "a") as f:
        f.write(MARKED[template])
    game = load_game(made.dir)
    board = game.of_kind("board")[0].model
    s = PdfSurface()
    board_poster(s, board, game.assets)
    pdf = s.finish()
    assert overlaps(pdf) == []
    placed = board.scenarios[0].placed[0]
    if template == "hex":
        for marker in (placed.at, placed.to):
            assert has_art(board, marker.cell)
            spot = badge_space(board, marker.cell)
            assert spot in board.touching(marker.cell) and not has_art(board, spot)
    else:
        page = pdfium.PdfDocument(pdf)[0]
        text = page.get_textpage()
        words = {text.get_text_range(i, 5): text.get_charbox(i) for i in range(text.count_chars() - 4)}
        label = {text.get_text_range(i, len(n)): text.get_charbox(i) for n in ("Kingsbridge", "Harbour")
                 for i in range(text.count_chars() - len(n)) if text.get_text_range(i, len(n)) == n}
        assert words["START"][1] > label["Kingsbridge"][3]   # above the place's name (PDF y up)
        assert "GOAL" in {w[:4] for w in words} and label["Harbour"]
