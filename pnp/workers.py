"""Worker processes: how many cores pnp may use, and an ordered map over forked workers.

One place decides whether work is spread over processes: one per usable core, none where
fork is missing, with `PNP_JOBS=1`, inside a process that is already one of several
workers (its siblings keep the other cores busy), or while the process runs other threads
(`pnp serve`'s server, a file watcher): a child forked then holds only the forking
thread, and any lock another thread held (the allocator's, logging's, an import's) stays
locked in it for ever. The work is then done in-process, to the same bytes. Workers are
forked, so they start with everything the parent has loaded (a game, its fonts, reportlab)
and need nothing sent.
"""
from __future__ import annotations

import os
import sys
import threading
from typing import Callable, Iterator

_in_worker = False  # set in every worker process
_task: Callable | None = None  # the function `ordered_map` runs; inherited by its forked workers


def usable_cores() -> int:
    """Cores this process may run on; 1 where work must not be spread (see the module's docstring)."""
    if sys.platform == "win32" or os.environ.get("PNP_JOBS") == "1" or _in_worker or threading.active_count() > 1:
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def mark_worker() -> None:
    """Run first in every worker process: it starts no workers of its own."""
    global _in_worker
    _in_worker = True


def _start_map_worker() -> None:
    """An `ordered_map` worker holds nothing to clean up: SIGTERM (the pool's terminate) ends it at
    once, and Ctrl-C is left to the parent, which stops the pool."""
    import signal

    mark_worker()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def ordered_map(task: Callable[[int], object], count: int, meanwhile: Callable[[], None] | None = None) -> Iterator:
    """`task(0)`, …, `task(count - 1)`, yielded in that order; spread over forked workers when
    there are several tasks and cores, else run here. A task's result must pickle.

    `meanwhile()` is run here once the workers have their tasks (first, when there are no
    workers): work of this process's own that would otherwise wait for them, or they for it."""
    jobs = min(usable_cores(), count)
    if jobs < 2:
        if meanwhile is not None:
            meanwhile()
        yield from (task(i) for i in range(count))
        return
    import multiprocessing

    global _task
    _task = task
    try:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_start_map_worker) as pool:
            results = pool.imap(_run, range(count))  # leaving the block early (an error) terminates the workers
            if meanwhile is not None:
                meanwhile()
            yield from results
    finally:
        _task = None


def _run(index: int):
    return _task(index)
