"""PDF pages → exact-size pixels and deterministic PNG bytes (pdfium, Pillow): the pictures pnp writes.

Every picture pnp writes (`pnp build --format png`, the exports) is a page of a PDF it
drew, rendered here, so the pixels are the print. A picture of a box (the page, its
BleedBox or its TrimBox) that is W × H inches at D dpi is exactly round(W·D) × round(H·D)
pixels. The PNG encoder settings are fixed and no timestamp or text chunk is written, so
the same page gives the same bytes.
"""
from __future__ import annotations

import io

PT_PER_IN = 72.0
MIN_DPI, MAX_DPI = 72, 1200
MAX_IMAGE_PIXELS = 120_000_000     # one picture: an A1 poster at 600 dpi is ~ 110 million
MAX_TOTAL_PIXELS = 2_000_000_000   # one build's pictures together


class RasterLimit(ValueError):
    """A request for more pixels (or a dpi) outside what pnp renders; the message says what to change."""


def check_dpi(dpi: int) -> int:
    if not (MIN_DPI <= dpi <= MAX_DPI):
        raise RasterLimit(f"--dpi {dpi} is outside {MIN_DPI}–{MAX_DPI}")
    return dpi


def pixel_size(width_pt: float, height_pt: float, dpi: float) -> tuple[int, int]:
    """The exact pixel size of a box of `width_pt` × `height_pt` points at `dpi`: round(inches × dpi), at least 1."""
    return max(1, round(width_pt / PT_PER_IN * dpi)), max(1, round(height_pt / PT_PER_IN * dpi))


def page_box(page, box: str) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the page's `box` ("media", "bleed" or "trim") in PDF points;
    a box missing or outside the page falls back to the page."""
    media = page.get_mediabox()
    if box == "media":
        return media
    got = page.get_trimbox() if box == "trim" else page.get_bleedbox()
    l, b, r, t = got
    ml, mb, mr, mt = media
    if r <= l or t <= b or l < ml - 0.01 or b < mb - 0.01 or r > mr + 0.01 or t > mt + 0.01:
        return media
    return got


def render_box(page, dpi: float, box: str = "media"):
    """One page's `box` as an RGB Pillow image of exactly `pixel_size(box, dpi)` pixels."""
    l, b, r, t = page_box(page, box)
    ml, mb, mr, mt = page.get_mediabox()
    w, h = pixel_size(r - l, t - b, dpi)
    if w * h > MAX_IMAGE_PIXELS:
        raise RasterLimit(f"a picture of {w} × {h} pixels is more than {MAX_IMAGE_PIXELS:,} pixels; lower --dpi")
    scale = dpi / PT_PER_IN
    image = page.render(scale=scale, crop=(l - ml, b - mb, mr - r, mt - t), may_draw_forms=True).to_pil().convert("RGB")
    return crop_extend(image, 0, 0, w, h)


def crop_extend(image, left: int, top: int, width: int, height: int):
    """Crop `image` to a box that may reach outside it; outside pixels repeat the nearest edge."""
    from PIL import Image
    from PIL.Image import NEAREST

    w, h = image.size
    x0, y0 = max(left, 0), max(top, 0)
    x1, y1 = min(left + width, w), min(top + height, h)
    inner = image.crop((x0, y0, x1, y1))
    if (x0, y0, x1, y1) == (left, top, left + width, top + height):
        return inner
    out = Image.new("RGB", (width, height))
    ox, oy = x0 - left, y0 - top
    iw, ih = inner.size
    out.paste(inner, (ox, oy))
    # edges: stretch the outermost row/column of the inner image across the gap
    if ox:
        out.paste(inner.crop((0, 0, 1, ih)).resize((ox, ih), NEAREST), (0, oy))
    if ox + iw < width:
        out.paste(inner.crop((iw - 1, 0, iw, ih)).resize((width - ox - iw, ih), NEAREST), (ox + iw, oy))
    if oy:
        out.paste(out.crop((0, oy, width, oy + 1)).resize((width, oy), NEAREST), (0, 0))
    if oy + ih < height:
        out.paste(out.crop((0, oy + ih - 1, width, oy + ih)).resize((width, height - oy - ih), NEAREST), (0, oy + ih))
    return out


def png(image, dpi: int | None = None, srgb: bool = False) -> bytes:
    """Deterministic PNG bytes: RGB, fixed compression, no metadata beyond an optional pHYs (dpi) and, with
    `srgb`, an embedded sRGB ICC profile (a print service then reads the colours as they were made)."""
    buf = io.BytesIO()
    kwargs = {"dpi": (dpi, dpi)} if dpi else {}
    if srgb:
        kwargs["icc_profile"] = srgb_profile()
    image.convert("RGB").save(buf, "PNG", optimize=False, compress_level=6, **kwargs)
    return buf.getvalue()


def srgb_profile() -> bytes:
    """pnp's sRGB ICC profile (`pnp/data/icc/srgb.icc`), the same bytes every time."""
    from importlib.resources import files

    return files("pnp").joinpath("data", "icc", "srgb.icc").read_bytes()


def page_count(pdf: bytes) -> int:
    """How many pages a PDF has."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def pdf_pages(pdf: bytes) -> list[tuple[float, float, float, float]]:
    """The MediaBox of every page of a PDF (to count pixels before rendering any)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].get_mediabox() for i in range(len(doc))]
    finally:
        doc.close()
