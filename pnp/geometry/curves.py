"""Arcs and curves as cubic Béziers: the maths every drawing backend shares.

Pure functions on points and path commands (("M", x, y), ("L", x, y),
("C", x1, y1, x2, y2, x, y), ("Z",)); nothing here draws. Kept in one place so
the PDF circle, SVG art and the built-in icons cannot approximate a circle in
three different ways. The arithmetic is written out in a fixed order on
purpose: output bytes depend on the last digit of every coordinate.
"""
from __future__ import annotations

import math

Point = tuple[float, float]

KAPPA = 0.5522847498307936  # Bézier handle length of a quarter circle of radius 1: 4/3 (√2 − 1)
# The same constant cut to 10 digits, as PDF circles have always been drawn: changing it would move the
# last printed digit of some coordinates, and a build must stay byte-identical across pnp versions.
KAPPA_PDF_CIRCLE = 0.5522847498


def ellipse_path(cx: float, cy: float, rx: float, ry: float, kappa: float = KAPPA) -> list:
    """An axis-aligned ellipse as four cubic quarter arcs, from 3 o'clock, clockwise on the page, closed."""
    kx, ky = rx * kappa, ry * kappa
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",)]


def rect_path(x: float, y: float, w: float, h: float, rx: float = 0.0, ry: float = 0.0) -> list:
    """A rectangle, with quarter-ellipse corners when rx/ry are given (clamped to half the sides).

    Empty when the rectangle has no area.
    """
    if w <= 0 or h <= 0:
        return []
    rx, ry = min(max(rx, 0.0), w / 2), min(max(ry, 0.0), h / 2)
    if rx == 0 or ry == 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    r, b = x + w, y + h
    return [("M", x + rx, y), ("L", r - rx, y), ("C", r - kx, y, r, y + ky, r, y + ry),
            ("L", r, b - ry), ("C", r, b - ky, r - kx, b, r - rx, b),
            ("L", x + rx, b), ("C", x + kx, b, x, b - ky, x, b - ry),
            ("L", x, y + ry), ("C", x, y + ky, x + kx, y, x + rx, y), ("Z",)]


def arc_path(cx: float, cy: float, r: float, start: float, end: float, segments: int = 0) -> list:
    """Cubics approximating a circular arc (degrees, clockwise from 3 o'clock), without the initial move.

    One cubic per 90° or less unless `segments` says how many.
    """
    sweep = end - start
    n = segments or max(1, int(math.ceil(abs(sweep) / 90.0)))
    step = math.radians(sweep / n)
    k = 4 / 3 * math.tan(step / 4)
    out: list = []
    a = math.radians(start)
    for _ in range(n):
        b = a + step
        x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
        x3, y3 = cx + r * math.cos(b), cy + r * math.sin(b)
        x1, y1 = x0 - k * r * math.sin(a), y0 + k * r * math.cos(a)
        x2, y2 = x3 + k * r * math.sin(b), y3 - k * r * math.cos(b)
        out.append(("C", x1, y1, x2, y2, x3, y3))
        a = b
    return out


def arc_start(cx: float, cy: float, r: float, start: float) -> Point:
    """The point of the circle at `start` degrees (clockwise from 3 o'clock): where arc_path begins."""
    return cx + r * math.cos(math.radians(start)), cy + r * math.sin(math.radians(start))


def arc_to_cubics(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool,
                  x2: float, y2: float) -> list:
    """An SVG elliptical arc as cubic Bézier commands (SVG 1.1 appendix F.6), at most 90° each."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:  # radii too small to reach: scale them up just enough
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = (rx * ry) ** 2 - (rx * y1p) ** 2 - (ry * x1p) ** 2
    den = (rx * y1p) ** 2 + (ry * x1p) ** 2
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    ux, uy = (x1p - cxp) / rx, (y1p - cyp) / ry
    vx, vy = (-x1p - cxp) / rx, (-y1p - cyp) / ry
    start = math.atan2(uy, ux)
    delta = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    n = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / n
    k = 4 / 3 * math.tan(step / 4)

    def point(u: float, v: float) -> tuple[float, float]:
        return cx + rx * cos * u - ry * sin * v, cy + rx * sin * u + ry * cos * v

    out = []
    for i in range(n):
        a, b = start + i * step, start + (i + 1) * step
        c1 = point(math.cos(a) - k * math.sin(a), math.sin(a) + k * math.cos(a))
        c2 = point(math.cos(b) + k * math.sin(b), math.sin(b) - k * math.cos(b))
        end = (x2, y2) if i == n - 1 else point(math.cos(b), math.sin(b))
        out.append(("C", *c1, *c2, *end))
    return out


def quad_to_cubic(x0: float, y0: float, qx: float, qy: float, x: float, y: float) -> tuple:
    """The cubic ("C", ...) command drawing exactly the quadratic Bézier (x0, y0) → (qx, qy) → (x, y)."""
    return ("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
            x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)


def cubic_points(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 18) -> list[Point]:
    """n + 1 points evenly spaced in t along a cubic Bézier, both ends included (to offset it as a polyline)."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out
