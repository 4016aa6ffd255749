"""`pnp icons`: the built-in icons, listed and drawn on a sheet."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import EXIT_SPEC, _console, app


@app.command()
def icons(
    out: Path = typer.Option(Path("output/icons.pdf"), "--out", help="Where to write the icon sheet."),
):
    """List the built-in icons and write a sheet showing them all."""
    from pnp.draw import icons as icon_registry
    from pnp.draw.icon_sheet import render_icon_sheet
    from pnp.output import OutputError, add_file

    names = icon_registry.names()
    try:
        add_file(out.parent, [], out.name, render_icon_sheet())
    except OutputError as e:
        _console(True).print(f"[red]{e}[/]")
        raise typer.Exit(EXIT_SPEC)
    _console().print(", ".join(names))
    _console().print(f"[green]✓[/] {len(names)} icons → {out}")
