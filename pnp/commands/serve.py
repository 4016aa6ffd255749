"""`pnp serve`: `pnp watch` plus a page on this computer that shows every file of the game as it builds.

A game listing `languages:` is built in every edition on each save, like `pnp build`; the page
shows one edition at a time and offers the others (`pnp.serve.editions`)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from pnp.cli import EXIT_SPEC, _console, _escape, app, duplex_option, paper_option, report_errors, report_warnings

LOCAL_NAMES = ("127.0.0.1", "localhost")


@app.command()
def serve(
    game_dir: Path = typer.Argument(..., help="The game folder to preview (holding game.yaml)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port on 127.0.0.1; 0 picks a free one."),
    host: str = typer.Option("127.0.0.1", "--host", help="Only 127.0.0.1 (or localhost): the page is for this computer."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; the game goes in <out>/<game>/."),
    interval: float = typer.Option(0.1, "--interval", min=0.05, max=10.0, help="Seconds between looks at the folder."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4, letter, a3, a5, legal or tabloid (default: the game's, else a4)."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short, gutterfold or none."),
    open_page: bool = typer.Option(False, "--open", help="Open the page in the web browser."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print the address and errors only."),
):
    """Show GAME_DIR in the browser, redrawn on every save, with errors as file:line:col. Ctrl-C stops.

    A game listing `languages:` shows one edition at a time: choose it on the page, or open
    /?lang=de (or /de/). Choose a print shop on the page (or open /?shop=drivethrucards) to see each
    page as that shop prints it, beside its screen colours (needs Ghostscript)."""
    import threading
    from datetime import datetime

    from pnp.build import BuildOptions
    from pnp.commands.build import Terminated, sigterm_stops
    from pnp.commands.watch import watch_loop
    from pnp.errors import SpecErrors
    from pnp.models.edition import current as current_edition
    from pnp.serve.editions import declared, source_language
    from pnp.serve.server import PreviewServer
    from pnp.serve.state import Preview

    if host.strip().lower() not in LOCAL_NAMES:
        _console(True).print(f"[red]--host {_escape(host)}: pnp serve listens on 127.0.0.1 only. The preview has no "
                             "login and shows a game that may not be public, so it is not offered to other "
                             "computers.[/]")
        raise typer.Exit(EXIT_SPEC)
    if not (game_dir / "game.yaml").is_file():
        _console(True).print(f"[red]{_escape(str(game_dir))}: not a game folder (no game.yaml)[/]")
        raise typer.Exit(EXIT_SPEC)
    options = BuildOptions(paper=paper_option(paper), duplex=duplex_option(duplex), out=out)
    preview = Preview(game_dir.resolve().name)
    from pnp.printshop.softproof import PageProofs

    preview.proofs = PageProofs(lambda shop: _conversion(game_dir, shop))  # any page as a shop prints it, when asked
    try:
        server = PreviewServer(preview, port)
    except OSError as e:
        _console(True).print(f"[red]cannot listen on 127.0.0.1:{port} ({_escape(e.strerror or str(e))}): "
                             "choose another --port, or --port 0 for any free one[/]")
        raise typer.Exit(EXIT_SPEC)
    console = _console()
    _say(console, f"previewing {_escape(str(game_dir))} at {server.url} — Ctrl-C stops")
    langs, _ = declared(game_dir)
    if langs and not quiet:
        _say(console, f"editions {_escape(', '.join(langs))}: choose one on the page, or open "
                      f"{server.url}?lang={_escape(langs[-1])}")

    def on_build(result, error):
        clock = datetime.now().strftime("%H:%M:%S")
        preview.proofs.forget()  # the game's print settings may have changed
        if error is None:
            report_warnings(result.warnings, quiet)
            if not quiet:
                _say(console, f"[dim]{clock}[/] [green]✓[/] {_escape(result.summary())}")
            try:
                preview.built(result, source_language(game_dir) if result.editions else None)
            except Exception as e:  # noqa: BLE001 — a picture that cannot be drawn must not stop the preview
                error = e
        if error is not None:
            preview.failed(error)
            if isinstance(error, SpecErrors):
                _say(console, f"[dim]{clock}[/] [red]✗[/] {len(error.errors)} error(s), shown on the page")
                report_errors(error.errors)
            else:
                _say(console, f"[dim]{clock}[/] [red]✗[/] {_escape(type(error).__name__ + ': ' + str(error))}")

    def on_early(partial):
        edition = current_edition()  # an edition's build: its language (the files are named as in its folder)
        try:
            preview.early(partial, edition.lang if edition is not None else None)
        except Exception:  # noqa: BLE001 — the early pictures are a head start only: the whole build draws them too
            pass

    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    if open_page:
        import webbrowser

        webbrowser.open(server.url)
    try:
        with sigterm_stops():
            watch_loop(game_dir, options, interval, on_build=on_build, on_early=on_early)
    except (KeyboardInterrupt, Terminated):
        if not quiet:
            _say(console, "stopped")
    finally:
        server.shutdown()
        server.server_close()


def _conversion(game_dir: Path, shop):
    """The shop's colour conversion for the game as it is saved now (its print.profile and print.greys)."""
    from pnp.errors import SpecErrors
    from pnp.game import load_game
    from pnp.printshop.build import shop_cmyk
    from pnp.printshop.softproof import ProofError

    try:
        return shop_cmyk(load_game(game_dir), shop)
    except SpecErrors as e:
        raise ProofError("; ".join(str(error) for error in e.errors[:3])) from None


def _say(console, text: str) -> None:
    """Print a line now, even when stdout is a pipe (a script waiting for the address reads it)."""
    console.print(text)
    sys.stdout.flush()
