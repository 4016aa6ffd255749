"""Routes between nodes on paper: a straight or bowed line, and N equal boxes laid along it.

A route is a quadratic Bézier from one node's centre to the other's whose middle bows sideways by
`bend` (0: a straight line). Boxes are measured along the curve's length (sampled finely), so a
route of N segments is N boxes of one length with equal gaps, from one node's rim to the other's.
"""
from __future__ import annotations

import math

Point = tuple[float, float]
SAMPLES = 256


def control_point(a: Point, b: Point, bend: float) -> Point:
    """The Bézier control point whose curve passes `bend` from the chord's middle (left of a→b when > 0)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = dy / length, -dx / length
    return mx + nx * 2 * bend, my + ny * 2 * bend


def point_at(a: Point, c: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])


def _samples(a: Point, c: Point, b: Point) -> tuple[list[Point], list[float]]:
    pts = [point_at(a, c, b, i / SAMPLES) for i in range(SAMPLES + 1)]
    acc = [0.0]
    for p, q in zip(pts, pts[1:]):
        acc.append(acc[-1] + math.hypot(q[0] - p[0], q[1] - p[1]))
    return pts, acc


def length(a: Point, b: Point, bend: float = 0.0) -> float:
    return _samples(a, control_point(a, b, bend), b)[1][-1]


def at_distance(pts: list[Point], acc: list[float], s: float) -> tuple[Point, Point]:
    """The point `s` along the sampled curve and the unit tangent there."""
    s = min(max(s, 0.0), acc[-1])
    lo, hi = 0, len(acc) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if acc[mid] <= s:
            lo = mid
        else:
            hi = mid
    seg = acc[hi] - acc[lo] or 1e-9
    k = (s - acc[lo]) / seg
    p, q = pts[lo], pts[hi]
    tx, ty = q[0] - p[0], q[1] - p[1]
    n = math.hypot(tx, ty) or 1.0
    return (p[0] + tx * k, p[1] + ty * k), (tx / n, ty / n)


def polyline(a: Point, b: Point, bend: float, trim: float = 0.0, steps: int = 48) -> list[Point]:
    """The route as points from `trim` past a to `trim` before b."""
    pts, acc = _samples(a, control_point(a, b, bend), b)
    total = acc[-1]
    if total <= 2 * trim:
        return []
    return [at_distance(pts, acc, trim + (total - 2 * trim) * i / steps)[0] for i in range(steps + 1)]


def boxes(a: Point, b: Point, bend: float, count: int, width: float, trim: float, gap: float) -> list[list[Point]]:
    """`count` equal boxes `width` wide along the route between the nodes' rims (`trim` from each centre).

    Each box is four corners; its long sides follow the tangent at its middle. Empty when the route
    is too short to hold them (the caller reports it).
    """
    pts, acc = _samples(a, control_point(a, b, bend), b)
    usable = acc[-1] - 2 * trim - (count + 1) * gap
    if count < 1 or usable <= 0:
        return []
    each = usable / count
    out = []
    for i in range(count):
        mid = trim + gap + i * (each + gap) + each / 2
        (cx, cy), (tx, ty) = at_distance(pts, acc, mid)
        nx, ny = -ty, tx
        hl, hw = each / 2, width / 2
        out.append([(cx - tx * hl - nx * hw, cy - ty * hl - ny * hw), (cx + tx * hl - nx * hw, cy + ty * hl - ny * hw),
                    (cx + tx * hl + nx * hw, cy + ty * hl + ny * hw), (cx - tx * hl + nx * hw, cy - ty * hl + ny * hw)])
    return out


def box_length(a: Point, b: Point, bend: float, count: int, trim: float, gap: float) -> float:
    """The length of each of `count` boxes on this route (≤ 0 when they do not fit)."""
    return (length(a, b, bend) - 2 * trim - (count + 1) * gap) / max(count, 1)
