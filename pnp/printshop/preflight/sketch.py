"""A `Sketch`: what one content stream (a page, form, pattern, glyph, annotation or soft mask) paints
that a shop objects to, kept in the stream's own coordinates so that it is read once and replayed
wherever the stream is drawn, through the transformation in force there. It holds each problem once
(its first place and a count), where it paints with the colour its caller set (`INHERIT`), and the
largest placement of each picture (its resolution depends on the page's transformation)."""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.printshop.preflight.findings import Problem

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
INHERIT = None  # a colour not set in this stream: whatever the caller painted with


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: a point goes through m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> Point:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def area(m: Matrix) -> float:
    return abs(m[0] * m[3] - m[1] * m[2])


@dataclass
class Placement:
    """A picture as drawn at its largest: its unit square's matrix, its pixels, where it is."""

    label: str
    matrix: Matrix
    width: int
    height: int


@dataclass
class Sketch:
    marks: dict[str, list] = field(default_factory=dict)        # key -> [Problem, Point | None, count]
    inherited: dict[str, Point] = field(default_factory=dict)   # "fill"/"stroke" -> first place
    placements: dict[str, Placement] = field(default_factory=dict)
    painted: bool = False                 # whether it paints anything at all
    painted_at: Point | None = None       # and where first

    def add(self, problem: Problem, at: Point | None, count: int = 1) -> None:
        mark = self.marks.get(problem.key)
        if mark is None:
            self.marks[problem.key] = [problem, at, count]
        else:
            mark[2] += count
            if mark[1] is None and at is not None:
                mark[1] = at

    def paint(self, colour, extra: tuple, role: str, at: Point | None) -> None:
        """A paint with `colour` (the problems of the colour in force, or INHERIT) and the
        problems of the graphics state (`extra`)."""
        if not self.painted:
            self.painted, self.painted_at = True, at
        if colour is INHERIT:
            self.inherited.setdefault(role, at)
        else:
            for problem in colour:
                self.add(problem, at)
        for problem in extra:
            self.add(problem, at)

    def place(self, key: str, label: str, matrix: Matrix, width: int, height: int) -> None:
        known = self.placements.get(key)
        if known is None or area(matrix) > area(known.matrix):
            self.placements[key] = Placement(label, matrix, width, height)

    def replay(self, child: "Sketch", matrix: Matrix, fill, stroke, extra: tuple = (), at: Point | None = None) -> None:
        """Draw `child` here through `matrix`; with `at`, every problem is put at that one place
        (a pattern's or glyph's problems show where it is painted). Its paints with an inherited
        colour take `fill` and `stroke`, the colours in force here."""
        for problem, point, count in child.marks.values():
            where = at if at is not None else (apply(matrix, *point) if point is not None else None)
            self.add(problem, where, count)
        for role, point in child.inherited.items():
            where = at if at is not None else (apply(matrix, *point) if point is not None else None)
            self.paint(fill if role == "fill" else stroke, (), role, where)
        if child.painted:
            first = at if at is not None else (apply(matrix, *child.painted_at) if child.painted_at else None)
            if not self.painted:
                self.painted, self.painted_at = True, first
            for problem in extra:
                self.add(problem, first)
        for key, placed in child.placements.items():
            self.place(key, placed.label, multiply(placed.matrix, matrix), placed.width, placed.height)
