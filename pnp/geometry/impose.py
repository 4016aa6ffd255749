"""Cards on sheets: the grid, crop marks, duplex backs and gutterfold.

Cards on a home-printer sheet abut by default, so every cut line is shared by two
cards and cut once; with a gutter they stand apart, each with bleed all round, so
a slightly missed cut never shows a neighbour's colour. Crop marks sit in the
margins on the extension of every cut line, never over a card, one mark per line
end, and never in the outer 5 mm that home printers cannot print: where the margin
is narrow, the block's outer bleed gives way to the marks.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.geometry.paper import MIN_MARGIN
from pnp.models.units import mm
from pnp.geometry.fit import DoesNotFit

MARK_GAP = mm(1)           # between the bleed edge and a crop mark (PRINTING.md: a 3–6 pt gap)
MARK_GAP_TIGHT = mm(0.5)   # the gap where a narrow margin leaves no room for the usual one
MARK_LENGTH = mm(5)
MARK_MIN_LENGTH = mm(2)    # shorter than this and a mark is no help: the side goes without
MARK_MIN_EDGE = MIN_MARGIN  # marks stop this far from the paper edge, where every printer prints
MARK_ROOM = MIN_MARGIN + MARK_GAP_TIGHT + MARK_MIN_LENGTH  # the least margin that still holds a crop mark
OUTER_BLEED_KEPT = mm(1.5)  # outer bleed kept, where the margin allows, before marks shrink


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
    gap_x: float = 0.0  # gutter between neighbouring trims (0: the cards abut and share a cut)
    gap_y: float = 0.0
    bleed: float = 0.0  # the deck's bleed: what each card gets towards a gutter (up to half of it)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        return self.x0 + c * (self.card_w + self.gap_x), self.y0 + r * (self.card_h + self.gap_y)

    def placement(self, i: int) -> Placement:
        r, c = divmod(i, self.cols)
        x, y = self.cell(i)
        inner_x, inner_y = min(self.bleed, self.gap_x / 2), min(self.bleed, self.gap_y / 2)
        bleed = (self.bleed_x if c == 0 else inner_x, self.bleed_y if r == 0 else inner_y,
                 self.bleed_x if c == self.cols - 1 else inner_x, self.bleed_y if r == self.rows - 1 else inner_y)
        return Placement(x, y, self.card_w, self.card_h, 0, bleed)

    def extent(self, used: int, down_first: bool = False) -> tuple[int, int]:
        """(columns, rows) the first `used` cards reach, filled across rows or down columns."""
        if down_first:
            return (used + self.rows - 1) // self.rows, min(used, self.rows)
        return min(used, self.cols), (used + self.cols - 1) // self.cols

    def cut_lines(self, used: int, down_first: bool = False) -> tuple[list[float], list[float]]:
        """The x of every vertical cut and the y of every horizontal cut of the first `used` cards."""
        cols_used, rows_used = self.extent(used, down_first)
        xs = sorted({round(self.x0 + c * (self.card_w + self.gap_x) + edge, 6)
                     for c in range(cols_used) for edge in (0.0, self.card_w)})
        ys = sorted({round(self.y0 + r * (self.card_h + self.gap_y) + edge, 6)
                     for r in range(rows_used) for edge in (0.0, self.card_h)})
        return xs, ys


def fit_count(space: float, size: float) -> int:
    return max(0, int(math.floor(space / size + 1e-9)))


def outer_bleed(room: float, bleed: float) -> float:
    """The bleed a block edge `room` from the paper edge keeps. Marks come first (a home cut
    follows them): the bleed gives way, down to OUTER_BLEED_KEPT, so a 3 mm mark fits a normal
    gap off it; where even that is too much, the marks shrink to their least and the bleed takes
    what is left."""
    full_marks = room - MIN_MARGIN - MARK_GAP - mm(3)
    least_marks = room - MARK_ROOM
    return max(0.0, min(bleed, max(full_marks, min(OUTER_BLEED_KEPT, least_marks))))


def card_grid(page_w: float, page_h: float, card_w: float, card_h: float, bleed: float,
              margin: float = MIN_MARGIN, gutter: float | tuple[float, float] = 0.0) -> Grid:
    """The largest grid of cards, centred, at least `margin` from every edge; `gutter` apart
    (across, down; one number for both; 0: abutting)."""
    gx, gy = gutter if isinstance(gutter, tuple) else (gutter, gutter)
    # leave the margins room for crop marks; only a card too large for that goes without them
    cols = fit_count(page_w - 2 * max(margin, MARK_ROOM) + gx, card_w + gx) or fit_count(page_w - 2 * margin + gx, card_w + gx)
    rows = fit_count(page_h - 2 * max(margin, MARK_ROOM) + gy, card_h + gy) or fit_count(page_h - 2 * margin + gy, card_h + gy)
    if cols == 0 or rows == 0:
        raise DoesNotFit(f"a {card_w / mm(1):.1f} × {card_h / mm(1):.1f} mm card does not fit on a "
                         f"{page_w / mm(1):.0f} × {page_h / mm(1):.0f} mm page with {margin / mm(1):.0f} mm margins")
    block_w, block_h = cols * card_w + (cols - 1) * gx, rows * card_h + (rows - 1) * gy
    x0, y0 = (page_w - block_w) / 2, (page_h - block_h) / 2
    return Grid(page_w, page_h, cols, rows, card_w, card_h, x0, y0,
                outer_bleed(x0, bleed), outer_bleed(y0, bleed), gx, gy, bleed)


def auto_gutters(page_w: float, page_h: float, card_w: float, card_h: float, bleed: float,
                 least: float = mm(2)) -> tuple[float, float]:
    """The gutters `gutter: auto` chooses, across and down: on each axis, twice the bleed (each card
    keeps all of it) or the widest gutter that still puts as many cards on the sheet as abutting
    does and leaves the margin room for crop marks. An axis where not even `least` fits takes one
    card fewer: cards whose edges differ never share a cut (poker cards on Letter print 3 × 2)."""
    def axis(page: float, size: float) -> float:
        n = fit_count(page - 2 * MARK_ROOM, size) or fit_count(page - 2 * MIN_MARGIN, size)
        if 2 * bleed < least:
            return 0.0  # no bleed to keep apart: the cards abut
        while n > 1:
            # n cards, n - 1 gutters, and margins that hold a crop mark plus half a gutter of outer bleed
            room = (page - 2 * MARK_ROOM - n * size) / n
            g = min(2 * bleed, math.floor(room / mm(0.1) + 1e-9) * mm(0.1))
            if g >= least:
                return g
            n -= 1
        return 2 * bleed

    return axis(page_w, card_w), axis(page_h, card_h)


def sharing_gutters(page_w: float, page_h: float, card_w: float, card_h: float, bleed: float,
                    least: float = mm(2)) -> tuple[float, float]:
    """The gutters of a sheet that keeps every card the paper holds: on each axis the gutter
    `auto_gutters` gives where it costs no card, else none (the cards abut on that axis and
    share its cuts). For cards whose edges are each one colour, so that a shared cut can only
    show a sliver of a neighbour's flat colour, never a jump in a picture."""
    def axis(page: float, size: float, gutter: float) -> float:
        most = fit_count(page - 2 * MARK_ROOM, size) or fit_count(page - 2 * MIN_MARGIN, size)
        keeps = fit_count(page - 2 * MARK_ROOM + gutter, size + gutter) >= most
        return gutter if gutter and keeps else 0.0

    gx, gy = auto_gutters(page_w, page_h, card_w, card_h, bleed, least)
    return axis(page_w, card_w, gx), axis(page_h, card_h, gy)


def most_pieces(width: float, height: float, piece_w: float, piece_h: float, gap: float = 0.0) -> int:
    """The most `piece_w` × `piece_h` pieces, each either way up and `gap` apart (0: abutting),
    that any guillotine arrangement puts in a `width` × `height` area: every arrangement a
    guillotine cuts is a cut across the area into two parts, each arranged the same way, and
    only the lengths a sum of piece sides reaches are worth cutting at (normal patterns)."""
    pw, ph = piece_w + gap, piece_h + gap  # a gap is half each neighbour's: the area grows by one gap
    W, H = width + gap, height + gap
    if min(pw, ph) <= 0 or W < min(pw, ph) or H < min(pw, ph):
        return 0

    def lengths(total: float) -> list[float]:
        out = {round(a * pw + b * ph, 6) for a in range(int(total // pw) + 1)
               for b in range(int(total // ph) + 1) if a * pw + b * ph <= total + 1e-6}
        return sorted(out)

    xs, ys = lengths(W), lengths(H)
    best: dict[tuple[float, float], int] = {}

    def most(w: float, h: float) -> int:
        key = (w, h)
        if key in best:
            return best[key]
        n = max(fit_count(w, pw) * fit_count(h, ph), fit_count(w, ph) * fit_count(h, pw))
        for x in xs:
            if x >= w - 1e-6:
                break
            if x > 0 and x <= w / 2 + 1e-6:
                n = max(n, most(x, h) + most(_down(w - x, xs), h))
        for y in ys:
            if y >= h - 1e-6:
                break
            if y > 0 and y <= h / 2 + 1e-6:
                n = max(n, most(w, y) + most(w, _down(h - y, ys)))
        best[key] = n
        return n

    return most(_down(W, xs), _down(H, ys))


def _down(length: float, normal: list[float]) -> float:
    """The longest normal length no longer than `length`: an area shrunk to it holds the same pieces."""
    out = 0.0
    for v in normal:
        if v > length + 1e-6:
            break
        out = v
    return out


def least_sheets(count: int, page_w: float, page_h: float, card_w: float, card_h: float,
                 gap: float = 0.0) -> int:
    """The fewest sheets `count` cards need on this paper in any arrangement: the most cards any
    guillotine arrangement fits inside margins that hold crop marks (inside the 5 mm a printer
    cannot print, for a card too large for marks), each either way up, `gap` apart."""
    per_sheet = (most_pieces(page_w - 2 * MARK_ROOM, page_h - 2 * MARK_ROOM, card_w, card_h, gap)
                 or most_pieces(page_w - 2 * MIN_MARGIN, page_h - 2 * MIN_MARGIN, card_w, card_h, gap))
    return -(-count // per_sheet) if per_sheet else 0


@dataclass(frozen=True)
class SheetsUsed:
    """Sheets of paper a file's pieces take (a duplex sheet counts once) and the least possible."""

    sheets: int
    least: int


def least_sheets_by_area(area: float, page_w: float, page_h: float) -> int:
    """The fewest sheets pieces of `area` in all (square points) need: no arrangement puts more on a
    sheet than the part inside margins that hold crop marks."""
    usable = (page_w - 2 * MARK_ROOM) * (page_h - 2 * MARK_ROOM)
    return math.ceil(area / usable - 1e-9) if usable > 0 else 0


def fill_order(cols: int, rows: int, down_first: bool) -> list[int]:
    """The grid's cells (row-major indices) in the order cards fill them: across each row, or down
    each column when the cards of a column abut and its neighbours stand apart, so that a run of
    alike cards fills whole columns."""
    if not down_first:
        return list(range(cols * rows))
    return [r * cols + c for c in range(cols) for r in range(rows)]


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float


def crop_marks(grid: Grid, used: int, down_first: bool = False) -> list[Mark]:
    """Marks on both ends of every cut line of the cards in use, in the margins only, each at
    least 5 mm from the paper edge (a side without room for a useful mark gets none)."""
    if used <= 0:
        return []
    cols_used, rows_used = grid.extent(used, down_first)
    xs, ys = grid.cut_lines(used, down_first)
    block_right = grid.x0 + cols_used * grid.card_w + (cols_used - 1) * grid.gap_x
    block_bottom = grid.y0 + rows_used * grid.card_h + (rows_used - 1) * grid.gap_y
    marks: list[Mark] = []
    top = _mark_span(grid.y0 - grid.bleed_y, -1, grid.page_h)
    bottom = _mark_span(block_bottom + grid.bleed_y, +1, grid.page_h)
    left = _mark_span(grid.x0 - grid.bleed_x, -1, grid.page_w)
    right = _mark_span(block_right + grid.bleed_x, +1, grid.page_w)
    for span, across in ((top, xs), (bottom, xs)):
        marks += [Mark(x, span[0], x, span[1]) for x in across] if span else []
    for span, down in ((left, ys), (right, ys)):
        marks += [Mark(span[0], y, span[1], y) for y in down] if span else []
    return marks


def _mark_span(edge: float, outward: int, page: float) -> tuple[float, float] | None:
    """Where the marks beyond a block edge (its bleed included) run: from a small gap off the edge
    towards the paper edge, stopping MARK_MIN_EDGE short of it; None when less than MARK_MIN_LENGTH fits."""
    room = (edge if outward < 0 else page - edge) - MARK_MIN_EDGE
    gap = MARK_GAP if room - MARK_GAP >= MARK_MIN_LENGTH else MARK_GAP_TIGHT
    length = min(MARK_LENGTH, room - gap)
    if length < MARK_MIN_LENGTH - 1e-6:
        return None
    start = edge + outward * gap
    return start, start + outward * length


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
