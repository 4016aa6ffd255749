"""Walk the gated tree into shapes: elements, <use>, transforms and styles applied, everything bounded."""
from __future__ import annotations

import math

from pnp.draw.art.gate import Node
from pnp.draw.art.limits import MAX_NUMBER, MAX_RENDER_DEPTH, MAX_SHAPES, MAX_USE_DEPTH, MIN_BOX, OutOfRange, Refused
from pnp.draw.art.model import Art, Shape
from pnp.draw.art.pathdata import parse_path
from pnp.draw.art.style import Style, StyleResolver, style_props
from pnp.draw.art.transform import IDENTITY, Matrix, map_commands, mul, parse_transform, translate
from pnp.draw.art.units import fmt_number, read_length, read_numbers
from pnp.draw.geometry import ellipse_path, rect_path
from pnp.errors import Pos

_SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
_CONTAINERS = {"svg", "g", "a", "switch"}
_SILENT = {"defs", "symbol", "title", "desc", "metadata", "linearGradient", "radialGradient", "stop"}
_UNSUPPORTED = {"text", "tspan", "textPath", "style", "filter", "mask", "clipPath", "pattern", "marker",
                "animate", "animateTransform", "animateMotion", "set"}
_IGNORED_EFFECTS = {"clip-path": "clipping", "mask": "masks", "filter": "filters"}


class Builder:
    """Walks the parsed tree, applying transforms and styles, and collects the shapes."""

    def __init__(self, shown: str, ids: dict[str, Node], warnings: list):
        self.shown = shown
        self.ids = ids
        self.warnings = warnings
        self.shapes: list[Shape] = []
        self.active: set[int] = set()   # nodes being drawn (to refuse <use> cycles)
        self.viewport = (0.0, 0.0)
        self.styles = StyleResolver(ids, self.warn)

    def build(self, root: Node) -> Art:
        (x0, y0, w, h) = self._root_box(root)
        self.viewport = (w, h)
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
        if ":" in tag or tag in _SILENT:
            return  # editor metadata (sodipodi:, inkscape:, rdf:) and definitions
        if tag in _UNSUPPORTED:
            self.warn(node.pos, f"<{tag}> is not supported and was skipped")
            return
        if tag not in _CONTAINERS and tag not in _SHAPES and tag != "use":
            self.warn(node.pos, f"unknown element <{tag}> was skipped")
            return
        if depth > MAX_RENDER_DEPTH:
            raise Refused(node.pos, f"art is nested more than {MAX_RENDER_DEPTH} levels deep (through <use>)")
        if style_props(node).get("display", "").strip() == "none":
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
        self.active.add(id(node))
        try:
            if tag == "use":
                self._use(node, ctm, style, depth, uses)
            elif tag in _SHAPES:
                self._shape(node, ctm, style)
            else:
                if tag == "svg":
                    ctm = self._nested_svg(node, ctm)
                self._children(node, ctm, style, depth, uses)
        finally:
            self.active.discard(id(node))

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
        props = style_props(node, everything=True)
        for name, what in _IGNORED_EFFECTS.items():
            value = props.get(name, "none").strip()
            if value and value != "none":
                self.warn(node.pos, f"{what} ({name}) are not supported: drawn without")

    # shapes --------------------------------------------------------------------------
    def _shape(self, node: Node, ctm: Matrix, style: Style) -> None:
        commands = self._geometry(node)
        if not any(c[0] in "LC" for c in commands):
            return  # nothing but moves: paints nothing
        if len(self.shapes) >= MAX_SHAPES:
            raise Refused(node.pos, f"art draws more than {MAX_SHAPES} shapes")
        fill = None if node.tag == "line" else style.fill
        scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
        mapped = tuple(map_commands(commands, ctm))
        width = style.stroke_width * scale
        if not all(abs(v) <= MAX_NUMBER for c in mapped for v in c[1:]) or not abs(width) <= MAX_NUMBER:
            raise Refused(node.pos, f"after its transforms this shape is out of range (coordinates and stroke "
                                     f"widths must be finite and at most {MAX_NUMBER:g} in size)")
        self.shapes.append(Shape(
            mapped, fill, style.stroke, width, style.even_odd,
            style.cap, style.join, style.opacity * style.fill_opacity, style.opacity * style.stroke_opacity))

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


def _unique(warnings: list[tuple[Pos, str]]) -> list[tuple[Pos, str]]:
    """Each distinct warning once, at its first place, in file order."""
    seen: dict[str, Pos] = {}
    for pos, message in warnings:
        if message not in seen or pos < seen[message]:
            seen[message] = pos
    return sorted(((p, m) for m, p in seen.items()), key=lambda w: (w[0].line, w[0].col, w[1]))
