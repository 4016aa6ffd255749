"""A page of another output shown in the rulebook (`pnp.rulebook.figures.rasterise`): only the region
shown is rendered, at the resolution the figure needs, and a cropped figure is the ink with about
2 mm of paper round it."""
from __future__ import annotations

import io

import pytest
from reportlab.lib.pagesizes import A3, landscape
from reportlab.pdfgen import canvas

from pnp.rulebook.figures import RASTER_DPI, rasterise

MM = 72 / 25.4


def _page(ink: tuple[float, float, float, float], size=landscape(A3)) -> bytes:
    """A page with one black rectangle (x, y, width, height in mm from the bottom left)."""
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=size, invariant=1)
    x, y, w, h = (v * MM for v in ink)
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.showPage()
    c.save()
    return out.getvalue()


def _dark_box(image):
    return image.convert("L").point(lambda v: 255 if v < 128 else 0).getbbox()


def test_a_cropped_page_is_its_ink_and_a_little_paper_at_the_width_asked():
    pdf = _page((100, 50, 200, 100))  # 200 × 100 mm of ink on a 420 × 297 mm page
    image = rasterise(pdf, 1, True, 800)
    assert image.mode == "RGB" and image.width == pytest.approx(800, abs=1)
    per_mm = image.width / (200 + 2 * 2)  # the ink and about 2 mm a side
    assert image.height == pytest.approx((100 + 2 * 2) * per_mm, rel=0.03)
    left, top, right, bottom = _dark_box(image)
    assert (right - left) == pytest.approx(200 * per_mm, rel=0.03)
    for margin in (left, top, image.width - right, image.height - bottom):
        assert 1.5 * per_mm <= margin <= 3 * per_mm  # paper round the ink on every side


def test_a_whole_page_is_never_drawn_past_the_raster_resolution():
    pdf = _page((10, 10, 50, 50))
    image = rasterise(pdf, 1, False, 100_000)
    assert image.width == pytest.approx(420 / 25.4 * RASTER_DPI, abs=1)
    assert image.height == pytest.approx(297 / 25.4 * RASTER_DPI, abs=1)
    small = rasterise(pdf, 1, False, 600)
    assert small.size == (600, pytest.approx(600 * 297 / 420, abs=1))
    left, top, right, bottom = _dark_box(small)
    assert left == pytest.approx(10 * 600 / 420, abs=1.5) and right == pytest.approx(60 * 600 / 420, abs=1.5)


def test_a_blank_page_cropped_is_the_whole_page():
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A3, invariant=1)
    c.showPage()
    c.save()
    image = rasterise(out.getvalue(), 1, True, 500)
    assert image.size == (500, pytest.approx(500 * 420 / 297, abs=1))
