"""CSV files as tables (RFC 4180): a line break inside a quoted cell belongs to the cell.

Python's csv module splits the records and cells; a small scanner walks the
same text beside it only to learn where each cell starts (`file:line:col`) and
to catch a quote that is never closed, which would otherwise swallow the rest
of the file into one cell. The data rows are read as they are asked for, each
keeping its record's text, from which `parse_record` reads it again later.
"""
from __future__ import annotations

import csv
import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from pnp.errors import Collector, Pos
from pnp.reading.tables import MAX_COLUMNS, MAX_ROWS, Cell, Table, TableRow
from pnp.reading.tables.hints import separator_note

if TYPE_CHECKING:
    from pnp.reading.safepath import FileAgain

MAX_RECORDS = 2 * MAX_ROWS  # blank ones too: 5 MB of line breaks were 5 million records to skip (seconds)

_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_BREAK = re.compile(r"\r\n|\r|\n")


def parse_csv(text: str, shown: str, errors: Collector, source: FileAgain | None = None) -> Table | None:
    """The table in a CSV text; None (with the error reported) when it has no header.

    The header is read at once; the data rows are read as they are asked for (`Table.rows`
    is an iterator), and what is wrong with one is reported then. The text is split into
    lines as the reader asks for them, and only the current record's are kept: a long file
    is never held a second time, as lines or as rows of cells. `source` is the file the text
    was read from (`FileAgain`): each row then knows where its record starts in it (in bytes),
    so that it can be read again from the file rather than kept.
    """
    reported = len(errors.errors)
    records = _records(text, shown, errors, source.text_at if source is not None else None)
    for first, values, record, starts, _ in records:
        cells = _cells(values, starts, shown, {})
        wrong_separator = separator_note([c.value for c in cells])
        if wrong_separator:  # else every row is one cell, or a cascade of rows with too many cells
            errors.error(cells[0].pos, wrong_separator)
            return None
        if len(cells) > MAX_COLUMNS:  # each unknown column is an error of its own: 200,000 of them took minutes
            errors.error(cells[MAX_COLUMNS].pos, f"too many columns: {len(cells):,} (a table has at most "
                                                 f"{MAX_COLUMNS})")
            return None
        return Table(shown, cells[0].pos, cells, _data_rows(records, len(cells), shown, errors), source)
    if len(errors.errors) == reported:  # else its first record cannot be read, which is reported
        errors.error(Pos(shown), "CSV file is empty: expected a header row naming the fields")
    return None


def _records(text: str, shown: str, errors: Collector, at: int | None):
    """(first line, cell texts, the record's text, where each cell starts, where it starts in the
    file) of each record that is not blank; a record that cannot be read, or a quote never
    closed, is reported and ends the file. `at` is where the text starts in the file, in bytes
    (None: not wanted); the records, blank ones too, are the whole text end to end."""
    pending: list[str] = []  # the lines of the record being read
    ascii_only = at is not None and text.isascii()  # then a character is a byte

    def lines():
        for match in _LINES.finditer(text):
            pending.append(match.group())
            yield match.group()

    reader = csv.reader(lines())
    done = 0  # lines consumed by the records read so far
    read = 0
    while True:
        first = done + 1
        pending.clear()
        read += 1
        if read > MAX_RECORDS:
            errors.error(Pos(shown, first), f"too many lines: more than {MAX_RECORDS:,} records, blank ones included "
                                            f"(a table has at most {MAX_ROWS:,} rows)")
            return
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            errors.error(Pos(shown, first), f"this CSV record cannot be read: {e}")
            return
        done = reader.line_num
        record = "".join(pending)
        starts, unclosed = _cell_starts(record, first)
        if unclosed is not None:
            errors.error(Pos(shown, *unclosed), "this quoted cell is never closed: a `\"` is missing, "
                                               "so everything after it would be read into one cell")
            return
        start = at
        if at is not None:
            at += len(record) if ascii_only else len(record.encode("utf-8"))
        if any(v.strip() for v in values):  # else a blank line
            yield first, values, record, starts, start


def _data_rows(records, width: int, shown: str, errors: Collector):
    """The table's data rows, each read when asked for."""
    texts: dict[str, str] = {}  # cell texts met so far: a column of a few values repeated holds each once
    count = 0
    for first, values, record, starts, start in records:
        cells = _cells(values, starts, shown, texts)
        if count >= MAX_ROWS:
            errors.error(Pos(shown, first), f"too many rows (at most {MAX_ROWS})")
            return
        if len(cells) != width:
            at = cells[min(len(cells), width) - 1].pos if cells else Pos(shown, first)
            errors.error(at, f"row has {len(cells)} cells but the header names {width} columns")
            continue
        count += 1
        yield TableRow(Pos(shown, first, 1), cells, record, start)


def parse_record(record: str, first: int) -> tuple[list, list[tuple[int, int]]]:
    """One data row read again from its text (`TableRow.record`, starting at line `first`): its cell
    values and where each cell starts (line, column), as `parse_csv` read them, so that a large
    table's rows need not be held."""
    values = next(csv.reader(_LINES.findall(record)))
    return [_value(v) for v in values], _cell_starts(record, first)[0]


def _cells(values: list[str], starts: list[tuple[int, int]], shown: str, texts: dict[str, str]) -> list[Cell]:
    return [Cell(_value(v, texts), Pos(shown, line, col)) for v, (line, col) in zip(values, starts)]


MAX_SHARED_TEXTS = 4096  # distinct cell texts remembered for sharing; past that, a text is only looked up
MAX_SHARED_LENGTH = 64  # longer texts are seldom repeated


def _value(text: str, texts: dict[str, str] | None = None):
    """A cell's text as the designer typed it; blank is empty. Line breaks are kept as `\\n`.

    A text met before in the file is that same string (`texts`), not another copy of it."""
    if not text.strip():
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if texts is None or len(text) > MAX_SHARED_LENGTH:
        return text
    shared = texts.get(text)
    if shared is None:
        if len(texts) < MAX_SHARED_TEXTS:
            texts[text] = text
        return text
    return shared


def _cell_starts(record: str, line: int) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
    """(line, column) where each cell of one record starts, and where an unclosed quote opens (or None)."""
    if '"' not in record:  # the common case: cells start after each comma, all on one line
        starts = [(line, 1)]
        at = record.find(",")
        while at >= 0:
            starts.append((line, at + 2))
            at = record.find(",", at + 1)
        return starts, None
    offsets: list[int] = []  # where each cell starts in the record
    opened = None
    i, n = 0, len(record)
    while True:
        offsets.append(i)
        if i < n and record[i] == '"':
            j = i + 1
            while True:
                k = record.find('"', j)
                if k < 0:
                    opened = i
                    break
                if k + 1 < n and record[k + 1] == '"':
                    j = k + 2
                    continue
                break
            if opened is not None:
                break
            i = k + 1
        comma = record.find(",", i)
        if comma < 0:
            break
        i = comma + 1
    breaks = [m.end() for m in _BREAK.finditer(record)]  # where each line after the first starts

    def point(at: int) -> tuple[int, int]:
        below = bisect_right(breaks, at)
        return line + below, at - (breaks[below - 1] if below else 0) + 1

    return [point(at) for at in offsets], (point(opened) if opened is not None else None)
