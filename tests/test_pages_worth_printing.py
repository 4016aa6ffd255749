"""Rulebooks and booklets worth printing (issue 50, Must show 2 and 5), measured in the built PDFs of
the four bundled games on A4 and Letter (their booklets on A5 and half-Letter): no blank page, no page
but the last under 40 % of its text area (from the pixels), and no text in a figure under 5 pt (from
the PDF's text positions: each character's font size times its whole transformation)."""
from __future__ import annotations

import math

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pnp.build import RULEBOOK, BuildOptions, render
from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.rulebook.booklet import booklet_order
from pnp.rulebook.document import margins

GAMES = ["blob", "blorg", "cave", "miskatonic"]
DPI = 30
SHORT = 0.40
LEAST_TEXT = 5.0


@pytest.fixture(scope="module")
def books():
    out = {}
    for name in GAMES:
        game = load_game(EXAMPLES / name)
        for paper in ("a4", "letter"):
            files = render(game, BuildOptions(paper=paper, booklet=True).for_game(game)).units[RULEBOOK]
            out[name, paper] = (files["rulebook.pdf"], files["rulebook-booklet.pdf"])
    return out


def page_shares(pdf: bytes) -> list[float]:
    """Each page's inked height inside its text area (the running head and foot are outside it), as a
    share of that height; an imposed booklet sheet is two pages, given in reading order."""
    doc = pdfium.PdfDocument(pdf)
    shares = []
    for page in doc:
        w, h = page.get_size()
        img = np.asarray(page.render(scale=DPI / 72).to_pil().convert("L"))
        halves = [(0, w / 2), (w / 2, w)] if w > h else [(0, w)]
        for x0, x1 in halves:
            _, _, top, bottom = margins((x1 - x0, h))
            part = img[int(top * DPI / 72):int((h - bottom) * DPI / 72), int(x0 * DPI / 72):int(x1 * DPI / 72)]
            rows = np.where((part < 200).any(axis=1))[0]
            shares.append(0.0 if len(rows) == 0 else (rows.max() - rows.min() + 1) / part.shape[0])
    doc.close()
    if len(shares) > 1 and pdfium.PdfDocument(pdf)[0].get_size()[0] > pdfium.PdfDocument(pdf)[0].get_size()[1]:
        logical = [0.0] * len(shares)
        for slot, number in enumerate(p for side in booklet_order(len(shares)) for p in side):
            logical[number - 1] = shares[slot]
        return logical
    return shares


def text_sizes(pdf: bytes) -> list[tuple[float, int, str]]:
    """(size on paper in points, page, character) of every printed character."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    matrix = raw.FS_MATRIX()
    for number, page in enumerate(doc, 1):
        tp = page.get_textpage()
        for i in range(tp.count_chars()):
            code = raw.FPDFText_GetUnicode(tp.raw, i)
            if code in (0, 10, 13, 32, 0xFFFE):
                continue
            raw.FPDFText_GetMatrix(tp.raw, i, matrix)
            scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
            out.append((raw.FPDFText_GetFontSize(tp.raw, i) * scale, number, chr(code)))
    doc.close()
    return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_blank_page_and_no_short_page_in_the_rulebook(books, name, paper):
    shares = page_shares(books[name, paper][0])
    assert min(shares) > 0.05, (name, paper, [round(float(s), 2) for s in shares])  # no blank page
    assert all(s >= SHORT for s in shares[:-1]), (name, paper, [round(float(s), 2) for s in shares])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_blank_page_and_no_short_page_in_the_booklet(books, name, paper):
    shares = page_shares(books[name, paper][1])
    assert len(shares) % 4 == 0 and min(shares) > 0.05, (name, paper, [round(float(s), 2) for s in shares])
    assert all(s >= SHORT for s in shares[:-1]), (name, paper, [round(float(s), 2) for s in shares])


@pytest.mark.parametrize("name", GAMES)
def test_no_text_in_a_figure_under_5_pt(books, name):
    for paper in ("a4", "letter"):
        for pdf in books[name, paper]:
            small = [(round(size, 1), page, char) for size, page, char in text_sizes(pdf) if size < LEAST_TEXT - 0.05]
            assert not small, (name, paper, small[:5], len(small))


def test_the_measures_see_a_blank_page_and_tiny_text():
    from reportlab.pdfgen.canvas import Canvas
    import io

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(420, 595))
    c.setFont("Helvetica", 4)
    c.drawString(60, 300, "tiny")
    c.showPage()
    c.showPage()
    c.save()
    assert page_shares(buf.getvalue())[1] == 0.0
    assert min(size for size, _, _ in text_sizes(buf.getvalue())) == pytest.approx(4.0)
