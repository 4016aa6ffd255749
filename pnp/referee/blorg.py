"""The rules referee of Blorg in the Midwest: engine, solver, simulations and checks.

The game's content lives in `cardspecs/blorg/cards.yaml`; this module reads the
conditions and effects there as data (see the vocabulary at the top of that file)
and plays the rulebook's turn on them, so a change to a card changes the game
without touching code. Nothing here knows a particular card except the table of
facts the rulebook states in words (`RULEBOOK_*`), which `check` holds the data to.

Parts, in order: the loaded game (`load_blorg`), the compiled rules at one
difficulty level (`compile_rules`), the turn (`legal_moves`, `resolve_events`,
`pass_time`, `play_turn`), the solver (`solve`, `replay`, `winnable_share`), a
simple player (`random_play`), and the checks (`check`, which returns `Finding`s).

The end-game timer is not a counter: it is the Memory Eraser card itself (see the
comments in cards.yaml), so the engine needs no rule for it.
"""
from __future__ import annotations

import heapq
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Iterator

from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.spec.load import load_yaml

# --------------------------------------------------------------------------- vocabulary

ICONS = frozenset("""
    house barn shed corn power scarecrow pitchfork screwdriver hammer wrench pliers saw
    corncob bone sandwich clothesline towel memory-eraser alarm-clock toolbox duct-tape keys
    tractor radio crop-circle sprocket battery signal saucer spacecraft farmer farmers-wife
    dog cow chicken crow policeman fbi eye""".split())
CHARACTERS = frozenset("farmer farmers-wife dog cow chicken crow policeman fbi".split())
LEVELS = ("novice", "normal", "expert")
# Turn rules that belong to a level rather than to a card: at Novice your action may be to
# flip an item in your hand (rulebook, Difficulty Levels). Card-specific level changes
# are data (`levels:` on a side).
LEVEL_TURN_RULES = {"novice": {"flip_in_hand": True}, "normal": {}, "expert": {}}
EFFECTS = ("discard", "flip", "win", "lose")
HAND_ITEMS = 4          # "you may never hold more than four items plus one location card"
TIMELINE = 4
EVENT_TEXT_MAX = 90     # rendered characters; an inline icon counts as two
EVENTS_PER_SIDE = 3

# What the rulebook says in words, by side (name in lower case with hyphens).
RULEBOOK_REVERSE = {
    "crash-site": "cornfield", "barn": "shed", "back-garden": "farmhouse",
    "alarm-clock": "signal", "tool-box": "battery", "duct-tape": "keys",
    "tractor": "radio", "crop-circle": "sprocket", "memory-eraser": None,  # ours to design
}
RULEBOOK_LOCATIONS = {"crash-site", "cornfield", "barn", "shed", "back-garden", "farmhouse"}
RULEBOOK_START_HAND = {"crash-site", "memory-eraser"}
# side → terms every way of taking it needs; a tuple inside means "one of these".
RULEBOOK_REQUIRES = {
    "memory-eraser": ["power"], "alarm-clock": ["house"], "battery": ["tractor", "screwdriver"],
    "duct-tape": [("house", "shed")], "keys": ["house"], "tractor": ["barn", "keys"],
    "crop-circle": ["tractor", ("@cornfield",)], "sprocket": ["tractor", "wrench"],
    "radio": [("house", "shed")], "signal": ["radio", "power", "clothesline"],
}
RULEBOOK_PROVIDES = {
    "tool-box": {"screwdriver", "wrench", "saw", "pliers"}, "crash-site": {"corn", "power"},
    "back-garden": {"clothesline"}, "battery": {"power"},
}
RULEBOOK_REPAIR = {"alarm-clock"}   # "needed to fix the saucer"


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
        return _pos_of(self.raw, "fields", self.card.pos)

    def pos_of(self, key: str) -> Pos:
        return _pos_of(self.fields, key, self.pos)

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
    path: Path
    raw: dict
    cards: list[Card]
    compiled: dict = field(default_factory=dict, repr=False)   # level → Rules, for random_play

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
        return holder.pos_of("start_hand") if holder else Pos(str(self.path))


def load_blorg(game_dir: Path) -> BlorgGame:
    """Read `cards.yaml` of a Blorg game folder, keeping positions for findings."""
    path = Path(game_dir) / "cards.yaml"
    raw = load_yaml(path)
    cards = [Card(str(c.get("id")), c, _pos_of(raw["cards"], i, raw.pos))
             for i, c in enumerate(raw.get("cards") or [])]
    return BlorgGame(path, raw, cards)


def _pos_of(container: Any, key: Any, default: Pos) -> Pos:
    """Where a value was written; mutated or missing values fall back to their parent."""
    positions = getattr(container, "value_pos", None) or {}
    if isinstance(key, int):
        items = getattr(container, "item_pos", None) or []
        return items[key] if key < len(items) else default
    return positions.get(key, default)


# --------------------------------------------------------------------------- compiled rules
# A side is a code: 2 * card index + 0 (front) or 1 (back); flipping is `code ^ 1`.
# A condition is a tuple of alternatives, each (icons needed, location codes needed).
# A state is (hand, line, pile): the sorted hand codes, four time-line slots (-1 = gap),
# and the draw pile from top to bottom.

GAP = -1
INF = float("inf")


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
                  LEVEL_TURN_RULES[level].get("flip_in_hand", False))
    rules.wins = _win_goals(sides)
    rules.relevant = _relevant_sides(sides, rules.wins)
    goal_icons = frozenset().union(*(n for _, needs, _, _ in rules.wins for n in needs))
    rules.most_goal_icons_per_item = max(
        [len(s.provides & goal_icons) for s in sides if not s.is_location] + [1])
    return rules


def _relevant_sides(sides: list[SideRules], wins: list) -> list[SideRules]:
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


# --------------------------------------------------------------------------- the turn

@dataclass(frozen=True)
class Outcome:
    won: bool
    ending: str          # "saucer", "spacecraft", "vivisection", ...


Setup = tuple  # side codes of the shuffled cards, top of the deck first, as dealt


def random_setup(rules: Rules, rng: random.Random) -> Setup:
    """Set Up: flip and shuffle every card not set aside."""
    cards = list(rules.shuffled_cards)
    rng.shuffle(cards)
    return tuple(2 * c + rng.randrange(2) for c in cards)


def initial_state(rules: Rules, setup: Setup) -> tuple:
    """The top four cards form the time line (position 1 first), the rest the draw pile."""
    line = tuple(setup[:TIMELINE]) + (GAP,) * max(0, TIMELINE - len(setup))
    return (rules.start_hand, line, tuple(setup[TIMELINE:]))


def _hand_with(hand: tuple, add: int | None = None, drop: int | None = None) -> tuple:
    cards = [c for c in hand if c != drop]
    if add is not None:
        cards.append(add)
    return tuple(sorted(cards))


def legal_moves(rules: Rules, state: tuple, acted: bool, may_discard: bool = True
                ) -> Iterator[tuple[tuple, tuple, bool]]:
    """Stage 1 moves from `state`: (move, new state, is it the turn's one action).

    Voluntary discards are free and may come before or after the action; the one
    action is a change of location, taking an item, or (Novice) flipping an item in hand.
    """
    hand, line, pile = state
    sides = rules.sides
    if not acted:
        location = next((c for c in hand if sides[c].is_location), None)
        if location is not None:
            yield ("flip-location",), (_hand_with(hand, location ^ 1, location), line, pile), True
            for p, c in enumerate(line):
                if c != GAP and sides[c].is_location:
                    new_line = line[:p] + (location,) + line[p + 1:]
                    yield ("swap", p + 1), (_hand_with(hand, c, location), new_line, pile), True
        items = rules.items_in(hand)
        if len(items) < HAND_ITEMS:
            icons = rules.icons(hand)
            for p, c in enumerate(line):
                if c != GAP and sides[c].takeable and holds(sides[c].requires, icons, hand):
                    new_line = line[:p] + (GAP,) + line[p + 1:]
                    yield ("take", p + 1), (_hand_with(hand, c), new_line, pile), True
        if rules.flip_in_hand:
            for c in items:
                rest = _hand_with(hand, drop=c)
                target = sides[c ^ 1]
                if target.takeable and holds(target.requires, rules.icons(rest), rest):
                    yield ("flip-item", c), (_hand_with(rest, c ^ 1), line, pile), True
    if may_discard:
        for c in rules.items_in(hand):
            rest = _hand_with(hand, drop=c)
            for up in (c, c ^ 1):
                yield ("discard", c, up), (rest, line, pile + (up,)), False


def repaired(rules: Rules, hand: tuple) -> bool:
    """The saucer win: you hold a side with a repair list and every icon on it."""
    icons = rules.icons(hand)
    return any(rules.sides[c].repair is not None and rules.sides[c].repair <= icons for c in hand)


def resolve_events(rules: Rules, state: tuple) -> list[tuple[tuple, Any]]:
    """Stage 2: every way the events can play out, as (choices, new state or Outcome).

    Events fire left to right when their `at` equals the card's position. A choice
    arises only when an effect lets you pick which card to discard.
    """
    hand, line, pile = state
    slots = [(p, c, ev) for p, c in enumerate(line) if c != GAP
             for ev in rules.sides[c].events if ev.at == p + 1]
    out: list = []
    _fire(rules, slots, 0, hand, line, pile, (), out)
    return out


def _fire(rules, slots, i, hand, line, pile, choices, out) -> None:
    while i < len(slots):
        p, code, ev = slots[i]
        i += 1
        if line[p] != code or not ev.fires(rules.icons(hand), hand):
            continue                       # flipped by an earlier event, or not triggered
        kind, arg = ev.effect
        if kind in ("win", "lose"):
            out.append((choices, Outcome(kind == "win", str(arg))))
            return
        if kind == "flip":
            line = line[:p] + (code ^ 1,) + line[p + 1:]
        elif kind == "discard":
            items = rules.items_in(hand)
            victims = items if arg == "any" else [c for c in items if arg in rules.sides[c].provides]
            if victims:
                for c in victims:        # forced discards keep the same side up
                    _fire(rules, slots, i, _hand_with(hand, drop=c), line, pile + (c,),
                          choices + (c,), out)
                return
    out.append((choices, (hand, line, pile)))


def pass_time(state: tuple) -> tuple:
    """Stage 3: position 4 goes flipped under the pile, all slide right, draw into 1.

    With an empty pile the card from position 4 comes straight back, flipped, into 1.
    """
    hand, line, pile = state
    if line[-1] != GAP:
        pile = pile + (line[-1] ^ 1,)
    if pile:
        return (hand, (pile[0],) + line[:-1], pile[1:])
    return (hand, (GAP,) + line[:-1], pile)


class IllegalMove(ValueError):
    pass


def play_turn(rules: Rules, state: tuple, moves: tuple, choices: tuple) -> Any:
    """Replay one turn move by move, refusing anything the rules do not allow."""
    acted = False
    for move in moves:
        found = next((s for m, s, action in legal_moves(rules, state, acted) if m == move), None)
        if found is None:
            raise IllegalMove(f"{describe_move(rules, move)} is not allowed here")
        acted = acted or move[0] in ("flip-location", "swap", "take", "flip-item")
        state = found
    if repaired(rules, state[0]):
        return Outcome(True, "saucer")
    for got, result in resolve_events(rules, state):
        if got == tuple(choices):
            return result if isinstance(result, Outcome) else pass_time(result)
    raise IllegalMove(f"event choices {choices} are not possible here")


def describe_move(rules: Rules, move: tuple) -> str:
    kind = move[0]
    if kind == "discard":
        return f"discard {rules.name(move[1])} ({rules.name(move[2])} up)"
    if kind == "flip-item":
        return f"flip {rules.name(move[1])} in hand"
    if kind in ("swap", "take"):
        return f"{kind} position {move[1]}"
    return kind


# --------------------------------------------------------------------------- the solver

@dataclass
class Solution:
    turns: int
    ending: str
    moves: list          # per turn: (stage-1 moves, event choices)
    setup: Setup
    level: str


def turn_successors(rules: Rules, state: tuple, max_discards: int = 2
                    ) -> Iterator[tuple[tuple, tuple, Any]]:
    """Every distinct end of one whole turn: (stage-1 moves, event choices, result)."""
    stack = [(state, False, 0, ())]
    seen = {(state, False)}
    ended = set()
    while stack:
        s, acted, discards, moves = stack.pop()
        if s not in ended:
            ended.add(s)
            if repaired(rules, s[0]):
                yield moves, (), Outcome(True, "saucer")
                continue
            for choices, result in resolve_events(rules, s):
                yield moves, choices, result if isinstance(result, Outcome) else pass_time(result)
        for move, s2, is_action in legal_moves(rules, s, acted, discards < max_discards):
            key = (s2, acted or is_action)
            if key not in seen:
                seen.add(key)
                stack.append((s2, acted or is_action, discards + (not is_action), moves + (move,)))


def solve(game: BlorgGame | Rules, setup: Setup, level: str = "normal", goal: str = "any",
          max_turns: int = 60, max_states: int = 20_000, max_discards: int = 1,
          weight: float = 5.0, stats: dict | None = None) -> Solution | None:
    """A win from `setup` by a best-first (A*) search over whole turns.

    A plain breadth-first search drowns (the states multiply about 2.5 times a
    turn, and a win takes 15-25 turns), so the search is ordered by turns played
    plus `weight` times a lower bound on the turns still needed (`turns_to_go`).
    With weight 1 the bound is admissible and the first win found has the fewest
    turns, but that is slow; the default weight 5 finds wins quickly, at the price
    of solutions that may be a few turns longer than the shortest. States are memoised, losses
    are dead ends, and a win of another kind is a dead end when `goal` names one.
    Gives up (None) past `max_turns` or `max_states` (then `stats["capped"]` is
    true). At most `max_discards` voluntary discards per turn are tried, which keeps
    the branching small.
    """
    stats = stats if stats is not None else {}
    stats["capped"] = False
    rules = game if isinstance(game, Rules) else compile_rules(game, level)
    endings = sorted({w[0] for w in rules.wins})
    if goal == "any" and len(endings) > 1:
        # one search per ending: a bound that mixes them steers toward the cheaper-looking one
        found = []
        for ending in endings:
            sub: dict = {}
            found.append(solve(rules, setup, level, ending, max_turns, max_states, max_discards, weight, sub))
            stats["capped"] |= sub["capped"]
        found = [f for f in found if f is not None]
        return min(found, key=lambda f: f.turns, default=None)
    start = initial_state(rules, setup)
    best_turns = {start: 0}
    parent: dict = {start: None}
    queue = [(weight * turns_to_go(rules, start, goal), 0, 0, start)]
    counter = 0
    while queue:
        _, turns, _, state = heapq.heappop(queue)
        if turns > best_turns.get(state, turns):
            continue
        if turns >= max_turns:
            continue
        for moves, choices, result in turn_successors(rules, state, max_discards):
            if isinstance(result, Outcome):
                if result.won and goal in ("any", result.ending):
                    path = _path(parent, state) + [(moves, choices)]
                    return Solution(turns + 1, result.ending, path, setup, rules.level)
                continue
            if turns + 1 < best_turns.get(result, max_turns + 1):
                best_turns[result] = turns + 1
                parent[result] = (state, moves, choices)
                counter += 1
                estimate = turns + 1 + weight * turns_to_go(rules, result, goal)
                heapq.heappush(queue, (estimate, turns + 1, counter, result))
        if len(parent) > max_states:
            stats["capped"] = True
            return None
    return None


def friendly_setup(rules: Rules, goal: str = "saucer") -> Setup:
    """A set-up dealt in the order a win needs its cards, each the needed side up.

    One of the possible random set-ups; the checks start from it so that showing a
    win is reachable does not depend on luck in sampling.
    """
    wins = [w for w in rules.wins if goal in ("any", w[0])]
    setup, used = [], set()
    for s in _relevant_sides(rules.sides, wins):
        card = s.code // 2
        if card in rules.shuffled_cards and card not in used:
            used.add(card)
            setup.append(s.code)
    return tuple(setup + [2 * c for c in rules.shuffled_cards if c not in used])


def turns_to_go(rules: Rules, state: tuple, goal: str = "any") -> float:
    """A lower bound on the turns still needed to win from `state`.

    A relaxed game: nothing is ever lost and nobody gets in the way, but each turn
    still allows one action, and a card can only be used once it has come round to
    the time line the right side up (`_arrival`). An icon costs the turns until the
    action that gets it is done; a win needs all its icons, one take for each
    missing item, and, for the repair, to stand at the crash site.
    """
    hand, line, pile = state
    icons = rules.icons(hand)
    location = next((c for c in hand if rules.sides[c].is_location), None)
    cost: dict = dict.fromkeys(icons, 0)
    side_cost: dict = dict.fromkeys(hand, 0)
    todo = [s for s in rules.relevant if s.code not in hand]
    arrival = {s.code: _arrival(rules, state, s.code) for s in todo}
    changed = True
    while changed:                      # the sides are in dependency order: one pass, one check
        changed = False
        for s in todo:
            if s.is_location:
                c = 1 if location is not None and s.code == location ^ 1 else 1 + arrival[s.code]
            else:
                needs = INF
                for need, at in s.requires:
                    worst = 0
                    for i in need:
                        worst = max(worst, cost.get(i, INF))
                    for x in at:
                        worst = max(worst, side_cost.get(x, INF))
                    needs = min(needs, worst)
                c = 1 + max(needs, arrival[s.code]) if needs < INF else INF
            if c < side_cost.get(s.code, INF):
                side_cost[s.code] = c
                changed = True
                for i in s.provides:
                    if c < cost.get(i, INF):
                        cost[i] = c
    best = INF
    for ending, needs, place, event in rules.wins:
        if goal not in ("any", ending):
            continue
        wait = _event_wait(state, *event) if event else 0
        for need in needs:
            missing = need - icons
            dearest = max((cost.get(i, INF) for i in missing), default=0)
            takes = -(-len(missing) // rules.most_goal_icons_per_item)
            if place is not None and place not in hand:
                dearest = max(dearest, side_cost.get(place, INF))
                takes += 1
            best = min(best, max(dearest, takes, wait))
    return best


def _event_wait(state: tuple, code: int, at: int) -> float:
    """The fewest turns before side `code` can reach position `at` (the last one counts)."""
    hand, line, pile = state
    if code in line and line.index(code) < at:
        return at - line.index(code)
    if code in pile:
        return pile.index(code) + 1 + at
    return 1


def _arrival(rules: Rules, state: tuple, code: int) -> float:
    """The fewest turns before side `code` can be in the time line the right side up."""
    hand, line, pile = state
    if code in line:
        return 0
    if code in pile:
        return pile.index(code) + 1
    back = code ^ 1
    via_hand = len(pile) + 1                     # take it (or hold it), discard it flipped
    if rules.flip_in_hand:
        via_hand = 1
    if back in hand:
        return 0 if rules.flip_in_hand else via_hand
    if back in line:
        return min(TIMELINE + 1 - line.index(back), via_hand)
    if back in pile:                             # comes round the wrong side up first
        i = pile.index(back)
        return i + 2 if rules.flip_in_hand else min(i + 1 + TIMELINE, len(pile) + 1)
    return INF


def _path(parent: dict, state: tuple) -> list:
    path = []
    while parent[state] is not None:
        prev, moves, choices = parent[state]
        path.append((moves, choices))
        state = prev
    return path[::-1]


def replay(rules: Rules, solution: Solution) -> Outcome:
    """Play a solution through the engine; raises IllegalMove on any illegal step."""
    state: Any = initial_state(rules, solution.setup)
    for turn, (moves, choices) in enumerate(solution.moves, 1):
        if isinstance(state, Outcome):
            raise IllegalMove(f"the game was over before turn {turn}")
        state = play_turn(rules, state, moves, choices)
    if not isinstance(state, Outcome):
        raise IllegalMove("the moves do not end the game")
    return state


@dataclass
class ShareReport:
    level: str
    samples: int
    won: int
    gave_up: int                     # searches stopped by the state cap
    fewest_turns: int | None
    mean_turns: float | None         # of the fewest-turn wins
    endings: Counter

    @property
    def share(self) -> float:
        return self.won / self.samples if self.samples else 0.0


def winnable_share(game: BlorgGame, level: str = "normal", samples: int = 100, seed: int = 1,
                   goal: str = "any", max_turns: int = 60, max_states: int = 20_000,
                   weight: float = 5.0) -> ShareReport:
    """The share of random set-ups the solver wins within the caps (a lower bound)."""
    rules = compile_rules(game, level)
    rng = random.Random(seed)
    won, gave_up, turns, endings = 0, 0, [], Counter()
    for _ in range(samples):
        stats: dict = {}
        sol = solve(rules, random_setup(rules, rng), level, goal, max_turns, max_states,
                    weight=weight, stats=stats)
        if sol is None:
            gave_up += stats["capped"]
            continue
        won += 1
        turns.append(sol.turns)
        endings[sol.ending] += 1
    return ShareReport(level, samples, won, gave_up, min(turns, default=None),
                       sum(turns) / len(turns) if turns else None, endings)


# --------------------------------------------------------------------------- a simple player

@dataclass
class PlayResult:
    turns: int
    outcome: Outcome | None          # None: still playing at the turn cap


def random_play(game: BlorgGame | Rules, level: str = "normal", rng: random.Random | None = None,
                max_turns: int = 60) -> PlayResult:
    """One game by a simple greedy player, for quick statistics (not optimal play).

    It takes items that lead to the repair, throws away what no longer helps, heads
    home when it holds the repair list, and otherwise wanders at random.
    """
    rules = game if isinstance(game, Rules) else _cached_rules(game, level)
    rng = rng or random.Random()
    state: Any = initial_state(rules, random_setup(rules, rng))
    for turn in range(1, max_turns + 1):
        moves = _policy(rules, state, rng)
        for move in moves:
            state = _apply(rules, state, move)
        if repaired(rules, state[0]):
            return PlayResult(turn, Outcome(True, "saucer"))
        branches = resolve_events(rules, state)
        choices, result = min(branches, key=lambda b: _loss_of(rules, state[0], b[0]))
        if isinstance(result, Outcome):
            return PlayResult(turn, result)
        state = pass_time(result)
    return PlayResult(max_turns, None)


def _cached_rules(game: BlorgGame, level: str) -> Rules:
    """Compiled once per game and level, so thousands of simulated games stay fast."""
    if level not in game.compiled:
        game.compiled[level] = compile_rules(game, level)
    return game.compiled[level]


def _apply(rules: Rules, state: tuple, move: tuple) -> tuple:
    hand, line, pile = state
    kind = move[0]
    if kind == "take":
        p = move[1] - 1
        return (_hand_with(hand, line[p]), line[:p] + (GAP,) + line[p + 1:], pile)
    if kind == "discard":
        return (_hand_with(hand, drop=move[1]), line, pile + (move[2],))
    location = next(c for c in hand if rules.sides[c].is_location)
    if kind == "flip-location":
        return (_hand_with(hand, location ^ 1, location), line, pile)
    p = move[1] - 1                       # swap
    return (_hand_with(hand, line[p], location), line[:p] + (location,) + line[p + 1:], pile)


def _wanted(rules: Rules) -> frozenset:
    """Icons worth collecting: the repair list and, recursively, what its items need."""
    if "wanted" not in rules.cache:
        wanted, grew = set(_repair_list(rules)), True
        while grew:
            grew = False
            for s in rules.sides:
                if s.takeable and s.provides & wanted:
                    for need, _ in s.requires:
                        if not need <= wanted:
                            wanted |= need
                            grew = True
        rules.cache["wanted"] = frozenset(wanted | {"memory-eraser"})
    return rules.cache["wanted"]


def _value(rules: Rules, code: int, hand: tuple) -> int:
    """How much the player wants to keep an item: repair parts most, spent tools least."""
    key = ("value", code, hand)
    if key not in rules.cache:
        s = rules.sides[code]
        repair = _repair_list(rules)
        if s.provides & repair:
            value = 3
        elif "memory-eraser" in s.provides:
            value = 2
        else:
            others = rules.icons(_hand_with(hand, drop=code))
            needed: set = set()
            for t in rules.sides:
                if t.takeable and t.provides & _wanted(rules) and not t.provides <= others:
                    for need, _ in t.requires:
                        needed |= need
            value = 1 if s.provides & needed else 0
        rules.cache[key] = value
    return rules.cache[key]


def _repair_list(rules: Rules) -> frozenset:
    return next((s.repair for s in rules.sides if s.repair), frozenset())


def _policy(rules: Rules, state: tuple, rng: random.Random) -> list[tuple]:
    hand, line, pile = state
    sides = rules.sides
    repair = _repair_list(rules)
    wanted = _wanted(rules)
    icons = rules.icons(hand)
    items = rules.items_in(hand)
    moves: list[tuple] = []
    # go home when the repair list is complete
    if repair <= icons:
        home = next((c for c in range(len(sides)) if sides[c].repair), None)
        location = next(c for c in hand if sides[c].is_location)
        if location ^ 1 == home:
            return [("flip-location",)]
        for p, c in enumerate(line):
            if c == home:
                return [("swap", p + 1)]
    # take the most wanted item the hand can use
    options = [(p, c) for p, c in enumerate(line) if c != GAP and sides[c].takeable
               and sides[c].provides & wanted and not sides[c].provides <= icons
               and holds(sides[c].requires, icons, hand)]
    if options:
        p, c = max(options, key=lambda o: (_value(rules, o[1], _hand_with(hand, o[1])), rng.random()))
        if len(items) >= HAND_ITEMS:
            worst = min(items, key=lambda i: (_value(rules, i, hand), rng.random()))
            if _value(rules, worst, hand) >= _value(rules, c, _hand_with(hand, c)):
                options = []
            else:
                moves.append(("discard", worst, worst ^ rng.randrange(2)))
        if options:
            moves.append(("take", p + 1))
            return moves
    # otherwise drop what is useless and wander
    for i in items:
        if _value(rules, i, hand) == 0 and not sides[i].provides & wanted:
            moves.append(("discard", i, i ^ rng.randrange(2)))
    places = [p for p, c in enumerate(line) if c != GAP and sides[c].is_location]
    roll = rng.random()
    if roll < 0.2:
        moves.append(("flip-location",))
    elif roll < 0.7 and places:
        moves.append(("swap", rng.choice(places) + 1))
    return moves


def _loss_of(rules: Rules, hand: tuple, choices: tuple) -> int:
    """The player's preference among forced discards: lose what it values least."""
    return sum(_value(rules, c, hand) + 1 for c in choices)


# --------------------------------------------------------------------------- checks

def check(game: BlorgGame, solve_samples: int = 5, seed: int = 7) -> list[Finding]:
    """Every finding about the game's data: structure, rulebook facts, and winnability."""
    findings: list[Finding] = []
    for step in (_check_fields, _check_icons, _check_events, _check_reverse_sides,
                 _check_rulebook, _check_hand, _check_takeable, _check_repair, _check_levels):
        findings.extend(step(game))
    if not findings:     # the solver needs sound data; report it only once the rest is clean
        findings.extend(_check_wins(game, solve_samples, seed))
    return findings


def _check_fields(game: BlorgGame) -> list[Finding]:
    declared = game.raw.get("fields") or {}
    out = []
    for s in game.sides:
        for key in s.fields:
            if key not in declared:
                out.append(Finding(s.pos_of(key), "fields", f"{s.name or s.card.id}: undeclared field '{key}'"))
        for key, spec in declared.items():
            if (spec or {}).get("required") and key not in s.fields:
                out.append(Finding(s.pos, "fields", f"{s.name or s.card.id}: missing required field '{key}'"))
        if s.kind not in ("location", "item"):
            out.append(Finding(s.pos_of("kind"), "fields", f"{s.name}: kind must be location or item"))
    return out


def _terms(cond: Any) -> Iterator[Any]:
    for alt in cond or []:
        yield from alt or []


def _check_icons(game: BlorgGame) -> list[Finding]:
    out = []
    side_ids = {s.id for s in game.sides}

    def unknown(where: Pos, name: Any, what: str) -> None:
        out.append(Finding(where, "icons", f"unknown icon '{name}' in {what}"))

    for s in game.sides:
        for key in ("provides", "repair"):
            for name in s.fields.get(key) or []:
                if name not in ICONS:
                    unknown(s.pos_of(key), name, f"{s.name}.{key}")
        conditions = [("requires", s.fields.get("requires"), s.pos_of("requires"))]
        conditions += [(f"{lvl}.requires", o["requires"], s.pos_of("levels"))
                       for lvl, o in (s.fields.get("levels") or {}).items() if "requires" in (o or {})]
        for i, ev in enumerate(s.fields.get("events") or []):
            where = _pos_of(s.fields.get("events"), i, s.pos_of("events"))
            conditions += [(f"event {i + 1} {k}", ev.get(k), where) for k in ("if", "unless")]
            if ev.get("who") is not None and ev["who"] not in CHARACTERS:
                out.append(Finding(where, "icons", f"{s.name}: event {i + 1} 'who' is not a character: '{ev['who']}'"))
            for name in re.findall(r":([a-z0-9-]+):", ev.get("text", "")):
                if name not in ICONS:
                    unknown(where, name, f"{s.name} event {i + 1} text")
        for what, cond, where in conditions:
            for term in _terms(cond):
                if isinstance(term, dict):
                    if slug(term.get("at", "")) not in side_ids:
                        out.append(Finding(where, "icons", f"{s.name}.{what}: no side named '{term.get('at')}'"))
                elif term not in ICONS:
                    unknown(where, term, f"{s.name}.{what}")
    return out


def _check_events(game: BlorgGame) -> list[Finding]:
    out = []
    for s in game.sides:
        events = s.fields.get("events") or []
        if len(events) > EVENTS_PER_SIDE:
            out.append(Finding(s.pos_of("events"), "event-count",
                               f"{s.name}: {len(events)} events; a half card holds at most {EVENTS_PER_SIDE}"))
        for i, ev in enumerate(events):
            where = _pos_of(events, i, s.pos_of("events"))
            at = ev.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= TIMELINE:
                out.append(Finding(_pos_of(ev, "at", where), "event-position",
                                   f"{s.name}: event {i + 1} is at position {at!r}; the time line has positions 1-{TIMELINE}"))
            effect = ev.get("effect")
            if not isinstance(effect, dict) or len(effect) != 1 or next(iter(effect)) not in EFFECTS:
                out.append(Finding(_pos_of(ev, "effect", where), "effects",
                                   f"{s.name}: event {i + 1} effect must be one of {', '.join(EFFECTS)}: got {effect!r}"))
            elif "flip" in effect and effect["flip"] != "self":
                out.append(Finding(_pos_of(ev, "effect", where), "effects", f"{s.name}: only 'flip: self' is known"))
            text = ev.get("text", "")
            shown = len(re.sub(r":[a-z0-9-]+:", "XX", text))
            if not text or shown > EVENT_TEXT_MAX:
                out.append(Finding(_pos_of(ev, "text", where), "event-text",
                                   f"{s.name}: event {i + 1} text is {shown} characters (1-{EVENT_TEXT_MAX})"))
    return out


def _check_reverse_sides(game: BlorgGame) -> list[Finding]:
    out = []
    ids = [s.id for s in game.sides]
    for side_id, reverse_id in RULEBOOK_REVERSE.items():
        if ids.count(side_id) != 1:
            out.append(Finding(Pos(str(game.path)), "reverse-sides",
                               f"the rulebook's '{side_id}' must be on exactly one side, found {ids.count(side_id)}"))
            continue
        s = game.side(side_id)
        got = game.reverse(s).id
        if reverse_id and got != reverse_id:
            out.append(Finding(s.card.pos, "reverse-sides",
                               f"the reverse of {s.name} must be {reverse_id} (the rulebook), not {got}"))
    for s in game.sides:
        if s.id in RULEBOOK_LOCATIONS | set(RULEBOOK_REVERSE.values()) | set(RULEBOOK_REVERSE):
            expected = "location" if s.id in RULEBOOK_LOCATIONS else "item"
            if s.kind != expected:
                out.append(Finding(s.pos_of("kind"), "reverse-sides", f"{s.name} is a {expected} in the rulebook"))
    return out


def _check_rulebook(game: BlorgGame) -> list[Finding]:
    """The facts the rulebook states in words (requirements, provided icons, repair)."""
    out = []
    ids = {s.id for s in game.sides}
    for side_id, needs in RULEBOOK_REQUIRES.items():
        if side_id not in ids:
            continue
        s = game.side(side_id)
        alternatives = s.fields.get("requires") or []
        for need in needs:
            options = need if isinstance(need, tuple) else (need,)
            wanted = {o if not o.startswith("@") else ("at", o[1:]) for o in options}
            for alt in alternatives:
                terms = {t if not isinstance(t, dict) else ("at", slug(t.get("at", ""))) for t in alt or []}
                if not terms & wanted:
                    out.append(Finding(s.pos_of("requires"), "rulebook",
                                       f"{s.name}: the rulebook says taking it needs {' or '.join(options)}"))
                    break
            if len(options) > 1 and not all(any(o in (alt or []) for alt in alternatives) for o in options):
                out.append(Finding(s.pos_of("requires"), "rulebook",
                                   f"{s.name}: the rulebook allows each of {', '.join(options)}"))
    for side_id, icons in RULEBOOK_PROVIDES.items():
        if side_id in ids and not icons <= set(game.side(side_id).fields.get("provides") or []):
            s = game.side(side_id)
            out.append(Finding(s.pos_of("provides"), "rulebook",
                               f"{s.name} must provide {', '.join(sorted(icons))} (the rulebook)"))
    repair_sides = [s for s in game.sides if s.fields.get("repair")]
    for s in repair_sides:
        if not RULEBOOK_REPAIR <= set(s.fields["repair"]):
            out.append(Finding(s.pos_of("repair"), "rulebook", "the alarm clock is needed to fix the saucer"))
    if set(map(slug, game.start_hand)) != RULEBOOK_START_HAND:
        out.append(Finding(game.start_hand_pos(), "rulebook",
                           "you start holding the Crash Site and the Memory Eraser"))
    return out


def _check_hand(game: BlorgGame) -> list[Finding]:
    """One location and at most four items: the start hand, and what each win asks you to hold."""
    out = []
    by_id = {s.id: s for s in game.sides}
    hand = [by_id[slug(x)] for x in game.start_hand if slug(x) in by_id]
    locations = sum(s.kind == "location" for s in hand)
    items = sum(s.kind == "item" for s in hand)
    if locations != 1 or items > HAND_ITEMS or len(hand) != len(game.start_hand):
        out.append(Finding(game.start_hand_pos(), "hand",
                           f"the start hand holds {locations} locations and {items} items "
                           f"(one location, at most {HAND_ITEMS} items, every card known)"))
    if len({s.card.id for s in hand}) != len(hand):
        out.append(Finding(game.start_hand_pos(), "hand", "the start hand names both sides of one card"))
    for s in game.sides:
        if s.fields.get("repair") and _fewest_cards(game, set(s.fields["repair"]), exclude=s.card) > HAND_ITEMS:
            out.append(Finding(s.pos_of("repair"), "hand",
                               f"the repair list needs more than {HAND_ITEMS} items in hand"))
    return out


def _fewest_cards(game: BlorgGame, icons: set, exclude: Card | None = None) -> int:
    """The fewest item cards (one side each) that together show `icons`; 99 if none can."""
    pool = [s for s in game.sides if s.card is not exclude and s.kind == "item"]
    for n in range(0, HAND_ITEMS + 2):
        for combo in combinations(pool, n):
            if len({s.card.id for s in combo}) == n and icons <= {i for s in combo for i in s.fields.get("provides") or []}:
                return n
    return 99


def _check_takeable(game: BlorgGame) -> list[Finding]:
    """Each item can be taken: some way of taking it is shown by sides of other cards
    that fit in one hand (one location, at most three items)."""
    out = []
    for s in game.sides:
        if s.kind != "item":
            continue
        if s.fields.get("takeable", True) is False:
            continue
        alternatives = s.fields.get("requires") or []
        if not any(_satisfiable(game, s, alt or []) for alt in alternatives):
            out.append(Finding(s.pos_of("requires"), "takeable",
                               f"{s.name} can never be taken: no hand of other cards meets its requirements"))
    return out


def _satisfiable(game: BlorgGame, item: Side, alt: list) -> bool:
    icons = {t for t in alt if not isinstance(t, dict)}
    at = {slug(t.get("at", "")) for t in alt if isinstance(t, dict)}
    others = [c for c in game.cards if c is not item.card]
    locations = [s for c in others for s in c.sides if s.kind == "location"]
    items = [s for c in others for s in c.sides if s.kind == "item"]
    for place in locations:
        if at - {place.id}:
            continue
        rest = [s for s in items if s.card is not place.card]
        need = icons - set(place.fields.get("provides") or [])
        for n in range(0, HAND_ITEMS):
            for combo in combinations(rest, n):
                if len({c.card.id for c in combo}) == n and need <= {i for c in combo for i in c.fields.get("provides") or []}:
                    return True
    return False


def _check_repair(game: BlorgGame) -> list[Finding]:
    out = []
    repair_sides = [s for s in game.sides if s.fields.get("repair")]
    if len(repair_sides) != 1 or repair_sides[0].kind != "location":
        out.append(Finding(Pos(str(game.path)), "repair", "exactly one location must carry the saucer's repair list"))
    for s in repair_sides:
        for icon in s.fields["repair"]:
            sources = [t for t in game.sides if t.kind == "item" and icon in (t.fields.get("provides") or [])]
            if not sources:
                out.append(Finding(s.pos_of("repair"), "repair",
                                   f"nothing provides '{icon}', which the repair needs"))
    return out


def _check_levels(game: BlorgGame) -> list[Finding]:
    out = []
    for s in game.sides:
        for level, override in (s.fields.get("levels") or {}).items():
            if level not in LEVELS:
                out.append(Finding(s.pos_of("levels"), "levels", f"{s.name}: unknown level '{level}' ({', '.join(LEVELS)})"))
            for key in override or {}:
                if key not in (game.raw.get("fields") or {}) or key in ("kind", "name", "levels"):
                    out.append(Finding(s.pos_of("levels"), "levels", f"{s.name}: level '{level}' cannot change '{key}'"))
    if "memory-eraser" in {s.id for s in game.sides}:
        eraser = game.side("memory-eraser")
        novice = eraser.at_level("requires", "novice") or []
        if not any(not alt for alt in novice):
            out.append(Finding(eraser.pos_of("levels"), "levels", "at Novice the memory eraser must be free to take"))
        if eraser.at_level("takeable", "expert", True) is not False:
            out.append(Finding(eraser.pos_of("levels"), "levels",
                               "at Expert the memory eraser must never be picked up again"))
        if eraser.at_level("takeable", "normal", True) is False:
            out.append(Finding(eraser.pos_of("levels"), "levels", "at Normal the memory eraser can be taken back"))
    return out


def _check_wins(game: BlorgGame, samples: int, seed: int) -> list[Finding]:
    """Both wins at Normal, and a win at every level: from a set-up dealt in the order
    the win needs, then from sampled random set-ups."""
    out = []
    where = Pos(str(game.path))
    for level, goal in (("normal", "saucer"), ("normal", "spacecraft"), ("novice", "any"), ("expert", "any")):
        rules = compile_rules(game, level)
        rng = random.Random(seed)
        endings = ("spacecraft", "saucer") if goal == "any" else (goal,)
        setups = [friendly_setup(rules, ending) for ending in endings]
        setups += [random_setup(rules, rng) for _ in range(samples)]
        if not any(solve(rules, setup, level, goal) for setup in setups):
            rule = "levels" if goal == "any" else "wins"
            out.append(Finding(where, rule, f"no {goal} win found at {level} (solver, {len(setups)} set-ups)"))
    return out


# --------------------------------------------------------------------------- referee interface

def referee_check(game) -> list[Finding]:
    """The family hook `pnp check` calls: every finding about the game folder's cards."""
    return check(load_blorg(Path(game.dir)))


LEVELS = ("novice", "normal", "expert")


def referee_simulate(game, games: int, seed: int, progress=None):
    """The family hook `pnp simulate` calls: the simple greedy player at each difficulty level.

    Game i is played at level i mod 3, each from its own shuffle of one seeded stream,
    so the same seed gives the same report.
    """
    from collections import Counter

    from pnp.referee.sim import Chart, SimResult

    blorg = load_blorg(Path(game.dir))
    rng = random.Random(seed)
    lengths: dict[str, list[float]] = {level: [] for level in LEVELS}
    endings: dict[str, Counter] = {level: Counter() for level in LEVELS}
    step = max(1, games // 100)
    for i in range(games):
        level = LEVELS[i % 3]
        result = random_play(blorg, level, rng)
        lengths[level].append(result.turns)
        if result.outcome is None:
            endings[level]["time ran out"] += 1
        else:
            endings[level][("won: " if result.outcome.won else "lost: ") + str(result.outcome.ending)] += 1
        if progress and (i + 1) % step == 0:
            progress(i + 1, games)
    out = SimResult("blorg", games, seed)
    for level in LEVELS:
        n = len(lengths[level]) or 1
        won = sum(v for k, v in endings[level].items() if k.startswith("won"))
        out.figures[f"{level}_win_rate"] = won / n
        out.figures[f"{level}_mean_turns"] = sum(lengths[level]) / n
        parts = ", ".join(f"{k} {100 * v / n:.1f}%" for k, v in sorted(endings[level].items()))
        out.summary.append(f"{level.title()}: {parts}; {out.figures[f'{level}_mean_turns']:.1f} turns on average.")
    out.summary.append("The player is a simple greedy policy, not a good one: the solver (`pnp check`) "
                       "shows what careful play can reach.")
    out.charts.append(Chart("Win rate by difficulty (simple player)", "bars",
                            {level: 100 * out.figures[f"{level}_win_rate"] for level in LEVELS}, "level", "% of games won"))
    for level in LEVELS:
        out.charts.append(Chart(f"Game length, {level}", "histogram", lengths[level], "turns", "games"))
    return out
