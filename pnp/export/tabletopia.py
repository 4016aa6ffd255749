"""Tabletopia: one image per face of every piece, trimmed (a virtual piece has no bleed).

Faces are rendered at 300 dpi of the deck's own trim, capped so that the long
side stays within MAX_SIDE pixels; all faces of a deck come from pages of one
size, so they share one pixel size. A round, hexagonal or custom-shaped piece is transparent outside its
cut line (Tabletopia shows a picture's transparency as the piece's edge), as the Tabletop Simulator
export's cut-out tokens are, instead of a square with the background in its corners.
"""
from __future__ import annotations

from pnp.export.faces import export_faces
from pnp.export.raster import pixels_at

TITLE = "Tabletopia"
DPI = 300
MAX_SIDE = 2048


TAKES = None  # every piece: a virtual table takes cards, tokens, boards and dice alike


def size_for(piece):
    w, h = pixels_at(piece.width, DPI), pixels_at(piece.height, DPI)
    k = min(1.0, MAX_SIDE / max(w, h))
    canvas = (max(1, round(w * k)), max(1, round(h * k)))
    return canvas, canvas, {"dpi": round(DPI * k), "bleed_px": 0}


def export(game, step=None) -> dict[str, bytes]:
    return export_faces(game, "tabletopia", size_for, None, step, TAKES, cut=True)
