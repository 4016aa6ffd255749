"""`pnp examples`: list the bundled example games, or copy them out to read, edit and build."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import EXIT_SPEC, _console, app

examples_app = typer.Typer(no_args_is_help=False, invoke_without_command=True,
                           help="The bundled example games: list them, or copy them out to edit.")
app.add_typer(examples_app, name="examples")


@examples_app.callback()
def examples(ctx: typer.Context):
    """List the bundled example games (with no subcommand)."""
    if ctx.invoked_subcommand is not None:
        return
    from pnp.examples_copy import bundled

    console = _console()
    for ex in bundled():
        console.print(f"{ex.name:<12} {ex.title}")
    console.print("copy them out with: pnp examples copy [NAME ...] [--to DIR]")


@examples_app.command("copy")
def copy(
    names: Optional[List[str]] = typer.Argument(None, help="Which examples (default: all)."),
    to: Path = typer.Option(Path("cardspecs"), "--to", help="Folder to copy into; each game goes in DIR/<name>/."),
):
    """Copy bundled example games into DIR/<name>/ (never overwrites)."""
    from pnp.examples_copy import ExampleError, copy_examples

    try:
        made = copy_examples(names or [], to)
    except ExampleError as e:
        _console(True).print(f"[red]{e}[/]")
        raise typer.Exit(EXIT_SPEC)
    console = _console()
    for path in made:
        console.print(f"[green]✓[/] {path}/")
    if made:
        nxt = str(made[0]) if len(made) == 1 else ("" if to == Path("cardspecs") else " ".join(map(str, made)))
        console.print(f"  next: pnp build {nxt}".rstrip())
