"""Where a place's name goes on a point-to-point map: beside its circle, on the side where it covers
the least of the routes, the other places and the names already set. Pure geometry in points.

Each name tries eight spots round its place (under it first, as a reader expects, then above, to
the sides and the corners) and takes the first of the least-covered; coverage is counted on a
grid of sample points across the name's box, so the choice is cheap and the same every time.
"""
from __future__ import annotations

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, w, h

SAMPLES_X, SAMPLES_Y = 9, 3


def inside(point: Point, polygon: list[Point]) -> bool:
    """Even-odd rule: is the point inside the polygon?"""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def spots(x: float, y: float, radius: float, w: float, h: float, gap: float) -> list[Box]:
    """The eight boxes of size w × h round a circle at (x, y): below, above, right, left, then the corners."""
    r = radius + gap
    d = r * 0.72  # a corner spot touches the circle at 45°
    return [
        (x - w / 2, y + r, w, h),               # below
        (x - w / 2, y - r - h, w, h),           # above
        (x + r, y - h / 2, w, h),               # right
        (x - r - w, y - h / 2, w, h),           # left
        (x + d, y + d, w, h),                   # below right
        (x - d - w, y + d, w, h),               # below left
        (x + d, y - d - h, w, h),               # above right
        (x - d - w, y - d - h, w, h),           # above left
    ]


def covered(box: Box, polygons: list[list[Point]], circles: list[tuple[float, float, float]],
            boxes: list[Box], area: Box) -> int:
    """How many of the box's sample points fall on a polygon, a circle, another box or off the area."""
    x, y, w, h = box
    ax, ay, aw, ah = area
    count = 0
    for i in range(SAMPLES_X):
        for j in range(SAMPLES_Y):
            px, py = x + w * (i + 0.5) / SAMPLES_X, y + h * (j + 0.5) / SAMPLES_Y
            if not (ax <= px <= ax + aw and ay <= py <= ay + ah):
                count += 2
            elif any((px - cx) ** 2 + (py - cy) ** 2 <= r * r for cx, cy, r in circles):
                count += 2
            elif any(bx <= px <= bx + bw and by <= py <= by + bh for bx, by, bw, bh in boxes):
                count += 2
            elif any(inside((px, py), poly) for poly in polygons):
                count += 1
    return count


def place_labels(places: list[tuple[float, float, float, float, float]], polygons: list[list[Point]],
                 area: Box, gap: float) -> list[Box]:
    """For each place (x, y, radius, label width, label height), the box its name goes in."""
    circles = [(x, y, r) for x, y, r, _, _ in places]
    chosen: list[Box] = []
    for k, (x, y, r, w, h) in enumerate(places):
        others = circles[:k] + circles[k + 1:]
        options = spots(x, y, r, w, h, gap)
        best = min(range(len(options)), key=lambda i: (covered(options[i], polygons, others, chosen, area), i))
        chosen.append(options[best])
    return chosen
