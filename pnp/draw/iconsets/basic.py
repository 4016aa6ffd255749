"""Generic icons any game may use."""
from pnp.draw.iconsets import icon
from pnp.draw.surface import arc_path, arc_start


@icon("star")
def star(s, ink):
    import math

    pts = []
    for i in range(10):
        r = 48 if i % 2 == 0 else 20
        a = math.radians(-90 + i * 36)
        pts.append((50 + r * math.cos(a), 53 + r * math.sin(a)))
    s.polygon(pts, fill=ink)


@icon("circle")
def circle(s, ink):
    s.circle(50, 50, 44, fill=ink)
