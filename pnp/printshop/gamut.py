"""Colours the press cannot print: each colour a game writes, through the shop's profile, compared with
its design by CIEDE2000, and a warning at the place it is written when the two are more than
`TOLERANCE` apart, naming the printable colour it becomes.

The colours are found where the designer wrote them: every `#rgb`/`#rrggbb` value (and every colour
name under a colour key) of game.yaml and of each component's spec, and of each table cell a deck's
cards are read from; the positions are those the loaded trees and cells keep.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.printshop.colour import Cmyk, srgb_lab

TOLERANCE = 5.0  # ΔE00: about what a trained eye calls "a different colour" side by side
_HEX = "0123456789abcdef"
_COLOUR_KEYS = ("color", "colour", "fill", "stroke", "background", "ink", "border", "stops")


@dataclass(frozen=True)
class Shift:
    """One colour as designed and as printed: its CMYK, its printable look on screen and ΔE00 between."""

    rgb: tuple[float, float, float]
    cmyk: tuple[float, float, float, float]
    printed: tuple[float, float, float]   # the printed colour back in sRGB (0–1 each)
    delta_e: float
    lightness: float = 50.0               # L* as designed
    darkest: float = 0.0                  # L* of the darkest grey the press prints within its ink limit

    @property
    def outside(self) -> bool:
        """Moved more than the tolerance; pure black never is: it is 100 % K by rule, as text wants."""
        return self.delta_e > TOLERANCE and any(self.rgb)

    def words(self, shop_title: str) -> str:
        cmyk = " ".join(f"{round(v * 100)}" for v in self.cmyk)
        why = (f"darker than {shop_title} prints (L* {self.lightness:.0f}; within its ink limit the darkest is "
               f"L* {self.darkest:.0f})" if self.lightness < self.darkest - 2 else f"outside what {shop_title} prints")
        return (f"{hex_of(self.rgb)} is {why}: it prints as {hex_of(self.printed)} "
                f"(CMYK {cmyk}), ΔE00 {self.delta_e:.1f} away; choose that or a colour nearer it")


def shift(rgb: tuple[float, float, float], cmyk: Cmyk) -> Shift:
    """How far one colour moves through the shop's profile."""
    from PIL import Image

    values = cmyk.colour(*rgb)
    printed = cmyk.as_printed(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in values))).getpixel((0, 0))
    designed = srgb_lab(rgb)
    return Shift(rgb, values, tuple(v / 255 for v in printed), delta_e_2000(designed, cmyk.printed_lab(values)),
                 designed[0], cmyk.darkest())


def gamut_warnings(game, cmyk: Cmyk, shop_title: str) -> list:
    """A located warning for each place a colour the press cannot print is written."""
    from pnp.errors import SpecError

    found: dict[tuple, Shift] = {}
    out = []
    for text, pos in colour_places(game):
        rgb = rgb_of(text)
        if rgb not in found:
            found[rgb] = shift(rgb, cmyk)
        if found[rgb].outside:
            out.append(SpecError(pos, found[rgb].words(shop_title)))
    return out


def colour_places(game):
    """(colour as written, where) for each colour the game's own files write, in file order."""
    trees = [getattr(game, "raw", None)] + [c.raw for c in game.components]
    for tree in trees:
        if tree is not None:
            yield from _walk(tree, None)
    for cell, pos in _table_cells(game):
        yield cell, pos


def _walk(node, key):
    from pnp.reading.load import LDict, LList

    if isinstance(node, LDict):
        for k, value in node.items():
            if isinstance(value, str):
                if _is_colour(value, str(k)):
                    yield value, node.value_pos[k]
            else:
                yield from _walk(value, str(k))
    elif isinstance(node, LList):
        for i, value in enumerate(node):
            if isinstance(value, str):
                first = (value.split() or [""])[0]  # a gradient stop: "#120c1c 100%"
                if _is_colour(first, key or ""):
                    yield first, node.item_pos[i]
            else:
                yield from _walk(value, key)


ROWS_READ = 5000  # the table rows read for colours, at most, in each deck


def _table_cells(game):
    """Colour cells of the tables decks read their cards from (their first `ROWS_READ` rows)."""
    from pnp.kinds import kind_module, offering

    for component in offering(game, "cards"):
        for name, value, pos in kind_module(component.kind).table_cells(game, component, ROWS_READ):
            if isinstance(value, str) and _is_colour(value, str(name)):
                yield value, pos


def _is_colour(text: str, key: str) -> bool:
    value = text.strip().lower()
    if value.startswith("#") and len(value) in (4, 7) and all(c in _HEX for c in value[1:]):
        return True
    from pnp.models.types import NAMED_COLORS

    return value in NAMED_COLORS and value != "none" and any(word in key.lower() for word in _COLOUR_KEYS)


def rgb_of(text: str) -> tuple[float, float, float]:
    from pnp.models.types import parse_color

    value = parse_color(text.strip())
    return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))


def hex_of(rgb) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in rgb)


def delta_e_2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation, kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2 + r_t * (dc / s_c) * (dhh / s_h))
