"""Running a game's checks: the declared ones from game.yaml, then its rule family's.

Declared checks are sandboxed Jinja2 expressions over a plain view of the specs
(`check_context`), so any game gets a referee without code. A check that cannot
be evaluated is a spec error at the check's position in game.yaml; a check
that evaluates to false is a finding there. The rule family (`family:` in
game.yaml) is looked up in the family registry (`pnp.referee.family`); its
`referee_check(game)` returns findings and its `referee_facts(game)` figures
worth printing even when every rule holds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Pos, SpecError, SpecErrors
from pnp.referee.family import family_of
from pnp.kinds.deck.loading import CardFacts
from pnp.referee.findings import Finding
from pnp.referee.general import general_findings, general_notes
from pnp.referee.text import (arithmetic_findings, card_stats_findings, count_statements, players_findings,
                              stated_findings, text_findings, time_findings)


@dataclass
class CheckReport:
    game: str
    dir: str
    findings: list[Finding] = field(default_factory=list)
    declared: int = 0                 # how many declared checks ran
    family: str | None = None         # the family whose checks ran, if any
    notes: list[str] = field(default_factory=list)   # figures and warnings, never failures
    simulation: Any = None            # a SimResult when asked for


def run_checks(game_dir: Path) -> tuple[Any, CheckReport]:
    """Load the game (SpecErrors on any spec error) and run every check; returns (game, report)."""
    from pnp.game import load_game
    from pnp.kinds import kind_module

    game = load_game(game_dir)
    for c in game.components:
        kind_module(c.kind).validate(game, c.model)
    game.errors.raise_if_any()
    with game.own_fonts():  # a check that lays out text (legibility) measures it in the game's own fonts
        return game, _report(game, game_dir)


def _report(game, game_dir: Path) -> CheckReport:
    report = CheckReport(game.name, str(game_dir))
    report.findings += declared_checks(game)
    report.findings += text_findings(game)
    report.findings += stated_findings(game, count_statements(game))
    report.findings += card_stats_findings(game)
    report.findings += players_findings(game)
    report.findings += time_findings(game)
    report.findings += arithmetic_findings(game)
    report.findings += general_findings(game)
    report.notes += general_notes(game)
    report.declared = len(game.game.checks) if game.game else 0
    family, note = family_of(game)
    if note:
        report.notes.append(f"{note}: only declared checks ran")
    if family is not None:
        report.family = game.game.family
        report.findings += family.referee_check(game)
        report.notes += family.referee_facts(game)
        found, notes = balance_findings(game, family)
        report.findings += found
        report.notes += notes
    report.findings = one_per_place(report.findings)
    report.findings.sort(key=lambda f: (f.pos.path, f.pos.line, f.pos.col, f.rule))
    from pnp.referee.legibility import legibility_findings  # warnings for every game: they never fail a check

    report.notes += [f"warning: {f}" for f in legibility_findings(game)]
    return report


def one_per_place(findings: list[Finding]) -> list[Finding]:
    """One finding per spot: a fault that two layers both see (a family rule and a check for any
    game) is reported once, by the layer that ran first (declared, text, any game, then family)."""
    seen, out = set(), []
    for f in findings:
        if f.pos not in seen:
            seen.add(f.pos)
            out.append(f)
    return out


# --------------------------------------------------------------------------- balance the game declares

def balance_findings(game, family) -> tuple[list[Finding], list[str]]:
    """Hold the family's simulation to game.yaml's `balance:` bounds (games and seed as declared).

    Balance is never a rule by default: only bounds the game writes down gate `pnp check`."""
    from pnp.reading.load import locate

    balance = game.game.balance if game.game else None
    if balance is None or not balance.expect:
        return [], []
    try:
        sim = family.referee_simulate(game, balance.games, balance.seed)
    except SpecErrors as e:
        return [], [f"balance not measured: {e.errors[0].message}"]
    out, notes = [], []
    for i, want in enumerate(balance.expect):
        where = locate(game.raw, ["balance", "expect", i])
        got = sim.figures.get(want.figure)
        if got is None:
            known = ", ".join(sorted(sim.figures))
            out.append(Finding(locate(game.raw, ["balance", "expect", i, "figure"]), want.name,
                               f"the simulation has no figure '{want.figure}' (it has: {known})"))
            continue
        low = want.at_least is not None and got < want.at_least
        high = want.at_most is not None and got > want.at_most
        bounds = " and ".join(b for b in (f"at least {want.at_least:g}" if want.at_least is not None else "",
                                          f"at most {want.at_most:g}" if want.at_most is not None else "") if b)
        said = f"{want.figure} is {got:.3g} over {balance.games} games (seed {balance.seed}); the game expects {bounds}"
        if low or high:
            out.append(Finding(where, want.name, (want.message + f" ({said})") if want.message else said))
        else:
            notes.append(f"balance '{want.name}' holds: {said}")
    return out, notes


# --------------------------------------------------------------------------- declared checks

def check_context(game) -> dict:
    """What a declared check sees: `cards`, `decks`, `components`, `game` (plain data where possible).

    `cards` holds every physical card of every deck (a card with `count: 3` appears three times)
    as {id, deck, copy, fields, back}; `decks[name]` is {name, title, total, cards};
    `components[kind]` lists the loaded models of that kind; `game` is game.yaml as a mapping.
    """
    cards, decks = [], {}
    for comp in game.of_kind("deck"):
        deck = comp.model
        mine = []
        for entry, copy in deck.expanded():
            mine.append(CardFacts(id=entry.id, deck=deck.name, copy=copy, fields=dict(entry.front.fields),
                                  back=dict(entry.back.fields) if entry.back else {}))
        decks[deck.name] = {"name": deck.name, "title": deck.spec.title, "total": len(mine), "cards": mine}
        cards += mine
    components: dict[str, list] = {}
    for comp in game.components:
        components.setdefault(comp.kind, []).append(comp.model)
    return {"cards": cards, "decks": decks, "components": components,
            "game": game.game.model_dump() if game.game else {},
            "parameters": game.game.parameter_values() if game.game else {}}


def declared_checks(game) -> list[Finding]:
    """Evaluate game.yaml's `checks:`; raises SpecErrors for checks that cannot be evaluated."""
    from pnp.reading.load import locate
    from pnp.sandbox.templating import TemplateError, evaluate

    checks = game.game.checks if game.game else []
    if not checks:
        return []
    context = check_context(game)
    findings, errors = [], []
    for i, check in enumerate(checks):
        where = locate(game.raw, ["checks", i, "expect"])
        try:
            result = evaluate(check.expect, context)
        except TemplateError as e:
            errors.append(SpecError(_line(where, e.line), f"check '{check.name}': {e.message}"))
            continue
        if not isinstance(result, bool):
            errors.append(SpecError(where, f"check '{check.name}': the expression gives {_short(result)}, "
                                           f"not true or false (compare it, e.g. `... == 14`)"))
            continue
        if not result:
            why = check.message or f"`{check.expect}` is false"
            findings.append(Finding(locate(game.raw, ["checks", i]), check.name, why))
    if errors:
        raise SpecErrors(errors)
    return findings


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _line(pos: Pos, line: int | None) -> Pos:
    return Pos(pos.path, pos.line + line - 1, 1) if line and line > 1 else pos
