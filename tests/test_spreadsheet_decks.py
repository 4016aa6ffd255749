"""Decks from real spreadsheets: XLSX and ODS sheets, CSV with cells as a designer means them.

Each test writes a small game and its data (workbooks made here with openpyxl, or
by hand as a zip for ODS), builds it, and reads the result back: the number of
cards in the print-shop PDF, the text on each face, or the located error.
"""
from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import openpyxl
import pytest

from pdfmeasure import reader
from workbound import cpu_seconds

LAYOUTS = """\
kind: layouts
layouts:
  ship:
    boxes:
      title: {text: "SHIP {{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm}
  station:
    boxes:
      title: {text: "STATION {{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm}
  crew:
    boxes:
      title: {text: "CREW {{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm}
  plain:
    boxes:
      title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 40mm}
  ship-back:
    boxes:
      mark: {text: "back of a ship", x: 5mm, y: 40mm, width: 53mm, height: 10mm}
  station-back:
    boxes:
      mark: {text: "back of a station", x: 5mm, y: 40mm, width: 53mm, height: 10mm}
  typed-back:
    boxes:
      mark: {text: "{{ type | upper }} BACK", x: 5mm, y: 40mm, width: 53mm, height: 10mm}
"""


def make_game(root: Path, decks: dict[str, str], layouts: str = LAYOUTS) -> Path:
    game = root / "game"
    game.mkdir(parents=True, exist_ok=True)
    (game / "layouts.yaml").write_text(layouts)
    names = ", ".join(["layouts.yaml", *decks])
    (game / "game.yaml").write_text(f"title: Fleet\nplayers: 2\ncomponents: [{names}]\n")
    for name, text in decks.items():
        (game / name).write_text(text)
    return game


def deck(name: str, body: str, fields: str = "") -> str:
    text = f"kind: deck\nname: {name}\nsize: poker\n{body}"
    return text + (f"fields:\n{fields}" if fields else "")


FLEET_FIELDS = """\
  type: {type: text, choices: [ship, station, crew]}
  name: {type: text, required: true}
  speed: {type: int, default: 1}
"""


def xlsx(path: Path, sheets: dict[str, list[list]]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


_ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"')
_MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
             'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
             '<manifest:file-entry manifest:full-path="/" '
             'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
             '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>{extra}'
             '</manifest:manifest>')


def _ods_cell(value) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, bool):
        return (f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    if isinstance(value, (int, float)):
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'
    if isinstance(value, tuple):  # ("date", "2024-05-01")
        return (f'<table:table-cell office:value-type="date" office:date-value="{value[1]}">'
                f"<text:p>{value[1]}</text:p></table:table-cell>")
    paragraphs = "".join(f"<text:p>{line}</text:p>" for line in str(value).split("\n"))
    return f'<table:table-cell office:value-type="string">{paragraphs}</table:table-cell>'


def ods(path: Path, sheets: dict[str, list[list]], raw_tables: str = "", manifest_extra: str = "") -> Path:
    """An .ods file written as LibreOffice does: trailing empty rows and columns as huge repeats."""
    body = ""
    for title, rows in sheets.items():
        body += f'<table:table table:name="{title}">'
        for row in rows:
            body += ("<table:table-row>" + "".join(_ods_cell(v) for v in row)
                     + '<table:table-cell table:number-columns-repeated="16000"/></table:table-row>')
        body += ('<table:table-row table:number-rows-repeated="1048000">'
                 '<table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NS}><office:body>'
               f"<office:spreadsheet>{body}{raw_tables}</office:spreadsheet></office:body></office:document-content>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("META-INF/manifest.xml", _MANIFEST.format(extra=manifest_extra))
    return path


def rewrite_member(path: Path, member: str, change) -> None:
    """Rewrite one part of a zip (a workbook) through `change(text) -> text`."""
    with zipfile.ZipFile(path) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            z.writestr(info.filename, change(data.decode()) if info.filename == member else data)


def build(run_cli, game: Path, out: Path):
    result = run_cli("build", game, "--out", out, "--force")
    assert result.exit_code == 0, result.output
    return result


def faces(out: Path, game: Path) -> list[str]:
    """The text of every page of the print-shop PDF: one face per page, front then back."""
    return [" ".join(page.extract_text().split()) for page in reader(out / game.name / "cards-printshop.pdf").pages]


def refused(run_cli, game: Path, out: Path) -> str:
    result = run_cli("build", game, "--out", out, "--force")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


# --- a row picks its layout and its back --------------------------------------------------------------------------


def test_layout_and_back_columns_choose_each_rows_faces(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "data: cards.xlsx\n", FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Fleet": [
        ["id", "type", "name", "layout", "back"],
        ["a", "ship", "Alpha", "ship", "ship-back"],
        ["g", "station", "Gamma", "station", "station-back"],
        ["b", "ship", "Beta", "ship", "ship-back"],
    ]})
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["SHIP Alpha", "back of a ship", "STATION Gamma", "back of a station",
                                             "SHIP Beta", "back of a ship"]


def test_templated_layout_and_back_follow_each_cards_type(run_cli, tmp_path):
    body = 'layout: "{{ type }}"\nback: "{{ type }}-back"\ndata: cards.csv\n'
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", body, FLEET_FIELDS)})
    (game / "cards.csv").write_text("type,name\nship,Alpha\nstation,Gamma\nship,Beta\n")
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["SHIP Alpha", "back of a ship", "STATION Gamma", "back of a station",
                                             "SHIP Beta", "back of a ship"]


def test_a_shared_back_that_shows_a_field_prints_each_cards_own_value(run_cli, tmp_path):
    body = ('layout: plain\nback: {layout: typed-back}\ndata: cards.csv\ncards:\n'
            '  - {id: yaml-card, fields: {type: station, name: Yarrow}}\n')
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", body, FLEET_FIELDS)})
    (game / "cards.csv").write_text("type,name\nship,Alpha\ncrew,Dana\n")
    build(run_cli, game, tmp_path / "out")
    pages = faces(tmp_path / "out", game)
    assert pages[1::2] == ["STATION BACK", "SHIP BACK", "CREW BACK"]
    assert not any("NONE" in p or "None" in p for p in pages)


def test_a_shared_back_without_fields_stays_one_common_back(tmp_path):
    """A back that shows no field is the same on every card: it does not take the card's fields."""
    from pnp.game import load_game

    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\nback: ship-back\ndata: cards.csv\n",
                                                   FLEET_FIELDS)})
    (game / "cards.csv").write_text("type,name\nship,Alpha\ncrew,Dana\n")
    loaded = load_game(game)
    loaded.errors.raise_if_any()
    backs = [entry.back.fields for entry in loaded.of_kind("deck")[0].model.cards]
    assert backs[0] == backs[1]


def test_an_unknown_layout_in_a_cell_is_an_error_at_that_cell(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "data: cards.xlsx\n", FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Ships": [["type", "name", "layout"], ["ship", "Alpha", "ship"],
                                         ["station", "Gamma", "statoin"]]})
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.xlsx:Ships!C3: card 'fleet-2': unknown layout 'statoin' (did you mean 'station'?)" in text


def test_a_templated_layout_that_names_no_layout_points_at_the_field_it_read(run_cli, tmp_path):
    fields = "  type: {type: text}\n  name: {type: text}\n"
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", 'layout: "{{ type }}"\ndata: cards.xlsx\n', fields)})
    xlsx(game / "cards.xlsx", {"Ships": [["name", "type"], ["Alpha", "ship"], ["Beta", "shp"]]})
    text = refused(run_cli, game, tmp_path / "out")
    assert ("cards.xlsx:Ships!B3: card 'fleet-2': layout '{{ type }}' gives 'shp', which is not a layout "
            "(did you mean 'ship'?)") in text
    assert text.count("is not a layout") == 1


def test_an_unknown_deck_layout_is_reported_once_not_per_card(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "data_layout: shipp\ndata: cards.csv\n", FLEET_FIELDS)})
    (game / "cards.csv").write_text("name\n" + "".join(f"Ship {i}\n" for i in range(24)))
    text = refused(run_cli, game, tmp_path / "out")
    assert "fleet.yaml:4:14: unknown layout 'shipp' (did you mean 'ship'?)" in text
    assert text.count("unknown layout") == 1


# --- spreadsheets -------------------------------------------------------------------------------------------------


def test_one_sheet_feeds_two_decks_through_where(run_cli, tmp_path):
    ships = deck("ships", 'layout: ship\ndata: {file: cards.xlsx, sheet: All, where: "{{ type == \'ship\' }}"}\n',
                 FLEET_FIELDS)
    crew = deck("crew", "layout: crew\ndata: {file: cards.xlsx, sheet: All, where: \"type == 'crew'\"}\n",
                "  type: {type: text}\n  name: {type: text}\n  skill: {type: text}\n")
    game = make_game(tmp_path, {"ships.yaml": ships, "crew.yaml": crew})
    xlsx(game / "cards.xlsx", {"Notes": [["not", "cards"]], "All": [
        ["type", "name", "speed", "skill"],
        ["ship", "Alpha", 3, None], ["crew", "Dana", None, "pilot"], ["ship", "Beta", None, None],
        ["crew", "Eli", None, "cook"], ["crew", "Fay", None, None],
    ]})
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["SHIP Alpha", "SHIP Beta", "CREW Dana", "CREW Eli", "CREW Fay"]


def test_several_sheets_and_files_feed_one_deck(run_cli, tmp_path):
    body = ("layout: plain\ndata:\n  - {file: cards.xlsx, sheet: [Ships, Stations]}\n"
            "  - {file: more.ods, sheet: Crew}\n  - extra.csv\n")
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", body, FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Stations": [["name"], ["Gamma"]], "Ships": [["name", "count"], ["Alpha", 2]]})
    ods(game / "more.ods", {"Other": [["name"], ["Nobody"]], "Crew": [["name"], ["Dana"], ["Eli"]]})
    (game / "extra.csv").write_text("name\nZed\n")
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha", "Alpha", "Gamma", "Dana", "Eli", "Zed"]


def test_without_a_sheet_name_the_first_sheet_is_read(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.xlsx\n", FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"First": [["name"], ["Alpha"]], "Second": [["name"], ["Beta"]]})
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha"]


def test_an_unknown_sheet_is_an_error_at_sheet_with_did_you_mean(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: {file: cards.xlsx, sheet: ships}\n",
                                                   FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Ships": [["name"], ["Alpha"]], "Crew": [["name"], ["Dana"]]})
    text = refused(run_cli, game, tmp_path / "out")
    assert "fleet.yaml:5:33:" in text and "cards.xlsx has no worksheet 'ships' (did you mean 'Ships'?) (worksheets: Ships, Crew)" in text


def test_errors_in_cells_name_the_sheet_and_cell(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: {file: cards.xlsx, sheet: My Ships}\n",
                                                   FLEET_FIELDS)})
    rows = [["name", "type", "speed"]] + [[f"Ship {i}", "ship", i] for i in range(2, 12)] + [["Bad", "ship", "fast"]]
    xlsx(game / "cards.xlsx", {"My Ships": rows})
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.xlsx:'My Ships'!C12: card 'fleet-11': field 'speed' must be a whole number, got 'fast'" in text


def test_a_huge_number_in_a_cell_is_shown_short(run_cli, tmp_path):
    """1e308 in a whole-number column was printed as all its 309 digits."""
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: {file: cards.xlsx, sheet: Ships}\n",
                                                   FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Ships": [["name", "type", "speed"], ["Big", "ship", 1e308]]})
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.xlsx:Ships!C2:" in text and "got 1e+308 (309 digits)" in text and "0000000000" not in text


def test_an_undeclared_column_is_one_error_at_its_header(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: {file: cards.xlsx, sheet: Ships}\n",
                                                   FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Ships": [["name", "type", "speed", "layuot"]] +
                               [[f"Ship {i}", "ship", 2, "ship"] for i in range(24)]})
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.xlsx:Ships!D1: column 'layuot' is not a field of deck 'fleet' (did you mean 'layout'?)" in text
    assert text.count("layuot") == 1 and "1 error" in text


def test_an_ods_sheet_becomes_cards(run_cli, tmp_path):
    fields = "  name: {type: text}\n  when: {type: text}\n  speed: {type: int}\n"
    layouts = LAYOUTS.replace('"{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 40mm',
                              '"{{ name }} / {{ when }} / {{ speed }}", x: 5mm, y: 5mm, width: 53mm, height: 40mm')
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: {file: cards.ods, sheet: Ships}\n",
                                                   fields)}, layouts)
    ods(game / "cards.ods", {"Ships": [["name", "when", "speed"], ["Alpha\nPrime", ("date", "2024-05-01"), 3],
                                       ["Beta", ("date", "2024-05-01T13:45:00"), 4.0]]})
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha Prime / 2024-05-01 / 3", "Beta / 2024-05-01T13:45 / 4"]


def test_a_formula_gives_the_value_the_spreadsheet_saved_and_is_never_run(run_cli, tmp_path):
    fields = "  name: {type: text}\n  speed: {type: int, default: 7}\n"
    layouts = LAYOUTS.replace('"{{ name }}", x: 5mm', '"{{ name }} {{ speed }}", x: 5mm')
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.xlsx\n", fields)}, layouts)
    path = xlsx(game / "cards.xlsx", {"Ships": [["name", "speed"], ["Saved", "=1+1"], ["Unsaved", "=2+2"]]})
    # a spreadsheet program stores each formula's result beside it; the saved 42 is not what 1+1 gives
    rewrite_member(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace("<f>1+1</f><v />", "<f>1+1</f><v>42</v>"))
    result = build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Saved 42", "Unsaved 7"]
    assert "cards.xlsx:Ships!B3: warning: this formula has no saved result" in " ".join(result.output.split())


def test_a_cell_showing_a_spreadsheet_error_is_located(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.xlsx\n", FLEET_FIELDS)})
    path = xlsx(game / "cards.xlsx", {"Ships": [["name", "speed"], ["Alpha", 1], ["Beta", 2]]})
    rewrite_member(path, "xl/worksheets/sheet1.xml",
                   lambda xml: xml.replace('<c r="B3" t="n"><v>2</v></c>', '<c r="B3" t="e"><f>1/0</f><v>#DIV/0!</v></c>'))
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.xlsx:Ships!B3: this cell shows the spreadsheet error #DIV/0!" in text


# --- a workbook is untrusted input --------------------------------------------------------------------------------


def _far_cell(path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Ships"
    book.active.append(["name"])
    book.active.append(["Alpha"])
    book.active["XFD1048576"] = "stray"
    book.save(path)


def _lying_sizes(path: Path) -> None:
    """A member that says it unpacks to 100 bytes but unpacks to 30 MB."""
    xlsx(path, {"Ships": [["name"], ["Alpha"]]})
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        parts = [(i, z.read(i)) for i in z.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for info, content in parts:
            z.writestr(info.filename, content)
        z.writestr("xl/padding.bin", b"\0" * 30_000_000)
    data = bytearray(buffer.getvalue())
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # local header, central directory
        at = data.rfind(signature)
        while at >= 0:
            name_len = struct.unpack_from("<H", data, at + (26 if signature == b"PK\x03\x04" else 28))[0]
            start = at + (30 if signature == b"PK\x03\x04" else 46)
            if bytes(data[start:start + name_len]) == b"xl/padding.bin":
                struct.pack_into("<I", data, at + offset, 100)
            at = data.rfind(signature, 0, at)
    path.write_bytes(bytes(data))


def _huge_unpacked(path: Path) -> None:
    xlsx(path, {"Ships": [["name"], ["Alpha"]]})
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/padding.bin", b"\0" * 101_000_000)


def _doctype(path: Path) -> None:
    xlsx(path, {"Ships": [["name"], ["Alpha"]]})
    bomb = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    rewrite_member(path, "xl/worksheets/sheet1.xml", lambda xml: bomb + xml.split("?>", 1)[-1])


def _repeated_ods(path: Path) -> None:
    ods(path, {}, raw_tables='<table:table table:name="Ships"><table:table-row table:number-rows-repeated="1000000">'
                             '<table:table-cell office:value-type="string" table:number-columns-repeated="16000">'
                             "<text:p>x</text:p></table:table-cell></table:table-row></table:table>")


def _far_cell_ref(ref: str):
    """A stray value whose reference is one calamine reads but a strict A1 pattern would not (it makes room up to it)."""
    def make(path: Path) -> None:
        xlsx(path, {"Ships": [["name"], ["Alpha"]]})
        rewrite_member(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace(
            "</sheetData>", f'<row r="3"><c r="{ref}" t="inlineStr"><is><t>stray</t></is></c></row></sheetData>'))
    return make


_FAR_ROWS = ('<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="99999"><c r="AAA99999" '
             't="inlineStr"><is><t>x</t></is></c></row>')


def _parts_calamine_reads(how: str):
    """A far cell in the part calamine reads, and a harmless sheet where a reader of the relationships looks."""
    def make(path: Path) -> None:
        xlsx(path, {"Ships": [["name"], ["Alpha"]]})
        with zipfile.ZipFile(path) as z:
            parts = {info.filename: z.read(info).decode() for info in z.infolist()}
        harmless = parts["xl/worksheets/sheet1.xml"]
        far = harmless.split("<sheetData>")[0] + f"<sheetData>{_FAR_ROWS}</sheetData></worksheet>"
        rels = "xl/_rels/workbook.xml.rels"
        if how == "decoy workbook":  # _rels/.rels names another workbook part; calamine reads xl/workbook.xml
            parts["_rels/.rels"] = parts["_rels/.rels"].replace("xl/workbook.xml", "xl/decoy.xml")
            parts["xl/decoy.xml"] = parts["xl/workbook.xml"]
            parts["xl/_rels/decoy.xml.rels"] = parts[rels].replace("/xl/worksheets/sheet1.xml", "/xl/decoy1.xml")
            parts["xl/decoy1.xml"], parts["xl/worksheets/sheet1.xml"] = harmless, far
        elif how == "sheet named twice":  # calamine reads the first sheet of a name
            parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
                "</sheets>", '<sheet name="Ships" sheetId="2" r:id="rId9" /></sheets>')
            parts[rels] = parts[rels].replace("</Relationships>", '<Relationship Type="http://schemas.openxmlformats.org/'
                                              'officeDocument/2006/relationships/worksheet" Target="/xl/second.xml" '
                                              'Id="rId9" /></Relationships>')
            parts["xl/second.xml"], parts["xl/worksheets/sheet1.xml"] = harmless, far
        elif how == "target with dots":  # calamine takes `xl/` + target as it is, and a zip may hold that name
            parts[rels] = parts[rels].replace("/xl/worksheets/sheet1.xml", "../s.xml")
            parts["s.xml"], parts["xl/../s.xml"] = harmless, far
        elif how == "one name in two cases":  # calamine finds a part in any case
            parts["xl/worksheets/Sheet1.xml"] = far
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in parts.items():
                z.writestr(name, text)
    return make


def _shared_text(unique_count: str, length: int, cells: int):
    """Cells showing one shared text (calamine copies it into each), under a count of shared texts that may lie."""
    def make(path: Path) -> None:
        xlsx(path, {"Ships": [["name"], ["Alpha"]]})
        rows = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>0</v></c></row>' for r in range(3, 3 + cells))
        rewrite_member(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace("</sheetData>", rows + "</sheetData>"))
        with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z:
            z.writestr("xl/sharedStrings.xml", '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                                               f'uniqueCount="{unique_count}"><si><t>{"x" * length}</t></si></sst>')
    return make


def _ods_text(cell: str, rows: int):
    return lambda path: ods(path, {}, raw_tables=(
        '<table:table table:name="Ships"><table:table-row><table:table-cell office:value-type="string"><text:p>name'
        f'</text:p></table:table-cell></table:table-row><table:table-row table:number-rows-repeated="{rows}">'
        f'<table:table-cell office:value-type="string">{cell}</table:table-cell></table:table-row></table:table>'))


def _encrypted_ods(path: Path) -> None:
    ods(path, {"Ships": [["name"], ["Alpha"]]},
        manifest_extra='<manifest:file-entry manifest:full-path="x"><manifest:encryption-data/></manifest:file-entry>')


ATTACKS = {
    "not a zip": ("cards.xlsx", lambda p: p.write_text("name\nAlpha\n"), "cards.xlsx:1:1: this is not a .xlsx workbook"),
    "cut short": ("cards.xlsx", lambda p: (xlsx(p, {"S": [["name"], ["A"]]}), p.write_bytes(p.read_bytes()[:900])),
                  "cards.xlsx:1:1: this is not a .xlsx workbook"),
    "password (OLE file)": ("cards.xlsx", lambda p: p.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600),
                            "cards.xlsx:1:1: this workbook is password-protected"),
    "password (ods)": ("cards.ods", _encrypted_ods, "cards.ods:1:1: this workbook is password-protected"),
    "stray cell at XFD1048576": ("cards.xlsx", _far_cell,
                                 "cards.xlsx:Ships!XFD1048576: worksheet 'Ships' has a value in row 1048576"),
    # calamine reads a reference's letters in either case and any number of letters and digits: the 549 GB it set
    # aside for xfd1048576, or for A99999999, ended the process
    "stray cell in small letters": ("cards.xlsx", _far_cell_ref("xfd1048576"),
                                    "cards.xlsx:Ships!XFD1048576: worksheet 'Ships' has a value in row 1048576"),
    "stray cell beyond the last row": ("cards.xlsx", _far_cell_ref("A99999999"),
                                       "cards.xlsx:1:1: the workbook is damaged: a cell reference 'A99999999'"),
    # the sheet measured must be the one calamine reads: each of these had it read a sheet never measured (GBs)
    "a decoy workbook part": ("cards.xlsx", _parts_calamine_reads("decoy workbook"), "cards.xlsx:Ships!AAA99999: "),
    "a sheet name given twice": ("cards.xlsx", _parts_calamine_reads("sheet named twice"), "cards.xlsx:Ships!AAA99999: "),
    "a part named with dots": ("cards.xlsx", _parts_calamine_reads("target with dots"), "cards.xlsx:Ships!AAA99999: "),
    "one part name in two cases": ("cards.xlsx", _parts_calamine_reads("one name in two cases"),
                                   "cards.xlsx:1:1: the workbook is damaged: it holds two parts named"),
    # one text shown in many cells costs its length once in the file and once per cell in calamine (GBs)
    "a shared text shown in many cells": ("cards.xlsx", _shared_text("1", 1_000_000, 25),
                                          "cards.xlsx:Ships!A23: the worksheets read hold more than 20,000,000 characters"),
    "a count of shared texts that lies": ("cards.xlsx", _shared_text("4000000000", 5, 1),  # 96 GB set aside: killed
                                          "cards.xlsx:1:1: the workbook is damaged: its shared texts say there are "
                                          "4,000,000,000"),
    "a long text in a repeated row (ods)": ("cards.ods", _ods_text(f"<text:p>{'x' * 1_000_000}</text:p>", 25),
                                            "cards.ods:Ships!A2: the worksheets read hold more than 20,000,000"),
    "a billion spaces in one element (ods)": ("cards.ods", _ods_text('<text:p>a<text:s text:c="1000000000"/></text:p>', 1),
                                              "cards.ods:Ships!A2: the worksheets read hold more than 20,000,000"),
    # calamine reads the rows of a table inside a sheet's table: 90,000 rows of 400 cells there ended the process
    "a table inside a table (ods)": ("cards.ods", lambda path: ods(path, {}, raw_tables=(
        '<table:table table:name="Ships"><table:table-row><table:table-cell office:value-type="string"><text:p>name'
        '</text:p></table:table-cell></table:table-row><table:table table:name="Inner"><table:table-row '
        'table:number-rows-repeated="90000"><table:table-cell office:value-type="string" '
        'table:number-columns-repeated="400"><text:p>x</text:p></table:table-cell></table:table-row></table:table>'
        '</table:table>')), "cards.ods:Ships!"),
    "repeated cell bomb (ods)": ("cards.ods", _repeated_ods, "cards.ods:Ships!"),
    "unpacks too large": ("cards.xlsx", _huge_unpacked, "cards.xlsx:1:1: the workbook unpacks to"),
    "sizes that lie": ("cards.xlsx", _lying_sizes, "cards.xlsx:1:1: the workbook is damaged"),
    "entity expansion": ("cards.xlsx", _doctype, "declares a DOCTYPE"),
}


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_a_hostile_workbook_is_a_located_error_in_bounded_time(run_cli, tmp_path, attack):
    name, make, expected = ATTACKS[attack]
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", f"layout: plain\ndata: {name}\n", FLEET_FIELDS)})
    make(game / name)
    with cpu_seconds() as spent:  # processor time, not the clock: a busy machine must not fail this
        text = refused(run_cli, game, tmp_path / "out")
    assert expected in text
    assert spent.seconds < 60, spent.seconds  # far above the real figure: the attacks ran for minutes or aborted
    assert not (tmp_path / "out" / game.name / "cards.pdf").exists()


def test_a_deck_names_only_data_files_it_can_read(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.xls\n", FLEET_FIELDS)})
    (game / "cards.xls").write_bytes(b"\xd0\xcf\x11\xe0")
    text = refused(run_cli, game, tmp_path / "out")
    assert "fleet.yaml:5:7: data file 'cards.xls' is an old Excel workbook" in text and "save it as .xlsx" in text


# --- cells as a designer means them -------------------------------------------------------------------------------

CELL_FIELDS = """\
  name: {type: text}
  code: {type: text}
  speed: {type: int, default: 5}
  armed: {type: bool}
  size: {type: length}
"""
CELL_LAYOUTS = LAYOUTS + """\
  cells:
    boxes:
      title: {text: "{{ name }}|{{ code }}|{{ speed }}|{{ size }}", x: 5mm, y: 5mm, width: 53mm, height: 30mm}
      armed: {text: "ARMED", show_if: armed, x: 5mm, y: 50mm, width: 53mm, height: 10mm}
"""


def test_a_quoted_line_break_belongs_to_its_cell(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: cells\ndata: cards.csv\n", CELL_FIELDS)},
                     CELL_LAYOUTS)
    (game / "cards.csv").write_text('name,code,speed,size\r\n"Alpha\r\nPrime, the first",A,1,2\r\nBeta,B,2,3\r\n')
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha Prime, the first|A|1|2", "Beta|B|2|3"]


def test_after_a_multi_line_cell_errors_keep_their_true_line(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: cells\ndata: cards.csv\n", CELL_FIELDS)},
                     CELL_LAYOUTS)
    (game / "cards.csv").write_text('name,speed\n"one\ntwo\nthree",1\nBad,fast\n')
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.csv:5:5: card 'fleet-2': field 'speed' must be a whole number, got 'fast'" in text


def test_an_unclosed_quote_is_reported_where_it_opens(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: cells\ndata: cards.csv\n", CELL_FIELDS)},
                     CELL_LAYOUTS)
    (game / "cards.csv").write_text('name,code\nAlpha,A\n"Beta,B\nGamma,C\n')
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.csv:3:1: this quoted cell is never closed" in text


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_empty_cells_take_the_fields_default_and_text_keeps_leading_zeros(run_cli, tmp_path, fmt):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", f"layout: cells\ndata: cards.{fmt}\n", CELL_FIELDS)},
                     CELL_LAYOUTS)
    rows = [["name", "code", "speed", "armed", "size"], ["Alpha", "007", None, "yes", "12mm"],
            ["Beta", None, 3, "no", "1in"], ["Gamma", "0", 2, "true", 4.5]]
    if fmt == "csv":
        (game / "cards.csv").write_text("\n".join(",".join("" if v is None else str(v) for v in r) for r in rows) + "\n")
    else:
        xlsx(game / "cards.xlsx", {"Ships": rows})
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha|007|5|12 ARMED", "Beta||3|25.4", "Gamma|0|2|4.5 ARMED"]


@pytest.mark.parametrize("text, expected", [
    ("{{ name }}|{{ reach }}|{{ power }}|", ["Alpha|||", "Beta|3|2|"]),  # plain substitutions: pnp's shortcut
    ("{{ name }}|{{ reach }}|{{ power }}{% if power %} strong{% endif %}|", ["Alpha|||", "Beta|3|2 strong|"]),
])
def test_an_empty_number_or_length_prints_as_nothing(run_cli, tmp_path, text, expected):
    """No value is not the word None on a card, by the plain `{{ name }}` path or through Jinja2."""
    fields = "  name: {type: text}\n  reach: {type: length}\n  power: {type: int}\n"
    layouts = LAYOUTS.replace('"{{ name }}"', f'"{text}"')
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.csv\n", fields)}, layouts)
    (game / "cards.csv").write_text("name,reach,power\nAlpha,,\nBeta,3mm,2\n")
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == expected


@pytest.mark.parametrize("copy", ["card.copy", "card['copy']"])
def test_a_card_template_reads_the_copy_being_drawn(run_cli, tmp_path, copy):
    layouts = LAYOUTS.replace('"{{ name }}"', '"{{ name }} {{ %s }}/{{ card.count }} {{ card.id }}"' % copy)
    body = "layout: plain\ncards:\n  - {id: a, count: 2, fields: {name: Alpha}}\n"
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", body, "  name: {type: text}\n")}, layouts)
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha 1/2 a", "Alpha 2/2 a"]


def test_spreadsheet_booleans_and_numbers_are_read_as_typed(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: cells\ndata: cards.xlsx\n", CELL_FIELDS)},
                     CELL_LAYOUTS)
    xlsx(game / "cards.xlsx", {"Ships": [["name", "code", "speed", "armed", "size"], ["Alpha", 7, 4.0, True, 3],
                                         ["Beta", 7.5, 2, False, 2.5], ["Gamma", "x", 1, 1, "1cm"]]})
    build(run_cli, game, tmp_path / "out")
    assert faces(tmp_path / "out", game) == ["Alpha|7|4|3 ARMED", "Beta|7.5|2|2.5", "Gamma|x|1|10 ARMED"]


@pytest.mark.parametrize("cell, message", [
    ("12 furlongs", "field 'size' must be a length such as 12mm"),
    ("-", "field 'size' must be a length such as 12mm"),
])
def test_a_bad_length_is_located(run_cli, tmp_path, cell, message):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: cells\ndata: cards.csv\n", CELL_FIELDS)},
                     CELL_LAYOUTS)
    (game / "cards.csv").write_text(f"name,size\nAlpha,{cell}\n")
    text = refused(run_cli, game, tmp_path / "out")
    assert f"cards.csv:2:7: card 'fleet-1': {message}" in text


def test_a_number_field_given_a_unit_suggests_a_length(run_cli, tmp_path):
    fields = "  name: {type: text}\n  reach: {type: number}\n"
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.csv\n", fields)})
    (game / "cards.csv").write_text("name,reach\nAlpha,12mm\n")
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.csv:2:7: card 'fleet-1': field 'reach' must be a number, got '12mm' (a length? declare the field `type: length`)" in text


def test_a_required_field_left_empty_is_an_error_at_its_cell(run_cli, tmp_path):
    game = make_game(tmp_path, {"fleet.yaml": deck("fleet", "layout: plain\ndata: cards.xlsx\n", FLEET_FIELDS)})
    xlsx(game / "cards.xlsx", {"Ships": [["type", "name"], ["ship", "Alpha"], ["ship", None]]})
    text = refused(run_cli, game, tmp_path / "out")
    assert "cards.xlsx:Ships!B3: card 'fleet-2': required field 'name' is empty" in text


def test_positions_print_as_before_and_cells_as_a_spreadsheet_names_them():
    from pnp.errors import Pos
    from pnp.reading.tables import cell_pos

    assert str(Pos("cards.yaml", 3, 7)) == "cards.yaml:3:7"
    assert str(cell_pos("cards.xlsx", "Ships", 12, 3)) == "cards.xlsx:Ships!C12"
    assert str(cell_pos("cards.xlsx", "My Ships", 2, 28)) == "cards.xlsx:'My Ships'!AB2"
