"""Benchmark: the synthetic deck (`benchmarks/deck.py --table`) at several sizes, each in its own process.

    python benchmarks/scaling.py            # 1,000 / 10,000 / 50,000 cards
    python benchmarks/scaling.py 1000 5000

Every size writes its cards as rows of a CSV table (`deck.py --table`), so that the sizes
compare: a spec file holds at most 5 MB (about 30,000 of these cards in YAML), a table up
to 100,000 rows. `deck.py N` without `--table` measures the YAML deck.

prints one line a size: `cards=N wall_s=X ms_per_card=Y peak_rss_mb=Z child_peak_rss_mb=W`
(the child is the largest forked worker). Memory should stay flat as N grows: the table is
read one row at a time, past the first 1,000 cards a card is kept as its row's text and made
again when its sheet is drawn (`pnp/kinds/deck/cards.py`), pages are compressed as they are
finished, and the documents are written in chunks, joined as they arrive into files on disk.
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from bytecode import ensure_compiled  # beside this file

DECK = Path(__file__).resolve().parent / "deck.py"


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1_000, 10_000, 50_000]
    ensure_compiled()
    for n in sizes:
        start = time.perf_counter()
        run = subprocess.run([sys.executable, str(DECK), "--table", str(n)], capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        fields = dict(part.split("=") for part in run.stdout.split())
        print(f"cards={n} wall_s={wall:.2f} ms_per_card={1000 * wall / n:.3f} peak_rss_mb={fields['peak_rss_mb']} "
              f"child_peak_rss_mb={fields.get('child_peak_rss_mb', '0')}", flush=True)


if __name__ == "__main__":
    main()
