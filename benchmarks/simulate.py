"""Benchmark: how long each rule family's simulator takes for N games of its bundled game.

    python benchmarks/simulate.py 10000

prints one line per family: `family=cave games=10000 seconds=S games_per_second=G`. The
referee's promise is 10,000 games in under a minute on a two-core machine; this measures it
(tests only check what the games show, never how fast they run).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(games: int) -> None:
    from pnp.game import load_game
    from pnp.paths import EXAMPLES
    from pnp.referee.family import family_of

    for name in ("blob", "blorg", "cave", "miskatonic"):
        game = load_game(EXAMPLES / name)
        family, _ = family_of(game)
        started = time.perf_counter()
        family.referee_simulate(game, games, seed=1)
        seconds = time.perf_counter() - started
        print(f"family={name} games={games} seconds={seconds:.2f} games_per_second={games / seconds:.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
