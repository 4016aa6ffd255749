"""A progress bar for long work that stays out of the way of short work, pipes and `--quiet`.

`progress_bar()` shows a rich bar on stderr only when stderr is a terminal, the
caller is not quiet, and the work is still running after `delay` seconds (a
timer starts the display), so quick builds print nothing extra and logs stay clean.

    with progress_bar("my-game", total=None, quiet=quiet) as bar:
        build_game(game_dir, options, progress=bar.step)   # step(label): one unit done
"""
from __future__ import annotations

import sys
import threading
from contextlib import contextmanager
from typing import Iterator


class Bar:
    """What the work sees: `step(label=None)` after each unit, `advance(n)`, `total` may be set late."""

    def __init__(self, progress, task):
        self._progress = progress
        self._task = task

    def step(self, label: str | None = None) -> None:
        if self._progress is None:
            return
        if label is not None:
            self._progress.update(self._task, description=str(label))
        self._progress.advance(self._task, 1)

    def advance(self, n: float = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def set_total(self, total: float | None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, total=total)


def wanted(quiet: bool, stream=None) -> bool:
    stream = stream if stream is not None else sys.stderr
    return not quiet and hasattr(stream, "isatty") and stream.isatty()


@contextmanager
def progress_bar(description: str, total: float | None = None, quiet: bool = False,
                 delay: float = 1.0, stream=None) -> Iterator[Bar]:
    """Yield a Bar; draw it (transiently, on stderr) only if wanted and the work outlasts `delay`."""
    if not wanted(quiet, stream):
        yield Bar(None, None)
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=stream if stream is not None else sys.stderr)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=console, transient=True)
    task = progress.add_task(description, total=total)
    timer = threading.Timer(delay, progress.start)
    timer.daemon = True
    timer.start()
    try:
        yield Bar(progress, task)
    finally:
        timer.cancel()
        timer.join()
        progress.stop()
