"""`pnp new`: scaffold a game folder that builds at once."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import EXIT_SPEC, _console, _escape, app


@app.command()
def new(
    name: str = typer.Argument(..., help="The game's folder name, e.g. my-game (its title becomes My Game)."),
    dir: Path = typer.Option(Path("."), "--dir", help="Where to create the folder (default: here)."),
    template: str = typer.Option("default", "--template", help="The starter to copy: default (a commented example of each spec kind), "
                                 "hex (a hex-map wargame), routes (a point-to-point route game), art (cards with a "
                                 "painted picture, a gradient and a font of their own) or editions (one game in "
                                 "English, German, Arabic and Japanese)."),
):
    """Create NAME/ with game.yaml, rules.md and a commented example of each spec kind (or another starter game)."""
    from pnp.scaffold import ScaffoldError, create

    try:
        made = create(name, dir, template)
    except ScaffoldError as e:
        _console(True).print(f"[red]{_escape(str(e))}[/]")
        raise typer.Exit(EXIT_SPEC)
    console = _console()
    console.print(f"[green]✓[/] {made.dir}/: {', '.join(made.files)}")
    console.print(f"  next: pnp build {made.dir}   (or pnp watch {made.dir} while you edit)")
