"""Hexes on paper: centres and corners of an offset hex map, in points. Pure geometry, no drawing.

`flat` is the distance between opposite sides (flat-to-flat); the corner-to-corner distance is
`flat * 2 / sqrt(3)`. Flat-top hexes stand in columns 1.5 circumradii apart and one `flat` apart
down a column; pointy-top hexes sit in rows one `flat` apart across and 1.5 circumradii down.
The map's bounding box starts at (0, 0): the hexes' outermost corners touch its edges.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

SQRT3 = math.sqrt(3.0)


def circumradius(flat: float) -> float:
    """Centre-to-corner distance of a hex `flat` wide flat-to-flat."""
    return flat / SQRT3


def corners(cx: float, cy: float, flat: float, orientation: str) -> list[tuple[float, float]]:
    """The six corners, clockwise (y down) from the right (flat-top) or from the top-right (pointy-top)."""
    r = circumradius(flat)
    start = 0.0 if orientation == "flat" else -30.0
    return [(cx + r * math.cos(math.radians(start + 60 * k)), cy + r * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def _shoved(index: int, offset: str) -> bool:
    return index % 2 == (1 if offset == "odd" else 0)


@dataclass(frozen=True)
class HexLayout:
    flat: float
    orientation: str
    offset: str
    rows: int
    cols: int

    def _raw_centre(self, row: int, col: int) -> tuple[float, float]:
        r = circumradius(self.flat)
        if self.orientation == "flat":
            return 1.5 * r * col, self.flat * (row + (0.5 if _shoved(col, self.offset) else 0.0))
        return self.flat * (col + (0.5 if _shoved(row, self.offset) else 0.0)), 1.5 * r * row

    @cached_property
    def _bounds(self) -> tuple[float, float, float, float]:
        """min x, min y, max x, max y of every hex's corners, before shifting."""
        xs, ys = [], []
        for row in range(self.rows):
            for col in range(self.cols):
                if 0 < row < self.rows - 1 and 0 < col < self.cols - 1:
                    continue  # inner hexes never reach the bounding box
                for x, y in corners(*self._raw_centre(row, col), self.flat, self.orientation):
                    xs.append(x)
                    ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        x0, y0, _, _ = self._bounds
        x, y = self._raw_centre(row, col)
        return x - x0, y - y0

    def hex_corners(self, row: int, col: int) -> list[tuple[float, float]]:
        return corners(*self.centre(row, col), self.flat, self.orientation)

    def size(self) -> tuple[float, float]:
        """The bounding box of every hex's corners."""
        x0, y0, x1, y1 = self._bounds
        return x1 - x0, y1 - y0
