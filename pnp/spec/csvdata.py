"""CSV rows as cards: each row a card, each column a field; errors located as file:line:col."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import Collector, Pos, SpecErrors, display_path
from pnp.spec.load import read_text

MAX_ROWS = 100_000


@dataclass
class Row:
    id: str | None
    count: int
    fields: dict
    pos: Pos
    cols: dict  # field name → Pos of its cell
    raw: object = None

    def pos_of(self, name: str) -> Pos:
        return self.cols.get(name, self.pos)


def load_rows(game_dir: Path, relative: str, pos: Pos, errors: Collector) -> list[Row]:
    from pnp.spec.safepath import safe_game_path

    try:
        path = safe_game_path(game_dir, relative, pos, what="data file")
        shown = display_path(path)
        text = read_text(path, shown)
    except SpecErrors as e:
        errors.errors.extend(e.errors)
        return []
    return parse_rows(text, shown, errors)


def parse_rows(text: str, shown: str, errors: Collector) -> list[Row]:
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        errors.error(Pos(shown), "CSV file is empty: expected a header row naming the fields")
        return []
    header, header_cols = _cells(lines[0])
    names = [h.strip() for h in header]
    for i, name in enumerate(names):
        if not name:
            errors.error(Pos(shown, 1, header_cols[i]), f"column {i + 1} has no name in the header")
        elif names.index(name) != i:
            errors.error(Pos(shown, 1, header_cols[i]), f"duplicate column '{name}'")
    rows: list[Row] = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if len(rows) >= MAX_ROWS:
            errors.error(Pos(shown, n), f"too many rows (at most {MAX_ROWS})")
            break
        cells, cols = _cells(line)
        if len(cells) != len(names):
            errors.error(Pos(shown, n, cols[min(len(cols), len(names)) - 1] if cols else 1),
                         f"row has {len(cells)} cells but the header names {len(names)} columns")
            continue
        fields, positions = {}, {}
        card_id, count = None, 1
        for name, cell, col in zip(names, cells, cols):
            cpos = Pos(shown, n, col)
            if name == "id":
                card_id = cell.strip() or None
            elif name == "count":
                try:
                    count = int(cell.strip() or 1)
                    if not 0 <= count <= 10_000:
                        raise ValueError
                except ValueError:
                    errors.error(cpos, f"'count' must be a whole number from 0 to 10000, got '{cell}'")
            else:
                fields[name] = cell
                positions[name] = cpos
        rows.append(Row(card_id, count, fields, Pos(shown, n, 1), positions))
    return rows


def _cells(line: str) -> tuple[list[str], list[int]]:
    """The cells of one CSV line and the 1-based column where each starts."""
    cells = next(csv.reader(io.StringIO(line)), [])
    cols, at = [], 0
    for cell in cells:
        cols.append(at + 1)
        # advance past this cell in the raw text (quoted cells may hold commas)
        if at < len(line) and line[at] == '"':
            j = at + 1
            while j < len(line):
                if line[j] == '"' and (j + 1 >= len(line) or line[j + 1] != '"'):
                    break
                j += 2 if line[j] == '"' else 1
            at = j + 2
        else:
            nxt = line.find(",", at)
            at = len(line) + 1 if nxt < 0 else nxt + 1
    return cells, cols
