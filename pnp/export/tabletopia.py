"""Tabletopia: one image per face, trimmed (a virtual card has no bleed), every face of a deck one size.

Faces are rendered at 300 dpi of the deck's own trim, capped so that the long
side stays within MAX_SIDE pixels; all faces of a deck come from pages of one
size, so they share one pixel size.
"""
from __future__ import annotations

from pnp.export.faces import export_faces
from pnp.export.raster import pixels_at

TITLE = "Tabletopia"
DPI = 300
MAX_SIDE = 2048


def size_for(deck):
    w, h = pixels_at(deck.width, DPI), pixels_at(deck.height, DPI)
    k = min(1.0, MAX_SIDE / max(w, h))
    canvas = (max(1, round(w * k)), max(1, round(h * k)))
    return canvas, canvas, {"dpi": round(DPI * k), "bleed_px": 0}


def export(game, step=None) -> dict[str, bytes]:
    return export_faces(game, "tabletopia", size_for, None, step)
