"""The `pnp new` starter's score sheet fills its page as a printed pad does (issue 42, item 7): measured
from the rendered pixels, no band of bare paper taller than 10 mm lies between the top margin and the
footer, on A4 and on Letter; `fill: true` grows the pencil squares and never shrinks them."""
from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions
from pnp.game import load_game
from pnp.kinds import sheet as sheet_kind
from pnp.kinds.sheet.draw import MARGIN, draw_sheet
from pnp.models.units import mm
from pnp.scaffold import create

DPI = 72
PX = DPI / 72          # pixels per point
BAND = mm(10)          # the tallest band of bare paper a pad may show besides its margins


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    return load_game(create("starter", tmp_path_factory.mktemp("sheet"), template="default").dir)


def sheet_pdf(game, paper: str) -> bytes:
    with game.own_fonts():
        return sheet_kind.build(game, game.of_kind("sheet"), BuildOptions(paper=paper, duplex="long"))["sheet.pdf"]


def bare_bands(pdf: bytes) -> list[float]:
    """Heights (points) of the runs of pixel rows with no ink across the page, between the top
    margin and the footer's rule (the last inked rows)."""
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    img = np.asarray(doc[0].render(scale=PX).to_pil().convert("L")).astype(int)
    inked = (img < 235).any(axis=1)
    rows = np.where(inked)[0]
    footer_rule = rows.max() - int(mm(5) * PX)        # the footer: its rule and its small print
    runs, run = [], 0
    for r in inked[int(MARGIN * PX):footer_rule]:
        if r:
            if run:
                runs.append(run / PX)
            run = 0
        else:
            run += 1
    return runs + ([run / PX] if run else [])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_starters_sheet_has_no_band_of_bare_paper(starter, paper):
    bands = bare_bands(sheet_pdf(starter, paper))
    assert bands and max(bands) <= BAND, [round(b / mm(1), 1) for b in bands]


def test_the_measure_sees_the_band_a_floating_sheet_leaves(starter):
    """Without `fill` the same sheet floats: the measure above must catch it (a test that cannot fail)."""
    plain = starter.of_kind("sheet")[0].model.model_copy(update={"fill": False})
    from pnp.draw.pdf import PdfSurface

    s = PdfSurface()
    with starter.own_fonts():
        draw_sheet(s, plain, "a4")
    assert max(bare_bands(s.finish())) > BAND


def test_fill_grows_cells_within_twice_their_size_and_keeps_the_page(starter):
    from pnp.draw.pdf import PdfSurface

    sheet = starter.of_kind("sheet")[0].model
    sizes = {}
    for fill in (False, True):
        s = PdfSurface()
        with starter.own_fonts():
            geo = draw_sheet(s, sheet.model_copy(update={"fill": fill}), "a4")
        sizes[fill] = {name: cell for name, (_, _, cell) in geo.cells.items()}
        page_w, page_h = geo.page
        for x, y, w, h in geo.sections.values():      # every section inside the margins
            assert x >= MARGIN - 0.01 and y >= MARGIN - 0.01
            assert x + w <= page_w - MARGIN + 0.01 and y + h <= page_h - MARGIN + 0.01
    for name, declared in sizes[False].items():
        assert declared < sizes[True][name] <= 2 * declared


@pytest.fixture(scope="module")
def editions_dir(tmp_path_factory):
    return create("ledger", tmp_path_factory.mktemp("ledger"), template="editions").dir


def edition_sheet(game_dir, lang: str, paper: str) -> bytes:
    from pnp.models.edition import loading

    with loading(lang):
        game = load_game(game_dir)
        return sheet_pdf(game, paper)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_blobs_sheet_fills_its_page(paper):
    """Blob's sheet (no `fill:` of its own: filling is the default) once showed bands of 15 mm."""
    from pnp.paths import EXAMPLES

    bands = bare_bands(sheet_pdf(load_game(EXAMPLES / "blob"), paper))
    assert max(bands) <= BAND, [round(b / mm(1), 1) for b in bands]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_editions_ledger_fills_its_page(editions_dir, lang, paper):
    """The ledger's one tally grid is as wide as the page long before it is as tall: it floated with
    85 mm of bare paper above and 81 mm below; the page it leaves is now ruled for notes."""
    pdf = edition_sheet(editions_dir, lang, paper)
    bands = bare_bands(pdf)
    assert max(bands) <= BAND, [round(b / mm(1), 1) for b in bands]
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    words = {"en": "Notes", "ar": "ملاحظات"}[lang]
    assert words in doc[0].get_textpage().get_text_range()


def test_a_sheet_too_wide_for_a5_shrinks_its_cells_towards_5_mm(editions_dir):
    """The ledger's 20 squares of 7 mm (140 mm) are wider than the 130 mm A5 leaves: its cells shrink to
    fit, never under 5 mm."""
    from pnp.draw.pdf import PdfSurface

    game = load_game(editions_dir)
    sheet = game.of_kind("sheet")[0].model
    s = PdfSurface()
    with game.own_fonts():
        geo = draw_sheet(s, sheet, "a5")
    cell = geo.cells["purse"][2]
    assert mm(5) - 0.01 <= cell < mm(7)
    page_w, _ = geo.page
    x, _, w, _ = geo.sections["purse"]
    assert x >= MARGIN - 0.01 and x + w <= page_w - MARGIN + 0.01
