"""The `pnp` command line. Argument parsing and printing only; the work lives in other modules.

Heavy libraries are imported inside commands so that `pnp --help` stays quick.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from pnp import __version__

app = typer.Typer(add_completion=True, no_args_is_help=True, rich_markup_mode="rich",
                  help="pnp — the print-and-play compiler: YAML game specs → print-ready PDF, SVG and PNG.")

EXIT_SPEC = 2


def _version(value: bool):
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
):
    """pnp compiles board-game specs into print-ready files."""


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _games(game_dirs: Optional[List[Path]]) -> list[Path]:
    from pnp.game import find_games
    from pnp.paths import CARDSPECS

    if game_dirs:
        return list(game_dirs)
    root = Path("cardspecs") if Path("cardspecs").is_dir() else CARDSPECS
    games = find_games(root)
    if not games:
        _console(True).print(f"[red]no games found under {root}/ (each game is a folder with a game.yaml)[/]")
        raise typer.Exit(EXIT_SPEC)
    return games


def report_errors(errors) -> None:
    err = _console(True)
    for e in errors:
        err.print(f"[bold red]{e.pos}[/]: {_escape(e.message)}")
    err.print(f"[red]{len(errors)} error{'s' if len(errors) != 1 else ''}[/]")


def report_warnings(warnings, quiet: bool = False) -> None:
    if quiet:
        return
    err = _console(True)
    for w in warnings:
        err.print(f"[yellow]{w.pos}: warning: {_escape(w.message)}[/]")


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _parse_offset(value: str) -> tuple[float, float]:
    from pnp.spec.units import mm

    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise typer.BadParameter("expected X,Y in millimetres, e.g. 0.5,-1")
    if abs(x) > 20 or abs(y) > 20:
        raise typer.BadParameter("an offset of more than 20 mm is not a printer misalignment")
    return mm(x), mm(y)


@app.command()
def build(
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: every game under cardspecs/)."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4 or letter (default: the game's, else a4)."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short, gutterfold or none (default: long)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game goes in <out>/<game>/."),
    format: str = typer.Option("pdf", "--format", help="Comma-separated formats: pdf, svg."),
    back_offset: Optional[str] = typer.Option(None, "--back-offset", help="Shift every back by X,Y mm (read it off calibration.pdf)."),
    count: int = typer.Option(1, "--count", min=1, max=500, help="Pages of a roll-and-write pad."),
    random_city: bool = typer.Option(False, "--random-city", help="A different generated city on every sheet."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for generated content."),
    booklet: bool = typer.Option(False, "--booklet", help="Also impose the rulebook as an A5 booklet."),
    sets: Optional[int] = typer.Option(None, "--sets", min=1, max=50, help="Sets of dice tiles per sheet."),
    poster: Optional[str] = typer.Option(None, "--poster", help="Poster paper for boards (a2 default, a1, a3, or WxH mm)."),
    force: bool = typer.Option(False, "--force", help="Rebuild even when nothing changed."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List every file written."),
):
    """Compile games into print-ready files in OUT/<game>/."""
    from pnp.build import BuildOptions, build_game
    from pnp.errors import SpecErrors

    if paper and paper.lower() not in ("a4", "letter"):
        raise typer.BadParameter("--paper must be a4 or letter")
    if duplex and duplex not in ("long", "short", "gutterfold", "none"):
        raise typer.BadParameter("--duplex must be long, short, gutterfold or none")
    formats = tuple(f.strip().lower() for f in format.split(",") if f.strip())
    bad = [f for f in formats if f not in ("pdf", "svg")]
    if bad:
        raise typer.BadParameter(f"unknown format {bad[0]!r}: use pdf, svg (PNG comes from `pnp export`)")
    options = BuildOptions(paper=paper.lower() if paper else None, duplex=duplex, out=out, formats=formats,
                           back_offset=_parse_offset(back_offset) if back_offset else (0.0, 0.0), count=count,
                           random_city=random_city, seed=seed, booklet=booklet, sets=sets, poster=poster, force=force)
    console = _console()
    failed = False
    for game_dir in _games(game_dirs):
        try:
            result = build_game(game_dir, options)
        except SpecErrors as e:
            report_errors(e.errors)
            failed = True
            continue
        report_warnings(result.warnings, quiet)
        if not quiet:
            if result.skipped:
                console.print(f"[green]✓[/] {result.game}: up to date ({result.out_dir}/)")
            else:
                console.print(f"[green]✓[/] {result.game}: {len(result.files)} files → {result.out_dir}/")
            if verbose:
                for f in result.files:
                    console.print(f"    {f['file']}  {f['bytes']:,} bytes")
    if failed:
        raise typer.Exit(EXIT_SPEC)


@app.command()
def validate(
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: every game under cardspecs/)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
):
    """Check specs without writing anything: every error as file:line:col."""
    from pnp.errors import SpecErrors
    from pnp.validate_game import validate_game

    failed = False
    for game_dir in _games(game_dirs):
        try:
            warnings = validate_game(game_dir)
        except SpecErrors as e:
            report_errors(e.errors)
            failed = True
            continue
        report_warnings(warnings, quiet)
        if not quiet:
            _console().print(f"[green]✓[/] {game_dir}: valid")
    if failed:
        raise typer.Exit(EXIT_SPEC)


@app.command()
def icons(
    out: Path = typer.Option(Path("output/icons.pdf"), "--out", help="Where to write the icon sheet."),
):
    """List the built-in icons and write a sheet showing them all."""
    from pnp.draw import icons as icon_registry
    from pnp.draw.icon_sheet import render_icon_sheet
    from pnp.output import atomic_write

    names = icon_registry.names()
    atomic_write(out, render_icon_sheet())
    _console().print(", ".join(names))
    _console().print(f"[green]✓[/] {len(names)} icons → {out}")


def main() -> None:
    """Entry point: run the app, turning any located spec error that escapes into exit code 2."""
    from pnp.errors import SpecErrors

    try:
        app()
    except SpecErrors as e:
        report_errors(e.errors)
        sys.exit(EXIT_SPEC)
