"""Broken specs: each gives exit code 2 and a message at the right file:line:col, never a traceback."""
from __future__ import annotations

import subprocess
import sys

import pytest

from designerwords import assert_designer_words
from conftest import MINI_DECK, write_game

GOOD_CARD = "  - {id: c1, fields: {name: One, power: 1, icons: [star]}}\n"


def deck_with(old: str, new: str, cards: str = GOOD_CARD) -> str:
    text = MINI_DECK + cards
    assert old in text, old
    return text.replace(old, new, 1)


# (name, cards.yaml text, expected "line:col: message fragment")
CASES = [
    ("unknown box key with a suggestion",
     deck_with("font: sans-bold, size: 14pt", "fnt: sans-bold, size: 14pt"),
     "14:78: unknown key 'fnt' (did you mean 'font'?)"),
    ("bad unit",
     deck_with("x: 5mm, y: 40mm", "x: 5mn, y: 40mm"),
     "15:55: 'x': unknown unit 'mn' in '5mn'"),
    ("wrong type",
     deck_with("{id: c1, fields", "{id: c1, count: many, fields"),
     "24:21: 'count' must be a whole number, got 'many'"),
    ("out of range field",
     deck_with("power: 1,", "power: 12,"),
     "24:41: card 'c1' (front): field 'power' must be at most 9, got 12"),
    ("unknown field with a suggestion",
     deck_with("power: 1,", "powr: 1,"),
     "24:34: card 'c1' (front): unknown field 'powr' (did you mean 'power'?)"),
    ("dangling layout reference",
     deck_with("{id: c1, fields", "{id: c1, layout: fcae, fields"),
     "24:22: card 'c1' (front): unknown layout 'fcae' (did you mean 'face'?)"),
    ("unknown icon in a card field",
     deck_with("icons: [star]", "icons: [stra]"),
     "24:51: card 'c1' (front): field 'icons' names unknown icon 'stra' (did you mean 'star'?)"),
    ("unknown icon in layout text",
     deck_with(":star:", ":stra:"),
     "15:20: box 'body': unknown icon 'stra' (did you mean 'star'?)"),
    ("negative size",
     deck_with("size: poker", "size: {width: -63mm, height: 88mm}"),
     "3:15: 'width': must be greater than zero, got '-63mm'"),
    ("duplicate key",
     deck_with("layout: face\n", "layout: face\nlayout: face\n"),
     "5:1: duplicate key 'layout' (first at line 4)"),
    ("yaml syntax error",
     deck_with("      row: {type: icons", "      row: {type: icons,, "),
     "YAML syntax error"),
    ("tab indentation",
     deck_with("    boxes:\n      frame", "    boxes:\n\t  frame"),
     "use spaces, not tabs"),
    ("extends cycle",
     deck_with("  face:\n", "  face:\n    extends: back\n").replace("  back:\n", "  back:\n    extends: face\n"),
     "layout 'face' extends itself in a cycle"),
    ("undefined name in a template",
     deck_with("{{ name }}", "{{ nmae }}"),
     "14:25: 'nmae' is undefined (1 card: "),  # at the template, naming the cards it fails on
    ("unknown colour",
     deck_with('background: "#fff3e0"', "background: lightbrwn"),
     "11:17: 'background': unknown colour 'lightbrwn'"),
    ("duplicate card id",
     deck_with("", "", cards=GOOD_CARD + GOOD_CARD),
     "25:10: duplicate card id 'c1' (first at line 24)"),
]


@pytest.mark.parametrize("name,text,expected", CASES, ids=[c[0] for c in CASES])
def test_broken_deck_reports_file_line_col(run_cli, tmp_path, name, text, expected):
    game = write_game(tmp_path)
    (game / "cards.yaml").write_text(text)
    result = run_cli("validate", game)
    assert result.exit_code == 2, result.output
    if expected[0].isdigit():
        assert f"cards.yaml:{expected}" in result.output, result.output
    else:
        assert expected in result.output, result.output
    assert_designer_words(result.output)


def test_every_error_of_a_file_is_reported_at_once(run_cli, tmp_path):
    game = write_game(tmp_path)
    text = deck_with("fields:\n  name", "fields:\n  name").replace("font: sans-bold, size: 14pt", "fnt: sans-bold, size: 14pt")
    text = text.replace("x: 5mm, y: 40mm", "x: 5mn, y: 40mm")
    (game / "cards.yaml").write_text(text)
    result = run_cli("validate", game)
    assert result.exit_code == 2
    assert "unknown key 'fnt'" in result.output and "unknown unit 'mn'" in result.output
    assert "2 errors" in result.output


def test_csv_errors_are_located_in_the_csv(run_cli, tmp_path):
    game = write_game(tmp_path, deck_extra="data: rows.csv\n")
    (game / "rows.csv").write_text("id,name,power\nr1,Fine,3\nr2,Too strong,12\nr3,Short\n")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    assert "rows.csv:3:15: card 'r2' (front): field 'power' must be at most 9, got 12" in result.output
    assert "rows.csv:4:" in result.output and "2 cells but the header names 3 columns" in result.output


def test_missing_data_file_is_located_at_the_data_key(run_cli, tmp_path):
    game = write_game(tmp_path, deck_extra="data: rows.csv\n")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    assert "cards.yaml:23:7:" in result.output and "not found" in result.output


def test_cli_exit_code_2_and_no_traceback_in_a_real_process(tmp_path):
    game = write_game(tmp_path)
    (game / "cards.yaml").write_text(deck_with("size: poker", "size: 63mn"))
    proc = subprocess.run([sys.executable, "-m", "pnp", "build", str(game), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "cards.yaml:3:7:" in proc.stderr
    assert_designer_words(proc.stderr + proc.stdout)
    assert not (tmp_path / "out" / "mini").exists()


def test_game_yaml_errors(run_cli, tmp_path):
    game = write_game(tmp_path)
    (game / "game.yaml").write_text("title: Mini\nplayrs: 1\ncomponents: [cards.yaml, missing.yaml]\n")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    assert "game.yaml:2:1: unknown key 'playrs' (did you mean 'players'?)" in result.output
    assert "game.yaml:3:26:" in result.output and "missing.yaml" in result.output


def test_a_bleed_no_print_shop_asks_for_is_an_error_at_it(tmp_path, run_cli):
    """`bleed: 1000` (a metre, as a bare number is millimetres) built a two-metre print-shop page."""
    from conftest import write_game

    game = write_game(tmp_path, cards=2, deck_extra="bleed: 1000\n")
    result = run_cli("validate", game)
    line = (game / "cards.yaml").read_text().splitlines().index("bleed: 1000") + 1
    assert result.exit_code == 2 and f"cards.yaml:{line}:" in result.output and "at most 10 mm" in result.output, \
        result.output
    fine = write_game(tmp_path / "fine", cards=2, deck_extra="bleed: 5mm\n")
    assert run_cli("validate", fine).exit_code == 0
