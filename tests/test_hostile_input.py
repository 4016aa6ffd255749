"""Hostile and broken input: every case exits 2 with a located message, no traceback,
and leaves the outputs of an earlier good build byte-identical."""
from __future__ import annotations

import os
import re

import pytest

from designerwords import assert_designer_words
from conftest import MINI_DECK, MINI_GAME, write_game
from workbound import calls_within

HOSTILE_CALLS = 30_000_000  # the most a case takes is 9.3 million calls (many unknown keys, each located)
LONG_LINE_CALLS = 1_000_000  # a refusal takes about 33,000 calls; laying the line out took minutes

CARD = "  - {id: c1, fields: {name: One, power: 1, icons: [star]}}\n"
DECK = MINI_DECK + CARD
SVG_OK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n'


def deck(old: str, new: str) -> str:
    assert old in DECK, old
    return DECK.replace(old, new, 1)


def with_art(game, name="art/pic.svg", text=SVG_OK):
    (game / "art").mkdir(exist_ok=True)
    (game / name).write_text(text)


# name → (file to write, its content (str or bytes) or a callable(game) that breaks the game, expected location)
CASES = {
    "yaml syntax error": ("cards.yaml", deck("size: poker", "size: [poker"), "cards.yaml:4:"),
    "tab indentation": ("cards.yaml", deck("  face:\n    background", "  face:\n\tbackground"), "cards.yaml:11:1:"),
    "duplicate key": ("cards.yaml", deck("name: mini\n", "name: mini\nname: maxi\n"), "cards.yaml:3:1:"),
    "unknown top-level key": ("cards.yaml", deck("layout: face", "layot: face"), "cards.yaml:4:1:"),
    "wrong type": ("cards.yaml", deck("size: poker", "size: poker\nbleed: [1, 2]"), "cards.yaml:4:8:"),
    "bad unit": ("cards.yaml", deck("size: poker", "size: poker\nbleed: 3mn"), "cards.yaml:4:8:"),
    "negative bleed": ("cards.yaml", deck("size: poker", "size: poker\nbleed: -3mm"), "cards.yaml:4:8:"),
    "zero width": ("cards.yaml", deck("size: poker", "size: {width: 0, height: 88mm}"), "cards.yaml:3:15:"),
    "huge number": ("cards.yaml", deck("size: poker", "size: {width: 1e400, height: 88mm}"), "cards.yaml:3:15:"),
    "huge count": ("cards.yaml", deck("{id: c1,", "{id: c1, count: 100000000000000000000,"), "cards.yaml:24:"),
    "too many cards": ("cards.yaml", deck("{id: c1,", "{id: c1, count: 10000,") + "".join(
        f"  - {{id: x{i}, count: 10000, fields: {{name: X}}}}\n" for i in range(10)), "cards.yaml:24:"),
    "negative count": ("cards.yaml", deck("{id: c1,", "{id: c1, count: -1,"), "cards.yaml:24:"),
    "dangling layout": ("cards.yaml", deck("layout: face", "layout: fcae"), "cards.yaml:"),
    "unknown font": ("cards.yaml", deck("font: sans-bold", "font: comic-sans"), "cards.yaml:14:"),
    "unknown colour": ("cards.yaml", deck('"#263238"', "darkblu"), "cards.yaml:18:17:"),
    "extends cycle": ("cards.yaml", deck("  face:\n", "  face:\n    extends: face\n"), "cards.yaml:11:14:"),
    "extends unknown": ("cards.yaml", deck("  face:\n", "  face:\n    extends: basis\n"), "cards.yaml:11:14:"),
    "override of a missing box": ("cards.yaml", deck("{id: c1,", "{id: c1, boxes: {titel: {size: 9pt}},"), "cards.yaml:24:"),
    "show_if with an unknown field": ("cards.yaml", deck("row: {type: icons,", "row: {show_if: powre, type: icons,"), "cards.yaml:16:22:"),  # at the show_if, not the card
    "top level is a list": ("cards.yaml", "- kind: deck\n- name: x\n", "cards.yaml:1:1:"),
    "two documents": ("cards.yaml", DECK + "---\nkind: deck\n", "cards.yaml:25:1:"),
    "key that is a list": ("cards.yaml", deck("name: mini", "[name]: mini"), "cards.yaml:2:1:"),
    "missing kind": ("cards.yaml", deck("kind: deck\n", ""), "cards.yaml:1:1:"),
    "unknown kind": ("cards.yaml", deck("kind: deck", "kind: dek"), "cards.yaml:1:7:"),
    "empty file": ("cards.yaml", "", "cards.yaml:1:1:"),
    "only a comment": ("cards.yaml", "# nothing here\n", "cards.yaml:1:1:"),
    "binary file": ("cards.yaml", b"kind: deck\n\x00\x01\x02\xff", "cards.yaml:2:1:"),
    "not utf-8": ("cards.yaml", "kind: deck\nname: caf\xe9\n".encode("latin-1"), "cards.yaml:2:10:"),
    "alias bomb": ("cards.yaml", "kind: deck\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                   "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                   "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
                   "g: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n", "cards.yaml:"),
    "deep nesting": ("cards.yaml", "kind: deck\nx: " + "[" * 5000 + "]" * 5000 + "\n", "cards.yaml:"),
    "data path escapes": ("cards.yaml", deck("size: poker", "size: poker\ndata: ../../../etc/passwd"), "cards.yaml:4:7:"),
    "absolute data path": ("cards.yaml", deck("size: poker", "size: poker\ndata: /etc/passwd"), "cards.yaml:4:7:"),
    "url as data path": ("cards.yaml", deck("size: poker", "size: poker\ndata: http://example.com/x.csv"), "cards.yaml:4:7:"),
    "missing art": ("cards.yaml", deck('src: "icon:star"', 'src: "art/nothere.svg"'), "cards.yaml:20:"),
    "sandbox escape": ("cards.yaml", deck("{{ name }}", "{{ ''.__class__.__mro__[1].__subclasses__() }}"), "cards.yaml:14:"),
    "sandbox escape in a card field": ("cards.yaml", deck("{{ name }}", "{{ name.__class__.__mro__ }}"), "cards.yaml:14:30:"),  # at the template
    "template syntax error": ("cards.yaml", deck("{{ name }}", "{{ name "), "cards.yaml:14:"),
    "csv bad int": ("cards.yaml", deck("size: poker", "size: poker\ndata: rows.csv"), "rows.csv:2:4:"),
    "game.yaml missing": ("game.yaml", None, "game.yaml"),
    "game.yaml unknown key": ("game.yaml", MINI_GAME.replace("players", "plyers"), "game.yaml:2:1:"),
    "game.yaml wrong type": ("game.yaml", MINI_GAME.replace("title: Mini", "title: [Mini]"), "game.yaml:1:8:"),
    "game.yaml a bare scalar": ("game.yaml", "hello\n", "game.yaml:1:1:"),
    "game.yaml a bare number": ("game.yaml", "5\n", "game.yaml:1:1:"),
    # a long title or players line cost minutes of line breaking, or a title-page row no page could hold
    "game.yaml title of 200,000 characters": ("game.yaml", MINI_GAME.replace("title: Mini", "title: " + "x" * 200_000),
                                              "game.yaml:1:8:"),
    "game.yaml players of 200,000 characters": ("game.yaml", MINI_GAME.replace("players: 1", "players: " + "x" * 200_000),
                                                "game.yaml:2:10:"),
    "game.yaml version of 200,000 characters": ("game.yaml", MINI_GAME + "version: " + "1" * 200_000 + "x\n",
                                                "game.yaml:4:10:"),
    # `pnp check` played every game asked for: 100,000 took two minutes
    "game.yaml balance of 100,000 games": ("game.yaml", MINI_GAME + "balance:\n  games: 100000\n", "game.yaml:5:10:"),
    "many unknown keys (quadratic locating)": ("cards.yaml", DECK + "".join(f"k{i}: x\n" for i in range(20_000)),
                                               "cards.yaml:25:1:"),
    "component file missing": ("game.yaml", MINI_GAME.replace("[cards.yaml]", "[cards.yaml, more.yaml]"), "game.yaml:3:26:"),
    "component escapes the folder": ("game.yaml", MINI_GAME.replace("[cards.yaml]", "[../../cards.yaml]"), "game.yaml:3:14:"),
    "svg art with a script": ("art/pic.svg", SVG_OK.replace("<rect", "<script>alert(1)</script><rect"), "pic.svg:1:"),
    "svg art with an external reference": ("art/pic.svg", SVG_OK.replace('<rect width="10" height="10"/>',
                                           '<use href="http://example.com/x.svg#a"/>'), "pic.svg:1:"),
    "svg art with an entity": ("art/pic.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "y">]>\n' + SVG_OK,
                               "pic.svg:2:"),
    "svg art that is not xml": ("art/pic.svg", "<svg><rect></svg>", "pic.svg:1:"),
}


def prepare(tmp_path, name):
    game = write_game(tmp_path, cards=3)
    with_art(game)
    text = (game / "cards.yaml").read_text()
    (game / "cards.yaml").write_text(text.replace('src: "icon:star"', 'src: "art/pic.svg"'))
    return game


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_is_located_and_harmless(run_cli, tmp_path, name):
    game = prepare(tmp_path, name)
    out = tmp_path / "out"
    good = run_cli("build", game, "--out", out)
    assert good.exit_code == 0, good.output
    before = {p: p.read_bytes() for p in (out / "mini").rglob("*") if p.is_file()}
    target, content, where = CASES[name]
    path = game / target
    if content is None:
        path.unlink()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    if name == "csv bad int":
        (game / "rows.csv").write_text("id,power,name\nr1,three,Three\n")
    if name == "missing art":
        (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace('src: "art/pic.svg"', 'src: "art/nothere.svg"'))
    result, calls = calls_within(HOSTILE_CALLS, run_cli, "build", game, "--out", out)  # counted, not timed
    assert result.exit_code == 2, result.output
    assert where in result.output, result.output
    assert_designer_words(result.output)
    print(f"{name}: refused after {calls:,} calls")
    after = {p: p.read_bytes() for p in (out / "mini").rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.parametrize("expect", [
    "components.deck[0].path.parent.parent.joinpath('pwned.txt').write_text('pwned') > 0",  # a write anywhere
    "components.deck[0].path.joinpath('{outside}').read_text() == ''",                     # a read anywhere
    "components.deck[0].spec.parse_file('{outside}') == 1",                                 # pydantic's file reader
    "components.deck[0].spec.model_validate_json('{{}}') == 1",
])
@pytest.mark.parametrize("command", ["validate", "check"])
def test_a_declared_check_cannot_reach_files_through_the_models_it_sees(run_cli, tmp_path, expect, command):
    """A declared check sees the loaded models, and through a deck's `path` (a pathlib.Path) and pydantic's
    methods it wrote and read files anywhere: `pnp validate` wrote pwned.txt beside the game folder."""
    outside = tmp_path / "secret.json"
    outside.write_text('{"secret": 1}')
    game = write_game(tmp_path, cards=1)
    check = expect.format(outside=outside)
    (game / "game.yaml").write_text(MINI_GAME + f"checks:\n  - name: leak\n    expect: \"{check}\"\n")
    result = run_cli(command, game)
    assert result.exit_code == 2, result.output
    refused = re.search(r"\.(path|parse_file|model_validate_json)\b", check).start(1)  # the refused word (the value opens at column 13, its text at 14)
    assert f"game.yaml:6:{14 + refused}:" in result.output and "sandbox" in result.output, result.output
    assert not (tmp_path / "pwned.txt").exists()
    assert_designer_words(result.output)


def test_symlink_out_of_the_game_folder_is_refused(run_cli, tmp_path):
    outside = tmp_path / "secret.csv"
    outside.write_text("id,name\nx,Secret\n")
    game = write_game(tmp_path, deck_extra="data: rows.csv\n")
    os.symlink(outside, game / "rows.csv")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    assert "cards.yaml:23:7:" in result.output and "outside" in result.output


def test_two_builds_into_one_folder_at_once_do_not_corrupt_each_other(tmp_path, mini_game):
    import subprocess
    import sys

    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "pnp", "build", str(mini_game), "--out", str(out), "--force", "--format", "pdf,svg"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
    assert all(p.wait(timeout=120) == 0 for p in procs)
    reference = tmp_path / "ref"
    subprocess.run([*cmd[:5], "--out", str(reference), "--force", "--format", "pdf,svg"], check=True)
    for p in (reference / "mini").rglob("*"):
        if p.is_file():
            assert (out / "mini" / p.relative_to(reference / "mini")).read_bytes() == p.read_bytes()
    assert not [p for p in (out / "mini").rglob("*.tmp")]


# Broken specs of the other kinds, on copies of the bundled games: (game, file, old, new, expected location).
KIND_CASES = {
    "sheet: piece not connected": ("blob", "sheet.yaml", '{label: A, shape: ["##", "#."]', '{label: A, shape: ["#.", ".#"]', "sheet.yaml:49:"),
    "sheet: ragged shape": ("blob", "sheet.yaml", '{label: A, shape: ["##", "#."]', '{label: A, shape: ["##", "#"]', "sheet.yaml:49:"),
    "sheet: piece off the grid": ("blob", "sheet.yaml", "at: [0, 0], points: 3}", "at: [40, 0], points: 3}", "sheet.yaml:49:"),
    "board: ragged map row": ("miskatonic", "board.yaml", "  ^^SSSS^^^_~~_^UUUUUU^^\n  ^..s", "  ^^SSSS^^^_~~_^UUUUUU^\n  ^..s", "board.yaml:40:"),
    "board: character missing from the legend": ("miskatonic", "board.yaml", "  ^..s......==.....u..^^", "  ^..s...?..==.....u..^^", "board.yaml:41:10:"),
    "board: unknown location icon": ("miskatonic", "board.yaml", "icon: sanitarium}", "icon: sanitarum}", "board.yaml:86:"),
    "board: a space too large": ("miskatonic", "board.yaml", "cell: 16mm", "cell: 4000mm", "board.yaml:21:7:"),
    "tokens: a piece larger than the paper": ("miskatonic", "tokens.yaml", "{id: page, name: Page, shape: rounded, size: 14mm",
                                              "{id: page, name: Page, shape: rounded, size: 400mm", "tokens.yaml:"),
    "deck: cards larger than the paper": ("miskatonic", "cards.yaml", "size: poker", "size: {width: 300mm, height: 88mm}", "cards.yaml:"),
    "dice: five faces": ("miskatonic", "dice.yaml", "faces: [elder-sign, hit+6, hit+6, skull+5, skull+5, hit+skull+4]",
                         "faces: [elder-sign, hit+6, hit+6, skull+5, skull+5]", "dice.yaml:16:"),
    "dice: unknown symbol": ("miskatonic", "dice.yaml", "faces: [elder-sign, hit+6,", "faces: [elder-sign, hitt+6,", "dice.yaml:16:"),
    "tokens: negative size": ("miskatonic", "tokens.yaml", "{id: page, name: Page, shape: rounded, size: 14mm",
                              "{id: page, name: Page, shape: rounded, size: -14mm", "tokens.yaml:14:"),
}


@pytest.mark.parametrize("name", list(KIND_CASES))
def test_bad_input_in_other_kinds_is_located_and_harmless(run_cli, tmp_path, name):
    import shutil

    from pnp.paths import EXAMPLES

    game_name, target, old, new, where = KIND_CASES[name]
    game = tmp_path / game_name
    shutil.copytree(EXAMPLES / game_name, game)
    (game / "rules.md").unlink()  # the rulebook is not what these cases test; it only slows them
    out = tmp_path / "out"
    assert run_cli("build", game, "--out", out).exit_code == 0
    before = {p: p.read_bytes() for p in (out / game_name).rglob("*") if p.is_file()}
    text = (game / target).read_text()
    assert old in text, old
    (game / target).write_text(text.replace(old, new, 1))
    result = run_cli("build", game, "--out", out)
    assert result.exit_code == 2, result.output
    assert where in result.output, result.output
    assert_designer_words(result.output)
    assert {p: p.read_bytes() for p in (out / game_name).rglob("*") if p.is_file()} == before


# A name, title or label of one word of 100,000 characters: each line break of it cost reportlab seconds
# (the rulebook lists every component by name), minutes in all; now an error at the value.
LONG_WORD = "x" * 100_000
LONG_LINES = {
    "dice: a die's name": ("miskatonic", "dice.yaml", "name: Investigator die", f"name: {LONG_WORD}", "dice.yaml:15:11:"),
    "board: its title": ("miskatonic", "board.yaml", "title: Miskatonic Valley", f"title: {LONG_WORD}", "board.yaml:20:8:"),
    "sheet: its title": ("blob", "sheet.yaml", "title: The Blob that Ate the City", f"title: {LONG_WORD}", "sheet.yaml:19:8:"),
    "tokens: a label": ("miskatonic", "tokens.yaml", "label: Tome}", f"label: {LONG_WORD}}}", "tokens.yaml:10:"),
}


@pytest.mark.parametrize("name", list(LONG_LINES))
def test_a_name_title_or_label_of_100000_characters_is_a_located_error(run_cli, tmp_path, name):
    import shutil

    from pnp.paths import EXAMPLES

    game_name, target, old, new, where = LONG_LINES[name]
    game = tmp_path / game_name
    shutil.copytree(EXAMPLES / game_name, game)
    text = (game / target).read_text()
    assert old in text, old
    (game / target).write_text(text.replace(old, new, 1))
    result, calls = calls_within(LONG_LINE_CALLS, run_cli, "validate", game)  # laying the word out took minutes
    assert result.exit_code == 2, result.output
    assert where in result.output and "at most 200 characters, got 100,000" in result.output, result.output
    print(f"{name}: refused after {calls:,} calls")
