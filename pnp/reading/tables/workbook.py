"""Spreadsheets (.xlsx, .ods) as tables, read safely.

A workbook is someone else's zip archive, so before python-calamine reads a
cell the archive is checked: its size, its members and what they unpack to
(each member is unpacked once, so a size or checksum that lies is caught), a
password or a file that is not a workbook at all, and how far each worksheet's
cells reach (calamine sets aside room for the whole rectangle, so one stray
cell at XFD1048576 must be refused first). Each refusal is a located error.

Cells come back as a designer sees them: a formula gives the value the
spreadsheet saved with it (nothing is evaluated), a date becomes ISO text
(2024-05-01), a whole number loses its `.0`.
"""
from __future__ import annotations

import datetime as dt
import io
import zipfile
import zlib

from pnp.errors import Collector, Pos, SpecError, SpecErrors, did_you_mean
from pnp.reading.tables import Table, grid_table
from pnp.reading.tables.zipxml import MAX_SHEET_ROWS, folded, refuse

MAX_FILE_BYTES = 20_000_000
MAX_UNPACKED_BYTES = 100_000_000  # all members together
MAX_MEMBERS = 10_000

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # a password-protected .xlsx, or an old .xls



def read_workbook(data: bytes, shown: str, fmt: str, sheets: list[str] | None, sheet_pos: Pos,
                  errors: Collector) -> list[Table]:
    """The chosen worksheets (by default the first) of an .xlsx or .ods workbook's bytes, as tables."""
    try:
        archive = _open_archive(data, shown, fmt)
        if fmt == "ods":
            from pnp.reading.tables import ods as backend  # noqa: F401
        else:
            from pnp.reading.tables import xlsx as backend
        names = backend.sheet_names(archive, shown)
        chosen = _choose(names, sheets, sheet_pos, shown)
        extents = backend.scan(archive, shown, chosen)
        for extent in extents.values():
            errors.errors.extend(extent.problems)
            if extent.unsaved_formula is not None:
                errors.warn(extent.unsaved_formula, "this formula has no saved result (the file was not saved by a "
                                                    "spreadsheet program), so it reads as an empty cell; open and "
                                                    "save the workbook to keep its results")
        grids = _cells(data, shown, chosen)
    except SpecErrors as e:
        errors.errors.extend(e.errors)
        return []
    tables = []
    for name in chosen:
        grid, first_row, first_col = grids[name]
        table = grid_table(shown, name, grid, first_row, first_col)
        if table is None:
            errors.error(sheet_pos if sheets else Pos(shown), f"worksheet '{name}' of {shown} is empty: "
                                                              "expected a header row naming the fields")
            continue
        tables.append(table)
    return tables


def _open_archive(data: bytes, shown: str, fmt: str) -> zipfile.ZipFile:
    """The workbook's zip archive, after checking it unpacks to a sane size with correct checksums."""
    kind = ".ods" if fmt == "ods" else ".xlsx"
    if data.startswith(_OLE):
        refuse(Pos(shown), f"this workbook is password-protected, or is an old .xls file renamed to {kind}: "
                          f"save it as {kind} without a password")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError):
        refuse(Pos(shown), f"this is not a {kind} workbook (it is not a zip archive): the file is damaged, or is "
                          f"another kind of file renamed to {kind}")
    members = archive.infolist()
    if len(members) > MAX_MEMBERS:
        refuse(Pos(shown), f"the workbook holds {len(members)} files; a workbook has at most {MAX_MEMBERS}")
    declared = sum(m.file_size for m in members)
    if declared > MAX_UNPACKED_BYTES:
        refuse(Pos(shown), f"the workbook unpacks to {declared} bytes; at most {MAX_UNPACKED_BYTES} are read")
    names: set[bytes] = set()
    for m in members:  # calamine finds a part by its name in any case: two such names leave which one it reads to chance
        name = folded(m.filename)
        if name in names:
            refuse(Pos(shown), f"the workbook is damaged: it holds two parts named '{m.filename}' (in one letter case "
                              "or another)")
        names.add(name)
    if any(m.flag_bits & 0x1 for m in members):
        refuse(Pos(shown), f"this workbook is password-protected: save it as {kind} without a password")
    for member in members:  # unpack each once: a size or checksum that lies is caught here, not in calamine
        try:
            with archive.open(member) as f:
                while f.read(1 << 20):
                    pass
        except (zipfile.BadZipFile, zlib.error, NotImplementedError, EOFError, OSError, RuntimeError) as e:
            refuse(Pos(shown), f"the workbook is damaged: its part '{member.filename}' cannot be unpacked ({e})")
    return archive


def _choose(names: list[str], sheets: list[str] | None, sheet_pos: Pos, shown: str) -> list[str]:
    if not names:
        refuse(Pos(shown), "the workbook has no worksheets")
    if not sheets:
        return names[:1]
    out, problems = [], []
    for name in sheets:
        if name in names:
            if name not in out:
                out.append(name)
            continue
        same_but_case = [n for n in names if n.casefold() == name.casefold()]
        hint = f" (did you mean '{same_but_case[0]}'?)" if same_but_case else did_you_mean(name, names)
        problems.append(SpecError(sheet_pos, f"{shown} has no worksheet '{name}'{hint} (worksheets: {', '.join(names)})"))
    if problems:
        raise SpecErrors(problems)
    return out


def _cells(data: bytes, shown: str, chosen: list[str]) -> dict[str, tuple[list[list], int, int]]:
    """Each chosen worksheet's values with the row and column (1-based) of its top-left cell."""
    import python_calamine

    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        out = {}
        for name in chosen:
            sheet = book.get_sheet_by_name(name)
            top, left = sheet.start if sheet.start is not None else (0, 0)
            grid = sheet.to_python(skip_empty_area=True, nrows=MAX_SHEET_ROWS)
            out[name] = ([[_value(v) for v in row] for row in grid], top + 1, left + 1)
        return out
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # calamine's own errors, and a panic inside it, are this file's fault, not ours
        refuse(Pos(shown), f"cannot read the workbook: {_first_line(e)}")


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


def _value(v):
    """A cell's value as pnp uses it: None when empty, whole numbers as int, dates as ISO text."""
    kind = type(v)
    if kind is str:
        if not v.strip():
            return None
        return v.replace("\r\n", "\n").replace("\r", "\n") if "\r" in v else v
    if kind is float:
        return int(v) if v.is_integer() and abs(v) < 2 ** 53 else v
    if kind is bool or kind is int:
        return v
    if v is None:
        return None
    if isinstance(v, dt.datetime):
        if (v.hour, v.minute, v.second, v.microsecond) == (0, 0, 0, 0):
            return v.date().isoformat()
        return v.isoformat(timespec="minutes" if not (v.second or v.microsecond) else "auto")
    if isinstance(v, dt.time):
        return v.isoformat(timespec="minutes" if not (v.second or v.microsecond) else "auto")
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, dt.timedelta):
        return str(v)
    return str(v).replace("\r\n", "\n").replace("\r", "\n")


# XML, streamed ------------------------------------------------------------------------------------------------


