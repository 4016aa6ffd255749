"""Arrows: the four directions, turn order and exchange."""
from pnp.draw.iconsets import icon
from pnp.draw.iconsets._pen import _arc, _turned

_ARROW = [(-42, -11), (2, -11), (2, -34), (42, 0), (2, 34), (2, 11), (-42, 11)]


def _arrow(angle):
    def draw(s, ink):
        with _turned(s, angle):
            s.polygon(_ARROW, fill=ink, join="round", stroke=ink, width=4)
    return draw


for _name, _angle in (("arrow-right", 0), ("arrow-down", 90), ("arrow-left", 180), ("arrow-up", 270)):
    icon(_name)(_arrow(_angle))


@icon("cycle")
def cycle(s, ink):
    """Two arrows chasing round a circle: a new round, turn order, refresh."""
    for turn in (0, 180):
        with _turned(s, turn):
            _arc(s, ink, 0, 0, 34, 200, 320, 10)
            s.polygon([(26, -36), (42, -8), (10, -12)], fill=ink, stroke=ink, width=3, join="round")


@icon("swap")
def swap(s, ink):
    """Two opposed arrows: trade, exchange."""
    s.rect(10, 26, 56, 12, fill=ink)
    s.polygon([(62, 12), (92, 32), (62, 52)], fill=ink, stroke=ink, width=4, join="round")
    s.rect(34, 62, 56, 12, fill=ink)
    s.polygon([(38, 48), (8, 68), (38, 88)], fill=ink, stroke=ink, width=4, join="round")
