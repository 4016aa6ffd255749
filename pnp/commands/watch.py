"""`pnp watch`: rebuild a game on every save, printing one line per build or the located errors.

The folder is polled (sizes and mtimes, no extra dependency); each change runs the one build
pipeline (`pnp.build.build_game`) with a `UnitCache`, so only the units whose inputs changed
are rendered. A save that breaks the game — a spec error, a file half-written or gone, a full
or read-only output folder, even a crash inside pnp — is reported and the loop goes on: the
last good outputs stay as they were, and the next good save builds again.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Optional

import typer

from pnp.cli import EXIT_SPEC, _console, _escape, app, duplex_option, paper_option, report_errors, report_warnings


def snapshot(game_dir: Path, skip: Path | None = None) -> dict[str, tuple[int, int]]:
    """What the poller compares: every game file's (mtime_ns, size), links not followed."""
    from pnp.fingerprint import game_files

    out = {}
    for p in game_files(game_dir, skip):
        try:
            st = os.lstat(p)
        except OSError:  # deleted between listing and stat: the next poll sees it gone
            continue
        out[p.relative_to(game_dir).as_posix()] = (st.st_mtime_ns, st.st_size)
    return out


def watch_loop(game_dir: Path, options, interval: float = 0.5, max_builds: int | None = None,
               on_build: Callable = None, sleep: Callable[[float], None] | None = None,
               max_polls: int | None = None, on_early: Callable | None = None) -> int:
    """Build now, then again whenever the folder changes; returns the number of builds run.

    `max_builds` / `max_polls` end the loop (tests, `--once`); otherwise it runs until Ctrl-C.
    `on_build(result, error)` receives a BuildResult, or the exception of a failed build
    (SpecErrors with located errors, OutputError, or anything else that went wrong).
    `on_early(pnp.build.Early)` receives, during a build, the units rendered before the
    rulebook (`pnp serve` shows them first). Looking at the folder is kept to at most about a
    fifth of the time: a folder that takes long to list is looked at less often than `interval`.
    """
    import time

    from pnp.build import build_game
    from pnp.buildcache import UnitCache

    sleep = sleep or time.sleep
    cache = UnitCache()
    seen = None
    builds = polls = 0
    while True:
        skip = options.out if _inside(options.out, game_dir) else None
        looked = time.monotonic()
        now = snapshot(game_dir, skip)
        looking = time.monotonic() - looked
        if now != seen:
            seen = now
            try:
                result, error = build_game(game_dir, options, cache=cache, early=on_early), None
            except Exception as e:  # noqa: BLE001 — any broken save is reported; watching goes on
                result, error = None, e
            builds += 1
            if on_build:
                on_build(result, error)
            if max_builds is not None and builds >= max_builds:
                return builds
        polls += 1
        if max_polls is not None and polls >= max_polls:
            return builds
        sleep(max(interval, 4 * looking))


def _inside(out: Path, game_dir: Path) -> bool:
    try:
        return Path(out).resolve().is_relative_to(Path(game_dir).resolve())
    except OSError:
        return False


@app.command()
def watch(
    game_dir: Path = typer.Argument(..., help="The game folder to watch (holding game.yaml)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; the game goes in <out>/<game>/."),
    interval: float = typer.Option(0.5, "--interval", min=0.05, max=60.0, help="Seconds between looks at the folder."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4, letter, a3, a5, legal or tabloid (default: the game's, else a4)."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short, gutterfold or none."),
    once: bool = typer.Option(False, "--once", help="Build once (incrementally) and stop."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
):
    """Rebuild GAME_DIR on every save: one line per build, or the errors with file:line:col. Ctrl-C stops."""
    from datetime import datetime

    from pnp.build import BuildOptions
    from pnp.errors import SpecErrors
    from pnp.output import OutputError

    if not (game_dir / "game.yaml").is_file():
        _console(True).print(f"[red]{game_dir}: not a game folder (no game.yaml)[/]")
        raise typer.Exit(EXIT_SPEC)
    options = BuildOptions(paper=paper_option(paper), duplex=duplex_option(duplex), out=out)
    console = _console()
    err = _console(True)
    failed = []

    def show(result, error):
        clock = datetime.now().strftime("%H:%M:%S")
        if error is not None:
            failed.append(True)
            if isinstance(error, SpecErrors):
                console.print(f"[dim]{clock}[/] [red]✗[/] {game_dir.name}: {len(error.errors)} error(s)")
                report_errors(error.errors)
            elif isinstance(error, OutputError):
                console.print(f"[dim]{clock}[/] [red]✗[/] {game_dir.name}: not written")
                err.print(f"[red]{_escape(str(error))}[/]")
            else:
                console.print(f"[dim]{clock}[/] [red]✗[/] {game_dir.name}: pnp failed on this save")
                err.print(f"[red]{_escape(type(error).__name__ + ': ' + str(error))}[/] "
                          "(a bug in pnp: please report it with the file you saved); still watching")
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
        raise typer.Exit(EXIT_SPEC)
