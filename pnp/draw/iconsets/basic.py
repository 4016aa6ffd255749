"""Shapes and marks any game may use: stars, plain shapes, ticks, crosses, signs."""
import math

from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import _circle, _cut, _fill, _line, _rrect, _star


@icon("star")
def star(s, ink):
    s.polygon(_star(50, 53, 48, 20), fill=ink)


@icon("circle")
def circle(s, ink):
    s.circle(50, 50, 44, fill=ink)


@icon("ring")
def ring(s, ink):
    _cut(s, ink, _circle(50, 50, 44), _circle(50, 50, 30))


@icon("square")
def square(s, ink):
    _fill(s, ink, _rrect(10, 10, 80, 80, 6))


@icon("triangle")
def triangle(s, ink):
    s.polygon([(50, 8), (94, 86), (6, 86)], fill=ink, stroke=ink, width=6, join="round")


@icon("diamond")
def diamond(s, ink):
    s.polygon([(50, 4), (88, 50), (50, 96), (12, 50)], fill=ink, stroke=ink, width=4, join="round")


@icon("hexagon")
def hexagon(s, ink):
    pts = [(50 + 46 * math.cos(math.radians(a)), 50 + 46 * math.sin(math.radians(a))) for a in range(-90, 270, 60)]
    s.polygon(pts, fill=ink, stroke=ink, width=4, join="round")


@icon("check")
def check(s, ink):
    _line(s, ink, [(14, 52), (38, 76), (86, 22)], w=17)


@icon("cross")
def cross(s, ink):
    _line(s, ink, [(20, 20), (80, 80)], w=17)
    _line(s, ink, [(80, 20), (20, 80)], w=17)


@icon("plus")
def plus(s, ink):
    s.rect(41, 12, 18, 76, fill=ink, radius=4)
    s.rect(12, 41, 76, 18, fill=ink, radius=4)


@icon("minus")
def minus(s, ink):
    s.rect(12, 41, 76, 18, fill=ink, radius=4)


@icon("question")
def question(s, ink):
    s.path([("M", 28, 34), ("C", 28, 9, 72, 8, 72, 32), ("C", 72, 50, 50, 50, 50, 66)], stroke=ink, width=14,
           cap="round", join="round")
    s.circle(50, 87, 8.5, fill=ink)


@icon("exclamation")
def exclamation(s, ink):
    s.polygon([(40, 8), (60, 8), (56, 68), (44, 68)], fill=ink, stroke=ink, width=4, join="round")
    s.circle(50, 86, 9, fill=ink)


@icon("infinity")
def infinity(s, ink):
    s.path([("M", 50, 50), ("C", 64, 30, 92, 28, 92, 50), ("C", 92, 72, 64, 70, 50, 50),
            ("C", 36, 30, 8, 28, 8, 50), ("C", 8, 72, 36, 70, 50, 50), ("Z",)], stroke=ink, width=10, join="round")
