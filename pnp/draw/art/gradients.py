"""SVG `<linearGradient>` and `<radialGradient>` read into a `pnp.draw.gradient.Gradient` for one shape.

What editors write is followed: stops and attributes inherited through
`xlink:href` chains (Inkscape keeps its stops in one gradient and points
others at it), `gradientUnits` (objectBoundingBox, the default, maps the
shape's box to the unit square), `gradientTransform`, percentages, stop
offsets clamped and kept rising, `stop-opacity`. Drawn as "pad" (SVG's
default); `reflect`/`repeat`, a focal point apart from the centre and stop
opacities that vary along the gradient are drawn approximately, with a warning.
"""
from __future__ import annotations

import math
from typing import Callable

from pnp.draw.art.gate import Node
from pnp.draw.art.limits import MAX_STOPS, Refused
from pnp.draw.art.style import CURRENT, parse_colour, read_opacity
from pnp.draw.art.transform import IDENTITY, Matrix, mul, parse_transform
from pnp.draw.art.units import read_length
from pnp.draw.gradient import Gradient
from pnp.errors import Pos

MAX_HREF_CHAIN = 8
_GRADIENTS = ("linearGradient", "radialGradient")
_ATTRS = ("x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "gradientUnits", "gradientTransform", "spreadMethod")
_DEFAULTS = {"x1": "0%", "y1": "0%", "x2": "100%", "y2": "0%", "cx": "50%", "cy": "50%", "r": "50%"}


def resolve_gradient(node: Node, ids: dict[str, Node], bbox: tuple[float, float, float, float] | None,
                     ctm: Matrix, viewport: tuple[float, float], props: Callable[[Node], dict],
                     warn: Callable[[Pos, str], None], at: Pos) -> tuple[Gradient | str | None, float]:
    """(the paint, an opacity factor) for a shape whose fill refers to `node`.

    The paint is a Gradient in the art's coordinates, a single colour (one
    stop), or None (no stops, or a bounding box without area).
    """
    chain = _chain(node, ids)
    attrs: dict[str, str] = {}
    for link in chain:  # the referring gradient wins; those it links to fill in what it leaves out
        for name in _ATTRS:
            if name not in attrs and name in link.attrs and (link.tag == node.tag or name in (
                    "gradientUnits", "gradientTransform", "spreadMethod")):
                attrs[name] = link.attrs[name]
    stops_of = next((link for link in chain if any(c.tag == "stop" for c in link.children)), None)
    if stops_of is not None and sum(1 for c in stops_of.children if c.tag == "stop") > MAX_STOPS:
        raise Refused(stops_of.pos, f"a gradient has more than {MAX_STOPS} stops")
    stops, opacities = _stops(stops_of, props, warn) if stops_of is not None else ([], [])
    if not stops:
        return None, 1.0
    opacity = sum(opacities) / len(opacities)
    if max(opacities) - min(opacities) > 1e-6:
        warn(at, "a gradient whose stop opacities differ is drawn with their average opacity")
    if len(stops) == 1:
        return stops[0][1], opacity
    spread = attrs.get("spreadMethod", "pad").strip()
    if spread in ("reflect", "repeat"):
        warn(at, f"gradient spreadMethod=\"{spread}\" is drawn as \"pad\" (its end colours continue)")
    bounding = attrs.get("gradientUnits", "objectBoundingBox").strip() != "userSpaceOnUse"
    if bounding:
        if bbox is None or bbox[2] <= 0 or bbox[3] <= 0:
            return None, 1.0  # SVG: a bounding-box gradient on a shape without area is not painted
        units: Matrix = (bbox[2], 0.0, 0.0, bbox[3], bbox[0], bbox[1])
    else:
        units = IDENTITY
    transform = parse_transform(attrs.get("gradientTransform", "")) if attrs.get("gradientTransform") else IDENTITY
    if transform is None:
        warn(at, f"gradientTransform '{attrs['gradientTransform']}' is not understood and was ignored")
        transform = IDENTITY
    number = _reader(bounding, viewport, warn, at)
    if node.tag == "linearGradient":
        coords = tuple(number(attrs.get(k, _DEFAULTS[k]), k) for k in ("x1", "y1", "x2", "y2"))
    else:
        cx, cy, r = (number(attrs.get(k, _DEFAULTS[k]), k) for k in ("cx", "cy", "r"))
        fx, fy = number(attrs.get("fx", attrs.get("cx", "50%")), "cx"), number(attrs.get("fy", attrs.get("cy", "50%")), "cy")
        if math.hypot(fx - cx, fy - cy) > 1e-6 * max(1.0, abs(r)):
            warn(at, "a radial gradient's focal point (fx, fy) is drawn at its centre")
        coords = (cx, cy, r)
    matrix = mul(mul(ctm, units), transform)
    return Gradient("linear" if node.tag == "linearGradient" else "radial", tuple(stops), coords, matrix), opacity


def _chain(node: Node, ids: dict[str, Node]) -> list[Node]:
    """The gradient and those it links to by href, each once, at most MAX_HREF_CHAIN."""
    chain = [node]
    while len(chain) < MAX_HREF_CHAIN:
        ref = chain[-1].attrs.get("href", "")
        target = ids.get(ref[1:]) if ref.startswith("#") else None
        if target is None or target.tag not in _GRADIENTS or any(target is c for c in chain):
            break
        chain.append(target)
    return chain


def _stops(gradient: Node, props: Callable[[Node], dict], warn) -> tuple[list[tuple[float, str]], list[float]]:
    """(offset, colour) pairs with offsets clamped to 0..1 and never falling; and each stop's opacity."""
    stops: list[tuple[float, str]] = []
    opacities: list[float] = []
    last = 0.0
    for stop in (c for c in gradient.children if c.tag == "stop"):
        p = props(stop)
        offset_text = stop.attrs.get("offset", "0").strip()
        offset = read_opacity(offset_text)  # a number or a percentage, clamped to 0..1, as an offset is
        if offset is None:
            warn(stop.pos, f"stop offset '{offset_text}' is not a number; 0 used")
            offset = 0.0
        last = max(last, offset)
        colour = parse_colour(p.get("stop-color", "black"))
        if colour is False:
            warn(stop.pos, f"stop-color '{p.get('stop-color')}' is not understood; black used")
            colour = "#000000"
        opacity = read_opacity(p.get("stop-opacity", "1"))
        stops.append((last, CURRENT if colour == CURRENT else (colour or "#000000")))
        opacities.append(1.0 if opacity is None else opacity)
    return stops, opacities


def _reader(bounding: bool, viewport: tuple[float, float], warn, at: Pos):
    """Reads a gradient coordinate: fractions of the box (bounding-box units) or lengths (user space)."""
    w, h = viewport

    def number(text: str, name: str) -> float:
        text = text.strip()
        percent = text.endswith("%")
        value = read_length(text[:-1] if percent else text)
        if value is None:
            warn(at, f"gradient {name}=\"{text}\" is not a length; its default is used")
            default = _DEFAULTS.get(name, "50%")
            value, percent = float(default.rstrip("%")), default.endswith("%")
        if not percent:
            return value
        if bounding:
            return value / 100
        base = math.sqrt((w * w + h * h) / 2) if name == "r" else (h if "y" in name else w)
        return value / 100 * base

    return number
