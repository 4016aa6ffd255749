"""Build several games at once, one worker process per core, reported in the order given.

Each game is built whole in one process (`pnp.build.build_game`: render in memory, then
publish under the --out lock), so its bytes do not depend on which process built it or
when; publishing from several processes is safe because `pnp.output` serialises it with
an exclusive `flock`. Outcomes come back as plain data and are yielded game by game in
the caller's order, so errors and warnings print exactly as a serial build prints them.

SIGTERM: the parent raises `Terminated` (see `sigterm_stops`) while it waits; before the
exception leaves, every worker gets SIGTERM too and is waited for, so each removes its
own staging folder and no output is left half-written. Workers are forked, so they start
with the parent's imports and its SIGTERM handler.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

Outcome = tuple  # ("ok", BuildResult) | ("errors", [SpecError]) | ("output", message)


def build_one(game_dir: Path, options, progress=None) -> Outcome:
    """One game's build as plain data: its result, its located errors, or an output error's message."""
    from pnp.build import build_game
    from pnp.errors import SpecErrors
    from pnp.output import OutputError

    try:
        return ("ok", build_game(game_dir, options, progress=progress))
    except SpecErrors as e:
        return ("errors", list(e.errors))
    except OutputError as e:
        return ("output", str(e))


def _quick_look(game_dir: Path, options) -> Outcome | None:
    """The outcome of a game that is up to date (nothing to build), else None."""
    from pnp.build import up_to_date
    from pnp.errors import SpecErrors
    from pnp.output import OutputError

    try:
        result = up_to_date(game_dir, options)
    except (SpecErrors, OutputError, OSError):
        return None  # let the build itself meet the problem and report it in order
    return ("ok", result) if result is not None else None


def workers_for(n_games: int) -> int:
    """How many processes: one per usable core (`pnp.workers.usable_cores`), no more than there are games."""
    from pnp.workers import usable_cores

    return max(1, min(usable_cores(), n_games)) if n_games >= 2 else 1


def build_games(game_dirs: list[Path], options, quiet: bool) -> Iterator[tuple[Path, Outcome]]:
    """(game folder, outcome) for every game, in the order given."""
    jobs = workers_for(len(game_dirs))
    if jobs == 1:
        from pnp.progress import progress_bar

        for game_dir in game_dirs:
            with progress_bar(f"building {game_dir.name}", quiet=quiet) as bar:
                outcome = build_one(game_dir, options, bar.step)
            yield game_dir, outcome
        return
    done = {i: _quick_look(game_dir, options) for i, game_dir in enumerate(game_dirs)}
    todo = [i for i, outcome in done.items() if outcome is None]
    if len(todo) < 2:  # nothing or one game to build: no workers to start
        for i, game_dir in enumerate(game_dirs):
            yield game_dir, done[i] or build_one(game_dir, options)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _warm()
    from pnp.workers import mark_worker

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=multiprocessing.get_context("fork"),
                               initializer=mark_worker)
    try:
        # the longest first, so that it does not start last and leave the other cores idle at the end
        futures = {i: pool.submit(build_one, game_dirs[i], options)
                   for i in sorted(todo, key=lambda i: -_expected_work(game_dirs[i]))}
        for i, game_dir in enumerate(game_dirs):
            yield game_dir, done[i] or futures[i].result()
    except BaseException:
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _expected_work(game_dir: Path) -> int:
    """A guess at how long a game takes to build, to start the longest first: the size of its
    specs, tables and rules (laying out text and drawing the pieces the specs list is the work;
    a picture's size says little)."""
    total = 0
    for folder, _, names in os.walk(game_dir):
        for name in names:
            if name.endswith((".yaml", ".yml", ".md", ".csv")):
                try:
                    total += os.stat(os.path.join(folder, name)).st_size
                except OSError:
                    pass
    return total


def _warm() -> None:
    """Load once, before forking, what every worker needs (the game models, the kinds, the
    rulebook compiler, reportlab and the built-in fonts' metrics): each worker starts with
    them instead of loading them again for its game."""
    import importlib

    from pnp.draw import fonts
    from pnp.kinds import kind_module, kind_names

    for module in ("pnp.game", "pnp.rulebook.build", "pnp.draw.pdf", "reportlab.platypus"):
        try:
            importlib.import_module(module)
        except ImportError:
            pass
    for name in kind_names():
        try:
            kind_module(name)
        except Exception:  # a broken plugin is reported where the game that uses it is built
            pass
    fonts.register_all()


def _stop_workers(pool) -> None:
    """Pass the stop on: SIGTERM to every worker still running (each cleans up its staging folder and
    hands its game back as failed), then tell the pool to take no more work, so each worker exits."""
    import signal

    processes = list((getattr(pool, "_processes", None) or {}).values())
    for p in processes:
        if p.is_alive():
            try:
                os.kill(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    pool.shutdown(wait=False, cancel_futures=True)  # a worker that has cleaned up takes no new game and exits
    for p in processes:
        p.join(timeout=30)
