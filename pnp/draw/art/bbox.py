"""The exact bounding box of M/L/C/Z path commands (curves by their extrema, not their control points).

SVG's objectBoundingBox units (the default for gradients) are measured on it.
"""
from __future__ import annotations

import math


def path_bbox(commands) -> tuple[float, float, float, float] | None:
    """(x, y, width, height) of the path's geometry, or None for a path without points."""
    xs: list[float] = []
    ys: list[float] = []
    cx = cy = 0.0
    for cmd in commands:
        op = cmd[0]
        if op in "ML":
            cx, cy = cmd[1], cmd[2]
            xs.append(cx)
            ys.append(cy)
        elif op == "C":
            x1, y1, x2, y2, x3, y3 = cmd[1:7]
            for t in _extrema(cx, x1, x2, x3) + _extrema(cy, y1, y2, y3):
                xs.append(_at(t, cx, x1, x2, x3))
                ys.append(_at(t, cy, y1, y2, y3))
            cx, cy = x3, y3
            xs.append(cx)
            ys.append(cy)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _at(t: float, p0: float, p1: float, p2: float, p3: float) -> float:
    u = 1 - t
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3


def _extrema(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """The t in (0, 1) where the cubic's derivative in one coordinate is zero."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        return [-c / b] if abs(b) > 1e-12 and 0 < -c / b < 1 else []
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    root = math.sqrt(disc)
    return [t for t in ((-b + root) / (2 * a), (-b - root) / (2 * a)) if 0 < t < 1]
