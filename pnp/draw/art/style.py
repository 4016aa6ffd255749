"""Paint and stroke style: colours, opacities, presentation attributes vs style=, and their inheritance."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Callable

from pnp.draw.art.gate import Node
from pnp.draw.art.units import NUM, read_length
from pnp.errors import Pos

CURRENT = "currentColor"  # paint resolved at draw time to the ink
_PROPS = {"fill", "stroke", "stroke-width", "fill-rule", "opacity", "fill-opacity", "stroke-opacity",
          "stroke-linecap", "stroke-linejoin", "display", "font-family", "font-size", "font-weight", "font-style",
          "text-anchor"}
_FONT_PROPS = {"font-family", "font-size", "font-weight", "font-style", "text-anchor"}

COLOURS = {
    # the 16 basic CSS colours
    "black": "#000000", "silver": "#c0c0c0", "gray": "#808080", "white": "#ffffff", "maroon": "#800000",
    "red": "#ff0000", "purple": "#800080", "fuchsia": "#ff00ff", "green": "#008000", "lime": "#00ff00",
    "olive": "#808000", "yellow": "#ffff00", "navy": "#000080", "blue": "#0000ff", "teal": "#008080",
    "aqua": "#00ffff",
    # common extras
    "grey": "#808080", "orange": "#ffa500", "brown": "#a52a2a", "pink": "#ffc0cb", "gold": "#ffd700",
    "cyan": "#00ffff", "magenta": "#ff00ff", "violet": "#ee82ee", "indigo": "#4b0082", "crimson": "#dc143c",
    "tan": "#d2b48c", "beige": "#f5f5dc", "ivory": "#fffff0", "khaki": "#f0e68c", "salmon": "#fa8072",
    "coral": "#ff7f50", "tomato": "#ff6347", "turquoise": "#40e0d0", "skyblue": "#87ceeb",
    "steelblue": "#4682b4", "royalblue": "#4169e1", "forestgreen": "#228b22", "darkgreen": "#006400",
    "darkred": "#8b0000", "darkblue": "#00008b", "lightblue": "#add8e6", "lightgreen": "#90ee90",
    "lightgray": "#d3d3d3", "lightgrey": "#d3d3d3", "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9",
    "dimgray": "#696969", "dimgrey": "#696969", "whitesmoke": "#f5f5f5", "goldenrod": "#daa520",
    "chocolate": "#d2691e", "sienna": "#a0522d", "wheat": "#f5deb3", "plum": "#dda0dd",
}


@dataclass(frozen=True)
class Style:
    """The inherited paint state while walking the tree."""

    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 1.0
    even_odd: bool = False
    opacity: float = 1.0          # group opacity, multiplied down (an approximation for overlaps)
    fill_opacity: float = 1.0
    stroke_opacity: float = 1.0
    cap: str = "butt"
    join: str = "miter"
    font_family: str = "sans-serif"
    font_size: float = 16.0
    bold: bool = False
    italic: bool = False
    text_anchor: str = "start"


@dataclass(frozen=True)
class PaintServer:
    """A fill that refers to a gradient: resolved per shape (its box may set the gradient's geometry)."""

    node: Node
    fallback: str | None

class StyleResolver:
    """Works out each element's style from its parent's; what it cannot use it reports through `warn`."""

    def __init__(self, ids: dict[str, Node], warn: Callable[[Pos, str], None], sheet=None):
        self.ids = ids
        self.warn = warn
        self.sheet = sheet

    def props(self, node: Node, everything: bool = False) -> dict[str, str]:
        """The element's own declarations: presentation attributes, then `<style>` rules, then style=."""
        return style_props(node, everything, self.sheet)

    def resolve(self, node: Node, parent: Style) -> Style:
        """This element's style: the parent's, overridden by presentation attributes, style sheets, then style=."""
        props = self.props(node)
        s = parent
        for name, raw in props.items():
            value = raw.strip()
            if value == "inherit" or name == "display":
                continue
            s = self._apply(node, s, name, value)
        return s

    def _apply(self, node: Node, s: Style, name: str, value: str) -> Style:
        if name in _FONT_PROPS:
            return self._font(node, s, name, value)
        if name in ("fill", "stroke"):
            paint = self._paint_value(node, name, value)
            return s if paint is False else replace(s, **{name: paint})
        if name == "fill-rule":
            return replace(s, even_odd=value == "evenodd")
        if name == "stroke-linecap":
            return replace(s, cap=value) if value in ("butt", "round", "square") else s
        if name == "stroke-linejoin":
            return replace(s, join=value if value in ("round", "bevel") else "miter")
        number = read_opacity(value) if "opacity" in name else read_length(value)
        if number is None:
            self.warn(node.pos, f"{name}: '{value}' is not understood and was ignored")
            return s
        if name == "stroke-width":
            return replace(s, stroke_width=max(0.0, number))
        if name == "opacity":
            return replace(s, opacity=s.opacity * number)
        return replace(s, **{name.replace("-", "_"): number})

    def _paint_value(self, node: Node, name: str, value: str):
        """A paint as '#rrggbb', CURRENT or None; False when it must be ignored."""
        m = re.fullmatch(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)\s*(.*)", value, re.DOTALL)
        if m:
            return self._paint_server(node, name, m.group(1), m.group(2).strip())
        colour = parse_colour(value)
        if colour is False:
            self.warn(node.pos, f"{name} colour '{value}' is not understood and was ignored")
        return colour

    def _font(self, node: Node, s: Style, name: str, value: str) -> Style:
        low = value.lower()
        if name == "font-family":
            return replace(s, font_family=value)
        if name == "font-weight":
            if low in ("bold", "bolder") or (low.isdigit() and int(low) >= 600):
                return replace(s, bold=True)
            return replace(s, bold=False) if low in ("normal", "lighter") or low.isdigit() else s
        if name == "font-style":
            return replace(s, italic=low in ("italic", "oblique"))
        if name == "text-anchor":
            return replace(s, text_anchor=low) if low in ("start", "middle", "end") else s
        m = re.fullmatch(rf"\s*({NUM})\s*(em|%)\s*", low)
        size = (float(m.group(1)) * (s.font_size / 100 if m.group(2) == "%" else s.font_size)) if m else read_length(value)
        if size is None or not 0 < size <= 1e6:
            self.warn(node.pos, f"font-size: '{value}' is not understood and was ignored")
            return s
        return replace(s, font_size=size)

    def _paint_server(self, node: Node, name: str, ref: str, fallback: str):
        target = self.ids.get(ref)
        if target is not None and target.tag in ("linearGradient", "radialGradient"):
            if name == "fill":
                colour = parse_colour(fallback) if fallback else None
                return PaintServer(target, colour if isinstance(colour, str) else None)
            colour = self.gradient_colour(target)
            if colour:
                self.warn(node.pos, "gradient strokes are drawn in one mid colour")
                return colour
        if fallback:
            colour = parse_colour(fallback)
            if colour is not False:
                return colour
        if target is not None and target.tag == "pattern":
            self.warn(node.pos, f"pattern {name}s are not supported: drawn grey")
            return "#808080"
        self.warn(node.pos, f"{name} refers to '#{ref}', which is not a usable gradient; not painted")
        return None

    def gradient_colour(self, gradient: Node) -> str | None:
        """The average colour of a gradient's stops (following its href to shared stops)."""
        for _ in range(8):
            stops = [c for c in (parse_colour(style_props(stop, everything=True).get("stop-color", "black").strip())
                                 for stop in gradient.children if stop.tag == "stop") if isinstance(c, str)]
            if stops:
                return _average([c for c in stops if c != CURRENT] or ["#000000"])
            ref = gradient.attrs.get("href", "")
            gradient = self.ids.get(ref[1:]) if ref else None
            if gradient is None:
                return None
        return None


def style_props(node: Node, everything: bool = False, sheet=None) -> dict[str, str]:
    """Presentation attributes, overridden by matching `<style>` rules, overridden by the style attribute."""
    props = {k: v for k, v in node.attrs.items() if everything or k in _PROPS}
    if sheet is not None:
        for name, value in sheet.declarations(node):
            if everything or name in _PROPS:
                props[name] = value
    for decl in node.attrs.get("style", "").split(";"):
        name, sep, value = decl.partition(":")
        name = name.strip().lower()
        if sep and (everything or name in _PROPS):
            props[name] = value.replace("!important", "").strip()
    return props


def read_opacity(text: str) -> float | None:
    m = re.fullmatch(rf"\s*({NUM})\s*(%?)\s*", text)
    if not m:
        return None
    value = float(m.group(1)) / (100 if m.group(2) else 1)
    return min(1.0, max(0.0, value))


def parse_colour(text: str):
    """'#rrggbb', CURRENT, None (for 'none'), or False when not understood."""
    t = text.strip().lower()
    if t in ("none", "transparent"):
        return None
    if t == "currentcolor":
        return CURRENT
    if t in COLOURS:
        return COLOURS[t]
    if re.fullmatch(r"#[0-9a-f]{6}", t):
        return t
    if re.fullmatch(r"#[0-9a-f]{3}", t):
        return "#" + "".join(ch * 2 for ch in t[1:])
    m = re.fullmatch(r"rgb\(\s*([^,\s]+)\s*,?\s*([^,\s]+)\s*,?\s*([^,\s)]+)\s*\)", t)
    if m:
        channels = [_channel(v) for v in m.groups()]
        if None not in channels:
            return "#" + "".join(f"{c:02x}" for c in channels)
    return False


def _channel(text: str) -> int | None:
    m = re.fullmatch(rf"({NUM})(%?)", text)
    if not m:
        return None
    value = float(m.group(1)) * 255 / 100 if m.group(2) else float(m.group(1))
    return int(math.floor(min(255.0, max(0.0, value)) + 0.5))


def _average(colours: list[str]) -> str:
    sums = [sum(int(c[i:i + 2], 16) for c in colours) / len(colours) for i in (1, 3, 5)]
    return "#" + "".join(f"{int(round(v)):02x}" for v in sums)
