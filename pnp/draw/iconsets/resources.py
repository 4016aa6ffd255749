"""Resources and goods: wood, stone, brick, wheat, ore, wool, water, fire, food, gold, gems, coins."""
from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import _circle, _cut, _ellipse, _fill, _line, _poly, _rrect, _turned


@icon("wood")
def wood(s, ink):
    """Three logs stacked, their end grain cut in as a ring round the heart."""
    for x, y in ((4, 62), (48, 62), (26, 28)):
        _cut(s, ink, _rrect(x, y, 48, 30, 15), _ellipse(x + 15, y + 15, 9, 10), _ellipse(x + 15, y + 15, 4, 4.5))


@icon("stone")
def stone(s, ink):
    _fill(s, ink, _poly([(8, 86), (14, 58), (34, 44), (52, 50), (58, 86)]))
    _cut(s, ink, _poly([(46, 86), (54, 40), (70, 16), (90, 30), (94, 86)]),
         _poly([(66, 30), (74, 26), (62, 56)]))


@icon("brick")
def brick(s, ink):
    """A wall of bricks, the mortar cut out."""
    rows = [(10, [(6, 44), (48, 94)]), (38, [(6, 24), (28, 72), (76, 94)]), (66, [(6, 44), (48, 94)])]
    for y, bricks in rows:
        for x0, x1 in bricks:
            s.rect(x0, y, x1 - x0, 24, fill=ink, radius=2)


@icon("wheat")
def wheat(s, ink):
    """A sheaf: a stalk and paired grains."""
    _line(s, ink, [(50, 96), (50, 14)], 6)
    for i, y in enumerate((28, 44, 60)):
        for sign in (-1, 1):
            with _turned(s, sign * 35, 50 + sign * 9, y):
                _fill(s, ink, _ellipse(0, 0, 6.5, 12))
    _fill(s, ink, _ellipse(50, 12, 6, 11))


@icon("ore")
def ore(s, ink):
    """A lump of rock with crystals cut into it."""
    _cut(s, ink, _poly([(6, 60), (22, 24), (56, 10), (88, 28), (96, 66), (70, 92), (24, 90)]),
         _poly([(28, 42), (40, 34), (44, 50), (32, 56)]), _poly([(58, 36), (72, 40), (66, 54)]),
         _poly([(46, 64), (64, 62), (60, 78), (44, 78)]))


@icon("wool")
def wool(s, ink):
    """A sheep: a woolly cloud on legs."""
    puffs = [(34, 40, 14), (52, 34, 15), (70, 40, 14), (30, 58, 13), (50, 60, 15), (72, 58, 13)]
    _fill(s, ink, *[_circle(x, y, r) for x, y, r in puffs])
    for x in (36, 46, 58, 68):
        s.rect(x - 3.5, 66, 7, 26, fill=ink, radius=3)
    _cut(s, ink, _ellipse(16, 42, 13, 10), _circle(12, 40, 2.5))


@icon("water")
def water(s, ink):
    _cut(s, ink, [("M", 50, 4), ("C", 64, 30, 84, 46, 84, 64), ("C", 84, 84, 68, 96, 50, 96),
                  ("C", 32, 96, 16, 84, 16, 64), ("C", 16, 46, 36, 30, 50, 4), ("Z",)],
         [("M", 30, 62), ("C", 30, 72, 36, 80, 44, 82), ("L", 42, 86), ("C", 32, 84, 25, 74, 25, 62), ("Z",)])


@icon("fire")
def fire(s, ink):
    _cut(s, ink, [("M", 50, 4), ("C", 58, 26, 86, 40, 84, 68), ("C", 82, 86, 68, 96, 50, 96),
                  ("C", 32, 96, 16, 86, 16, 66), ("C", 16, 50, 28, 40, 30, 28), ("C", 38, 36, 38, 44, 38, 48),
                  ("C", 46, 36, 50, 20, 50, 4), ("Z",)],
         [("M", 50, 52), ("C", 54, 64, 66, 70, 64, 80), ("C", 62, 88, 56, 91, 50, 91),
          ("C", 42, 91, 36, 86, 36, 78), ("C", 36, 70, 46, 64, 50, 52), ("Z",)])


@icon("food")
def food(s, ink):
    """An apple, with its leaf."""
    _fill(s, ink, [("M", 50, 30), ("C", 66, 20, 90, 26, 90, 52), ("C", 90, 76, 72, 96, 58, 94),
                   ("C", 54, 93, 46, 93, 42, 94), ("C", 28, 96, 10, 76, 10, 52), ("C", 10, 26, 34, 20, 50, 30),
                   ("Z",)])
    _line(s, ink, [(50, 30), (48, 8)], 6)
    _fill(s, ink, [("M", 54, 18), ("C", 58, 6, 72, 4, 80, 8), ("C", 76, 18, 64, 22, 54, 18), ("Z",)])


@icon("gold")
def gold(s, ink):
    """Stacked ingots, each with a bevel cut in."""
    for x, y in ((6, 60), (52, 60), (29, 26)):
        _cut(s, ink, _poly([(x, y + 30), (x + 8, y), (x + 34, y), (x + 42, y + 30)]),
             _poly([(x + 13, y + 6), (x + 29, y + 6), (x + 31, y + 12), (x + 11, y + 12)]))


@icon("gem")
def gem(s, ink):
    """A cut stone, its facets cut out as thin lines."""
    outline = _poly([(6, 36), (26, 10), (74, 10), (94, 36), (50, 92)])
    facets = [_poly([(30, 16), (70, 16), (60, 32), (40, 32)]),
              _poly([(14, 38), (34, 38), (45, 76)]), _poly([(41, 38), (59, 38), (50, 78)]),
              _poly([(66, 38), (86, 38), (55, 76)]),
              _poly([(24, 16), (12, 32), (34, 32)]), _poly([(76, 16), (88, 32), (66, 32)])]
    _cut(s, ink, outline, *facets)


@icon("coin")
def coin(s, ink):
    _cut(s, ink, _circle(50, 50, 44), _circle(50, 50, 37), _circle(50, 50, 33),
         _rrect(44, 24, 12, 52, 3))


@icon("coins")
def coins(s, ink):
    """A stack of coins, the rims cut out."""
    for i in range(4):
        y = 82 - i * 14
        _cut(s, ink, _rrect(14, y - 8, 72, 18, 9), _rrect(20, y - 3, 60, 3, 1.5))
    _cut(s, ink, _ellipse(50, 22, 36, 14), _ellipse(50, 22, 27, 8))
