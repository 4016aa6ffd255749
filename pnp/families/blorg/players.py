"""Blorg's simple player: quick games for statistics, not good play.

`random_play` takes items that lead to the repair, throws away what no longer
helps, heads home when it holds the repair list, and otherwise wanders; the
solver (`pnp check`) shows what careful play can reach.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pnp.families.blorg.engine import (
    GAP, Outcome, hand_with, initial_state, pass_time, random_setup, repaired, resolve_events,
)
from pnp.families.blorg.loader import BlorgGame, Rules, compile_rules, holds


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
        return (hand_with(hand, line[p]), line[:p] + (GAP,) + line[p + 1:], pile)
    if kind == "discard":
        return (hand_with(hand, drop=move[1]), line, pile + (move[2],))
    location = next(c for c in hand if rules.sides[c].is_location)
    if kind == "flip-location":
        return (hand_with(hand, location ^ 1, location), line, pile)
    p = move[1] - 1                       # swap
    return (hand_with(hand, line[p], location), line[:p] + (location,) + line[p + 1:], pile)


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
            others = rules.icons(hand_with(hand, drop=code))
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
        p, c = max(options, key=lambda o: (_value(rules, o[1], hand_with(hand, o[1])), rng.random()))
        if len(items) >= rules.hand_items:
            worst = min(items, key=lambda i: (_value(rules, i, hand), rng.random()))
            if _value(rules, worst, hand) >= _value(rules, c, hand_with(hand, c)):
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
