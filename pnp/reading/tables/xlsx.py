"""The .xlsx specifics: which part holds which worksheet, and how far each worksheet's cells reach.

Read with expat as a stream before calamine loads a worksheet, so a worksheet too large
to hold, or a cell showing a spreadsheet error (#DIV/0!, #REF!), is reported at
its cell.
"""
from __future__ import annotations

import re
import zipfile
from array import array

from pnp.errors import Pos, SpecError
from pnp.reading.tables import cell_pos
from pnp.reading.tables.zipxml import MAX_CELLS, Extent, TextBudget, has_member, local, member, refuse, stream_xml

_REF = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,7})$")  # calamine reads the letters in either case
_MAX_ERROR_CELLS = 20


def sheet_names(archive: zipfile.ZipFile, shown: str) -> list[str]:
    return list(_sheet_parts(archive, shown))


_WORKBOOK = "xl/workbook.xml"  # where calamine reads the worksheets' names and parts, whatever `_rels/.rels` says
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"


def _sheet_parts(archive: zipfile.ZipFile, shown: str) -> dict[str, str]:
    """Sheet name → the archive member holding its cells, in the workbook's order, found as calamine finds them.

    What is measured must be what calamine then reads: its fixed workbook part, a target taken as
    `xl/` + target (or without its leading `/`), a part's name in any letter case, and the first
    worksheet of a name given twice.
    """
    by_id = dict(_relations(archive, member(archive, _WORKBOOK_RELS), shown).get("worksheet", []))  # chart sheets hold no cells
    parts: dict[str, str] = {}

    def start(name, attrs):
        if local(name) == "sheet":
            rid = next((v for k, v in attrs.items() if local(k) == "id" and k != "id"), None)
            sheet = attrs.get("name")
            if sheet is not None and rid in by_id:
                parts.setdefault(sheet, member(archive, by_id[rid]))

    stream_xml(archive, member(archive, _WORKBOOK), shown, start)
    return parts


def _relations(archive: zipfile.ZipFile, rels: str, shown: str) -> dict[str, list[tuple[str, str]]]:
    """A .rels part: relationship type (its last word) → [(id, target part)], targets read as calamine reads them."""
    found: dict[str, list] = {}
    if not has_member(archive, rels):
        return found

    def start(name, attrs):
        if local(name) == "Relationship" and "Target" in attrs and attrs.get("TargetMode") != "External":
            target = attrs["Target"]
            path = target[1:] if target.startswith("/") else "xl/" + target
            kind = attrs.get("Type", "").rsplit("/", 1)[-1]
            found.setdefault(kind, []).append((attrs.get("Id"), path))

    stream_xml(archive, rels, shown, start)
    return found


def scan(archive: zipfile.ZipFile, shown: str, chosen: list[str]) -> dict[str, Extent]:
    parts = _sheet_parts(archive, shown)
    shared, budget = _shared_lengths(archive, shown), TextBudget()
    return {name: _scan_sheet(archive, shown, name, parts[name], shared, budget) for name in chosen}


def _scan_sheet(archive: zipfile.ZipFile, shown: str, sheet: str, part: str, shared: array,
                budget: TextBudget) -> Extent:
    scanner = _SheetScanner(Extent(shown, sheet, text=budget), shared)
    stream_xml(archive, part, shown, scanner.start, parser_hook=scanner.attach)
    scanner.finish_cell()
    return scanner.extent


_SHARED_STRINGS = "xl/sharedStrings.xml"  # where calamine reads them, whatever the relationships say
MAX_SHARED_TEXTS = MAX_CELLS


def _shared_lengths(archive: zipfile.ZipFile, shown: str) -> array:
    """The length of each shared text, in order, so a worksheet's cells can be measured by the texts they show.

    calamine sets room aside for as many texts as the part says it holds (`uniqueCount`, read as
    it reads it): a part that says more than it holds is refused (4 billion was 96 GB asked for).
    """
    lengths = array("q")
    part = member(archive, _SHARED_STRINGS)
    if not has_member(archive, part):
        return lengths
    declared = []

    def start(name, attrs):
        tag = local(name)
        if tag == "si":
            if len(lengths) >= MAX_SHARED_TEXTS:
                refuse(Pos(shown), f"the workbook holds more than {MAX_SHARED_TEXTS:,} shared texts; a deck's table "
                                  "holds fewer")
            lengths.append(0)
        elif tag == "sst" and attrs.get("uniqueCount", "").isdigit():
            declared.append(int(attrs["uniqueCount"]))

    def text(data):
        if lengths:
            lengths[-1] += len(data)

    stream_xml(archive, part, shown, start, text=text)
    if declared and declared[0] > len(lengths):
        refuse(Pos(shown), f"the workbook is damaged: its shared texts say there are {declared[0]:,} of them, but "
                          f"there are {len(lengths):,}")
    return lengths


class _SheetScanner:
    """Follows a worksheet's XML element by element (starts only, for speed: a sheet may hold 100,000 rows).

    A cell is settled when the next one starts. Text is listened to only inside the `<v>` of a formula or
    error cell: whether a formula saved a result, and which error a cell shows.
    """

    def __init__(self, extent: Extent, shared: array):
        self.extent = extent
        self.shared = shared  # the length of each shared text, by its index
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
                                                   "cell of a worksheet (A1 to XFD1048576)")
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
                    if cell[2] == "s":  # which shared text it shows
                        self.parser.CharacterDataHandler = self.text
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
            if kind == "s":
                index = "".join(text).strip()
                if index.isdigit() and int(index) < len(self.shared):
                    extent.show(row, col, self.shared[int(index)])
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
