"""Icons for Lovecraftian mystery games: signs, horrors, the investigators' kit.

The small shape helpers are shared with the farm set.
"""
import math

from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import WHITE, _arc, _bezier, _bust, _curve, _cut, _line, _rrect, _taper, _turned
from pnp.draw.surface import arc_path, arc_start


def _star(cx, cy, outer, inner, points=5, turn=-90.0, radii=None):
    pts = []
    for i in range(points * 2):
        r = (radii[i % len(radii)] if radii else outer) if i % 2 == 0 else inner
        pts.append(arc_start(cx, cy, r, turn + i * 180 / points))
    return pts


def _heart(cx, cy, w):
    """A heart w wide, its widest line at cy."""
    h = w / 2
    return [("M", cx, cy + w * 0.5), ("C", cx - h * 0.6, cy + w * 0.18, cx - h, cy + w * 0.05, cx - h, cy - w * 0.12),
            ("C", cx - h, cy - w * 0.42, cx - h * 0.1, cy - w * 0.46, cx, cy - w * 0.22),
            ("C", cx + h * 0.1, cy - w * 0.46, cx + h, cy - w * 0.42, cx + h, cy - w * 0.12),
            ("C", cx + h, cy + w * 0.05, cx + h * 0.6, cy + w * 0.18, cx, cy + w * 0.5), ("Z",)]


def _spiral(cx, cy, r, turns=2.25, steps=80):
    pts = []
    for i in range(steps + 1):
        t = i / steps
        a = math.radians(-90 + t * turns * 360)
        pts.append((cx + r * t * math.cos(a), cy + r * t * math.sin(a)))
    return pts


def _tentacle(s, ink, p0, p1, p2, p3, w0, w1=1.5, outline=None):
    s.polygon(_taper(_bezier(p0, p1, p2, p3, 24), w0, w1), fill=ink, join="round",
              stroke=outline, width=2.5 if outline else 0.5)


# --- signs and marks ----------------------------------------------------------------------------
@icon("elder-sign")
def elder_sign(s, ink):
    s.polygon(_star(50, 54, 42, 17), stroke=ink, width=8, join="round")
    s.path([("M", 33, 55), ("C", 41, 44, 59, 44, 67, 55), ("C", 59, 66, 41, 66, 33, 55), ("Z",)], fill=ink)
    s.path([("M", 38, 55), ("C", 44, 48.5, 56, 48.5, 62, 55), ("C", 56, 61.5, 44, 61.5, 38, 55), ("Z",)], fill=WHITE)
    s.path([("M", 50, 44), ("C", 54, 50, 54.5, 56, 50, 62), ("C", 45.5, 56, 46, 50, 50, 44), ("Z",)], fill=ink)


@icon("hit")
def hit(s, ink):
    radii = [46, 36, 44, 38, 46, 34, 42, 38, 46, 36, 40, 36]
    s.polygon(_star(50, 50, 0, 22, points=12, turn=-80, radii=radii), fill=ink, join="round", stroke=ink, width=2)
    s.polygon(_star(50, 50, 0, 10, points=12, turn=-80, radii=[r * 0.5 for r in radii]), fill=WHITE)


@icon("summon")
def summon(s, ink):
    s.circle(50, 50, 42, stroke=ink, width=6)
    s.circle(50, 50, 31, stroke=ink, width=4)
    for i in range(8):
        a = i * 45 + 22.5
        x, y = arc_start(50, 50, 36.5, a)
        s.polygon([arc_start(x, y, 4.5, a + d) for d in (0, 90, 180, 270)], fill=ink)
    tri = [arc_start(50, 50, 31, a) for a in (-90, 30, 150)]
    s.polygon(tri, stroke=ink, width=4.5, join="round")
    for x, y in tri:
        s.circle(x, y, 5.5, fill=ink)
    s.circle(50, 50, 6, fill=ink)


@icon("curse")
def curse(s, ink):
    edge = [arc_start(50, 50, 40 + 3 * math.cos(math.radians(a * 14)), a) for a in range(0, 360, 4)]
    s.polygon(edge, fill=ink)
    s.circle(50, 50, 28, stroke=WHITE, width=3)
    s.path([("M", 36, 50), ("C", 44, 40, 56, 40, 64, 50), ("C", 56, 60, 44, 60, 36, 50), ("Z",)], fill=WHITE)
    s.circle(50, 50, 5, fill=ink)
    _line(s, WHITE, [(56, 4), (52, 24), (60, 34), (46, 52), (56, 64), (44, 80), (48, 96)], 6)


@icon("red-tile")
def red_tile(s, ink):
    _cut(s, ink, _rrect(7, 7, 86, 86, 12), _heart(50, 52, 48))


@icon("blue-tile")
def blue_tile(s, ink):
    s.rect(7, 7, 86, 86, fill=ink, radius=12)
    _line(s, WHITE, _spiral(50, 50, 28), 6)


@icon("health")
def health(s, ink):
    s.path(_heart(50, 50, 90), fill=ink)
    _arc(s, WHITE, 30, 36, 11, 200, 260, 4)


@icon("wits")
def wits(s, ink):
    lobes = [(34, 38, 22), (58, 30, 22), (76, 46, 18), (40, 60, 20), (64, 60, 18)]
    s.rect(52, 66, 12, 24, fill=ink, radius=4)                              # brain stem
    for x, y, r in lobes:
        s.circle(x, y, r, fill=ink)
    s.ellipse(74, 70, 13, 9, fill=ink, stroke=WHITE, width=2.5)             # cerebellum
    folds = [((22, 44), (26, 32), (38, 30), (40, 40)), ((44, 22), (52, 30), (44, 40), (54, 46)),
             ((62, 18), (60, 30), (72, 34), (70, 44)), ((26, 62), (34, 52), (46, 56), (48, 66)),
             ((58, 48), (64, 56), (78, 52), (86, 56))]
    for f in folds:
        _curve(s, WHITE, *f, w=3)


# --- books ---------------------------------------------------------------------------------------------
@icon("tome")
def tome(s, ink):
    s.rect(18, 10, 70, 84, fill=ink, radius=4)                               # back cover
    s.rect(22, 80, 62, 10, fill=WHITE)                                       # page edges
    for y in (83, 86.5):
        s.line(24, y, 84, y, stroke=ink, width=1.5)
    s.rect(12, 6, 72, 78, fill=ink, radius=4)                                # front cover
    s.rect(12, 6, 10, 78, fill=ink, stroke=WHITE, width=2.5, radius=3)       # spine
    s.path([("M", 34, 42), ("C", 42, 30, 62, 30, 70, 42), ("C", 62, 54, 42, 54, 34, 42), ("Z",)], stroke=WHITE,
           width=3)
    s.circle(52, 42, 5, fill=WHITE)
    for a in range(-150, 0, 30):
        _line(s, WHITE, [arc_start(52, 46, 20, a), arc_start(52, 46, 25, a)], 2.5)
    s.rect(78, 36, 14, 12, fill=ink, stroke=WHITE, width=2.5, radius=2)      # clasp


@icon("page")
def page(s, ink):
    s.rect(20, 16, 60, 68, fill=ink)
    for y, x2 in ((30, 70), (39, 64), (48, 70), (57, 58), (66, 68)):
        s.line(30, y, x2, y, stroke=WHITE, width=3.5)
    for y in (8, 78):
        s.path(_rrect(12, y, 76, 14, 7), fill=ink, stroke=WHITE, width=2.5)
        s.circle(12 + 7, y + 7, 3, fill=WHITE)


# --- horrors ----------------------------------------------------------------------------------------------
@icon("skull")
def skull(s, ink):
    s.circle(50, 42, 36, fill=ink)
    s.rect(30, 56, 40, 36, fill=ink, radius=8)
    s.ellipse(36, 46, 9, 10, fill=WHITE)
    s.ellipse(64, 46, 9, 10, fill=WHITE)
    s.polygon([(50, 58), (44, 68), (56, 68)], fill=WHITE, join="round", stroke=WHITE, width=1.5)
    s.line(32, 76, 68, 76, stroke=WHITE, width=3)
    for x in (41, 50, 59):
        s.line(x, 76, x, 92, stroke=WHITE, width=3)


@icon("monster")
def monster(s, ink):
    curls = [((30, 56), (22, 70), (6, 68), (10, 86)), ((40, 58), (36, 76), (24, 86), (30, 95)),
             ((50, 58), (52, 76), (44, 86), (52, 95)), ((60, 58), (66, 76), (76, 84), (70, 95)),
             ((70, 56), (78, 70), (94, 68), (90, 86))]
    for c in curls:
        _tentacle(s, ink, *c, w0=12)
    s.path([("M", 22, 60), ("C", 16, 10, 84, 10, 78, 60), ("C", 70, 66, 30, 66, 22, 60), ("Z",)], fill=ink)
    s.circle(50, 38, 13, fill=WHITE)
    s.ellipse(50, 38, 4, 10, fill=ink)
    for x in (28, 72):
        s.circle(x, 48, 3.5, fill=WHITE)


@icon("ancient-one")
def ancient_one(s, ink):
    for sign in (-1, 1):                                                      # wings
        x = lambda v: 50 + sign * v
        s.polygon([(x(22), 40), (x(40), 12), (x(44), 6), (x(42), 22), (x(46), 30), (x(40), 36), (x(44), 46),
                   (x(30), 52)], fill=ink, join="round", stroke=ink, width=2)
    for i, dx in enumerate((-22, -13, -4, 5, 14, 23)):
        end = 50 + dx * 1.25
        bend = 8 if i % 2 else -8
        _tentacle(s, ink, (50 + dx * 0.8, 52), (50 + dx, 70), (end + bend, 78), (end - bend * 0.5, 94),
                  w0=11, outline=WHITE)
    s.path([("M", 24, 54), ("C", 18, 6, 82, 6, 76, 54), ("C", 68, 62, 32, 62, 24, 54), ("Z",)], fill=ink)
    for sign in (-1, 1):
        cx = 50 + sign * 12
        s.polygon([(cx - 7 * sign, 36), (cx + 8 * sign, 40), (cx - 5 * sign, 43)], fill=WHITE, join="round",
                  stroke=WHITE, width=1.5)
    s.path([("M", 40, 20), ("C", 46, 24, 54, 24, 60, 20)], stroke=WHITE, width=2.5)


# --- the cult ---------------------------------------------------------------------------------------------
@icon("worship")
def worship(s, ink):
    for sign in (-1, 1):                                                     # raised arms in wide sleeves
        s.polygon(_taper(_bezier((50 + sign * 12, 58), (50 + sign * 22, 46), (50 + sign * 30, 30),
                                 (50 + sign * 34, 16)), 16, 9), fill=ink, join="round")
        s.circle(50 + sign * 35, 11, 5.5, fill=ink)
    s.polygon([(34, 52), (66, 52), (82, 94), (18, 94)], fill=ink, join="round", stroke=ink, width=3)
    s.path([("M", 50, 14), ("C", 64, 16, 70, 34, 66, 54), ("L", 34, 54), ("C", 30, 34, 36, 16, 50, 14), ("Z",)],
           fill=ink)
    s.path([("M", 50, 26), ("C", 58, 28, 60, 40, 57, 48), ("L", 43, 48), ("C", 40, 40, 42, 28, 50, 26), ("Z",)],
           fill=ink, stroke=WHITE, width=3)
    s.line(34, 70, 66, 70, stroke=WHITE, width=2.5)


@icon("sanitarium")
def sanitarium(s, ink):
    s.rect(6, 42, 30, 52, fill=ink)
    s.rect(64, 42, 30, 52, fill=ink)
    s.polygon([(4, 44), (21, 34), (38, 44)], fill=ink)
    s.polygon([(62, 44), (79, 34), (96, 44)], fill=ink)
    s.rect(34, 28, 32, 66, fill=ink, stroke=WHITE, width=3)
    s.polygon([(30, 30), (50, 8), (70, 30)], fill=ink, stroke=WHITE, width=3, join="round")
    s.rect(46, 36, 8, 22, fill=WHITE)                                          # the cross
    s.rect(39, 43, 22, 8, fill=WHITE)
    s.path([("M", 43, 94), ("L", 43, 74), *arc_path(50, 74, 7, 180, 360), ("L", 57, 94), ("Z",)], fill=WHITE)
    for x in (11, 23, 69, 81):
        for y in (52, 70):
            s.rect(x, y, 7, 10, fill=WHITE)


@icon("investigator")
def investigator(s, ink):
    _bust(s, ink, top=68)
    for sign in (-1, 1):                                                      # turned-up coat collar
        s.polygon([(50 + sign * 6, 74), (50 + sign * 24, 62), (50 + sign * 20, 80)], fill=ink, stroke=WHITE,
                  width=2.5, join="round")
        _line(s, WHITE, [(50 + sign * 6, 76), (50 + sign * 14, 96)], 2.5)
    s.circle(50, 52, 15, fill=ink)
    s.path([("M", 16, 42), ("C", 28, 34, 72, 34, 84, 42), ("C", 72, 44, 28, 44, 16, 42), ("Z",)], fill=ink,
           stroke=WHITE, width=2.5)
    s.path([("M", 33, 40), ("L", 35, 22), ("C", 37, 14, 45, 16, 50, 20), ("C", 55, 16, 63, 14, 65, 22),
            ("L", 67, 40), ("Z",)], fill=ink)
    s.line(34, 34, 66, 34, stroke=WHITE, width=3)


@icon("footsteps")
def footsteps(s, ink):
    for cx, cy, a in ((32, 60, -12), (66, 36, 12)):
        with _turned(s, a, cx, cy):
            s.path([("M", 0, -30), ("C", 14, -30, 14, -6, 9, 4), ("C", 6, 10, -6, 10, -9, 4),
                    ("C", -14, -6, -14, -30, 0, -30), ("Z",)], fill=ink)
            s.rect(-8, 13, 16, 16, fill=ink, radius=7)


# --- the investigators' kit --------------------------------------------------------------------------------
@icon("revolver")
def revolver(s, ink):
    s.rect(40, 30, 54, 10, fill=ink, radius=2)                                 # barrel
    s.rect(86, 25, 5, 6, fill=ink)
    s.polygon([(20, 30), (12, 22), (16, 19), (28, 28)], fill=ink, join="round", stroke=ink, width=2)   # hammer
    s.rect(34, 40, 52, 5, fill=ink, radius=2)                                  # ejector rod
    s.polygon([(16, 30), (42, 28), (42, 54), (22, 56)], fill=ink)             # frame
    s.path([("M", 20, 48), ("L", 38, 52), ("C", 34, 62, 30, 76, 30, 90), ("L", 10, 90),
            ("C", 10, 74, 14, 60, 20, 48), ("Z",)], fill=ink, join="round")   # grip
    s.path(_rrect(30, 27, 26, 26, 5), fill=ink, stroke=WHITE, width=2.5)      # cylinder
    for y in (35, 45):
        s.line(33, y, 53, y, stroke=WHITE, width=2.5)
    s.path([("M", 38, 54), ("C", 40, 68, 54, 68, 56, 54)], stroke=ink, width=4)
    _line(s, ink, [(45, 54), (43, 62)], 4)
    s.circle(21, 72, 3, fill=WHITE)


@icon("axe")
def axe(s, ink):
    with _turned(s, 35, 48, 52):
        s.rect(-5, -34, 10, 80, fill=ink, radius=5)
        s.rect(-11, -44, 16, 18, fill=ink, radius=3)
        s.path([("M", 4, -42), ("C", 12, -44, 18, -48, 23, -52), ("C", 30, -40, 30, -24, 24, -10),
                ("C", 20, -16, 13, -24, 4, -26), ("Z",)], fill=ink)


@icon("needle")
def needle(s, ink):
    with _turned(s, 45):
        s.polygon([(-2.2, -26), (2.2, -26), (0.6, -56), (-0.6, -56)], fill=ink)
        s.rect(-5, -30, 10, 8, fill=ink, radius=1.5)
        s.rect(-11, -24, 22, 48, fill=ink, radius=3)
        for i, y in enumerate(range(-16, 20, 7)):
            s.line(-11, y, -1 if i % 2 else 3, y, stroke=WHITE, width=2.5)
        s.rect(-19, 24, 38, 6, fill=ink, radius=3)
        s.rect(-3.5, 28, 7, 22, fill=ink)
        s.rect(-12, 48, 24, 7, fill=ink, radius=3)


@icon("turkey")
def turkey(s, ink):
    s.ellipse(50, 86, 45, 8, fill=ink)                                         # platter
    s.path([("M", 12, 80), ("C", 8, 44, 30, 30, 50, 30), ("C", 70, 30, 92, 44, 88, 80), ("Z",)], fill=ink,
           stroke=WHITE, width=3)
    s.path([("M", 40, 42), ("C", 46, 38, 54, 37, 60, 38)], stroke=WHITE, width=3.5, cap="round")
    for sign in (-1, 1):                                                       # drumsticks, in front
        with _turned(s, sign * 36, 50 + sign * 21, 58):
            s.rect(-3.5, -31, 7, 17, fill=ink, stroke=WHITE, width=2)
            s.circle(-4.5, -32, 5, fill=ink)
            s.circle(4.5, -32, 5, fill=ink)
            s.path([("M", 0, -20), ("C", 7, -16, 13, -5, 13, 5), ("C", 13, 14, 7, 20, 0, 20),
                    ("C", -7, 20, -13, 14, -13, 5), ("C", -13, -5, -7, -16, 0, -20), ("Z",)], fill=ink,
                   stroke=WHITE, width=3)
