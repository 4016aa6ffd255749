"""PDF pages → pixels: a deck's print-shop PDF (the very file sent to print) rendered with pdfium.

Going through the PDF rather than a second renderer keeps the exported pixels
identical to the print. Output PNGs carry no timestamps or text chunks, so the
same input gives byte-identical files.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass

from pnp.spec.deckload import CardEntry, ResolvedDeck

PT_PER_IN = 72.0


@dataclass(frozen=True)
class FaceRef:
    """One page of the print-shop PDF: which card, which copy, which side."""

    entry: CardEntry
    copy: int
    side: str  # "front" or "back"
    page: int


def decks(game) -> list[ResolvedDeck]:
    """Every deck of a loaded game, in build order."""
    return [c.model for c in game.of_kind("deck")]


def printshop_pdf(game, deck: ResolvedDeck) -> bytes:
    """The deck's print-shop PDF, built in memory by the deck kind's own code."""
    from pnp.render.card_pages import printshop
    from pnp.draw.pdf import PdfSurface
    from pnp.kinds.deck import drawer_for

    surface = PdfSurface(title=f"{deck.spec.title or deck.name} — export")
    printshop(surface, deck, drawer_for(game, deck))
    game.errors.raise_if_any()
    return surface.finish()


def face_pages(deck: ResolvedDeck) -> list[FaceRef]:
    """The pages of `printshop()` in its order: each physical card's front, then its back."""
    out = []
    for entry, copy in deck.expanded():
        for side, face in (("front", entry.front), ("back", entry.back)):
            if face is not None:
                out.append(FaceRef(entry, copy, side, len(out)))
    return out


class Rasterizer:
    """Renders pages of one deck's print-shop PDF so that the trim lands on a given pixel box.

    The page is scaled uniformly so that the trim covers `trim_px`, then cropped
    around the trim's centre to `canvas_px`; where the canvas reaches past the
    deck's own bleed, the edge pixels are repeated (a generated bleed).
    """

    def __init__(self, pdf: bytes, deck: ResolvedDeck):
        import pypdfium2 as pdfium

        self.doc = pdfium.PdfDocument(pdf)
        self.deck = deck

    def close(self) -> None:
        self.doc.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def render(self, page: int, trim_px: tuple[float, float], canvas_px: tuple[int, int]):
        deck = self.deck
        scale = max(trim_px[0] / deck.width, trim_px[1] / deck.height)
        image = self.doc[page].render(scale=scale, may_draw_forms=True).to_pil().convert("RGB")
        cx = (deck.bleed + deck.width / 2) * scale
        cy = (deck.bleed + deck.height / 2) * scale
        left = round(cx - canvas_px[0] / 2)
        top = round(cy - canvas_px[1] / 2)
        return crop_extend(image, left, top, canvas_px[0], canvas_px[1])


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


def png(image, dpi: int | None = None) -> bytes:
    """Deterministic PNG bytes: RGB, fixed compression, no metadata beyond an optional pHYs (dpi)."""
    buf = io.BytesIO()
    kwargs = {"dpi": (dpi, dpi)} if dpi else {}
    image.convert("RGB").save(buf, "PNG", optimize=False, compress_level=6, **kwargs)
    return buf.getvalue()


def pixels_at(points: float, dpi: float) -> float:
    return points / PT_PER_IN * dpi


def deck_origin(deck: ResolvedDeck):
    """Where a deck's name is written, for an error about the file names made from it."""
    from pnp.errors import Pos
    from pnp.spec.load import locate

    if isinstance(deck.raw, dict) and "name" in deck.raw:
        return locate(deck.raw, ["name"])
    return Pos(deck.shown)


# Standard trims of print-on-demand products, inches (PRINTING.md). A metric deck within
# SNAP_MM of one of them is printed as that product (63 x 88 mm → poker 2.5 x 3.5 in).
POD_TRIMS_IN = {
    "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "square": (3.5, 3.5),
    "mini": (1.75, 2.5), "business": (2.0, 3.5),
}
SNAP_MM = 1.5


def pod_trim_px(deck: ResolvedDeck, dpi: int = 300) -> tuple[str | None, tuple[float, float]]:
    """The product a deck matches (or None) and its trim in pixels at `dpi`, in the deck's orientation."""
    w_in, h_in = deck.width / PT_PER_IN, deck.height / PT_PER_IN
    for name, (pw, ph) in POD_TRIMS_IN.items():
        for a, b in ((pw, ph), (ph, pw)):
            if abs(a - w_in) * 25.4 <= SNAP_MM and abs(b - h_in) * 25.4 <= SNAP_MM:
                return name, (a * dpi, b * dpi)
    return None, (w_in * dpi, h_in * dpi)


def pod_canvas(deck: ResolvedDeck, bleed_px: float, dpi: int = 300) -> tuple[str | None, tuple[float, float], tuple[int, int]]:
    """(product, trim px, canvas px) for a print-on-demand upload with `bleed_px` on each side."""
    product, (tw, th) = pod_trim_px(deck, dpi)
    return product, (tw, th), (math.floor(tw + 2 * bleed_px + 0.5), math.floor(th + 2 * bleed_px + 0.5))
