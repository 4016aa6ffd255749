"""What a rules.md template reads of a deck (`decks.<name>`, `components.deck.<name>`), and the
deck's line in the rulebook's component list."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pnp.models.plain import plain


@dataclass(frozen=True)
class CardView:
    """One card entry: `id`, `count`, `fields` (= the front's), `front`, `back` (dicts of fields or None)."""

    id: str
    count: int
    front: dict
    back: dict | None

    @property
    def fields(self) -> dict:
        return self.front

    @property
    def sides(self) -> list[dict]:
        return [self.front] + ([self.back] if self.back is not None else [])


@dataclass(frozen=True)
class DeckView:
    """A deck: `cards` (one entry per distinct card), `copies` (one per physical card), `total`."""

    name: str
    title: str
    cards: list[CardView]
    width_mm: float
    height_mm: float
    double_sided: bool  # backs differ from card to card (not just one common back)
    kinds: dict = field(default_factory=dict)  # value of the `kind` field → physical count
    labels: dict = field(default_factory=dict)  # value of the `kind` field → its `labels:` name, counted in the list

    @property
    def copies(self) -> list[CardView]:
        return [c for c in self.cards for _ in range(c.count)]

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, card_id: str) -> CardView | None:
        return next((c for c in self.cards if c.id == card_id), None)


def deck_view(deck) -> DeckView:
    cards = [CardView(e.id, e.count, plain(e.front.fields),
                      plain(e.back.fields) if e.back is not None else None) for e in deck.cards]
    kinds: Counter = Counter()
    for c in cards:
        if "kind" in c.front:
            kinds[str(c.front["kind"])] += c.count
    from pnp.models.units import to_mm

    backs = {repr(sorted(c.back.items())) for c in cards if c.back is not None}
    kind_field = (getattr(deck.spec, "fields", None) or {}).get("kind")
    labels = dict(getattr(kind_field, "labels", None) or {})
    return DeckView(deck.name, deck.spec.title or deck.name, cards, round(to_mm(deck.width), 2),
                    round(to_mm(deck.height), 2), len(backs) > 1, dict(kinds), labels)


def deck_line(deck: DeckView) -> str:
    """The deck's line in the component list, its counts in the edition's language (CLDR plurals)."""
    from pnp.models.phrases import counted, listed, phrase, times

    sided = phrase("double_sided") if deck.double_sided else ""
    size = phrase("size_mm").format(w=f"{deck.width_mm:g}", h=f"{deck.height_mm:g}")  # "63 × 88 mm", "63 × 88 مم"
    line = f"{counted('card', deck.total, f'**{deck.total}**')}: {deck.title} ({size}{sided})"
    if len(deck.kinds) > 1:
        ordered = sorted(deck.kinds.items(), key=lambda kv: -kv[1])
        if all(kind in deck.labels for kind, _ in ordered):  # "48 item cards and 14 event cards"
            line += ": " + listed([_labelled(deck.labels[kind], n) for kind, n in ordered])
        else:  # the field's values as written: "9 cards: … (63 × 88 mm): 6 item and 3 location"
            line += ": " + listed([times(n, kind) for kind, n in ordered])
    return line


def _labelled(label: str, n: int) -> str:
    """A `labels:` name counted: "{n} item cards" with the number in place, else the number before it."""
    return label.replace("{n}", str(n)) if "{n}" in label else f"{n} {label}"
