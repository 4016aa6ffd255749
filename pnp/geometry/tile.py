"""A large drawing tiled over small pages at true scale: pure geometry in points, no drawing.

Seams are snapped to the drawing's grid lines (a board's cell edges) when it has
them, so every cell lies whole on at least one tile; consecutive tiles share
exactly `overlap` points of the drawing, the band where they are glued.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.geometry.paper import MIN_MARGIN, PAPERS
from pnp.models.units import mm
from pnp.geometry.fit import DoesNotFit

DEFAULT_OVERLAP = mm(12)   # more than a home printer's unprintable edge (PRINTING.md: 10-15 mm)
LABEL_STRIP = mm(9)        # at the foot of each tile page: its row, column and a scale bar


@dataclass(frozen=True)
class Tile:
    row: int          # 0-based
    col: int
    x: float          # window into the drawing (points, from its top-left)
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class TilePlan:
    page_w: float
    page_h: float
    area: tuple[float, float, float, float]   # where a window may go on the page: x, y, w, h
    overlap: float
    cols: int
    rows: int
    tiles: tuple[Tile, ...]
    xs: tuple[tuple[float, float], ...]      # the column spans (start, end) in the drawing
    ys: tuple[tuple[float, float], ...]

    def origin(self, tile: Tile) -> tuple[float, float]:
        """Where the window's top-left lands on the page (centred in the area)."""
        ax, ay, aw, ah = self.area
        return ax + (aw - tile.w) / 2, ay + (ah - tile.h) / 2


def spans(total: float, avail: float, overlap: float, lines: list[float] = ()) -> list[tuple[float, float]]:
    """Cover [0, total] with windows of at most `avail`, each sharing `overlap` with the next.

    A window's successor starts on the last grid line that keeps the shared band
    inside it; without such a line, as far right as the band allows.
    """
    if avail <= overlap + 1e-6:
        raise DoesNotFit(f"a {avail / mm(1):.0f} mm page area cannot hold a {overlap / mm(1):.0f} mm overlap")
    out, start = [], 0.0
    while start + avail < total - 1e-6:
        limit = start + avail - overlap
        snapped = [x for x in lines if start + 1e-6 < x <= limit + 1e-6]
        nxt = max(snapped) if snapped else limit
        out.append((start, nxt + overlap))
        start = nxt
    out.append((start, total))
    return out


def balanced_spans(total: float, avail: float, overlap: float, lines: list[float] = ()) -> list[tuple[float, float]]:
    """As few windows as `spans` needs, but of even size: seams near the even split, snapped to the
    nearest grid line that keeps every window within `avail`, so no tile carries a thin last strip."""
    greedy = spans(total, avail, overlap, lines)
    n = len(greedy)
    if n == 1:
        return greedy
    step = (total - overlap) / n
    starts = [0.0]
    for k in range(1, n):
        prev = starts[-1]
        lo = max(prev + 1e-6, total - (n - k) * (avail - overlap) - overlap)  # the rest must still fit
        hi = prev + avail - overlap                                           # the window before must fit
        if lo > hi + 1e-6:
            return greedy  # the grid lines leave no even split: keep the packing that fits
        ideal = min(max(k * step, lo), hi)
        snapped = [x for x in lines if lo - 1e-6 <= x <= hi + 1e-6]
        starts.append(min(snapped, key=lambda x: (abs(x - ideal), x)) if snapped else ideal)
    if total - starts[-1] > avail + 1e-6:
        return greedy
    ends = [s + overlap for s in starts[1:]] + [total]
    return list(zip(starts, ends))


def plan_tiles(total_w: float, total_h: float, paper: tuple[float, float], overlap: float = DEFAULT_OVERLAP,
               lines_x: list[float] = (), lines_y: list[float] = (), margin: float = MIN_MARGIN,
               label: float = LABEL_STRIP) -> TilePlan:
    """Tile a total_w × total_h drawing on the paper, portrait or landscape, whichever needs fewer pages
    (on a tie, the one whose smallest tile is largest), with the windows of each axis of even size."""
    best = None
    for landscape in (False, True):
        pw, ph = (max(paper), min(paper)) if landscape else (min(paper), max(paper))
        area = (margin, margin, pw - 2 * margin, ph - 2 * margin - label)
        xs = balanced_spans(total_w, area[2], overlap, list(lines_x))
        ys = balanced_spans(total_h, area[3], overlap, list(lines_y))
        smallest = min(x1 - x0 for x0, x1 in xs) * min(y1 - y0 for y0, y1 in ys)
        key = (len(xs) * len(ys), -round(smallest, 3), landscape)
        if best is None or key < best[0]:
            best = (key, pw, ph, area, xs, ys)
    _, pw, ph, area, xs, ys = best
    tiles = tuple(Tile(r, c, x0, y0, x1 - x0, y1 - y0)
                  for r, (y0, y1) in enumerate(ys) for c, (x0, x1) in enumerate(xs))
    return TilePlan(pw, ph, area, overlap, len(xs), len(ys), tiles, tuple(xs), tuple(ys))


_WXH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm)?\s*$", re.I)


def parse_paper(text: str) -> tuple[float, float]:
    """'a2', 'letter' or 'WxH' in millimetres (e.g. '600x450') → (width, height) in points."""
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    m = _WXH.match(key)
    if not m:
        raise ValueError(f"unknown paper '{text}' (use {', '.join(PAPERS)} or WxH in mm, e.g. 600x450)")
    w, h = float(m.group(1)), float(m.group(2))
    if not (50 <= w <= 5000 and 50 <= h <= 5000):
        raise ValueError(f"paper {text} is out of range (50 to 5000 mm a side)")
    return mm(w), mm(h)


def fit_page(total_w: float, total_h: float, paper: tuple[float, float], margin: float) -> tuple[float, float] | None:
    """The paper turned so the drawing fits with `margin` all round, or None when it cannot fit."""
    turns = [(min(paper), max(paper)), (max(paper), min(paper))]
    for pw, ph in (turns[::-1] if total_w > total_h else turns):  # the paper turned like the drawing first
        if total_w + 2 * margin <= pw + 1e-6 and total_h + 2 * margin <= ph + 1e-6:
            return pw, ph
    return None
