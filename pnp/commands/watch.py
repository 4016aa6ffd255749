"""`pnp watch`: rebuild a game on every save, printing one line per build or the located errors.

The folder is polled (sizes and mtimes, no extra dependency); each change runs
an incremental build (`pnp.incremental`), so only what changed is rendered.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import typer

from pnp.cli import _console, app, report_errors, report_warnings


def snapshot(game_dir: Path, skip: Path | None = None) -> dict[str, tuple[int, int]]:
    """What the poller compares: every game file's (mtime_ns, size)."""
    from pnp.incremental import game_files

    out = {}
    for p in game_files(game_dir, skip):
        try:
            st = p.stat()
        except OSError:  # deleted between listing and stat: the next poll sees it gone
            continue
        out[p.relative_to(game_dir).as_posix()] = (st.st_mtime_ns, st.st_size)
    return out


def watch_loop(game_dir: Path, options, interval: float = 0.5, max_builds: int | None = None,
               on_build: Callable = None, sleep: Callable[[float], None] | None = None,
               max_polls: int | None = None) -> int:
    """Build now, then again whenever the folder changes; returns the number of builds run.

    `max_builds` / `max_polls` end the loop (tests, `--once`); otherwise it runs until Ctrl-C.
    `on_build(result, errors)` receives an IncrementalResult or the SpecErrors of a failed build.
    """
    import time

    from pnp.errors import SpecErrors
    from pnp.incremental import build_incremental

    sleep = sleep or time.sleep
    skip = options.out if options.out.resolve().is_relative_to(game_dir.resolve()) else None
    seen = None
    builds = polls = 0
    while True:
        now = snapshot(game_dir, skip)
        if now != seen:
            seen = now
            try:
                result, errors = build_incremental(game_dir, options), None
            except SpecErrors as e:
                result, errors = None, e
            builds += 1
            if on_build:
                on_build(result, errors)
            if max_builds is not None and builds >= max_builds:
                return builds
        polls += 1
        if max_polls is not None and polls >= max_polls:
            return builds
        sleep(interval)


@app.command()
def watch(
    game_dir: Path = typer.Argument(..., help="The game folder to watch (holding game.yaml)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; the game goes in <out>/<game>/."),
    interval: float = typer.Option(0.5, "--interval", min=0.05, help="Seconds between looks at the folder."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4 or letter (default: the game's, else a4)."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short, gutterfold or none."),
    once: bool = typer.Option(False, "--once", help="Build once (incrementally) and stop."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
):
    """Rebuild GAME_DIR on every save: one line per build, or the errors with file:line:col. Ctrl-C stops."""
    from datetime import datetime

    from pnp.build import BuildOptions

    if not (game_dir / "game.yaml").is_file():
        _console(True).print(f"[red]{game_dir}: not a game folder (no game.yaml)[/]")
        raise typer.Exit(2)
    if paper and paper.lower() not in ("a4", "letter"):
        raise typer.BadParameter("--paper must be a4 or letter")
    if duplex and duplex not in ("long", "short", "gutterfold", "none"):
        raise typer.BadParameter("--duplex must be long, short, gutterfold or none")
    options = BuildOptions(paper=paper.lower() if paper else None, duplex=duplex, out=out)
    console = _console()
    failed = []

    def show(result, errors):
        clock = datetime.now().strftime("%H:%M:%S")
        if errors is not None:
            console.print(f"[dim]{clock}[/] [red]✗[/] {game_dir.name}: {len(errors.errors)} error(s)")
            report_errors(errors.errors)
            failed.append(True)
            return
        failed.clear()
        report_warnings(result.warnings, quiet)
        if not quiet:
            console.print(f"[dim]{clock}[/] [green]✓[/] {result.summary()} → {result.out_dir}/")

    if not once and not quiet:
        console.print(f"watching {game_dir}/ every {interval:g} s — Ctrl-C stops")
    try:
        watch_loop(game_dir, options, interval, max_builds=1 if once else None, on_build=show)
    except KeyboardInterrupt:
        if not quiet:
            console.print("stopped")
        return
    if once and failed:
        raise typer.Exit(2)
