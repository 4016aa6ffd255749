"""Dice faces, their pips cut out of a solid face."""
from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import _circle, _cut, _rrect, _turned

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
        _cut(s, ink, _rrect(7, 7, 86, 86, 16), *[_circle(*p, r) for p in _PIPS[n]])
    draw.__name__ = f"die_{n}"
    draw.__doc__ = f"A die showing {n}, its pips cut out of a solid face."
    return draw


for _n in range(1, 7):
    icon(f"die-{_n}")(_die(_n))


@icon("dice")
def dice(s, ink):
    """Two dice, one tilted: "roll"."""
    with _turned(s, 20, 70, 31):
        _cut(s, ink, _rrect(-22, -22, 44, 44, 9), _circle(-9, -9, 5.5), _circle(9, 9, 5.5))
    _cut(s, ink, _rrect(4, 42, 54, 54, 11), _circle(17, 55, 6), _circle(31, 69, 6), _circle(45, 83, 6))
