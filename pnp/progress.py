"""A progress bar for long work that stays out of the way of short work, pipes and `--quiet`.

`progress_bar()` shows a rich bar on stderr only when stderr is a terminal, the caller is
not quiet, and the work is still running `delay` seconds after it began, so quick builds
print nothing extra and logs stay clean.

The bar runs no thread of its own: it is drawn when the work reports a step (at most ten
times a second), or when long work inside one step says it is still going (`heartbeat()`:
a deck's sheets arriving chunk by chunk), so its clock moves. A timer or refresh thread
would keep the build on one core, since no worker process is forked while another thread
runs (`pnp.workers`).

    with progress_bar("my-game", total=None, quiet=quiet) as bar:
        build_game(game_dir, options, progress=bar.step)   # step(label): one unit done
"""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import Iterator

REFRESH_EVERY = 0.1  # seconds between two drawings of the bar
_running: list["Bar"] = []  # the bars of the work running in this process, innermost last


class Bar:
    """What the work sees: `step(label=None)` after each unit, `advance(n)`, `total` may be set late.

    Without a `progress` (off a terminal, or quiet) every call does nothing."""

    def __init__(self, progress=None, task=None, delay: float = 0.0, clock=time.monotonic):
        self._progress = progress
        self._task = task
        self._clock = clock
        self._show_from = clock() + delay
        self._shown = False
        self._drawn_at = float("-inf")
        self.pid = os.getpid()

    @property
    def shown(self) -> bool:
        return self._shown

    def step(self, label: str | None = None) -> None:
        if self._progress is None:
            return
        if label is not None:
            self._progress.update(self._task, description=str(label))
        self._progress.advance(self._task, 1)
        self._draw()

    def advance(self, n: float = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)
            self._draw()

    def set_total(self, total: float | None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, total=total)
            self._draw()

    def tick(self) -> None:
        """Nothing new is done, but the work goes on: the bar may be drawn (and its clock moves)."""
        if self._progress is not None:
            self._draw()

    def _draw(self) -> None:
        now = self._clock()
        if now < self._show_from or now - self._drawn_at < REFRESH_EVERY:
            return
        if not self._shown:
            self._progress.start()  # auto_refresh is off: this starts no thread
            self._shown = True
        self._progress.refresh()
        self._drawn_at = now

    def close(self) -> None:
        if self._shown:
            self._progress.stop()


def heartbeat() -> None:
    """Long work inside one step of the innermost bar says it is still going. Only the process
    that opened the bar draws it: a forked worker inherits the bar but not the terminal's turn."""
    if _running and _running[-1].pid == os.getpid():
        _running[-1].tick()


def wanted(quiet: bool, stream=None) -> bool:
    stream = stream if stream is not None else sys.stderr
    return not quiet and hasattr(stream, "isatty") and stream.isatty()


@contextmanager
def progress_bar(description: str, total: float | None = None, quiet: bool = False,
                 delay: float = 1.0, stream=None) -> Iterator[Bar]:
    """Yield a Bar; draw it (transiently, on stderr) only if wanted and the work outlasts `delay`."""
    if not wanted(quiet, stream):
        yield Bar()
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=stream if stream is not None else sys.stderr)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=console, transient=True, auto_refresh=False)
    bar = Bar(progress, progress.add_task(description, total=total), delay=delay)
    _running.append(bar)
    try:
        yield bar
    finally:
        _running.remove(bar)
        bar.close()
