"""Dice faces and the small marks every game needs: arrows, ticks, crosses, a hand of cards."""
from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import WHITE, _circle, _line, _rrect  # noqa: F401


# --- dice ------------------------------------------------------------------------------
_LO, _MID, _HI = 29, 50, 71
_PIPS = {
    1: [(_MID, _MID)],
    2: [(_HI, _LO), (_LO, _HI)],
    3: [(_HI, _LO), (_MID, _MID), (_LO, _HI)],
    4: [(_LO, _LO), (_HI, _LO), (_LO, _HI), (_HI, _HI)],
    5: [(_LO, _LO), (_HI, _LO), (_MID, _MID), (_LO, _HI), (_HI, _HI)],
    6: [(_LO, _LO), (_HI, _LO), (_LO, _MID), (_HI, _MID), (_LO, _HI), (_HI, _HI)],
}


def _die(n):
    def draw(s, ink):
        r = 12 if n == 1 else 9.5
        body = _rrect(7, 7, 86, 86, 16)
        s.path(body + [c for p in _PIPS[n] for c in _circle(*p, r)], fill=ink, even_odd=True)
    draw.__name__ = f"die_{n}"
    draw.__doc__ = f"A die showing {n}, its pips cut out of a solid face."
    return draw


for _n in range(1, 7):
    icon(f"die-{_n}")(_die(_n))


# --- marks -------------------------------------------------------------------------------
@icon("arrow-right")
def arrow_right(s, ink):
    s.polygon([(8, 39), (52, 39), (52, 16), (92, 50), (52, 84), (52, 61), (8, 61)], fill=ink, join="round",
              stroke=ink, width=4)


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


@icon("hand")
def hand(s, ink):
    """A fan of three cards held from below."""
    for angle in (-22, 0, 22):
        s.save()
        s.translate(50, 94)
        s.rotate(angle)
        s.rect(-19, -74, 38, 56, fill=ink, stroke=WHITE, width=4, radius=6)
        s.rect(-12.5, -67.5, 25, 43, stroke=WHITE, width=2.5, radius=3)
        s.restore()
