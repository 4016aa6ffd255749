"""`pnp simulate`: play a game many times with simple policies and write output/<game>/balance.pdf."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import EXIT_SPEC, _console, _escape, app, report_errors


@app.command()
def simulate(
    game_dir: Path = typer.Argument(..., help="The game folder."),
    games: int = typer.Option(1000, "--games", "-n", min=1, max=1_000_000, help="How many games to play."),
    seed: int = typer.Option(1, "--seed", min=0, max=2**32 - 1,
                             help="Seed: the same seed gives the same games and the same PDF."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; the report goes in <out>/<game>/balance.pdf."),
    json_out: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or summary."),
):
    """Simulate GAME_DIR's rules and chart game length, scores and win rates into balance.pdf."""
    from pnp.errors import SpecErrors
    from pnp.build import output_folder
    from pnp.output import OutputError, add_file
    from pnp.referee.balance import balance_pdf
    from pnp.referee.family import family_of
    from pnp.referee.report import sim_dict, to_json

    err = _console(True)
    try:
        from pnp.game import load_game

        game = load_game(game_dir)
    except SpecErrors as e:
        report_errors(e.errors)
        raise typer.Exit(EXIT_SPEC)
    family, why = family_of(game)
    if family is None:
        reason = why or "game.yaml names no `family:`, so there are no rules to simulate"
        err.print(f"[red]{_escape(str(game_dir))}: cannot simulate: {_escape(reason)}[/]")
        raise typer.Exit(EXIT_SPEC)
    try:
        result = _run_with_progress(family.referee_simulate, game, games, seed, show=not quiet and not json_out)
    except SpecErrors as e:  # content the family cannot play
        report_errors(e.errors)
        err.print(f"[red]{_escape(str(game_dir))}: cannot simulate: the content above breaks rules the "
                  f"simulation needs (`pnp check` lists every finding)[/]")
        raise typer.Exit(EXIT_SPEC)
    try:
        path = add_file(out, [output_folder(game_dir)], "balance.pdf", balance_pdf(result, game.game.title))
    except OutputError as e:
        err.print(f"[red]{_escape(str(e))}[/]")
        raise typer.Exit(EXIT_SPEC)
    if json_out:
        typer.echo(to_json({**sim_dict(result), "pdf": str(path)}))
    elif not quiet:
        console = _console()
        for line in result.summary:
            console.print(f"  {_escape(line)}")
        from pnp.referee.decisions import decision_findings
        from pnp.referee.report import finding_line

        for f in decision_findings(result):   # a game decided with no decision (`pnp check` fails on it)
            console.print(f"[bold red]{_escape(finding_line(f))}[/]")
        console.print(f"[green]✓[/] {game.name}: {games:,} games → {path}")


def _run_with_progress(run, game, games: int, seed: int, show: bool):
    """Run the simulation behind a rich progress bar (on stderr) when asked to show it."""
    if not show:
        return run(game, games=games, seed=seed)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=_console(True), transient=True) as bar:
        task = bar.add_task("games", total=games)
        return run(game, games=games, seed=seed, progress=lambda done, total: bar.update(task, completed=done))
