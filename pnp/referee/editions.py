"""`pnp check` of a game that lists `languages:`: every edition is checked, as `pnp build` builds each.

An edition is the game as one language's players read it (its cards, its rulebook `rules.de.md`),
so the referee reads each one. What every edition finds alike (a count in a spec, a rule of the
family) is one finding, told once; what only some editions find (a number the German rulebook
states wrongly, a card text the Arabic translation got wrong) names its edition, "de edition: …",
as a build's warnings do. `--lang de` checks that edition alone. A game listing no languages is
checked once, exactly as before.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pnp.referee.checks import CheckReport
from pnp.referee.findings import Finding


def check_editions(run_checks: Callable, game_dir: Path, langs: list[str],
                   asked: str | None = None) -> tuple[Any, CheckReport]:
    """(the source edition's game, the merged report) of the editions `langs` (`pnp.build.editions_to_build`:
    none for a game without languages; one when `--lang` asked for it); SpecErrors of the first
    edition that does not load, naming that edition."""
    from pnp.errors import SpecErrors
    from pnp.models.edition import in_edition, loading

    if not langs:
        return run_checks(game_dir)
    from pnp.workers import ordered_map

    def edition(i: int, keep_game: bool = False):
        """One edition's ("ok", game or None, report) or ("errors", errors, None): what a worker hands back."""
        try:
            with loading(langs[i]):
                game, report = run_checks(game_dir)
        except SpecErrors as e:
            return "errors", in_edition(e.errors, langs[i]), None
        return "ok", game if keep_game else None, report

    # the first edition here (it warms up what every edition reads), then the others at once in forked
    # workers that start from it; only the source edition's loaded game is kept (for --simulate)
    source = next((i for i, code in enumerate(langs) if _is_source(game_dir, code)), 0)
    order = [source, *(i for i in range(len(langs)) if i != source)]
    results = [edition(source, keep_game=True), *ordered_map(lambda k: edition(order[k + 1]), len(order) - 1)]
    by_index = dict(zip(order, results))
    checked: list[tuple[str, Any, CheckReport]] = []
    for i, code in enumerate(langs):
        outcome, value, report = by_index[i]
        if outcome == "errors":
            raise SpecErrors(value)
        checked.append((code, value, report))
    if len(checked) == 1:
        code, game, report = checked[0]
        report.notes.append(f"checked the {code} edition only (--lang {code})" if asked else
                            f"checked the {code} edition")
        return game, report
    kept = next(c for c in checked if c[1] is not None)
    return kept[1], merged([(code, report) for code, _, report in checked], kept[0])


def _is_source(game_dir: Path, code: str) -> bool:
    """Whether `code` is the game's source language (as game.yaml says; the first listed by default)."""
    from pnp.models.edition import declared_languages
    from pnp.reading.load import load_yaml

    try:
        langs, source = declared_languages(load_yaml(Path(game_dir) / "game.yaml"))
    except Exception:  # noqa: BLE001 — loading the game reports it
        return False
    return code == (source or (langs[0] if langs else None))


def merged(reports: list[tuple[str, CheckReport]], source: str) -> CheckReport:
    """One report of every edition's: what all found, once; the rest naming the edition that found it."""
    first = next(r for code, r in reports if code == source)
    out = CheckReport(first.game, first.dir, declared=first.declared, family=first.family)
    out.findings = _merged_findings([(code, r.findings) for code, r in reports])
    out.advice = _merged_findings([(code, r.advice) for code, r in reports])
    everywhere = set.intersection(*(set(r.notes) for _, r in reports))
    out.notes = [n for n in first.notes if n in everywhere]
    seen = set(out.notes)
    for code, report in reports:
        for note in report.notes:
            if note not in everywhere and (code, note) not in seen:
                seen.add((code, note))
                out.notes.append(f"{code} edition: {note}")
    out.notes.append(f"checked every edition: {', '.join(code for code, _ in reports)}")
    return out


def _key(f: Finding) -> tuple:
    return f.pos, f.rule, f.message, f.level


def _merged_findings(found: list[tuple[str, list[Finding]]]) -> list[Finding]:
    everywhere = set.intersection(*({_key(f) for f in findings} for _, findings in found))
    out, seen = [], set()
    for code, findings in found:
        for f in findings:
            if _key(f) in everywhere:
                if _key(f) not in seen:
                    seen.add(_key(f))
                    out.append(f)
            elif (code, _key(f)) not in seen:
                seen.add((code, _key(f)))
                out.append(Finding(f.pos, f.rule, f"{code} edition: {f.message}", f.level))
    return sorted(out, key=lambda f: (f.pos.path, f.pos.line, f.pos.col, f.rule))
