"""No test limits the wall clock below 30 s: the suite must pass on a slow or busy machine.

Work that must stay bounded is counted (`workbound.py`: Python calls, processor seconds);
a wait for something to happen (a process to stop, a page to change) is a hang guard of
30 s or more. Speed is measured in `benchmarks/`, never asserted. This reads every test
module and fails on a stopwatch (`perf_counter`, `time.time`) or a `timeout=` below 30 s.
"""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
SHORTEST_GUARD = 30


def _clock_limits(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in ("perf_counter", "perf_counter_ns") or (
                isinstance(node, ast.Attribute) and node.attr == "time" and isinstance(node.value, ast.Name)
                and node.value.id == "time"):
            found.append(f"line {node.lineno}: a stopwatch (time.{node.attr})")
        if isinstance(node, ast.keyword) and node.arg == "timeout" and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, (int, float)) and node.value.value < SHORTEST_GUARD:
            found.append(f"line {node.lineno}: timeout={node.value.value} (below {SHORTEST_GUARD} s)")
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Lt, ast.LtE)) \
                and isinstance(node.comparators[0], ast.Constant) and isinstance(node.comparators[0].value, (int, float)) \
                and node.comparators[0].value < SHORTEST_GUARD and "seconds" in ast.unparse(node.left):
            found.append(f"line {node.lineno}: {ast.unparse(node)} (a time limit below {SHORTEST_GUARD} s)")
    return sorted(found, key=lambda f: int(f.split(':')[0].split()[1]))


def test_no_test_limits_the_wall_clock_below_thirty_seconds():
    found = {path.name: problems for path in sorted(TESTS.rglob("*.py"))
             if path.name != Path(__file__).name and (problems := _clock_limits(path.read_text(encoding="utf-8")))}
    assert found == {}, found


def test_the_check_finds_a_stopwatch_and_a_short_timeout():
    source = ("import time, subprocess\nstart = time.perf_counter()\nsubprocess.run(['true'], timeout=10)\n"
              "assert time.time() - start < 2\nsubprocess.run(['true'], timeout=60)\n"
              "assert spent.seconds < 10\nassert spent.seconds < 60\n")
    assert _clock_limits(source) == ["line 2: a stopwatch (time.perf_counter)", "line 3: timeout=10 (below 30 s)",
                                     "line 4: a stopwatch (time.time)",
                                     "line 6: spent.seconds < 10 (a time limit below 30 s)"]
