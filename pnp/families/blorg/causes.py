"""Why Blorg cannot be won: the smallest set of cards whose requirements close a circle.

When the solver finds no win, "no win found" alone leaves the designer to guess. The usual cause is a
circle of requirements: two items that each need what only the other provides (Keys need a tractor, the
Tractor needs keys), so neither can ever be taken first, and nothing that needs them either. This module
finds what can be taken at all — a fixed point over every location's icons, the starting hand's, and
the items taken so far (hand limits and the time line ignored, so what it cannot take truly cannot be
taken) — and among the items left over, the shortest circle of "needs what only … provides".
"""
from __future__ import annotations

from collections import deque

from pnp.families.blorg.loader import BlorgGame, Side, slug


def _alternatives(side: Side) -> list[tuple[set[str], set[str]]]:
    """Each way of taking SIDE as (icons it needs, sides it must be at)."""
    out = []
    for alt in side.fields.get("requires") or []:
        if isinstance(alt, list):
            out.append(({t for t in alt if isinstance(t, str)},
                        {slug(t.get("at", "")) for t in alt if isinstance(t, dict)}))
    return out


def takeable_sides(game: BlorgGame) -> tuple[set[str], set[str]]:
    """(the item sides that can be taken some time, the icons available then), ignoring hand limits."""
    locations = [s for s in game.sides if s.kind == "location"]
    start = {slug(x) for x in game.start_hand}
    icons = {i for s in locations for i in s.fields.get("provides") or []}
    taken = {s.id for s in game.sides if s.kind == "item" and (s.card.id in start or s.id in start)}
    icons |= {i for s in game.sides if s.id in taken for i in s.fields.get("provides") or []}
    where = {s.id for s in locations}
    changed = True
    while changed:
        changed = False
        for s in game.sides:
            if s.kind != "item" or s.id in taken or s.fields.get("takeable", True) is False:
                continue
            if any(need <= icons and at <= where for need, at in _alternatives(s)):
                taken.add(s.id)
                icons |= set(s.fields.get("provides") or [])
                changed = True
    return taken, icons


def dependency_cycle(game: BlorgGame) -> list[tuple[Side, str, Side]] | None:
    """The shortest circle of items that can never be taken because each needs what only the next provides,
    as (side, an icon it needs, the side that alone provides it) steps; None when there is none."""
    taken, icons = takeable_sides(game)
    stuck = [s for s in game.sides if s.kind == "item" and s.id not in taken and s.fields.get("takeable", True) is not False]
    providers: dict[str, list[Side]] = {}
    for s in stuck:
        for icon in s.fields.get("provides") or []:
            providers.setdefault(icon, []).append(s)
    edges: dict[str, list[tuple[str, Side]]] = {}
    for s in stuck:
        for need, _at in _alternatives(s):
            for icon in sorted(need - icons):
                for other in providers.get(icon, []):
                    if other.card is not s.card:
                        edges.setdefault(s.id, []).append((icon, other))
    by_id = {s.id: s for s in stuck}
    best: list[tuple[Side, str, Side]] | None = None
    for s in stuck:                      # the shortest path from s back to s, breadth first
        back: dict[str, tuple[str, str]] = {}
        queue = deque([s.id])
        while queue:
            here = queue.popleft()
            for icon, other in edges.get(here, []):
                if other.id == s.id:
                    path, at = [(by_id[here], icon, s)], here
                    while at != s.id:
                        prev, via = back[at]
                        path.insert(0, (by_id[prev], via, by_id[at]))
                        at = prev
                    if best is None or len(path) < len(best):
                        best = path
                    queue.clear()
                    break
                if other.id not in back and other.id != s.id:
                    back[other.id] = (here, icon)
                    queue.append(other.id)
    return best


def cycle_words(cycle: list[tuple[Side, str, Side]]) -> str:
    """The circle in words: "Keys and Tractor each need what only the other provides (…)"."""
    names = [side.name for side, _, _ in cycle]
    steps = "; ".join(f"{side.name} needs {icon}, which only {other.name} provides" for side, icon, other in cycle)
    who = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + f" and {names[-1]}"
    each = "each need what only the other provides" if len(names) == 2 else "each need what only another of them provides"
    return f"{who} {each} ({steps}), so none of them can ever be taken first"


def out_of_reach(game: BlorgGame, goal: str, icons: set[str]) -> bool:
    """Whether GOAL (the saucer, or a win an event declares) needs icons no play can ever bring together:
    then no solver is needed to know it cannot be won."""
    if goal == "saucer":
        repair = next((set(s.fields.get("repair") or []) for s in game.sides if s.fields.get("repair")), None)
        return repair is not None and not repair <= icons
    conditions = []
    for side in game.sides:
        for ev in side.fields.get("events") or []:
            effect = ev.get("effect") if isinstance(ev, dict) else None
            if isinstance(effect, dict) and str(effect.get("win")) == goal:
                conditions.append(ev.get("if"))
    if not conditions or any(c is None for c in conditions):
        return False
    return all(not any(isinstance(a, list) and {t for t in a if isinstance(t, str)} <= icons for a in c)
               for c in conditions)
