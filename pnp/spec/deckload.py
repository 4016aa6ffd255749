"""Resolve a deck spec into faces ready to draw.

Merges layouts along `extends` (cycles reported), applies per-card box
overrides, types the fields against the deck's field declarations, turns CSV
rows into cards, and checks every reference (layouts, icons) with a position.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean, display_path, known_list
from pnp.spec.deck import Box, Card, Deck, FieldDef, Layout, Side
from pnp.spec.load import LDict, LList, load_yaml, locate, value_pos
from pnp.spec.validate import validate
from pnp.spec import templating


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


@dataclass(slots=True)
class Face:
    layout: ResolvedLayout
    fields: dict
    boxes: list[ResolvedBox]  # the layout's boxes with this card's overrides applied
    pos: Pos
    label: str  # "card 'tractor' (front)"
    overridden: bool = False


@dataclass(slots=True)
class CardEntry:
    id: str
    count: int
    front: Face
    back: Face | None
    pos: Pos


@dataclass
class ResolvedDeck:
    spec: Deck
    path: Path
    shown: str
    width: float
    height: float
    bleed: float
    safe: float
    corner_radius: float
    cards: list[CardEntry]
    layouts: dict[str, ResolvedLayout]
    raw: Any = None
    field_defs: dict[str, FieldDef] = field(default_factory=dict)
    _total: int | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def total(self) -> int:
        if self._total is None:
            self._total = sum(c.count for c in self.cards)
        return self._total

    @property
    def double_sided(self) -> bool:
        return any(c.back is not None for c in self.cards)

    def expanded(self):
        """Every physical card in order: (entry, copy number starting at 1)."""
        for entry in self.cards:
            for copy in range(1, entry.count + 1):
                yield entry, copy


MAX_CARDS = 100_000  # ten times the largest benchmark deck


def load_deck(path: Path, game_dir: Path, errors: Collector, shared_layouts: dict | None = None,
              known_icons: set[str] | None = None, raw: Any = None) -> ResolvedDeck | None:
    shown = display_path(path)
    if raw is None:
        raw = load_yaml(path, shown)
    before = len(errors.errors)
    deck = validate(Deck, raw, errors)
    if deck is None:
        return None
    known_icons = known_icons if known_icons is not None else set()
    layouts_raw = dict(shared_layouts or {})
    raw_layouts = raw.get("layouts") if isinstance(raw, LDict) else None
    for name, layout in deck.layouts.items():
        layouts_raw[name] = (layout, raw_layouts[name] if isinstance(raw_layouts, LDict) else raw)
    resolver = _LayoutResolver(layouts_raw, errors, known_icons)
    layouts = {name: resolver.resolve(name) for name in layouts_raw}
    layouts = {k: v for k, v in layouts.items() if v is not None}

    cards: list[CardEntry] = []
    raw_cards = raw.get("cards") if isinstance(raw, LDict) else None
    seen_ids: dict[str, Pos] = {}
    for i, card in enumerate(deck.cards):
        card_raw = raw_cards[i] if isinstance(raw_cards, LList) and i < len(raw_cards) else raw
        entry = _card(deck, card, card_raw, i, layouts, resolver, errors, shown)
        if entry:
            if entry.id in seen_ids:
                errors.error(locate(card_raw, ["id"]), f"duplicate card id '{entry.id}' (first at line {seen_ids[entry.id].line})")
            seen_ids[entry.id] = entry.pos
            cards.append(entry)
    if deck.data:
        from pnp.spec.csvdata import load_rows

        rows = load_rows(game_dir, deck.data, value_pos(raw, "data"), errors)
        for row in rows:
            card = Card(id=row.id, count=row.count, layout=deck.data_layout, fields=row.fields)
            entry = _card(deck, card, row.raw, len(cards), layouts, resolver, errors, shown, row=row)
            if entry:
                if entry.id in seen_ids:
                    errors.error(row.pos, f"duplicate card id '{entry.id}' (first at {seen_ids[entry.id]})")
                seen_ids[entry.id] = entry.pos
                cards.append(entry)
    if not cards and len(errors.errors) == before:
        errors.error(raw.pos if hasattr(raw, "pos") else Pos(shown), "the deck has no cards (add `cards:` or `data:`)")
    total = sum(c.count for c in cards)
    if total > MAX_CARDS:
        errors.error(value_pos(raw, "cards"), f"the deck holds {total} cards; a deck has at most {MAX_CARDS}")
    if len(errors.errors) > before:
        return None
    _warn_outside_safe_zone(deck, cards, errors)
    deck.cards = []  # resolved into `cards` below; the validated models are not needed twice (large decks)
    return ResolvedDeck(deck, path, shown, deck.size.width, deck.size.height, deck.bleed, deck.safe,
                        deck.corner_radius, cards, layouts, raw, deck.fields)


def _warn_outside_safe_zone(deck: Deck, cards: list[CardEntry], errors: Collector) -> None:
    """Text, icons and pictures outside the safe zone risk being cut off: warn once per box."""
    from pnp.spec.units import to_mm

    w, h, safe = deck.size.width, deck.size.height, deck.safe
    used = {id(face.layout): face.layout for c in cards for face in (c.front, c.back) if face is not None}
    for layout in used.values():
        for rb in layout.boxes:
            box = rb.box
            if box.type == "shape" and not box.text:
                continue
            x, y, bw, bh = box_geometry(box, w, h)
            if x < safe - 0.01 or y < safe - 0.01 or x + bw > w - safe + 0.01 or y + bh > h - safe + 0.01:
                errors.warn(locate(rb.raw, ["x"]) if "x" in rb.raw else rb.raw.pos,
                            f"layout '{layout.name}', box '{rb.name}' reaches outside the safe zone "
                            f"({to_mm(safe):g} mm inside the trim): it may be cut off")


def box_geometry(box: Box, card_w: float, card_h: float) -> tuple[float, float, float, float]:
    """A box's x, y, width, height in points, percentages resolved against the card."""

    def dim(value, full: float) -> float:
        return value[1] * full if isinstance(value, list) else float(value)

    return dim(box.x, card_w), dim(box.y, card_h), dim(box.width, card_w), dim(box.height, card_h)


class _LayoutResolver:
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
                                  f"{did_you_mean(icon_name, self.known_icons)}")
        static_text = box.text
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
    out.key_pos, out.value_pos = {}, {}
    out.pos = getattr(over, "pos", None) or getattr(base, "pos", None) or Pos("?")
    for src in (base, over):
        if isinstance(src, LDict):
            for k, v in src.items():
                out[k] = v
                out.key_pos[k] = src.key_pos.get(k, out.pos)
                out.value_pos[k] = src.value_pos.get(k, out.pos)
    return out


def _card(deck: Deck, card: Card, raw: Any, index: int, layouts: dict[str, ResolvedLayout],
          resolver: _LayoutResolver, errors: Collector, shown: str, row=None) -> CardEntry | None:
    pos = row.pos if row is not None else (getattr(raw, "pos", None) or Pos(shown))
    card_id = card.id or f"{deck.name}-{index + 1}"
    if card.front and (card.fields or card.layout or card.boxes):
        errors.error(pos, f"card '{card_id}': give either `front:`/`back:` or `fields:`/`layout:`, not both")
        return None
    front_side = card.front or Side(layout=card.layout, fields=card.fields, boxes=card.boxes)
    front_raw = raw.get("front") if isinstance(raw, LDict) and card.front else raw
    front = _face(deck, front_side, front_raw, deck.layout, layouts, resolver, errors,
                  f"card '{card_id}'" + (" (front)" if card.back or deck.back else ""), pos, row)
    back = None
    if card.back:
        back = _face(deck, card.back, raw.get("back") if isinstance(raw, LDict) else raw, deck.layout, layouts,
                     resolver, errors, f"card '{card_id}' (back)", pos, row)
    elif deck.back:
        back = _face(deck, deck.back, None, None, layouts, resolver, errors, "the deck's back", pos, None, shared=True)
    if front is None or (card.back and back is None):
        return None
    return CardEntry(card_id, card.count, front, back, pos)


def _face(deck: Deck, side: Side, raw: Any, default_layout: str | None, layouts: dict[str, ResolvedLayout],
          resolver: _LayoutResolver, errors: Collector, label: str, card_pos: Pos, row=None,
          shared: bool = False) -> Face | None:
    layout_name = side.layout or default_layout
    raw_side = raw if isinstance(raw, LDict) else None
    if layout_name is None:
        errors.error(card_pos, f"{label}: no layout (set `layout:` on the card or the deck)")
        return None
    if layout_name not in layouts:
        where = locate(raw_side, ["layout"]) if raw_side is not None and "layout" in raw_side else card_pos
        if layout_name in resolver.layouts:
            return None  # its own errors were reported already
        errors.error(where, f"{label}: unknown layout '{layout_name}'{did_you_mean(layout_name, layouts)} "
                            f"({known_list(layouts)})")
        return None
    layout = layouts[layout_name]
    fields_raw = raw_side.get("fields") if raw_side is not None else None
    fields = _typed_fields(deck.fields, side.fields, fields_raw, errors, label, card_pos, resolver.known_icons, row,
                           check_required=not shared)
    boxes = layout.boxes
    overridden = False
    if side.boxes:
        overrides_raw = raw_side.get("boxes") if raw_side is not None else LDict()
        by_name = {b.name: b for b in layout.boxes}
        new_boxes = list(layout.boxes)
        for box_name in side.boxes:
            box_raw = overrides_raw[box_name] if isinstance(overrides_raw, LDict) and box_name in overrides_raw else LDict()
            if box_name not in by_name:
                errors.error(locate(overrides_raw, [box_name], key=True),
                             f"{label}: layout '{layout_name}' has no box '{box_name}'{did_you_mean(box_name, by_name)}")
                continue
            merged = merge(by_name[box_name].raw, box_raw)
            rb = resolver.box(box_name, merged)
            if rb:
                new_boxes[new_boxes.index(by_name[box_name])] = rb
        boxes, overridden = new_boxes, True
    return Face(layout, fields, boxes, getattr(raw_side, "pos", card_pos), label, overridden)


def _typed_fields(defs: dict[str, FieldDef], values: dict, raw: Any, errors: Collector, label: str,
                  card_pos: Pos, known_icons: set[str], row=None, check_required: bool = True) -> dict:
    """Check a side's fields against the deck's declarations (when it declares any)."""
    out = {}
    for name, value in values.items():
        pos = row.pos_of(name) if row else (locate(raw, [name]) if isinstance(raw, LDict) else card_pos)
        if not defs:
            out[name] = value
            continue
        if name not in defs:
            kpos = row.pos_of(name) if row else (locate(raw, [name], key=True) if isinstance(raw, LDict) else card_pos)
            errors.error(kpos, f"{label}: unknown field '{name}'{did_you_mean(name, defs)} ({known_list(defs)})")
            continue
        ok, converted, message = convert_field(defs[name], value, known_icons)
        if not ok:
            errors.error(pos, f"{label}: field '{name}' {message}")
            continue
        out[name] = converted
    for name, d in defs.items():
        if name not in out and name not in values:
            if d.required and check_required:
                errors.error(getattr(raw, "pos", card_pos), f"{label}: missing required field '{name}'")
            out[name] = d.default if d.default is not None else ([] if d.type in ("icons", "list") else None)
    return out


def convert_field(d: FieldDef, value: Any, known_icons: set[str]) -> tuple[bool, Any, str]:
    """(ok, converted value, message): the value typed as its declaration says."""
    if value is None:
        return True, None, ""
    try:
        if d.type == "int":
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            value = int(str(value).strip()) if isinstance(value, str) else int(value)
        elif d.type == "number":
            if isinstance(value, bool):
                raise ValueError
            value = float(value)
        elif d.type == "bool":
            if isinstance(value, str):
                if value.strip().lower() not in ("true", "false", "yes", "no", "1", "0", ""):
                    raise ValueError
                value = value.strip().lower() in ("true", "yes", "1")
            elif not isinstance(value, bool):
                raise ValueError
        elif d.type == "text":
            if isinstance(value, (dict, list)):
                raise ValueError
            value = str(value)
        elif d.type in ("icons", "list"):
            if isinstance(value, str):
                value = [v for v in value.replace(",", " ").split() if v] if d.type == "icons" else [value]
            if not isinstance(value, list):
                raise ValueError
    except (ValueError, TypeError):
        kind = {"int": "a whole number", "number": "a number", "bool": "true or false", "text": "text",
                "icons": "a list of icon names", "list": "a list"}.get(d.type, d.type)
        return False, None, f"must be {kind}, got {value!r}"
    if d.type in ("int", "number"):
        if d.min is not None and value < d.min:
            return False, None, f"must be at least {d.min:g}, got {value}"
        if d.max is not None and value > d.max:
            return False, None, f"must be at most {d.max:g}, got {value}"
    if d.choices is not None and d.type == "text" and value not in d.choices:
        return False, None, f"must be one of {', '.join(d.choices)}, got '{value}'{did_you_mean(value, d.choices)}"
    if d.type == "icons":
        for name in value:
            if not isinstance(name, str) or name not in known_icons:
                return False, None, f"names unknown icon '{name}'{did_you_mean(str(name), known_icons)}"
    return True, value, ""
