"""Blorg's engine: a state, the moves of a turn, its events, and time passing.

A state is (hand, line, pile): the sorted side codes in hand, the four time-line
slots (GAP where a card was taken), and the draw pile from top to bottom. A turn
has three stages, as in the rulebook: moves (`legal_moves`), events
(`resolve_events`), and time (`pass_time`); `play_turn` replays one and refuses
anything the rules do not allow.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator

from pnp.families.blorg.loader import Rules, holds

GAP = -1


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
    n = rules.timeline
    line = tuple(setup[:n]) + (GAP,) * max(0, n - len(setup))
    return (rules.start_hand, line, tuple(setup[n:]))


def hand_with(hand: tuple, add: int | None = None, drop: int | None = None) -> tuple:
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
            yield ("flip-location",), (hand_with(hand, location ^ 1, location), line, pile), True
            for p, c in enumerate(line):
                if c != GAP and sides[c].is_location:
                    new_line = line[:p] + (location,) + line[p + 1:]
                    yield ("swap", p + 1), (hand_with(hand, c, location), new_line, pile), True
        items = rules.items_in(hand)
        if len(items) < rules.hand_items:
            icons = rules.icons(hand)
            for p, c in enumerate(line):
                if c != GAP and sides[c].takeable and holds(sides[c].requires, icons, hand):
                    new_line = line[:p] + (GAP,) + line[p + 1:]
                    yield ("take", p + 1), (hand_with(hand, c), new_line, pile), True
        if rules.flip_in_hand:
            for c in items:
                rest = hand_with(hand, drop=c)
                target = sides[c ^ 1]
                if target.takeable and holds(target.requires, rules.icons(rest), rest):
                    yield ("flip-item", c), (hand_with(rest, c ^ 1), line, pile), True
    if may_discard:
        for c in rules.items_in(hand):
            rest = hand_with(hand, drop=c)
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
                    _fire(rules, slots, i, hand_with(hand, drop=c), line, pile + (c,),
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
