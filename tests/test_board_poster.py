"""The board poster comes on the smallest poster paper the board fits at true scale (its title beside it
when only the title misses), unless --poster names one; the board covers most of that page."""
from __future__ import annotations

import io

import pypdf
import pypdfium2 as pdfium
import pytest

from pdfmeasure import geometry

from pnp.build import BuildOptions, build_game
from pnp.paths import EXAMPLES
from pnp.scaffold import create

MM = 72 / 25.4
SIZES = {"a3": (297, 420), "a2": (420, 594), "a1": (594, 841)}


def poster_size(path) -> tuple[float, float]:
    box = pypdf.PdfReader(str(path)).pages[0].mediabox
    return tuple(sorted((round(float(box.width) / MM), round(float(box.height) / MM))))


@pytest.mark.parametrize("game, want", [("miskatonic", "a3")])
def test_a_bundled_board_takes_the_smallest_paper_it_fits(tmp_path, game, want):
    build_game(EXAMPLES / game, BuildOptions(out=tmp_path, force=True))
    assert poster_size(tmp_path / game / "board-poster.pdf") == SIZES[want]


def test_a_small_board_comes_on_a3_and_poster_names_another(tmp_path):
    game = create("ridge", tmp_path, template="hex").dir
    build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert poster_size(tmp_path / "out" / "ridge" / "board-poster.pdf") == SIZES["a3"]
    build_game(game, BuildOptions(out=tmp_path / "big", force=True, poster="a1"))
    assert poster_size(tmp_path / "big" / "ridge" / "board-poster.pdf") == SIZES["a1"]


def test_the_miskatonic_poster_is_mostly_board(tmp_path):
    """Measured in the file: the board form is placed at true scale (368 x 272 mm) and covers at least
    75 % of the page (it covered 40 % of the A2 it came on before); its title reads in the strip beside
    it, and ink keeps 10 mm from every edge."""
    build_game(EXAMPLES / "miskatonic", BuildOptions(out=tmp_path, force=True))
    path = tmp_path / "miskatonic" / "board-poster.pdf"
    page = pypdf.PdfReader(str(path)).pages[0]
    pw, ph = float(page.mediabox.width), float(page.mediabox.height)
    board = next(f for f in geometry(page).forms if "board" in f.name)
    assert (round(board.width / MM), round(board.height / MM)) == (368, 272)   # true scale
    coverage = board.width * board.height / (pw * ph)
    assert coverage >= 0.75, f"the board covers {coverage:.0%} of the poster"
    doc = pdfium.PdfDocument(str(path))
    text = doc[0].get_textpage()
    title = text.get_text_bounded(board.x1, 0, pw, ph)   # right of the board: the turned title and note
    assert "MISKATONIC VALLEY" in title.replace("\r", "").replace("\n", "") and "Print at 100" in title.replace("\n", " ")
    image = doc[0].render(scale=20 / 72).to_pil().convert("L")
    w, h = image.size
    ink = [(x, y) for y in range(h) for x in range(w) if image.getpixel((x, y)) < 230]
    edge = 10 / 25.4 * 20 - 1
    assert min(x for x, _ in ink) >= edge and min(y for _, y in ink) >= edge
    assert max(x for x, _ in ink) <= w - edge and max(y for _, y in ink) <= h - edge
    doc.close()


def test_a_title_goes_beside_the_board_only_when_above_it_misses():
    from pnp.geometry.paper import PAPERS
    from pnp.kinds.board.draw import poster_layout

    a3, a2 = PAPERS["a3"], PAPERS["a2"]
    (size, beside) = poster_layout(300 * MM, 200 * MM, [a3, a2])
    assert not beside and sorted(round(v / MM) for v in size) == [297, 420]  # room above: the usual title
    (size, beside) = poster_layout(368 * MM, 272 * MM, [a3, a2])
    assert beside and sorted(round(v / MM) for v in size) == [297, 420]    # only the title missed A3
    (size, beside) = poster_layout(368 * MM, 290 * MM, [a3, a2])
    assert not beside and sorted(round(v / MM) for v in size) == [420, 594]  # the board itself misses A3


@pytest.mark.parametrize("template", ["default", "hex"])
def test_a_poster_with_room_to_spare_carries_the_board_s_key(tmp_path, template):
    """The board leaves room on its A3 (the starter town, the hex map): a key names each space type
    the map uses and each location, clear of the board, inside the 10 mm margin, and no word of it
    is overprinted."""
    from pnp.draw.pdf import PdfSurface
    from pnp.game import load_game
    from pnp.kinds.board.draw import board_poster
    from textoverlap import overlaps

    from pnp.scaffold import DEFAULT_STARTER

    made = create("town", tmp_path, template=DEFAULT_STARTER if template == "default" else template)
    game = load_game(made.dir)
    board = game.of_kind("board")[0].model
    s = PdfSurface()
    board_poster(s, board, game.assets)
    pdf = s.finish()
    assert overlaps(pdf) == []
    doc = pdfium.PdfDocument(pdf)
    page = doc[0]
    pw, ph = page.get_size()
    placed = next(f for f in geometry(pypdf.PdfReader(io.BytesIO(pdf)).pages[0]).forms if "board" in f.name)
    text = page.get_textpage()
    outside = (text.get_text_bounded(placed.x1, 0, pw, ph) + text.get_text_bounded(0, 0, pw, placed.y0 - 8 * MM))
    assert "KEY" in outside
    used = {board.space(cell) for cell in board.cells()}
    for key in used:
        kind = board.spec.spaces[key]
        if not kind.footprint:
            assert (kind.name or key.replace("-", " ").capitalize()) in outside, key
    for loc in board.locations.values():
        assert loc.name in outside
    image = page.render(scale=20 / 72).to_pil().convert("L")
    w, h = image.size
    ink = [(x, y) for y in range(h) for x in range(w) if image.getpixel((x, y)) < 230]
    edge = 10 / 25.4 * 20 - 1
    assert min(x for x, _ in ink) >= edge and min(y for _, y in ink) >= edge
    assert max(x for x, _ in ink) <= w - edge and max(y for _, y in ink) <= h - edge
    doc.close()
