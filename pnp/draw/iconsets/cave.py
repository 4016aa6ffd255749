"""Icons for a cave-looting archaeology card game: measures (volume, weight, value), the dig and its loot.

The small shape helpers are shared with the farm set.
"""
from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import WHITE, _circle, _cut, _line, _poly, _rrect, _turned
from pnp.draw.surface import arc_path, arc_start


# --- the three measures ------------------------------------------------------------------------
@icon("measuring-cup")
def measuring_cup(s, ink):
    s.path([("M", 72, 36), ("C", 94, 36, 94, 72, 70, 74)], stroke=ink, width=8, cap="round")
    s.path([("M", 6, 18), ("L", 22, 26), ("L", 76, 22), ("L", 70, 86), ("C", 69.5, 90, 67, 92, 64, 92),
            ("L", 28, 92), ("C", 25, 92, 22.5, 90, 22, 86), ("L", 18, 36), ("Z",)], fill=ink, join="round",
           stroke=ink, width=3)
    for i, y in enumerate((42, 54, 66, 78)):
        s.line(26, y, 46 if i % 2 == 0 else 38, y, stroke=WHITE, width=3.5)


@icon("scale")
def scale(s, ink):
    s.polygon([(30, 93), (70, 93), (62, 83), (38, 83)], fill=ink, join="round", stroke=ink, width=3)
    s.rect(46.5, 22, 7, 64, fill=ink)
    s.circle(50, 17, 6, fill=ink)
    s.rect(12, 23, 76, 6, fill=ink, radius=3)
    for cx in (18, 82):
        _line(s, ink, [(cx - 13, 60), (cx, 27), (cx + 13, 60)], 3.5)
        s.path([("M", cx - 15, 59), ("L", cx + 15, 59), *arc_path(cx, 59, 15, 0, 180)], fill=ink)


@icon("handshake")
def handshake(s, ink):
    for sign in (-1, 1):                                                   # sleeves and cuffs
        _line(s, ink, [(50 + sign * 34, 72), (50 + sign * 16, 56)], 18)
        with _turned(s, sign * -45, 50 + sign * 35, 75):
            s.rect(-13, -6, 26, 12, fill=ink, stroke=WHITE, width=2.5, radius=2)
    s.save()                                                               # the hands, a size up
    s.translate(50, 56)
    s.scale(1.3, 1.3)
    s.translate(-50, -56)
    # the lower hand, from the right: its fingers curl round under the clasp
    s.path([("M", 70, 48), ("C", 60, 40, 46, 42, 34, 50), ("C", 30, 53, 30, 58, 34, 60),
            ("C", 32, 66, 38, 70, 42, 67), ("C", 42, 73, 48, 75, 51, 71), ("C", 52, 76, 58, 77, 60, 73),
            ("C", 62, 76, 68, 74, 68, 70), ("L", 74, 62), ("Z",)], fill=ink, stroke=WHITE, width=2.5,
           join="round")
    # the upper hand, from the left: back of the hand and the thumb on top
    s.path([("M", 28, 60), ("C", 34, 46, 46, 38, 60, 38), ("C", 70, 38, 74, 44, 68, 47), ("L", 56, 50),
            ("C", 62, 54, 66, 58, 66, 62), ("C", 60, 64, 50, 62, 42, 60), ("Z",)], fill=ink, stroke=WHITE,
           width=2.5, join="round")
    s.restore()


@icon("coin")
def coin(s, ink):
    _cut(s, ink, _circle(50, 50, 44), _poly([(39, 39), (61, 39), (61, 61), (39, 61)]))
    s.circle(50, 50, 36, stroke=WHITE, width=3)
    for a in (-90, 0, 90, 180):
        x, y = arc_start(50, 50, 24, a)
        s.rect(x - 4, y - 4, 8, 8, fill=WHITE, radius=1) if a % 180 else s.circle(x, y, 4.5, fill=WHITE)


# --- the dig ------------------------------------------------------------------------------------------
@icon("seismograph")
def seismograph(s, ink):
    s.rect(4, 49, 8, 10, fill=ink)                                        # axle
    s.rect(88, 49, 8, 10, fill=ink)
    s.rect(10, 26, 80, 56, fill=ink, radius=8)                            # the recording drum
    for x in (17, 83):
        s.path([("M", x, 30), ("C", x + (4 if x < 50 else -4), 44, x + (4 if x < 50 else -4), 64, x, 78)],
               stroke=WHITE, width=2.5)
    trace = [(20, 56), (30, 56), (33, 52), (36, 59), (40, 55), (44, 56), (48, 36), (53, 74), (57, 40),
             (61, 66), (65, 48), (68, 60), (71, 54), (74, 56)]
    _line(s, WHITE, trace, 3.5)
    s.path([("M", 74, 56), ("L", 86, 10)], stroke=WHITE, width=9, cap="round")
    _line(s, ink, [(74, 56), (86, 10)], 5)                                 # the pen arm
    s.circle(86, 10, 5, fill=ink)


@icon("backpack")
def backpack(s, ink):
    s.path([("M", 40, 24), ("C", 40, 8, 60, 8, 60, 24)], stroke=ink, width=6)
    s.rect(10, 42, 14, 40, fill=ink, radius=5)                            # side pockets
    s.rect(76, 42, 14, 40, fill=ink, radius=5)
    s.path(_rrect(20, 20, 60, 74, 16), fill=ink, stroke=WHITE, width=3)
    s.path([("M", 20, 44), ("C", 30, 58, 70, 58, 80, 44)], stroke=WHITE, width=3)   # flap
    s.rect(45, 50, 10, 12, fill=WHITE, radius=2)
    s.rect(48, 53, 4, 6, fill=ink)
    s.path(_rrect(30, 66, 40, 20, 5), stroke=WHITE, width=3)


@icon("pickaxe")
def pickaxe(s, ink):
    with _turned(s, 45):
        s.rect(-5, -34, 10, 90, fill=ink, radius=5)
        s.path([("M", -40, -14), ("C", -28, -40, 28, -40, 40, -14), ("C", 24, -27, -24, -27, -40, -14), ("Z",)],
               fill=ink, join="round", stroke=ink, width=3)
        s.rect(-9, -42, 18, 16, fill=ink, radius=3)


@icon("lantern")
def lantern(s, ink):
    s.path([("M", 34, 22), ("C", 32, 4, 68, 4, 66, 22)], stroke=ink, width=5)
    s.polygon([(28, 28), (72, 28), (64, 16), (36, 16)], fill=ink, join="round", stroke=ink, width=3)
    _cut(s, ink, _rrect(26, 28, 48, 50, 16), _rrect(33, 33, 34, 40, 12))
    s.path([("M", 50, 38), ("C", 58, 50, 60, 58, 50, 68), ("C", 40, 58, 42, 50, 50, 38), ("Z",)], fill=ink)
    s.rect(48, 66, 4, 8, fill=ink)
    s.rect(24, 76, 52, 12, fill=ink, radius=3)
    s.rect(20, 86, 60, 7, fill=ink, radius=3)


@icon("quake")
def quake(s, ink):
    s.polygon([(4, 60), (46, 60), (40, 68), (49, 76), (42, 85), (47, 94), (4, 94)], fill=ink)
    s.polygon([(54, 50), (96, 50), (96, 94), (55, 94), (50, 85), (57, 76), (48, 68), (54, 60)], fill=ink)
    for x0, y0 in ((24, 52), (76, 42)):
        for dx, h in ((-12, 10), (0, 14), (12, 10)):
            _line(s, ink, [(x0 + dx * 0.9, y0 - 4), (x0 + dx * 1.3, y0 - 4 - h)], 5)


# --- the loot ---------------------------------------------------------------------------------------------
@icon("idol")
def idol(s, ink):
    s.rect(18, 84, 64, 10, fill=ink, radius=2)                            # pedestal
    s.polygon([(31, 46), (69, 46), (74, 82), (26, 82)], fill=ink)
    s.rect(20, 16, 60, 14, fill=ink, radius=4)                            # headdress
    s.rect(28, 8, 44, 40, fill=ink, radius=12)
    s.rect(35, 22, 11, 5, fill=WHITE, radius=2.5)
    s.rect(54, 22, 11, 5, fill=WHITE, radius=2.5)
    s.rect(42, 35, 16, 4, fill=WHITE, radius=2)
    s.path([("M", 33, 54), ("C", 36, 66, 44, 66, 50, 64), ("C", 56, 66, 64, 66, 67, 54)], stroke=WHITE, width=3)
    s.line(50, 70, 50, 82, stroke=WHITE, width=3)


@icon("vase")
def vase(s, ink):
    for sign in (-1, 1):                                                  # handles
        s.path([("M", 50 + sign * 8, 18), ("C", 50 + sign * 26, 14, 50 + sign * 28, 30, 50 + sign * 18, 40)],
               stroke=ink, width=6, cap="round")
    s.rect(34, 6, 32, 9, fill=ink, radius=3)                               # lip
    s.rect(41, 12, 18, 20, fill=ink)                                       # neck
    s.path([("M", 42, 28), ("C", 12, 34, 14, 66, 38, 84), ("L", 44, 90), ("L", 56, 90), ("L", 62, 84),
            ("C", 86, 66, 88, 34, 58, 28), ("Z",)], fill=ink)
    s.rect(40, 88, 20, 6, fill=ink, radius=2)                              # foot
    s.path([("M", 22, 46), ("C", 40, 52, 60, 52, 78, 46)], stroke=WHITE, width=3)
    s.path([("M", 25, 66), ("C", 40, 71, 60, 71, 75, 66)], stroke=WHITE, width=3)
    zig = [(24 + i * 5.6, 56 + (5 if i % 2 else 0) + 1.5) for i in range(10)]
    _line(s, WHITE, zig, 2.5)


@icon("crown")
def crown(s, ink):
    s.polygon([(12, 68), (9, 30), (31, 52), (50, 20), (69, 52), (91, 30), (88, 68)], fill=ink, join="round",
              stroke=ink, width=3)
    for x, y in ((9, 27), (50, 16), (91, 27)):
        s.circle(x, y, 5.5, fill=ink)
    s.rect(10, 70, 80, 16, fill=ink, radius=2)
    for x in (28, 72):
        s.circle(x, 78, 4, fill=WHITE)
    s.polygon([(50, 72), (56, 78), (50, 84), (44, 78)], fill=WHITE)


@icon("gem")
def gem(s, ink):
    s.polygon([(26, 16), (74, 16), (95, 40), (50, 92), (5, 40)], fill=ink, join="round", stroke=ink, width=3)
    _line(s, WHITE, [(7, 40), (93, 40)], 3)
    _line(s, WHITE, [(26, 17), (36, 40), (50, 17), (64, 40), (74, 17)], 3)
    _line(s, WHITE, [(36, 40), (50, 88), (64, 40)], 3)
