"""What a rules.md template sees of the game: read-only views of the validated specs.

The views hold plain data (strings, numbers, lists, dicts), so the sandbox has
nothing dangerous to reach, and a designer writes `decks.items.cards | length`
or `card.fields.weight` without knowing pnp's internal classes.
"""
from __future__ import annotations

import dataclasses
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from pnp.errors import Pos
from pnp.game import GameContext


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

    @property
    def copies(self) -> list[CardView]:
        return [c for c in self.cards for _ in range(c.count)]

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, card_id: str) -> CardView | None:
        return next((c for c in self.cards if c.id == card_id), None)


def deck_view(deck) -> DeckView:
    cards = [CardView(e.id, e.count, _plain(e.front.fields),
                      _plain(e.back.fields) if e.back is not None else None) for e in deck.cards]
    kinds: Counter = Counter()
    for c in cards:
        if "kind" in c.front:
            kinds[str(c.front["kind"])] += c.count
    from pnp.spec.units import to_mm

    backs = {repr(sorted(c.back.items())) for c in cards if c.back is not None}
    return DeckView(deck.name, deck.spec.title or deck.name, cards, round(to_mm(deck.width), 2),
                    round(to_mm(deck.height), 2), len(backs) > 1, dict(kinds))


def _plain(value: Any, root: Path | None = None) -> Any:
    """Copies spec data into plain dicts and lists (LDict/LList and pydantic models included).

    A file path becomes its place in the game folder (`art/ruin.svg`), a position its file's name,
    line and column: the rulebook must not print where the folder lies on this computer (it
    would differ from machine to machine and tell a reader the user's folders)."""
    if hasattr(value, "model_dump"):
        return _plain(value.model_dump(), root)
    if isinstance(value, Pos):
        return f"{PurePath(value.path).name}:{value.line}:{value.col}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # resolved models (board, tokens, dice) are dataclasses: their public fields, as plain data
        return {f.name: _plain(getattr(value, f.name), root) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, dict):
        return {str(k): _plain(v, root) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, root) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, os.PathLike):
        path = Path(value)
        try:
            return path.relative_to(root).as_posix() if root is not None else path.name
        except ValueError:
            return path.name
    return str(value)


def component_name(c) -> str:
    name = getattr(c.model, "name", None)
    return str(name) if isinstance(name, str) and name else c.path.stem


def context(game: GameContext, outputs: list[str]) -> dict:
    """The template context: `game`, `decks`, `components` (kind → name → model), `outputs`, `icons`."""
    decks = {}
    components: dict[str, dict] = {}
    for c in game.components:
        if c.kind == "layouts":
            continue
        model = deck_view(c.model) if c.kind == "deck" else _plain(c.model, game.dir)
        if c.kind == "deck":
            decks[model.name] = model
        components.setdefault(c.kind, {})[component_name(c)] = model
    return {
        "game": _plain(game.game, game.dir) if game.game else {"title": game.name},
        "decks": decks,
        "components": components,
        "outputs": sorted(outputs),
        "icons": sorted(game.assets.icon_names()),
        "parameters": game.game.parameter_values() if game.game else {},
    }


def component_lines(game: GameContext) -> list[str]:
    """One Markdown line per component, with counts: the `component_list()` helper.

    Each kind's `rulebook_items(game, component)` describes its own components;
    where it returns None a generic line is written.
    """
    from pnp.kinds import kind_module

    lines = []
    for c in game.components:
        if c.kind == "layouts":
            continue
        items = kind_module(c.kind).rulebook_items(game, c)
        if items is not None:
            lines += list(items)
        elif c.kind == "deck":
            lines.append(_deck_line(deck_view(c.model)))
        else:
            count = getattr(c.model, "count", None) or getattr(c.model, "total", None) or 1
            title = getattr(c.model, "title", None) or component_name(c)
            lines.append(f"**{count}** × {title} ({c.kind})")
    return lines


def _deck_line(deck: DeckView) -> str:
    from pnp.spec.phrases import counted, phrase, times

    sided = phrase("double_sided") if deck.double_sided else ""
    line = f"{counted('card', deck.total, f'**{deck.total}**')}: {deck.title} " \
           f"({deck.width_mm:g} × {deck.height_mm:g} mm{sided})"
    if len(deck.kinds) > 1:
        line += ": " + ", ".join(times(n, kind) for kind, n in sorted(deck.kinds.items(), key=lambda kv: -kv[1]))
    return line
