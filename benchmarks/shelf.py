"""Benchmark: `pnp build --force` of the four bundled games, as a user runs it.

    python benchmarks/shelf.py

prints `shelf wall_s=X peak_rss_mb=Y workers_peak_rss_mb=Z` — wall seconds of the whole `pnp`
process, and peak resident memory of that process and (separately) of the largest of its
worker processes (`getrusage(RUSAGE_CHILDREN)` gives the largest child, not a sum). Targets
(issue 20): under 3 s and 150 MB on two cores.
"""
from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time

from bytecode import ensure_compiled  # beside this file


def main() -> None:
    ensure_compiled()
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        # the child runs pnp; its own children (the workers) are measured by the grandchild's rusage
        code = ("import resource, sys\n"
                "from pnp.cli import run as main  # main() would leave before the rusage is read\n"
                "try:\n    main()\n"
                "except SystemExit as e:\n    code = e.code\n"
                "else:\n    code = 0\n"
                "me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                "kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
                "print(f'{me} {kids}', file=sys.stderr)\n"
                "sys.exit(code)\n")
        run = subprocess.run([sys.executable, "-c", code, "build", "--force", "-q", "--out", out],
                             cwd=out, capture_output=True, text=True)
        wall = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(run.stderr)
    me, kids = (int(v) / 1024 for v in run.stderr.strip().splitlines()[-1].split())
    print(f"shelf wall_s={wall:.2f} peak_rss_mb={me:.1f} workers_peak_rss_mb={kids:.1f}")


if __name__ == "__main__":
    main()
