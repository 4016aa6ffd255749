"""Nothing meant to print on a home printer lies in the outer 5 mm of the page, which most printers
cannot print: marks, labels, titles, cards, tiles, on every bundled home-printer page, A4 and Letter."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions, render
from pnp.game import load_game
from pnp.paths import EXAMPLES

DPI = 50
EDGE_MM = 5.0
# for a print shop or a poster printer: full-bleed or large-format pages, not home-printer sheets
NOT_HOME = ("printshop", "poster")


def inked_in_margin(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    found = []
    for number in range(len(doc)):
        image = doc[number].render(scale=DPI / 72).to_pil().convert("L")
        w, h = image.size
        edge = int(EDGE_MM / 25.4 * DPI) - 1  # a pixel of slack for anti-aliasing at the 5 mm line
        px = image.load()
        ink = [(x, y) for y in range(h) for x in range(w)
               if (x < edge or y < edge or x >= w - edge or y >= h - edge) and px[x, y] < 230]
        if ink:
            x, y = ink[0]
            found.append(f"page {number + 1}: ink {x / DPI * 25.4:.1f} mm across, {y / DPI * 25.4:.1f} mm down")
    doc.close()
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ["blob", "blorg", "cave", "miskatonic"])
def test_every_home_printer_page_keeps_its_outer_5mm_blank(name, paper):
    game = load_game(EXAMPLES / name)
    files = render(game, BuildOptions(paper=paper).for_game(game)).files
    pdfs = {n: bytes(d) for n, d in files.items() if n.endswith(".pdf") and not any(w in n for w in NOT_HOME)}
    assert pdfs
    problems = {n: inked_in_margin(d) for n, d in pdfs.items()}
    assert not {n: p for n, p in problems.items() if p}
