"""Shape helpers shared by the built-in icon sets (they register no icon themselves).

Every icon is drawn in one ink: inner detail is cut out of the ink (even-odd holes), never painted
in white, so an icon keeps its detail whatever its ink and whatever it is printed on.
"""
import math
from contextlib import contextmanager

from pnp.geometry.curves import arc_path, arc_start

W = 8.0  # the stroke weight of line icons, in the 100 × 100 box


# --- outlines (lists of path commands) ------------------------------------------------------
def _circle(cx, cy, r):
    return [("M", cx + r, cy), *arc_path(cx, cy, r, 0, 360), ("Z",)]


def _ellipse(cx, cy, rx, ry):
    out = [("M", cx + rx, cy)]
    for c in arc_path(0, 0, 1, 0, 360):
        out.append(("C", cx + c[1] * rx, cy + c[2] * ry, cx + c[3] * rx, cy + c[4] * ry, cx + c[5] * rx, cy + c[6] * ry))
    return out + [("Z",)]


def _poly(pts):
    return [("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)]


def _rrect(x, y, w, h, r):
    return [("M", x + r, y), ("L", x + w - r, y), *arc_path(x + w - r, y + r, r, -90, 0),
            ("L", x + w, y + h - r), *arc_path(x + w - r, y + h - r, r, 0, 90),
            ("L", x + r, y + h), *arc_path(x + r, y + h - r, r, 90, 180),
            ("L", x, y + r), *arc_path(x + r, y + r, r, 180, 270), ("Z",)]


def _bar(x1, y1, x2, y2, w):
    """A straight band of width `w` from (x1, y1) to (x2, y2), square ends: a slot to cut out."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length * w / 2, (x2 - x1) / length * w / 2
    return _poly([(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])


def _star(cx, cy, r_out, r_in, points=5, turn=-90.0):
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + i * 180 / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _heart(cx, cy, size):
    """A heart `size` wide, centred on (cx, cy)."""
    k = size / 100
    p = [(0, -26), (12, -46, 46, -44, 46, -14), (46, 12, 14, 30, 0, 44), (-14, 30, -46, 12, -46, -14),
         (-46, -44, -12, -46, 0, -26)]
    cmds = [("M", cx + p[0][0] * k, cy + p[0][1] * k)]
    for c in p[1:]:
        cmds.append(("C", *[cx + v * k if i % 2 == 0 else cy + v * k for i, v in enumerate(c)]))
    return cmds + [("Z",)]


# --- painting -------------------------------------------------------------------------------
def _fill(s, ink, *parts):
    """Fill the union of `parts` (non-zero: overlapping parts stay solid)."""
    s.path([c for part in parts for c in part], fill=ink)


def _cut(s, ink, outline, *holes):
    """Fill `outline` with every hole cut out (even-odd: holes must not overlap each other)."""
    s.path([c for part in (outline, *holes) for c in part], fill=ink, even_odd=True)


def _line(s, ink, pts, w=W):
    s.path([("M", *pts[0]), *[("L", *p) for p in pts[1:]]], stroke=ink, width=w, cap="round", join="round")


def _curve(s, ink, p0, p1, p2, p3, w=W):
    s.path([("M", *p0), ("C", *p1, *p2, *p3)], stroke=ink, width=w, cap="round", join="round")


def _arc(s, ink, cx, cy, r, a0, a1, w=W):
    s.path([("M", *arc_start(cx, cy, r, a0)), *arc_path(cx, cy, r, a0, a1)], stroke=ink, width=w, cap="round")


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
