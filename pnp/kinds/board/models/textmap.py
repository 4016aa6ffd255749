"""A board's text map: its rows and the file position of every character, so each error points at it."""
from __future__ import annotations

from pathlib import Path

from pnp.errors import Pos
from pnp.reading.load import LDict, locate, value_pos


def map_rows(path: Path, raw: LDict, value) -> tuple[list[str], list[list[Pos]]]:
    """The map's rows and the file position of every character in them."""
    where = locate(raw, ["map"])
    if isinstance(value, list):
        items = raw["map"]
        out_pos = []
        for i, row in enumerate(value):
            p = value_pos(items, i, where)
            quoted = _text_at(path, p)[:1] in ("'", '"')
            out_pos.append([Pos(p.path, p.line, p.col + c + (1 if quoted else 0)) for c in range(len(row))])
        return list(value), out_pos
    rows = value.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    lines = _file_lines(path)
    out_pos = []
    # a block scalar (`map: |`): its rows are the file lines after the indicator, at a common indent
    block = lines is not None and _text_at(path, where)[:1] in ("|", ">")
    indent = None
    for i, row in enumerate(rows):
        line_no = where.line + 1 + i
        if block and line_no <= len(lines):
            text = lines[line_no - 1]
            if indent is None and row:
                indent = text.find(row) if text.find(row) >= 0 else 0
            col0 = (indent or 0) + 1
            if text[col0 - 1:col0 - 1 + len(row)] == row:
                out_pos.append([Pos(where.path, line_no, col0 + c) for c in range(len(row))])
                continue
        out_pos.append([where] * len(row))
    return rows, out_pos


def after(positions: list[Pos], default: Pos) -> Pos:
    if not positions:
        return default
    last = positions[-1]
    return Pos(last.path, last.line, last.col + 1)


def _file_lines(path: Path) -> list[str] | None:
    try:
        return Path(path).read_text(encoding="utf-8").lstrip("\ufeff").split("\n")
    except OSError:
        return None


def _text_at(path: Path, pos: Pos) -> str:
    lines = _file_lines(path)
    if not lines or pos.line > len(lines):
        return ""
    return lines[pos.line - 1][pos.col - 1:]
