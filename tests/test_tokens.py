"""The tokens kind: sheets with crop marks, duplex backs mirrored, identical tome backs (measured in the PDF)."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions
from pnp.render.tokens import layout_pages
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.kinds import tokens as tokens_kind
from pnp.layout.impose import back_placement
from pnp.layout.paper import paper_size
from pnp.spec.units import mm
from pnp.paths import EXAMPLES

GAME = EXAMPLES / "miskatonic"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def pdf(game):
    opts = BuildOptions(paper="a4", duplex="long")
    return tokens_kind.build(game, game.of_kind("tokens"), opts)["tokens.pdf"]


def test_counts_and_pages(game):
    tokens = game.of_kind("tokens")[0].model
    assert tokens.by_id("page").spec.count == 5 and tokens.by_id("curse").spec.count == 4
    pages = layout_pages(tokens.pieces, *paper_size("a4"))
    placed = sum(len(b.items) for page in pages for b in page)
    assert placed == sum(p.spec.count for p in tokens.pieces)


def _tome_back_crops(game, pdf, dpi=254):
    import pypdfium2 as pdfium

    tokens = game.of_kind("tokens")[0].model
    pw, ph = paper_size("a4")
    pages = layout_pages(tokens.pieces, pw, ph)
    doc = pdfium.PdfDocument(pdf)
    crops, pdf_page = [], 0
    for bands in pages:
        has_backs = any(p.back for b in bands for p in b.items)
        if has_backs:
            img = doc[pdf_page + 1].render(scale=dpi / 72).to_pil().convert("RGB")
            for band in bands:
                for i, piece in enumerate(band.items):
                    if piece.spec.id in ("page", "curse"):
                        b = back_placement(band.grid, band.grid.placement(i), "long")
                        k = dpi / 72
                        crops.append(img.crop((round(b.x * k) + 2, round(b.y * k) + 2,
                                               round((b.x + b.w) * k) - 2, round((b.y + b.h) * k) - 2)))
        pdf_page += 2 if has_backs else 1
    return crops


def test_tome_backs_identical(game, pdf):
    crops = _tome_back_crops(game, pdf)
    assert len(crops) == 9
    # at 254 dpi (10 px per mm) every tome lands on whole pixels; the renders agree but for a few
    # pixels of the rasteriser's own rounding (under 1 %)
    from PIL import ImageChops

    for c in crops:
        assert c.size == crops[0].size
        diff = ImageChops.difference(c, crops[0]).convert("L").point(lambda v: 255 if v > 8 else 0)
        assert diff.histogram()[255] < 0.01 * c.width * c.height
    # in the content stream, all nine backs place one and the same form
    reader = PdfReader(io.BytesIO(pdf))
    content = reader.pages[1].get_contents().get_data().decode("latin-1")
    tome_forms = [name for name in reader.pages[1]["/Resources"]["/XObject"] if "back_backs_tome" in name]
    assert len(tome_forms) == 1
    assert content.count(tome_forms[0] + " Do") == 9
    # and the tome back is not blank: it carries the brown back
    colours = crops[0].getcolors(100_000)
    assert max(colours)[1] != (255, 255, 255)


def test_backs_page_follows_and_mirrors(game, pdf):
    reader = PdfReader(io.BytesIO(pdf))
    texts = [p.extract_text() for p in reader.pages]
    assert "fronts" in texts[0] and "backs" in texts[1]
    tokens = game.of_kind("tokens")[0].model
    pw, ph = paper_size("a4")
    band = layout_pages(tokens.pieces, pw, ph)[0][0]
    front = band.grid.placement(0)
    back = back_placement(band.grid, front, "long")
    assert back.x == pytest.approx(pw - front.x - front.w) and back.y == pytest.approx(front.y)


def test_crop_marks_and_fonts(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    content = reader.pages[0].get_contents().get_data()
    assert content.count(b" l") > 20  # the marks are stroked lines on the fronts page
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            desc = font.get_object().get("/DescendantFonts")
            f = desc[0].get_object() if desc else font.get_object()
            assert "/FontFile2" in f["/FontDescriptor"]


def test_unknown_back_is_located(tmp_path):
    d = tmp_path / "g"
    d.mkdir()
    (d / "game.yaml").write_text("title: T\nplayers: 2\n")
    (d / "tokens.yaml").write_text("kind: tokens\nname: t\npieces:\n  - {id: a, size: 14mm, back: nope}\n")
    with pytest.raises(SpecErrors, match=r"tokens.yaml:4:.*unknown back 'nope'"):
        load_game(d)
