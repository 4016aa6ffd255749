"""`pnp check` of a game with language editions checks every edition, as `pnp build` builds each: a
finding only some editions have names its language, one every edition has is told once, and
`--lang` narrows the check to one edition. A game without languages is checked as before.

The game is the editions starter with two declared checks: one every edition breaks alike (the
number of cards), and one only the German names break (their longest name, read from the
starter's cards.csv, is over the bound; every other language's is within it).
"""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from conftest import line_of
from pnp.paths import SCAFFOLD
from pnp.scaffold import create

LANGS = ["en", "de", "ar", "ja"]


def longest(lang: str) -> int:
    rows = csv.DictReader(io.StringIO((SCAFFOLD / "editions" / "cards.csv").read_text(encoding="utf-8")))
    return max(len(row["name" if lang == "en" else f"name@{lang}"]) for row in rows)


BOUND = max(longest(lang) for lang in LANGS if lang != "de")


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("check-editions")
    create("lantern", root, template="editions")
    game = root / "lantern"
    assert longest("de") > BOUND, "the German names are the long ones"
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    for kept_out in ("board.yaml", "tokens.yaml", "sheet.yaml"):  # what is checked here is the cards' names:
        assert f"  - {kept_out}\n" in spec                        # the other kinds only lengthen each build
        spec = spec.replace(f"  - {kept_out}\n", "")
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(f"""checks:
  - name: short names
    expect: "cards | map(attribute='fields.name') | map('length') | max <= {BOUND}"
    message: every card name fits the title's box
  - name: ninety-nine cards
    expect: "cards | length == 99"
""")
    return game


@pytest.fixture(scope="module")
def every(game, run_cli_module):
    return run_cli_module("check", game)


@pytest.fixture(scope="module")
def run_cli_module():
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    runner = CliRunner()

    def run(*args):
        result = runner.invoke(cli.app, [str(a) for a in args], env={"COLUMNS": "400"})
        assert not result.exception or isinstance(result.exception, SystemExit), result.exception
        return result

    return run


def findings(output: str, rule: str) -> list[str]:
    return [line for line in output.splitlines() if re.search(rf":\d+:\d+: {rule}: ", line)]


def test_a_finding_of_one_edition_names_it(game, every):
    assert every.exit_code == 1, every.output
    names = findings(every.output, "short names")
    at = f"game.yaml:{line_of(game / 'game.yaml', '- name: short names')}:"
    assert len(names) == 1 and at in names[0] and ": short names: de edition: " in names[0], every.output
    assert f"is {longest('de')}, expected at most {BOUND}" in names[0]


def test_a_finding_of_every_edition_is_told_once_without_a_language(every):
    cards = findings(every.output, "ninety-nine cards")
    assert len(cards) == 1 and " edition: " not in cards[0], every.output
    assert f"checked every edition: {', '.join(LANGS)}" in every.output


def test_lang_narrows_the_check_to_one_edition(game, run_cli_module):
    english = run_cli_module("check", game, "--lang", "en")
    assert english.exit_code == 1 and not findings(english.output, "short names"), english.output
    assert len(findings(english.output, "ninety-nine cards")) == 1
    german = run_cli_module("check", game, "--lang", "de")
    assert len(findings(german.output, "short names")) == 1 and "checked the de edition only" in german.output
    unknown = run_cli_module("check", game, "--lang", "fr")
    assert unknown.exit_code == 2 and "en, de, ar, ja" in unknown.output


def test_json_names_the_edition_in_the_message(game, run_cli_module):
    result = run_cli_module("check", game, "--json")
    report = json.loads(result.output)["games"][0]
    by_rule = {f["rule"]: f["message"] for f in report["findings"]}
    assert by_rule["short names"].startswith("de edition: ")
    assert not by_rule["ninety-nine cards"].startswith(tuple(f"{lang} edition" for lang in LANGS))


def test_a_game_without_languages_is_checked_as_before(tmp_path, run_cli_module):
    from pnp.referee.checks import run_checks
    from pnp.referee.report import text_lines

    create("plain", tmp_path)
    game = tmp_path / "plain"
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write('checks:\n  - name: ninety-nine cards\n    expect: "cards | length == 99"\n')
    _, once = run_checks(game)  # the referee run once, on the game as loaded
    result = run_cli_module("check", game)
    assert once.findings and result.exit_code == 1
    assert result.output.splitlines() == text_lines(once), "the same lines as one run of the checks"
    assert "edition" not in result.output
