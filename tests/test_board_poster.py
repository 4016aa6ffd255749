"""The board poster comes on the smallest poster paper the board fits, unless --poster names one."""
from __future__ import annotations

import pypdf
import pytest

from pnp.build import BuildOptions, build_game
from pnp.paths import EXAMPLES
from pnp.scaffold import create

MM = 72 / 25.4
SIZES = {"a3": (297, 420), "a2": (420, 594), "a1": (594, 841)}


def poster_size(path) -> tuple[float, float]:
    box = pypdf.PdfReader(str(path)).pages[0].mediabox
    return tuple(sorted((round(float(box.width) / MM), round(float(box.height) / MM))))


@pytest.mark.parametrize("game, want", [("miskatonic", "a2")])
def test_a_bundled_board_takes_the_smallest_paper_it_fits(tmp_path, game, want):
    build_game(EXAMPLES / game, BuildOptions(out=tmp_path, force=True))
    assert poster_size(tmp_path / game / "board-poster.pdf") == SIZES[want]


def test_a_small_board_comes_on_a3_and_poster_names_another(tmp_path):
    game = create("ridge", tmp_path, template="hex").dir
    build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert poster_size(tmp_path / "out" / "ridge" / "board-poster.pdf") == SIZES["a3"]
    build_game(game, BuildOptions(out=tmp_path / "big", force=True, poster="a1"))
    assert poster_size(tmp_path / "big" / "ridge" / "board-poster.pdf") == SIZES["a1"]
