"""A token's label stays inside its cut outline (issue 50, Must show 5): the default starter's hexagonal
monster (its back labelled "Hurt badly") and round pieces, drawn alone on a page of their bleed box, their label's
glyph boxes read from the PDF and held against the hexagon or circle the piece is cut on."""
from __future__ import annotations

import ctypes
import math

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pnp.draw.pdf import PdfSurface
from pnp.game import load_game
from pnp.kinds.tokens.bands import Item
from pnp.kinds.tokens.draw import draw_item
from pnp.scaffold import create


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    return load_game(create("labels", tmp_path_factory.mktemp("labels"), template="default").dir)


def glyph_boxes(pdf: bytes) -> list[tuple[str, float, float, float, float]]:
    """(char, left, top, right, bottom) of every printed character, from the page's top-left."""
    doc = pdfium.PdfDocument(pdf)
    page = doc[0]
    height = page.get_size()[1]
    tp = page.get_textpage()
    out = []
    for i in range(tp.count_chars()):
        code = raw.FPDFText_GetUnicode(tp.raw, i)
        if code in (0, 10, 13, 32):
            continue
        l, r, b, t = (ctypes.c_double() for _ in range(4))
        raw.FPDFText_GetCharBox(tp.raw, i, l, r, b, t)
        out.append((chr(code), l.value, height - t.value, r.value, height - b.value))
    doc.close()
    return out


def inside(shape: str, w: float, h: float, x: float, y: float) -> bool:
    r, dx, dy = min(w, h) / 2, abs(x - w / 2), abs(y - h / 2)
    if shape == "circle":
        return math.hypot(dx, dy) <= r + 1e-6
    # a hexagon with corners left and right: |y| within its flat top and bottom, and inside each slant
    return dy <= r * math.sqrt(3) / 2 + 1e-6 and dx <= r - dy / math.sqrt(3) + 1e-6


@pytest.mark.parametrize("shape", ["hexagon", "circle"])
def test_a_label_stays_inside_the_cut(starter, shape):
    tokens = starter.of_kind("tokens")[0].model
    piece = next(p for p in tokens.pieces if p.spec.id == "monster")
    piece.spec = piece.spec.model_copy(update={"shape": shape})
    piece.back = piece.back.model_copy(update={"label": "Hurt badly"})  # a label as wide as the piece
    bleed = tokens.spec.bleed
    surface = PdfSurface()
    surface.begin_page(piece.w + 2 * bleed, piece.h + 2 * bleed)
    with starter.own_fonts():
        draw_item(surface, tokens, Item(piece, "face"), "back", starter.assets)
    surface.end_page()
    boxes = [b for b in glyph_boxes(surface.finish()) if b[0] in "Hurtbadly"]
    assert "".join(b[0] for b in boxes) == "Hurtbadly"
    for char, left, top, right, bottom in boxes:
        for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
            assert inside(shape, piece.w, piece.h, x - bleed, y - bleed), (shape, char, x - bleed, y - bleed)
