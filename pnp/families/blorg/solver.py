"""Blorg's solver: is a win reachable from a set-up, and in how many turns?

A best-first (A*) search over whole turns (`solve`), a lower bound on the turns
still needed that orders it (`turns_to_go`), a set-up dealt in the order a win
needs (`friendly_setup`), and `winnable_share` over sampled set-ups. `replay`
plays a solution back through the engine, so the solver cannot cheat.
"""
from __future__ import annotations

import heapq
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator

from pnp.families.blorg.engine import (
    IllegalMove, Outcome, Setup, initial_state, legal_moves, pass_time, play_turn, random_setup, repaired,
    resolve_events,
)
from pnp.families.blorg.loader import BlorgGame, Rules, compile_rules, relevant_sides

INF = float("inf")


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


# Searches already made in this process, by the rules' content and the search's arguments: a game
# checked again unchanged (the live preview, or many edits of the rulebook) is not searched again.
_SOLVED: dict = {}
MAX_SOLVED = 1_024


def solve(game: BlorgGame | Rules, setup: Setup, level: str = "normal", goal: str = "any",
          max_turns: int = 60, max_states: int = 20_000, max_discards: int = 1,
          weight: float = 5.0, stats: dict | None = None) -> Solution | None:
    """A win from `setup` by a best-first (A*) search over whole turns (`search`), remembered."""
    rules = game if isinstance(game, Rules) else compile_rules(game, level)
    key = (_content(rules), setup, level, goal, max_turns, max_states, max_discards, weight)
    if key not in _SOLVED:
        sub: dict = {}
        found = search(rules, setup, level, goal, max_turns, max_states, max_discards, weight, sub)
        if len(_SOLVED) >= MAX_SOLVED:
            _SOLVED.clear()
        _SOLVED[key] = (found, sub["capped"])
    found, capped = _SOLVED[key]
    if stats is not None:
        stats["capped"] = capped
    return found


def _content(rules: Rules) -> tuple:
    """Everything of the compiled rules a search reads (not its memos)."""
    return (rules.level, tuple(rules.sides), tuple(sorted(rules.codes.items())), rules.start_hand,
            rules.shuffled_cards, rules.flip_in_hand, repr(rules.wins), tuple(rules.relevant),
            rules.most_goal_icons_per_item, rules.hand_items, rules.timeline)


def search(game: BlorgGame | Rules, setup: Setup, level: str = "normal", goal: str = "any",
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
    for s in relevant_sides(rules.sides, wins):
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
        return min(rules.timeline + 1 - line.index(back), via_hand)
    if back in pile:                             # comes round the wrong side up first
        i = pile.index(back)
        return i + 2 if rules.flip_in_hand else min(i + 1 + rules.timeline, len(pile) + 1)
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
