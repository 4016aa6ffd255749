"""`pnp release GAME`: every file a publisher uploads, for every edition, in OUT/<game>/ (`pnp.release`)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.cli import _console, _escape, app, failures_exit, report_warnings


@app.command()
def release(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    out: Path = typer.Option(Path("release"), "--out", help="Release folder; the game's release goes in <out>/<game>/."),
    lang: Optional[str] = typer.Option(None, "--lang", help="A game listing `languages:`: release this edition (de), "
                                                            "several (de,ar) or all (the default)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
):
    """Make a game's release in OUT/<game>/: for each edition, home-print kits on A4 and Letter (zips), the
    files of the shops and tabletops game.yaml's `release:` lists, showcase pictures; index.html and a
    manifest to browse and check it (docs/release.md)."""
    from pnp.output import OutputError
    from pnp.progress import progress_bar
    from pnp.release.make import release_game

    with failures_exit(OutputError):
        with progress_bar(f"release {game_dir.name}", quiet=quiet) as bar:
            result = release_game(game_dir, out, lang, bar)
    report_warnings(result.warnings, quiet)
    if not quiet:
        editions = f" ({', '.join(result.editions)} editions)" if result.editions else ""
        _console().print(f"[green]✓[/] {_escape(result.game)}: {len(result.files)} files{editions} → "
                         f"{_escape(str(result.folder))}/index.html ({result.seconds:.1f} s)")
