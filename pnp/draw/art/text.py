"""SVG `<text>` and `<tspan>` as runs of text in the game's fonts.

An SVG names fonts by family ('Minion Pro', Georgia, sans-serif); pnp draws
with the fonts it embeds. A family that is one of pnp's font names is used
as it is; otherwise the family maps to the nearest built-in face (serif,
sans, condensed), and font-weight/font-style pick its bold or italic. The
runs keep SVG's positioning: x/y/dx/dy on text and tspans, text-anchor, a
run without its own x continuing where the one before ended (by the font's
own metrics), and SVG's white-space rules (xml:space="preserve" as Inkscape
writes it).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from pnp.draw import fonts
from pnp.draw.art.gate import Node
from pnp.draw.art.model import TextRun
from pnp.draw.art.style import CURRENT, PaintServer, Style
from pnp.draw.art.transform import Matrix
from pnp.draw.art.units import read_length
from pnp.errors import Pos

_SERIF = ("serif", "times", "georgia", "garamond", "palatino", "baskerville", "minion", "cambria", "roman",
          "bodoni", "caslon", "didot", "book")


def font_for(family: str, bold: bool, italic: bool) -> str:
    """The pnp font for an SVG font-family list and weight/style."""
    names = [n.strip().strip("'\"").strip() for n in family.split(",")]
    base = next((n for n in names if n in fonts.FONT_FILES), None)
    if base is None:
        first = (names[0] if names else "").lower()
        # Illustrator names the face in the family ('MyriadPro-Bold', 'MinionPro-It')
        bold = bold or any(word in first for word in ("bold", "black", "heavy", "semibold"))
        italic = italic or any(word in first for word in ("italic", "oblique", "-it"))
        if "condensed" in first or "narrow" in first:
            base = "condensed"
        elif "sans" not in first and any(word in first for word in _SERIF):
            base = "serif"
        else:
            base = "sans"
    return fonts.style_variant(base, bold, italic)


class TextReader:
    """Turns one `<text>` element into TextRuns; styles come from the builder's resolver."""

    def __init__(self, resolve: Callable[[Node, Style], Style], gradient_colour: Callable[[Node], str | None],
                 warn: Callable[[Pos, str], None], props: Callable[[Node], dict]):
        self.resolve = resolve
        self.props = props
        self.gradient_colour = gradient_colour
        self.warn = warn

    def read(self, node: Node, ctm: Matrix, style: Style, clips: tuple) -> list[TextRun]:
        self.runs: list[TextRun] = []
        self.ctm, self.clips = ctm, clips
        self.pen = [0.0, 0.0]
        self.space_before = True  # SVG drops spaces at the start of a text element
        self.chunk = (0, 0.0, style.text_anchor)  # (first run, start x, anchor) of the runs placed from one x
        preserve = node.attrs.get("xml:space", "").strip() == "preserve"
        self._element(node, style, preserve)
        if self.runs and not preserve:
            last = self.runs[-1]
            trimmed = last.string.rstrip(" ")
            self.pen[0] -= fonts.text_width(last.string[len(trimmed):], last.font, last.size)
            self.runs[-1] = replace(last, string=trimmed)
        self._close_chunk()
        return [r for r in self.runs if r.string]

    def _close_chunk(self) -> None:
        """Shift the runs placed since the last absolute x by the anchor (middle: half their width, end: all)."""
        first, start, anchor = self.chunk
        if anchor != "start":
            width = self.pen[0] - start
            shift = width / 2 if anchor == "middle" else width
            self.runs[first:] = [replace(r, x=r.x - shift) for r in self.runs[first:]]

    def _element(self, node: Node, style: Style, preserve: bool) -> None:
        preserve = node.attrs.get("xml:space", "preserve" if preserve else "").strip() == "preserve"
        if (node.attrs.get("x") or "").strip():  # a new absolute x starts a new anchored chunk
            self._close_chunk()
            self._position(node)
            self.chunk = (len(self.runs), self.pen[0], style.text_anchor)
        else:
            self._position(node)
        for child in node.children:
            if child.tag == "#text":
                self._chunk(child, style, preserve)
            elif child.tag == "tspan":
                if self.resolve_display(child):
                    self._element(child, self.resolve(child, style), preserve)
            elif ":" not in child.tag and child.tag not in ("title", "desc"):
                self.warn(child.pos, f"<{child.tag}> inside text is not supported and was skipped")

    def resolve_display(self, node: Node) -> bool:
        return self.props(node).get("display", "").strip() != "none"

    def _position(self, node: Node) -> None:
        """Apply x/y/dx/dy (the first of each list)."""
        for name, axis, relative in (("x", 0, False), ("y", 1, False), ("dx", 0, True), ("dy", 1, True)):
            text = node.attrs.get(name)
            if text is None or not text.strip():
                continue
            parts = text.replace(",", " ").split()
            if len(parts) > 1:
                self.warn(node.pos, f"{name}=\"{text[:40]}\" places each character; only the first value is used")
            value = read_length(parts[0])
            if value is None:
                self.warn(node.pos, f"{name}=\"{parts[0]}\" is not a length and was ignored")
                continue
            self.pen[axis] = self.pen[axis] + value if relative else value

    def _chunk(self, chunk: Node, style: Style, preserve: bool) -> None:
        text = re.sub(r"[\r\n]", "" if not preserve else " ", chunk.text).replace("\t", " ")
        if not preserve:
            text = re.sub(" +", " ", text)
            if self.space_before:
                text = text.lstrip(" ")
        if not text:
            return
        self.space_before = text.endswith(" ")
        font = font_for(style.font_family, style.bold, style.italic)
        missing = fonts.missing_glyphs(text, font)
        if missing:
            self.warn(chunk.pos, fonts.describe_missing(missing, font))
        fill = self._fill(chunk, style)
        if fill is not None and style.opacity * style.fill_opacity > 0:
            if style.opacity * style.fill_opacity < 1:
                self.warn(chunk.pos, "text is drawn without its opacity (fully opaque)")
            self.runs.append(TextRun(self.ctm, self.pen[0], self.pen[1], text, font, style.font_size, fill, "start",
                                     self.clips))
        self.pen[0] += fonts.text_width(text, font, style.font_size)

    def _fill(self, chunk: Node, style: Style) -> str | None:
        fill = style.fill
        if isinstance(fill, PaintServer):
            colour = self.gradient_colour(fill.node)
            self.warn(chunk.pos, "gradient text is drawn in one mid colour")
            return colour
        return fill if fill is None or fill == CURRENT or fill.startswith("#") else None
