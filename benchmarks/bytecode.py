"""Benchmarks time pnp as a user runs it: from compiled modules.

pip compiles an installed package's modules at install time, and Python writes the compiled
files of a checkout on its first run. A machine that sets PYTHONDONTWRITEBYTECODE (as some
CI images do) never does the latter, and then every pnp process compiles pnp from source
(about 0.3 s) while the scripts it is compared with import compiled libraries. So each
benchmark compiles pnp once before it times anything; compileall writes the files whatever
that variable says.
"""
from __future__ import annotations

import compileall
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pnp"


def ensure_compiled() -> None:
    compileall.compile_dir(str(PACKAGE), quiet=1)
