"""Benchmark: a synthetic deck of N double-sided poker cards, YAML → PDF, the way a user builds.

    python benchmarks/deck.py 2700
    python benchmarks/deck.py --table 50000   # the cards as rows of a CSV table (`data:`)

The cards are written in the deck's YAML, or with `--table` as rows of `cards.csv` (a spec
file holds at most 5 MB, about 30,000 of these cards; a table holds up to 100,000 rows).
Either way prints `cards=N ms_per_card=X peak_rss_mb=Y child_peak_rss_mb=Z` (Z: the largest
forked worker). Each card has a coloured frame, a title,
three body lines, three numbers in circles and an icon; sheets carry crop marks and
mirrored backs. Targets: at most 1 ms a card at N = 2,700 and peak RSS (of pnp and of each
worker) under 100 MB at N = 10,000 (YAML too), not growing with N.
"""
from __future__ import annotations

import csv
import io
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bytecode import ensure_compiled  # noqa: E402  (beside this file)

COLORS = ["#c62828", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00"]
DECK_HEAD = """\
kind: deck
name: bench
size: poker
layout: front
fields:
  title: {type: text}
  body: {type: text}
  a: {type: int}
  b: {type: int}
  c: {type: int}
  color: {type: text}
layouts:
  front:
    background: white
    boxes:
      frame: {type: shape, shape: rounded, x: 2mm, y: 2mm, width: 59mm, height: 84mm, stroke: black, stroke_width: 1.5pt, radius: 3mm}
      band: {type: shape, shape: rect, x: 2mm, y: 2mm, width: 59mm, height: 12mm, fill: "{{ color }}"}
      title: {text: "{{ title }}", x: 4mm, y: 3mm, width: 55mm, height: 10mm, font: sans-bold, size: 12pt, align: center, valign: middle}
      icon: {type: image, src: "icon:star", x: 24mm, y: 18mm, width: 15mm, height: 15mm}
      body: {text: "{{ body }}", x: 5mm, y: 38mm, width: 53mm, height: 22mm, size: 8pt}
      c1: {type: shape, shape: circle, x: 6mm, y: 66mm, width: 12mm, height: 12mm, stroke: black, text: "{{ a }}", font: sans-bold, size: 12pt, align: center, valign: middle}
      c2: {type: shape, shape: circle, x: 25.5mm, y: 66mm, width: 12mm, height: 12mm, stroke: black, text: "{{ b }}", font: sans-bold, size: 12pt, align: center, valign: middle}
      c3: {type: shape, shape: circle, x: 45mm, y: 66mm, width: 12mm, height: 12mm, stroke: black, text: "{{ c }}", font: sans-bold, size: 12pt, align: center, valign: middle}
  back:
    background: "#263238"
    boxes:
      logo: {type: image, src: "icon:star", x: 16.5mm, y: 29mm, width: 30mm, height: 30mm, color: white}
      name: {text: BENCH, x: 5mm, y: 66mm, width: 53mm, height: 10mm, font: condensed, size: 14pt, align: center, color: white}
back:
  layout: back
cards:
"""


def write_deck(folder: Path, n: int, table: bool = False) -> Path:
    game = folder / "bench"
    game.mkdir()
    (game / "game.yaml").write_text("title: Benchmark\nplayers: 1\ncomponents: [cards.yaml]\n")
    if table:
        (game / "cards.yaml").write_text(DECK_HEAD.replace("cards:\n", "data: cards.csv\n"))
        (game / "cards.csv").write_text(_table(n))
        return game
    lines = [DECK_HEAD]
    for i in range(n):
        body = f"Line one of card {i}.\\nLine two says {i * 7 % 100}.\\nLine three ends it."
        lines.append(f'  - {{id: c{i}, fields: {{title: "Card {i}", body: "{body}", a: {i % 10}, '
                     f'b: {(i * 3) % 10}, c: {(i * 7) % 10}, color: "{COLORS[i % 5]}"}}}}\n')
    (game / "cards.yaml").write_text("".join(lines))
    return game


def _table(n: int) -> str:
    """The same cards as CSV rows: one column a field, a quoted cell holding the body's line breaks."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "title", "body", "a", "b", "c", "color"])
    for i in range(n):
        body = f"Line one of card {i}.\nLine two says {i * 7 % 100}.\nLine three ends it."
        writer.writerow([f"c{i}", f"Card {i}", body, i % 10, (i * 3) % 10, (i * 7) % 10, COLORS[i % 5]])
    return out.getvalue()


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--table"]
    table = "--table" in sys.argv[1:]
    n = int(args[0]) if args else 540
    ensure_compiled()
    from pnp.build import BuildOptions, build_game

    with tempfile.TemporaryDirectory() as tmp:
        game = write_deck(Path(tmp), n, table)
        options = BuildOptions(out=Path(tmp) / "out", force=True)
        start = time.perf_counter()
        result = build_game(game, options)
        elapsed = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest chunk worker
    assert not result.warnings, result.warnings[:3]
    print(f"cards={n} ms_per_card={elapsed * 1000 / n:.3f} peak_rss_mb={peak_mb:.1f} child_peak_rss_mb={child_mb:.1f}")


if __name__ == "__main__":
    main()
