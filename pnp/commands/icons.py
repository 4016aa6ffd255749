"""`pnp icons`: the built-in icons, listed and drawn on a sheet."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import EXIT_SPEC, _console, _games, app, report_errors, report_warnings


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
