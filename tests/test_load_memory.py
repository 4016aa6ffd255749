"""Loading a deck holds a bounded amount of memory a card, in YAML and as a table.

A deck is loaded whole before anything is drawn, and the forked workers start from what the
load holds; so memory a card is what decides whether 50,000 cards fit. Measured with
tracemalloc (the bytes Python allocates, the same on every run), as the difference between a
deck of 1,100 cards and one of 100, so that imports and caches filled once do not count. The
bounds sit well above the measured figures (docs/performance.md) and well below the figures
before positions were packed and cards checked one at a time.
"""
from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from pnp.game import load_game

HEAD = """\
kind: deck
name: bench
size: poker
layout: front
fields:
  title: {type: text}
  body: {type: text}
  a: {type: int}
  color: {type: text}
layouts:
  front:
    boxes:
      title: {text: "{{ title }}", x: 4mm, y: 4mm, width: 55mm, height: 10mm}
      body: {text: "{{ body }}", x: 5mm, y: 38mm, width: 53mm, height: 22mm, size: 8pt}
      a: {type: shape, shape: circle, x: 6mm, y: 66mm, width: 12mm, height: 12mm, text: "{{ a }}", fill: "{{ color }}"}
  back:
    boxes:
      name: {text: BACK, x: 5mm, y: 66mm, width: 53mm, height: 10mm}
back:
  layout: back
"""
COLORS = ["#c62828", "#1565c0", "#2e7d32"]
# bytes a card: measured about 2,000 (YAML) and 1,050 (table) kept, 1,200 and 450 more at the peak;
# before, 3,700 and 2,200 kept, 4,200 and 1,400 at the peak
KEPT = {"yaml": 2_800, "table": 1_600}
PEAK = {"yaml": 2_800, "table": 1_000}
# past the first KEEP_RESOLVED cards, a table card kept as its row's place in the file: measured 24 bytes kept
# (four numbers, and array growth; 134 when the row's text was kept) and 60 at the peak (mostly the file's text,
# read whole, and the ids, held until the deck is loaded)
ROW_KEPT, ROW_PEAK = 50, 150


def _game(folder: Path, n: int, form: str) -> Path:
    folder.mkdir()
    (folder / "game.yaml").write_text("title: Memory\nplayers: 1\ncomponents: [cards.yaml]\n")
    if form == "table":
        rows = ["id,title,body,a,color"]
        rows += [f'c{i},Card {i},"Line one of card {i}.\nLine two.",{i % 10},{COLORS[i % 3]}' for i in range(n)]
        (folder / "cards.csv").write_text("\n".join(rows) + "\n")
        (folder / "cards.yaml").write_text(HEAD + "data: cards.csv\n")
    else:
        cards = [f'  - {{id: c{i}, fields: {{title: "Card {i}", body: "Line one of card {i}.\\nLine two.", '
                 f'a: {i % 10}, color: "{COLORS[i % 3]}"}}}}' for i in range(n)]
        (folder / "cards.yaml").write_text(HEAD + "cards:\n" + "\n".join(cards) + "\n")
    return folder


def _measured(game: Path) -> tuple[int, int]:
    """Bytes allocated and still held after loading `game`, and the most held at once while loading."""
    gc.collect()
    tracemalloc.start()
    try:
        ctx = load_game(game)
        gc.collect()
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ctx.components[0].model.total > 0
    return kept, peak


@pytest.mark.parametrize("form", ["yaml", "table"])
def test_a_loaded_card_holds_little_memory(tmp_path, form):
    small, large = _game(tmp_path / "small", 100, form), _game(tmp_path / "large", 1_100, form)
    load_game(small)  # imports and caches filled once
    small_kept, small_peak = _measured(small)
    large_kept, large_peak = _measured(large)
    kept, peak = (large_kept - small_kept) / 1_000, (large_peak - small_peak) / 1_000
    assert kept < KEPT[form], f"{kept:.0f} bytes a card kept after loading"
    assert peak < PEAK[form], f"{peak:.0f} bytes a card at the peak of loading"


def test_a_large_tables_cards_past_the_first_are_kept_as_their_rows(tmp_path, monkeypatch):
    """Past `KEEP_RESOLVED` cards, a CSV row's card is kept as where its row is in the file, to be read
    again: tens of bytes a card. The table is read one row at a time, so the peak of loading holds
    the file's text and no more."""
    from pnp.kinds.deck import cards as deckcards

    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 0)
    small, large = _game(tmp_path / "small", 100, "table"), _game(tmp_path / "large", 2_100, "table")
    load_game(small)
    small_kept, small_peak = _measured(small)
    large_kept, large_peak = _measured(large)
    kept, peak = (large_kept - small_kept) / 2_000, (large_peak - small_peak) / 2_000
    assert kept < ROW_KEPT, f"{kept:.0f} bytes a card kept after loading"
    assert peak < ROW_PEAK, f"{peak:.0f} bytes a card at the peak of loading"
