"""Rows of a data table (a CSV file or a spreadsheet sheet) as card rows.

Each row is a card and each named column a field, except the special columns:
`id`, `count` (copies), `layout` (the front's layout) and `back` (the back's
layout). An empty cell is left out, so the field's declared default applies.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean, known_list
from pnp.models.edition import current as current_edition
from pnp.reading.tables import Table
from pnp.reading.tables.hints import means_quantity, quantity_note

SPECIAL_COLUMNS = ("id", "count", "layout", "back")
MAX_COUNT = 10_000


class CellPositions(Mapping):
    """Column → Pos of one row's cell, every column (empty cells too), as a read-only mapping.

    A row of a CSV file keeps its cells' positions as one int, 48 bits a cell (the line after the
    row's own, then the column), beside the table's one column index; a Pos is made when asked.
    A spreadsheet's cells (named like `Ships!C12`) keep their Pos objects, in a tuple.
    `Mapping` gives it `get`, `keys` and `items`.
    """

    __slots__ = ("_path", "_line", "_index", "_at")

    def __init__(self, path: str, line: int, index: dict[str, int], at: int | tuple):
        self._path, self._line, self._index, self._at = path, line, index, at

    def __getitem__(self, name: str) -> Pos:
        i = self._index[name]
        if type(self._at) is tuple:
            return self._at[i]
        cell = (self._at >> (_CELL_BITS * i)) & _CELL_MASK
        return Pos(self._path, self._line + (cell >> 24), cell & 0xFFFFFF)

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def __iter__(self):
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


    def values(self):
        return (self[name] for name in self._index)

    def __eq__(self, other: object) -> bool:
        return dict(self.items()) == (dict(other.items()) if isinstance(other, CellPositions) else other)


_CELL_BITS = 48
_CELL_MASK = (1 << _CELL_BITS) - 1


def _packed(positions: list[Pos], path: str, line: int) -> int | tuple:
    """A row's cell positions as one int (see `CellPositions`), or a tuple of them when one does not fit."""
    if any(pos.cell or pos.path != path for pos in positions):
        return tuple(positions)
    packed = _packed_points([(pos.line, pos.col) for pos in positions], line)
    return tuple(positions) if packed is None else packed


def _packed_points(points: list[tuple[int, int]], line: int) -> int | None:
    """Cells of one file given as where each starts (line, column), packed into one int; None when
    one does not fit."""
    packed = 0
    for i, (at, col) in enumerate(points):
        below = at - line
        if not 0 <= below < 1 << 24 or not 0 <= col < 1 << 24:
            return None
        packed |= (below << 24 | col) << (_CELL_BITS * i)
    return packed


@dataclass(slots=True)
class RowPlace:
    """Where a card's data row is, and each of its cells: what a resolved deck keeps of the row."""

    pos: Pos
    cols: CellPositions

    def pos_of(self, name: str) -> Pos:
        return self.cols.get(name, self.pos)


@dataclass(slots=True)
class Row:
    id: str | None
    count: int
    fields: dict  # column → value, for the cells that hold something
    pos: Pos
    cols: CellPositions  # column → Pos of this row's cell (every column, empty cells too)
    raw: object = None
    layout: str | None = None
    back: str | None = None
    values: dict = field(default_factory=dict)  # every column → its value (None when empty), for `where`
    layout_ref: object = None  # LayoutRef of the front: the `layout` cell, else the data entry's `layout:`
    back_ref: object = None  # LayoutRef of the back: the `back` cell, else the data entry's `back:`
    record: str | None = None  # a CSV row's text as read: a large deck keeps its length and digest (`pnp.kinds.deck.cards`)
    start: int | None = None  # where that text starts in the file (`maker.source`), in bytes
    maker: RowMaker | None = None

    def pos_of(self, name: str) -> Pos:
        return self.cols.get(name, self.pos)

    def place(self) -> RowPlace:
        return RowPlace(self.pos, self.cols)


def _header_name(cell) -> str:
    """A header cell's column name; empty for a column with no name."""
    return _text(cell.value).strip() if cell.value is not None else ""


def column_names(table: Table, errors: Collector) -> list[str | None]:
    """The header's names; None for a nameless column (an error when a row gives it a value, see
    `iter_rows`) and for a name given twice."""
    names: list[str | None] = []
    seen: dict[str, Pos] = {}
    for cell in table.header:
        name = _header_name(cell)
        if name in seen:
            errors.error(cell.pos, f"duplicate column '{name}' (first at {seen[name]})")
            name = ""
        elif name:
            seen[name] = cell.pos
        names.append(name or None)
    return names


def iter_rows(table: Table, errors: Collector, names: list[str | None] | None = None, values: bool = True,
              layout_ref=None, back_ref=None, translation=None):
    """The table's rows as card rows, one at a time: a table of any length is never held whole.

    `values=False` leaves out each row's `values` (no `where` reads them); `layout_ref` and
    `back_ref` are the data entry's layouts, for rows whose `layout` and `back` cells are empty.
    A value in a column with no name is an error, once, at the header cell.
    """
    maker = RowMaker(column_names(table, errors) if names is None else names, table.pos.path, layout_ref, back_ref,
                     table.source)
    maker.translation = translation  # an edition's `field@lang` columns (pnp.models.edition.TableColumns)
    unnamed = [i for i, cell in enumerate(table.header) if not _header_name(cell)]
    rows = table.rows
    table.rows = []  # read once, and let go of as it is read
    for trow in rows:
        if unnamed:
            for i in [i for i in unnamed if i < len(trow.cells) and trow.cells[i].value is not None]:
                errors.error(table.header[i].pos, f"column {i + 1} has no name in the header, but holds a value "
                                                  f"(at {trow.cells[i].pos}); name it, or clear the column")
                unnamed.remove(i)
        yield maker.row(trow, errors, values)


class RowMaker:
    """Makes one table's card rows from its rows of cells: which columns are fields and which are
    special, and the layouts its data entry gives.

    A large deck keeps it beside where each card's CSV text is in the file (`source`), and
    makes the row again (`again`) from that text, read again, when the card is drawn,
    instead of holding every row (`pnp.kinds.deck.cards`)."""

    def __init__(self, names: list[str | None], path: str, layout_ref=None, back_ref=None, source=None):
        self.path = path
        self.source = source  # the CSV file's `pnp.reading.safepath.FileAgain` (None: a workbook's worksheet)
        self.named = [(i, name) for i, name in enumerate(names) if name is not None]
        self.index = {name: j for j, (_, name) in enumerate(self.named)}  # shared by its rows' positions
        special = {name: i for i, name in self.named if name in SPECIAL_COLUMNS}
        self.plain = [(i, name) for i, name in self.named if name not in SPECIAL_COLUMNS]
        self.id_at, self.count_at, self.layout_at, self.back_at = (special.get(k) for k in SPECIAL_COLUMNS)
        self.layout_ref, self.back_ref = layout_ref, back_ref
        self.translation = None

    def row(self, trow, errors: Collector, values: bool = True) -> Row:
        """The card row of a row of cells, with its front and back layouts: its `layout` and
        `back` cells, else its data entry's."""
        cells, line, path = trow.cells, trow.pos.line, self.path
        count_at = self.count_at
        count_pos = cells[count_at].pos if count_at is not None else None
        found = [c.value for c in cells]
        read_from = list(range(len(cells)))  # an edition reads a translated field from its `field@lang` cell
        if self.translation is not None:
            found = self.translation.pick(found, lambda i: cells[i].pos, errors, read_from)
        cols = CellPositions(path, line, self.index,
                             _packed([cells[read_from[i]].pos for i, _ in self.named], path, line))
        made = self._made(found, cols, trow.pos, errors, count_pos, values)
        made.record, made.start = trow.record, trow.start  # where a large deck finds the row again
        return made

    def again(self, record: str, line: int) -> Row:
        """The row whose CSV text is `record`, at `line`, made as it was the first time (its
        errors were reported then): its cells' positions are packed from where they start,
        without a `Cell` or a `Pos` each."""
        from pnp.reading.tables.csvfile import parse_record

        values, starts = parse_record(record, line)
        read_from = list(range(len(values)))
        if self.translation is not None:
            values = self.translation.pick(values, None, None, read_from)
        points = [starts[read_from[i]] for i, _ in self.named]
        packed = _packed_points(points, line)
        cols = CellPositions(self.path, line, self.index,
                             tuple(Pos(self.path, at, col) for at, col in points) if packed is None else packed)
        return self._made(values, cols, Pos(self.path, line, 1), Collector(), None, False)

    def _made(self, cells: list, cols: CellPositions, pos: Pos, errors: Collector, count_pos: Pos | None,
              values: bool) -> Row:
        """The row of these cell values (`cells`, one a column)."""
        from pnp.kinds.deck.fieldvalues import LayoutRef

        named = self.named
        row_values = {name: cells[i] for i, name in named} if values else {}
        fields = {name: cells[i] for i, name in self.plain if cells[i] is not None}
        count = 1 if self.count_at is None else _count(cells[self.count_at], count_pos or pos, errors)
        layout, back = _cell_text(cells, self.layout_at), _cell_text(cells, self.back_at)
        return Row(_cell_text(cells, self.id_at), count, fields, pos, cols, layout=layout, back=back,
                   values=row_values, layout_ref=LayoutRef(layout, cols["layout"]) if layout else self.layout_ref,
                   back_ref=LayoutRef(back, cols["back"]) if back else self.back_ref, maker=self)


def _cell_text(cells: list, at: int | None) -> str | None:
    """A special column's cell value as text (None when the column is missing or the cell empty)."""
    if at is None or cells[at] is None:
        return None
    return _text(cells[at]).strip() or None


def _count(value, pos: Pos, errors: Collector) -> int:
    if value is None:
        return 1
    try:
        if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
            raise ValueError
        count = int(value.strip()) if isinstance(value, str) else int(value)
        if not 0 <= count <= MAX_COUNT:
            raise ValueError
        return count
    except ValueError:
        errors.error(pos, f"'count' must be a whole number from 0 to {MAX_COUNT}, got '{_text(value)}'")
        return 1


def _text(value) -> str:
    """A cell as text: whole numbers from a spreadsheet without a trailing `.0`."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# A deck's rows -------------------------------------------------------------------------------------------------


def deck_rows(deck, game_dir: Path, raw: Any, errors: Collector):
    """Every data row that becomes a card of `deck`, in order, one at a time: each `data` entry's
    tables, filtered by its `where`.

    A column the deck does not declare (when it declares fields) is an error once, at its header cell, when
    one of the deck's rows gives it a value; left empty on those rows it is another deck's column and ignored.
    """
    from pnp.kinds.deck.fieldvalues import LayoutRef
    from pnp.reading.load import LDict, LList, locate, value_pos
    from pnp.reading.tables import read_tables

    raw_data = raw.get("data") if isinstance(raw, LDict) else None
    data_pos = value_pos(raw, "data")
    for i, source in enumerate(deck.data or []):
        entry = raw_data[i] if isinstance(raw_data, LList) and i < len(raw_data) else raw_data
        entry_pos = raw_data.item_pos[i] if isinstance(raw_data, LList) and i < len(raw_data) else data_pos

        def at(key: str, entry=entry, entry_pos=entry_pos) -> Pos:
            return locate(entry, [key]) if isinstance(entry, LDict) and key in entry else entry_pos

        condition = None
        if source.where is not None:
            condition = _Condition(source.where, at("where"), errors)
            if not condition.ok:
                continue
        sheets = [source.sheet] if isinstance(source.sheet, str) else source.sheet
        layout_ref = LayoutRef(source.layout, at("layout"), True) if source.layout else None
        back_ref = LayoutRef(source.back, at("back"), True) if source.back else None
        for table in read_tables(game_dir, source.file, sheets, at("file"), at("sheet"), errors):
            names = column_names(table, errors)
            translation = None
            edition = current_edition()
            if edition is not None:
                from pnp.models.edition import TableColumns

                translation = TableColumns(names, edition)
                names = translation.names
                for i, problem in translation.problems:
                    errors.error(table.header[i].pos, problem)
            columns = _ColumnCheck(deck, table, names, errors)
            for row in iter_rows(table, errors, names, condition is not None, layout_ref, back_ref, translation):
                if condition is not None and not condition.holds(row, deck.fields):
                    if not condition.ok:
                        break
                    continue
                columns.check(row)
                yield row
            if condition is not None and not condition.ok:
                break
            columns.finish()


class _ColumnCheck:
    """Undeclared columns with a value on the deck's rows are errors at their header; required
    columns must exist. Rows are checked one at a time (`check`), then the table (`finish`)."""

    def __init__(self, deck, table: Table, names: list[str | None], errors: Collector):
        self.deck, self.table, self.errors = deck, table, errors
        defs = deck.fields
        self.header = {name: cell.pos for name, cell in zip(names, table.header) if name is not None}
        self.undeclared = {name: pos for name, pos in self.header.items()
                           if defs and name not in SPECIAL_COLUMNS and name not in defs}
        self.reported: set[str] = set()
        self.rows = 0
        if "count" not in self.header and not defs:  # every column is a field: `qty` would print one of each
            for name, pos in self.header.items():
                if means_quantity(name):
                    errors.warn(pos, f"deck '{deck.name}': {quantity_note(name)}")

    def check(self, row: Row) -> None:
        """Report an undeclared column the first time a row gives it a value, and drop it from the row."""
        self.rows += 1
        if not self.undeclared:
            return
        defs = self.deck.fields
        for name in [name for name in row.fields if name in self.undeclared]:
            if name not in self.reported:
                self.reported.add(name)
                self.errors.error(self.undeclared[name],
                                  f"column '{name}' is not a field of deck '{self.deck.name}'"
                                  f"{did_you_mean(name, [*defs, *SPECIAL_COLUMNS])} "
                                  f"({known_list(defs)}); it has a value at {row.pos_of(name)}: declare it under "
                                  "`fields:`, or leave it empty on this deck's rows"
                                  + (" (the number of copies is read from a column named `count`)"
                                     if means_quantity(name) else ""))
            del row.fields[name]

    def finish(self) -> None:
        if self.rows and self.deck.fields:
            for name, d in self.deck.fields.items():
                if d.required and name not in self.header:
                    self.errors.error(self.table.pos, f"{self.table.label} has no column '{name}', a field deck "
                                                      f"'{self.deck.name}' requires{did_you_mean(name, self.header)}")


_WHOLE_EXPRESSION = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)


class _Condition:
    """A data entry's `where`: an expression over a row's columns, bare or as "{{ … }}"."""

    def __init__(self, source: str, pos: Pos, errors: Collector):
        from pnp.sandbox import templating

        self.pos, self.errors, self.ok = pos, errors, True
        whole = _WHOLE_EXPRESSION.match(source)
        self.expression = whole.group(1) if whole and "{{" not in whole.group(1) else (None if "{" in source else source)
        self.template = source if self.expression is None else None
        try:
            if self.expression is not None:
                templating.compile_expression(self.expression)
            else:
                templating.compile_template(self.template)
        except templating.TemplateError as e:
            errors.error(e.at(pos, source), f"`where`: {e.message}")
            self.ok = False

    def holds(self, row: Row, defs: dict) -> bool:
        from pnp.sandbox import templating

        if not self.ok:
            return False
        context = _row_context(row, defs)
        try:
            if self.expression is not None:
                return bool(templating.evaluate(self.expression, context))
            text = templating.render(self.template, context).strip().lower()
        except templating.TemplateError as e:
            self.errors.error(e.at(self.pos, self.expression or self.template),
                              f"`where` fails on the row at {row.pos}: {e.message}")
            self.ok = False
            return False
        if text in ("true", "yes", "1"):
            return True
        if text in ("false", "no", "0", "", "none"):
            return False
        self.errors.error(self.pos, f"`where` gives '{text}' on the row at {row.pos}, not true or false")
        self.ok = False
        return False


def _row_context(row: Row, defs: dict) -> dict:
    """A row's columns as `where` sees them: typed as the deck declares them, an empty cell as its default."""
    from pnp.kinds.deck.fieldvalues import blank_value, convert_field

    context = {}
    for name, value in row.values.items():
        d = defs.get(name)
        if d is None:
            context[name] = "" if value is None else value
        elif value is None:
            context[name] = blank_value(d)
        else:
            ok, converted, _ = convert_field(d, value, set()) if d.type != "icons" else (True, value, "")
            context[name] = converted if ok else value
    for name, d in defs.items():
        context.setdefault(name, blank_value(d))
    return context
