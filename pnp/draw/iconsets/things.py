"""Things of play: weapons and armour, tools, keys, books, treasure, time, cards and people."""
import math

from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import (_arc, _bar, _circle, _cut, _ellipse, _fill, _heart, _line, _poly, _rrect,
                                    _star, _turned)
from pnp.geometry.curves import arc_path


# --- fight -----------------------------------------------------------------------------------
@icon("sword")
def sword(s, ink):
    with _turned(s, 45):
        _cut(s, ink, _poly([(-8, 14), (-8, -50), (0, -62), (8, -50), (8, 14)]), _bar(0, 8, 0, -48, 3))
        s.rect(-24, 12, 48, 10, fill=ink, radius=4)
        s.rect(-5, 22, 10, 22, fill=ink)
        s.circle(0, 48, 8, fill=ink)


@icon("shield")
def shield(s, ink):
    outline = [("M", 50, 4), ("C", 64, 12, 78, 14, 90, 14), ("C", 90, 54, 78, 80, 50, 96),
               ("C", 22, 80, 10, 54, 10, 14), ("C", 22, 14, 36, 12, 50, 4), ("Z",)]
    inner = [("M", 50, 14), ("C", 61, 20, 71, 22, 80, 22), ("C", 79, 52, 70, 72, 50, 86), ("Z",)]
    _cut(s, ink, outline, inner)


@icon("axe")
def axe(s, ink):
    _line(s, ink, [(22, 94), (66, 10)], 9)
    _fill(s, ink, [("M", 54, 20), ("C", 64, 28, 80, 30, 92, 24), ("C", 96, 42, 90, 58, 78, 66),
                   ("C", 74, 54, 62, 44, 46, 40), ("Z",)])


@icon("bow")
def bow(s, ink):
    s.path([("M", 20, 8), ("C", 80, 14, 80, 86, 20, 92)], stroke=ink, width=9, cap="round")
    _line(s, ink, [(22, 10), (22, 90)], 3)
    _line(s, ink, [(10, 50), (84, 50)], 5)
    s.polygon([(96, 50), (80, 40), (84, 50), (80, 60)], fill=ink)
    s.polygon([(10, 50), (2, 42), (14, 42), (20, 50), (14, 58), (2, 58)], fill=ink)


@icon("skull")
def skull(s, ink):
    head = [("M", 50, 6), ("C", 74, 6, 88, 22, 88, 44), ("C", 88, 58, 80, 64, 74, 68), ("L", 74, 90),
            ("L", 26, 90), ("L", 26, 68), ("C", 20, 64, 12, 58, 12, 44), ("C", 12, 22, 26, 6, 50, 6), ("Z",)]
    teeth = [_rrect(x, 76, 7, 14, 2) for x in (33, 46.5, 60)]
    _cut(s, ink, head, _ellipse(35, 44, 10, 11), _ellipse(65, 44, 10, 11),
         _poly([(50, 56), (44, 67), (56, 67)]), *teeth)


@icon("bomb")
def bomb(s, ink):
    _cut(s, ink, _circle(44, 58, 36), _ellipse(30, 44, 7, 10))
    s.rect(56, 18, 18, 16, fill=ink, radius=2)
    s.path([("M", 66, 20), ("C", 70, 8, 80, 6, 86, 12)], stroke=ink, width=5, cap="round")
    s.polygon(_star(89, 11, 10, 4, 6), fill=ink)


@icon("heart")
def heart(s, ink):
    _fill(s, ink, _heart(50, 52, 96))


@icon("lightning")
def lightning(s, ink):
    s.polygon([(61, 4), (18, 56), (45, 56), (34, 96), (82, 40), (55, 40), (72, 4)], fill=ink, stroke=ink,
              width=3, join="round")


# --- tools and keys ----------------------------------------------------------------------------
@icon("hammer")
def hammer(s, ink):
    _line(s, ink, [(24, 92), (62, 34)], 10)
    with _turned(s, 33, 64, 30):
        _fill(s, ink, _poly([(-30, -10), (22, -10), (28, -16), (32, -16), (32, 14), (28, 14), (22, 8), (-30, 8)]))


@icon("pickaxe")
def pickaxe(s, ink):
    _line(s, ink, [(18, 92), (66, 26)], 9)
    s.path([("M", 10, 34), ("C", 36, 6, 70, 2, 96, 14), ("C", 76, 14, 48, 20, 14, 40), ("Z",)], fill=ink,
           stroke=ink, width=4, join="round")


@icon("gear")
def gear(s, ink):
    teeth = 8
    pts = []
    for i in range(teeth * 4):
        a = math.radians(i * 360 / (teeth * 4) - 90 + 360 / teeth / 8)
        r = 46 if (i % 4) in (0, 1) else 36
        pts.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
    _cut(s, ink, _poly(pts), _circle(50, 50, 14))


@icon("key")
def key(s, ink):
    _cut(s, ink, _circle(26, 50, 20), _circle(26, 50, 9))
    s.rect(42, 44, 52, 12, fill=ink, radius=2)
    s.rect(70, 56, 8, 14, fill=ink)
    s.rect(84, 56, 8, 18, fill=ink)


@icon("lock")
def lock(s, ink):
    _arc(s, ink, 50, 40, 22, 180, 360, 10)
    s.rect(22, 38, 10, 10, fill=ink)
    s.rect(68, 38, 10, 10, fill=ink)
    _cut(s, ink, _rrect(14, 44, 72, 52, 8), _circle(50, 64, 7), _poly([(47, 66), (53, 66), (55, 84), (45, 84)]))


@icon("potion")
def potion(s, ink):
    flask = [("M", 40, 14), ("L", 60, 14), ("L", 60, 36), ("C", 78, 42, 90, 56, 90, 70),
             ("C", 90, 86, 76, 96, 50, 96), ("C", 24, 96, 10, 86, 10, 70), ("C", 10, 56, 22, 42, 40, 36), ("Z",)]
    liquid_line = [("M", 18, 62), ("L", 82, 62), ("L", 82, 65), ("L", 18, 65), ("Z",)]
    _cut(s, ink, flask, liquid_line, _circle(36, 78, 5), _circle(58, 82, 3.5))
    s.rect(34, 4, 32, 10, fill=ink, radius=3)


@icon("bag")
def bag(s, ink):
    body = [("M", 36, 30), ("L", 64, 30), ("C", 86, 44, 94, 66, 90, 82), ("C", 88, 92, 80, 96, 70, 96),
            ("L", 30, 96), ("C", 20, 96, 12, 92, 10, 82), ("C", 6, 66, 14, 44, 36, 30), ("Z",)]
    _cut(s, ink, body, _bar(34, 38, 66, 38, 3.5))
    s.polygon([(36, 30), (30, 8), (42, 14), (50, 6), (58, 14), (70, 8), (64, 30)], fill=ink, join="round",
              stroke=ink, width=3)


@icon("book")
def book(s, ink):
    _cut(s, ink, _rrect(14, 6, 72, 88, 5), _rrect(22, 78, 60, 8, 2), _bar(36, 28, 72, 28, 4), _bar(36, 40, 64, 40, 4))


@icon("scroll")
def scroll(s, ink):
    _cut(s, ink, _rrect(18, 14, 64, 72, 3), *[_bar(28, y, x, y, 4) for y, x in ((30, 72), (42, 66), (54, 72), (66, 58))])
    for y in (14, 86):
        _cut(s, ink, _rrect(8, y - 8, 84, 16, 8), _circle(16, y, 3.5), _circle(84, y, 3.5))


@icon("card")
def card(s, ink):
    """A playing card, its corner index and centre pip cut out."""
    _cut(s, ink, _rrect(18, 6, 64, 88, 8), _rrect(25, 13, 50, 74, 4))
    s.polygon([(50, 30), (64, 50), (50, 70), (36, 50)], fill=ink)


@icon("cards")
def cards(s, ink):
    """A deck: a card with two more behind it."""
    for dx in (16, 8):
        s.path(_rrect(10 + dx, 14 - dx * 0.6, 56, 78, 7), stroke=ink, width=5)
    _cut(s, ink, _rrect(10, 18, 56, 78, 7), _poly([(38, 40), (50, 57), (38, 74), (26, 57)]))


@icon("hand")
def hand(s, ink):
    """A fan of three cards held from below: the two behind show only beside the front one, past a gap."""
    for angle, clip_x in ((-24, 0), (24, 73)):
        s.save()
        s.clip_rect(clip_x, 0, 27, 100)
        with _turned(s, angle, 50, 94):
            _cut(s, ink, _rrect(-20, -78, 40, 58, 6), _rrect(-14, -72, 28, 46, 3))
        s.restore()
    _cut(s, ink, _rrect(31, 16, 38, 58, 6), _poly([(50, 32), (60, 45), (50, 58), (40, 45)]))


@icon("crown")
def crown(s, ink):
    _cut(s, ink, _poly([(8, 28), (30, 52), (50, 18), (70, 52), (92, 28), (84, 76), (16, 76)]),
         _poly([(50, 56), (56, 63), (50, 70), (44, 63)]))
    for x, y in ((8, 24), (50, 14), (92, 24)):
        s.circle(x, y, 6, fill=ink)
    s.rect(16, 80, 68, 10, fill=ink, radius=2)


@icon("trophy")
def trophy(s, ink):
    _fill(s, ink, [("M", 24, 8), ("L", 76, 8), ("L", 76, 30), ("C", 76, 50, 64, 60, 50, 60),
                   ("C", 36, 60, 24, 50, 24, 30), ("Z",)])
    for sign in (-1, 1):
        x = 50 + sign * 26
        s.path([("M", x, 16), ("C", x + sign * 19, 16, x + sign * 18, 44, x - sign * 2, 44)], stroke=ink, width=6)
    s.rect(44, 58, 12, 20, fill=ink)
    s.rect(28, 78, 44, 14, fill=ink, radius=3)


@icon("flag")
def flag(s, ink):
    _line(s, ink, [(20, 94), (20, 8)], 8)
    _fill(s, ink, [("M", 24, 10), ("C", 44, 2, 58, 20, 88, 12), ("L", 88, 52), ("C", 58, 60, 44, 42, 24, 50), ("Z",)])


@icon("eye")
def eye(s, ink):
    outline = [("M", 4, 50), ("C", 24, 18, 76, 18, 96, 50), ("C", 76, 82, 24, 82, 4, 50), ("Z",)]
    _cut(s, ink, outline, _circle(50, 50, 21))
    s.circle(50, 50, 11, fill=ink)


@icon("magnifier")
def magnifier(s, ink):
    _cut(s, ink, _circle(40, 40, 32), _circle(40, 40, 22))
    _line(s, ink, [(64, 64), (90, 90)], 14)


# --- time ------------------------------------------------------------------------------------
@icon("clock")
def clock(s, ink):
    _cut(s, ink, _circle(50, 50, 45), _circle(50, 50, 37))
    _line(s, ink, [(50, 24), (50, 50), (68, 62)], 8)
    for a in range(0, 360, 90):
        x, y = 50 + 31 * math.cos(math.radians(a)), 50 + 31 * math.sin(math.radians(a))
        s.circle(x, y, 3, fill=ink)


@icon("hourglass")
def hourglass(s, ink):
    s.rect(16, 4, 68, 10, fill=ink, radius=3)
    s.rect(16, 86, 68, 10, fill=ink, radius=3)
    glass = [("M", 24, 14), ("L", 76, 14), ("C", 76, 36, 56, 42, 56, 50), ("C", 56, 58, 76, 64, 76, 86),
             ("L", 24, 86), ("C", 24, 64, 44, 58, 44, 50), ("C", 44, 42, 24, 36, 24, 14), ("Z",)]
    top_empty = [("M", 32, 20), ("L", 68, 20), ("C", 66, 26, 62, 30, 58, 32), ("L", 42, 32), ("C", 38, 30, 34, 26, 32, 20), ("Z",)]
    _cut(s, ink, glass, top_empty)                      # sand: the top's emptied, the bottom full


@icon("sun")
def sun(s, ink):
    s.circle(50, 50, 22, fill=ink)
    for i in range(8):
        with _turned(s, i * 45):
            s.rect(-4, -46, 8, 16, fill=ink, radius=4)


@icon("moon")
def moon(s, ink):
    s.path([("M", 62, 6), ("C", 34, 14, 26, 48, 42, 72), ("C", 54, 88, 76, 92, 92, 82),
            ("C", 62, 100, 8, 90, 8, 50), ("C", 8, 22, 34, 2, 62, 6), ("Z",)], fill=ink)


# --- people ----------------------------------------------------------------------------------
_MEEPLE = [("M", 50, 4), ("C", 60, 4, 66, 12, 66, 20), ("C", 66, 26, 63, 30, 60, 32), ("L", 88, 42),
           ("C", 96, 45, 96, 58, 86, 58), ("L", 70, 56), ("L", 88, 90), ("C", 90, 96, 86, 96, 82, 96),
           ("L", 60, 96), ("L", 50, 76), ("L", 40, 96), ("L", 18, 96), ("C", 14, 96, 10, 96, 12, 90),
           ("L", 30, 56), ("L", 14, 58), ("C", 4, 58, 4, 45, 12, 42), ("L", 40, 32),
           ("C", 37, 30, 34, 26, 34, 20), ("C", 34, 12, 40, 4, 50, 4), ("Z",)]


@icon("meeple")
def meeple(s, ink):
    _fill(s, ink, _MEEPLE)


@icon("person")
def person(s, ink):
    s.circle(50, 26, 18, fill=ink)
    s.path([("M", 14, 94), ("C", 14, 62, 30, 50, 50, 50), ("C", 70, 50, 86, 62, 86, 94), ("Z",)], fill=ink)


@icon("people")
def people(s, ink):
    """A group of two, side by side."""
    for cx, cy, r, top, half in ((30, 34, 14, 56, 26), (70, 34, 14, 56, 26)):
        s.circle(cx, cy, r, fill=ink)
        s.path([("M", cx - half, 94), ("C", cx - half, 66, cx - 14, top, cx, top), ("C", cx + 14, top, cx + half, 66,
               cx + half, 94), ("Z",)], fill=ink)


@icon("castle")
def castle(s, ink):
    wall = _poly([(8, 94), (8, 30), (20, 30), (20, 40), (30, 40), (30, 30), (42, 30), (42, 40), (58, 40), (58, 30),
                  (70, 30), (70, 40), (80, 40), (80, 30), (92, 30), (92, 94)])
    gate = [("M", 38, 94), ("L", 38, 72), *arc_path(50, 72, 12, 180, 360), ("L", 62, 94), ("Z",)]
    _cut(s, ink, wall, gate, _rrect(19, 54, 8, 14, 3), _rrect(73, 54, 8, 14, 3))


@icon("house")
def house(s, ink):
    s.rect(66, 14, 11, 22, fill=ink)
    s.polygon([(4, 49), (50, 7), (96, 49), (89, 57), (50, 22), (11, 57)], fill=ink)
    _cut(s, ink, _poly([(20, 53), (50, 27), (80, 53), (80, 94), (20, 94)]), _rrect(46, 66, 16, 28, 3),
         _rrect(27, 62, 13, 13, 2))


@icon("tree")
def tree(s, ink):
    s.rect(43, 68, 14, 28, fill=ink)
    s.polygon([(50, 4), (78, 36), (66, 36), (88, 60), (74, 60), (94, 78), (6, 78), (26, 60), (12, 60), (34, 36),
               (22, 36)], fill=ink, stroke=ink, width=3, join="round")


@icon("mountain")
def mountain(s, ink):
    _cut(s, ink, _poly([(2, 90), (36, 22), (52, 50), (66, 32), (98, 90)]),
         _poly([(36, 34), (44, 50), (38, 46), (32, 52), (28, 46)]))


@icon("anchor")
def anchor(s, ink):
    _cut(s, ink, _circle(50, 14, 10), _circle(50, 14, 4.5))
    _line(s, ink, [(50, 24), (50, 88)], 9)
    _line(s, ink, [(32, 36), (68, 36)], 8)
    s.path([("M", 14, 58), ("C", 16, 80, 32, 92, 50, 92), ("C", 68, 92, 84, 80, 86, 58)], stroke=ink, width=8,
           cap="round")
    for x, sgn in ((14, 1), (86, -1)):
        s.polygon([(x - 9, 62), (x + 9, 62), (x, 50)], fill=ink)


@icon("ship")
def ship(s, ink):
    s.path([("M", 4, 66), ("L", 96, 66), ("L", 82, 88), ("L", 18, 88), ("Z",)], fill=ink, stroke=ink, width=3,
           join="round")
    _line(s, ink, [(50, 66), (50, 6)], 5)
    s.polygon([(54, 10), (54, 58), (88, 58)], fill=ink)
    s.polygon([(46, 20), (46, 58), (16, 58)], fill=ink)


@icon("backpack")
def backpack(s, ink):
    """A pack with side pockets: its flap, buckle and front pocket cut in."""
    s.path([("M", 40, 24), ("C", 40, 8, 60, 8, 60, 24)], stroke=ink, width=6)
    s.rect(5, 44, 12, 38, fill=ink, radius=4)                               # side pockets, a gap from the body
    s.rect(83, 44, 12, 38, fill=ink, radius=4)
    sag = [(x, 40 + 10 * (1 - ((x - 50) / 30) ** 2)) for x in range(20, 81, 5)]
    flap = _poly([(x, y) for x, y in sag] + [(x, y + 3.5) for x, y in reversed(sag)])
    _cut(s, ink, _rrect(20, 20, 60, 74, 16), flap, _rrect(44, 56, 12, 11, 2), _rrect(30, 72, 40, 16, 5),
         _rrect(34, 76, 32, 8, 2))
    s.rect(48, 59, 4, 5, fill=ink)
