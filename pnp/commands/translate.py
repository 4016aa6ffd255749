"""`pnp translate`: a translator's round trip through a gettext PO file (docs/languages.md)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.cli import EXIT_SPEC, _console, app, report_errors

translate_app = typer.Typer(no_args_is_help=True, help="Translate a game: a PO file of its texts, and back.")
app.add_typer(translate_app, name="translate")

LANG_HELP = "The language to translate into: one of the game's `languages:` (fr, ar, …)."


@translate_app.command("export")
def export(
    game_dir: Path = typer.Argument(..., help="The game folder."),
    lang: str = typer.Option(None, "--lang", help=LANG_HELP),
    out: Optional[Path] = typer.Option(None, "--out", help="The PO file to write (default: <game>.<lang>.po here)."),
):
    """Write a PO file of every text to translate, with its place, its context and notes."""
    from pnp.errors import SpecErrors
    from pnp.translate.workflow import export as export_po

    try:
        data, count, done = export_po(game_dir, lang)
    except SpecErrors as e:
        report_errors(e.errors)
        raise typer.Exit(EXIT_SPEC)
    target = out or Path(f"{Path(game_dir).resolve().name}.{lang}.po")
    try:
        target.write_bytes(data)
    except OSError as e:
        _console(True).print(f"[bold red]{target}[/]: cannot write the PO file: {e.strerror or e}")
        raise typer.Exit(EXIT_SPEC)
    _console().print(f"[green]✓[/] {target}: {count} texts, {done} translated into {lang}")


@translate_app.command("import")
def import_(
    game_dir: Path = typer.Argument(..., help="The game folder."),
    po_file: Path = typer.Argument(..., help="A PO file `pnp translate export` wrote, translated."),
    lang: str = typer.Option(None, "--lang", help=LANG_HELP + " Default: the PO file's Language."),
):
    """Write a PO file's translations where the game keeps them (key@lang, name@lang columns, rules.<lang>.md)."""
    from pnp.errors import SpecErrors
    from pnp.translate.workflow import import_po

    try:
        done = import_po(game_dir, po_file, lang)
    except SpecErrors as e:
        report_errors(e.errors)
        raise typer.Exit(EXIT_SPEC)
    for problem in done.problems:
        _console(True).print(f"[yellow]{po_file}[/]: warning: {problem}")
    files = ", ".join(done.changed) if done.changed else "no file changed"
    _console().print(f"[green]✓[/] {game_dir}: {done.translations} translations read; {files}")


@translate_app.command("status")
def status(
    game_dir: Path = typer.Argument(..., help="The game folder."),
    lang: str = typer.Option(None, "--lang", help=LANG_HELP),
):
    """List the texts still untranslated, each at its place."""
    from pnp.errors import SpecErrors, display_path
    from pnp.translate.workflow import status as left

    try:
        code, untranslated, total = left(game_dir, lang)
    except SpecErrors as e:
        report_errors(e.errors)
        raise typer.Exit(EXIT_SPEC)
    console = _console()
    for text in untranslated:
        shown = text.source.split("\n", 1)[0]
        shown = shown if len(shown) <= 60 else shown[:59] + "…"
        where = text.cell or text.line
        console.print(f"{display_path(Path(game_dir) / text.file)}:{where}: {text.context}: {shown!r}",
                      markup=False)
    translated = total - len(untranslated)
    console.print(f"{code}: {translated} of {total} texts translated, {len(untranslated)} left")
