"""`pnp check`: does each game's content obey its own rules? Exit 1 when a rule fails, 2 on spec errors."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import EXIT_FINDINGS, EXIT_SPEC, _console, _escape, _games, app, report_errors


@app.command()
def check(
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: the game here, else every game under ./cardspecs/, else the bundled examples)."),
    json_out: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    simulate: bool = typer.Option(False, "--simulate", help="Also play the game's simulation and print its summary."),
    games: int = typer.Option(1000, "--games", min=1, max=1_000_000, help="Games to simulate with --simulate."),
    seed: int = typer.Option(1, "--seed", min=0, max=2**32 - 1, help="Seed of the simulation."),
    strict: bool = typer.Option(False, "--strict", help="A design target missed (a warning: balance, stuck rate, "
                                                        "game length) fails the check too."),
    lang: Optional[str] = typer.Option(None, "--lang", help="A game listing `languages:`: check this edition only (default: every edition)."),
):
    """Check games against their own rules (declared checks, then the rule family's).

    Each finding prints as file:line:col: rule: what is wrong; a design target missed prints as a warning.
    Exit 1 when a rule fails (or, with --strict, a target is missed), 2 on spec errors.
    """
    from pnp.build import BuildOptions, editions_to_build
    from pnp.errors import SpecErrors
    from pnp.referee import report as rep
    from pnp.referee.checks import run_checks
    from pnp.referee.editions import check_editions
    from pnp.referee.family import family_of

    console = _console()
    spec_failed = findings = False
    results = []
    for game_dir in _games(game_dirs):
        try:
            langs = editions_to_build(Path(game_dir), BuildOptions(lang=lang))  # none for a game without languages
            game, r = check_editions(partial(run_checks, printed=printed_outputs), game_dir, langs, lang)
            if simulate:
                r.notes += _simulate_into(r, family_of(game)[0], game, games, seed)
        except SpecErrors as e:
            spec_failed = True
            if json_out:
                results.append(rep.error_dict(str(game_dir), e.errors))
            else:
                report_errors(e.errors)
            continue
        findings = findings or bool(r.findings) or (strict and bool(r.advice))
        if json_out:
            results.append(rep.report_dict(r))
        else:
            for line in rep.text_lines(r):
                style = "green" if line.startswith("✓") else ("bold red" if line.startswith("✗") else None)
                console.print(f"[{style}]{_escape(line)}[/]" if style else _escape(line))
    if json_out:
        typer.echo(rep.to_json({"games": results}))
    if spec_failed:
        raise typer.Exit(EXIT_SPEC)
    if findings:
        raise typer.Exit(EXIT_FINDINGS)


def printed_outputs(game) -> dict[str, dict[str, bytes]]:
    """The game's outputs as `pnp build` makes them with its own paper and duplex, kept in memory
    (unit → file name → bytes), for the legibility check to measure. A deck large enough to be
    drawn in chunks spools them in a temporary folder, removed after; nothing is written anywhere
    else. The build is of the game loaded again (the same edition): drawing a deck lets go of its
    YAML tree, which the checks and the simulation still read in `game`."""
    import tempfile

    from pnp.build import BuildOptions, render
    from pnp.game import load_game
    from pnp.models.edition import editing

    with editing(game.edition):
        fresh = load_game(game.dir)
    from pnp.draw.pdfglyphs import whole_fonts

    with tempfile.TemporaryDirectory(prefix="pnp-check-") as folder, whole_fonts():  # kept in memory: fonts uncut
        return render(fresh, BuildOptions(out=Path(folder)).for_game(fresh)).units


def _simulate_into(report, family, game, games: int, seed: int) -> list[str]:
    """Attach the family's simulation to the report; notes saying why there is none."""
    from pnp.errors import SpecErrors

    if family is None:
        return ["no simulation: game.yaml names no rule family pnp knows"]
    try:
        report.simulation = family.referee_simulate(game, games=games, seed=seed)
    except SpecErrors as e:  # content the simulation cannot play: the findings above say why
        return [f"no simulation: {err}" for err in e.errors]
    return []
