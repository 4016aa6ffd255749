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
