"""`pnp build`: compile games into print-ready files."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import (EXIT_SPEC, EXIT_TERMINATED, _console, _escape, _games, app, duplex_option, paper_option,
                     report_errors, report_warnings)
from pnp.commands.kindflags import GIVEN, KindFlagsCommand


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


@app.command(cls=KindFlagsCommand)
def build(
    ctx: typer.Context,
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: the game here, else every game under ./cardspecs/, else the bundled examples)."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4, letter, a3, a5, legal or tabloid (default: the game's, else a4)."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short, gutterfold or none (default: the game's print.duplex, else long)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game goes in <out>/<game>/."),
    format: str = typer.Option("pdf", "--format", help="Comma-separated formats: pdf, svg, png (pictures at --dpi), html (the rulebook as a web page)."),
    dpi: int = typer.Option(300, "--dpi", min=72, max=1200, help="Pixels per inch of --format png pictures (72–1200)."),
    force: bool = typer.Option(False, "--force", help="Rebuild even when nothing changed."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings (text overflow, missing glyphs, …) as errors."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List every file written."),
    shop: Optional[str] = typer.Option(None, "--shop", help="Instead, the files a print shop takes, in "
                                       "OUT/<game>/shop/<NAME>/ (an edition's in OUT/<game>/<lang>/shop/<NAME>/): "
                                       "drivethrucards, tgc, mpc, printninja or pdfx4."),
    lang: Optional[str] = typer.Option(None, "--lang", help="A game listing `languages:`: build this edition (de), several (de,ar) or all (the default), each in OUT/<game>/<lang>/."),
    proof: bool = typer.Option(False, "--proof", help="With --shop: each page of the shop's PDFs as printed, "
                               "as PNG pictures in OUT/<game>/proof/<NAME>/ (needs Ghostscript)."),
):
    """Compile games into print-ready files in OUT/<game>/."""
    if shop is not None:
        from pnp.commands.shopbuild import build_for_shop

        with sigterm_stops():
            build_for_shop(_games(game_dirs, out), shop, out, quiet, verbose, proof, lang, strict)
        return
    if proof:
        raise typer.BadParameter("a proof is of a print shop's files: give --shop NAME too", param_hint="--proof")
    from pnp.build import BuildOptions

    from pnp.choices import Format

    paper, duplex = paper_option(paper), duplex_option(duplex)
    formats = tuple(f.strip().lower() for f in format.split(",") if f.strip())
    bad = [f for f in formats if f not in {known.value for known in Format}]
    if bad:
        raise typer.BadParameter(f"unknown format {bad[0]!r}: use {', '.join(Format)}", param_hint="--format")
    given = ctx.meta.get(GIVEN, {})  # the kinds' flags (pnp.commands.kindflags)
    options = BuildOptions(paper=paper, duplex=duplex, out=out, formats=tuple(Format(f) for f in formats),
                           force=force, strict=strict, dpi=dpi, lang=lang, **given)
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

    console = None

    def say(text: str) -> None:  # rich is imported for the first line shown, not for a quiet build
        nonlocal console
        if console is None:
            console = _console()
        console.print(text)

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
        warned += report_warnings(result.warnings, quiet)
        if not quiet:
            if result.skipped:
                say(f"[green]✓[/] {_escape(result.game)}: up to date ({_escape(str(result.out_dir))}/)")
            else:
                say(f"[green]✓[/] {_escape(result.game)}: {len(result.files)} files → "
                              f"{_escape(str(result.out_dir))}/")
            for line in result.paper:
                say(f"    [dim]{_escape(line)}[/]")
            if verbose:
                for f in result.files:
                    say(f"    {f['file']}  {f['bytes']:,} bytes")
    if warned and not quiet:
        say(f"{warned} warning{'s' if warned != 1 else ''} (--strict makes them errors)")
    return failed
