"""The Game Crafter: one RGB PNG per face of every piece at 300 dpi with a 1/8 in (37.5 px) bleed.

A deck that matches a TGC product (63 x 88 mm is its poker, 2.5 x 3.5 in) gets
that product's canvas — poker 825 x 1125 px, trim 750 x 1050 starting 37.5 px
in; any other size gets its own trim at 300 dpi plus the same bleed.
"""
from __future__ import annotations

from pnp.export.faces import export_faces
from pnp.export.raster import pod_canvas, whole_inside

TITLE = "The Game Crafter"
DPI = 300
BLEED_PX = 37.5  # 1/8 in


TAKES = None  # every piece: cards, and tokens, boards and die faces as its custom printed parts


def size_for(piece):
    product, trim, canvas = pod_canvas(piece, BLEED_PX, DPI)
    return whole_inside(piece, trim), canvas, {"product": product or "custom", "dpi": DPI, "bleed_px": BLEED_PX}


def export(game, step=None) -> dict[str, bytes]:
    return export_faces(game, "tgc", size_for, DPI, step, TAKES, srgb=True)
