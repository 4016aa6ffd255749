"""What each print shop takes: its file type, standard, bleed, ink limit, page order and products.

The figures are the shops' published file requirements (see docs/print-shops.md). A shop with a
catalogue sells pieces only at its products' sizes: a piece is matched to the product of its sort
whose trim is within `SNAP_MM` of its own (either way up), or to the one the game names in
`print.products`, else to the nearest, with a warning. A shop without a catalogue (an offset printer,
the generic PDF/X-4) prints every piece at its own size.
"""
from __future__ import annotations

from dataclasses import dataclass

PT_PER_IN = 72.0
PT_PER_MM = 72 / 25.4
SNAP_MM = 1.5  # a 63 × 88 mm card is a 2.5 × 3.5 in poker card


@dataclass(frozen=True)
class Product:
    """One size a shop sells: its name, the sorts of piece it is for, and its trim in points.

    `canvas_px` is the exact picture size a shop that takes pictures asks for (bleed included)."""

    name: str
    sorts: frozenset[str]
    width: float
    height: float
    canvas_px: tuple[int, int] | None = None

    def size_mm(self) -> str:
        return f"{self.width / PT_PER_MM:.1f} × {self.height / PT_PER_MM:.1f} mm"


@dataclass(frozen=True)
class Shop:
    name: str                     # what `--shop` takes
    title: str                    # the shop, in words
    output: str                   # "pdf" (one PDF/X file per component) or "png" (one picture per face)
    standard: str | None          # "PDF/X-1a:2003", "PDF/X-4", or None for pictures
    bleed: float                  # points on every side of the trim
    ink_limit: float              # total area coverage, per cent
    back_first: bool = False      # each piece's back page before its front
    products: tuple[Product, ...] = ()
    sorts: frozenset[str] | None = None  # the sorts of piece the shop prints at all (None: every sort)
    dpi: int = 300                # pictures' resolution (png shops), and where a PDF page is flattened
    least_bleed: float | None = None  # the bleed preflight accepts, when less than what pnp writes

    @property
    def bleed_needed(self) -> float:
        return self.bleed if self.least_bleed is None else self.least_bleed

    def product(self, name: str) -> Product | None:
        return next((p for p in self.products if p.name == name), None)


CARD = frozenset({"card"})
TOKEN = frozenset({"token", "standee"})
BOARD = frozenset({"board", "player board"})
DIE = frozenset({"die"})


def _inches(name, sorts, w, h, dpi_bleed_px: float | None = None, canvas=None):
    if canvas is None and dpi_bleed_px is not None:
        canvas = (round(w * 300 + 2 * dpi_bleed_px), round(h * 300 + 2 * dpi_bleed_px))
    return Product(name, sorts, w * PT_PER_IN, h * PT_PER_IN, canvas)


def _tgc(name, sorts, canvas_w, canvas_h, bleed_px=37.5):
    """A TGC product from its published canvas (bleed included) at 300 dpi."""
    return Product(name, sorts, (canvas_w - 2 * bleed_px) / 300 * PT_PER_IN,
                   (canvas_h - 2 * bleed_px) / 300 * PT_PER_IN, (canvas_w, canvas_h))


CARD_SIZES_IN = {  # the card trims print-on-demand shops share
    "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "mini": (1.75, 2.5),
    "square": (3.5, 3.5), "business": (2.0, 3.5), "jumbo": (3.5, 5.5),
}

SHOPS: dict[str, Shop] = {
    "drivethrucards": Shop(
        "drivethrucards", "DriveThruCards", "pdf", "PDF/X-1a:2003", 0.125 * PT_PER_IN, 240, back_first=True,
        products=tuple(_inches(n, CARD, w, h) for n, (w, h) in CARD_SIZES_IN.items()), sorts=CARD),
    "tgc": Shop(
        "tgc", "The Game Crafter", "png", None, 0.125 * PT_PER_IN, 400,
        products=(
            _tgc("poker", CARD, 825, 1125), _tgc("bridge", CARD, 750, 1125), _tgc("tarot", CARD, 900, 1500),
            _tgc("mini", CARD, 600, 825), _tgc("square", CARD, 1125, 1125), _tgc("small-square", CARD, 825, 825),
            _tgc("business", CARD, 675, 1125), _tgc("jumbo", CARD, 1125, 1725), _tgc("micro", CARD, 450, 600),
            _tgc("small-chit", TOKEN, 225, 225), _tgc("medium-chit", TOKEN, 300, 300),
            _tgc("large-chit", TOKEN, 375, 375),
            _tgc("small-hex", TOKEN, 450, 450), _tgc("medium-hex", TOKEN, 825, 750),
            _tgc("large-hex", TOKEN, 1200, 1050),
            _tgc("small-square-board", BOARD, 1575, 1575), _tgc("medium-square-board", BOARD, 2475, 2475),
            _tgc("bi-fold-board", BOARD, 2775, 5475),
            _tgc("die-sticker", DIE, 188, 188, bleed_px=0),
        )),
    "mpc": Shop(
        "mpc", "MakePlayingCards", "png", None, 36 / 300 * PT_PER_IN, 400,
        products=tuple(_inches(n, CARD, w, h, 36) for n, (w, h) in CARD_SIZES_IN.items() if n != "jumbo"),
        sorts=CARD),
    "printninja": Shop("printninja", "PrintNinja", "pdf", "PDF/X-1a:2003", 0.125 * PT_PER_IN, 300),
    "pdfx4": Shop("pdfx4", "any print shop taking PDF/X-4", "pdf", "PDF/X-4", 0.125 * PT_PER_IN, 300,
                  least_bleed=3 * PT_PER_MM),  # 1/8 in written, the metric 3 mm accepted
}


def shop_names() -> list[str]:
    return sorted(SHOPS)


@dataclass(frozen=True)
class Fit:
    """The product a piece prints as (None: its own size), whether it was matched or only the nearest."""

    product: Product | None
    exact: bool


def fit(shop: Shop, piece, chosen: str | None = None) -> Fit:
    """The shop's product for a piece: the one the game chose by name, else the one its trim matches,
    else the nearest (exact=False, a warning); a shop without a catalogue prints it as it is."""
    if not shop.products:
        return Fit(None, True)
    if chosen and shop.product(chosen):
        return Fit(_turned(shop.product(chosen), piece), True)
    candidates = [p for p in shop.products if piece.what in p.sorts] or list(shop.products)
    best, best_off = None, None
    for product in candidates:
        turned = _turned(product, piece)
        off = max(abs(turned.width - piece.width), abs(turned.height - piece.height)) / PT_PER_MM
        if best_off is None or off < best_off:
            best, best_off = turned, off
    return Fit(best, best_off <= SNAP_MM and piece.what in best.sorts)


def _turned(product: Product, piece) -> Product:
    """The product the way up the piece is (a landscape card is a poker card on its side)."""
    if (piece.width > piece.height) != (product.width > product.height) and product.width != product.height:
        canvas = product.canvas_px[::-1] if product.canvas_px else None
        return Product(product.name, product.sorts, product.height, product.width, canvas)
    return product
