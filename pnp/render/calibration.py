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
        surface.line(cx - mm(16), cy, cx + mm(16), cy, stroke=INK, width=0.35)  # long enough to cross the rulers
        surface.line(cx, cy - mm(16), cx, cy + mm(16), stroke=INK, width=0.35)
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
    """An X ruler below the slot's centre and a Y ruler to its right, apart so neither hides the other."""
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    surface.rect(b.x, b.y, b.w, b.h, stroke="#bdbdbd", width=0.3)
    half, gap = mm(RANGE_MM), mm(8)
    surface.line(cx - half, cy + gap, cx + half, cy + gap, stroke=INK, width=0.3)  # X ruler
    surface.line(cx + gap, cy - half, cx + gap, cy + half, stroke=INK, width=0.3)  # Y ruler
    for step in range(-2 * RANGE_MM, 2 * RANGE_MM + 1):
        v = step / 2
        tick = mm(3.2 if step == 0 else (2.2 if step % 2 == 0 else 1.1))
        x, y = cx + mm(v), cy + mm(v)
        surface.line(x, cy + gap - tick, x, cy + gap, stroke=INK, width=0.25)
        surface.line(cx + gap - tick, y, cx + gap, y, stroke=INK, width=0.25)
        if step % 4 == 0:  # a label every 2 mm: small, but each clear of its neighbours
            label = f"{v:+g}" if v else "0"
            font = "sans-bold" if not v else "sans"
            surface.text(x, cy + gap + mm(2.8), label, font=font, size=4.5, anchor="middle")
            surface.text(cx + gap + mm(1), y + 1.6, label, font=font, size=4.5)
    surface.text(cx, cy + gap + mm(6), "X (mm)", font="sans-bold", size=6.5, anchor="middle")
    surface.text(cx + gap, cy - half - mm(2), "Y (mm)", font="sans-bold", size=6.5, anchor="middle")


def _title(surface, page_w: float, grid_top: float, text: str) -> None:
    y = max(mm(4) + 8, grid_top - mm(3))
    surface.text(page_w / 2, y, text, font="sans-bold", size=8, anchor="middle")


def _notes(surface, page_w, page_h, grid, lines) -> None:
    x = grid.x0 + mm(4)
    y = grid.y0 + mm(6)
    # the instructions run across the top row of slots, well above the crosses
    for line in lines:
        surface.text(x, y, line, font="sans", size=6.5)
        y += 9
