"""PDF pages as pictures to look at (not to print): used by `pnp serve` and `pnp showcase`.

Pictures come from the very PDFs a build writes, drawn by pdfium, so what the designer sees
is what goes to the printer. A page with a TrimBox smaller than the page (a print-shop card)
is cut to it: the card as it will look once cut, without its bleed.
"""
from __future__ import annotations

PREVIEW_DPI = 100  # dots per inch of a preview picture…
PREVIEW_MAX_PX = 1100  # …unless its longer side would then be larger than this


def open_pdf(data: bytes):
    import pypdfium2 as pdfium

    return pdfium.PdfDocument(data)


def trim_crop(page) -> tuple[float, float, float, float]:
    """How much to cut off each side (left, bottom, right, top, in points) to keep only the TrimBox."""
    ml, mb, mr, mt = page.get_mediabox()
    tl, tb, tr, tt = page.get_trimbox()
    crop = (tl - ml, tb - mb, mr - tr, mt - tt)
    if min(crop) < 0 or tr <= tl or tt <= tb:  # a trim box outside the page means nothing: keep the page
        return (0.0, 0.0, 0.0, 0.0)
    return crop


def shown_size(page, trim: bool = True) -> tuple[float, float]:
    """The size in points of what `render_page` draws: the trim, or the whole page."""
    w, h = page.get_size()
    if trim:
        l, b, r, t = trim_crop(page)
        w, h = w - l - r, h - b - t
    return w, h


def preview_scale(width_pt: float, height_pt: float, dpi: float = PREVIEW_DPI, max_px: int = PREVIEW_MAX_PX) -> float:
    """Pixels per point for a preview: `dpi`, or less when the longer side would pass `max_px`."""
    return min(dpi / 72.0, max_px / max(width_pt, height_pt, 1.0))


def render_page(page, scale: float, trim: bool = True):
    """One page as an RGB Pillow image at `scale` pixels per point, cut to its TrimBox when `trim`."""
    crop = trim_crop(page) if trim else (0.0, 0.0, 0.0, 0.0)
    return page.render(scale=scale, crop=crop, may_draw_forms=True).to_pil().convert("RGB")
