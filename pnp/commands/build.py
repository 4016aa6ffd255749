"""`pnp build`: compile games into print-ready files."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import (EXIT_SPEC, EXIT_TERMINATED, _console, _escape, _games, app, duplex_option, paper_option,
                     report_errors, report_warnings)


def _parse_offset(value: str) -> tuple[float, float]:
    import math

    from pnp.spec.units import mm

    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise typer.BadParameter("expected X,Y in millimetres, e.g. 0.5,-1", param_hint="--back-offset")
    if not (math.isfinite(x) and math.isfinite(y)):
        raise typer.BadParameter("X and Y must be finite numbers of millimetres, e.g. 0.5,-1", param_hint="--back-offset")
    if abs(x) > 20 or abs(y) > 20:
        raise typer.BadParameter("an offset of more than 20 mm is not a printer misalignment", param_hint="--back-offset")
    return mm(x), mm(y)


class Terminated(BaseException):
    """SIGTERM, raised where the build is, so that its staging folder is removed on the way out."""


@contextmanager
def sigterm_stops():
    """While inside, SIGTERM raises `Terminated` (as Ctrl-C raises KeyboardInterrupt): the build
    cleans up and the command exits with EXIT_TERMINATED (143). Outside, the previous handler is back."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends the process at once
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _gutter(value: Optional[str]) -> Optional[str]:
    """--gutter checked where it is given: auto, or a length from 0 to 20 mm, else a usage error (exit 2)."""
    from pnp.spec.units import mm, parse_length

    if value is None or value.strip().lower() == "auto":
        return None if value is None else "auto"
    try:
        width = parse_length(value.strip())
    except (ValueError, TypeError) as e:
        raise typer.BadParameter(f"{e} (use a length such as 3mm, 0, or auto)", param_hint="--gutter")
    if not 0 <= width <= mm(20):
        raise typer.BadParameter("a gutter is between 0 and 20mm", param_hint="--gutter")
    return value.strip()


def _poster(value: Optional[str]) -> Optional[str]:
    """--poster checked where it is given: a paper name or WxH in mm, else a usage error (exit 2)."""
    if value is None:
        return None
    from pnp.layout.tile import parse_paper

    try:
        parse_paper(value)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--poster")
    return value


@app.command()
def build(
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: the game here, else every game under ./cardspecs/, else the bundled examples)."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4 or letter (default: the game's, else a4)."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short, gutterfold or none (default: long)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game goes in <out>/<game>/."),
    format: str = typer.Option("pdf", "--format", help="Comma-separated formats: pdf, svg, png (pictures at --dpi), html (the rulebook as a web page)."),
    dpi: int = typer.Option(300, "--dpi", min=72, max=1200, help="Pixels per inch of --format png pictures (72–1200)."),
    back_offset: Optional[str] = typer.Option(None, "--back-offset", help="Shift every back by X,Y mm (read it off calibration.pdf)."),
    gutter: Optional[str] = typer.Option(None, "--gutter", help="Space between cards on the sheets: a length such as 3mm, 0 to let them abut, or auto (default: the game's, else auto)."),
    count: int = typer.Option(1, "--count", min=1, max=500, help="Pages of a roll-and-write pad."),
    random_layout: bool = typer.Option(False, "--random-layout", help="A new random layout on every page, for the grids that have `random:` (see --seed)."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**32 - 1, help="Seed for generated content."),
    booklet: bool = typer.Option(False, "--booklet", help="Also impose the rulebook as an A5 booklet."),
    sets: Optional[int] = typer.Option(None, "--sets", min=1, max=50, help="Sets of dice tiles and paper dice to print (default: a page of as many full sets as fit)."),
    poster: Optional[str] = typer.Option(None, "--poster", help="Poster paper for boards: a3, a2, a1, a0 or WxH mm (default: the smallest that fits)."),
    force: bool = typer.Option(False, "--force", help="Rebuild even when nothing changed."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings (text overflow, missing glyphs, …) as errors."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List every file written."),
):
    """Compile games into print-ready files in OUT/<game>/."""
    from pnp.build import BuildOptions

    from pnp.choices import Format

    paper, duplex = paper_option(paper), duplex_option(duplex)
    formats = tuple(f.strip().lower() for f in format.split(",") if f.strip())
    bad = [f for f in formats if f not in {known.value for known in Format}]
    if bad:
        raise typer.BadParameter(f"unknown format {bad[0]!r}: use {', '.join(Format)}", param_hint="--format")
    options = BuildOptions(paper=paper, duplex=duplex, out=out, formats=tuple(Format(f) for f in formats),
                           back_offset=_parse_offset(back_offset) if back_offset else (0.0, 0.0),
                           gutter=_gutter(gutter), count=count,
                           random_layout=random_layout, seed=seed, booklet=booklet, sets=sets, poster=_poster(poster),
                           force=force, strict=strict, dpi=dpi)
    try:
        with sigterm_stops():
            failed = _build_each(_games(game_dirs, out), options, quiet, verbose)
    except Terminated:
        _console(True).print("[red]stopped (SIGTERM): no output was left half-written[/]")
        raise typer.Exit(EXIT_TERMINATED)
    if failed:
        raise typer.Exit(EXIT_SPEC)


def _build_each(game_dirs: list[Path], options, quiet: bool, verbose: bool) -> bool:
    """Build every game, printing one line each; True when any failed (its errors printed).

    Several games on a machine with several cores are built in worker processes at once
    (`pnp.commands.parallel`); either way the results are reported game by game in the
    order given, and each game's files are the same bytes."""
    from pnp.commands.parallel import build_games

    console = _console()
    failed = False
    warned = 0
    for game_dir, outcome in build_games(game_dirs, options, quiet):
        kind, value = outcome
        if kind == "errors":
            report_errors(value)
            failed = True
            continue
        if kind == "output":
            _console(True).print(f"[red]{_escape(value)}[/]")
            failed = True
            continue
        result = value
        report_warnings(result.warnings, quiet)
        warned += len(result.warnings)
        if not quiet:
            if result.skipped:
                console.print(f"[green]✓[/] {_escape(result.game)}: up to date ({_escape(str(result.out_dir))}/)")
            else:
                console.print(f"[green]✓[/] {_escape(result.game)}: {len(result.files)} files → "
                              f"{_escape(str(result.out_dir))}/")
            if verbose:
                for f in result.files:
                    console.print(f"    {f['file']}  {f['bytes']:,} bytes")
    if warned and not quiet:
        console.print(f"{warned} warning{'s' if warned != 1 else ''} (--strict makes them errors)")
    return failed
