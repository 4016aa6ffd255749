"""Cards on sheets: the grid, crop marks, duplex backs and gutterfold.

Cards on a home-printer sheet abut, so every cut line is shared by two cards
and cut once; the block of cards gets as much outer bleed as the 5 mm margin
allows. Crop marks sit in the margins on the extension of every cut line,
never over a card, one mark per line end.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.layout.paper import MIN_MARGIN
from pnp.spec.units import mm
from pnp.layout.fit import DoesNotFit

MARK_GAP = mm(1.5)      # between the bleed edge and a crop mark
MARK_LENGTH = mm(5)
MARK_MIN_EDGE = mm(1)   # marks stop this far from the paper edge


@dataclass(frozen=True)
class Placement:
    """One card face on a page: its trim box (top-left x, y), size and rotation."""

    x: float
    y: float
    w: float
    h: float
    rotation: int = 0  # 0 or 180 degrees about the card's centre
    # bleed drawn around the face, in the face's own frame (before rotation): left, top, right, bottom
    bleed: tuple[float, float, float, float] = (0, 0, 0, 0)


@dataclass(frozen=True)
class Grid:
    page_w: float
    page_h: float
    cols: int
    rows: int
    card_w: float
    card_h: float
    x0: float  # trim of the top-left card
    y0: float
    bleed_x: float  # outer bleed available at the left/right of the block
    bleed_y: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        return self.x0 + c * self.card_w, self.y0 + r * self.card_h

    def placement(self, i: int) -> Placement:
        r, c = divmod(i, self.cols)
        x, y = self.cell(i)
        bleed = (self.bleed_x if c == 0 else 0, self.bleed_y if r == 0 else 0,
                 self.bleed_x if c == self.cols - 1 else 0, self.bleed_y if r == self.rows - 1 else 0)
        return Placement(x, y, self.card_w, self.card_h, 0, bleed)


def fit_count(space: float, size: float) -> int:
    return max(0, int(math.floor(space / size + 1e-9)))


def card_grid(page_w: float, page_h: float, card_w: float, card_h: float, bleed: float,
              margin: float = MIN_MARGIN) -> Grid:
    """The largest grid of abutting cards, centred, at least `margin` from every edge."""
    cols = fit_count(page_w - 2 * margin, card_w)
    rows = fit_count(page_h - 2 * margin, card_h)
    if cols == 0 or rows == 0:
        raise DoesNotFit(f"a {card_w / mm(1):.1f} × {card_h / mm(1):.1f} mm card does not fit on a "
                         f"{page_w / mm(1):.0f} × {page_h / mm(1):.0f} mm page with {margin / mm(1):.0f} mm margins")
    block_w, block_h = cols * card_w, rows * card_h
    x0, y0 = (page_w - block_w) / 2, (page_h - block_h) / 2
    return Grid(page_w, page_h, cols, rows, card_w, card_h, x0, y0,
                max(0.0, min(bleed, x0 - margin)), max(0.0, min(bleed, y0 - margin)))


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float


def crop_marks(grid: Grid, used: int) -> list[Mark]:
    """Marks on both ends of every cut line of the cards in use, in the margins only."""
    if used <= 0:
        return []
    rows_used = (used + grid.cols - 1) // grid.cols
    cols_used = min(used, grid.cols)
    xs = [grid.x0 + c * grid.card_w for c in range(cols_used + 1)]
    ys = [grid.y0 + r * grid.card_h for r in range(rows_used + 1)]
    top = grid.y0 - grid.bleed_y - MARK_GAP
    bottom = grid.y0 + rows_used * grid.card_h + grid.bleed_y + MARK_GAP
    left = grid.x0 - grid.bleed_x - MARK_GAP
    right = grid.x0 + cols_used * grid.card_w + grid.bleed_x + MARK_GAP
    marks: list[Mark] = []
    for x in xs:
        marks.append(Mark(x, top, x, max(MARK_MIN_EDGE, top - MARK_LENGTH)))
        marks.append(Mark(x, bottom, x, min(grid.page_h - MARK_MIN_EDGE, bottom + MARK_LENGTH)))
    for y in ys:
        marks.append(Mark(left, y, max(MARK_MIN_EDGE, left - MARK_LENGTH), y))
        marks.append(Mark(right, y, min(grid.page_w - MARK_MIN_EDGE, right + MARK_LENGTH), y))
    return [m for m in marks if abs(m.x1 - m.x2) + abs(m.y1 - m.y2) > mm(0.5)]


def back_placement(grid: Grid, front: Placement, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Placement:
    """Where the back of a front goes on the following page so duplex printing puts it behind.

    long: the sheet turns like a book page, so columns mirror (1 2 3 → 3 2 1).
    short: the sheet tumbles over its top edge, so rows mirror and each back
    turns 180° (a card then reads upright when turned over like a book).
    """
    dx, dy = offset
    l, t, r, b = front.bleed
    if duplex == "long":
        return Placement(grid.page_w - front.x - front.w + dx, front.y + dy, front.w, front.h, 0, (r, t, l, b))
    if duplex == "short":
        return Placement(front.x + dx, grid.page_h - front.y - front.h + dy, front.w, front.h, 180, (r, t, l, b))
    raise ValueError(duplex)


@dataclass(frozen=True)
class GutterfoldPage:
    page_w: float
    page_h: float
    fronts: tuple[Placement, ...]  # slots for the fronts
    backs: tuple[Placement, ...]   # slot i holds the back of front i
    fold: tuple[float, float, float, float]
    grid: Grid  # the grid of the fronts' half, for crop marks


def gutterfold_layout(page_w: float, page_h: float, card_w: float, card_h: float, bleed: float,
                      margin: float = MIN_MARGIN) -> GutterfoldPage:
    """Fronts and backs on one sheet either side of a fold, choosing the orientation that fits most.

    A vertical fold (landscape sheet): backs mirrored across the fold, upright.
    A horizontal fold (portrait sheet): backs mirrored across it and turned 180°.
    """
    gutter = max(2 * bleed, mm(4))
    options = []
    for landscape in (True, False):
        pw, ph = (max(page_w, page_h), min(page_w, page_h)) if landscape else (min(page_w, page_h), max(page_w, page_h))
        if landscape:  # vertical fold at pw/2; fronts on the left
            half_w = pw / 2 - gutter / 2 - margin
            cols, rows = fit_count(half_w, card_w), fit_count(ph - 2 * margin, card_h)
        else:  # horizontal fold at ph/2; fronts on top
            half_h = ph / 2 - gutter / 2 - margin
            cols, rows = fit_count(pw - 2 * margin, card_w), fit_count(half_h, card_h)
        options.append((cols * rows, landscape, pw, ph, cols, rows))
    count, landscape, pw, ph, cols, rows = max(options, key=lambda o: (o[0], o[1]))
    if count == 0:
        raise DoesNotFit("the card is too large for gutterfold on this paper")
    fronts, backs = [], []
    if landscape:
        fold_x = pw / 2
        x0 = fold_x - gutter / 2 - cols * card_w
        y0 = (ph - rows * card_h) / 2
        bleed_out = max(0.0, min(bleed, y0 - margin))
        grid = Grid(pw, ph, cols, rows, card_w, card_h, x0, y0, min(bleed, gutter / 2), bleed_out)
        for i in range(cols * rows):
            f = grid.placement(i)
            fronts.append(f)
            l, t, r, b = f.bleed
            backs.append(Placement(2 * fold_x - f.x - f.w, f.y, f.w, f.h, 0, (r, t, l, b)))
        fold = (fold_x, margin, fold_x, ph - margin)
    else:
        fold_y = ph / 2
        x0 = (pw - cols * card_w) / 2
        y0 = fold_y - gutter / 2 - rows * card_h
        bleed_out = max(0.0, min(bleed, x0 - margin))
        grid = Grid(pw, ph, cols, rows, card_w, card_h, x0, y0, bleed_out, min(bleed, gutter / 2))
        for i in range(cols * rows):
            f = grid.placement(i)
            fronts.append(f)
            l, t, r, b = f.bleed
            backs.append(Placement(f.x, 2 * fold_y - f.y - f.h, f.w, f.h, 180, (r, t, l, b)))
        fold = (margin, fold_y, pw - margin, fold_y)
    return GutterfoldPage(pw, ph, tuple(fronts), tuple(backs), fold, grid)
