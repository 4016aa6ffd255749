"""Pieces of one flat colour share their cuts (issue 50, Must show 4): the routes starter's 80 trains
(20 × 6 mm) once stood in 4 mm bleed gutters, every cut a double cut and half the coloured paper offcut.
Measured in the built PDF: one cut line between neighbours, and no coloured pixel further than 1 mm
outside the trains' trims."""
from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions
from pnp.game import load_game
from pnp.geometry.paper import paper_size
from pnp.kinds import tokens as tokens_kind
from pnp.kinds.tokens.bands import crop_marks, layout_pages
from pnp.models.units import mm
from pnp.scaffold import create

DPI = 120
PX = DPI / 72


@pytest.fixture(scope="module")
def routes(tmp_path_factory):
    return load_game(create("rails", tmp_path_factory.mktemp("routes"), template="routes").dir)


def _rgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_trains_share_their_cuts_and_leave_no_coloured_offcut(routes, paper):
    component = routes.of_kind("tokens")[0]
    with routes.own_fonts():
        pdf = tokens_kind.build(routes, [component], BuildOptions(paper=paper, duplex="long"))["tokens.pdf"]
    tokens = component.model
    pages = layout_pages(tokens.pieces, *paper_size(paper), tokens.spec.bleed)
    assert len(pages) == 1
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    img = np.asarray(doc[0].render(scale=PX).to_pil().convert("RGB")).astype(int)
    trains = [band for band in pages[0] if band.items[0].piece.spec.id.endswith("-train")]
    assert sum(len(band.items) for band in trains) == 80
    for band in trains:
        fill = band.items[0].piece.spec.front.fill
        # one cut between neighbours: the vertical marks stand on cols + 1 lines, not 2 × cols
        xs = {round(m.x1, 3) for m in crop_marks(band) if m.x1 == m.x2}
        assert len(xs) == band.cols + 1, (fill, len(xs), band.cols)
        # the band's colour, wherever it lies, is inside a train or at most 1 mm from one
        near = np.zeros(img.shape[:2], bool)
        reach = mm(1) * PX + 1.5
        for i in range(len(band.items)):
            x, y = band.trim(i)
            x0, y0 = int(x * PX - reach), int(y * PX - reach)
            x1, y1 = int((x + band.w) * PX + reach) + 1, int((y + band.h) * PX + reach) + 1
            near[max(0, y0):y1, max(0, x0):x1] = True
        # looked at round the band only (a score marker of the same colour has its own band)
        around = np.zeros(img.shape[:2], bool)
        bx0, by0 = band.trim(0)
        bx1 = bx0 + band.cols * band.w
        by1 = by0 + band.rows * band.h
        around[int((by0 - mm(4)) * PX):int((by1 + mm(4)) * PX), int((bx0 - mm(4)) * PX):int((bx1 + mm(4)) * PX)] = True
        coloured = (np.abs(img - _rgb(fill)).sum(axis=2) < 40) & around
        assert coloured.sum() > 0
        assert not (coloured & ~near).any(), (fill, int((coloured & ~near).sum()))


def test_the_measure_sees_a_gutter_of_bleed(routes):
    """The same measure on the pieces laid out with their own bleed (as before): it must fail."""
    from dataclasses import replace

    tokens = routes.of_kind("tokens")[0].model
    band = next(b for b in layout_pages(tokens.pieces, *paper_size("a4"), tokens.spec.bleed)[0] if b.shared)
    apart = replace(band, shared=False, bleed=tokens.spec.bleed)
    xs = {round(m.x1, 3) for m in crop_marks(apart) if m.x1 == m.x2}
    assert len(xs) == 2 * apart.cols
