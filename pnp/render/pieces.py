"""Pieces one by one: the generic print-shop PDF (one face per page) and a name for every face.

A kind lists its physical pieces (`pnp.kinds.kind.Piece`: size, bleed, face drawers);
everything that handles pieces one at a time — PNG faces, the tabletop and print-service
exports — goes through `pieces_printshop`, so a kind that lists pieces appears in all of
them without any of them knowing the kind. Pieces are duck-typed here (render sits below
kinds).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FacePage:
    """One page of `pieces_printshop`: which piece, which of its faces."""

    piece: Any
    face: int      # index into piece.faces
    side: str      # "front", "back", or "face-1"… for a die
    page: int


def side_names(piece) -> list[str]:
    """front, back for a flat piece; face-1 … face-n for a die (in the order of its spec)."""
    if piece.what == "die" or len(piece.faces) > 2:
        return [f"face-{i}" for i in range(1, len(piece.faces) + 1)]
    return ["front", "back"][:len(piece.faces)]


def face_pages(pieces) -> list[FacePage]:
    """The pages of `pieces_printshop(pieces)` in order."""
    out: list[FacePage] = []
    for piece in pieces:
        for i, side in enumerate(side_names(piece)):
            out.append(FacePage(piece, i, side, len(out)))
    return out


HOME_BLEED = 3 * 72 / 25.4  # the least bleed of a home `…-printshop.pdf` (what a print shop asks)
SLIVER = 0.3   # points of a face's outer edge stretched out into the bleed it lacks
OVERLAP = 0.5  # the stretched art reaches this far under the face, so no seam shows


def pieces_printshop(surface, pieces, least_bleed: float = 0.0) -> int:
    """Every face of every piece on its own page: page = trim + bleed, TrimBox and BleedBox set, no marks.

    With `least_bleed` (the home print-shop file's 3 mm), a piece drawn with less bleed of its own (a
    board drawn to its edge, a die face with 0.6 mm) gets the rest from its outermost sliver of art
    stretched out to the page's edge, as a shop's guide says to extend a background."""
    pages = 0
    for piece in pieces:
        b = max(piece.bleed, least_bleed)
        w, h = piece.width + 2 * b, piece.height + 2 * b
        for draw in piece.faces:
            surface.begin_page(w, h)
            surface.set_print_boxes((b, b, piece.width, piece.height), (0, 0, w, h))
            if b - piece.bleed > 1e-6:
                stretched_into_bleed(surface, piece.width, piece.height, piece.bleed, draw, b - piece.bleed)
            else:
                surface.save()
                draw(surface)
                surface.restore()
            surface.end_page()
            pages += 1
    return pages


def stretched_into_bleed(surface, width: float, height: float, bleed: float, draw, extra: float) -> None:
    """A face of `width` × `height` drawn by `draw` with `bleed` of its own (its trim's top-left at
    (bleed, bleed)), placed `extra` points further in from the page's edge, its edges stretched over the
    band left."""
    size_w, size_h = width + 2 * bleed, height + 2 * bleed
    n = 0
    while surface.has_symbol(f"face-with-bleed-{n}"):  # one form per face; the same names every build
        n += 1
    name, edges = f"face-with-bleed-{n}", f"face-with-bleed-{n}-edges"
    surface.define_symbol(name, size_w, size_h, draw)
    surface.define_symbol(edges, size_w, size_h, lambda s: draw(_WithoutText(s)))
    xs = edge_segments(extra, 1.0, size_w, size_w + 2 * extra)
    ys = edge_segments(extra, 1.0, size_h, size_h + 2 * extra)
    for xi, (xscale, xoff, x0, x1) in enumerate(xs):
        for yi, (yscale, yoff, y0, y1) in enumerate(ys):
            if xscale is None or yscale is None or (xi == 1 and yi == 1):
                continue
            surface.save()
            surface.clip_rect(x0, y0, x1 - x0, y1 - y0)
            surface.use_symbol(edges, xoff, yoff, size_w * xscale, size_h * yscale)
            surface.restore()
    surface.use_symbol(name, extra, extra, size_w, size_h)  # the face itself, last, on top


class _WithoutText:
    """A surface that draws everything but text: the art stretched into the bleed carries no words (a
    word there would be cut off, and would read as a second, giant copy to anything reading the page)."""

    def __init__(self, surface):
        self._surface = surface

    def text(self, *args, **kwargs) -> None:
        pass

    glyphs = None           # shaped text (`pnp.draw.pdfglyphs`) is text too
    draw_repeatable = None  # so that repeated art is drawn here, through this surface, and not as a form

    # repeated art (a layout's static boxes, icons) as symbols of its own, drawn without text too
    def has_symbol(self, name: str) -> bool:
        return self._surface.has_symbol(f"{name}-without-text")

    def define_symbol(self, name: str, width: float, height: float, draw) -> None:
        self._surface.define_symbol(f"{name}-without-text", width, height, lambda s: draw(_WithoutText(s)))

    def use_symbol(self, name: str, x: float, y: float, w: float, h: float) -> None:
        self._surface.use_symbol(f"{name}-without-text", x, y, w, h)

    def __getattr__(self, name):
        return getattr(self._surface, name)


def edge_segments(t: float, s: float, size: float, page: float):
    """Along one axis, for a face `size` long scaled by `s` and starting at `t` on a page `page` long: the
    (scale, offset, clip from, clip to) that draw the low stretched edge, the face itself and the high
    stretched edge (scale None where the face already reaches the page's edge). pnp's home print-shop
    files and the print shops' PDF/X files (`pnp.printshop.pdfx`) both extend a face so."""
    low = high = (None, 0, 0, 0)
    end = t + s * size
    if t > 1e-6:
        scale = (t + OVERLAP) / SLIVER
        low = (scale, 0.0, 0.0, t + OVERLAP)
    if end < page - 1e-6:
        scale = (page - end + OVERLAP) / SLIVER
        high = (scale, end - OVERLAP - (size - SLIVER) * scale, end - OVERLAP, page)
    return [low, (s, t, max(t, 0.0), min(end, page)), high]


def printshop_name(unit: str) -> str:
    """`<kind>-printshop.pdf`: the generic print-shop file of a kind's pieces."""
    return f"{unit}-printshop.pdf"


def piece_outputs(unit: str, pieces, files: dict, formats, title: str) -> dict:
    """The generic per-piece outputs a kind's own files do not already give: with PDF, one print-shop
    file of every piece (unless the kind writes its own `…printshop.pdf`); with SVG, one SVG per face
    (`svg/<component>/<piece>-<side>.svg`) for each component whose faces the kind does not write
    itself (under `svg/<component>/`, or under `svg/<kind>/` as the tokens kind does).

    `pieces` is a function giving the pieces: listing them resolves every face (a deck's card
    text, for its description), work thrown away when nothing here needs them."""
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.svg import SvgSurface
    from pnp.safename import slug

    out: dict = {}
    shop = "pdf" in formats and not any(name.endswith("printshop.pdf") for name in files)
    if not shop and "svg" not in formats:
        return out
    pieces = pieces()
    if not pieces:
        return out
    if shop:
        surface = PdfSurface(title=f"{title} — {unit} for a print shop")
        pieces_printshop(surface, pieces, HOME_BLEED)
        out[printshop_name(unit)] = surface.finish()
    if "svg" in formats:
        for ref in face_pages(pieces):
            folder = f"svg/{slug(ref.piece.component, ref.piece.what)}/"
            if any(name.startswith((folder, f"svg/{unit}/")) for name in files):
                continue
            name = f"{folder}{slug(ref.piece.key or ref.piece.name, ref.piece.what)}-{ref.side}.svg"
            if name in out:
                continue  # two pieces of one name: the first keeps it (the print-shop file has both)
            surface = SvgSurface(title=f"{title}: {ref.piece.name} ({ref.side})")
            pieces_printshop(surface, [_one_face(ref)])
            out[name] = surface.finish()[0]
    return out


def _one_face(ref: FacePage):
    """A copy of the piece holding only one of its faces."""
    from dataclasses import replace

    return replace(ref.piece, faces=(ref.piece.faces[ref.face],))
