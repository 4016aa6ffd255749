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


def pieces_printshop(surface, pieces) -> int:
    """Every face of every piece on its own page: page = trim + bleed, TrimBox and BleedBox set, no marks."""
    pages = 0
    for piece in pieces:
        b = piece.bleed
        w, h = piece.width + 2 * b, piece.height + 2 * b
        for draw in piece.faces:
            surface.begin_page(w, h)
            surface.set_print_boxes((b, b, piece.width, piece.height), (0, 0, w, h))
            surface.save()
            draw(surface)
            surface.restore()
            surface.end_page()
            pages += 1
    return pages


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
        pieces_printshop(surface, pieces)
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
