"""The `pnp` command line. Argument parsing and printing only; the work lives in other modules.

Heavy libraries are imported inside commands so that `pnp --help` stays quick.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import List, Optional

import typer

from pnp import __version__



class _CommandList(typer.core.TyperGroup):
    """The plain (click) help, listing each command with its whole first paragraph, not cut at the width.

    Help is plain text (`rich_markup_mode=None`): typer's rich help formatter imports rich's
    Markdown renderer, which alone took longer than the rest of `pnp --help`."""

    def format_commands(self, ctx, formatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                text = command.short_help or (command.help or "").strip().split("\n\n")[0]
                rows.append((name, " ".join(text.split())))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


app = typer.Typer(add_completion=True, no_args_is_help=True, rich_markup_mode=None, cls=_CommandList,
                  help="pnp — the print-and-play compiler: YAML game specs → print-ready PDF, SVG and PNG.")

# Exit codes, the one place they are named (typer's own usage errors also exit with 2).
EXIT_OK = 0
EXIT_FINDINGS = 1     # the command ran and found something wrong: rule findings, stale schema files
EXIT_SPEC = 2         # bad input: a located spec error, a bad flag, nothing to work on, an output fault
EXIT_TERMINATED = 128 + 15  # stopped by SIGTERM (the shell's convention: 128 + the signal number)


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

    return Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


def _games(game_dirs: Optional[List[Path]], out: Optional[Path] = None) -> list[Path]:
    """The games a command works on: those named, else the game here, else ./cardspecs/*, else the examples."""
    if game_dirs:
        return list(game_dirs)
    search = find_games_here()
    if search.source == "examples":
        where = f" into {out}/" if out is not None else ""
        _console(True).print(f"no game.yaml here and no cardspecs/ folder: using pnp's bundled examples"
                             f" ({', '.join(p.name for p in search.games)}){where}. "
                             f"`pnp examples copy` puts them here to edit.")
    if not search.games:
        _console(True).print(f"[red]no games found under {search.root}/ (each game is a folder with a game.yaml)[/]")
        raise typer.Exit(EXIT_SPEC)
    return search.games


def paper_option(value: Optional[str]):
    """--paper as a Paper (any case), or None; a usage error for anything else."""
    from pnp.choices import Paper, spelled

    if value is None or value == "":
        return None
    if value.lower() not in {p.value for p in Paper}:
        raise typer.BadParameter(f"--paper must be {spelled(Paper)}")
    return Paper(value.lower())


def duplex_option(value: Optional[str]):
    """--duplex as a Duplex, or None; a usage error for anything else."""
    from pnp.choices import Duplex, spelled

    if value is None or value == "":
        return None
    if value not in {d.value for d in Duplex}:
        raise typer.BadParameter(f"--duplex must be {spelled(Duplex)}")
    return Duplex(value)


def find_games_here():
    from pnp.gamesearch import discover_games

    return discover_games(Path("."))


SHOWN_ERRORS = 1000  # a hostile file can make 100,000 located errors; printing them all took longer than finding them


def report_errors(errors) -> None:
    from pnp.messagegroups import grouped

    errors = grouped(errors)  # one message for a mistake several decks or places repeat
    err = _console(True)
    for e in errors[:SHOWN_ERRORS]:
        err.print(f"[bold red]{e.pos}[/]: {_escape(e.message)}")
    if len(errors) > SHOWN_ERRORS:
        err.print(f"[red]… and {len(errors) - SHOWN_ERRORS} more errors (the first {SHOWN_ERRORS} shown)[/]")
    err.print(f"[red]{_counted_errors(len(errors), errors.places)}[/]")


def _counted_errors(messages: int, places: int) -> str:
    """The closing count: one mistake repeated at several places is one error ("1 error, at 3 places"),
    not three."""
    said = f"{messages} error{'s' if messages != 1 else ''}"
    return said if places <= messages else f"{said}, at {places} places"


def report_warnings(warnings, quiet: bool = False) -> int:
    """Print the warnings, repeats merged; how many places they are at (the count to report)."""
    from pnp.messagegroups import grouped

    warnings = grouped(warnings)
    if quiet:
        return warnings.places
    err = _console(True)
    for w in warnings[:SHOWN_ERRORS]:
        err.print(f"[yellow]{w.pos}: warning: {_escape(w.message)}[/]")
    if len(warnings) > SHOWN_ERRORS:
        err.print(f"[yellow]… and {len(warnings) - SHOWN_ERRORS} more warnings (the first {SHOWN_ERRORS} shown)[/]")
    return warnings.places


@contextmanager
def failures_exit(*one_line: type[Exception]):
    """Located spec errors are listed, and the `one_line` exceptions printed as their message; either
    ends the command with exit code 2 (bad input or an output fault, never a traceback)."""
    from pnp.errors import SpecErrors

    try:
        yield
    except SpecErrors as e:
        report_errors(e.errors)
        raise typer.Exit(EXIT_SPEC)
    except one_line as e:
        _console(True).print(f"[red]{_escape(str(e))}[/]")
        raise typer.Exit(EXIT_SPEC)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


COMMANDS_PACKAGE = "pnp.commands"


def _register_commands() -> None:
    """Every module in pnp/commands/ adds its commands to `app` (cheap imports only).

    The commands are plugins on `app`, found by name at run time: this module sits below them in
    the layers (docs/architecture.md) and never imports them statically."""
    import importlib
    import pkgutil

    package = importlib.import_module(COMMANDS_PACKAGE)
    for mod in sorted(m.name for m in pkgutil.iter_modules(package.__path__)):
        importlib.import_module(f"{COMMANDS_PACKAGE}.{mod}")


def main() -> None:
    """The `pnp` command (and `python -m pnp`): `run()`, then leave at once, without tearing the
    interpreter down. Every output is written, synced and closed by then (`pnp.output.publish`),
    so only what was printed needs flushing; freeing a build's objects one by one and clearing
    every module cost a 540-card build 0.09 s of its 0.63. A crash still ends as Python ends."""
    code: int | str | None = 0
    # pydantic looks through every installed distribution for validation plugins the first time a
    # model is made (8 ms with 130 installed, more in a large environment); the command wants none
    # watching or changing how a game folder is checked.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from pnp.quietlibs import quiet_libraries

    quiet_libraries()
    try:
        run()
    except SystemExit as e:
        code = e.code
    if isinstance(code, str):  # as `sys.exit("message")`: the message to stderr, status 1
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe, a closed stream: nothing more can be shown
            pass
    os._exit(code or 0)


def run() -> None:
    """Run the app, turning any located spec error that escapes into exit code 2 (a `SystemExit`,
    as typer ends; `main` is the command, this is for a caller that goes on afterwards)."""
    from pnp.errors import SpecErrors
    from pnp.plugins import PluginError

    _register_commands()
    try:
        app()
    except SpecErrors as e:
        report_errors(e.errors)
        sys.exit(EXIT_SPEC)
    except PluginError as e:  # an installed kind, family or export target that cannot be used
        _console(True).print(f"[red]{_escape(str(e))}[/]")
        sys.exit(EXIT_SPEC)
