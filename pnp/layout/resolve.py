"""Layouts resolved for drawing: `extends` chains merged key by key (cycles reported), each merged
box validated once, literal icons checked at their own line, static text rendered once.

The cards' resolver, shared by every piece that has a layout (`pnp.layout.pieces`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean
from pnp.layout.boxes import Box, Layout
from pnp.models.retiredicons import icon_hint
from pnp.models.validate import validate
from pnp.reading.load import LDict, locate
from pnp.sandbox import templating


@dataclass
class ResolvedBox:
    name: str
    box: Box
    raw: Any
    static: bool  # its content does not depend on the card
    static_text: str | None = None  # the text of a static box, rendered once


@dataclass
class ResolvedLayout:
    name: str
    background: str | None
    boxes: list[ResolvedBox]
    pos: Pos

    @property
    def static_prefix(self) -> int:
        """How many leading boxes are the same on every card (drawn once as a form)."""
        n = 0
        for b in self.boxes:
            if not b.static:
                break
            n += 1
        return n


_TEMPLATE_KEYS = ("text", "src", "icons", "fill", "stroke", "color")


def templates_of(box: Box):
    """(key, source, names it uses) of every template of a box, `show_if` and an `icons` field name included."""
    for key in _TEMPLATE_KEYS:
        value = getattr(box, key, None)
        if isinstance(value, str) and "{" in value:
            yield key, value, _names(value)
    if box.type == "icons" and isinstance(box.icons, str) and "{" not in box.icons:
        yield "icons", box.icons, frozenset({box.icons})  # the name of the field holding the icons
    if box.show_if:
        bare = box.show_if.isidentifier()
        yield "show_if", box.show_if, frozenset({box.show_if}) if bare else _names("{{ " + box.show_if + " }}")


@lru_cache(maxsize=4096)
def _names(source: str) -> frozenset[str]:
    try:
        return frozenset(templating.names_used(source))
    except templating.TemplateError:
        return frozenset()  # a syntax error, reported where the layout is read


def name_pos(value_at: Pos, source: str, name: str) -> Pos:
    """The position of `name` inside the template text when it can be found in the file, else the text's."""
    import re

    from pnp.reading.load import locate_within

    return locate_within(value_at, rf"(?<![A-Za-z0-9_.]){re.escape(name)}(?![A-Za-z0-9_])", 2 * len(source) + 16)


class LayoutResolver:
    """Merges layouts along `extends`, validating each merged box once."""

    def __init__(self, layouts: dict[str, tuple[Layout, Any]], errors: Collector, known_icons: set[str]):
        self.layouts = layouts
        self.errors = errors
        self.known_icons = known_icons
        self.done: dict[str, ResolvedLayout | None] = {}
        self.merged: dict[str, tuple[str | None, dict[str, LDict]]] = {}

    def raw_boxes(self, name: str, chain: tuple = ()) -> tuple[str | None, dict[str, LDict]] | None:
        if name in self.merged:
            return self.merged[name]
        layout, raw = self.layouts[name]
        boxes: dict[str, LDict] = {}
        background = None
        if layout.extends:
            pos = locate(raw, ["extends"])
            if layout.extends in chain or layout.extends == name:
                cycle = " → ".join(chain + (name, layout.extends))
                self.errors.error(pos, f"layout '{name}' extends itself in a cycle: {cycle}")
                return None
            if layout.extends not in self.layouts:
                self.errors.error(pos, f"layout '{name}' extends unknown layout '{layout.extends}'"
                                       f"{did_you_mean(layout.extends, self.layouts)}")
                return None
            parent = self.raw_boxes(layout.extends, chain + (name,))
            if parent is None:
                return None
            background, pboxes = parent
            boxes = {k: v for k, v in pboxes.items()}
        raw_boxes = raw.get("boxes") if isinstance(raw, LDict) else None
        for box_name in layout.boxes:
            own = raw_boxes[box_name] if isinstance(raw_boxes, LDict) else LDict()
            boxes[box_name] = merge(boxes.get(box_name), own)
        if layout.background:
            background = layout.background
        self.merged[name] = (background, boxes)
        return self.merged[name]

    def resolve(self, name: str) -> ResolvedLayout | None:
        if name in self.done:
            return self.done[name]
        self.done[name] = None
        merged = self.raw_boxes(name)
        if merged is None:
            return None
        background, raw_boxes = merged
        boxes = []
        for box_name, raw in raw_boxes.items():
            rb = self.box(box_name, raw)
            if rb:
                boxes.append(rb)
        _, raw = self.layouts[name]
        result = ResolvedLayout(name, background, boxes, getattr(raw, "pos", Pos("?")))
        self.done[name] = result
        return result

    def box(self, box_name: str, raw: LDict) -> ResolvedBox | None:
        if not isinstance(raw, LDict):
            self.errors.error(getattr(raw, "pos", Pos("?")), f"box '{box_name}' must be a mapping")
            return None
        box = validate(Box, raw, self.errors)
        if box is None:
            return None
        static = templating.is_static(box, raw, self.errors)
        # icons written literally in the layout are checked here, at their own line
        for icon_name in templating.static_icons(box):
            if icon_name not in self.known_icons:
                where = "text" if box.text and f":{icon_name}:" in box.text else ("icons" if box.icons else "src")
                self.errors.error(locate(raw, [where]), f"box '{box_name}': unknown icon '{icon_name}'"
                                  f"{icon_hint(icon_name, self.known_icons)}")
        static_text = templating.as_jinja_reads(box.text) if box.text else box.text
        if static and box.text and "{" in box.text:
            try:
                static_text = templating.render(box.text, {})
            except templating.TemplateError as e:
                self.errors.error(locate(raw, ["text"]), f"box '{box_name}': {e.message}")
                return None
        return ResolvedBox(box_name, box, raw, static, static_text)


def merge(base: LDict | None, over: LDict) -> LDict:
    """A new LDict: `base` with `over`'s keys replacing its own, positions kept per key."""
    out = LDict()
    out.pos = getattr(over, "pos", None) or getattr(base, "pos", None) or Pos("?")
    out.path = out.pos.path
    for src in (base, over):
        if isinstance(src, LDict):
            for k, v in src.items():
                out.put(k, v, src)
    return out
