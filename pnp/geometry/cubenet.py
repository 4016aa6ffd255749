"""The paper die: a cube net of six squares in a cross, seven glue tabs, fold and cut lines.

Pure geometry in points (origin top-left, y down). The faces sit in a grid of
cells one edge wide:

            [3]
       [2]  [1]  [5]  [6]
            [4]

so face i is opposite face 7 − i, as on a die: 1 and 6, 2 and 5 are two cells
apart in the row, and 3 and 4 sit above and below 1. A cube net has fourteen
free edges that meet in seven pairs when folded; one edge of each pair carries a
tab (a trapezoid with angled ends, so tabs do not collide in the corners).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.models.units import mm

Point = tuple[float, float]
Segment = tuple[Point, Point]

CELLS = {1: (1, 1), 2: (0, 1), 5: (2, 1), 6: (3, 1), 3: (1, 0), 4: (1, 2)}
# the seven pairs of free edges that meet when folded; the first edge of each pair carries the tab
GLUE_PAIRS = (
    ((3, "left"), (2, "top")),
    ((3, "right"), (5, "top")),
    ((4, "left"), (2, "bottom")),
    ((4, "right"), (5, "bottom")),
    ((6, "top"), (3, "top")),
    ((6, "bottom"), (4, "bottom")),
    ((6, "right"), (2, "left")),
)
SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class NetFace:
    number: int  # 1..6, opposite 7 − number
    x: float     # top-left corner
    y: float
    size: float


@dataclass(frozen=True)
class Tab:
    face: int
    side: str
    glued_to: tuple[int, str]
    points: tuple[Point, Point, Point, Point]  # base start, outer start, outer end, base end


@dataclass(frozen=True)
class Net:
    edge: float
    x: float       # top-left of the bounding box (tabs included)
    y: float
    width: float
    height: float
    faces: tuple[NetFace, ...]
    tabs: tuple[Tab, ...]
    folds: tuple[Segment, ...]  # dashed: between faces, and where a tab meets its face
    cuts: tuple[Segment, ...]   # solid: the outline of faces and tabs


def tab_depth(edge: float) -> float:
    """Deep enough to hold glue, shallow enough not to show: 30 % of the edge, 4–8 mm."""
    return max(mm(4), min(mm(8), 0.3 * edge))


def net_size(edge: float) -> tuple[float, float]:
    """Width and height of the net with its tabs."""
    return 4 * edge + tab_depth(edge), 3 * edge


def face_edge(face: NetFace, side: str) -> Segment:
    """A face's edge, running clockwise around the face as seen on the page."""
    x, y, s = face.x, face.y, face.size
    corners = {"top": ((x, y), (x + s, y)), "right": ((x + s, y), (x + s, y + s)),
               "bottom": ((x + s, y + s), (x, y + s)), "left": ((x, y + s), (x, y))}
    return corners[side]


def _tab(a: Point, b: Point, depth: float, inset: float) -> tuple[Point, Point, Point, Point]:
    """A trapezoid on the clockwise edge a→b, pointing away from its face, its ends cut in by `inset`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    nx, ny = uy, -ux  # outward normal of a clockwise (y-down) face edge
    return (a, (a[0] + nx * depth + ux * inset, a[1] + ny * depth + uy * inset),
            (b[0] + nx * depth - ux * inset, b[1] + ny * depth - uy * inset), b)


def cube_net(edge: float, x: float = 0.0, y: float = 0.0) -> Net:
    """The net with its bounding box's top-left at (x, y)."""
    depth = tab_depth(edge)
    inset = min(depth, 0.3 * edge)  # 45° ends, never meeting in the middle
    faces = {n: NetFace(n, x + c * edge, y + r * edge, edge) for n, (c, r) in CELLS.items()}
    tabbed = {pair[0]: pair[1] for pair in GLUE_PAIRS}
    tabs, folds, cuts = [], [], []
    neighbours = {(c, r): n for n, (c, r) in CELLS.items()}
    step = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
    for n in sorted(faces):
        c, r = CELLS[n]
        for side in SIDES:
            a, b = face_edge(faces[n], side)
            other = neighbours.get((c + step[side][0], r + step[side][1]))
            if other is not None:
                if n < other:  # a shared edge, drawn once
                    folds.append((a, b))
            elif (n, side) in tabbed:
                pts = _tab(a, b, depth, inset)
                tabs.append(Tab(n, side, tabbed[(n, side)], pts))
                folds.append((a, b))
                cuts.extend([(pts[0], pts[1]), (pts[1], pts[2]), (pts[2], pts[3])])
            else:
                cuts.append((a, b))
    w, h = net_size(edge)
    return Net(edge, x, y, w, h, tuple(faces[n] for n in sorted(faces)), tuple(tabs), tuple(folds), tuple(cuts))
