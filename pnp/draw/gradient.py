"""A gradient paint as both backends draw it: stops, geometry and the matrix that places it.

A layout shape's `fill: {linear: …}` and an SVG art `<linearGradient>` both end
up as a `Gradient`, and `Surface.fill_gradient` draws one inside a path (the PDF
as a shading clipped to the path, the SVG as a gradient definition), so the two
outputs cannot disagree. Beyond its ends a gradient keeps its end colours
("pad", SVG's default spread).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

Matrix = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Gradient:
    """Stops `(offset 0..1, '#rrggbb')` in rising order (`'#rrggbbaa'` for a see-through stop), and where they lie.

    `linear`: coords (x1, y1, x2, y2), offset 0 at the first point, 1 at the second.
    `radial`: coords (cx, cy, r), offset 0 at the centre, 1 on the circle.
    Coordinates are in the gradient's own space; `matrix` maps them to the
    surface's current user space (points, y down).
    """

    kind: str
    stops: tuple[tuple[float, str], ...]
    coords: tuple[float, ...]
    matrix: Matrix = IDENTITY

    def mapped(self, m: Matrix) -> "Gradient":
        """The same gradient with `m` applied after its own matrix."""
        return replace(self, matrix=multiply(m, self.matrix))

    def degenerate(self) -> bool:
        """True when it has no extent (SVG then paints its last stop colour)."""
        a, b, c, d, _, _ = self.matrix
        if abs(a * d - b * c) < 1e-12:
            return True
        if self.kind == "linear":
            x1, y1, x2, y2 = self.coords
            return math.hypot(x2 - x1, y2 - y1) < 1e-9
        return self.coords[2] <= 1e-9

    @property
    def last_colour(self) -> str:
        return self.stops[-1][1][:7]

    @property
    def last_opacity(self) -> float:
        return stop_opacity(self.stops[-1][1])

    def see_through(self) -> bool:
        """True when a stop has an opacity below 1 (`#rrggbbaa`): drawn with a soft mask, not one shading."""
        return any(len(colour) == 9 for _, colour in self.stops)


def stop_opacity(colour: str) -> float:
    """A stop's opacity, 0..1: the last two digits of '#rrggbbaa', 1 for '#rrggbb'."""
    return int(colour[7:9], 16) / 255.0 if len(colour) == 9 else 1.0


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m ∘ n: apply n first, then m."""
    a, b, c, d, e, f = m
    return (a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3],
            a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f)


def linear_across_box(x: float, y: float, w: float, h: float, angle: float,
                      stops: tuple[tuple[float, str], ...]) -> Gradient:
    """A linear gradient through the box's centre at `angle` degrees (0 runs left to right, 90 top to bottom).

    Its ends are placed so that the box's far corners get the first and last
    colours exactly (as CSS places them), whatever the angle.
    """
    t = math.radians(angle)
    dx, dy = math.cos(t), math.sin(t)
    half = abs(w / 2 * dx) + abs(h / 2 * dy)
    cx, cy = x + w / 2, y + h / 2
    return Gradient("linear", stops, (cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half))


def radial_in_box(x: float, y: float, w: float, h: float, centre: tuple[float, float], radius: float,
                  stops: tuple[tuple[float, str], ...]) -> Gradient:
    """A radial gradient centred at `centre` (fractions of the box) reaching its last colour at `radius`
    (a fraction of half the box's shorter side, so 1 is the edge of a circle shape)."""
    return Gradient("radial", stops, (x + centre[0] * w, y + centre[1] * h, radius * min(w, h) / 2))
