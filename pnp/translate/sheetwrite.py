"""Translations written into a deck's workbook: the `name@fr` column of the worksheet the deck reads.

An .xlsx (or .xlsm) workbook is edited with openpyxl, which keeps the other cells, their styles
(rich text included) and the other worksheets; only a workbook with a translation that differs
from the one in its cell is written at all, in one step. The workbook is untrusted: before
openpyxl loads it, it passes the checks a deck's reading makes (sizes, checksums, every
worksheet's extent), and a smaller bound on what it unpacks to, since openpyxl holds every cell.

An .ods workbook is refused: no maintained Python library writes one back without losing parts of
it, so the designer is asked to save it as .xlsx or CSV (exporting from it still works).
"""
from __future__ import annotations

import io
import os
from copy import copy
from pathlib import Path

from pnp.errors import Pos, SpecError, SpecErrors, display_path
from pnp.reading.tables import cell_pos

MAX_EDITED_UNPACKED_BYTES = 30_000_000  # openpyxl holds every cell of every worksheet
MAX_CELL_CHARACTERS = 32_767  # what a spreadsheet cell holds

# workbook → worksheet → (header row, {(sheet row, source column number, column name): translation})
SheetEdits = dict[str, dict[str, tuple[int, dict[tuple[int, int, str], str]]]]


def refuse_ods(game_dir: Path, edits: SheetEdits) -> None:
    """One located error when translations would go into an .ods workbook (nothing is written then)."""
    for name, sheets in edits.items():
        if name.lower().endswith(".ods"):
            sheet, (_, cells) = next(iter(sheets.items()))
            row, col, column = min(cells)
            raise SpecErrors([SpecError(cell_pos(display_path(game_dir / name), sheet, row, col),
                                        f"pnp cannot write the {column} translations into an .ods workbook without "
                                        f"risking the rest of it: save the worksheet as .xlsx (or export it as "
                                        f"CSV), point the deck's `data:` at that file, and import again")])


def write_workbook(game_dir: Path, name: str, lang: str, sheets: dict, problems: list[str]) -> bool:
    """Write each worksheet's translations into its `column@lang` cells; whether the file changed."""
    data, shown = _checked_bytes(game_dir, name)
    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), keep_vba=name.lower().endswith(".xlsm"), rich_text=True)
    except Exception as e:  # openpyxl's own errors: the file's fault, not ours
        raise SpecErrors([SpecError(Pos(shown), f"openpyxl cannot open this workbook to write the translations "
                                                f"({str(e).splitlines()[0] if str(e) else type(e).__name__})")]) from None
    changed = False
    for sheet, (header_row, cells) in sheets.items():
        if sheet not in book.sheetnames:
            continue
        changed |= _write_sheet(book[sheet], shown, sheet, header_row, lang, cells, problems)
    if not changed:
        return False
    out = io.BytesIO()
    book.save(out)
    _replace_bytes(game_dir / name, out.getvalue())
    return True


def _checked_bytes(game_dir: Path, name: str) -> tuple[bytes, str]:
    from pnp.reading.safepath import read_game_bytes
    from pnp.reading.tables import xlsx
    from pnp.reading.tables.workbook import MAX_FILE_BYTES, _open_archive

    shown = display_path(game_dir / name)
    path, data = read_game_bytes(game_dir, name, Pos(shown), "data file", MAX_FILE_BYTES)
    archive = _open_archive(data, shown, "xlsx")
    unpacked = sum(m.file_size for m in archive.infolist())
    if unpacked > MAX_EDITED_UNPACKED_BYTES:
        raise SpecErrors([SpecError(Pos(shown), f"this workbook unpacks to {unpacked:,} bytes; pnp writes "
                                                f"translations into workbooks of at most "
                                                f"{MAX_EDITED_UNPACKED_BYTES:,}: type them in the spreadsheet, "
                                                f"or keep the deck's table as CSV")])
    xlsx.scan(archive, shown, xlsx.sheet_names(archive, shown))  # every worksheet's extent: openpyxl reads them all
    return data, shown


def _write_sheet(sheet, shown: str, name: str, header_row: int, lang: str, cells: dict, problems: list[str]) -> bool:
    changed = False
    header = {c.column: c.value for c in sheet[header_row] if isinstance(c.value, str)}
    for column in sorted({column for _, _, column in cells}):
        tagged = f"{column}@{lang}"
        own = next((i for i, v in header.items() if v.strip() == tagged), None)
        source = next((i for i, v in header.items() if v.strip() == column), None)
        if source is None:
            continue
        if own is None:
            last = max(i for i, v in header.items() if v.strip() == column or v.strip().startswith(column + "@"))
            own = last + 1
            if not _make_room(sheet, own, shown, name, header_row, tagged, problems):
                continue
            _copy_style(sheet.cell(header_row, source), sheet.cell(header_row, own))
            sheet.cell(header_row, own).value = tagged
            header = {c.column: c.value for c in sheet[header_row] if isinstance(c.value, str)}
            source = next(i for i, v in header.items() if v.strip() == column)
            changed = True
        for (row, _, col_name), value in sorted(cells.items()):
            if col_name != column:
                continue
            place = cell_pos(shown, name, row, own)
            if len(value) > MAX_CELL_CHARACTERS:
                problems.append(f"{place}: a translation of {len(value):,} characters is more than a cell holds")
                continue
            target = sheet.cell(row, own)
            if target.value == value:
                continue
            if target.value is None and not target.has_style:
                _copy_style(sheet.cell(row, source), target)
            try:
                target.value = value
            except Exception:  # openpyxl refuses control characters a workbook cannot hold
                problems.append(f"{place}: the translation holds a control character a workbook cannot hold")
                continue
            target.data_type = "s"  # a translation starting with '=' is text, not a formula
            changed = True
    return changed


def _make_room(sheet, at: int, shown: str, name: str, header_row: int, tagged: str, problems: list[str]) -> bool:
    """Room for a new column at `at`: used as it is when empty, else the columns from `at` move right
    (refused when a formula or a merged range could point across the move)."""
    from openpyxl.utils import get_column_letter

    used = any(c.value is not None for row in sheet.iter_rows(min_col=at, max_col=at) for c in row)
    if not used:
        return True
    formulas = any(c.data_type == "f" for row in sheet.iter_rows() for c in row)
    if formulas or sheet.merged_cells.ranges:
        problems.append(f"{cell_pos(shown, name, header_row, at)}: no room for a '{tagged}' column here without "
                        f"moving cells that formulas or merged cells point at: insert the column in the "
                        f"spreadsheet, and import again")
        return False
    dims = sheet.column_dimensions  # openpyxl moves the cells, not the columns' widths: they move here
    widths = {_index(k): d.width for k, d in list(dims.items()) if d.customWidth and _index(k) >= at - 1}
    sheet.insert_cols(at)
    for i in widths:
        if i >= at:
            del dims[get_column_letter(i)]
    for i, width in sorted(widths.items()):
        if i >= at:
            dims[get_column_letter(i + 1)].width = width
    if at - 1 in widths:  # the new column as wide as the one it translates
        dims[get_column_letter(at)].width = widths[at - 1]
    return True


def _index(letters: str) -> int:
    from openpyxl.utils import column_index_from_string

    return column_index_from_string(letters)


def _copy_style(source, target) -> None:
    if source.has_style:
        target._style = copy(source._style)


def _replace_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` in one step (a temporary file beside it, then renamed over it)."""
    temporary = path.with_name(f".{path.name}.pnp-import")
    with open(temporary, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)
