"""Safe SVG art: a designer's SVG files drawn as plain paths on any Surface.

A game's `art/` folder comes with the spec, so it is untrusted input. We parse
a small, well-defined subset of SVG with expat ourselves and refuse anything
that could run code, reach outside the file or blow up (DOCTYPE/entities,
scripts, foreign content, external references, huge or deep documents).
What survives becomes a flat list of shapes in the art's own box: path
commands (M/L/C/Z, already transformed) plus paint. The PDF and SVG outputs
both come from these shapes, so they cannot disagree.

Public API: `load_art`, `Art`, `place_art`, `art_icons`.
"""
from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable
from xml.parsers import expat

from pnp.errors import Pos, SpecError, SpecErrors, display_path

MAX_BYTES = 2 * 1024 * 1024
MAX_ELEMENTS = 20_000
MAX_DEPTH = 64            # element nesting in the file
MAX_USE_DEPTH = 8         # <use> inside <use> inside ...
MAX_RENDER_DEPTH = 128    # nesting after <use> expansion
MAX_SHAPES = 50_000       # shapes after <use> expansion (a "use bomb" stops here)
MAX_NUMBER = 1e9          # any number in the file, and any coordinate after transforms: far beyond any drawing
MIN_BOX = 1e-3            # the smallest side of the art's box (its viewBox, or width × height)
ICON_BOX = 100.0

Matrix = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CURRENT = "currentColor"  # paint resolved at draw time to the ink
KAPPA = 0.5522847498307936  # Bézier handle length of a quarter circle

_REFUSED_ELEMENTS = {
    "script": "scripts are not allowed in art",
    "foreignObject": "<foreignObject> (embedded HTML) is not allowed in art",
    "image": "<image> is not allowed in art: embedded or linked bitmaps cannot be checked; "
             "put bitmaps in the spec instead",
}
_SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
_CONTAINERS = {"svg", "g", "a", "switch"}
_SILENT = {"defs", "symbol", "title", "desc", "metadata", "linearGradient", "radialGradient", "stop"}
_UNSUPPORTED = {"text", "tspan", "textPath", "style", "filter", "mask", "clipPath", "pattern", "marker",
                "animate", "animateTransform", "animateMotion", "set"}
_PROPS = {"fill", "stroke", "stroke-width", "fill-rule", "opacity", "fill-opacity", "stroke-opacity",
          "stroke-linecap", "stroke-linejoin", "display"}
_IGNORED_EFFECTS = {"clip-path": "clipping", "mask": "masks", "filter": "filters"}

_NUM = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_NUM_RE = re.compile(_NUM)
_URL_RE = re.compile(r"url\s*\(\s*['\"]?\s*([^)'\"]*)", re.IGNORECASE)
_UNIT_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0,
            "em": 16.0, "ex": 8.0}

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


class _Refused(Exception):
    """Internal: stop parsing and report this located problem."""

    def __init__(self, pos: Pos, message: str):
        super().__init__(message)
        self.pos, self.message = pos, message


class _OutOfRange(Exception):
    """Internal: a number that is not finite or absurdly large; the element being read reports it, located."""

    def __init__(self, text: str):
        super().__init__(text)
        self.message = (f"number '{text.strip()[:40]}' is out of range (numbers in art must be finite and "
                        f"at most {MAX_NUMBER:g} in size)")


# --------------------------------------------------------------------------- the result

@dataclass(frozen=True)
class Shape:
    """One painted path in the art's box. Paint is '#rrggbb', CURRENT or None."""

    commands: tuple
    fill: str | None
    stroke: str | None
    width: float
    even_odd: bool
    cap: str
    join: str
    fill_opacity: float
    stroke_opacity: float


@dataclass
class Art:
    """Parsed art: shapes in a width × height box (the viewBox, in its units)."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    warnings: list[tuple[Pos, str]] = field(default_factory=list)

    def draw(self, surface, ink: str | None = None) -> None:
        """Draw into the box (0, 0, width, height); currentColor becomes `ink` (black without)."""
        self.draw_mapped(surface, IDENTITY, ink)

    def draw_mapped(self, surface, m: Matrix, ink: str | None = None) -> None:
        """Draw with every point mapped by `m` (how icons are fitted without a surface transform)."""
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        for shape in self.shapes:
            _paint(surface, shape, _map_commands(shape.commands, m), shape.width * scale, ink or "#000000")


def _paint(surface, s: Shape, commands: list, width: float, ink: str) -> None:
    """One shape on the surface; fill and stroke go separately only when their opacities differ."""
    fill = ink if s.fill == CURRENT else s.fill
    stroke = ink if s.stroke == CURRENT else s.stroke
    if fill is None or s.fill_opacity <= 0:
        fill = None
    if stroke is None or s.stroke_opacity <= 0 or width <= 0:
        stroke = None
    style = dict(width=width, even_odd=s.even_odd, cap=s.cap, join=s.join)
    if fill and stroke and abs(s.fill_opacity - s.stroke_opacity) > 1e-9:
        surface.path(commands, fill=fill, stroke=None, opacity=s.fill_opacity, **style)
        surface.path(commands, fill=None, stroke=stroke, opacity=s.stroke_opacity, **style)
    elif fill or stroke:
        surface.path(commands, fill=fill, stroke=stroke, opacity=s.fill_opacity if fill else s.stroke_opacity, **style)


# --------------------------------------------------------------------------- public entry points

def load_art(path: Path, shown: str) -> Art:
    """Parse the SVG file at `path` (already checked to be inside the game); errors say `shown:line:col`."""
    from pnp.spec.safepath import read_regular

    return parse_art(read_regular(path, Pos(shown), "art file", MAX_BYTES), shown)


def parse_art(data: bytes, shown: str) -> Art:
    """Parse SVG bytes into an Art, or raise a located SpecErrors."""
    try:
        if len(data) > MAX_BYTES:
            raise _Refused(Pos(shown), f"art file is larger than {MAX_BYTES // (1024 * 1024)} MB")
        root, ids, warnings = _Parser(shown).parse(data)
        return _Builder(shown, ids, warnings).build(root)
    except _Refused as e:
        raise SpecErrors([SpecError(e.pos, e.message)]) from None


def place_art(surface, art: Art, key: str, x: float, y: float, w: float, h: float,
              fit: str = "contain", ink: str | None = None) -> None:
    """Place `art` in the box (x, y, w, h), recorded once per document as symbol `key`.

    contain keeps the aspect ratio, centred; stretch fills the box; cover fills it
    keeping the aspect ratio and clips what sticks out.
    """
    name = key if ink is None else f"{key}@{ink}"
    if not surface.has_symbol(name):
        surface.define_symbol(name, art.width, art.height, lambda s: art.draw(s, ink))
    if fit == "stretch":
        surface.use_symbol(name, x, y, w, h)
        return
    if fit not in ("contain", "cover"):
        raise ValueError(f"unknown fit '{fit}': use contain, stretch or cover")
    pick = min if fit == "contain" else max
    k = pick(w / art.width, h / art.height)
    bw, bh = art.width * k, art.height * k
    bx, by = x + (w - bw) / 2, y + (h - bh) / 2
    if fit == "cover":
        surface.save()
        surface.clip_rect(x, y, w, h)
        surface.use_symbol(name, bx, by, bw, bh)
        surface.restore()
    else:
        surface.use_symbol(name, bx, by, bw, bh)


def art_icons(game_dir: Path) -> dict[str, Callable]:
    """A game's own icons: every `art/icons/*.svg`, keyed by file stem, as `fn(surface, ink)`.

    Each draws its art fitted (aspect kept, centred) into the 100 × 100 icon box.
    The parsed Art is kept on the function as `fn.art` (for its warnings).
    """
    from pnp.spec.safepath import safe_game_path

    folder = Path(game_dir) / "art" / "icons"
    if not folder.is_dir():
        return {}
    icons: dict[str, Callable] = {}
    errors: list[SpecError] = []
    for file in sorted(folder.iterdir(), key=lambda p: p.name):
        if file.suffix.lower() != ".svg" or file.name.startswith("."):
            continue
        shown = os.path.join(display_path(folder), file.name)  # not resolving the file: it may be a symlink loop
        try:
            safe = safe_game_path(Path(game_dir), f"art/icons/{file.name}", Pos(shown), what="icon file")
            icons[file.stem] = _icon_fn(load_art(safe, shown))
        except SpecErrors as e:
            errors.extend(e.errors)
    if errors:
        raise SpecErrors(errors)
    return icons


def _icon_fn(art: Art) -> Callable:
    """An icon function drawing `art` fitted into the icon box."""
    k = ICON_BOX / max(art.width, art.height)
    m = (k, 0.0, 0.0, k, (ICON_BOX - art.width * k) / 2, (ICON_BOX - art.height * k) / 2)

    def draw(surface, ink: str | None = None) -> None:
        art.draw_mapped(surface, m, ink)

    draw.art = art
    return draw


# --------------------------------------------------------------------------- parsing (the security gate)

@dataclass
class _Node:
    tag: str                       # local name ('svg', 'path', ...); prefixed foreign tags keep 'prefix:name'
    attrs: dict[str, str]          # any '*:href' is stored as 'href'
    pos: Pos
    children: list["_Node"] = field(default_factory=list)
    text: str = ""


class _Parser:
    """Expat-driven reader that builds a small tree and refuses anything unsafe as soon as it is seen."""

    def __init__(self, shown: str):
        self.shown = shown
        self.stack: list[_Node] = []
        self.root: _Node | None = None
        self.count = 0
        self.ids: dict[str, _Node] = {}
        self.warnings: list[tuple[Pos, str]] = []

    def parse(self, data: bytes) -> tuple[_Node, dict[str, _Node], list]:
        self._check_utf8(data)
        p = self.p = expat.ParserCreate()
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.StartDoctypeDeclHandler = self._doctype
        p.EntityDeclHandler = self._entity
        p.ExternalEntityRefHandler = self._external
        p.XmlDeclHandler = self._xmldecl
        p.ProcessingInstructionHandler = self._pi
        p.StartElementHandler = self._start
        p.EndElementHandler = self._end
        p.CharacterDataHandler = self._chars
        try:
            p.Parse(data, True)
        except expat.ExpatError as e:
            raise _Refused(Pos(self.shown, e.lineno, e.offset + 1),
                           f"malformed SVG: {expat.ErrorString(e.code)}") from None
        if self.root is None:
            raise _Refused(Pos(self.shown), "not an SVG file: no <svg> element")
        return self.root, self.ids, self.warnings

    def _check_utf8(self, data: bytes) -> None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            raise _Refused(Pos(self.shown, line, col), "art file is not UTF-8 text") from None
        if b"\x00" in data:
            raise _Refused(Pos(self.shown), "art file is not UTF-8 text (it contains NUL bytes)")

    def _here(self) -> Pos:
        return Pos(self.shown, self.p.CurrentLineNumber, self.p.CurrentColumnNumber + 1)

    # refusals at the document level
    def _doctype(self, *args) -> None:
        raise _Refused(self._here(), "DOCTYPE declarations are not allowed in art (they can define entities)")

    def _entity(self, *args) -> None:
        raise _Refused(self._here(), "ENTITY declarations are not allowed in art")

    def _external(self, *args) -> int:
        raise _Refused(self._here(), "external entities are not allowed in art")

    def _xmldecl(self, version, encoding, standalone) -> None:
        if encoding and encoding.lower().replace("_", "-") not in ("utf-8", "utf8", "us-ascii", "ascii"):
            raise _Refused(self._here(), f"art file must be UTF-8, not {encoding}")

    def _pi(self, target, data) -> None:
        if target.lower() == "xml-stylesheet":
            raise _Refused(self._here(), "external stylesheets (<?xml-stylesheet?>) are not allowed in art")

    # elements
    def _start(self, name: str, raw: dict[str, str]) -> None:
        pos = self._here()
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise _Refused(pos, f"art has more than {MAX_ELEMENTS} elements")
        if len(self.stack) >= MAX_DEPTH:
            raise _Refused(pos, f"art is nested more than {MAX_DEPTH} levels deep")
        local = name.rsplit(":", 1)[-1]
        if local in _REFUSED_ELEMENTS:
            raise _Refused(pos, _REFUSED_ELEMENTS[local])
        if not self.stack and local != "svg":
            raise _Refused(pos, f"not an SVG file: the root element is <{name}>, not <svg>")
        node = _Node(name if ":" in name and not name.startswith("svg:") else local, self._attrs(raw, pos), pos)
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            self.root = node
        self.stack.append(node)
        node_id = node.attrs.get("id")
        if node_id:
            if node_id in self.ids:
                self.warnings.append((pos, f"duplicate id '{node_id}': the first one is used"))
            else:
                self.ids[node_id] = node

    def _attrs(self, raw: dict[str, str], pos: Pos) -> dict[str, str]:
        """Check every attribute and return them with any '*:href' renamed 'href'."""
        out: dict[str, str] = {}
        for name, value in raw.items():
            local = name.rsplit(":", 1)[-1]
            if ":" not in name and name.lower().startswith("on"):
                raise _Refused(pos, f"event attribute '{name}' is not allowed in art (it runs script)")
            if local == "href":
                if not re.fullmatch(r"#[^\s#]+", value.strip()):
                    raise _Refused(pos, f"link '{name}=\"{value}\"' is not allowed in art: "
                                        "only same-file references like '#id' are")
                out["href"] = value.strip()
                continue
            _check_css(value, pos)
            out[name] = value
        return out

    def _chars(self, text: str) -> None:
        if self.stack and self.stack[-1].tag == "style":
            self.stack[-1].text += text

    def _end(self, name: str) -> None:
        node = self.stack.pop()
        if node.tag == "style":
            _check_css(node.text, node.pos)


def _check_css(value: str, pos: Pos) -> None:
    """Refuse CSS that would load something: @import and url() of anything but '#id'."""
    if "@import" in value.lower():
        raise _Refused(pos, "'@import' is not allowed in art")
    for m in _URL_RE.finditer(value):
        if not m.group(1).strip().startswith("#"):
            raise _Refused(pos, f"url({m.group(1).strip()}) is not allowed in art: only url(#id) is")


# --------------------------------------------------------------------------- building shapes

@dataclass(frozen=True)
class _Style:
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


class _Builder:
    """Walks the parsed tree, applying transforms and styles, and collects the shapes."""

    def __init__(self, shown: str, ids: dict[str, _Node], warnings: list):
        self.shown = shown
        self.ids = ids
        self.warnings = warnings
        self.shapes: list[Shape] = []
        self.active: set[int] = set()   # nodes being drawn (to refuse <use> cycles)
        self.viewport = (0.0, 0.0)

    def build(self, root: _Node) -> Art:
        (x0, y0, w, h) = self._root_box(root)
        self.viewport = (w, h)
        try:
            style = self._style(root, _Style())
        except _OutOfRange as e:
            raise _Refused(root.pos, e.message) from None
        self._children(root, (1.0, 0.0, 0.0, 1.0, -x0, -y0), style, 1, 0)
        return Art(w, h, self.shapes, _unique(self.warnings))

    def warn(self, pos: Pos, message: str) -> None:
        self.warnings.append((pos, message))

    def _root_box(self, root: _Node) -> tuple[float, float, float, float]:
        """The art's box: the viewBox, else width × height; refused when neither gives a size."""
        try:
            vb = root.attrs.get("viewBox")
            if vb is not None:
                nums = _numbers(vb)
                if nums is None or len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0:
                    raise _Refused(root.pos, f"viewBox '{vb}' must be four numbers 'x y width height' "
                                             "with a positive width and height")
                box = tuple(nums)
            else:
                w, h = root.attrs.get("width"), root.attrs.get("height")
                ws, hs = _length(w) if w else None, _length(h) if h else None
                if not ws or not hs or ws <= 0 or hs <= 0:
                    raise _Refused(root.pos, "<svg> needs a viewBox, or a width and height like '100', '24px', "
                                             "'10mm' or '12pt', to know its size")
                box = (0.0, 0.0, ws, hs)
        except _OutOfRange as e:
            raise _Refused(root.pos, e.message) from None
        if min(box[2], box[3]) < MIN_BOX:
            raise _Refused(root.pos, f"the art's box is {_fmt(box[2])} × {_fmt(box[3])}: each side must be at "
                                     f"least {MIN_BOX:g}")
        return box  # type: ignore[return-value]

    # the walk ----------------------------------------------------------------------
    def _children(self, node: _Node, ctm: Matrix, style: _Style, depth: int, uses: int) -> None:
        for child in node.children:
            self._node(child, ctm, style, depth + 1, uses)

    def _node(self, node: _Node, ctm: Matrix, parent: _Style, depth: int, uses: int) -> None:
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
            raise _Refused(node.pos, f"art is nested more than {MAX_RENDER_DEPTH} levels deep (through <use>)")
        if _props(node).get("display", "").strip() == "none":
            return
        try:
            self._draw_node(node, ctm, parent, depth, uses)
        except _OutOfRange as e:
            raise _Refused(node.pos, e.message) from None

    def _draw_node(self, node: _Node, ctm: Matrix, parent: _Style, depth: int, uses: int) -> None:
        tag = node.tag
        style = self._style(node, parent)
        ctm = _mul(ctm, self._transform(node))
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

    def _nested_svg(self, node: _Node, ctm: Matrix) -> Matrix:
        if "viewBox" in node.attrs:
            self.warn(node.pos, "the viewBox of a nested <svg> is ignored")
        return _mul(ctm, _translate(self._len(node, "x"), self._len(node, "y")))

    def _use(self, node: _Node, ctm: Matrix, style: _Style, depth: int, uses: int) -> None:
        """Draw the referenced element here, inheriting this <use>'s style."""
        ref = node.attrs.get("href", "")
        target = self.ids.get(ref[1:]) if ref else None
        if target is None:
            self.warn(node.pos, f"<use> refers to unknown id '{ref}'" if ref else "<use> without href skipped")
            return
        if id(target) in self.active:
            raise _Refused(node.pos, f"<use> of '{ref}' refers back to itself (a cycle)")
        if uses >= MAX_USE_DEPTH:
            raise _Refused(node.pos, f"<use> nested more than {MAX_USE_DEPTH} levels deep")
        ctm = _mul(ctm, _translate(self._len(node, "x"), self._len(node, "y")))
        if target.tag in ("symbol", "svg"):
            ctm = _mul(ctm, self._symbol_fit(node, target))
            style = self._style(target, style)
            ctm = _mul(ctm, self._transform(target))
            self.active.add(id(target))
            try:
                self._children(target, ctm, style, depth, uses + 1)
            finally:
                self.active.discard(id(target))
        else:
            self._node(target, ctm, style, depth + 1, uses + 1)

    def _symbol_fit(self, use: _Node, symbol: _Node) -> Matrix:
        """A symbol's viewBox mapped into the <use> width × height (xMidYMid meet)."""
        nums = _numbers(symbol.attrs.get("viewBox", "")) or []
        w, h = self._len(use, "width", 0.0), self._len(use, "height", 0.0)
        if len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0 or w <= 0 or h <= 0:
            return IDENTITY
        k = min(w / nums[2], h / nums[3])
        return (k, 0.0, 0.0, k, (w - nums[2] * k) / 2 - nums[0] * k, (h - nums[3] * k) / 2 - nums[1] * k)

    def _effects(self, node: _Node) -> None:
        props = _props(node, everything=True)
        for name, what in _IGNORED_EFFECTS.items():
            value = props.get(name, "none").strip()
            if value and value != "none":
                self.warn(node.pos, f"{what} ({name}) are not supported: drawn without")

    # shapes --------------------------------------------------------------------------
    def _shape(self, node: _Node, ctm: Matrix, style: _Style) -> None:
        commands = self._geometry(node)
        if not any(c[0] in "LC" for c in commands):
            return  # nothing but moves: paints nothing
        if len(self.shapes) >= MAX_SHAPES:
            raise _Refused(node.pos, f"art draws more than {MAX_SHAPES} shapes")
        fill = None if node.tag == "line" else style.fill
        scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
        mapped = tuple(_map_commands(commands, ctm))
        width = style.stroke_width * scale
        if not all(abs(v) <= MAX_NUMBER for c in mapped for v in c[1:]) or not abs(width) <= MAX_NUMBER:
            raise _Refused(node.pos, f"after its transforms this shape is out of range (coordinates and stroke "
                                     f"widths must be finite and at most {MAX_NUMBER:g} in size)")
        self.shapes.append(Shape(
            mapped, fill, style.stroke, width, style.even_odd,
            style.cap, style.join, style.opacity * style.fill_opacity, style.opacity * style.stroke_opacity))

    def _geometry(self, node: _Node) -> list:
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
            return ellipse_path(self._len(node, "cx"), self._len(node, "cy"), r, r)
        if tag == "ellipse":
            return ellipse_path(self._len(node, "cx"), self._len(node, "cy"), self._len(node, "rx"),
                                self._len(node, "ry"))
        if tag == "line":
            return [("M", self._len(node, "x1"), self._len(node, "y1")),
                    ("L", self._len(node, "x2"), self._len(node, "y2"))]
        return self._poly(node)

    def _poly(self, node: _Node) -> list:
        nums = _numbers(node.attrs.get("points", ""))
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
    def _len(self, node: _Node, name: str, default: float = 0.0) -> float:
        """A length attribute in user units; bad values warn and count as the default."""
        text = node.attrs.get(name)
        if text is None:
            return default
        text = text.strip()
        if text.endswith("%"):
            value = _length(text[:-1])
            if value is not None:
                return value / 100 * self._percent_base(name)
        else:
            value = _length(text)
            if value is not None:
                return value
        self.warn(node.pos, f"{name}=\"{text}\" is not a length; {_fmt(default)} used")
        return default

    def _percent_base(self, name: str) -> float:
        w, h = self.viewport
        if name in ("x", "cx", "x1", "x2", "width", "rx"):
            return w
        if name in ("y", "cy", "y1", "y2", "height", "ry"):
            return h
        return math.sqrt((w * w + h * h) / 2)

    def _transform(self, node: _Node) -> Matrix:
        text = node.attrs.get("transform")
        if not text:
            return IDENTITY
        m = parse_transform(text)
        if m is None:
            self.warn(node.pos, f"transform '{text}' is not understood and was ignored")
            return IDENTITY
        return m

    def _style(self, node: _Node, parent: _Style) -> _Style:
        """This element's style: the parent's, overridden by presentation attributes, then style=."""
        props = _props(node)
        s = parent
        for name, raw in props.items():
            value = raw.strip()
            if value == "inherit" or name == "display":
                continue
            s = self._apply(node, s, name, value)
        return s

    def _apply(self, node: _Node, s: _Style, name: str, value: str) -> _Style:
        if name in ("fill", "stroke"):
            paint = self._paint_value(node, name, value)
            return s if paint is False else replace(s, **{name: paint})
        if name == "fill-rule":
            return replace(s, even_odd=value == "evenodd")
        if name == "stroke-linecap":
            return replace(s, cap=value) if value in ("butt", "round", "square") else s
        if name == "stroke-linejoin":
            return replace(s, join=value if value in ("round", "bevel") else "miter")
        number = _opacity(value) if "opacity" in name else _length(value)
        if number is None:
            self.warn(node.pos, f"{name}: '{value}' is not understood and was ignored")
            return s
        if name == "stroke-width":
            return replace(s, stroke_width=max(0.0, number))
        if name == "opacity":
            return replace(s, opacity=s.opacity * number)
        return replace(s, **{name.replace("-", "_"): number})

    def _paint_value(self, node: _Node, name: str, value: str):
        """A paint as '#rrggbb', CURRENT or None; False when it must be ignored."""
        m = re.fullmatch(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)\s*(.*)", value, re.DOTALL)
        if m:
            return self._paint_server(node, name, m.group(1), m.group(2).strip())
        colour = parse_colour(value)
        if colour is False:
            self.warn(node.pos, f"{name} colour '{value}' is not understood and was ignored")
        return colour

    def _paint_server(self, node: _Node, name: str, ref: str, fallback: str):
        target = self.ids.get(ref)
        if target is not None and target.tag in ("linearGradient", "radialGradient"):
            colour = self._gradient_colour(target)
            if colour:
                self.warn(node.pos, f"gradient {name}s are drawn as one mid colour")
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

    def _gradient_colour(self, gradient: _Node) -> str | None:
        """The average colour of a gradient's stops (following its href to shared stops)."""
        for _ in range(8):
            stops = [c for c in (parse_colour(_props(stop, everything=True).get("stop-color", "black").strip())
                                 for stop in gradient.children if stop.tag == "stop") if isinstance(c, str)]
            if stops:
                return _average([c for c in stops if c != CURRENT] or ["#000000"])
            ref = gradient.attrs.get("href", "")
            gradient = self.ids.get(ref[1:]) if ref else None
            if gradient is None:
                return None
        return None


def _props(node: _Node, everything: bool = False) -> dict[str, str]:
    """Presentation attributes overridden by the style attribute's declarations."""
    props = {k: v for k, v in node.attrs.items() if everything or k in _PROPS}
    for decl in node.attrs.get("style", "").split(";"):
        name, sep, value = decl.partition(":")
        name = name.strip().lower()
        if sep and (everything or name in _PROPS):
            props[name] = value.replace("!important", "").strip()
    return props


def _unique(warnings: list[tuple[Pos, str]]) -> list[tuple[Pos, str]]:
    """Each distinct warning once, at its first place, in file order."""
    seen: dict[str, Pos] = {}
    for pos, message in warnings:
        if message not in seen or pos < seen[message]:
            seen[message] = pos
    return sorted(((p, m) for m, p in seen.items()), key=lambda w: (w[0].line, w[0].col, w[1]))


# --------------------------------------------------------------------------- values

def _number(text: str) -> float:
    """One number of the file; _OutOfRange when it is not finite or absurdly large."""
    value = float(text)
    if not abs(value) <= MAX_NUMBER:
        raise _OutOfRange(text)
    return value


def _numbers(text: str) -> list[float] | None:
    """Numbers separated by spaces and/or commas; None if anything else is there."""
    if _NUM_RE.sub(" ", text).replace(",", " ").strip():
        return None
    return [_number(n) for n in _NUM_RE.findall(text)]


def _length(text: str | None) -> float | None:
    """A number with an optional absolute unit, in px (user units); None if not one."""
    m = re.fullmatch(rf"\s*({_NUM})\s*([a-zA-Z]*)\s*", text or "")
    if not m or m.group(2).lower() not in _UNIT_PX:
        return None
    return _number(m.group(1)) * _UNIT_PX[m.group(2).lower()]


def _opacity(text: str) -> float | None:
    m = re.fullmatch(rf"\s*({_NUM})\s*(%?)\s*", text)
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
    m = re.fullmatch(rf"({_NUM})(%?)", text)
    if not m:
        return None
    value = float(m.group(1)) * 255 / 100 if m.group(2) else float(m.group(1))
    return int(math.floor(min(255.0, max(0.0, value)) + 0.5))


def _average(colours: list[str]) -> str:
    sums = [sum(int(c[i:i + 2], 16) for c in colours) / len(colours) for i in (1, 3, 5)]
    return "#" + "".join(f"{int(round(v)):02x}" for v in sums)


def _fmt(v: float) -> str:
    return f"{v:g}"


# --------------------------------------------------------------------------- transforms

def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m ∘ n: apply n first, then m."""
    a, b, c, d, e, f = m
    return (a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3],
            a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f)


def _translate(tx: float, ty: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, tx, ty)


def _apply_point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _map_commands(commands, m: Matrix) -> list:
    """Every point of the path mapped by m; affine maps keep Béziers exact."""
    if m == IDENTITY:
        return list(commands)
    out = []
    for cmd in commands:
        coords = []
        for i in range(1, len(cmd), 2):
            coords.extend(_apply_point(m, cmd[i], cmd[i + 1]))
        out.append((cmd[0], *coords))
    return out


_TRANSFORM_RE = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_ARITY = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}


def parse_transform(text: str) -> Matrix | None:
    """An SVG transform list as one matrix; None when any part is malformed."""
    m, pos = IDENTITY, 0
    while pos < len(text.rstrip()):
        match = _TRANSFORM_RE.match(text, pos)
        if not match:
            return None
        args = _numbers(match.group(2))
        if args is None or len(args) not in _ARITY[match.group(1)]:
            return None
        m = _mul(m, _transform_matrix(match.group(1), args))
        pos = match.end()
    return m


def _transform_matrix(kind: str, v: list[float]) -> Matrix:
    if kind == "matrix":
        return tuple(v)  # type: ignore[return-value]
    if kind == "translate":
        return _translate(v[0], v[1] if len(v) > 1 else 0.0)
    if kind == "scale":
        return (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
    if kind == "rotate":
        a = math.radians(v[0])
        r = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0)
        if len(v) == 3:
            return _mul(_mul(_translate(v[1], v[2]), r), _translate(-v[1], -v[2]))
        return r
    if kind == "skewX":
        return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
    return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)


# --------------------------------------------------------------------------- geometry

def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> list:
    """An ellipse as four cubic quarter arcs, starting at 3 o'clock and going clockwise on the page."""
    if rx <= 0 or ry <= 0:
        return []
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",)]


def rect_path(x: float, y: float, w: float, h: float, rx: float = 0.0, ry: float = 0.0) -> list:
    """A rectangle, with quarter-ellipse corners when rx/ry are given (clamped to half the sides)."""
    if w <= 0 or h <= 0:
        return []
    rx, ry = min(max(rx, 0.0), w / 2), min(max(ry, 0.0), h / 2)
    if rx == 0 or ry == 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    r, b = x + w, y + h
    return [("M", x + rx, y), ("L", r - rx, y), ("C", r - kx, y, r, y + ky, r, y + ry),
            ("L", r, b - ry), ("C", r, b - ky, r - kx, b, r - rx, b),
            ("L", x + rx, b), ("C", x + kx, b, x, b - ky, x, b - ry),
            ("L", x, y + ry), ("C", x, y + ky, x + kx, y, x + rx, y), ("Z",)]


def arc_to_cubics(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool,
                  x2: float, y2: float) -> list:
    """An SVG elliptical arc as cubic Bézier commands (SVG 1.1 appendix F.6), at most 90° each."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:  # radii too small to reach: scale them up just enough
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = (rx * ry) ** 2 - (rx * y1p) ** 2 - (ry * x1p) ** 2
    den = (rx * y1p) ** 2 + (ry * x1p) ** 2
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    ux, uy = (x1p - cxp) / rx, (y1p - cyp) / ry
    vx, vy = (-x1p - cxp) / rx, (-y1p - cyp) / ry
    start = math.atan2(uy, ux)
    delta = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    n = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / n
    k = 4 / 3 * math.tan(step / 4)

    def point(u: float, v: float) -> tuple[float, float]:
        return cx + rx * cos * u - ry * sin * v, cy + rx * sin * u + ry * cos * v

    out = []
    for i in range(n):
        a, b = start + i * step, start + (i + 1) * step
        c1 = point(math.cos(a) - k * math.sin(a), math.sin(a) + k * math.cos(a))
        c2 = point(math.cos(b) + k * math.sin(b), math.sin(b) - k * math.cos(b))
        end = (x2, y2) if i == n - 1 else point(math.cos(b), math.sin(b))
        out.append(("C", *c1, *c2, *end))
    return out


# --------------------------------------------------------------------------- path data

class _Scanner:
    """Reads numbers and flags from SVG path data (commas and spaces optional where unambiguous)."""

    _NUMBER = re.compile(_NUM)

    def __init__(self, text: str):
        self.text, self.i = text, 0

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i] in " \t\r\n\f,":
            self.i += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def number(self) -> float:
        self.skip()
        m = self._NUMBER.match(self.text, self.i)
        if not m:
            raise ValueError(f"expected a number at character {self.i + 1}")
        value = _number(m.group())
        self.i = m.end()
        return value

    def flag(self) -> bool:
        ch = self.peek()
        if ch not in ("0", "1"):
            raise ValueError(f"expected an arc flag 0 or 1 at character {self.i + 1}")
        self.i += 1
        return ch == "1"


_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7}


def parse_path(d: str) -> tuple[list, str | None]:
    """SVG path data as absolute M/L/C/Z commands, plus an error message if it stopped early.

    As browsers do, everything before the first error is kept.
    """
    pen = _Pen()
    sc = _Scanner(d)
    command = ""
    try:
        while sc.peek():
            ch = sc.peek()
            if ch.isalpha():
                if ch.upper() not in _ARGS and ch.upper() != "Z":
                    raise ValueError(f"unknown command '{ch}' at character {sc.i + 1}")
                if not command and ch.upper() != "M":
                    raise ValueError("path data must start with M or m")
                command = ch
                sc.i += 1
                if ch in "Zz":
                    pen.close()
                    continue
            elif not command or command in "Zz":
                raise ValueError(f"expected a command letter at character {sc.i + 1}")
            pen.run(command, sc)
            if command in "Mm":
                command = "l" if command == "m" else "L"  # extra pairs after a move are lines
    except ValueError as e:
        return pen.out, str(e)
    return pen.out, None


class _Pen:
    """The current point and reflection state while turning path data into absolute commands."""

    def __init__(self):
        self.out: list = []
        self.x = self.y = 0.0
        self.start = (0.0, 0.0)
        self.last_cubic: tuple[float, float] | None = None   # second control point, for S
        self.last_quad: tuple[float, float] | None = None    # control point, for T
        self.closed = False

    def close(self) -> None:
        if self.out:
            self.out.append(("Z",))
        self.x, self.y = self.start
        self.last_cubic = self.last_quad = None
        self.closed = True

    def run(self, command: str, sc: _Scanner) -> None:
        """Read one set of arguments for `command` and draw it."""
        rel = command.islower()
        op = command.upper()
        ox, oy = (self.x, self.y) if rel else (0.0, 0.0)
        if op == "A":
            rx, ry, angle = sc.number(), sc.number(), sc.number()
            large, sweep = sc.flag(), sc.flag()
            x, y = sc.number() + ox, sc.number() + oy
            self._draw()
            self.out.extend(arc_to_cubics(self.x, self.y, rx, ry, angle, large, sweep, x, y))
            return self._moved(x, y)
        args = [sc.number() for _ in range(_ARGS[op])]
        if op == "H":
            args = [args[0] + ox, self.y]
        elif op == "V":
            args = [self.x, args[0] + oy]
        else:
            args = [v + (ox if i % 2 == 0 else oy) for i, v in enumerate(args)]
        getattr(self, "_" + op)(*args)

    def _draw(self) -> None:
        """Before drawing after a Z, start the new subpath explicitly at the current point."""
        if self.closed:
            self.out.append(("M", self.x, self.y))
            self.closed = False

    def _moved(self, x: float, y: float, cubic=None, quad=None) -> None:
        self.x, self.y = x, y
        self.last_cubic, self.last_quad = cubic, quad

    def _M(self, x, y) -> None:
        self.out.append(("M", x, y))
        self.start = (x, y)
        self.closed = False
        self._moved(x, y)

    def _L(self, x, y) -> None:
        self._draw()
        self.out.append(("L", x, y))
        self._moved(x, y)

    _H = _V = _L

    def _C(self, x1, y1, x2, y2, x, y) -> None:
        self._draw()
        self.out.append(("C", x1, y1, x2, y2, x, y))
        self._moved(x, y, cubic=(x2, y2))

    def _S(self, x2, y2, x, y) -> None:
        if self.last_cubic:  # the first control point mirrors the previous curve's second
            x1, y1 = 2 * self.x - self.last_cubic[0], 2 * self.y - self.last_cubic[1]
        else:
            x1, y1 = self.x, self.y
        self._C(x1, y1, x2, y2, x, y)

    def _Q(self, qx, qy, x, y) -> None:
        self._draw()
        x0, y0 = self.x, self.y
        self.out.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                         x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
        self._moved(x, y, quad=(qx, qy))

    def _T(self, x, y) -> None:
        if self.last_quad:
            qx, qy = 2 * self.x - self.last_quad[0], 2 * self.y - self.last_quad[1]
        else:
            qx, qy = self.x, self.y
        self._Q(qx, qy, x, y)
