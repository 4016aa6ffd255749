"""The duplex calibration sheet: print it like the cards, hold it to the light, read the offset.

Page 1 has a cross at the centre of every card slot. Page 2 has, at each
slot's duplex position, a pair of rulers in 0.5 mm steps, as long as the card
allows (±10 mm on a poker card: home duplex printing can be several millimetres
out). Where a front cross shows through, the ruler reads the `--back-offset X,Y`
(mm) that moves the backs onto their fronts.
"""
from __future__ import annotations

from pnp.draw.fonts import text_width
from pnp.geometry.impose import Placement, back_placement, card_grid
from pnp.geometry.paper import MIN_MARGIN, paper_size
from pnp.kinds.sheetwords import say
from pnp.models.units import mm

INK = "#000000"
MAX_RANGE_MM = 10
MIN_RANGE_MM = 3


def ruler_range(card_w: float, card_h: float) -> int:
    """How many millimetres each way the rulers read: as many as fit in the card with their labels."""
    room = min(card_w, card_h) / 2 - mm(9)
    return max(MIN_RANGE_MM, min(MAX_RANGE_MM, int(room / mm(1))))


def calibration(surface, card_w: float, card_h: float, bleed: float, paper: str, duplex: str) -> None:
    page_w, page_h = paper_size(paper)
    grid = card_grid(page_w, page_h, card_w, card_h, bleed)
    mode = duplex if duplex in ("long", "short") else "long"
    slots = [grid.placement(i) for i in range(grid.per_page)]
    reach = ruler_range(card_w, card_h)
    arm = mm(reach + 3 + 4)  # past the rulers, which sit reach + 3 mm from the centre

    surface.begin_page(page_w, page_h)
    _title(surface, page_w, grid.y0, say(f"calibration_front_{mode}", paper=paper.upper()))
    for p in slots:
        surface.rect(p.x, p.y, p.w, p.h, stroke="#bdbdbd", width=0.3)
        cx, cy = p.x + p.w / 2, p.y + p.h / 2
        surface.line(cx - arm, cy, cx + arm, cy, stroke=INK, width=0.35)  # long enough to cross the rulers
        surface.line(cx, cy - arm, cx, cy + arm, stroke=INK, width=0.35)
        surface.circle(cx, cy, mm(1.2), stroke=INK, width=0.35)
    lines = [say(f"calibration_{step}") for step in (1, 2, 3, 4)]  # in the edition's language
    _notes(surface, page_w, page_h, grid, lines)
    surface.end_page()

    surface.begin_page(page_w, page_h)
    _title(surface, page_w, grid.y0, say("calibration_back"))
    for p in slots:
        b = back_placement(grid, p, mode)
        _rulers(surface, b, reach)
    surface.end_page()


def _rulers(surface, b: Placement, reach: int) -> None:
    """An X ruler below the slot's centre and a Y ruler to its right, apart so neither hides the other.

    Ticks every 0.5 mm, longer every millimetre, longest every 5 mm with a label there only, so
    the numbers never crowd; the 0 tick is the longest of all."""
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    surface.rect(b.x, b.y, b.w, b.h, stroke="#bdbdbd", width=0.3)
    half, gap = mm(reach), mm(reach + 3)
    surface.line(cx - half, cy + gap, cx + half, cy + gap, stroke=INK, width=0.3)  # X ruler
    surface.line(cx + gap, cy - half, cx + gap, cy + half, stroke=INK, width=0.3)  # Y ruler
    for step in range(-2 * reach, 2 * reach + 1):
        v = step / 2
        tick = mm(3.2 if step == 0 else (2.4 if step % 10 == 0 else (1.6 if step % 2 == 0 else 0.9)))
        x, y = cx + mm(v), cy + mm(v)
        surface.line(x, cy + gap - tick, x, cy + gap, stroke=INK, width=0.25)
        surface.line(cx + gap - tick, y, cx + gap, y, stroke=INK, width=0.25)
        if step % 10 == 0:
            label = f"{v:+g}" if v else "0"
            font = "sans-bold" if not v else "sans"
            surface.text(x, cy + gap + mm(2.8), label, font=font, size=6, anchor="middle")
            surface.text(cx + gap + mm(1.2), y + 2.1, label, font=font, size=6)
    surface.text(cx, cy + gap + mm(6.5), say("ruler_x"), font="sans-bold", size=7, anchor="middle")
    surface.text(cx + gap, cy - half - mm(2.5), say("ruler_y"), font="sans-bold", size=7, anchor="middle")


def _title(surface, page_w: float, grid_top: float, text: str) -> None:
    """Above the slots where the margin holds it clear of the 5 mm every printer loses, else just
    inside the top row (the crosses and rulers sit at the slots' centres, well below)."""
    above = grid_top - mm(2.5)
    y = above if above - 8 >= MIN_MARGIN else grid_top + mm(4)
    surface.text(page_w / 2, y, text, font="sans-bold", size=8, anchor="middle")


def _notes(surface, page_w, page_h, grid, lines) -> None:
    x = grid.x0 + mm(4)
    y = grid.y0 + (mm(6) if grid.y0 - mm(2.5) - 8 >= MIN_MARGIN else mm(9))  # below a title inside the row
    # the instructions run across the top row of slots, well above the crosses, on a band of paper
    # that hides the slots' outlines behind them (a line through a word is hard to read)
    pad, lead = mm(1), 9
    width = max(text_width(line, "sans", 6.5) for line in lines)
    surface.rect(x - pad, y - 6.5 - pad, width + 2 * pad, lead * (len(lines) - 1) + 6.5 + 2.5 + 2 * pad, fill="#ffffff")
    for line in lines:
        surface.text(x, y, line, font="sans", size=6.5)
        y += lead
