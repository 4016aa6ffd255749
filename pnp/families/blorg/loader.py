"""Blorg's loader: the game's deck, read from the loaded game, and compiled into rules data.

`blorg_game` finds the deck by what it declares (DECK_FIELDS), never by file
name, and keeps the YAML tree so every finding can point into it. `compile_rules`
turns that deck, at one difficulty level, into the compact tables the engine,
the solver and the players run on. Nothing here knows a particular card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import Pos
from pnp.referee import parameters
from pnp.reading.load import LDict, LList, locate

# --------------------------------------------------------------------------- the fixed rules
LEVELS = ("novice", "normal", "expert")
# Turn rules that belong to a level rather than to a card: at Novice your action may be to
# flip an item in your hand (rulebook, Difficulty Levels). Card-specific level changes
# are data (`levels:` on a side).
LEVEL_TURN_RULES = {"novice": {"flip_in_hand": True}, "normal": {}, "expert": {}}
HAND_ITEMS = 4          # "you may never hold more than four items plus one location card"
TIMELINE = 4
NUMBERS = {   # the rule numbers a game may declare in game.yaml's parameters, with the rulebook's values
    "hand_items": parameters.Default(HAND_ITEMS, "the most items a hand holds, besides its one location", 1,
                                     "you could never take an item", most=40),
    "timeline": parameters.Default(TIMELINE, "the number of positions in the time line", 1,
                                   "no card would ever be dealt to meet you", most=16),
}
# The fields a deck must declare to be a Blorg deck: how the referee tells it from other decks.
DECK_FIELDS = ("kind", "name", "provides", "requires", "events")


def slug(name: str) -> str:
    """How data names a side: 'Back garden' → 'back-garden'."""
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")


# --------------------------------------------------------------------------- the loaded game

@dataclass
class Side:
    """One face of a card. Reads its fields live, so tests can mutate the loaded data."""

    card: "Card"
    face: str                    # "front" or "back"
    raw: dict                    # the side mapping from the YAML (with positions)

    @property
    def fields(self) -> dict:
        return self.raw.setdefault("fields", {})

    @property
    def name(self) -> str:
        return str(self.fields.get("name", ""))

    @property
    def id(self) -> str:
        return slug(self.name)

    @property
    def kind(self) -> str:
        return self.fields.get("kind", "")

    @property
    def pos(self) -> Pos:
        return pos_of(self.raw, "fields", self.card.pos)

    def pos_of(self, key: str) -> Pos:
        return pos_of(self.fields, key, self.pos)

    def at_level(self, key: str, level: str, default: Any = None) -> Any:
        """A field's value at a difficulty level: the side's `levels:` override, if any."""
        override = (self.fields.get("levels") or {}).get(level) or {}
        return override[key] if key in override else self.fields.get(key, default)


@dataclass
class Card:
    id: str
    raw: dict
    pos: Pos

    @property
    def front(self) -> Side:
        return Side(self, "front", self.raw.get("front") or {})

    @property
    def back(self) -> Side:
        return Side(self, "back", self.raw.get("back") or {})

    @property
    def sides(self) -> tuple[Side, Side]:
        return (self.front, self.back)


@dataclass
class BlorgGame:
    where: Pos                   # the deck's `cards:`, for findings about the whole deck
    raw: dict
    cards: list[Card]
    compiled: dict = field(default_factory=dict, repr=False)   # level → Rules, for random_play
    hand_items: int = HAND_ITEMS     # the rule numbers, from game.yaml's parameters (see NUMBERS)
    timeline: int = TIMELINE

    @property
    def sides(self) -> list[Side]:
        return [s for c in self.cards for s in c.sides]

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def reverse(self, side: Side) -> Side:
        return side.card.back if side.face == "front" else side.card.front

    @property
    def start_hand(self) -> list[str]:
        for s in self.sides:
            if "start_hand" in s.fields:
                return s.fields["start_hand"]
        return []

    def start_hand_pos(self) -> Pos:
        holder = next((s for s in self.sides if "start_hand" in s.fields), None)
        return holder.pos_of("start_hand") if holder else self.where



def blorg_game(game) -> BlorgGame:
    """The game's Blorg deck (the first `kind: deck` declaring DECK_FIELDS), read from the loaded
    game with its positions; SpecErrors at game.yaml's `family:` when there is none."""
    from pnp.errors import SpecError, SpecErrors
    from pnp.referee.family import family_pos

    for comp in game.of_kind("deck"):
        raw = comp.raw
        declared = raw.get("fields") if isinstance(raw, LDict) else None
        if isinstance(declared, LDict) and all(key in declared for key in DECK_FIELDS):
            listed = raw.get("cards")
            cards = [Card(str(c.get("id")), c, pos_of(listed, i, raw.pos))
                     for i, c in enumerate(listed if isinstance(listed, LList) else []) if isinstance(c, LDict)]
            numbers = parameters.values(game, NUMBERS)
            where = locate(raw, ["cards"], key=True) if "cards" in raw else raw.pos  # findings about the whole deck
            return BlorgGame(where, raw, cards, hand_items=max(0, int(numbers["hand_items"])),
                             timeline=max(1, int(numbers["timeline"])))
    raise SpecErrors([SpecError(family_pos(game), "a blorg game needs a deck (kind: deck) whose `fields:` declare "
                                                  + ", ".join(DECK_FIELDS))])


def pos_of(container: Any, key: Any, default: Pos) -> Pos:
    """Where a value was written; mutated or missing values fall back to their parent."""
    positions = getattr(container, "value_pos", None) or {}
    if isinstance(key, int):
        items = getattr(container, "item_pos", None) or []
        return items[key] if key < len(items) else default
    return positions.get(key, default)


# --------------------------------------------------------------------------- compiled rules
# A side is a code: 2 * card index + 0 (front) or 1 (back); flipping is `code ^ 1`.
# A condition is a tuple of alternatives, each (icons needed, location codes needed).

@dataclass(frozen=True)
class Event:
    at: int
    who: str | None
    when: tuple | None           # the `if:` condition
    unless: tuple | None
    effect: tuple                # ("discard", icon|"any") ("flip", "self") ("win", x) ("lose", x)
    text: str

    def fires(self, icons: frozenset, hand: tuple) -> bool:
        return ((self.when is None or holds(self.when, icons, hand))
                and (self.unless is None or not holds(self.unless, icons, hand)))


@dataclass(frozen=True)
class SideRules:
    code: int
    id: str
    is_location: bool
    provides: frozenset
    requires: tuple
    takeable: bool
    events: tuple
    repair: frozenset | None


@dataclass
class Rules:
    level: str
    sides: list[SideRules]
    codes: dict[str, int]               # side id → code
    start_hand: tuple
    shuffled_cards: tuple               # card indexes dealt at random at set-up
    flip_in_hand: bool
    wins: list = field(default_factory=list)        # (ending, icon alternatives, side to hold, (side, at) of a win event)
    relevant: list = field(default_factory=list)    # sides that can lead to a win, needs first
    most_goal_icons_per_item: int = 1
    _icons: dict = field(default_factory=dict)
    cache: dict = field(default_factory=dict)       # the simple player's memos
    hand_items: int = HAND_ITEMS                    # the most items a hand holds
    timeline: int = TIMELINE                        # the positions of the time line

    def icons(self, hand: tuple) -> frozenset:
        got = self._icons.get(hand)
        if got is None:
            got = frozenset().union(*(self.sides[c].provides for c in hand))
            self._icons[hand] = got
        return got

    def items_in(self, hand: tuple) -> list[int]:
        return [c for c in hand if not self.sides[c].is_location]

    def name(self, code: int) -> str:
        return self.sides[code].id


def holds(cond: tuple, icons: frozenset, hand: tuple) -> bool:
    return any(need <= icons and all(c in hand for c in at) for need, at in cond)


def compile_condition(value: Any, codes: dict[str, int]) -> tuple:
    """[[icon, {at: side}], [...]] → ((frozenset icons, tuple location codes), ...)."""
    alternatives = []
    for alt in value or []:
        icons, at = set(), []
        for term in alt or []:
            if isinstance(term, dict):
                at.append(codes.get(slug(term.get("at", "")), -99))   # unknown: never holds
            else:
                icons.add(str(term))
        alternatives.append((frozenset(icons), tuple(at)))
    return tuple(alternatives)


def compile_rules(game: BlorgGame, level: str = "normal") -> Rules:
    """The game at one difficulty level, as compact tables the engine plays fast."""
    codes = {s.id: 2 * i + (s.face == "back") for i, c in enumerate(game.cards) for s in c.sides}
    sides = []
    for i, card in enumerate(game.cards):
        for s in card.sides:
            events = []
            for ev in s.fields.get("events") or []:
                (kind, arg), = (ev.get("effect") or {"none": None}).items()
                events.append(Event(int(ev.get("at", 0)), ev.get("who"),
                                    compile_condition(ev["if"], codes) if "if" in ev else None,
                                    compile_condition(ev["unless"], codes) if "unless" in ev else None,
                                    (kind, arg), ev.get("text", "")))
            repair = s.fields.get("repair")
            sides.append(SideRules(
                code=codes[s.id], id=s.id, is_location=s.kind == "location",
                provides=frozenset(s.fields.get("provides") or []),
                requires=compile_condition(s.at_level("requires", level), codes),
                takeable=bool(s.at_level("takeable", level, True)) and s.kind == "item",
                events=tuple(events), repair=frozenset(repair) if repair else None))
    start = tuple(sorted(codes[slug(x)] for x in game.start_hand if slug(x) in codes))
    start_cards = {c // 2 for c in start}
    shuffled = tuple(i for i in range(len(game.cards)) if i not in start_cards)
    rules = Rules(level, sides, codes, start, shuffled,
                  LEVEL_TURN_RULES[level].get("flip_in_hand", False), hand_items=game.hand_items,
                  timeline=game.timeline)
    rules.wins = _win_goals(sides)
    rules.relevant = relevant_sides(sides, rules.wins)
    goal_icons = frozenset().union(*(n for _, needs, _, _ in rules.wins for n in needs))
    rules.most_goal_icons_per_item = max(
        [len(s.provides & goal_icons) for s in sides if not s.is_location] + [1])
    return rules


def relevant_sides(sides: list[SideRules], wins: list) -> list[SideRules]:
    """The sides whose icons a win needs, directly or through requirements, needs first."""
    wanted = set().union(*(n for _, needs, _, _ in wins for n in needs))
    places = {place for _, _, place, _ in wins if place is not None}
    chosen: list[SideRules] = []
    grew = True
    while grew:
        grew = False
        for s in sides:
            if s not in chosen and (s.takeable or s.is_location) and (s.provides & wanted or s.code in places):
                chosen.append(s)
                for need, at in s.requires:
                    wanted |= need
                    places |= set(at)
                grew = True
    depth = {s.code: 0 for s in chosen if s.is_location}
    for _ in chosen:                       # longest chain of requirements, to sort by
        for s in chosen:
            if not s.is_location:
                options = [max([_provider_depth(chosen, depth, i) for i in need] +
                               [depth.get(c, 0) for c in at], default=0) for need, at in s.requires]
                depth[s.code] = 1 + min(options, default=0)
    return sorted(chosen, key=lambda s: depth.get(s.code, 0))


def _provider_depth(chosen: list[SideRules], depth: dict, icon: str) -> int:
    return min((depth.get(s.code, 0) for s in chosen if icon in s.provides), default=0)


def _win_goals(sides: list[SideRules]) -> list:
    """The ways to win, read from the data: repair lists and events with a win effect."""
    wins = []
    for s in sides:
        if s.repair:
            wins.append(("saucer", [s.repair], s.code, None))
        for ev in s.events:
            if ev.effect[0] == "win":
                needs = [need for need, _ in ev.when] if ev.when else [frozenset()]
                wins.append((str(ev.effect[1]), needs, None, (s.code, ev.at)))
    return wins
