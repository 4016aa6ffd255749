"""Rule numbers declared once in game.yaml's `parameters:` reach every text and the simulation.

Changing the cave's `quake_at` from 21 to 20 in game.yaml, and nothing else, must change the
rulebook, the seismograph cards, the declared checks and the simulator alike."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.families import cave
from pnp.referee.checks import run_checks


def _with_quake_at(tmp_path: Path, value: int) -> Path:
    game = tmp_path / f"cave{value}"
    shutil.copytree(EXAMPLES / "cave", game)
    text = (game / "game.yaml").read_text()
    new = re.sub(r"(quake_at:\n    value: )21", rf"\g<1>{value}", text)
    assert new != text
    (game / "game.yaml").write_text(new)
    return game


def _pdf_text(path: Path) -> str:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)


def test_changing_one_parameter_changes_every_printed_mention_and_the_simulation(tmp_path, run_cli):

    game = _with_quake_at(tmp_path, 20)
    out = tmp_path / "out"
    result = run_cli("build", game, "--force", "--out", out)
    assert result.exit_code == 0, result.output
    rulebook = _pdf_text(out / game.name / "rulebook.pdf")
    cards = _pdf_text(out / game.name / "cards.pdf")
    assert "20 or more" in rulebook and "21 or more" not in rulebook
    assert "total 15) when Bea" in rulebook and "The total is 20" in rulebook   # the worked example follows
    assert "totals 20 or more" in cards and "21 or more" not in cards
    # the checks read it, and the text agrees with it: no finding anywhere
    assert run_checks(game)[1].findings == []
    # the simulator plays it: seismographs totalling exactly 20 end the game only with quake_at 20
    deck = ([1] * 8 + [0, 0], [1] * 8 + [0, 0], [1] * 8 + [0, 0], [0] * 8 + [10, 10])
    n20 = cave.cave_rules(load_game(game))
    n21 = cave.cave_rules(load_game(EXAMPLES / "cave"))
    assert (n20.quake_at, n21.quake_at) == (20, 21)
    assert all(r.quake for r in cave.simulate_records(deck, 20, 1, n=n20))
    assert not any(r.quake for r in cave.simulate_records(deck, 20, 1, n=n21))


def test_a_parameter_name_must_be_a_word(tmp_path):
    from pnp.errors import SpecErrors

    game = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    text = (game / "game.yaml").read_text().replace("  quake_at:\n", "  quake-at:\n")
    (game / "game.yaml").write_text(text)
    with pytest.raises(SpecErrors) as e:
        load_game(game)
    assert "parameter name" in str(e.value.errors[0].message)


def test_rates_carry_wilson_intervals():
    from pnp.referee.sim import rate_text, wilson

    lo, hi = wilson(0, 30)
    assert lo == 0.0 and 0.10 < hi < 0.13           # no success in 30 still allows about 11 %
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert rate_text(27, 100).startswith("27.0 % (95 % CI ")


def test_balance_pdf_labels_figures_in_words():
    from pnp.referee.balance import figure_label

    assert figure_label("win_rate_cautious_2p") == "Win rate, cautious, 2 players"
    assert figure_label("first_player_win_rate_3p") == "First player win rate, 3 players"
    assert figure_label("greedy_stuck_rate") == "Greedy stuck rate"


# the words of tokens, sheets and boards read the parameters too --------------------------------------

TOKENS_READING = """\
kind: tokens
name: chips
pieces:
  - {id: wits, shape: rounded, size: 20mm, count: 2,
     front: {fill: "#fff3e0", label: "{{ parameters.wits }} Wits", text: "start with **{{ parameters.wits }}**"}}
"""
SHEET_READING = """\
kind: sheet
title: "Pad of {{ parameters.rounds }} rounds"
grids:
  rounds: {title: "Score {{ parameters.rounds }} rounds", size: [4, 2]}
tracks:
  turns: {title: Turns, boxes: "{{ parameters.rounds }}"}
layout: [[title], [rounds], [turns]]
"""


def _reading_game(tmp_path: Path, wits: int, tokens: str = TOKENS_READING) -> Path:
    game = tmp_path / f"reading{wits}"
    game.mkdir()
    (game / "game.yaml").write_text(f"title: Reading\nplayers: 1\nparameters:\n  wits: {wits}\n  rounds: 6\n"
                                    "components: [tokens.yaml, sheet.yaml]\n")
    (game / "tokens.yaml").write_text(tokens)
    (game / "sheet.yaml").write_text(SHEET_READING)
    return game


def test_token_and_sheet_words_print_the_parameters_value(tmp_path, run_cli):
    for wits in (3, 5):
        game = _reading_game(tmp_path, wits)
        result = run_cli("build", game, "--force", "--out", tmp_path / f"out{wits}")
        assert result.exit_code == 0, result.output
        tokens = _pdf_text(tmp_path / f"out{wits}" / game.name / "tokens.pdf")
        assert f"{wits} Wits" in tokens and f"start with {wits}" in tokens and "parameters" not in tokens, tokens
        sheet = _pdf_text(tmp_path / f"out{wits}" / game.name / "sheet.pdf")
        assert "Pad of 6 rounds" in sheet and "parameters" not in sheet, sheet
        assert re.search(r"TURNS 1 2 3 4 5 6(?! 7)", sheet), sheet  # a number field that reads a parameter


def test_the_referee_reads_spec_words_as_written(tmp_path):
    """The text check reads the files as written: a value that reads a parameter is never a
    disagreement with it, whatever it renders to."""
    from pnp.referee.text import texts

    game = load_game(_reading_game(tmp_path, 3))
    words = [t.text for t in texts(game)]
    assert not any("3 Wits" in w for w in words) and any(w.endswith(" Wits") for w in words), words


def test_a_spec_word_naming_an_unknown_parameter_is_an_error_at_its_value(tmp_path, run_cli):
    game = _reading_game(tmp_path, 3, TOKENS_READING.replace("parameters.wits }} Wits", "parameters.wit }} Wits"))
    result = run_cli("build", game, "--force", "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    line = next(i for i, text in enumerate((game / "tokens.yaml").read_text().splitlines(), 1) if "wit }}" in text)
    assert re.search(rf"tokens\.yaml:{line}:\d+: label: .*wit", result.output), result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("family,old,command", [
    ("blob", "rounds:\n    value: 16", "check"), ("blob", "rounds:\n    value: 16", "simulate"),
    ("blorg", "timeline:\n    value: 4", "check"), ("cave", "piles:\n    value: 4", "check"),
    ("miskatonic", "ao_step: {value: 2", "check")])
def test_a_rule_number_too_large_to_play_is_an_error_at_its_value_in_seconds(tmp_path, family, old, command):
    """The checks and the simulation loop over the rule numbers: `rounds: 1000000000` played a billion rounds
    a game (hours), `timeline: 1000000000` made a time line of a billion places (gigabytes)."""
    import subprocess
    import sys

    game = tmp_path / family
    shutil.copytree(EXAMPLES / family, game)
    text = (game / "game.yaml").read_text()
    assert old in text
    (game / "game.yaml").write_text(text.replace(old, old.rsplit(" ", 1)[0] + " 1000000000"))
    line = 1 + text[:text.index(old)].count("\n") + old.count("\n")
    extra = ["--out", str(tmp_path / "out"), "-n", "10", "-q"] if command == "simulate" else []
    done = subprocess.run([sys.executable, "-m", "pnp", command, str(game), *extra], capture_output=True, text=True,
                          timeout=30, env={**__import__("os").environ, "COLUMNS": "250"})
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert "Traceback" not in out
    assert re.search(rf"game\.yaml:{line}:\d+: .* is 1000000000, more than the \d+ the referee can", out), out
