"""Tables of card data (a CSV file, or sheets of a spreadsheet) as rows of located cells.

Every reader hands back the same shape: a header row naming the columns and the
data rows under it, each cell with its value and its own position
(`items.csv:4:9`, `cards.xlsx:Ships!C12`), so whatever is wrong in a cell can be
reported where the designer will find it. Which reader runs depends on the
file's extension.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pnp.errors import Collector, Pos, SpecErrors, display_path

MAX_ROWS = 100_000  # data rows of one table: ten times the largest benchmark deck
MAX_COLUMNS = 500

Value = Any  # str | int | float | bool, or None for an empty cell


@dataclass(frozen=True, slots=True)
class Cell:
    value: Value
    pos: Pos


@dataclass(slots=True)
class TableRow:
    pos: Pos  # the row's first cell
    cells: list[Cell]  # one per column of the header
    record: str | None = None  # a CSV row's text as in the file, from which `csvfile.parse_record` reads it again
    start: int | None = None  # where that text starts in the file, in bytes (when it can be read again: `Table.source`)


@dataclass
class Table:
    label: str  # how messages name it: "items.csv" or "cards.xlsx:Ships"
    pos: Pos  # where the table starts
    header: list[Cell]
    rows: Iterable[TableRow]  # a workbook's worksheet as a list; a CSV file's read as they are asked for, once
    source: object = None  # a CSV file's `pnp.reading.safepath.FileAgain`, from which its rows can be read again


WORKBOOKS = {".xlsx": "xlsx", ".xlsm": "xlsx", ".ods": "ods"}
_UNREAD = {".xls": "an old Excel workbook", ".xlsb": "a binary Excel workbook", ".numbers": "a Numbers document",
           ".fods": "a flat OpenDocument file", ".tsv": "tab-separated text"}


def read_tables(game_dir: Path, relative: str, sheets: list[str] | None, pos: Pos, sheet_pos: Pos,
                errors: Collector) -> list[Table]:
    """The tables a deck's `data` entry names: the CSV file, or the chosen worksheets of a workbook.

    `pos` is where the spec names the file, `sheet_pos` where it names the sheets. The file is
    read through the game folder's one gate (`pnp.reading.safepath`), with a size cap.
    """
    from pnp.reading.safepath import read_game_bytes, read_game_text_again

    suffix = PurePosixPath(str(relative).strip().replace("\\", "/")).suffix.lower()
    try:
        if suffix == ".csv":
            if sheets:
                errors.error(sheet_pos, f"'{relative}' is a CSV file, which has no worksheets; "
                                        "`sheet:` is for .xlsx and .ods workbooks")
                return []
            from pnp.reading.tables.csvfile import parse_csv

            path, text, again = read_game_text_again(game_dir, relative, pos, "data file")
            table = parse_csv(text, display_path(path), errors, again)
            return [table] if table is not None else []
        if suffix in WORKBOOKS:
            from pnp.reading.tables.workbook import MAX_FILE_BYTES, read_workbook

            path, data = read_game_bytes(game_dir, relative, pos, "data file", MAX_FILE_BYTES)
            return read_workbook(data, display_path(path), WORKBOOKS[suffix], sheets, sheet_pos, errors)
    except SpecErrors as e:
        errors.errors.extend(e.errors)
        return []
    if suffix in _UNREAD:
        errors.error(pos, f"data file '{relative}' is {_UNREAD[suffix]}, which pnp does not read: "
                          "save it as .xlsx or .ods, or export the worksheet as .csv")
    else:
        errors.error(pos, f"data file '{relative}' must be a .csv, .xlsx or .ods file")
    return []


def column_letters(col: int) -> str:
    """1 → A, 27 → AA: a column as a spreadsheet names it."""
    out = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def sheet_ref(sheet: str) -> str:
    """A worksheet's name as it goes before `!` in a cell reference: quoted when it holds anything but letters and digits."""
    if sheet and all(ch.isalnum() or ch == "_" for ch in sheet):
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


def cell_pos(shown: str, sheet: str, row: int, col: int) -> Pos:
    """The position of a spreadsheet cell (1-based row and column), printed as `file:Sheet!C12`."""
    return Pos(shown, row, col, f"{sheet_ref(sheet)}!{column_letters(col)}{row}")


def grid_table(shown: str, sheet: str, grid: list[list[Value]], first_row: int, first_col: int) -> Table | None:
    """A worksheet's cells (rows of values, the top-left one at `first_row`, `first_col`) as a table.

    The first row holding anything is the header; rows with nothing in them are skipped.
    """
    label = f"{shown}:{sheet}"
    ref = sheet_ref(sheet)
    width = max((len(values) for values in grid), default=0)
    columns = [(first_col + c, f"{ref}!{column_letters(first_col + c)}") for c in range(width)]
    header: list[Cell] | None = None
    rows: list[TableRow] = []
    for r, values in enumerate(grid):
        if all(v is None for v in values):
            continue
        row = first_row + r
        cells = [Cell(v, Pos(shown, row, col, f"{name}{row}")) for v, (col, name) in zip(values, columns)]
        if header is None:
            header = cells
            continue
        width = len(header)
        if len(cells) < width:
            cells += [Cell(None, cell_pos(shown, sheet, row, first_col + c)) for c in range(len(cells), width)]
        rows.append(TableRow(cells[0].pos, cells))
    if header is None:
        return None
    return Table(label, header[0].pos, header, rows)
