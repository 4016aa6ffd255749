"""The .xlsx specifics: which part holds which sheet, and how far each sheet's cells reach.

Read with expat as a stream before calamine loads a sheet, so a sheet too large
to hold, or a cell showing a spreadsheet error (#DIV/0!, #REF!), is reported at
its cell.
"""
from __future__ import annotations

import posixpath
import re
import zipfile

from pnp.errors import Pos, SpecError
from pnp.spec.tables import cell_pos
from pnp.spec.tables.zipxml import Extent, refuse, has_member, local, stream_xml

_REF = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,7})$")  # calamine reads the letters in either case
_MAX_ERROR_CELLS = 20


def sheet_names(archive: zipfile.ZipFile, shown: str) -> list[str]:
    return list(_sheet_parts(archive, shown))


def _sheet_parts(archive: zipfile.ZipFile, shown: str) -> dict[str, str]:
    """Sheet name → the archive member holding its cells, in the workbook's order."""
    workbook = _relations(archive, "", "_rels/.rels", shown).get("officeDocument", [None])[0] or "xl/workbook.xml"
    folder = posixpath.dirname(workbook)
    rels = _relations(archive, folder, posixpath.join(folder, "_rels", posixpath.basename(workbook) + ".rels"),
                      shown, by_id=True)
    by_id = dict(rels.get("worksheet", []))  # chart sheets hold no cells
    parts: dict[str, str] = {}

    def start(name, attrs):
        if local(name) == "sheet":
            rid = next((v for k, v in attrs.items() if local(k) == "id" and k != "id"), None)
            sheet = attrs.get("name")
            if sheet is not None and rid in by_id:
                parts[sheet] = by_id[rid]

    stream_xml(archive, workbook, shown, start)
    return parts


def _relations(archive: zipfile.ZipFile, folder: str, member: str, shown: str, by_id: bool = False) -> dict:
    """A .rels part: relationship type (its last word) → targets, or → [(id, target)] with `by_id`."""
    found: dict[str, list] = {}
    if not has_member(archive, member):
        return found

    def start(name, attrs):
        if local(name) == "Relationship" and "Target" in attrs and attrs.get("TargetMode") != "External":
            target = attrs["Target"]
            path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            kind = attrs.get("Type", "").rsplit("/", 1)[-1]
            found.setdefault(kind, []).append((attrs.get("Id"), path) if by_id else path)

    stream_xml(archive, member, shown, start)
    return found


def scan(archive: zipfile.ZipFile, shown: str, chosen: list[str]) -> dict[str, Extent]:
    parts = _sheet_parts(archive, shown)
    return {name: _scan_sheet(archive, shown, name, parts[name]) for name in chosen}


def _scan_sheet(archive: zipfile.ZipFile, shown: str, sheet: str, member: str) -> Extent:
    scanner = _SheetScanner(Extent(shown, sheet))
    stream_xml(archive, member, shown, scanner.start, parser_hook=scanner.attach)
    scanner.finish_cell()
    return scanner.extent


class _SheetScanner:
    """Follows a worksheet's XML element by element (starts only, for speed: a sheet may hold 100,000 rows).

    A cell is settled when the next one starts. Text is listened to only inside the `<v>` of a formula or
    error cell: whether a formula saved a result, and which error a cell shows.
    """

    def __init__(self, extent: Extent):
        self.extent = extent
        self.row = self.col = 0
        self.cell: list | None = None  # [row, col, type, has value, has formula, text]
        self.parser = None

    def attach(self, parser) -> None:
        self.parser = parser

    def start(self, name: str, attrs: dict) -> None:
        if self.parser.CharacterDataHandler is not None:
            self.parser.CharacterDataHandler = None
        tag = name[name.rfind("}") + 1:]
        if tag == "c":
            self.finish_cell()
            row, col = self.row or 1, self.col + 1
            ref = attrs.get("r")
            if ref is not None:
                match = _REF.match(ref)
                if match is None:  # calamine reads any letters and digits (ZZZZ3, A99999999) as a place to make room for
                    refuse(Pos(self.extent.shown), f"the workbook is damaged: a cell reference '{ref[:20]}' is not a "
                                                   "cell of a sheet (A1 to XFD1048576)")
                col, row = _column(match.group(1)), int(match.group(2))
            self.col = col
            self.cell = [row, col, attrs.get("t", "n"), False, False, []]
        elif tag == "row":
            self.finish_cell()
            self.row = _number(attrs.get("r"), self.row + 1, self.extent.shown)
            self.col = 0
        elif self.cell is not None:
            if tag == "v":
                cell = self.cell
                if cell[4] or cell[2] == "e":  # a formula's result, or an error: is there text, and which?
                    self.parser.CharacterDataHandler = self.text
                else:
                    cell[3] = True
            elif tag == "is":
                self.cell[3] = True
            elif tag == "f":
                self.cell[4] = True

    def text(self, data: str) -> None:
        cell = self.cell
        if cell is not None and data.strip() and len(cell[5]) < 8:
            cell[3] = True
            cell[5].append(data)

    def finish_cell(self) -> None:
        cell, self.cell = self.cell, None
        if cell is None:
            return
        row, col, kind, value, formula, text = cell
        extent = self.extent
        if value:
            extent.reach(row, col)
            if kind == "e" and len(extent.problems) < _MAX_ERROR_CELLS:
                extent.problems.append(SpecError(cell_pos(extent.shown, extent.sheet, row, col),
                                                 f"this cell shows the spreadsheet error {''.join(text).strip()}: "
                                                 "fix the formula, or clear the cell"))
        elif formula and extent.unsaved_formula is None:
            extent.unsaved_formula = cell_pos(extent.shown, extent.sheet, row, col)


def _number(text: str | None, default: int, shown: str) -> int:
    if text is None:
        return default
    if not text.isdigit() or len(text) > 7:
        refuse(Pos(shown), f"the workbook is damaged: a row number '{text[:20]}' is not a number")
    return int(text)


def _column(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - ord("A") + 1
    return n
