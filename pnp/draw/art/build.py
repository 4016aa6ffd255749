"""Walk the gated tree into shapes: elements, <use>, transforms and styles applied, everything bounded."""
from __future__ import annotations

import math
import re

from pnp.draw.art.bbox import path_bbox
from pnp.draw.art.css import StyleSheet
from pnp.draw.art.gate import Node
from pnp.draw.art.gradients import resolve_gradient
from pnp.draw.art.limits import (MAX_NUMBER, MAX_RENDER_DEPTH, MAX_SHAPES, MAX_STOPS_DRAWN, MAX_USE_DEPTH, MIN_BOX,
                                 OutOfRange, Refused)
from pnp.draw.art.model import Art, Clip, Shape
from pnp.draw.art.pathdata import parse_path
from pnp.draw.art.style import PaintServer, Style, StyleResolver
from pnp.draw.art.text import TextReader
from pnp.draw.art.transform import IDENTITY, Matrix, map_commands, mul, parse_transform, translate
from pnp.draw.art.units import fmt_number, read_length, read_numbers
from pnp.geometry.curves import ellipse_path, rect_path
from pnp.draw.gradient import Gradient
from pnp.errors import Pos

_SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
_CONTAINERS = {"svg", "g", "a", "switch"}
# definitions, drawn only where something refers to them, and what has nothing to draw
_SILENT = {"defs", "symbol", "title", "desc", "metadata", "linearGradient", "radialGradient", "stop", "style",
           "clipPath"}
_UNSUPPORTED = {"textPath", "filter", "mask", "pattern", "marker", "animate", "animateTransform", "animateMotion",
                "set"}
_IGNORED_EFFECTS = {"mask": "masks", "filter": "filters", "marker-start": "markers", "marker-mid": "markers",
                    "marker-end": "markers", "marker": "markers"}
IMAGE_ADVICE = ("<image> (a bitmap inside the SVG) is not drawn: save the picture as its own PNG or JPEG file in the "
                "game folder and place it with an image box (type: image, src: art/….png) over or under this art, "
                "or trace it to vector shapes in your editor")


class Builder:
    """Walks the parsed tree, applying transforms and styles, and collects the shapes."""

    def __init__(self, shown: str, ids: dict[str, Node], warnings: list):
        self.shown = shown
        self.ids = ids
        self.warnings = warnings
        self.shapes: list[Shape] = []
        self.active: set[int] = set()   # nodes being drawn (to refuse <use> cycles)
        self.viewport = (0.0, 0.0)
        self.clips: tuple[Clip, ...] = ()   # the clips of the element being drawn, outermost first
        self.clip_parts = 0                 # shapes read into clips, bounded like shapes
        self.stops_drawn = 0                # gradient stops written, bounded
        self.styles = StyleResolver(ids, self.warn)
        self.text = TextReader(self._style, self.styles.gradient_colour, self.warn, self.styles.props)

    def build(self, root: Node) -> Art:
        (x0, y0, w, h) = self._root_box(root)
        self.viewport = (w, h)
        self.styles.sheet = StyleSheet.read([n for n in _walk(root) if n.tag == "style"], self.warn)
        try:
            style = self._style(root, Style())
        except OutOfRange as e:
            raise Refused(root.pos, e.message) from None
        self._children(root, (1.0, 0.0, 0.0, 1.0, -x0, -y0), style, 1, 0)
        return Art(w, h, self.shapes, _unique(self.warnings))

    def warn(self, pos: Pos, message: str) -> None:
        self.warnings.append((pos, message))

    def _root_box(self, root: Node) -> tuple[float, float, float, float]:
        """The art's box: the viewBox, else width × height; refused when neither gives a size."""
        try:
            vb = root.attrs.get("viewBox")
            if vb is not None:
                nums = read_numbers(vb)
                if nums is None or len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0:
                    raise Refused(root.pos, f"viewBox '{vb}' must be four numbers 'x y width height' "
                                             "with a positive width and height")
                box = tuple(nums)
            else:
                w, h = root.attrs.get("width"), root.attrs.get("height")
                ws, hs = read_length(w) if w else None, read_length(h) if h else None
                if not ws or not hs or ws <= 0 or hs <= 0:
                    raise Refused(root.pos, "<svg> needs a viewBox, or a width and height like '100', '24px', "
                                             "'10mm' or '12pt', to know its size")
                box = (0.0, 0.0, ws, hs)
        except OutOfRange as e:
            raise Refused(root.pos, e.message) from None
        if min(box[2], box[3]) < MIN_BOX:
            raise Refused(root.pos, f"the art's box is {fmt_number(box[2])} × {fmt_number(box[3])}: each side must be at "
                                     f"least {MIN_BOX:g}")
        return box  # type: ignore[return-value]

    # the walk ----------------------------------------------------------------------
    def _children(self, node: Node, ctm: Matrix, style: Style, depth: int, uses: int) -> None:
        for child in node.children:
            self._node(child, ctm, style, depth + 1, uses)

    def _node(self, node: Node, ctm: Matrix, parent: Style, depth: int, uses: int) -> None:
        tag = node.tag
        if ":" in tag or tag in _SILENT or tag == "#text":
            return  # editor metadata (sodipodi:, inkscape:, rdf:), definitions, stray characters
        if tag in _UNSUPPORTED:
            self.warn(node.pos, f"<{tag}> is not supported and was skipped")
            return
        if tag == "image":
            self.warn(node.pos, IMAGE_ADVICE)
            return
        if tag not in _CONTAINERS and tag not in _SHAPES and tag not in ("use", "text", "tspan"):
            self.warn(node.pos, f"unknown element <{tag}> was skipped")
            return
        if depth > MAX_RENDER_DEPTH:
            raise Refused(node.pos, f"art is nested more than {MAX_RENDER_DEPTH} levels deep (through <use>)")
        if self.styles.props(node).get("display", "").strip() == "none":
            return
        try:
            self._draw_node(node, ctm, parent, depth, uses)
        except OutOfRange as e:
            raise Refused(node.pos, e.message) from None

    def _draw_node(self, node: Node, ctm: Matrix, parent: Style, depth: int, uses: int) -> None:
        tag = node.tag
        style = self._style(node, parent)
        ctm = mul(ctm, self._transform(node))
        self._effects(node)
        outer_clips = self.clips
        self.clips = outer_clips + self._clip(node, ctm)
        self.active.add(id(node))
        try:
            if tag == "use":
                self._use(node, ctm, style, depth, uses)
            elif tag in _SHAPES:
                self._shape(node, ctm, style)
            elif tag in ("text", "tspan"):
                self._text(node, ctm, style)
            else:
                if tag == "svg":
                    ctm = self._nested_svg(node, ctm)
                self._children(node, ctm, style, depth, uses)
        finally:
            self.active.discard(id(node))
            self.clips = outer_clips

    def _nested_svg(self, node: Node, ctm: Matrix) -> Matrix:
        if "viewBox" in node.attrs:
            self.warn(node.pos, "the viewBox of a nested <svg> is ignored")
        return mul(ctm, translate(self._len(node, "x"), self._len(node, "y")))

    def _use(self, node: Node, ctm: Matrix, style: Style, depth: int, uses: int) -> None:
        """Draw the referenced element here, inheriting this <use>'s style."""
        ref = node.attrs.get("href", "")
        target = self.ids.get(ref[1:]) if ref else None
        if target is None:
            self.warn(node.pos, f"<use> refers to unknown id '{ref}'" if ref else "<use> without href skipped")
            return
        if id(target) in self.active:
            raise Refused(node.pos, f"<use> of '{ref}' refers back to itself (a cycle)")
        if uses >= MAX_USE_DEPTH:
            raise Refused(node.pos, f"<use> nested more than {MAX_USE_DEPTH} levels deep")
        ctm = mul(ctm, translate(self._len(node, "x"), self._len(node, "y")))
        if target.tag in ("symbol", "svg"):
            ctm = mul(ctm, self._symbol_fit(node, target))
            style = self._style(target, style)
            ctm = mul(ctm, self._transform(target))
            self.active.add(id(target))
            try:
                self._children(target, ctm, style, depth, uses + 1)
            finally:
                self.active.discard(id(target))
        else:
            self._node(target, ctm, style, depth + 1, uses + 1)

    def _symbol_fit(self, use: Node, symbol: Node) -> Matrix:
        """A symbol's viewBox mapped into the <use> width × height (xMidYMid meet)."""
        nums = read_numbers(symbol.attrs.get("viewBox", "")) or []
        w, h = self._len(use, "width", 0.0), self._len(use, "height", 0.0)
        if len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0 or w <= 0 or h <= 0:
            return IDENTITY
        k = min(w / nums[2], h / nums[3])
        return (k, 0.0, 0.0, k, (w - nums[2] * k) / 2 - nums[0] * k, (h - nums[3] * k) / 2 - nums[1] * k)

    def _effects(self, node: Node) -> None:
        props = self.styles.props(node, everything=True)
        for name, what in _IGNORED_EFFECTS.items():
            value = props.get(name, "none").strip()
            if value and value != "none":
                self.warn(node.pos, f"{what} ({name}) are not supported: <{node.tag}> is drawn without")

    def _clip(self, node: Node, ctm: Matrix) -> tuple[Clip, ...]:
        """The clip an element's clip-path adds, in the art's box; () when it has none or it cannot be used."""
        value = self.styles.props(node, everything=True).get("clip-path", "none").strip()
        if not value or value == "none":
            return ()
        m = re.fullmatch(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)", value)
        target = self.ids.get(m.group(1)) if m else None
        if target is None or target.tag != "clipPath":
            self.warn(node.pos, f"clip-path '{value}' does not refer to a <clipPath> of this file: drawn unclipped")
            return ()
        if target.attrs.get("clipPathUnits", "").strip() == "objectBoundingBox":
            box = path_bbox(self._geometry(node)) if node.tag in _SHAPES else None
            if box is None:
                self.warn(node.pos, "a clipPath in objectBoundingBox units is only drawn on a shape: drawn unclipped")
                return ()
            ctm = mul(ctm, (box[2], 0.0, 0.0, box[3], box[0], box[1]))
        ctm = mul(ctm, self._transform(target))
        commands: list = []
        even_odd = False
        for child in target.children:
            if child.tag == "use":
                ref = child.attrs.get("href", "")
                used = self.ids.get(ref[1:]) if ref else None
                if used is None or used.tag not in _SHAPES:
                    self.warn(child.pos, "<use> inside a clipPath is drawn only when it refers to a shape")
                    continue
                at = mul(mul(ctm, self._transform(child)), translate(self._len(child, "x"), self._len(child, "y")))
                child, child_ctm = used, mul(at, self._transform(used))
            elif child.tag in _SHAPES:
                child_ctm = mul(ctm, self._transform(child))
            else:
                if ":" not in child.tag and child.tag not in _SILENT and child.tag != "#text":
                    self.warn(child.pos, f"<{child.tag}> inside a clipPath is not supported and was skipped")
                continue
            even_odd = self.styles.props(child, everything=True).get("clip-rule", "").strip() == "evenodd"
            commands.extend(map_commands(self._geometry(child), child_ctm))
        self.clip_parts += len(target.children)
        if self.clip_parts > MAX_SHAPES:
            raise Refused(node.pos, f"art clips with more than {MAX_SHAPES} shapes in all")
        return ((tuple(commands), even_odd),)

    def _text(self, node: Node, ctm: Matrix, style: Style) -> None:
        runs = self.text.read(node, ctm, style, self.clips)
        if len(self.shapes) + len(runs) > MAX_SHAPES:
            raise Refused(node.pos, f"art draws more than {MAX_SHAPES} shapes")
        for run in runs:
            if not all(abs(v) <= MAX_NUMBER for v in (*run.matrix, run.x, run.y, run.size)):
                raise Refused(node.pos, f"after its transforms this text is out of range (coordinates must be "
                                         f"finite and at most {MAX_NUMBER:g} in size)")
        self.shapes.extend(runs)

    # shapes --------------------------------------------------------------------------
    def _shape(self, node: Node, ctm: Matrix, style: Style) -> None:
        commands = self._geometry(node)
        if not any(c[0] in "LC" for c in commands):
            return  # nothing but moves: paints nothing
        if len(self.shapes) >= MAX_SHAPES:
            raise Refused(node.pos, f"art draws more than {MAX_SHAPES} shapes")
        fill = None if node.tag == "line" else style.fill
        fill_opacity = style.opacity * style.fill_opacity
        if isinstance(fill, PaintServer):
            fill, factor = self._gradient(node, fill, commands, ctm)
            fill_opacity *= factor
        scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
        mapped = tuple(map_commands(commands, ctm))
        width = style.stroke_width * scale
        numbers = (*(v for c in mapped for v in c[1:]), width,
                   *((*fill.matrix, *fill.coords) if isinstance(fill, Gradient) else ()))
        if not all(abs(v) <= MAX_NUMBER for v in numbers):
            raise Refused(node.pos, f"after its transforms this shape is out of range (coordinates and stroke "
                                     f"widths must be finite and at most {MAX_NUMBER:g} in size)")
        self.shapes.append(Shape(
            mapped, fill, style.stroke, width, style.even_odd,
            style.cap, style.join, fill_opacity, style.opacity * style.stroke_opacity, self.clips))

    def _gradient(self, node: Node, paint: PaintServer, commands: list, ctm: Matrix):
        """A gradient fill for this shape (in the art's box), with the opacity its stops add."""
        gradient, factor = resolve_gradient(paint.node, self.ids, path_bbox(commands), ctm, self.viewport,
                                            lambda n: self.styles.props(n, everything=True), self.warn, node.pos)
        if isinstance(gradient, Gradient):
            self.stops_drawn += len(gradient.stops)
            if self.stops_drawn > MAX_STOPS_DRAWN:
                raise Refused(node.pos, f"art fills shapes with more than {MAX_STOPS_DRAWN} gradient stops in all")
        if gradient is None and paint.fallback:
            return paint.fallback, 1.0
        return gradient, factor

    def _geometry(self, node: Node) -> list:
        """The element's outline as M/L/C/Z commands in its own coordinates."""
        tag, a = node.tag, node.attrs
        if tag == "path":
            commands, error = parse_path(a.get("d", ""))
            if error:
                self.warn(node.pos, f"path data: {error}; drawn up to there")
            return commands
        if tag == "rect":
            w, h = self._len(node, "width"), self._len(node, "height")
            rx, ry = a.get("rx"), a.get("ry")
            rxv = self._len(node, "rx") if rx is not None else None
            ryv = self._len(node, "ry") if ry is not None else None
            return rect_path(self._len(node, "x"), self._len(node, "y"), w, h,
                             rxv if rxv is not None else (ryv or 0.0), ryv if ryv is not None else (rxv or 0.0))
        if tag == "circle":
            r = self._len(node, "r")
            return _ellipse(self._len(node, "cx"), self._len(node, "cy"), r, r)
        if tag == "ellipse":
            return _ellipse(self._len(node, "cx"), self._len(node, "cy"), self._len(node, "rx"),
                            self._len(node, "ry"))
        if tag == "line":
            return [("M", self._len(node, "x1"), self._len(node, "y1")),
                    ("L", self._len(node, "x2"), self._len(node, "y2"))]
        return self._poly(node)

    def _poly(self, node: Node) -> list:
        nums = read_numbers(node.attrs.get("points", ""))
        if nums is None:
            self.warn(node.pos, f"<{node.tag}> points are not a list of numbers; skipped")
            return []
        if len(nums) % 2:
            self.warn(node.pos, f"<{node.tag}> has an odd number of coordinates; the last one is ignored")
            nums = nums[:-1]
        if len(nums) < 4:
            return []
        pts = list(zip(nums[0::2], nums[1::2]))
        commands = [("M", *pts[0])] + [("L", *p) for p in pts[1:]]
        return commands + [("Z",)] if node.tag == "polygon" else commands

    # attributes ----------------------------------------------------------------------
    def _len(self, node: Node, name: str, default: float = 0.0) -> float:
        """A length attribute in user units; bad values warn and count as the default."""
        text = node.attrs.get(name)
        if text is None:
            return default
        text = text.strip()
        if text.endswith("%"):
            value = read_length(text[:-1])
            if value is not None:
                return value / 100 * self._percent_base(name)
        else:
            value = read_length(text)
            if value is not None:
                return value
        self.warn(node.pos, f"{name}=\"{text}\" is not a length; {fmt_number(default)} used")
        return default

    def _percent_base(self, name: str) -> float:
        w, h = self.viewport
        if name in ("x", "cx", "x1", "x2", "width", "rx"):
            return w
        if name in ("y", "cy", "y1", "y2", "height", "ry"):
            return h
        return math.sqrt((w * w + h * h) / 2)

    def _transform(self, node: Node) -> Matrix:
        text = node.attrs.get("transform")
        if not text:
            return IDENTITY
        m = parse_transform(text)
        if m is None:
            self.warn(node.pos, f"transform '{text}' is not understood and was ignored")
            return IDENTITY
        return m

    def _style(self, node: Node, parent: Style) -> Style:
        return self.styles.resolve(node, parent)


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list:
    """A circle or ellipse element's outline; a zero or negative radius draws nothing (as SVG says)."""
    return ellipse_path(cx, cy, rx, ry) if rx > 0 and ry > 0 else []


def _walk(node: Node):
    """Every element of the tree, in document order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def _unique(warnings: list[tuple[Pos, str]]) -> list[tuple[Pos, str]]:
    """Each distinct warning once, at its first place, in file order."""
    seen: dict[str, Pos] = {}
    for pos, message in warnings:
        if message not in seen or pos < seen[message]:
            seen[message] = pos
    return sorted(((p, m) for m, p in seen.items()), key=lambda w: (w[0].line, w[0].col, w[1]))
