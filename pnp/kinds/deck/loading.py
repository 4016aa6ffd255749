"""Resolve a deck spec into faces ready to draw.

Merges layouts along `extends` (cycles reported), applies per-card box
overrides, types the fields against the deck's field declarations, turns CSV
rows into cards, and checks every reference (layouts, icons) with a position.
"""
from __future__ import annotations

import difflib
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean, display_path, known_list
from pnp.kinds.deck.models import Card, Deck, FieldDef, Side
from pnp.kinds.deck.cards import DeckCards, RowPlaces
from pnp.reading.load import LDict, LList, load_yaml, locate, value_pos
from pnp.models.validate import take_back, validate
from pnp.sandbox import templating
from pnp.kinds.deck.fieldvalues import LayoutRef, blank_value, convert_field  # noqa: F401  (re-exported)
# layouts are resolved by the layout engine every piece shares; its names are the deck's too
from pnp.layout.boxes import box_geometry  # noqa: F401  (re-exported)
from pnp.layout.resolve import LayoutResolver, ResolvedBox, ResolvedLayout, merge, name_pos, templates_of  # noqa: F401


@dataclass(slots=True)
class Face:
    layout: ResolvedLayout
    fields: dict
    boxes: list[ResolvedBox]  # the layout's boxes with this card's overrides applied
    pos: Pos
    card_id: str
    side: str  # how the label names the side: "" (a card with one face), " (front)" or " (back)"
    overridden: bool = False

    @property
    def label(self) -> str:
        """"card 'lantern' (front)": made when a message needs it, not kept on each of ten thousand faces."""
        return f"card '{self.card_id}'{self.side}"


class RowCard:
    """A data row's card as `_CardBuilder.card` reads a `Card`: an id, a count and fields, and
    nothing else (its layouts come from its row). Its values were checked as the row was read
    (an id stripped and not empty, a count from 0 to 10,000, no empty field), so no model is
    validated: a large table makes tens of thousands of them, each twice. It is its own front."""

    __slots__ = ("count", "fields", "id")
    layout = front = back = None
    boxes = {}  # noqa: RUF012  (never changed: a row overrides no box)

    def __init__(self, card_id: str | None, count: int, fields: dict):
        self.id, self.count, self.fields = card_id, count, fields


class CardFacts(dict):
    """A card as templates and declared checks read it (`card`, each of `cards`): its id, count
    and the copy being drawn, and the like. A dict whose `copy` is the copy number, so that
    `card.copy` reads as a designer means it (a plain dict's `copy` is its method);
    `card['copy']` reads the same."""

    __slots__ = ()

    @property
    def copy(self) -> int:  # noqa: A003 — the name a designer writes
        return self["copy"]


@dataclass(slots=True)
class CardEntry:
    id: str
    count: int
    front: Face
    back: Face | None
    pos: Pos

    def facts(self, copy: int) -> CardFacts:
        return CardFacts(id=self.id, copy=copy, count=self.count)


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
    cards: Sequence[CardEntry]  # a list, or a `DeckCards` making a large table's cards when asked for
    layouts: dict[str, ResolvedLayout]
    raw: Any = None
    field_defs: dict[str, FieldDef] = field(default_factory=dict)
    data_rows: Mapping = field(default_factory=dict)  # card id → where its data row and each of its cells are (RowPlace)
    parameters: dict = field(default_factory=dict)  # game.yaml's rule parameters, read by card templates
    _total: int | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def total(self) -> int:
        if isinstance(self.cards, DeckCards):
            return self.cards.summary.total
        if self._total is None:
            self._total = sum(c.count for c in self.cards)
        return self._total

    @property
    def double_sided(self) -> bool:
        if isinstance(self.cards, DeckCards):
            return self.cards.summary.double_sided
        return any(c.back is not None for c in self.cards)

    def face_groups(self, side: str) -> dict[tuple, list]:
        """The faces of one side ("front", "back") grouped by their boxes (the list's id) and background:
        {key: [the first such face, its card's id, how many]}, in the order of the cards."""
        if isinstance(self.cards, DeckCards):
            return self.cards.summary.groups[side]
        groups: dict[tuple, list] = {}
        for entry in self.cards:
            _group(groups, getattr(entry, side), entry.id)
        return groups

    def copies(self, i: int) -> int:
        """How many copies card `i` has, without making a card a large table keeps as its row."""
        cards = self.cards
        return cards.copies(i) if isinstance(cards, DeckCards) else cards[i].count

    def expanded(self):
        """Every physical card in order: (entry, copy number starting at 1)."""
        for entry in self.cards:
            for copy in range(1, entry.count + 1):
                yield entry, copy

    def card_facts(self) -> list[CardFacts]:
        """Every physical card as declared checks read it: {id, deck, copy, fields, back}."""
        return [CardFacts(id=entry.id, deck=self.name, copy=copy, fields=dict(entry.front.fields),
                          back=dict(entry.back.fields) if entry.back else {}) for entry, copy in self.expanded()]


MAX_CARDS = 100_000  # ten times the largest benchmark deck


def load_deck(path: Path, game_dir: Path, errors: Collector, shared_layouts: dict | None = None,
              known_icons: set[str] | None = None, raw: Any = None) -> ResolvedDeck | None:
    shown = display_path(path)
    if raw is None:
        raw = load_yaml(path, shown)
    before = len(errors.errors)
    raw_cards = raw.get("cards") if isinstance(raw, LDict) else None
    if not isinstance(raw_cards, LList):
        deck = validate(Deck, raw, errors)
        return _resolve(deck, path, game_dir, errors, shared_layouts, known_icons, raw, [], before) if deck else None
    # the cards are checked one at a time as they are resolved, not all at once with the deck:
    # a deck of ten thousand cards never holds ten thousand card models
    shell = LDict((k, v) for k, v in raw.items() if k != "cards")
    shell.share_positions(raw)
    deck = validate(Deck, shell, errors)
    if deck is None:
        _report_card_errors(raw_cards, 0, errors)
        return None
    return _resolve(deck, path, game_dir, errors, shared_layouts, known_icons, raw, raw_cards, before)


def _report_card_errors(raw_cards: LList, start: int, errors: Collector) -> None:
    """The errors of cards `start` and after, once the deck cannot be built (as a whole deck's check reports them)."""
    for i in range(start, len(raw_cards)):
        validate(Card, raw_cards[i], errors, ("cards", i), raw_cards.item_pos[i])


def _resolve(deck: Deck, path: Path, game_dir: Path, errors: Collector, shared_layouts: dict | None,
             known_icons: set[str] | None, raw: Any, raw_cards: Any, before: int) -> ResolvedDeck | None:
    """The deck's layouts resolved, then its cards (checked one at a time from `raw_cards`) and data rows."""
    shown = display_path(path)
    resolved_errors, resolved_warnings = len(errors.errors), len(errors.warnings)
    known_icons = known_icons if known_icons is not None else set()
    layouts_raw = dict(shared_layouts or {})
    raw_layouts = raw.get("layouts") if isinstance(raw, LDict) else None
    for name, layout in deck.layouts.items():
        layouts_raw[name] = (layout, raw_layouts[name] if isinstance(raw_layouts, LDict) else raw)
    resolver = LayoutResolver(layouts_raw, errors, known_icons)
    layouts = {name: resolver.resolve(name) for name in layouts_raw}
    layouts = {k: v for k, v in layouts.items() if v is not None}
    build = _CardBuilder(deck, raw, layouts, resolver, errors, shown)
    seen = _Seen(deck)

    cards = DeckCards(build.again)
    yaml_cards = array("L")  # the place in `cards:` of each card from the YAML (they come first)
    for i, card_raw in enumerate(raw_cards):
        checked = len(errors.errors)
        card = validate(Card, card_raw, errors, ("cards", i), raw_cards.item_pos[i])
        if card is None:  # as when the deck is checked whole: a card is wrong, so nothing is resolved
            take_back(errors, resolved_errors, checked, resolved_warnings)
            _report_card_errors(raw_cards, i + 1, errors)
            return None
        entry = build.card(card, card_raw, i)
        if entry:
            seen.add(entry)
            cards.add(entry)
            yaml_cards.append(i)
    data_rows: dict[str, Any] = {}
    row_places: dict[int, Any] = {}  # card → its row's place, for the rows' cards kept resolved
    if deck.data:
        from pnp.kinds.deck.rows import deck_rows

        for row in deck_rows(deck, game_dir, raw, errors):  # read, checked and resolved one at a time
            card = RowCard(row.id, row.count, row.fields)
            entry = build.card(card, None, len(cards), row=row)
            if entry:
                seen.add(entry)
                cards.add(entry, row)
                if not cards.is_row(len(cards) - 1):
                    data_rows[entry.id] = row_places[len(cards) - 1] = row.place()
    for i, first in cards.repeated_ids():
        card_id = cards.card_id(i)
        if i < len(yaml_cards):
            errors.error(locate(raw_cards[yaml_cards[i]], ["id"]),
                         f"duplicate card id '{card_id}' (first at line {cards.pos(first).line})")
        else:
            place = row_places.get(i) or cards.row(i)
            errors.error(place.pos_of("id"), f"duplicate card id '{card_id}' (first at {cards.pos(first)})")
    cards.loaded()
    del row_places
    if not len(cards) and len(errors.errors) == before:
        errors.error(raw.pos if hasattr(raw, "pos") else Pos(shown), "the deck has no cards (add `cards:` or `data:`)")
    if seen.total > MAX_CARDS:
        errors.error(value_pos(raw, "cards"), f"the deck holds {seen.total} cards; a deck has at most {MAX_CARDS}")
    if len(errors.errors) == before:
        seen.undefined.report(errors)
    if len(errors.errors) > before:
        return None
    _warn_outside_safe_zone(deck, list(seen.layouts.values()), errors)
    deck.cards = []  # resolved into `cards` below; the validated models are not needed twice (large decks)
    build.done()
    if cards.resolved():
        cards = list(cards)
    else:  # some cards are made when asked for: what the build needs to know of all of them is kept
        cards.summary = seen
        data_rows = RowPlaces(data_rows, cards)
    return ResolvedDeck(deck, path, shown, deck.size.width, deck.size.height, deck.bleed, deck.safe,
                        deck.corner_radius, cards, layouts, raw, deck.fields, data_rows=data_rows)


class _Seen:
    """What the deck's checks and its drawing need to know of all its cards, gathered as each card is
    made, so that no card need be kept for them: the total count, whether any card has a back,
    the layouts used, the names templates use that cards lack, and the faces grouped by their boxes."""

    def __init__(self, deck: Deck):
        self.total = 0
        self.double_sided = False
        self.layouts: dict[int, ResolvedLayout] = {}  # in the order the cards first use them
        self.undefined = _UndefinedNames(deck)
        self.groups: dict[str, dict[tuple, list]] = {"front": {}, "back": {}}

    def add(self, entry: CardEntry) -> None:
        self.total += entry.count
        self.double_sided = self.double_sided or entry.back is not None
        for side, face in (("front", entry.front), ("back", entry.back)):
            if face is not None:
                self.layouts.setdefault(id(face.layout), face.layout)
                _group(self.groups[side], face, entry.id)
        self.undefined.add(entry)


def _group(groups: dict[tuple, list], face: Face | None, card_id: str) -> None:
    """Count a face in its group (`ResolvedDeck.face_groups`)."""
    if face is not None:
        groups.setdefault((id(face.boxes), face.layout.background), [face, card_id, 0])[2] += 1


class _UndefinedNames:
    """A name a layout's template uses that cards do not have: one error at the template, naming those cards.

    Drawing would fail on each card with the card's own position; the mistake
    is in the template, written once, so that is where it is reported. A name
    is only reported when rendering really fails on it (a template may guard a
    name with `is defined`). Cards are added as they are made (`add`), so that
    none need be held for it.
    """

    def __init__(self, deck: Deck):
        self.deck = deck
        self._globals: frozenset | None = None
        self.missing: dict[tuple[Pos, str], tuple[set[str], list[Pos]]] = {}
        self.confirmed: dict[tuple, bool] = {}
        self.placed: dict[tuple, Pos] = {}
        # faces with the same boxes and the same field names use the same unknown names: worked out once
        self.plans: dict[tuple, tuple[set[str], list]] = {}

    def globals(self) -> frozenset:
        """The names every template knows (Jinja2's own and pnp's): looked up only for a name the
        cards lack, since it loads Jinja2, which plain `{{ name }}` text never needs."""
        if self._globals is None:
            self._globals = frozenset(templating.environment().globals)
        return self._globals

    def add(self, entry: CardEntry) -> None:
        missing, confirmed, placed, plans = self.missing, self.confirmed, self.placed, self.plans
        for face in (entry.front, entry.back):
            if face is None:
                continue
            plan_key = (id(face.boxes), frozenset(face.fields))
            if plan_key not in plans:
                names = set(face.fields) | {"card", "deck", "parameters"}
                plans[plan_key] = (names, [(rb, key, source, unknown) for rb in face.boxes if not rb.static
                                           for key, source, used in templates_of(rb.box)
                                           if used - names and (unknown := frozenset(used - names - self.globals()))])
            names, plan = plans[plan_key]
            for rb, key, source, unknown in plan:
                for name in sorted(unknown):
                    check = (source, key, name, unknown)
                    if check not in confirmed:
                        confirmed[check] = _fails_on(source, key == "show_if", name, face, entry, self.deck)
                    if not confirmed[check]:
                        continue
                    value_at = locate(rb.raw, [key])
                    if (value_at, source, name) not in placed:
                        placed[value_at, source, name] = name_pos(value_at, source, name)
                    at = placed[value_at, source, name]
                    known, where = missing.setdefault((at, name), (set(), []))
                    known |= names
                    where.append(entry.pos)  # a data row's card is at its row

    def report(self, errors: Collector) -> None:
        for (at, name), (known, where) in self.missing.items():
            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            errors.error(at, f"'{name}' is undefined ({_cards_at(where)}){hint}")


def _fails_on(source: str, expression: bool, name: str, face: Face, entry: CardEntry, deck: Deck) -> bool:
    """Whether rendering `source` for this card fails because `name` is undefined (the layout
    engine's test, with the card's context)."""
    from pnp.layout.pieces import fails_on

    context = dict(face.fields)
    context["card"] = entry.facts(1)
    context["deck"] = {"name": deck.name, "title": deck.title or deck.name, "total": 0}
    return fails_on(source, expression, name, context)


def _cards_at(where: list[Pos]) -> str:
    """'48 cards: items.csv rows 2–49' — the cards a mistake affects, by file and row or line ranges."""
    where = list(dict.fromkeys(where))  # a card whose front and back both fail is one card
    by_file: dict[str, list[int]] = {}
    for pos in where:
        by_file.setdefault(pos.path, []).append(pos.line)
    parts = []
    for path, lines in by_file.items():
        unit = "line" if path.endswith((".yaml", ".yml")) else "row"
        spans = _spans(sorted(set(lines)))
        plural = "s" if len(spans) > 1 or "–" in spans[0] else ""
        shown = ", ".join(spans[:6]) + (", …" if len(spans) > 6 else "")
        parts.append(f"{path} {unit}{plural} {shown}")
    n = len(where)
    return f"{n} card{'s' if n != 1 else ''}: " + "; ".join(parts)


def _spans(numbers: list[int]) -> list[str]:
    out: list[str] = []
    start = prev = numbers[0]
    for n in numbers[1:] + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(f"{start}–{prev}" if prev > start else str(start))
        if n is not None:
            start = prev = n
    return out


def _warn_outside_safe_zone(deck: Deck, used: list[ResolvedLayout], errors: Collector) -> None:
    """Text, icons and pictures outside the safe zone risk being cut off: warn once per box of the
    layouts the cards use (`used`, in the order the cards first use them)."""
    from pnp.models.units import to_mm

    w, h, safe = deck.size.width, deck.size.height, deck.safe
    for layout in used:
        for rb in layout.boxes:
            box = rb.box
            if box.type == "shape" and not box.text:
                continue
            if box.type == "image" and getattr(box, "bleed", False):
                continue  # a picture filling the bleed is meant to be cut at the edge
            x, y, bw, bh = box_geometry(box, w, h)
            if x < safe - 0.01 or y < safe - 0.01 or x + bw > w - safe + 0.01 or y + bh > h - safe + 0.01:
                errors.warn(locate(rb.raw, ["x"]) if "x" in rb.raw else rb.raw.pos,
                            f"layout '{layout.name}', box '{rb.name}' reaches outside the safe zone "
                            f"({to_mm(safe):g} mm inside the trim): it may be cut off")


class _CardBuilder:
    """Turns a deck's cards and data rows into entries: each face's layout chosen, its fields typed."""

    def __init__(self, deck: Deck, raw: Any, layouts: dict[str, ResolvedLayout], resolver: LayoutResolver,
                 errors: Collector, shown: str):
        self.deck, self.raw, self.layouts, self.resolver, self.errors, self.shown = (
            deck, raw, layouts, resolver, errors, shown)
        self.front_ref = self._ref(deck.layout, ["layout"])
        self.data_ref = self._ref(deck.data_layout, ["data_layout"]) or self.front_ref
        back_raw = raw.get("back") if isinstance(raw, LDict) else None
        self.back_raw = back_raw if isinstance(back_raw, LDict) else None
        self.back_ref = None
        if deck.back is not None and deck.back.layout:
            self.back_ref = self._ref(deck.back.layout, ["back", "layout"] if self.back_raw is not None else ["back"])
        self._reported: set[tuple[Pos, str]] = set()
        self._back_pos = getattr(self.back_raw, "pos", None)  # one Pos for the deck's back, not one a card
        self._shared_fields: dict[Any, dict] = {}  # a back many cards share: its own fields, typed once
        self._bare_side = Side()  # the back a row's `back` cell names: no fields or boxes of its own

    def _ref(self, text: str | None, path: list) -> LayoutRef | None:
        if not text:
            return None
        return LayoutRef(text, locate(self.raw, path) if isinstance(self.raw, LDict) else Pos(self.shown), True)

    def once(self, pos: Pos, message: str) -> None:
        """Report an error about something written once for many cards only once."""
        if (pos, message) not in self._reported:
            self._reported.add((pos, message))
            self.errors.error(pos, message)

    def again(self, index: int, row) -> CardEntry:
        """Card `index` made again from its data row (`pnp.kinds.deck.cards`), as when the deck was loaded."""
        return self.card(RowCard(row.id, row.count, row.fields), None, index, row=row)

    def done(self) -> None:
        """The deck is loaded: a card made again reports nothing (its errors were reported at loading),
        and the builder does not hold the YAML tree, which is let go of before drawing."""
        self.errors = self.resolver.errors = Collector()
        self.raw = None

    def card(self, card: Card, raw: Any, index: int, row=None) -> CardEntry | None:
        deck, errors = self.deck, self.errors
        pos = row.pos if row is not None else (getattr(raw, "pos", None) or Pos(self.shown))
        card_id = card.id or f"{deck.name}-{index + 1}"
        if card.front and (card.fields or card.layout or card.boxes):
            errors.error(pos, f"card '{card_id}': give either `front:`/`back:` or `fields:`/`layout:`, not both")
            return None
        front_side = card.front or card  # the single-sided shorthand: the card's own layout, fields and boxes
        front_raw = raw.get("front") if isinstance(raw, LDict) and card.front else raw
        if row is not None:
            front_ref = row.layout_ref or self.data_ref
        elif front_side.layout:
            front_ref = LayoutRef(front_side.layout, _key_pos(front_raw, "layout", pos))
        else:
            front_ref = self.front_ref
        has_back = bool(card.back or deck.back or (row is not None and row.back_ref))
        front = self.face(front_side, front_raw, front_ref, (card_id, " (front)" if has_back else ""), pos, row)
        if front is None:
            return None
        back = None
        if card.back:
            back_raw = raw.get("back") if isinstance(raw, LDict) else None
            ref = (LayoutRef(card.back.layout, _key_pos(back_raw, "layout", pos)) if card.back.layout
                   else self.front_ref)
            back = self.face(card.back, back_raw, ref, (card_id, " (back)"), pos, row)
            if back is None:
                return None
        elif row is not None and row.back_ref:
            back = self.face(self._bare_side, None, row.back_ref, (card_id, " (back)"), pos, row, card_fields=front.fields)
        elif deck.back:
            if self.back_ref is None:
                self.once(value_pos(self.raw, "back"), "the deck's back has no layout (write `back: <layout>` "
                                                      "or `back: {layout: …}`)")
                return None
            back = self.face(deck.back, self.back_raw, self.back_ref, (card_id, " (back)"), pos, None,
                             card_fields=front.fields, fields_label="the deck's back")
            if back is None:
                return None
        return CardEntry(card_id, card.count, front, back, pos)

    def face(self, side: Side | Card | RowCard, raw: Any, ref: LayoutRef | None, who: tuple[str, str], card_pos: Pos, row=None,
             card_fields: dict | None = None, fields_label: str | None = None) -> Face | None:
        """One face (`who`: the card's id and how its label names the side, as `Face` keeps them).

        A back shared by many cards (`card_fields` given) reads the card's own fields."""
        label = f"card '{who[0]}'{who[1]}"
        deck, errors = self.deck, self.errors
        shared = card_fields is not None
        raw_side = raw if isinstance(raw, LDict) else None
        fields_raw = raw_side.get("fields") if raw_side is not None else None
        # a shared back's own fields are the same on every card (errors too, at the same places): typed once
        once = shared and (not side.fields or (fields_label is not None and isinstance(fields_raw, LDict)))
        key = id(side) if side.fields else None
        fields = self._shared_fields.get(key) if once else None
        if fields is None:
            fields = _typed_fields(deck.fields, side.fields, fields_raw, errors, fields_label or label, card_pos,
                                   self.resolver.known_icons, None if shared else row, check_required=not shared)
            if once:
                self._shared_fields[key] = fields
        if ref is None:
            if row is not None:
                self.once(_data_pos(self.raw), "a data row without a `layout` cell has no layout: set `layout:` or "
                                              "`data_layout:` on the deck, or `layout:` on the data entry")
            else:
                errors.error(card_pos, f"{label}: no layout (set `layout:` on the card or the deck)")
            return None
        context = fields if card_fields is None else {**card_fields, **{k: fields[k] for k in side.fields}}
        layout = self.layout(ref, context, label, row, fields_raw)
        if layout is None:
            return None
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
                                 f"{label}: layout '{layout.name}' has no box '{box_name}'{did_you_mean(box_name, by_name)}")
                    continue
                merged = merge(by_name[box_name].raw, box_raw)
                rb = self.resolver.box(box_name, merged)
                if rb:
                    new_boxes[new_boxes.index(by_name[box_name])] = rb
            boxes, overridden = new_boxes, True
        if shared and not all(rb.static for rb in boxes):
            fields = context  # a back that shows fields shows this card's
        pos = self._back_pos if raw_side is not None and raw_side is self.back_raw else getattr(raw_side, "pos", card_pos)
        return Face(layout, fields, boxes, card_pos if pos == card_pos else pos, *who, overridden)

    def layout(self, ref: LayoutRef, context: dict, label: str, row, fields_raw: Any) -> ResolvedLayout | None:
        """The layout a reference names, a template rendered with the card's fields; errors with "did you mean"."""
        text = ref.text
        templated = "{" in text
        name = text
        if templated:
            try:
                name = templating.render(text, context).strip()
            except templating.TemplateError as e:
                if ref.shared:  # most likely the same on every card: said once, at the template
                    self.once(ref.pos, f"layout '{text}': {e.message}")
                else:
                    self.errors.error(ref.pos, f"{label}: layout '{text}': {e.message}")
                return None
        layout = self.layouts.get(name)
        if layout is not None:
            return layout
        if name in self.resolver.layouts:
            return None  # the layout itself is broken; its own errors were reported
        hint = f"{did_you_mean(name, self.layouts)} ({known_list(self.layouts)})"
        if templated:
            where = _field_pos(text, row, fields_raw) or ref.pos
            given = f"gives '{name}', which is not a layout" if name else "gives an empty name"
            self.errors.error(where, f"{label}: layout '{text}' {given}{hint}")
        elif ref.shared:
            self.once(ref.pos, f"unknown layout '{name}'{hint}")
        else:
            self.errors.error(ref.pos, f"{label}: unknown layout '{name}'{hint}")
        return None


def _key_pos(raw: Any, key: str, fallback: Pos) -> Pos:
    return locate(raw, [key]) if isinstance(raw, LDict) and key in raw else fallback


def _data_pos(raw: Any) -> Pos:
    return value_pos(raw, "data")


def _field_pos(template: str, row, fields_raw: Any) -> Pos | None:
    """Where this card gives the first field a template uses: its cell, or its value in the YAML."""
    try:
        names = sorted(templating.names_used(template), key=template.find)
    except templating.TemplateError:
        return None
    for name in names:
        if row is not None and name in row.cols:
            return row.cols[name]
        if isinstance(fields_raw, LDict) and name in fields_raw:
            return locate(fields_raw, [name])
    return None


def _typed_fields(defs: dict[str, FieldDef], values: dict, raw: Any, errors: Collector, label: str,
                  card_pos: Pos, known_icons: set[str], row=None, check_required: bool = True) -> dict:
    """Check a side's fields against the deck's declarations (when it declares any).

    A field a data row leaves empty takes its declared default, or a blank (no text, no icons, false).
    """
    out = {}
    for name, value in values.items():
        if not defs:
            out[name] = value
            continue
        if name not in defs:
            kpos = row.pos_of(name) if row else (locate(raw, [name], key=True) if isinstance(raw, LDict) else card_pos)
            errors.error(kpos, f"{label}: unknown field '{name}'{did_you_mean(name, defs)} ({known_list(defs)})")
            continue
        ok, converted, message = convert_field(defs[name], value, known_icons)
        if not ok:  # located only then: a table's row makes a position when asked for one
            pos = row.pos_of(name) if row else (locate(raw, [name]) if isinstance(raw, LDict) else card_pos)
            errors.error(pos, f"{label}: field '{name}' {message}")
            continue
        out[name] = converted
    for name, d in defs.items():
        if name not in out and name not in values:
            if d.required and check_required:
                if row is None:
                    errors.error(getattr(raw, "pos", card_pos), f"{label}: missing required field '{name}'")
                elif name in row.cols:  # a table without the column at all is reported once, at its header
                    errors.error(row.cols[name], f"{label}: required field '{name}' is empty")
            out[name] = blank_value(d) if row is not None else (
                d.default if d.default is not None else ([] if d.type in ("icons", "list") else None))
    return out
