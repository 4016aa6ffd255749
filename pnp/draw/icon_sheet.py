"""A proof sheet of the general icons: every icon in a labelled grid on A4.

Each page shows its icons at `size_mm` with the name underneath, and ends
with a strip of the same icons at 5 mm, to judge how they read when small.
This is what `pnp icons` prints.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.draw import icons

MM = 72.0 / 25.4
PAGE_W, PAGE_H = 595.28, 841.89
MARGIN = 12 * MM
SMALL_MM = 5.0
INK = "#000000"
LABEL_FONT, LABEL_SIZE = "sans", 6.5


@dataclass(frozen=True)
class SheetLayout:
    cols: int
    rows: int
    cell_w: float
    cell_h: float
    icon: float
    small: float
    small_pitch: float
    small_cols: int
    small_rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def layout(size_mm: float = 13.0) -> SheetLayout:
    """Grid geometry for icons of `size_mm` on an A4 page with 12 mm margins."""
    size = size_mm * MM
    cell_w = max(size + 6 * MM, 22 * MM)       # wide enough for a 13-letter name at 6.5 pt
    cell_h = size + 9 * MM                      # icon, gap, label
    usable_w = PAGE_W - 2 * MARGIN
    usable_h = PAGE_H - 2 * MARGIN - 8 * MM     # title line
    cols = max(1, int(usable_w // cell_w))
    small = SMALL_MM * MM
    small_pitch = small + 2.5 * MM
    small_cols = max(1, int(usable_w // small_pitch))
    # find the most rows that leave room for the 5 mm strip of the same icons
    rows = max(1, int(usable_h // cell_h))
    while rows > 1:
        small_rows = math.ceil(cols * rows / small_cols)
        if rows * cell_h + 6 * MM + small_rows * small_pitch <= usable_h:
            break
        rows -= 1
    small_rows = math.ceil(cols * rows / small_cols)
    return SheetLayout(cols, rows, cell_w, cell_h, size, small, small_pitch, small_cols, small_rows)


def page_count(n_icons: int, size_mm: float = 13.0) -> int:
    return max(1, math.ceil(n_icons / layout(size_mm).per_page))


def render_icon_sheet(names: list[str] | None = None, size_mm: float = 13.0) -> bytes:
    """A PDF showing every registered icon (or just `names`) in a labelled grid."""
    from pnp.draw.pdf import PdfSurface

    names = list(names) if names is not None else icons.names()
    g = layout(size_mm)
    surface = PdfSurface(title="pnp general icons")
    pages = page_count(len(names), size_mm)
    usable_w = PAGE_W - 2 * MARGIN
    grid_w = g.cols * g.cell_w
    x0 = MARGIN + (usable_w - grid_w) / 2
    for p in range(pages):
        chunk = names[p * g.per_page:(p + 1) * g.per_page]
        surface.begin_page(PAGE_W, PAGE_H)
        surface.text(MARGIN, MARGIN + 10, f"pnp general icons — {len(names)} icons, {size_mm:g} mm"
                     f" — page {p + 1} of {pages}", font="sans-bold", size=9, fill=INK)
        top = MARGIN + 8 * MM
        for i, name in enumerate(chunk):
            r, c = divmod(i, g.cols)
            cx = x0 + c * g.cell_w + g.cell_w / 2
            y = top + r * g.cell_h
            icons.place(surface, name, cx - g.icon / 2, y, g.icon, INK)
            surface.text(cx, y + g.icon + 4.2 * MM, name, font=LABEL_FONT, size=LABEL_SIZE, fill="#333333",
                         anchor="middle")
        # the same icons at 5 mm
        strip_top = top + g.rows * g.cell_h + 2 * MM
        surface.line(MARGIN, strip_top, PAGE_W - MARGIN, strip_top, stroke="#999999", width=0.4)
        surface.text(MARGIN, strip_top + 3.5 * MM, f"the same icons at {SMALL_MM:g} mm, in the same order",
                     font=LABEL_FONT, size=LABEL_SIZE, fill="#333333")
        sx0 = MARGIN + (usable_w - g.small_cols * g.small_pitch) / 2
        for i, name in enumerate(chunk):
            r, c = divmod(i, g.small_cols)
            x = sx0 + c * g.small_pitch + (g.small_pitch - g.small) / 2
            y = strip_top + 5 * MM + r * g.small_pitch
            icons.place(surface, name, x, y, g.small, INK)
        surface.end_page()
    return surface.finish()
