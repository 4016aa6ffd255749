"""What the workbook backends share: streaming a zip member's XML with bounds, and how far a worksheet reaches.

Kept apart from `workbook` (which picks a backend) so the backends depend on it, not on each other.
"""
from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from typing import Callable
from xml.parsers import expat

from pnp.errors import Pos, SpecError, SpecErrors
from pnp.reading.tables import MAX_COLUMNS, MAX_ROWS, cell_pos, column_letters

MAX_CELLS = 2_000_000  # a worksheet's rows × columns, counted from A1
MAX_SHEET_ROWS = MAX_ROWS + 1  # the header too
MAX_TEXT = 20_000_000  # characters in the cells of the worksheets read, a shared or repeated text once for each cell showing it


def refuse(pos: Pos, message: str):
    """Stop reading the workbook with one located error."""
    raise SpecErrors([SpecError(pos, message)])


class TextBudget:
    """The characters of text the cells of the worksheets calamine reads will hold, shared by those worksheets.

    A workbook can show one text in many cells for the cost of one (an .xlsx shared string, an .ods
    repeated cell), and calamine makes a copy of it for each: one text of 40 million characters shown
    in 300 cells cost gigabytes.
    """

    __slots__ = ("used",)

    def __init__(self):
        self.used = 0


@dataclass
class Extent:
    """How far a worksheet's cells with a value reach, found by reading its XML as a stream."""

    shown: str
    sheet: str
    rows: int = 0
    cols: int = 0
    problems: list[SpecError] = field(default_factory=list)  # error values in cells
    unsaved_formula: Pos | None = None  # the first formula cell with no saved result
    text: TextBudget = field(default_factory=TextBudget)

    def show(self, row: int, col: int, chars: int) -> None:
        """`chars` characters of text shown by the cell at (row, col), 1-based (or by the cells it stands for)."""
        budget = self.text
        budget.used += chars
        if budget.used > MAX_TEXT:
            refuse(cell_pos(self.shown, self.sheet, row, col),
                  f"the worksheets read hold more than {MAX_TEXT:,} characters of text by this cell (a text shown in "
                  "many cells counts once for each): a deck's table holds less; clear what should not be there")

    def reach(self, row: int, col: int) -> None:
        """A cell with a value at (row, col), 1-based: refuse the worksheet as soon as it is too large."""
        if row <= self.rows and col <= self.cols:
            return
        if row > MAX_SHEET_ROWS or col > MAX_COLUMNS:
            refuse(cell_pos(self.shown, self.sheet, row, col),
                  f"worksheet '{self.sheet}' has a value in row {row}, column {column_letters(col)}: a data worksheet may use "
                  f"at most {MAX_SHEET_ROWS} rows and {MAX_COLUMNS} columns (clear the cells that should not be there)")
        rows, cols = max(self.rows, row), max(self.cols, col)
        if rows * cols > MAX_CELLS:
            refuse(cell_pos(self.shown, self.sheet, row, col),
                  f"worksheet '{self.sheet}' reaches from A1 to {column_letters(cols)}{rows}: more than {MAX_CELLS} cells "
                  "(clear the cells that should not be there)")
        self.rows, self.cols = rows, cols


def stream_xml(archive: zipfile.ZipFile, member: str, shown: str, start: Callable, end: Callable | None = None,
               text: Callable | None = None, parser_hook: Callable | None = None) -> None:
    """Feed one member of the archive through expat, calling `start(name, attrs)` per element.

    Names are `namespace}local`. A DOCTYPE (the door to entity tricks) is refused. `parser_hook`
    receives the parser, for handlers that switch text handling on and off as they go.
    """
    parser = expat.ParserCreate(namespace_separator="}")
    parser.buffer_text = True
    if parser_hook is not None:
        parser_hook(parser)

    def no_doctype(*_):
        refuse(Pos(shown), f"the workbook's part '{member}' declares a DOCTYPE, which a workbook never does")

    parser.StartDoctypeDeclHandler = no_doctype
    parser.EntityDeclHandler = no_doctype
    parser.StartElementHandler = start
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    try:
        with archive.open(member) as f:
            while chunk := f.read(1 << 16):
                parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except KeyError:
        refuse(Pos(shown), f"the workbook is damaged: its part '{member}' is missing")
    except expat.ExpatError as e:
        refuse(Pos(shown), f"the workbook is damaged: its part '{member}' is not well-formed XML "
                          f"(line {e.lineno}, column {e.offset + 1}: {expat.ErrorString(e.code)})")


def local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def has_member(archive: zipfile.ZipFile, member: str) -> bool:
    try:
        archive.getinfo(member)
        return True
    except KeyError:
        return False


def member(archive: zipfile.ZipFile, name: str) -> str:
    """The archive's name for `name`, matched in any ASCII letter case as calamine matches it (`name` when none is).

    `pnp.reading.tables.workbook` refuses an archive with two names that differ only in case, so there is one.
    """
    if has_member(archive, name):
        return name
    wanted = folded(name)
    return next((n for n in archive.namelist() if folded(n) == wanted), name)


def folded(name: str) -> bytes:
    """A part's name as calamine compares names: its bytes, ASCII letters in lower case."""
    return name.encode("utf-8", "surrogateescape").lower()
