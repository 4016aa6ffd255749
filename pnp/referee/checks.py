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
from typing import Any, Callable

from pnp.errors import Pos, SpecError, SpecErrors, did_you_mean
from pnp.referee.family import family_of
from pnp.referee.backs import back_findings
from pnp.referee.components import component_findings
from pnp.referee.counts import card_count_statements, parts_statements
from pnp.referee.decisions import decision_findings
from pnp.referee.findings import Finding
from pnp.referee.general import general_findings, general_notes
from pnp.referee.cardstats import card_stats_findings, example_findings
from pnp.referee.spans import arithmetic_findings, players_findings, time_findings
from pnp.referee.text import count_statements, stated_findings, text_findings
from pnp.kinds import counted, offering


@dataclass
class CheckReport:
    game: str
    dir: str
    findings: list[Finding] = field(default_factory=list)
    declared: int = 0                 # how many declared checks ran
    family: str | None = None         # the family whose checks ran, if any
    notes: list[str] = field(default_factory=list)   # figures and warnings, never failures
    advice: list[Finding] = field(default_factory=list)   # design targets missed: warnings, failing only --strict
    simulation: Any = None            # a SimResult when asked for


def run_checks(game_dir: Path, printed: Callable[[Any], dict] | None = None) -> tuple[Any, CheckReport]:
    """Load the game (SpecErrors on any spec error) and run every check; returns (game, report).

    `printed(game)` gives the game's built outputs (unit → file name → bytes) whose text the
    legibility check measures; the caller builds them (the build is a layer above the referee).
    Without it, printed text is not judged."""
    from pnp.game import load_game
    from pnp.kinds import kind_module

    game = load_game(game_dir)
    for c in game.components:
        kind_module(c.kind).validate(game, c.model)
    game.errors.raise_if_any()
    with game.own_fonts():  # a check that lays out text (legibility) measures it in the game's own fonts
        return game, _report(game, game_dir, printed)


def _report(game, game_dir: Path, printed: Callable[[Any], dict] | None = None) -> CheckReport:
    report = CheckReport(game.name, str(game_dir))
    report.findings += declared_checks(game)
    counts = counted(game)  # every kind's counts, read once for the two checks below
    report.findings += reading_findings(game, counts)
    report.findings += general_findings(game)
    report.findings += component_findings(game, counts)
    report.findings += back_findings(game)
    report.notes += general_notes(game)
    report.declared = len(game.game.checks) if game.game else 0
    family, note = family_of(game)
    if note:
        report.notes.append(f"{note}: only declared checks ran")
    if family is not None:
        report.family = game.game.family
        report.findings += family.referee_check(game)
        report.notes += family.referee_facts(game)
        sim, why = simulated(game, family, sound=not any(f.level == "rule" for f in report.findings))
        found, notes = balance_findings(game, sim, why)
        report.findings += found + (decision_findings(sim) if sim is not None else [])
        report.notes += notes
    report.findings = one_per_place(report.findings)
    report.advice = [f for f in report.findings if f.level != "rule"]
    report.findings = [f for f in report.findings if f.level == "rule"]
    report.findings.sort(key=lambda f: (f.pos.path, f.pos.line, f.pos.col, f.rule))
    from pnp.referee.legibility import legibility_findings, unmeasured_notes  # warnings: they never fail a check

    outputs: dict = {}
    try:
        outputs = printed(game) if printed is not None else {}  # text is judged as it prints
    except SpecErrors as e:
        report.notes.append(f"text as printed not measured: the build stops at {e.errors[0]}")
    report.notes += [f"warning: {f}" for f in legibility_findings(game, outputs)] + unmeasured_notes(outputs)
    return report


def reading_findings(game, counts: list | None = None) -> list[Finding]:
    """What the game's texts state against what its parameters and specs fix: rule numbers, counts
    (each held to the deck, pile or kind its sentence names), card values, players, time and sums."""
    counts = counted(game) if counts is None else counts
    return (text_findings(game)
            + stated_findings(game, count_statements(game, [c for c in counts if c.rule != "card-count"])
                              + card_count_statements(game) + parts_statements(game))
            + card_stats_findings(game) + example_findings(game) + players_findings(game) + time_findings(game)
            + arithmetic_findings(game))


def one_per_place(findings: list[Finding]) -> list[Finding]:
    """One finding per spot: a fault that two layers both see (a family rule and a check for any
    game) is reported once, by the layer that ran first (declared, text, any game, then family)."""
    from pnp.referee.printed import TYPED

    seen, out = {TYPED}, []    # a printed number typed in its source: the source's reading placed it already
    for f in findings:
        if f.pos not in seen:
            seen.add(f.pos)
            out.append(f)
    return out


# --------------------------------------------------------------------------- balance the game declares

def simulated(game, family, sound: bool = True):
    """The family's simulation that `pnp check` reads, played once: with game.yaml's `balance:` games
    and seed when it declares bounds, else a short one for the decision checks — only when no rule
    failed so far (SOUND): broken content is the findings' to report, not a simulation's to play.
    (sim, None), or (None, why not) when the content cannot be played."""
    from pnp.referee.decisions import DECISION_GAMES, DECISION_SEED

    balance = game.game.balance if game.game else None
    declared = balance is not None and bool(balance.expect)
    if not declared and not sound:
        return None, "a rule fails"
    games, seed = (balance.games, balance.seed) if declared else (DECISION_GAMES, DECISION_SEED)
    try:
        return family.referee_simulate(game, games, seed), None
    except SpecErrors as e:
        return None, e.errors[0].message


def balance_findings(game, sim, why: str | None = None) -> tuple[list[Finding], list[str]]:
    """Hold the family's simulation to game.yaml's `balance:` bounds (games and seed as declared).

    A bound is a design target unless the game gives it `level: rule`: out of bounds, a target is
    advice (a warning with the measured value and its interval), a rule a failing finding."""
    from pnp.referee.decisions import figure_interval
    from pnp.reading.load import locate

    balance = game.game.balance if game.game else None
    if balance is None or not balance.expect:
        return [], []
    if sim is None:
        return [], [f"balance not measured: {why}"]
    out, notes, unknown = [], [], []
    for i, want in enumerate(balance.expect):
        where = locate(game.raw, ["balance", "expect", i])
        got = sim.figures.get(want.figure)
        if got is None:     # a misspelt figure is a mistake in the spec, not a rule the game breaks
            known = ", ".join(sorted(sim.figures))
            unknown.append(SpecError(locate(game.raw, ["balance", "expect", i, "figure"]),
                                     f"balance '{want.name}': the {game.game.family} simulation has no figure "
                                     f"'{want.figure}'{did_you_mean(want.figure, sim.figures)} (it has: {known})"))
            continue
        low = want.at_least is not None and got < want.at_least
        high = want.at_most is not None and got > want.at_most
        bounds = " and ".join(b for b in (f"at least {want.at_least:g}" if want.at_least is not None else "",
                                          f"at most {want.at_most:g}" if want.at_most is not None else "") if b)
        interval = figure_interval(sim, want.figure)
        measured = f"{got:.3g}" + (f" (95 % interval {interval[0]:.3g}–{interval[1]:.3g})" if interval else "")
        aim = "the rules require" if want.level == "rule" else "the design target is"
        said = f"{want.figure} is {measured} over {balance.games} games (seed {balance.seed}); {aim} {bounds}"
        if low or high:
            level = "rule" if want.level == "rule" else "advice"
            out.append(Finding(where, want.name, (want.message + f" ({said})") if want.message else said, level))
        else:
            notes.append(f"balance '{want.name}' holds: {said}")
    if unknown:
        raise SpecErrors(unknown)
    return out, notes


# --------------------------------------------------------------------------- declared checks

def check_context(game) -> dict:
    """What a declared check sees: `cards`, `decks`, `components`, `game` (plain data where possible).

    `cards` holds every physical card of every deck (a card with `count: 3` appears three times)
    as {id, deck, copy, fields, back}; `decks[name]` is {name, title, total, cards};
    `components[kind]` lists the loaded models of that kind; `game` is game.yaml as a mapping.
    """
    cards, decks = [], {}
    for comp in offering(game, "cards"):
        deck = comp.model
        mine = deck.card_facts()
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
    from pnp.referee.compared import compared
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
            errors.append(SpecError(e.at(where, check.expect), f"check '{check.name}': {e.message}"))
            continue
        if not isinstance(result, bool):
            errors.append(SpecError(where, f"check '{check.name}': the expression gives {_short(result)}, "
                                           f"not true or false (compare it, e.g. `... == 14`)"))
            continue
        if not result:
            values = compared(check.expect, context)
            why = check.message or f"`{check.expect}` is false"
            if values:
                why = f"{why}: {values}" if not check.message else f"{why} ({values})"
            findings.append(Finding(locate(game.raw, ["checks", i]), check.name, why))
    if errors:
        raise SpecErrors(errors)
    return findings


def _short(value: Any) -> str:
    from pnp.referee.compared import shown

    return shown(value)

