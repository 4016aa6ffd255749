"""Paper sizes and the margins home printers need."""
from __future__ import annotations

from pnp.models.units import mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
    "a3": (mm(297), mm(420)),
    "a2": (mm(420), mm(594)),
    "a1": (mm(594), mm(841)),
    "a0": (mm(841), mm(1189)),
    "a5": (mm(148), mm(210)),
    "tabloid": (792.0, 1224.0),
    "legal": (612.0, 1008.0),
}
MIN_MARGIN = mm(5)  # home printers cannot print the last 3–5 mm
POSTER_PAPERS = ("a3", "a2", "a1", "a0")  # a copy shop's poster sizes, smallest first


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    w, h = PAPERS[name]
    return (h, w) if landscape else (w, h)
