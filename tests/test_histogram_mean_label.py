"""A histogram's "mean" label stays inside its plot (issue 50: Blorg's balance histogram put it past
the plot's right edge when the mean lay near the largest values). Measured from the PDF's glyph boxes."""
from __future__ import annotations

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pnp.draw.pdf import PdfSurface
from pnp.referee.balance import draw_chart
from pnp.referee.sim import Chart

X, Y, W, H = 40.0, 40.0, 300.0, 200.0


def mean_label_right_edge(values: list[float]) -> float:
    s = PdfSurface()
    s.begin_page(400, 300)
    draw_chart(s, Chart("Rounds", "histogram", values), X, Y, W, H)
    s.end_page()
    doc = pdfium.PdfDocument(s.finish())
    tp = doc[0].get_textpage()
    text = tp.get_text_range()
    start = text.index("mean")
    right = 0.0
    for i in range(start, start + len(text[start:].split("\n")[0].rstrip())):
        l, r, b, t = (ctypes.c_double() for _ in range(4))
        raw.FPDFText_GetCharBox(tp.raw, i, l, r, b, t)
        right = max(right, r.value)
    doc.close()
    return right


@pytest.mark.parametrize("values", [[1] + [42] * 40, [5, 6] + [9.5] * 30,
                                    [10, 10, 11, 11, 12, 13]])
def test_the_mean_label_stays_inside_the_plot(values):
    plot_right = X + 52 + (W - 60)   # draw_chart's plot area
    assert mean_label_right_edge(values) <= plot_right + 0.5
