"""Render one output in a forked child process while the parent renders another.

A deck's sheets and its print-shop file draw the same faces into two independent
documents; on a machine with a second core the child draws one of them at the same
time. The child starts as a copy of the parent (the loaded game, fonts, caches), so it
draws exactly what the parent would: the bytes do not depend on where they were made.
It returns only bytes through a pipe and writes nothing; if it fails in any way the
parent draws the output itself, so errors are found and reported as in a serial build.
If the parent is stopped (SIGTERM, Ctrl-C) while the child runs, the child is killed.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Callable, Iterator


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def usable(enabled: bool = True) -> bool:
    """Whether forking can help: asked for, a fork on this platform, more than one core, not turned off."""
    return (enabled and hasattr(os, "fork") and sys.platform != "win32" and cores() > 1
            and os.environ.get("PNP_JOBS") != "1")


class Job:
    """`result()`: the bytes `make()` returned, from the child when there is one, else made here."""

    def __init__(self, make: Callable[[], bytes], enabled: bool):
        self._make = make
        self._pid = None
        self._read = None
        if usable(enabled):
            self._start()

    def _start(self) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: make the bytes, send them, leave without running any cleanup of the parent's
            code = 1
            try:
                os.close(read)
                data = self._make()
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(data)
                code = 0
            except BaseException:
                pass
            finally:
                os._exit(code)
        os.close(write)
        self._pid, self._read = pid, read

    def result(self) -> bytes:
        if self._pid is None:
            return self._make()
        chunks = []
        with os.fdopen(self._read, "rb") as pipe:
            self._read = None
            while chunk := pipe.read(1 << 20):
                chunks.append(chunk)
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if os.waitstatus_to_exitcode(status) != 0:
            return self._make()  # the child failed: make it here, where its errors are reported
        return b"".join(chunks)

    def stop(self) -> None:
        """Kill a child still running and reap it (the parent is leaving without its result)."""
        import signal

        if self._read is not None:
            os.close(self._read)
            self._read = None
        if self._pid is not None:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self._pid, 0)
            self._pid = None


@contextmanager
def in_child(make: Callable[[], bytes], enabled: bool = True) -> Iterator[Job]:
    """Start `make` in a child now (when `usable`); inside the block, `job.result()` collects its bytes."""
    job = Job(make, enabled)
    try:
        yield job
    finally:
        job.stop()
