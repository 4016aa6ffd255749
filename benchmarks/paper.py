"""Benchmark: the paper each bundled game's sheets take, on A4 and on Letter, against the least possible.

    python benchmarks/paper.py            # prints the table
    python benchmarks/paper.py --write    # and writes it to benchmarks/paper.md

For every file of sheets (`cards.pdf`) the figure the build summary prints: sheets of paper used (a
duplex sheet counts once) and the least any guillotine arrangement of the pieces on that paper could
use (`pnp.geometry.impose.least_sheets`). Counts, not times: the same on any machine.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from pnp.build import BuildOptions, build_game
from pnp.paths import EXAMPLES

GAMES = ("blob", "blorg", "cave", "miskatonic")
PAPERS = ("a4", "letter")


def figures() -> list[tuple[str, str, str]]:
    rows = []
    with tempfile.TemporaryDirectory() as out:
        for name in GAMES:
            for paper in PAPERS:
                result = build_game(EXAMPLES / name, BuildOptions(paper=paper, out=Path(out) / paper, force=True))
                for line in result.paper or ["(no file of sheets)"]:
                    rows.append((name, paper, line))
    return rows


def table(rows) -> str:
    lines = ["# Paper used by the bundled games", "",
             "Made by `python benchmarks/paper.py --write`: each file of sheets, the sheets of paper it takes "
             "(a duplex sheet counts once) and the least any arrangement of its pieces on that paper could take.",
             "", "| game | paper | sheets |", "| --- | --- | --- |"]
    lines += [f"| {name} | {paper} | {line} |" for name, paper, line in rows]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    text = table(figures())
    print(text)
    if "--write" in sys.argv:
        (Path(__file__).parent / "paper.md").write_text(text, encoding="utf-8")
