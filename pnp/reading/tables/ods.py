"""The .ods specifics: the worksheets in content.xml and how far each one's cells reach.

calamine reads every worksheet of an .ods file when it opens it, and expands the
`number-rows-repeated` / `number-columns-repeated` shorthand, so every worksheet is
measured first (a repeated empty cell costs nothing; a repeated value does).
"""
from __future__ import annotations

import zipfile

from pnp.errors import Pos, SpecError
from pnp.reading.tables import cell_pos
from pnp.reading.tables.zipxml import MAX_TEXT, Extent, TextBudget, has_member, local, refuse, stream_xml

_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"
_MAX_ERROR_CELLS = 20
_MAX_REPEAT = 10_000_000  # larger than any worksheet; a bigger number is nonsense


def sheet_names(archive: zipfile.ZipFile, shown: str) -> list[str]:
    _refuse_encrypted(archive, shown)
    return list(_scan(archive, shown))


def scan(archive: zipfile.ZipFile, shown: str, chosen: list[str]) -> dict[str, Extent]:
    return _scan(archive, shown)  # every sheet: calamine loads them all


def _refuse_encrypted(archive: zipfile.ZipFile, shown: str) -> None:
    if not has_member(archive, "META-INF/manifest.xml"):
        return
    found = []

    def start(name, attrs):
        if local(name) == "encryption-data":
            found.append(True)

    stream_xml(archive, "META-INF/manifest.xml", shown, start)
    if found:
        refuse(Pos(shown), "this workbook is password-protected: save it as .ods without a password")


def _scan(archive: zipfile.ZipFile, shown: str) -> dict[str, Extent]:
    extents: dict[str, Extent] = {}
    budget = TextBudget()  # calamine reads every worksheet
    state = {"depth": 0, "sheet": None, "row": 0, "rows": 1, "row_used": False, "col": 0, "cell": None}

    def start(name, attrs):
        tag = local(name)
        cell = state["cell"]
        if cell is not None:
            cell["value"] = True  # text or an annotation inside the cell
            cell["inner"] += 1
            if tag == "s":  # `<text:s text:c="N"/>` stands for N spaces, which calamine writes out
                count = next((v for k, v in attrs.items() if local(k) == "c"), "1")
                cell["chars"] += (int(count) if len(count) <= 12 else MAX_TEXT + 1) if count.isdigit() else 1
            return
        if tag == "table" and name.startswith(_TABLE):
            state["depth"] += 1
            if state["depth"] == 1:
                sheet = attrs.get(_TABLE + "name", f"Sheet{len(extents) + 1}")
                state["sheet"] = extents[sheet] = Extent(shown, sheet, text=budget)
                state["row"] = 0
            return
        if state["depth"] < 1:  # a table inside a worksheet's table: calamine reads its rows too, so they count as the worksheet's
            return
        if tag == "table-row":
            state["rows"] = _repeat(attrs.get(_TABLE + "number-rows-repeated"), shown)
            state["row"] += 1
            state["col"] = 0
            state["row_used"] = False
        elif tag in ("table-cell", "covered-table-cell"):
            state["cell"] = {"col": state["col"] + 1,
                             "cols": _repeat(attrs.get(_TABLE + "number-columns-repeated"), shown),
                             "value": _OFFICE + "value-type" in attrs,
                             "formula": _TABLE + "formula" in attrs,
                             "error": attrs.get(_CALCEXT + "value-type") == "error", "inner": 0,
                             "chars": len(attrs.get(_OFFICE + "string-value", ""))}

    def end(name):
        tag = local(name)
        if state["cell"] is not None and state["cell"]["inner"]:
            state["cell"]["inner"] -= 1  # the end of something inside the cell
            return
        if tag == "table" and name.startswith(_TABLE):
            state["depth"] -= 1
            return
        if state["depth"] < 1:
            return
        extent: Extent = state["sheet"]
        if tag in ("table-cell", "covered-table-cell") and state["cell"] is not None:
            cell, state["cell"] = state["cell"], None
            state["col"] = cell["col"] + cell["cols"] - 1
            row = state["row"]
            if cell["value"]:
                state["row_used"] = True
                extent.reach(row + state["rows"] - 1, state["col"])
                if cell["chars"]:  # calamine copies a repeated cell's text into each cell it stands for
                    extent.show(row, cell["col"], cell["chars"] * cell["cols"] * state["rows"])
                if cell["error"] and len(extent.problems) < _MAX_ERROR_CELLS:
                    extent.problems.append(SpecError(cell_pos(shown, extent.sheet, row, cell["col"]),
                                                     "this cell shows a spreadsheet error: fix the formula, "
                                                     "or clear the cell"))
            elif cell["formula"] and extent.unsaved_formula is None:
                extent.unsaved_formula = cell_pos(shown, extent.sheet, row, cell["col"])
        elif tag == "table-row":
            state["row"] += state["rows"] - 1
            state["rows"] = 1

    def text(data):
        if state["cell"] is not None:
            state["cell"]["chars"] += len(data)

    stream_xml(archive, "content.xml", shown, start, end, text)
    return extents


def _repeat(text: str | None, shown: str) -> int:
    if text is None:
        return 1
    if not text.isdigit() or len(text) > 8 or not 1 <= int(text) <= _MAX_REPEAT:
        refuse(Pos(shown), f"the workbook is damaged: a repeat count '{text[:20]}' is not a sensible number")
    return int(text)
