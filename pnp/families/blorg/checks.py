"""Blorg's family hooks: the checks `pnp check` runs, the simulation and the facts.

`check` holds a Blorg deck to its own declared structure and to the facts the
rulebook states in words (`RULEBOOK_*`: the only place any particular card is
named), then asks the solver whether every win is reachable. Each finding
points at the value in the deck file responsible.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from itertools import combinations
from typing import Any, Iterator

from pnp.errors import Pos
from pnp.families.blorg.loader import (
    LEVELS, BlorgGame, Card, Side, blorg_game, compile_rules, pos_of, slug,
)
from pnp.families.blorg.players import random_play
from pnp.families.blorg.engine import Outcome, random_setup
from pnp.families.blorg.solver import friendly_setup, solve
from pnp.referee.family import require_playable
from pnp.referee.findings import Finding
from pnp.referee.sim import Chart, SimResult, number, percent, rate_text

# --------------------------------------------------------------------------- what the checks hold the data to

ICONS = frozenset("""
    house barn shed corn power scarecrow pitchfork screwdriver hammer wrench pliers saw
    corncob bone sandwich clothesline towel memory-eraser alarm-clock toolbox duct-tape keys
    tractor radio crop-circle sprocket battery signal saucer spacecraft farmer farmers-wife
    dog cow chicken crow policeman fbi eye""".split())
CHARACTERS = frozenset("farmer farmers-wife dog cow chicken crow policeman fbi".split())
EFFECTS = ("discard", "flip", "win", "lose")
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


def check(game: BlorgGame, solve_samples: int = 5, seed: int = 7) -> list[Finding]:
    """Every finding about the game's data: structure, rulebook facts, and winnability."""
    findings = structure_findings(game)
    if not findings:     # the solver needs sound data; report it only once the rest is clean
        findings.extend(_check_endings(game, seed))
    if not findings:     # an ending that does not depend on play says more than what the solver then finds
        findings.extend(_check_wins(game, solve_samples, seed))
    return findings


PASSIVE_GAMES = 30       # seeded set-ups a player who never acts plays, per level


def _ending_events(game: BlorgGame):
    """(side, index, event mapping) of every event that wins or loses the game."""
    for side in game.sides:
        for i, ev in enumerate(side.fields.get("events") or []):
            effect = ev.get("effect") if isinstance(ev, dict) else None
            if isinstance(effect, dict) and next(iter(effect), None) in ("win", "lose"):
                yield side, i, ev


def _event_pos(side: Side, i: int, key: str):
    events = side.fields.get("events")
    ev = events[i] if isinstance(events, list) and i < len(events) else None
    return pos_of(ev, key, pos_of(events, i, side.pos_of("events"))) if ev is not None else side.pos_of("events")


def _check_endings(game: BlorgGame, seed: int) -> list[Finding]:
    """Every way to win or lose must depend on play: a condition that always holds, that can never
    hold, or a win a player who never acts reaches, is a finding at the event."""
    from pnp.families.blorg.engine import initial_state, pass_time, random_setup, repaired, resolve_events

    out = []
    provided = set().union(*(set(s.fields.get("provides") or []) for s in game.sides))
    for side, i, ev in _ending_events(game):
        kind, ending = next(iter(ev["effect"].items()))
        cond, unless = ev.get("if"), ev.get("unless")
        dealt = slug(side.card.id) not in {slug(x) for x in game.start_hand} and side.card.id not in game.start_hand
        # an `if:` with an empty alternative always holds; no condition at all is fine on a side only play
        # brings up (the FBI on the back of a card you start with), not on a side that can be dealt face up
        always = not unless and ((cond is None and dealt) or
                                 (cond is not None and any(isinstance(a, list) and not a for a in cond)))
        icon_alts = [a for a in (cond or []) if isinstance(a, list)]
        never = cond is not None and icon_alts and all(
            any(isinstance(t, str) and t not in provided for t in a) for a in icon_alts)
        never = never or (unless is not None and any(isinstance(a, list) and not a for a in unless))
        word = "win" if kind == "win" else "loss"
        start = set().union(*(set(sd.fields.get("provides") or []) for sd in game.sides
                              if sd.id in {slug(x) for x in game.start_hand} and sd.face == "front"))
        held = kind == "win" and not always and any(
            isinstance(a, list) and a and all(isinstance(t, str) and t in start for t in a) for a in (cond or []))
        if held:
            out.append(Finding(_event_pos(side, i, "if"), "endings",
                               f"{side.name}: the {ending} win needs only what your starting hand already provides "
                               f"({', '.join(sorted(start))}): it is won without collecting anything"))
        if always:
            out.append(Finding(_event_pos(side, i, "if" if cond is not None else "effect"), "endings",
                               f"{side.name}: the {ending} {word} needs nothing: it happens whenever the card "
                               f"reaches position {ev.get('at')}, whatever the player does"))
        elif never:
            out.append(Finding(_event_pos(side, i, "unless" if unless is not None and not icon_alts else "if"),
                               "endings", f"{side.name}: the {ending} {word} can never happen: no card provides "
                                          "what its condition needs (or its `unless` always holds)"))
    if out:
        return out
    for level in ("normal",):
        rules = compile_rules(game, level)
        rng = random.Random(seed)
        for _ in range(PASSIVE_GAMES):
            state = initial_state(rules, random_setup(rules, rng))
            for _turn in range(60):
                if repaired(rules, state[0]):
                    result = Outcome(True, "saucer")
                else:
                    branches = resolve_events(rules, state)
                    result = branches[0][1] if branches else state
                if isinstance(result, Outcome):
                    if result.won:
                        where = next((_event_pos(sd, j, "effect") for sd, j, e in _ending_events(game)
                                      if str(next(iter(e["effect"].values()))) == result.ending), game.where)
                        return [Finding(where, "endings", f"a player who never acts wins by the {result.ending} "
                                                          f"at {level}: that win does not depend on play")]
                    break
                state = pass_time(result)
    return out


def structure_findings(game: BlorgGame) -> list[Finding]:
    """Every finding but winnability: quick, with no solver."""
    shapes = _check_data_shapes(game)
    if shapes:           # the other checks read conditions, events and levels: they need their shapes
        return _check_fields(game) + shapes
    findings: list[Finding] = []
    for step in (_check_fields, _check_icons, _check_events, _check_card_sides, _check_reverse_sides,
                 _check_rulebook, _check_hand, _check_takeable, _check_repair, _check_levels):
        findings.extend(step(game))
    return findings


def _check_data_shapes(game: BlorgGame) -> list[Finding]:
    """The fields a deck declares as `any` hold the shapes the vocabulary describes."""
    out = []

    def bad(where: Pos, s: Side, what: str, shape: str) -> None:
        out.append(Finding(where, "fields", f"{s.name or s.card.id}: {what} must be {shape}"))

    for s in game.sides:
        f = s.fields
        conditions = [("requires", f.get("requires"), s.pos_of("requires"))]
        levels = f.get("levels")
        if levels is not None and not (isinstance(levels, dict) and all(isinstance(o, (dict, type(None)))
                                                                           for o in levels.values())):
            bad(s.pos_of("levels"), s, "levels", "a mapping of level names to mappings of fields")
        elif levels:
            conditions += [(f"levels.{lvl}.requires", o["requires"], s.pos_of("levels"))
                           for lvl, o in levels.items() if o and "requires" in o]
        events = f.get("events")
        if events is not None and not (isinstance(events, list) and all(isinstance(e, dict) for e in events)):
            bad(s.pos_of("events"), s, "events", "a list of mappings")
        elif events:
            for i, ev in enumerate(events):
                where = pos_of(events, i, s.pos_of("events"))
                conditions += [(f"event {i + 1} {k}", ev[k], where) for k in ("if", "unless") if k in ev]
                if not isinstance(ev.get("who"), (str, type(None))):
                    bad(where, s, f"event {i + 1} 'who'", "a character's name")
                if not isinstance(ev.get("text", ""), str):
                    bad(where, s, f"event {i + 1} text", "text")
        for what, cond, where in conditions:
            if cond is not None and not _is_condition(cond):
                bad(where, s, what, "a list of alternatives, each a list of icon names and {at: side} terms")
    return out


def _is_condition(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(alt, list) and all(isinstance(t, str) or (isinstance(t, dict) and list(t) == ["at"]
                                                              and isinstance(t["at"], str)) for t in alt)
        for alt in value)


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
            where = pos_of(s.fields.get("events"), i, s.pos_of("events"))
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
            where = pos_of(events, i, s.pos_of("events"))
            at = ev.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= game.timeline:
                out.append(Finding(pos_of(ev, "at", where), "event-position",
                                   f"{s.name}: event {i + 1} is at position {at!r}; the time line has positions 1-{game.timeline}"))
            effect = ev.get("effect")
            if not isinstance(effect, dict) or len(effect) != 1 or next(iter(effect)) not in EFFECTS:
                out.append(Finding(pos_of(ev, "effect", where), "effects",
                                   f"{s.name}: event {i + 1} effect must be one of {', '.join(EFFECTS)}: got {effect!r}"))
            elif "flip" in effect and effect["flip"] != "self":
                out.append(Finding(pos_of(ev, "effect", where), "effects", f"{s.name}: only 'flip: self' is known"))
            text = ev.get("text", "")
            shown = len(re.sub(r":[a-z0-9-]+:", "XX", text))
            if not text or shown > EVENT_TEXT_MAX:
                out.append(Finding(pos_of(ev, "text", where), "event-text",
                                   f"{s.name}: event {i + 1} text is {shown} characters (1-{EVENT_TEXT_MAX})"))
    return out


def _check_card_sides(game: BlorgGame) -> list[Finding]:
    """A card is a location on both sides or an item on both: flipping it never changes what it is
    (the engine flips the location in hand to move, and flips items as they pass under the pile)."""
    out = []
    for card in game.cards:
        front, back = card.front, card.back
        if front.kind in ("location", "item") and back.kind in ("location", "item") and front.kind != back.kind:
            out.append(Finding(back.pos_of("kind"), "card-sides",
                               f"{front.name} is a {front.kind} but its reverse, {back.name}, is a {back.kind}: "
                               "both sides of a card are locations, or both items"))
    return out


def _check_reverse_sides(game: BlorgGame) -> list[Finding]:
    out = []
    ids = [s.id for s in game.sides]
    for side_id, reverse_id in RULEBOOK_REVERSE.items():
        if ids.count(side_id) != 1:
            out.append(Finding(game.where, "reverse-sides",
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
    if locations != 1 or items > game.hand_items or len(hand) != len(game.start_hand):
        out.append(Finding(game.start_hand_pos(), "hand",
                           f"the start hand holds {locations} locations and {items} items "
                           f"(one location, at most {game.hand_items} items, every card known)"))
    if len({s.card.id for s in hand}) != len(hand):
        out.append(Finding(game.start_hand_pos(), "hand", "the start hand names both sides of one card"))
    for s in game.sides:
        if s.fields.get("repair") and _fewest_cards(game, set(s.fields["repair"]), exclude=s.card) > game.hand_items:
            out.append(Finding(s.pos_of("repair"), "hand",
                               f"the repair list needs more than {game.hand_items} items in hand"))
    return out


def _fewest_cards(game: BlorgGame, icons: set, exclude: Card | None = None) -> int:
    """The fewest item cards (one side each) that together show `icons`; 99 if none can."""
    pool = [s for s in game.sides if s.card is not exclude and s.kind == "item"]
    for n in range(0, game.hand_items + 2):
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
        for n in range(0, game.hand_items):
            for combo in combinations(rest, n):
                if len({c.card.id for c in combo}) == n and need <= {i for c in combo for i in c.fields.get("provides") or []}:
                    return True
    return False


def _check_repair(game: BlorgGame) -> list[Finding]:
    out = []
    repair_sides = [s for s in game.sides if s.fields.get("repair")]
    if len(repair_sides) != 1 or repair_sides[0].kind != "location":
        out.append(Finding(game.where, "repair", "exactly one location must carry the saucer's repair list"))
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


def _goal_pos(game: BlorgGame, goal: str, default: Pos) -> Pos:
    """Where a win is written: the repair list for the saucer, the winning event's effect, or the deck's cards."""
    if goal == "saucer":
        holder = next((sd for sd in game.sides if sd.fields.get("repair")), None)
        if holder is not None:
            return holder.pos_of("repair")
    for sd, j, e in _ending_events(game):
        if str(next(iter(e["effect"].values()))) == goal:
            return _event_pos(sd, j, "effect")
    from pnp.reading.load import LDict, locate

    return locate(game.raw, ["cards"], key=True) if isinstance(game.raw, LDict) and "cards" in game.raw else default


def _check_wins(game: BlorgGame, samples: int, seed: int) -> list[Finding]:
    """Both wins at Normal, and a win at every level: from a set-up dealt in the order
    the win needs, then from sampled random set-ups."""
    from pnp.families.blorg.causes import cycle_words, dependency_cycle, out_of_reach, takeable_sides

    out = []
    where = game.where
    cycle = dependency_cycle(game)       # a circle of requirements: the cause to name at a win not found
    reachable = takeable_sides(game)[1] if cycle else set()
    declared = sorted({str(w[0]) for w in compile_rules(game, "normal").wins} - {"saucer", "spacecraft"})
    goals = [("normal", "saucer"), ("normal", "spacecraft")] + [("normal", g) for g in declared]
    for level, goal in goals + [("novice", "any"), ("expert", "any")]:
        rules = compile_rules(game, level)
        rng = random.Random(seed)
        endings = ("spacecraft", "saucer") if goal == "any" else (goal,)
        endings = tuple(e for e in endings if not (cycle and out_of_reach(game, e, reachable)))  # none: no solving
        setups = [friendly_setup(rules, ending) for ending in endings]
        setups += [random_setup(rules, rng) for _ in range(samples)]
        # Any win will do, so each ending is searched on its own, the set-up dealt for it first:
        # the same searches as one "any" search per set-up, stopped at the first win found.
        trials = [(setup, ending) for setup, ending in zip(setups, endings)]
        trials += [(setup, ending) for setup in setups for ending in endings if (setup, ending) not in trials]
        if not endings or not any(solve(rules, setup, level, ending) for setup, ending in trials):
            rule = "levels" if goal == "any" else "wins"
            said = (f"no {goal} win found at {level} (solver, {len(setups)} set-ups)" if endings else
                    f"no {goal} win at {level}: no play brings together what it needs")
            if cycle:
                out.append(Finding(cycle[0][0].pos_of("requires"), rule, f"{said}: {cycle_words(cycle)}"))
            else:
                out.append(Finding(_goal_pos(game, goal, where), rule, said))
    return out


# --------------------------------------------------------------------------- the family hooks

# Findings that leave the engine nothing sound to play: the simulation refuses such a deck.
UNPLAYABLE = ("blorg-deck", "fields", "effects", "event-position", "card-sides", "hand")


def referee_check(game) -> list[Finding]:
    """Every finding about the game's Blorg deck (`check`); one finding when there is no such deck."""
    from pnp.errors import SpecErrors

    from pnp.referee import parameters
    from pnp.families.blorg.loader import NUMBERS

    bounds = parameters.bounds_findings(game, NUMBERS)
    if bounds:           # a time line or hand that cannot be played: nothing else is worth solving
        return bounds
    try:
        deck = blorg_game(game)
    except SpecErrors as e:
        return [Finding(err.pos, "blorg-deck", err.message) for err in e.errors]
    return check(deck)


def referee_simulate(game, games: int, seed: int, progress=None) -> SimResult:
    """The simple greedy player at each difficulty level.

    Game i is played at level i mod 3, each from its own shuffle of one seeded stream,
    so the same seed gives the same report.
    """
    blorg = blorg_game(game)
    require_playable(structure_findings(blorg), UNPLAYABLE)
    rng = random.Random(seed)
    lengths: dict[str, list[float]] = {level: [] for level in LEVELS}
    endings: dict[str, Counter] = {level: Counter() for level in LEVELS}
    step = max(1, games // 100)
    played: list = []
    for i in range(games):
        level = LEVELS[i % 3]
        result = random_play(blorg, level, rng)
        played.append((level, result))
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
        out.rate(f"{level}_win_rate", won, len(lengths[level]))
        turns = out.mean(f"{level}_mean_turns", lengths[level]) if lengths[level] else 0.0
        out.figures.setdefault(f"{level}_mean_turns", turns)
        parts = ", ".join(f"{k} {percent(v / n)}" for k, v in sorted(endings[level].items()))
        out.summary.append(f"{level.title()}: {number(len(lengths[level]))} games: {parts}; won {rate_text(won, n)}; "
                           f"{number(turns, True)} turns on average.")
    out.summary.append("The player is a simple greedy policy, not a good one: the solver (`pnp check`) "
                       "shows what careful play can reach.")
    out.charts.append(Chart("Win rate by difficulty (simple player)", "bars",
                            {level: 100 * out.figures[f"{level}_win_rate"] for level in LEVELS}, "level", "% of games won",
                            percent=True, intervals={level: out.interval(f"{level}_win_rate", 100) for level in LEVELS
                                                     if f"{level}_win_rate" in out.spreads}))
    for level in LEVELS:
        out.charts.append(Chart(f"Game length, {level}", "histogram", lengths[level], "turns", "games"))
    out.outcomes = _outcomes(game, blorg, played, random.Random(seed + 1), games)
    return out


def _outcomes(game, blorg: BlorgGame, played: list, rng: random.Random, games: int) -> list:
    """Each game as the generic decision checks read it (`pnp.referee.decisions`): the greedy games
    played above at Normal, and as many at Normal by a player choosing at random (its own stream, so
    the summary and balance.pdf stay as they were)."""
    from pnp.families.blorg.players import chance_play
    from pnp.referee.decisions import RANDOM, Outcome as Ended

    places = {str(next(iter(e["effect"].values()))): (_event_pos(sd, j, "unless" if "unless" in e else
                                                                  "if" if "if" in e else "effect"), sd.name)
              for sd, j, e in _ending_events(blorg)}
    repair = next((s.pos_of("repair") for s in blorg.sides if isinstance(s.fields.get("repair"), list)), None)

    def ended(policy: str, result) -> Ended:
        if result.outcome is None:
            return Ended(policy, "unfinished", result.turns)
        name = result.outcome.ending
        pos, side = places.get(name, (repair, ""))
        return Ended(policy, "win" if result.outcome.won else "loss", result.turns,
                     f"the {name} ending" + (f" on {side}" if side else ""), pos)

    normal = [ended("greedy", r) for level, r in played if level == "normal"]
    return normal + [ended(RANDOM, chance_play(blorg, "normal", rng)) for _ in range(max(len(normal), 1))]


def referee_facts(game) -> list[str]:
    """What the deck holds and how it is won, read from the data (the solver runs in the check)."""
    from pnp.errors import SpecErrors

    try:
        deck = blorg_game(game)
    except SpecErrors:
        return []
    kinds = Counter(str(s.kind) for s in deck.sides)
    facts = [f"{len(deck.cards)} cards: {kinds['location']} location sides and {kinds['item']} item sides; "
             f"you start holding {', '.join(map(str, deck.start_hand)) or 'nothing'}"]
    repair = next((s for s in deck.sides if isinstance(s.fields.get("repair"), list)), None)
    wins = sorted({str(e["effect"]["win"]) for s in deck.sides for e in _list(s.fields.get("events"))
                   if isinstance(e, dict) and isinstance(e.get("effect"), dict) and "win" in e["effect"]})
    if repair is not None:
        facts.append(f"the saucer is repaired at {repair.name} holding {', '.join(map(str, repair.fields['repair']))}"
                     + (f"; other wins: {', '.join(wins)}" if wins else ""))
    elif wins:
        facts.append(f"wins: {', '.join(wins)}")
    return facts


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []
