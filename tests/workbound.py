"""Bounds on counted work for the tests that guard against unbounded work, never on the wall clock.

A busy machine gives the code under test less of the processor, not more to do: the wall
clock then grows with the load, while the work done stays what it is alone. So a test
that must fail when some work becomes unbounded measures the work itself:

- `calls_within(limit, fn)`: the Python function calls `fn` makes (the interpreter's own
  count, through `sys.setprofile`); past `limit` the call is stopped with `TooMuchWork`,
  so a regression fails at once instead of running for minutes;
- `cpu_seconds()`: the processor time of this process and the children it waited for;
- `run_pnp(args, cpu)`: `pnp ARGS` in a child process whose processor time is capped by
  the kernel (`RLIMIT_CPU`) and reported; a child that sleeps or blocks is stopped by a
  hang guard of `HANG_GUARD` seconds, far above any real run.

Limits are generous (several times what the work takes alone) and far below what the
unbounded work took; each test's docstring says both. Speed itself is measured in
`benchmarks/`, never asserted.
"""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass

HANG_GUARD = 300  # seconds of wall clock after which a child counts as hung (a blocked read, a lost signal)


class TooMuchWork(AssertionError):
    """The code under test made more calls than its bound."""


def calls_within(limit: int, fn, *args, **kwargs):
    """`fn(*args, **kwargs)`, failing with `TooMuchWork` once it has made more than `limit` Python calls
    (functions written in Python or in C, each call counted once). Returns (what fn returned, calls made)."""
    made = 0

    def count(frame, event, arg):
        nonlocal made
        if event == "call" or event == "c_call":
            made += 1
            if made > limit:
                raise TooMuchWork(f"more than {limit:,} calls")

    sys.setprofile(count)
    try:
        result = fn(*args, **kwargs)
    finally:
        sys.setprofile(None)
    return result, made


def _cpu_now() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@dataclass
class Spent:
    seconds: float = 0.0


@contextmanager
def cpu_seconds():
    """Processor seconds spent inside the block, by this process and the children it waited for."""
    spent = Spent()
    start = _cpu_now()
    try:
        yield spent
    finally:
        spent.seconds = _cpu_now() - start


@dataclass
class Child:
    code: int
    output: str
    cpu: float  # processor seconds of the child and of the workers it waited for


def run_child(command: list[str], cpu: float, memory: int | None = None, env: dict | None = None,
              cwd=None) -> Child:
    """Run `command` with at most `cpu` processor seconds (the kernel stops it past that: SIGXCPU, then
    SIGKILL) and `memory` bytes of address space; stdout and stderr together; a hang stopped after
    HANG_GUARD seconds."""
    limit = max(1, int(cpu + 1))

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 2))
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd,
                                preexec_fn=limits)
        guard = time.monotonic() + HANG_GUARD
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > guard:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        output = out.read().decode("utf-8", "replace")
    if proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        output += f"\n[stopped by the test: more than {limit} processor seconds, or hung for {HANG_GUARD} s]\n"
    return Child(proc.returncode, output, usage.ru_utime + usage.ru_stime)


def run_pnp(*args, cpu: float, memory: int | None = None, env: dict | None = None) -> Child:
    """`pnp ARGS` in a child process, its processor time capped at `cpu` seconds (see `run_child`)."""
    return run_child([sys.executable, "-m", "pnp", *map(str, args)], cpu, memory,
                     env={**os.environ, "COLUMNS": "250", **(env or {})})
