"""Numbered tracks on a board: where each space goes. Pure geometry in points, no drawing.

An `edge` track runs clockwise round the board from its top-left corner in a ring of squares one
`pitch` wide; the ring is made a whole number of spaces long on each side, so the pitch is exact
and the board sits centred inside it. A `rows` track is laid under the map in rows as wide as the
board, wrapping as often as it needs, so it never runs off the page (the board tiles over pages).
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Ring:
    cols: int          # spaces along the top and bottom
    rows: int          # spaces down the left and right
    pitch: float

    @property
    def capacity(self) -> int:
        return 2 * self.cols + 2 * self.rows - 4

    @property
    def size(self) -> tuple[float, float]:
        return self.cols * self.pitch, self.rows * self.pitch

    def inset(self, inner_w: float, inner_h: float) -> tuple[float, float]:
        """Where the board inside the ring starts (centred)."""
        w, h = self.size
        return (w - inner_w) / 2, (h - inner_h) / 2

    def cells(self, count: int) -> list[tuple[float, float]]:
        """Top-left corners of the first `count` ring squares, clockwise from the top-left."""
        p, nx, ny = self.pitch, self.cols, self.rows
        ring = [(i * p, 0.0) for i in range(nx)]
        ring += [((nx - 1) * p, j * p) for j in range(1, ny)]
        ring += [(i * p, (ny - 1) * p) for i in range(nx - 2, -1, -1)]
        ring += [(0.0, j * p) for j in range(ny - 2, 0, -1)]
        return ring[:count]


def ring_around(inner_w: float, inner_h: float, pitch: float) -> Ring:
    """The smallest ring of `pitch` squares that leaves the inner board wholly free."""
    return Ring(math.ceil(inner_w / pitch - 1e-9) + 2, math.ceil(inner_h / pitch - 1e-9) + 2, pitch)


def largest_fitting_pitch(inner_w: float, inner_h: float, count: int, low: float) -> float | None:
    """The largest pitch (to 0.5 pt) whose ring round the board holds `count` spaces, or None below `low`."""
    p = max(inner_w, inner_h)
    while p >= low:
        if ring_around(inner_w, inner_h, p).capacity >= count:
            return p
        p -= 0.5
    return None


@dataclass(frozen=True)
class Rows:
    per_row: int
    rows: int
    pitch: float
    label: float       # height of the name line above the spaces

    @property
    def height(self) -> float:
        return self.label + self.rows * self.pitch

    def cells(self, count: int) -> list[tuple[float, float]]:
        """Top-left corners, left to right then row by row (below the name line)."""
        return [((i % self.per_row) * self.pitch, self.label + (i // self.per_row) * self.pitch) for i in range(count)]


def rows_within(width: float, count: int, pitch: float, label: float) -> Rows:
    per_row = max(1, int(width // pitch + 1e-9))
    return Rows(per_row, -(-count // per_row), pitch, label)
