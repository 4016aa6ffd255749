"""Pieces → pixels: the faces of every piece a game's kinds list, drawn from a print-shop PDF of them.

Going through a PDF (the generic one-face-per-page file, `pnp.render.pieces`) rather than a
second renderer keeps the exported pixels identical to the print; every export reads pieces,
so a kind that lists pieces appears in every export without any export knowing the kind.
PNG bytes come from `pnp.draw.pngpages.png` (fixed settings, no timestamps).
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable

from pnp.draw.pngpages import PT_PER_IN, crop_extend, png  # noqa: F401 — the exports' one PNG encoder
from pnp.render.pieces import FacePage, face_pages
from pnp.kinds import offering


_SHARED: ContextVar[dict | None] = ContextVar("pnp_shared_faces", default=None)


@contextmanager
def faces_shared():
    """Inside, the exports and picture shops of one loaded game share their work (`pnp release` makes them
    all from one load): the game's pieces are listed once, each group's PDF of faces is drawn once, and
    a face rendered at one size once, whichever target asks for it first."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def shared(key: tuple, make: Callable[[], Any]) -> Any:
    """`make()`, remembered under `key` while `faces_shared` is active (made every time outside it)."""
    cache = _SHARED.get()
    if cache is None:
        return make()
    if key not in cache:
        cache[key] = make()
    return cache[key]


def game_pieces(game) -> list:
    """Every piece of every component, in the game's component order."""
    from pnp.kinds import kind_module

    def listed():
        out = []
        for component in game.components:
            out.extend(kind_module(component.kind).pieces(game, component))
        game.errors.raise_if_any()
        return game, out  # the game is held so that its id is not another's while remembered

    return list(shared(("pieces", id(game)), listed)[1])


def group_pieces(pieces) -> dict[tuple[str, str], list]:
    """Pieces by (sort of piece, component), in order: a deck's cards together, a token set's tokens together."""
    groups: dict[tuple[str, str], list] = {}
    for piece in pieces:
        groups.setdefault((piece.what, piece.component), []).append(piece)
    return groups


def decks(game) -> list:
    """Every deck of a loaded game, in build order (`pnp showcase` draws some of their cards)."""
    return [c.model for c in offering(game, "cards")]


class _OpenPdf:
    """A PDF open in pdfium for as long as a `with` block needs its pages."""

    def __init__(self, pdf: bytes):
        import pypdfium2 as pdfium

        self.doc = pdfium.PdfDocument(pdf)

    def close(self) -> None:
        self.doc.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Rasterizer(_OpenPdf):
    """Renders pages of a PDF whose pages are all one size of trim (a deck's print-shop pages), so
    that the trim lands on a given pixel box: scaled so that the trim covers `trim_px`, cropped around
    its centre to `canvas_px`, edge pixels repeated where the canvas reaches past the bleed."""

    def __init__(self, pdf: bytes, sized):
        super().__init__(pdf)
        self.sized = sized  # anything with width, height and bleed in points

    def render(self, page: int, trim_px: tuple[float, float], canvas_px: tuple[int, int]):
        return _render_trim(self.doc[page], self.sized, trim_px, canvas_px)


def _render_trim(page, sized, trim_px, canvas_px):
    scale = max(trim_px[0] / sized.width, trim_px[1] / sized.height)
    image = page.render(scale=scale, may_draw_forms=True).to_pil().convert("RGB")
    cx = (sized.bleed + sized.width / 2) * scale
    cy = (sized.bleed + sized.height / 2) * scale
    left = round(cx - canvas_px[0] / 2)
    top = round(cy - canvas_px[1] / 2)
    return crop_extend(image, left, top, canvas_px[0], canvas_px[1])


class PieceRaster(_OpenPdf):
    """Renders the faces of some pieces as `Rasterizer` renders pages, from a print-shop PDF of
    those pieces drawn here (each face's own bleed; a generated one past it)."""

    def __init__(self, pieces, title: str = ""):
        from pnp.draw.pdf import PdfSurface
        from pnp.render.pieces import pieces_printshop

        def drawn():
            surface = PdfSurface(title=title)
            pieces_printshop(surface, pieces)
            return list(pieces), surface.finish()  # the pieces held: their ids name them while remembered

        super().__init__(shared(("faces", title, tuple(id(p) for p in pieces)), drawn)[1])
        self.refs: list[FacePage] = face_pages(pieces)

    def render(self, ref: FacePage, trim_px: tuple[float, float], canvas_px: tuple[int, int]):
        return _render_trim(self.doc[ref.page], ref.piece, trim_px, canvas_px)


def pixels_at(points: float, dpi: float) -> float:
    return points / PT_PER_IN * dpi


# Standard trims of print-on-demand products, inches (PRINTING.md). A metric deck within
# SNAP_MM of one of them is printed as that product (63 x 88 mm → poker 2.5 x 3.5 in).
POD_TRIMS_IN = {
    "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "square": (3.5, 3.5),
    "mini": (1.75, 2.5), "business": (2.0, 3.5),
}
SNAP_MM = 1.5


def pod_trim_px(deck, dpi: int = 300) -> tuple[str | None, tuple[float, float]]:
    """The product a piece (a card) matches (or None) and its trim in pixels at `dpi`, in its orientation."""
    w_in, h_in = deck.width / PT_PER_IN, deck.height / PT_PER_IN
    for name, (pw, ph) in POD_TRIMS_IN.items():
        for a, b in ((pw, ph), (ph, pw)):
            if abs(a - w_in) * 25.4 <= SNAP_MM and abs(b - h_in) * 25.4 <= SNAP_MM:
                return name, (a * dpi, b * dpi)
    return None, (w_in * dpi, h_in * dpi)


def whole_inside(piece, trim_px: tuple[float, float]) -> tuple[float, float]:
    """The piece's trim, in pixels, as large as fits whole inside a product's TRIM_PX, its proportions kept.

    A face is scaled so that the trim it is given is covered (`Rasterizer`); given this one, the whole
    piece lands inside the product's trim and the piece's own bleed fills what is left, so a product of
    another shape never crops the piece (The Game Crafter's board or chit of the nearest size)."""
    k = min(trim_px[0] / piece.width, trim_px[1] / piece.height)
    return piece.width * k, piece.height * k


def pod_canvas(deck, bleed_px: float, dpi: int = 300) -> tuple[str | None, tuple[float, float], tuple[int, int]]:
    """(product, trim px, canvas px) for a print-on-demand upload with `bleed_px` on each side."""
    product, (tw, th) = pod_trim_px(deck, dpi)
    return product, (tw, th), (math.floor(tw + 2 * bleed_px + 0.5), math.floor(th + 2 * bleed_px + 0.5))
