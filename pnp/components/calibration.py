"""The duplex calibration sheet: print it like the cards, hold it to the light, read the offset.

Page 1 has a cross at the centre of every card slot. Page 2 has, at each
slot's duplex position, a pair of rulers in 0.5 mm steps. Where a front cross
shows through, the ruler reads the `--back-offset X,Y` (mm) that moves the backs
onto their fronts.
"""
from __future__ import annotations

from pnp.layout.impose import Placement, back_placement, card_grid
from pnp.layout.paper import paper_size
from pnp.spec.units import mm

INK = "#000000"
RANGE_MM = 5


def calibration(surface, card_w: float, card_h: float, bleed: float, paper: str, duplex: str) -> None:
    page_w, page_h = paper_size(paper)
    grid = card_grid(page_w, page_h, card_w, card_h, bleed)
    mode = duplex if duplex in ("long", "short") else "long"
    slots = [grid.placement(i) for i in range(grid.per_page)]

    surface.begin_page(page_w, page_h)
    _title(surface, page_w, grid.y0, f"Duplex calibration — front ({paper.upper()}, {mode}-edge)")
    for p in slots:
        surface.rect(p.x, p.y, p.w, p.h, stroke="#bdbdbd", width=0.3)
        cx, cy = p.x + p.w / 2, p.y + p.h / 2
        surface.line(cx - mm(12), cy, cx + mm(12), cy, stroke=INK, width=0.35)
        surface.line(cx, cy - mm(12), cx, cy + mm(12), stroke=INK, width=0.35)
        surface.circle(cx, cy, mm(1.2), stroke=INK, width=0.35)
    lines = [
        "1. Print this file double-sided with the settings you will use for the cards (actual size / 100 %).",
        "2. Hold the sheet against a window: each cross on this side shows through onto the rulers behind it.",
        "3. Read where the vertical line meets the X ruler and the horizontal line meets the Y ruler.",
        "4. Build with  --back-offset X,Y  (millimetres) to move every back by that much.",
    ]
    _notes(surface, page_w, page_h, grid, lines)
    surface.end_page()

    surface.begin_page(page_w, page_h)
    _title(surface, page_w, grid.y0, "Duplex calibration — back: read X and Y here")
    for p in slots:
        b = back_placement(grid, p, mode)
        _rulers(surface, b)
    surface.end_page()


def _rulers(surface, b: Placement) -> None:
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    surface.rect(b.x, b.y, b.w, b.h, stroke="#bdbdbd", width=0.3)
    half = mm(RANGE_MM)
    surface.line(cx - half, cy + mm(6), cx + half, cy + mm(6), stroke=INK, width=0.3)  # X ruler below centre
    surface.line(cx + mm(6), cy - half, cx + mm(6), cy + half, stroke=INK, width=0.3)  # Y ruler right of centre
    for step in range(-2 * RANGE_MM, 2 * RANGE_MM + 1):
        v = step / 2
        major = step % 2 == 0
        tick = mm(2.4 if major else 1.2)
        x = cx + mm(v)
        surface.line(x, cy + mm(6) - tick, x, cy + mm(6), stroke=INK, width=0.25)
        y = cy + mm(v)
        surface.line(cx + mm(6) - tick, y, cx + mm(6), y, stroke=INK, width=0.25)
        if major and step % 4 == 0:
            surface.text(x, cy + mm(9), f"{v:+g}" if v else "0", font="sans", size=4.5, anchor="middle")
            surface.text(cx + mm(7), y + 1.5, f"{v:+g}" if v else "0", font="sans", size=4.5)
    surface.text(cx, cy + mm(12.5), "X (mm)", font="sans-bold", size=5, anchor="middle")
    surface.text(cx + mm(6), cy - half - mm(1.5), "Y (mm)", font="sans-bold", size=5, anchor="middle")


def _title(surface, page_w: float, grid_top: float, text: str) -> None:
    y = max(mm(4) + 8, grid_top - mm(3))
    surface.text(page_w / 2, y, text, font="sans-bold", size=8, anchor="middle")


def _notes(surface, page_w, page_h, grid, lines) -> None:
    x = grid.x0 + mm(4)
    y = grid.y0 + mm(6)
    # the instructions run across the top row of slots, well above the crosses
    for line in lines:
        surface.text(x, y, line, font="sans", size=5.5)
        y += 8
