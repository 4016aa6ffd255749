"""Shape helpers shared by the built-in icon sets (they register no icon themselves)."""
import math
from contextlib import contextmanager

from pnp.draw.geometry import arc_path, arc_start, cubic_points

WHITE = "#ffffff"


# --- shape helpers -------------------------------------------------------------------------
def _circle(cx, cy, r):
    return [("M", cx + r, cy), *arc_path(cx, cy, r, 0, 360), ("Z",)]


def _poly(pts):
    return [("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)]


def _rrect(x, y, w, h, r):
    return [("M", x + r, y), ("L", x + w - r, y), *arc_path(x + w - r, y + r, r, -90, 0),
            ("L", x + w, y + h - r), *arc_path(x + w - r, y + h - r, r, 0, 90),
            ("L", x + r, y + h), *arc_path(x + r, y + h - r, r, 90, 180),
            ("L", x, y + r), *arc_path(x + r, y + r, r, 180, 270), ("Z",)]


def _line(s, ink, pts, w=8.0):
    s.path([("M", *pts[0]), *[("L", *p) for p in pts[1:]]], stroke=ink, width=w, cap="round", join="round")


def _curve(s, ink, p0, p1, p2, p3, w=8.0):
    s.path([("M", *p0), ("C", *p1, *p2, *p3)], stroke=ink, width=w, cap="round", join="round")


def _cut(s, ink, outline, *holes):
    """Fill `outline` with every hole cut out (even-odd)."""
    s.path([c for part in (outline, *holes) for c in part], fill=ink, even_odd=True)


def _arc(s, ink, cx, cy, r, a0, a1, w=6.0):
    s.path([("M", *arc_start(cx, cy, r, a0)), *arc_path(cx, cy, r, a0, a1)], stroke=ink, width=w, cap="round")


_bezier = cubic_points  # points along a cubic, for _taper


def _taper(spine, w0, w1):
    """A filled outline around a polyline whose width goes from w0 to w1 (a leaf, a tail)."""
    left, right = [], []
    n = len(spine)
    for i, (x, y) in enumerate(spine):
        ax, ay = spine[max(i - 1, 0)]
        bx, by = spine[min(i + 1, n - 1)]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        half = (w0 + (w1 - w0) * i / (n - 1)) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]


def _leaf(s, ink, p0, p1, p2, p3, w=10.0, outline=None):
    s.polygon(_taper(_bezier(p0, p1, p2, p3), w, 0.6), fill=ink, stroke=outline, width=3 if outline else 0.5,
              join="round")


@contextmanager
def _turned(s, angle, cx=50.0, cy=50.0):
    """Draw in a frame centred on (cx, cy), turned clockwise by `angle` degrees."""
    s.save()
    s.translate(cx, cy)
    s.rotate(angle)
    try:
        yield
    finally:
        s.restore()


def _bust(s, ink, top=66.0, left=14.0, right=86.0):
    """Head-and-shoulders base: the shoulders only."""
    mid = (left + right) / 2
    s.path([("M", left, 96), ("C", left, top + 8, mid - 20, top, mid, top),
            ("C", mid + 20, top, right, top + 8, right, 96), ("Z",)], fill=ink)


# --- buildings -------------------------------------------------------------------------------
