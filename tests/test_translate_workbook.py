"""A translator's round trip through a deck kept in a workbook, and the rulebook counted paragraph by
paragraph: the PO file names each cell (`cards.xlsx:Cards!B2`); importing writes `name@fr` columns
into that worksheet (made by openpyxl here), keeping the other cells, styles and worksheets, and the
build prints what typing the columns by hand prints; an untouched round trip changes no byte; an
.ods deck or an oversized workbook is refused at its place; a paragraph `rules.fr.md` leaves as in
`rules.md` is one warning at its line."""
from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po

from editionstarter import filled_po

from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.translate.workflow import export, import_po, status

openpyxl = pytest.importorskip("openpyxl")
from openpyxl.styles import Font, PatternFill  # noqa: E402

GAME = """\
title: Sheet Mini
players: 1
languages: [en, fr]
components: [cards.yaml]
"""

DECK = """\
kind: deck
name: mini
size: poker
layout: face
fields:
  name: {type: text, required: true}
  text: {type: text, default: ""}
  remarks: {type: text, default: ""}
data: {file: cards.xlsx, sheet: Cards}
layouts:
  face:
    background: "#fff3e0"
    boxes:
      title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm, size: 14pt, align: center}
      body: {text: "{{ text }}", x: 5mm, y: 40mm, width: 53mm, height: 30mm, size: 9pt}
"""

ROWS = [("lamp", "Lamplighter", "Allumeuse", "Take 2 coins.", "Prends 2 pièces."),
        ("spice", "Spice Seller", "Marchande d'épices", "Trade a card for 3 coins.", "=Échange une carte."),
        ("ghost", "Night Watch", "Veilleur", "Look at the top card.", "Regarde la carte du dessus.")]


def _workbook(path, translated: bool, stray_cell: bool = False) -> None:
    """A deck's workbook as a designer keeps it: a first worksheet of notes, then the cards with a bold
    header, a filled cell, a wide last column of remarks, and (by hand) the French columns typed in."""
    book = openpyxl.Workbook()
    intro = book.active
    intro.title = "Intro"
    intro["A1"] = "Cards of Sheet Mini; keep the ids."
    intro["B3"] = 42
    if stray_cell:
        intro["XFD1048576"] = "far away"
    sheet = book.create_sheet("Cards")
    header = ["id", "name", "name@fr", "text", "text@fr", "remarks"] if translated else ["id", "name", "text", "remarks"]
    sheet.append(header)
    for ident, name, name_fr, text, text_fr in ROWS:
        row = [ident, name, name_fr, text, text_fr] if translated else [ident, name, text]
        sheet.append(row + [f"checked {ident}"])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.cell(2, 2).fill = PatternFill("solid", fgColor="FFFF00")
    sheet.column_dimensions["F" if translated else "D"].width = 40
    sheet.column_dimensions["B"].width = 22
    if translated:
        sheet.column_dimensions["C"].width = 22
    if translated:  # a translation that looks like a formula stays text
        sheet.cell(3, 5).data_type = "s"
    book.save(path)


def _game(root, translated: bool, stray_cell: bool = False):
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "cards.yaml").write_text(DECK, encoding="utf-8")
    _workbook(root / "cards.xlsx", translated, stray_cell)
    return root


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    base = tmp_path_factory.mktemp("sheetpo")
    return _game(base / "hand", True), _game(base / "script", False), base


def test_each_cell_is_exported_at_its_place_and_the_po_file_passes_msgfmt(games):
    hand, _, base = games
    data, count, done = export(hand, "fr")
    catalog = read_po(io.BytesIO(data))
    messages = {m.context: m for m in catalog if m.id}
    assert count == 7 and done == 6  # the title, three names, three texts; the title has no French
    assert "#: cards.xlsx:Cards!B3\n" in data.decode() and "#: cards.xlsx:Cards!D4\n" in data.decode()
    spice = messages["cards.xlsx:Cards spice name"]
    assert spice.id == "Spice Seller" and spice.string == "Marchande d'épices"
    assert messages["cards.xlsx:Cards spice text"].string == "=Échange une carte."
    assert messages["cards.xlsx:Cards ghost text"].id == "Look at the top card."
    assert "box 'body' of layout 'face'" in " ".join(messages["cards.xlsx:Cards lamp text"].auto_comments)
    assert export(hand, "fr")[0] == data
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed here (.ci/run installs it)")
    po = base / "hand.fr.po"
    po.write_bytes(data)
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_an_untouched_round_trip_changes_no_byte_of_the_workbook(games, tmp_path):
    hand, _, _ = games
    before = (hand / "cards.xlsx").read_bytes()
    po = tmp_path / "same.po"
    po.write_bytes(export(hand, "fr")[0])
    imported = import_po(hand, po, None)
    assert imported.changed == [] and imported.problems == [] and imported.translations == 6
    assert (hand / "cards.xlsx").read_bytes() == before


def test_imported_columns_build_what_typed_columns_build_and_keep_the_rest(games, tmp_path):
    hand, script, _ = games
    po = tmp_path / "filled.fr.po"
    assert filled_po(hand, script, "fr", po) == [""] * 7
    assert import_po(script, po, "fr").changed == ["cards.xlsx"]
    after = (script / "cards.xlsx").read_bytes()
    assert import_po(script, po, "fr").changed == [] and (script / "cards.xlsx").read_bytes() == after

    book = openpyxl.load_workbook(script / "cards.xlsx")
    assert book.sheetnames == ["Intro", "Cards"]
    assert book["Intro"]["A1"].value == "Cards of Sheet Mini; keep the ids." and book["Intro"]["B3"].value == 42
    cards = book["Cards"]
    assert [c.value for c in cards[1]] == ["id", "name", "name@fr", "text", "text@fr", "remarks"]
    assert all(c.font.b for c in cards[1])  # the new header cells take the source's style
    assert cards["B2"].fill.fgColor.rgb == "00FFFF00" and cards["C2"].fill.fgColor.rgb == "00FFFF00"
    assert [cards.cell(r, 6).value for r in (2, 3, 4)] == ["checked lamp", "checked spice", "checked ghost"]
    assert [c in cards.column_dimensions for c in "BCDEF"] == [True, True, False, False, True]  # widths set
    assert cards.column_dimensions["F"].width == 40  # the remarks moved right with their width
    assert cards.column_dimensions["B"].width == cards.column_dimensions["C"].width == 22
    assert cards["E3"].value == "=Échange une carte." and cards["E3"].data_type == "s"
    assert not [t for t in status(script, "fr")[1] if t.file == "cards.xlsx"]

    outs = []
    for game in (hand, script):
        out = tmp_path / ("out-" + game.name)
        result = build_game(game, BuildOptions(out=out, lang="fr"))
        assert not [w for w in result.warnings if "no fr translation of 'name'" in w.message]
        outs.append(out / game.name / "fr")
    pdfs = sorted(p.name for p in outs[0].rglob("*.pdf"))
    assert "cards.pdf" in pdfs
    for name in pdfs:
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def test_the_build_warns_each_untranslated_cell_at_its_cell(games, run_cli):
    _, script, _ = games
    fresh = script.parent / "fresh"
    if not fresh.exists():
        _game(fresh, False)
    result = run_cli("validate", fresh)
    assert result.exit_code == 0
    assert "cards.xlsx:Cards!B2: warning: no fr translation of 'name'" in result.output
    assert "cards.xlsx:Cards!C2: warning: no fr translation of 'text'" in result.output
    assert "fill a 'text@fr' column) (also at" in result.output and "cards.xlsx:Cards!C4)" in result.output
    assert "fr: 0% translated (0 of 7 texts)" in result.output


def test_an_ods_deck_exports_but_is_not_written_into(games, tmp_path, run_cli):
    from tests.test_spreadsheet_decks import ods

    game = tmp_path / "odsgame"
    game.mkdir()
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "cards.yaml").write_text(DECK.replace("cards.xlsx", "cards.ods"), encoding="utf-8")
    ods(game / "cards.ods", {"Cards": [["id", "name", "text"], ["lamp", "Lamplighter", "Take 2 coins."]]})
    before = (game / "cards.ods").read_bytes()
    data = export(game, "fr")[0].decode()
    assert "#: cards.ods:Cards!B2" in data
    po = tmp_path / "ods.fr.po"
    po.write_text(data.replace('msgid "Lamplighter"\nmsgstr ""', 'msgid "Lamplighter"\nmsgstr "Allumeuse"')
                  .replace('msgid "Sheet Mini"\nmsgstr ""', 'msgid "Sheet Mini"\nmsgstr "Mini feuille"'),
                  encoding="utf-8")
    before_game = (game / "game.yaml").read_bytes()
    result = run_cli("translate", "import", game, po)
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip() and line != "1 error"]
    assert len(lines) == 1 and "cards.ods:Cards!B2:" in lines[0] and "save the worksheet as .xlsx" in lines[0]
    assert (game / "cards.ods").read_bytes() == before and (game / "game.yaml").read_bytes() == before_game


def test_a_workbook_too_large_to_edit_is_refused_at_its_place(tmp_path):
    game = _game(tmp_path / "far", False, stray_cell=True)
    data = export(game, "fr")[0].decode()  # the deck's worksheet reads well: the stray cell is on another
    po = tmp_path / "far.fr.po"
    po.write_text(data.replace('msgid "Lamplighter"\nmsgstr ""', 'msgid "Lamplighter"\nmsgstr "Allumeuse"'),
                  encoding="utf-8")
    before = (game / "cards.xlsx").read_bytes()
    with pytest.raises(SpecErrors) as e:
        import_po(game, po, "fr")
    assert str(e.value.errors[0].pos).endswith("cards.xlsx:Intro!XFD1048576")
    assert "row 1048576" in e.value.errors[0].message
    assert (game / "cards.xlsx").read_bytes() == before


RULES = "# Sheet Mini\n\n## Setup\n\nShuffle the deck.\n\n## Turn\n\nDraw a card, then play it.\n"
RULES_FR = "# Sheet Mini\n\n## Mise en place\n\nMélangez le paquet.\n\n## Turn\n\nPiochez une carte, puis jouez-la.\n"


def test_each_untranslated_paragraph_is_one_warning_at_its_line(games, tmp_path, run_cli):
    hand, _, _ = games
    game = tmp_path / "rules"
    shutil.copytree(hand, game)
    (game / "rules.md").write_text(RULES, encoding="utf-8")
    result = run_cli("validate", game)
    rule_warnings = [line for line in result.output.splitlines() if "rulebook" in line or "paragraph" in line]
    assert len(rule_warnings) == 1 and "no fr rulebook ('rules.fr.md'): create it" in rule_warnings[0], result.output
    (game / "rules.fr.md").write_text(RULES_FR, encoding="utf-8")
    result = run_cli("validate", game)
    paragraphs = [line.replace(f"{game}/", "") for line in result.output.splitlines() if "paragraph" in line]
    assert paragraphs == ["rules.md:7:1: warning: paragraph 4 of 'rules.md' (\"## Turn\") has no fr translation in "
                          "'rules.fr.md': it is the same there"]
    assert "fr: 83% translated (10 of 12 texts)" in result.output  # the title, 6 cells, 5 paragraphs
    listed = run_cli("translate", "status", game, "--lang", "fr").output
    assert f"{game}/rules.md:7: rules.md ¶4: '## Turn'" in listed.replace("\n", "")
    (game / "rules.fr.md").write_text("# Sheet Mini\n\nTout en un.\n", encoding="utf-8")
    result = run_cli("validate", game)
    # written by hand in paragraphs of its own: translated as a whole, no warning (a translator may split or join)
    assert [line for line in result.output.splitlines() if "paragraph" in line or "rules.fr.md" in line] == []


def _one_translation(game, tmp_path):
    data = export(game, "fr")[0].decode()
    po = tmp_path / "one.fr.po"
    po.write_text(data.replace('msgid "Lamplighter"\nmsgstr ""', 'msgid "Lamplighter"\nmsgstr "Allumeuse"'),
                  encoding="utf-8")
    return po


def test_a_workbook_larger_than_pnp_edits_is_refused_and_left_alone(tmp_path, monkeypatch):
    from pnp.translate import sheetwrite

    game = _game(tmp_path / "big", False)
    po = _one_translation(game, tmp_path)
    monkeypatch.setattr(sheetwrite, "MAX_EDITED_UNPACKED_BYTES", 2_000)  # the real bound is 30 MB
    before = (game / "cards.xlsx").read_bytes()
    with pytest.raises(SpecErrors) as e:
        import_po(game, po, "fr")
    assert "unpacks to" in e.value.errors[0].message and e.value.errors[0].pos.path.endswith("cards.xlsx")
    assert (game / "cards.xlsx").read_bytes() == before


def test_no_column_is_moved_under_a_formula(tmp_path):
    game = _game(tmp_path / "formula", False)
    book = openpyxl.load_workbook(game / "cards.xlsx")
    book["Cards"]["E2"] = "=LEN(D2)"  # a formula pointing at the remarks, which a new column would move
    book.save(game / "cards.xlsx")
    po = _one_translation(game, tmp_path)
    before = (game / "cards.xlsx").read_bytes()
    imported = import_po(game, po, "fr")
    assert imported.changed == [] and (game / "cards.xlsx").read_bytes() == before
    assert len(imported.problems) == 1 and "cards.xlsx:Cards!C1: no room for a 'name@fr' column" in imported.problems[0]
