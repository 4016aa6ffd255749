"""Everyday mistakes in a game's data get one message at their cause, in the designer's words.

A value typed in a spreadsheet cell is reported at that cell (`cards.csv:12:4`, `cards.xlsx:Ships!D18`)
whatever check fails on it; a table written for another tool (a `qty` column, `;` between values) is
told what pnp reads instead; an icon pnp once drew itself says what replaced it; a block helper in a
rulebook table row is an error at the call. Each is checked through `pnp build` as a designer runs it:
the exit code, the place printed, and no traceback.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path

import openpyxl
import pytest
import yaml
from PIL import Image

from pnp.draw import icons
from pnp.paths import DATA, EXAMPLES

DECK = """\
kind: deck
name: ships
size: poker
data: DATA
layout: face
{fields}layouts:
  face:
    boxes:
      title: {{text: "{{{{ name }}}}", x: 5mm, y: 5mm, width: 53mm, height: 10mm}}
      art: {{type: image, src: "art/{{{{ pic }}}}", x: 5mm, y: 16mm, width: 53mm, height: 30mm}}
      mark: {{type: image, src: "icon:{{{{ icon }}}}", x: 5mm, y: 47mm, width: 10mm, height: 10mm}}
      band: {{type: shape, x: 20mm, y: 47mm, width: 10mm, height: 10mm, fill: "{{{{ tint }}}}"}}
      body: {{text: "{{{{ text }}}}", x: 5mm, y: 60mm, width: 53mm, height: 8mm, size: 9pt, min_size: 7pt}}
"""
FIELDS = """\
fields:
  name: {type: text, required: true}
  pic: {type: text}
  icon: {type: text}
  tint: {type: text, default: "#ffffff"}
  power: {type: int, min: 0, max: 9}
  text: {type: text, default: ""}
"""
HEADER = ["name", "pic", "icon", "tint", "power", "text"]
GOOD = ["Alpha", "ship.png", "star", "#d0e0f0", 1, "Fast."]


def _game(root: Path, rows: list[list], table: str, fields: str = FIELDS, header=HEADER) -> Path:
    game = root / "fleet"
    (game / "art").mkdir(parents=True)
    Image.new("RGB", (1000, 600), (20, 90, 160)).save(game / "art" / "ship.png", dpi=(300, 300))
    Image.new("RGB", (60, 36), (160, 90, 20)).save(game / "art" / "boat.png", dpi=(72, 72))
    (game / "game.yaml").write_text("title: Fleet\nplayers: 2\ncomponents: [ships.yaml]\nprint: {min_ppi: 300}\n")
    data = "{file: cards.xlsx, sheet: Ships}" if table == "xlsx" else "cards.csv"
    (game / "ships.yaml").write_text(DECK.format(fields=fields).replace("DATA", data))
    if table == "xlsx":
        book = openpyxl.Workbook()
        book.remove(book.active)
        sheet = book.create_sheet("Ships")
        for row in [header, *rows]:
            sheet.append(row)
        book.save(game / "cards.xlsx")
    else:
        with open(game / "cards.csv", "w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([header, *rows])
    return game


def cell(game: Path, table: str, row: int, column: str) -> str:
    """How a designer's spreadsheet names the cell of data row `row` (1 = the first under the header)."""
    j = HEADER.index(column) if column in HEADER else None
    if table == "xlsx":
        return f"cards.xlsx:Ships!{'ABCDEFGH'[j]}{row + 1}"
    line = (game / "cards.csv").read_text(encoding="utf-8").splitlines()[row]
    col = sum(len(c) + 1 for c in next(csv.reader([line]))[:j]) + 1  # no quoted cells in these rows
    return f"cards.csv:{row + 1}:{col}"


def build(run_cli, game: Path, out: Path, code: int):
    result = run_cli("build", game, "--out", out, "--force")
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and not re.search(r"\bpnp\.\w+\.\w+|Error\b:", result.output), result.output
    return result.output


def at(output: str, place: str) -> list[str]:
    """The messages printed at `place` (a cell, or file:line:col), as lines."""
    return [line for line in output.splitlines() if re.search(rf"(^|[\s/]){re.escape(place)}: ", line)]


TABLES = pytest.mark.parametrize("table", ["csv", "xlsx"])


# --------------------------------------------------------------------------- values from a cell, at the cell

@TABLES
def test_a_misspelt_picture_in_a_cell_is_an_error_at_that_cell(run_cli, tmp_path, table):
    game = _game(tmp_path, [GOOD, ["Beta", "shp.png", "star", "#d0e0f0", 2, "Slow."]], table)
    output = build(run_cli, game, tmp_path / "out", 2)
    [message] = at(output, cell(game, table, 2, "pic"))
    assert "'art/shp.png' not found" in message and "did you mean 'art/ship.png'" in message
    assert "ships.yaml" not in output  # not at the layout that read it


def test_validate_finds_a_misspelt_picture_in_a_cell_at_that_cell_too(run_cli, tmp_path):
    game = _game(tmp_path, [GOOD, ["Beta", "shp.png", "star", "#d0e0f0", 2, "Slow."]], "xlsx")
    result = run_cli("validate", game)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    [message] = at(result.output, cell(game, "xlsx", 2, "pic"))
    assert "'art/shp.png' not found" in message


@TABLES
def test_a_low_resolution_picture_is_warned_of_at_the_first_cell_naming_it(run_cli, tmp_path, table):
    rows = [GOOD, ["Beta", "boat.png", "star", "#d0e0f0", 2, "Slow."], ["Gamma", "boat.png", "star", "#d0e0f0", 3, "Old."]]
    game = _game(tmp_path, rows, table)
    output = build(run_cli, game, tmp_path / "out", 0)
    [message] = at(output, cell(game, table, 2, "pic"))
    assert "warning: image 'art/boat.png'" in message and "below 300 ppi" in message
    assert output.count("art/boat.png") == 1  # once for the picture in that box, not once per card


@TABLES
def test_an_icon_typo_in_a_cell_is_an_error_at_that_cell(run_cli, tmp_path, table):
    rows = [GOOD, ["Beta", "ship.png", "starr", "#d0e0f0", 2, "Slow."],
            ["Gamma", "ship.png", "star", "#d0e0f0", 3, "Gains a :hert: each turn."]]
    game = _game(tmp_path, rows, table)
    output = build(run_cli, game, tmp_path / "out", 2)
    [image] = at(output, cell(game, table, 2, "icon"))
    assert "box 'mark': unknown icon 'starr' (did you mean 'star'?)" in image
    [inline] = at(output, cell(game, table, 3, "text"))
    assert "box 'body': unknown icon 'hert' (did you mean 'heart'?)" in inline


@TABLES
def test_a_colour_typo_in_a_cell_is_an_error_at_that_cell(run_cli, tmp_path, table):
    game = _game(tmp_path, [GOOD, ["Beta", "ship.png", "star", "bleu", 2, "Slow."]], table)
    output = build(run_cli, game, tmp_path / "out", 2)
    [message] = at(output, cell(game, table, 2, "tint"))
    assert "box 'band'" in message and "unknown colour 'bleu'" in message


@TABLES
def test_text_that_overflows_is_warned_of_at_its_cell_naming_the_boxs_min_size(run_cli, tmp_path, table):
    long = "A long rule that never ends. " * 12
    game = _game(tmp_path, [GOOD, ["Beta", "ship.png", "star", "#d0e0f0", 2, long]], table)
    output = build(run_cli, game, tmp_path / "out", 0)
    [message] = at(output, cell(game, table, 2, "text"))
    min_size = yaml.safe_load((game / "ships.yaml").read_text())["layouts"]["face"]["boxes"]["body"]["min_size"]
    assert f"text does not fit even at its min_size of {min_size.removesuffix('pt')} pt" in message
    assert len(re.findall(r"\d+(?:\.\d+)? pt", message)) == 1  # no other size is named


@TABLES
def test_a_value_out_of_range_is_an_error_at_its_cell(run_cli, tmp_path, table):
    game = _game(tmp_path, [GOOD, ["Beta", "ship.png", "star", "#d0e0f0", 12, "Slow."]], table)
    output = build(run_cli, game, tmp_path / "out", 2)
    [message] = at(output, cell(game, table, 2, "power"))
    assert "field 'power' must be at most 9, got 12" in message


# --------------------------------------------------------------------------- a table written for another tool

@pytest.mark.parametrize("name", ["qty", "Quantity", "COPIES", "amount", "Count"])
def test_a_quantity_column_of_another_tool_is_a_warning_at_its_header_naming_count(run_cli, tmp_path, name):
    header = [*HEADER, name]
    game = _game(tmp_path, [[*GOOD, 3]], "csv", fields="", header=header)
    output = build(run_cli, game, tmp_path / "out", 0)
    col = len(",".join(HEADER)) + 2
    [message] = at(output, f"cards.csv:1:{col}")
    assert f"warning: deck 'ships': column '{name}'" in message and "rename the column to count" in message


def test_a_quantity_column_beside_count_is_just_a_field(run_cli, tmp_path):
    header = [*HEADER, "count", "copies"]
    game = _game(tmp_path, [[*GOOD, 2, "two"]], "csv", fields="", header=header)
    output = build(run_cli, game, tmp_path / "out", 0)
    assert "copies" not in output


def test_an_undeclared_quantity_column_names_count_in_its_error(run_cli, tmp_path):
    header = [*HEADER, "qty"]
    game = _game(tmp_path, [[*GOOD, 3]], "csv", header=header)
    output = build(run_cli, game, tmp_path / "out", 2)
    [message] = at(output, f"cards.csv:1:{len(','.join(HEADER)) + 2}")
    assert "column 'qty' is not a field" in message and "read from a column named `count`" in message


@pytest.mark.parametrize("key", ["qty", "copies"])
def test_a_quantity_key_of_a_yaml_card_suggests_count(run_cli, tmp_path, key):
    from pnp.scaffold import create

    game = create("keyed", tmp_path, template="default").dir
    deck = game / "deck.yaml"
    text = deck.read_text()
    assert "{id: one, count: 3," in text
    deck.write_text(text.replace("{id: one, count: 3,", f"{{id: one, {key}: 3,"))
    output = build(run_cli, game, tmp_path / "out", 2)
    line = next(n for n, t in enumerate(deck.read_text().splitlines(), 1) if f"{key}: 3" in t)
    [message] = at(output, f"deck.yaml:{line}:{deck.read_text().splitlines()[line - 1].index(key) + 1}")
    assert f"unknown key '{key}' (did you mean 'count'?" in message


@pytest.mark.parametrize(("separator", "told"), [(";", "';' (semicolons)"), ("\t", "tabs")])
def test_a_csv_with_another_separator_is_one_error_at_its_header(run_cli, tmp_path, separator, told):
    game = _game(tmp_path, [GOOD], "csv")
    rows = [HEADER, GOOD, ["Beta", "ship.png", "star", "#d0e0f0", "2,5", "Slow, then fast."]]
    with open(game / "cards.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f, delimiter=separator).writerows(rows)
    output = build(run_cli, game, tmp_path / "out", 2)
    [message] = at(output, "cards.csv:1:1")
    assert f"this file seems to use {told} between its values" in message and "pnp reads CSV with commas" in message
    assert "1 error" in output  # not one more for each row that then has too many cells


# --------------------------------------------------------------------------- icons pnp once drew itself

RETIRED = yaml.safe_load((DATA / "retired-icons.yaml").read_text(encoding="utf-8"))


def test_every_retired_icon_is_gone_and_every_replacement_is_built_in():
    assert {"lantern", "alarm-clock", "page", "idol", "tome"} <= set(RETIRED)
    assert not [n for n in RETIRED if icons.exists(n)]  # else the note would never be shown
    assert not [v for v in RETIRED.values() if v and not icons.exists(v)]


@pytest.mark.parametrize("name", ["lantern", "alarm-clock", "page", "idol", "tome"])
def test_an_icon_pnp_once_drew_says_what_replaced_it(run_cli, tmp_path, name):
    game = _game(tmp_path, [GOOD], "csv")
    deck = game / "ships.yaml"
    deck.write_text(deck.read_text().replace('src: "icon:{{ icon }}"', f'src: "icon:{name}"'))
    output = build(run_cli, game, tmp_path / "out", 2)
    line = next(n for n, text in enumerate(deck.read_text().splitlines(), 1) if f"icon:{name}" in text)
    text = deck.read_text().splitlines()[line - 1]
    [message] = at(output, f"ships.yaml:{line}:{text.index(chr(34) + 'icon:') + 1}")  # at the value, its quote
    assert f"unknown icon '{name}' ('{name}' was a built-in icon until" in message
    assert f"use '{RETIRED[name]}'" in message and "did you mean" not in message
    drawn_by = re.search(r"of the example '([\w-]+)'", message).group(1)
    assert (EXAMPLES / drawn_by / "art" / "icons" / f"{name}.svg").is_file()


def test_a_retired_icon_in_a_cell_is_told_at_the_cell(run_cli, tmp_path):
    game = _game(tmp_path, [GOOD, ["Beta", "ship.png", "tome", "#d0e0f0", 2, "Slow."]], "csv")
    output = build(run_cli, game, tmp_path / "out", 2)
    [message] = at(output, cell(game, "csv", 2, "icon"))
    assert "'tome' was a built-in icon" in message and "use 'book'" in message


# --------------------------------------------------------------------------- the rulebook's tables

def test_card_in_a_rulebook_table_row_is_an_error_at_the_call(run_cli, tmp_path):
    from pnp.scaffold import create

    game = create("tabled", tmp_path, template="default").dir
    rules = game / "rules.md"
    row = '| Spark | {{ card("cards", "one", width="20mm") }} |'
    rules.write_text(rules.read_text() + f"\n| Card | Look |\n|---|---|\n{row}\n")
    output = build(run_cli, game, tmp_path / "out", 2)
    line = rules.read_text().splitlines().index(row) + 1
    [message] = at(output, f"rules.md:{line}:{row.index('card(') + 1}")
    assert "card() draws a block of its own, so in a table row it ends the table there" in message


def test_card_on_its_own_line_after_a_table_builds(run_cli, tmp_path):
    from pnp.scaffold import create

    game = create("tabled", tmp_path, template="default").dir
    rules = game / "rules.md"
    rules.write_text(rules.read_text() + '\n| Card | Cost |\n|---|---|\n| Spark | 1 |\n\n{{ card("cards", "one") }}\n')
    build(run_cli, game, tmp_path / "out", 0)
