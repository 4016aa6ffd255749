"""The security gate: read SVG with expat into a small tree, refusing anything unsafe as soon as it is seen.

Refused: DOCTYPE/entities, external stylesheets, scripts and event attributes,
embedded HTML and bitmaps, links outside the file, CSS that loads something,
non-UTF-8 text, too many or too deeply nested elements. Each refusal is located.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.parsers import expat

from pnp.draw.art.limits import MAX_DEPTH, MAX_ELEMENTS, Refused
from pnp.errors import Pos

_REFUSED_ELEMENTS = {
    "script": "scripts are not allowed in art",
    "foreignObject": "<foreignObject> (embedded HTML) is not allowed in art",
    "image": "<image> is not allowed in SVG art: a bitmap inside an SVG cannot be checked; save the "
             "picture as its own .png or .jpg in art/ and show it with an image box (src: art/<file>.png), "
             "or draw it over the SVG with a second box",
}
_URL_RE = re.compile(r"url\s*\(\s*['\"]?\s*([^)'\"]*)", re.IGNORECASE)


@dataclass
class Node:
    """One element that passed the gate."""

    tag: str                       # local name ('svg', 'path', ...); prefixed foreign tags keep 'prefix:name'
    attrs: dict[str, str]          # any '*:href' is stored as 'href'
    pos: Pos
    children: list["Node"] = field(default_factory=list)
    text: str = ""


class Parser:
    """Expat-driven reader that builds a small tree and refuses anything unsafe as soon as it is seen."""

    def __init__(self, shown: str):
        self.shown = shown
        self.stack: list[Node] = []
        self.root: Node | None = None
        self.count = 0
        self.ids: dict[str, Node] = {}
        self.warnings: list[tuple[Pos, str]] = []

    def parse(self, data: bytes) -> tuple[Node, dict[str, Node], list]:
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
            raise Refused(Pos(self.shown, e.lineno, e.offset + 1),
                           f"malformed SVG: {expat.ErrorString(e.code)}") from None
        if self.root is None:
            raise Refused(Pos(self.shown), "not an SVG file: no <svg> element")
        return self.root, self.ids, self.warnings

    def _check_utf8(self, data: bytes) -> None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            raise Refused(Pos(self.shown, line, col), "art file is not UTF-8 text") from None
        if b"\x00" in data:
            raise Refused(Pos(self.shown), "art file is not UTF-8 text (it contains NUL bytes)")

    def _here(self) -> Pos:
        return Pos(self.shown, self.p.CurrentLineNumber, self.p.CurrentColumnNumber + 1)

    # refusals at the document level
    def _doctype(self, *args) -> None:
        raise Refused(self._here(), "DOCTYPE declarations are not allowed in art (they can define entities)")

    def _entity(self, *args) -> None:
        raise Refused(self._here(), "ENTITY declarations are not allowed in art")

    def _external(self, *args) -> int:
        raise Refused(self._here(), "external entities are not allowed in art")

    def _xmldecl(self, version, encoding, standalone) -> None:
        if encoding and encoding.lower().replace("_", "-") not in ("utf-8", "utf8", "us-ascii", "ascii"):
            raise Refused(self._here(), f"art file must be UTF-8, not {encoding}")

    def _pi(self, target, data) -> None:
        if target.lower() == "xml-stylesheet":
            raise Refused(self._here(), "external stylesheets (<?xml-stylesheet?>) are not allowed in art")

    # elements
    def _start(self, name: str, raw: dict[str, str]) -> None:
        pos = self._here()
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise Refused(pos, f"art has more than {MAX_ELEMENTS} elements")
        if len(self.stack) >= MAX_DEPTH:
            raise Refused(pos, f"art is nested more than {MAX_DEPTH} levels deep")
        local = name.rsplit(":", 1)[-1]
        if local in _REFUSED_ELEMENTS:
            raise Refused(pos, _REFUSED_ELEMENTS[local])
        if not self.stack and local != "svg":
            raise Refused(pos, f"not an SVG file: the root element is <{name}>, not <svg>")
        node = Node(name if ":" in name and not name.startswith("svg:") else local, self._attrs(raw, pos), pos)
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
                raise Refused(pos, f"event attribute '{name}' is not allowed in art (it runs script)")
            if local == "href":
                if not re.fullmatch(r"#[^\s#]+", value.strip()):
                    raise Refused(pos, f"link '{name}=\"{value}\"' is not allowed in art: "
                                        "only same-file references like '#id' are")
                out["href"] = value.strip()
                continue
            check_css(value, pos)
            out[name] = value
        return out

    def _chars(self, text: str) -> None:
        if self.stack and self.stack[-1].tag == "style":
            self.stack[-1].text += text

    def _end(self, name: str) -> None:
        node = self.stack.pop()
        if node.tag == "style":
            check_css(node.text, node.pos)


def check_css(value: str, pos: Pos) -> None:
    """Refuse CSS that would load something: @import and url() of anything but '#id'."""
    if "@import" in value.lower():
        raise Refused(pos, "'@import' is not allowed in art")
    for m in _URL_RE.finditer(value):
        if not m.group(1).strip().startswith("#"):
            raise Refused(pos, f"url({m.group(1).strip()}) is not allowed in art: only url(#id) is")
