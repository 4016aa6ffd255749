"""Benchmark: pnp against a hand-written reportlab script writing the same outputs, whole processes
(`pnp build --force` of the deck `deck.py` writes).

    python benchmarks/compare.py [N] [ROUNDS]      # default 2700 cards, 5 rounds

The reference script (sheets with crop marks and mirrored backs, a 1-up print-shop file
with TrimBox/BleedBox, an embedded TrueType font, repeated art as form XObjects) is
`reportlab_deck.py`, looked for in $PNP_REPORTLAB_BENCH, else /work/shared/bench/. Runs
alternate (pnp, script, pnp, script, …) so that a shared machine's load falls on both;
prints each run, then one line: the medians and their ratio (pnp / script; 1.0 = as fast).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import ensure_compiled  # beside this file

DECK = Path(__file__).resolve().parent / "deck.py"


def timed(cmd: list[str], env: dict | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2700
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    script = Path(os.environ.get("PNP_REPORTLAB_BENCH", "/work/shared/bench")) / "reportlab_deck.py"
    if not script.is_file():
        sys.exit(f"no reference script at {script} (set PNP_REPORTLAB_BENCH to its folder)")
    ensure_compiled()
    env = dict(os.environ, PRINTSHOP="1", EMBED="1")
    sys.path.insert(0, str(DECK.parent))
    from deck import write_deck

    pnp, ref = [], []
    with tempfile.TemporaryDirectory() as out:
        game = write_deck(Path(out), n)  # the deck of `deck.py`, built by the `pnp` command itself
        command = [sys.executable, "-m", "pnp", "build", str(game), "--force", "-q", "--out", str(Path(out) / "pnp")]
        for i in range(rounds):
            pnp.append(timed(command))
            ref.append(timed([sys.executable, str(script), str(n), out], env))
            print(f"round {i + 1}: pnp {pnp[-1]:.2f} s, reportlab {ref[-1]:.2f} s", flush=True)
    a, b = statistics.median(pnp), statistics.median(ref)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cards={n} pnp_s={a:.2f} reportlab_s={b:.2f} ratio={a / b:.2f} cores={os.cpu_count()} load={load:.1f}")


if __name__ == "__main__":
    main()
