"""Icons for farm games: farm buildings and tools, farm folk and animals, and alien kit.

Drawn for a black-and-white card game: solid silhouettes in one ink, white only
for small details on top of the ink.
"""
import math
from contextlib import contextmanager

from pnp.draw.iconsets import icon
from pnp.draw.surface import arc_path, arc_start

from pnp.draw.iconsets._pen import WHITE, _arc, _bezier, _bust, _circle, _curve, _cut, _leaf, _line, _poly, _rrect, _taper, _turned  # noqa: F401


@icon("house")
def house(s, ink):
    s.rect(66, 14, 11, 22, fill=ink)                                     # chimney
    s.polygon([(4, 49), (50, 7), (96, 49), (89, 57), (50, 22), (11, 57)], fill=ink)
    _cut(s, ink, _poly([(20, 53), (50, 27), (80, 53), (80, 94), (20, 94)]),
         _rrect(46, 66, 16, 28, 3), _rrect(27, 62, 13, 13, 2))


@icon("barn")
def barn(s, ink):
    outline = _poly([(8, 94), (8, 46), (19, 25), (50, 8), (81, 25), (92, 46), (92, 94)])
    _cut(s, ink, outline, _poly([(29, 56), (71, 56), (71, 94), (29, 94)]), _rrect(42, 26, 16, 16, 2))
    s.line(8, 47, 92, 47, stroke=WHITE, width=3)
    s.rect(34.5, 61.5, 31, 30, stroke=ink, width=5)
    _line(s, ink, [(35, 62), (65, 91)], 5)
    _line(s, ink, [(65, 62), (35, 91)], 5)


@icon("shed")
def shed(s, ink):
    _cut(s, ink, _poly([(16, 46), (84, 31), (84, 94), (16, 94)]), _poly([(38, 58), (62, 58), (62, 94), (38, 94)]))
    _line(s, ink, [(7, 47), (93, 28)], 9)                                 # single-pitch roof
    s.rect(41, 61, 18, 30, stroke=ink, width=4)
    _line(s, ink, [(42, 89), (58, 63)], 5)                                # door brace
    s.rect(68, 48, 10, 10, fill=WHITE)
    s.line(73, 48, 73, 58, stroke=ink, width=2)
    s.line(68, 53, 78, 53, stroke=ink, width=2)


# --- the field -------------------------------------------------------------------------------
@icon("corn")
def corn(s, ink):
    s.polygon(_taper(_bezier((50, 96), (49, 70), (52, 40), (50, 14)), 9, 4), fill=ink)
    _leaf(s, ink, (50, 76), (36, 60), (18, 56), (7, 68), 11)
    _leaf(s, ink, (50, 62), (64, 46), (82, 42), (93, 54), 11)
    _leaf(s, ink, (50, 46), (40, 34), (28, 28), (16, 34), 9)
    _leaf(s, ink, (51, 32), (58, 24), (68, 20), (78, 24), 7)
    with _turned(s, 24, 60, 64):                                          # the ear on its husk
        s.ellipse(0, 0, 7.5, 16, fill=ink, stroke=WHITE, width=3)
    for x in (42, 50, 58):
        _line(s, ink, [(50, 16), (x, 5)], 4.5)


@icon("power")
def power(s, ink):
    s.polygon([(61, 4), (18, 56), (45, 56), (34, 96), (82, 40), (55, 40), (72, 4)], fill=ink, stroke=ink,
              width=3, join="round")


@icon("scarecrow")
def scarecrow(s, ink):
    s.rect(46, 50, 8, 46, fill=ink)
    shirt = [(14, 42), (86, 42), (86, 55), (67, 55), (69, 80), (62, 74), (56, 82), (50, 74), (44, 82), (38, 74),
             (31, 80), (33, 55), (14, 55)]
    s.polygon(shirt, fill=ink, join="round", stroke=ink, width=2)
    for sign in (1, -1):                                                  # straw hands
        x = 50 + sign * 36
        s.polygon([(x, 43), (x + sign * 10, 37), (x + sign * 7, 46), (x + sign * 10, 52), (x + sign * 7, 56),
                   (x, 54)], fill=ink)
    s.rect(57, 59, 7, 7, stroke=WHITE, width=2)                            # patch
    s.circle(50, 30, 11, fill=ink)
    s.circle(46, 29, 2.2, fill=WHITE)
    s.circle(54, 29, 2.2, fill=WHITE)
    s.path([("M", 44, 35), ("L", 47, 37), ("L", 50, 35), ("L", 53, 37), ("L", 56, 35)], stroke=WHITE, width=1.8)
    s.rect(26, 19, 48, 5, fill=ink, radius=2.5)                            # hat brim
    s.polygon([(37, 20), (45, 5), (57, 8), (63, 20)], fill=ink, join="round", stroke=ink, width=2)


@icon("crop-circle")
def crop_circle(s, ink):
    s.circle(50, 50, 12, fill=ink)
    s.circle(50, 50, 25, stroke=ink, width=6)
    s.circle(50, 50, 37, stroke=ink, width=2.5, dash=(4, 3))
    for a in (-90, 30, 150):
        x, y = arc_start(50, 50, 37, a)
        _line(s, ink, [arc_start(50, 50, 25, a), (x, y)], 5)
        s.circle(x, y, 8, fill=ink)
    for a in (-30, 90, 210):
        s.circle(*arc_start(50, 50, 37, a), 3.5, fill=ink)


# --- tools, held at 45 degrees -----------------------------------------------------------------
@icon("pitchfork")
def pitchfork(s, ink):
    with _turned(s, 45):
        s.rect(-4, -10, 8, 66, fill=ink, radius=4)
        s.path([("M", -15, -38), ("L", -15, -24), ("C", -15, -14, -9, -10, 0, -10),
                ("C", 9, -10, 15, -14, 15, -24), ("L", 15, -38)], stroke=ink, width=7)
        s.rect(-3.5, -40, 7, 32, fill=ink)
        for x in (-15, 0, 15):
            s.polygon([(x - 3.5, -38), (x, -48 if x == 0 else -46), (x + 3.5, -38)], fill=ink)


@icon("screwdriver")
def screwdriver(s, ink):
    with _turned(s, 45):
        s.rect(-10, 12, 20, 46, fill=ink, radius=9)
        for x in (-4, 4):
            s.line(x, 21, x, 49, stroke=WHITE, width=2.5)
        s.rect(-7, 6, 14, 8, fill=ink, radius=1.5)
        s.rect(-3.5, -48, 7, 56, fill=ink)
        s.polygon([(-3.5, -48), (-5.5, -52), (-5.5, -57), (5.5, -57), (5.5, -52), (3.5, -48)], fill=ink)


@icon("hammer")
def hammer(s, ink):
    with _turned(s, 45):
        s.rect(-5.5, -30, 11, 88, fill=ink, radius=5)
        s.rect(-6.5, 30, 13, 28, fill=ink, radius=6)                      # grip
        s.rect(1, -44, 20, 20, fill=ink, radius=3)                         # striking face
        s.rect(-8, -41, 12, 14, fill=ink)
        s.polygon(_taper(_bezier((-6, -34), (-14, -36), (-20, -32), (-24, -24)), 13, 3), fill=ink)
        s.line(4, -41, 4, -27, stroke=WHITE, width=2)


@icon("wrench")
def wrench(s, ink):
    with _turned(s, 45):
        s.polygon([(-7, -30), (7, -30), (6, 30), (-6, 30)], fill=ink)
        cy, r, half = -39.0, 17.0, 6.5
        top = math.degrees(math.asin(half / r))
        a0 = -90 + top
        jaw = [("M", *arc_start(0, cy, r, a0)), *arc_path(0, cy, r, a0, 270 - top),
               ("L", -half, cy + 4), ("L", half, cy + 4), ("Z",)]
        s.path(jaw, fill=ink)
        _cut(s, ink, _circle(0, 42, 15), _poly([arc_start(0, 42, 7.5, a) for a in range(0, 360, 60)]))


@icon("pliers")
def pliers(s, ink):
    for sign in (-1, 1):
        s.polygon([(50 + sign * 1, 6), (50 + sign * 11, 28), (50 + sign * 9, 44), (50, 46)], fill=ink,
                  join="round", stroke=ink, width=2)
        _curve(s, ink, (50 - sign * 3, 48), (50 + sign * 10, 62), (50 + sign * 24, 76), (50 + sign * 32, 92), 12)
    s.line(50, 9, 50, 40, stroke=WHITE, width=2.5)
    s.circle(50, 45, 9, fill=ink, stroke=WHITE, width=2.5)
    s.circle(50, 45, 3, fill=WHITE)


@icon("saw")
def saw(s, ink):
    with _turned(s, -14):
        teeth = []
        for i in range(10):
            x = -42 + i * 6
            teeth += [(x, 12), (x + 3, 18)]
        blade = [(18, -14), (-44, -2), (-46, 2), (-46, 12)] + teeth + [(18, 12)]
        s.polygon(blade, fill=ink, join="round")
        _cut(s, ink, _rrect(14, -22, 32, 44, 13), _rrect(23, -10, 14, 22, 6))
        s.circle(17, -6, 2.2, fill=WHITE)
        s.circle(17, 6, 2.2, fill=WHITE)


@icon("toolbox")
def toolbox(s, ink):
    s.path([("M", 35, 32), ("L", 35, 16), ("L", 65, 16), ("L", 65, 32)], stroke=ink, width=7, join="round")
    s.polygon([(12, 42), (16, 30), (84, 30), (88, 42)], fill=ink, join="round", stroke=ink, width=3)
    s.rect(6, 42, 88, 48, fill=ink, radius=5)
    s.line(6, 45, 94, 45, stroke=WHITE, width=3)
    s.rect(43, 40, 14, 12, fill=WHITE, radius=2)
    s.rect(46.5, 43, 7, 6, fill=ink, radius=1)


@icon("sprocket")
def sprocket(s, ink):
    teeth = 12
    outline = []
    for i in range(teeth):
        a = i * 360 / teeth
        for da, r in ((-10, 33), (-6, 45), (6, 45), (10, 33)):
            outline.append(arc_start(50, 50, r, a + da))
    holes = [_circle(50, 50, 10)] + [_circle(*arc_start(50, 50, 22, a), 5.5) for a in range(-90, 270, 72)]
    _cut(s, ink, _poly(outline), *holes)


@icon("duct-tape")
def duct_tape(s, ink):
    torn = [(92, 66), (88, 69), (93, 72), (88, 75), (93, 78), (88, 81), (92, 84)]
    s.polygon([(42, 66), (42, 84)] + torn[::-1], fill=ink)
    _cut(s, ink, _circle(42, 46, 38), _circle(42, 46, 17))
    s.circle(42, 46, 27.5, stroke=WHITE, width=2)
    s.line(62, 66, 86, 66, stroke=WHITE, width=2)


@icon("keys")
def keys(s, ink):
    def key(x, y, angle, length):
        with _turned(s, angle, x, y):
            teeth = [(3.5, length - 24), (13, length - 24), (13, length - 18), (8, length - 18), (8, length - 13),
                     (13, length - 13), (13, length - 4), (3.5, length)]
            outline = [("M", -4, 10), ("L", -4, length), ("L", 3.5, length)] + [("L", *p) for p in teeth[::-1]]
            s.path(outline + [("L", 4, 10), ("Z",)], fill=ink, stroke=WHITE, width=2.5, join="round")
            _cut(s, ink, _circle(0, 0, 14), _circle(0, -5, 4.5))
            s.circle(0, 0, 14, stroke=WHITE, width=2.5)
            s.line(-1, 18, -1, length - 3, stroke=WHITE, width=2)
    s.circle(44, 18, 11, stroke=ink, width=5)
    key(33, 32, 22, 56)
    key(56, 32, -34, 58)


# --- bits and pieces -------------------------------------------------------------------------------
@icon("corncob")
def corncob(s, ink):
    with _turned(s, 40):
        s.rect(-4, 36, 8, 17, fill=ink, radius=2)
        for sign in (-1, 1):
            s.path([("M", 0, 46), ("C", sign * 26, 36, sign * 26, 6, sign * 12, -22),
                    ("C", sign * 14, 0, sign * 8, 26, 0, 40), ("Z",)], fill=ink)
        s.ellipse(0, -8, 16.5, 38, fill=ink, stroke=WHITE, width=3)
        for row in range(9):
            y = -36 + row * 7
            for col in (-8, 0, 8):
                x = col + (3.5 if row % 2 else 0) - 2
                if (x / 13.5) ** 2 + ((y + 8) / 34) ** 2 < 1:
                    s.circle(x, y, 2.3, fill=WHITE)


@icon("bone")
def bone(s, ink):
    with _turned(s, -45):
        s.rect(-34, -8.5, 68, 17, fill=ink)
        for x in (-34, 34):
            for y in (-10, 10):
                s.circle(x, y, 12.5, fill=ink)


@icon("sandwich")
def sandwich(s, ink):
    _line(s, ink, [(50, 10), (50, 34)], 4)                                # cocktail stick
    s.circle(50, 11, 6.5, fill=ink)
    s.rect(8, 27, 84, 15, fill=ink, radius=7)                             # top slice
    wave = [("M", 5, 46)]
    for i in range(6):
        x = 5 + i * 15
        wave.append(("C", x + 4, 40, x + 11, 40, x + 15, 46))
    wave += [("L", 95, 52), ("L", 5, 52), ("Z",)]
    s.path(wave, fill=ink)                                                # lettuce
    s.polygon([(10, 55), (90, 55), (90, 60), (72, 60), (67, 67), (62, 60), (34, 60), (28, 68), (23, 60),
               (10, 60)], fill=ink)                                       # cheese
    s.rect(12, 63, 76, 7, fill=ink, radius=3.5)
    s.rect(8, 73, 84, 15, fill=ink, radius=5)                             # bottom slice


@icon("clothesline")
def clothesline(s, ink):
    for x in (9, 91):
        s.rect(x - 3.5, 16, 7, 80, fill=ink)
        s.rect(x - 5, 94 - 3, 10, 5, fill=ink)
    s.path([("M", 9, 22), ("C", 35, 36, 65, 36, 91, 22)], stroke=ink, width=4)
    s.polygon([(24, 30), (40, 30), (51, 40), (45, 47), (41, 42), (41, 72), (23, 72), (23, 42), (19, 47),
               (13, 40)], fill=ink, join="round", stroke=ink, width=2)   # shirt
    s.path([("M", 28, 30), ("C", 29, 36, 35, 36, 36, 30)], stroke=WHITE, width=2)
    s.polygon([(57, 31), (79, 30), (82, 76), (72, 76), (68, 47), (65, 76), (55, 76)], fill=ink,
              join="round", stroke=ink, width=2)                          # trousers
    for x, y in ((26, 28), (38, 29), (59, 29), (77, 28)):
        s.rect(x - 2, y - 5, 4, 8, fill=ink)


@icon("towel")
def towel(s, ink):
    s.line(12, 20, 88, 20, stroke=ink, width=5)
    s.circle(10, 20, 5.5, fill=ink)
    s.circle(90, 20, 5.5, fill=ink)
    s.rect(28, 20, 44, 72, fill=ink, radius=3)                            # back half
    s.path(_rrect(22, 12, 56, 66, 6), fill=ink, stroke=WHITE, width=3)   # front half over the rail
    s.rect(22, 58, 56, 4, fill=WHITE)
    s.rect(22, 65, 56, 2.5, fill=WHITE)


# --- household ---------------------------------------------------------------------------------------
@icon("alarm-clock")
def alarm_clock(s, ink):
    for sign in (-1, 1):
        d = -90 + sign * 45
        bx, by = arc_start(50, 55, 40, d)
        s.path([("M", *arc_start(bx, by, 14, d - 90)), *arc_path(bx, by, 14, d - 90, d + 90), ("Z",)], fill=ink)
        _line(s, ink, [arc_start(50, 55, 30, 90 - sign * 42), arc_start(50, 55, 43, 90 - sign * 42)], 7)
    s.circle(50, 55, 36, fill=WHITE)
    _cut(s, ink, _circle(50, 55, 34), _circle(50, 55, 25))
    _line(s, ink, [(50, 55), (50, 39)], 6)
    _line(s, ink, [(50, 55), (62, 62)], 5)
    s.circle(50, 55, 4.5, fill=ink)
    s.rect(46, 14, 8, 8, fill=ink)


@icon("radio")
def radio(s, ink):
    _line(s, ink, [(74, 34), (89, 9)], 4.5)
    s.circle(89, 9, 4, fill=ink)
    body = _rrect(6, 32, 88, 58, 9)
    dots = [_circle(31 + dx, 61 + dy, 2.6) for dx in (-12, -6, 0, 6, 12) for dy in (-12, -6, 0, 6, 12)
            if dx * dx + dy * dy <= 150]
    _cut(s, ink, body, _rrect(56, 42, 30, 12, 2), _circle(63, 73, 7), _circle(79, 73, 7), *dots)
    s.rect(70, 43, 3, 10, fill=ink)
    s.rect(61.5, 66, 3, 7, fill=ink)
    s.rect(77.5, 66, 3, 7, fill=ink)
    s.rect(12, 88, 10, 6, fill=ink)
    s.rect(78, 88, 10, 6, fill=ink)


@icon("battery")
def battery(s, ink):
    s.rect(9, 28, 76, 44, stroke=ink, width=7, radius=6)
    s.rect(85, 40, 9, 20, fill=ink, radius=2)
    for x in (18, 40, 62):
        s.rect(x, 37, 16, 26, fill=ink, radius=1.5)


@icon("signal")
def signal(s, ink):
    _line(s, ink, [(34, 94), (50, 38), (66, 94)], 6)
    _line(s, ink, [(45, 56), (55, 56), (41, 72), (59, 72), (37, 88), (63, 88)], 4.5)
    s.circle(50, 34, 7, fill=ink)
    for r in (15, 27, 39):
        _arc(s, ink, 50, 34, r, -40, 40, 6)
        _arc(s, ink, 50, 34, r, 140, 220, 6)


# --- visitors from above --------------------------------------------------------------------------
@icon("saucer")
def saucer(s, ink):
    s.path([("M", 27, 50), *arc_path(50, 50, 23, 180, 360), ("Z",)], fill=ink)
    _arc(s, WHITE, 50, 50, 16, 215, 245, 3.5)
    s.ellipse(50, 67, 18, 8, fill=ink)
    s.ellipse(50, 56, 46, 13, fill=ink, stroke=WHITE, width=3)
    for x in (22, 36, 50, 64, 78):
        s.circle(x, 58 - (2 if x == 50 else 0), 3.5, fill=WHITE)


@icon("spacecraft")
def spacecraft(s, ink):
    _line(s, ink, [(50, 30), (50, 11)], 4)
    s.circle(50, 9, 4, fill=ink)
    for x in (32, 50, 68):
        s.path([("M", x - 10, 60), *arc_path(x, 60, 10, 0, 180)], fill=ink)
    s.ellipse(50, 57, 46, 13, fill=ink, stroke=WHITE, width=2.5)
    s.ellipse(50, 44, 31, 10, fill=ink, stroke=WHITE, width=2.5)
    s.path([("M", 36, 40), *arc_path(50, 40, 14, 180, 360), ("Z",)], fill=ink)
    for x in range(14, 90, 9):
        s.circle(x, 58, 2.4, fill=WHITE)
    for x in (30, 40, 50, 60, 70):
        s.rect(x - 3, 43, 6, 4, fill=WHITE)
    for i, y in enumerate((77, 85, 93)):                                 # the tractor beam
        s.rect(50 - 9 - 5 * i, y - 2.5, 18 + 10 * i, 5, fill=ink, radius=2.5)


@icon("memory-eraser")
def memory_eraser(s, ink):
    s.polygon([(14, 36), (6, 22), (24, 30)], fill=ink, join="round", stroke=ink, width=3)      # fins
    s.polygon([(14, 50), (6, 62), (24, 54)], fill=ink, join="round", stroke=ink, width=3)
    s.polygon([(56, 37), (80, 39), (80, 47), (56, 49)], fill=ink)                                # barrel
    for x in (62, 71):
        s.rect(x, 32, 5, 22, fill=ink, radius=2)
    s.polygon([(78, 40), (92, 30), (92, 56), (78, 46)], fill=ink, join="round", stroke=ink, width=3)
    s.polygon([(26, 52), (44, 52), (38, 86), (22, 84)], fill=ink, join="round", stroke=ink, width=5)  # grip
    s.path([("M", 44, 54), ("C", 54, 58, 54, 70, 42, 70)], stroke=ink, width=4)
    s.ellipse(36, 43, 24, 15, fill=ink)                                                          # bulb
    s.path([("M", 22, 38), ("C", 28, 31, 40, 30, 48, 34)], stroke=WHITE, width=3, cap="round")
    for y in (74, 80):
        s.line(29, y, 37, y + 0.5, stroke=WHITE, width=2)


@icon("tractor")
def tractor(s, ink):
    s.rect(27, 24, 6, 26, fill=ink, radius=1.5)                           # exhaust
    s.polygon([(10, 50), (58, 46), (58, 70), (10, 70)], fill=ink, join="round", stroke=ink, width=4)
    _cut(s, ink, _poly([(50, 12), (86, 12), (86, 50), (50, 50)]), _rrect(56, 18, 24, 22, 2))
    _arc(s, ink, 66, 66, 30, 195, 335, 6)
    s.circle(66, 66, 26, fill=ink, stroke=WHITE, width=4)
    s.circle(66, 66, 11, fill=WHITE)
    s.circle(66, 66, 5, fill=ink)
    s.circle(22, 78, 15, fill=ink, stroke=WHITE, width=4)
    s.circle(22, 78, 6, fill=WHITE)
    s.circle(22, 78, 2.5, fill=ink)


# --- people ---------------------------------------------------------------------------------------
@icon("farmer")
def farmer(s, ink):
    _bust(s, ink)
    s.path([("M", 38, 96), ("L", 38, 80), ("L", 62, 80), ("L", 62, 96)], stroke=WHITE, width=3)
    _line(s, WHITE, [(33, 69), (38, 80)], 3)
    _line(s, WHITE, [(67, 69), (62, 80)], 3)
    s.circle(50, 48, 16, fill=ink)
    s.ellipse(50, 36, 39, 8, fill=ink, stroke=WHITE, width=3)
    s.path([("M", 33, 36), ("L", 36, 19), ("C", 37, 12, 63, 12, 64, 19), ("L", 67, 36), ("Z",)], fill=ink)
    s.line(35, 30, 65, 30, stroke=WHITE, width=3)
    _line(s, ink, [(60, 58), (74, 52)], 3)                                # a straw


@icon("farmers-wife")
def farmers_wife(s, ink):
    _bust(s, ink, left=16, right=84)
    s.path([("M", 38, 96), ("L", 38, 80), ("C", 42, 83, 58, 83, 62, 80), ("L", 62, 96)], stroke=WHITE, width=3)
    s.path([("M", 38, 80), ("C", 38, 72, 44, 68, 45, 66)], stroke=WHITE, width=2.5)
    s.path([("M", 62, 80), ("C", 62, 72, 56, 68, 55, 66)], stroke=WHITE, width=2.5)
    s.circle(50, 24, 10, fill=ink, stroke=WHITE, width=3)                  # the bun
    s.circle(50, 47, 16, fill=ink)
    _line(s, WHITE, [(50, 34), (50, 39)], 2.5)                             # the parting
    s.circle(50, 69, 3.5, fill=WHITE)                                       # a brooch


@icon("policeman")
def policeman(s, ink):
    _bust(s, ink)
    s.polygon([(42, 66), (50, 78), (58, 66)], fill=WHITE)
    s.polygon([(47, 70), (53, 70), (54, 90), (50, 94), (46, 90)], fill=ink)
    s.path(_poly([(31, 76), (33, 82), (39, 82), (34, 86), (36, 92), (31, 88), (26, 92), (28, 86), (23, 82),
                  (29, 82)]), fill=WHITE)
    s.circle(50, 50, 15, fill=ink)
    s.path([("M", 22, 30), ("C", 20, 16, 40, 10, 50, 10), ("C", 60, 10, 80, 16, 78, 30), ("Z",)], fill=ink)
    s.rect(33, 29, 34, 9, fill=ink, stroke=WHITE, width=2.5)
    s.path([("M", 31, 39), ("L", 69, 39), ("C", 64, 47, 36, 47, 31, 39), ("Z",)], fill=ink, stroke=WHITE,
           width=2)
    s.path(_poly([(50, 15), (56, 18), (55, 25), (50, 28), (45, 25), (44, 18)]), fill=WHITE)


@icon("fbi")
def fbi(s, ink):
    _bust(s, ink)
    s.polygon([(41, 66), (50, 88), (59, 66)], fill=WHITE)
    s.polygon([(47, 68), (53, 68), (54, 84), (50, 88), (46, 84)], fill=ink)
    _line(s, WHITE, [(38, 68), (46, 90)], 2)
    _line(s, WHITE, [(62, 68), (54, 90)], 2)
    s.path([("M", 32, 38), ("C", 30, 16, 70, 16, 68, 38), ("L", 68, 50), ("C", 68, 66, 32, 66, 32, 50), ("Z",)],
           fill=ink)
    s.path([("M", 33, 30), ("C", 36, 18, 58, 14, 68, 28)], stroke=WHITE, width=2)       # slick parting
    for x in (33, 51):
        s.rect(x, 36, 16, 10, fill=ink, stroke=WHITE, width=2.5, radius=3)
    s.line(49, 39, 51, 39, stroke=WHITE, width=2.5)
    s.path([("M", 68, 46), ("C", 74, 52, 66, 58, 70, 66), ("L", 70, 80)], stroke=WHITE, width=2)   # earpiece


# --- animals ---------------------------------------------------------------------------------------
@icon("dog")
def dog(s, ink):
    _curve(s, ink, (28, 50), (18, 46), (12, 38), (12, 26), 7)            # tail
    s.rect(22, 44, 50, 22, fill=ink, radius=11)
    for x in (24, 34, 58, 67):
        s.rect(x, 56, 8, 36, fill=ink, radius=3)
        s.rect(x, 87, 11, 5, fill=ink, radius=2.5)
    s.polygon([(58, 50), (64, 28), (80, 28), (74, 52)], fill=ink)          # neck
    s.circle(73, 28, 13, fill=ink)
    s.rect(76, 25, 18, 13, fill=ink, radius=5)                             # snout
    s.path([("M", 66, 18), ("C", 60, 22, 58, 34, 62, 42), ("C", 66, 40, 70, 30, 70, 20), ("Z",)], fill=ink,
           stroke=WHITE, width=2.5)                                         # ear
    s.circle(78, 24, 2.5, fill=WHITE)


@icon("cow")
def cow(s, ink):
    _curve(s, ink, (86, 40), (92, 48), (93, 58), (92, 70), 4)             # tail
    s.ellipse(92, 72, 4, 6, fill=ink)
    s.rect(30, 34, 60, 32, fill=ink, radius=13)
    for x in (32, 42, 72, 81):
        s.rect(x, 58, 8, 34, fill=ink, radius=2)
    s.ellipse(62, 68, 8, 5, fill=ink)                                       # udder
    s.polygon([(22, 30), (38, 34), (40, 56), (26, 52)], fill=ink)          # neck
    s.rect(8, 24, 22, 28, fill=ink, radius=9)                              # head
    s.ellipse(17, 50, 11, 8, fill=ink, stroke=WHITE, width=2.5)            # muzzle
    s.circle(13, 51, 2, fill=WHITE)
    s.circle(21, 51, 2, fill=WHITE)
    _curve(s, ink, (11, 26), (8, 20), (8, 16), (11, 12), 5)                # horns
    _curve(s, ink, (27, 26), (30, 20), (30, 16), (27, 12), 5)
    s.ellipse(34, 30, 6, 3.5, fill=ink)                                     # ear
    s.circle(15, 34, 2.3, fill=WHITE)
    for cx, cy, rx, ry in ((50, 44, 9, 6), (74, 52, 8, 6), (66, 39, 5, 3.5)):
        s.ellipse(cx, cy, rx, ry, fill=WHITE)


@icon("chicken")
def chicken(s, ink):
    for x in (46, 60):
        _line(s, ink, [(x, 74), (x - 1, 90)], 5)
        _line(s, ink, [(x - 8, 92), (x - 1, 90), (x + 5, 93)], 4)
    s.polygon([(64, 44), (82, 12), (92, 22), (94, 44), (84, 62)], fill=ink, join="round", stroke=ink, width=4)
    s.ellipse(54, 58, 30, 21, fill=ink)
    s.polygon([(20, 36), (40, 28), (50, 48), (28, 56)], fill=ink)
    s.circle(30, 31, 12, fill=ink)
    for x, y in ((23, 19), (30, 16), (37, 19)):
        s.circle(x, y, 4.5, fill=ink)
    s.polygon([(20, 28), (8, 34), (20, 38)], fill=ink, join="round", stroke=ink, width=2)
    s.ellipse(21, 45, 3.5, 5.5, fill=ink)
    s.circle(28, 29, 2.5, fill=WHITE)
    s.path([("M", 42, 56), ("C", 52, 72, 72, 70, 78, 54)], stroke=WHITE, width=3, cap="round")


@icon("crow")
def crow(s, ink):
    s.polygon([(70, 54), (94, 48), (92, 58), (94, 68), (70, 64)], fill=ink, join="round", stroke=ink, width=2)
    s.ellipse(50, 59, 24, 9, fill=ink)
    s.circle(27, 53, 9, fill=ink)
    s.polygon([(22, 48), (6, 55), (22, 59)], fill=ink, join="round", stroke=ink, width=2)
    wing = [(40, 55), (36, 36), (44, 16), (56, 5), (58, 15), (64, 8), (66, 18), (74, 12), (74, 23), (82, 20),
            (74, 36), (62, 54)]
    s.polygon([(x + 8, y + 2) for x, y in wing[1:-1]] + [(62, 52)], fill=ink, join="round", stroke=ink,
              width=2)                                                                    # far wing
    s.polygon(wing, fill=ink, join="round", stroke=WHITE, width=2.5)                     # near wing
    s.circle(26, 51, 2, fill=WHITE)


# --- watched -----------------------------------------------------------------------------------------
@icon("eye")
def eye(s, ink):
    for a, b in (((50, 26), (50, 11)), ((33, 29), (27, 15)), ((67, 29), (73, 15)), ((19, 36), (10, 25)),
                 ((81, 36), (90, 25))):
        _line(s, ink, [a, b], 5)
    s.path([("M", 5, 52), ("C", 25, 18, 75, 18, 95, 52), ("C", 75, 86, 25, 86, 5, 52), ("Z",),
            ("M", 16, 52), ("C", 32, 30, 68, 30, 84, 52), ("C", 68, 74, 32, 74, 16, 52), ("Z",)],
           fill=ink, even_odd=True)
    s.circle(50, 52, 16, fill=ink)
    s.circle(55, 47, 4.5, fill=WHITE)
