"""`pnp validate`: check specs and write nothing."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import EXIT_SPEC, _console, _escape, _games, app, report_errors, report_warnings


@app.command()
def validate(
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: the game here, else every game under ./cardspecs/, else the bundled examples)."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings (text overflow, missing glyphs, …) as errors."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
    lang: Optional[str] = typer.Option(None, "--lang", help="A game listing `languages:`: check this edition, or all (the default)."),
    shop: Optional[str] = typer.Option(None, "--shop", help="Also warn of each colour this print shop's press "
                                       "cannot print (ΔE00 over 5), where it is written."),
):
    """Check everything a build checks, writing nothing: every error as file:line:col."""
    from pnp.build import BuildOptions
    from pnp.errors import SpecErrors
    from pnp.validate_game import validate_game

    if shop is not None:
        from pnp.printshop.profiles import SHOPS, shop_names

        shop = shop.strip().lower()
        if shop not in SHOPS:
            raise typer.BadParameter(f"unknown shop {shop!r}: use {', '.join(shop_names())}", param_hint="--shop")
    options = BuildOptions(strict=strict, lang=lang)
    failed = False
    warned = 0
    for game_dir in _games(game_dirs):
        coverage: dict = {}
        try:
            warnings = validate_game(game_dir, options, coverage, shop)
        except SpecErrors as e:
            report_errors(e.errors)
            failed = True
            continue
        warned += report_warnings(warnings, quiet)
        if not quiet:
            _console().print(f"[green]✓[/] {_escape(game_dir.resolve().name)}: valid")  # the folder's own name, never "."
            _schema_note(game_dir)
            for lang, cov in coverage.items():  # a game with `languages:`: each edition's translations
                _console().print(f"    {lang}: {cov.percent():.0f}% translated ({cov.translated} of {cov.total} texts)")
    if warned and not quiet:
        _console().print(f"{warned} warning{'s' if warned != 1 else ''} (--strict makes them errors)")
    if failed:
        raise typer.Exit(EXIT_SPEC)


def _schema_note(game_dir: Path) -> None:
    """A game whose copy of the editor's schemas is from another pnp is told how to update it (a note, not a
    warning: the game builds the same, only the editor checks against older keys)."""
    from pnp.editorschema import SCHEMA_FOLDER, is_current

    if is_current(game_dir) is False:
        _console().print(f"    note: the editor's schemas in {SCHEMA_FOLDER}/ are from another pnp version: "
                         f"`pnp schema --game {_escape(str(game_dir))}` updates them")
