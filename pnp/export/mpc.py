"""MakePlayingCards: one RGB PNG per card face at 300 dpi with 36 px of bleed on each side (cards only).

Poker (63 x 88 mm or 2.5 x 3.5 in) gives 822 x 1122 px around a 750 x 1050 trim;
other sizes get their trim at 300 dpi plus 72 px.
"""
from __future__ import annotations

from pnp.export.faces import export_faces
from pnp.export.raster import pod_canvas, whole_inside

TITLE = "MakePlayingCards"
DPI = 300
BLEED_PX = 36


TAKES = ("card",)  # MakePlayingCards prints cards; tokens, boards and dice are not its products


def size_for(piece):
    product, trim, canvas = pod_canvas(piece, BLEED_PX, DPI)
    return whole_inside(piece, trim), canvas, {"product": product or "custom", "dpi": DPI, "bleed_px": BLEED_PX}


def export(game, step=None) -> dict[str, bytes]:
    return export_faces(game, "mpc", size_for, DPI, step, TAKES, srgb=True)
