"""The referee reads what players read, for a game it has no family for (a `pnp new` game).

Numbers a template sets or computes in the rulebook and on card faces, components the text names that
the specs do not print, backs that differ as printed (and piles that may), design targets as advice,
and games decided without a decision (from a simulation's outcomes). Each rule with a seeded fault and
a legal edit that must pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import Pos
from pnp.referee.checks import run_checks
from pnp.referee.decisions import RANDOM, Outcome, decision_findings
from pnp.referee.printed import mark_lines, unmark
from pnp.referee.sim import SimResult
from pnp.scaffold import create

from conftest import line_of, mutate

PARAMETERS = """parameters:
  goal:
    value: 18
    means: the points that win the game
    says: ["# or more"]
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A new game with no family, a rule parameter, and a rulebook that prints it."""
    create("plain", tmp_path)
    g = tmp_path / "plain"
    (g / "game.yaml").write_text((g / "game.yaml").read_text() + PARAMETERS)
    mutate(g / "rules.md", "## End of the game\n",
           "## End of the game\n{% set goal = parameters.goal %}\nScore **{{ goal }} or more** to win at once.\n")
    return g


def findings(g: Path) -> list:
    return run_checks(g)[1].findings


def test_the_new_game_passes(game):
    assert findings(game) == []


def test_a_number_set_in_the_rulebook_is_found_at_its_set(game):
    mutate(game / "rules.md", "{% set goal = parameters.goal %}", "{% set goal = 20 %}")
    found = [f for f in findings(game) if f.rule == "goal"]
    assert len(found) == 1, found
    line = line_of(game / "rules.md", "{% set goal = 20 %}")
    assert (found[0].pos.path.endswith("rules.md"), found[0].pos.line) == (True, line)
    assert (game / "rules.md").read_text().splitlines()[line - 1][found[0].pos.col - 1:].startswith("20")


def test_a_number_computed_in_the_rulebook_is_found_at_its_line(game):
    mutate(game / "rules.md", "Score **{{ goal }} or more**", "Score **{{ goal + 2 }} or more**")
    found = [f for f in findings(game) if f.rule == "goal"]
    assert [f.pos.line for f in found] == [line_of(game / "rules.md", "{{ goal + 2 }}")], found


def test_a_typed_number_is_found_once_at_the_number(game):
    mutate(game / "rules.md", "Score **{{ goal }} or more**", "Score **20 or more**")
    found = [f for f in findings(game) if f.rule == "goal"]
    line = line_of(game / "rules.md", "Score **20 or more**")
    assert [(f.pos.line, f.pos.col) for f in found] == [(line, len("Score **") + 1)], found


def test_a_count_of_cards_computed_wrong_is_found(game):
    mutate(game / "rules.md", "1. Shuffle the cards", "{% set n = 7 %}1. Shuffle all {{ n }} cards")
    found = [f for f in findings(game) if f.rule == "card-count"]
    assert [f.pos.line for f in found] == [line_of(game / "rules.md", "{% set n = 7 %}")], found


def test_a_card_face_that_computes_a_rule_number_is_found_in_its_layout(game):
    layouts = game / "layouts.yaml"
    text = layouts.read_text()
    assert 'title: {text: "**{{ name }}**"' in text
    mutate(layouts, 'title: {text: "**{{ name }}**"', 'title: {text: "**{{ name }}**, {{ parameters.goal - 1 }} or more"')
    found = [f for f in findings(game) if f.rule == "goal"]
    assert found and all(f.pos.path.endswith("layouts.yaml") for f in found), found
    assert found[0].pos.line == line_of(layouts, "{{ parameters.goal - 1 }}")


def test_a_card_face_that_prints_the_rule_number_passes(game):
    mutate(game / "layouts.yaml", 'title: {text: "**{{ name }}**"', 'title: {text: "**{{ name }}**, {{ parameters.goal }} or more"')
    assert findings(game) == []


def test_text_naming_marks_the_sheet_does_not_print(game):
    mutate(game / "rules.md", "## Your turn\n", "## Your turn\nCover the **bonus squares** first.\n")
    assert findings(game) == []                          # legal: the sheet marks bonus squares
    mutate(game / "sheet.yaml", "cells: [[6, 5], [14, 9], [1, 14], [8, 12]]", "cells: []")
    found = [f for f in findings(game) if f.rule == "components"]
    assert [f.pos.line for f in found] == [line_of(game / "rules.md", "bonus squares")], found
    assert found[0].pos.path.endswith("rules.md")


def test_a_shared_back_that_prints_a_field_is_found_and_piles_allow_it(game):
    layouts = game / "layouts.yaml"
    mutate(layouts, 'title: {text: "{{ deck.title }}"', 'title: {text: "{{ deck.title }} · {{ icon }}"')
    found = [f for f in findings(game) if f.rule == "backs"]
    assert found and found[0].pos.path.endswith("layouts.yaml"), found
    assert found[0].pos.line == line_of(layouts, "{{ deck.title }} · {{ icon }}")
    mutate(game / "deck.yaml", "back:\n", "piles: icon      # one pile per icon, each with its own back\nback:\n")
    assert findings(game) == []


def test_piles_must_name_a_field(game):
    """A `piles:` naming no field is a spec error at it (exit 2), with the likely name."""
    from pnp.errors import SpecErrors

    mutate(game / "deck.yaml", "back:\n", "piles: colour\nback:\n")
    with pytest.raises(SpecErrors) as caught:
        findings(game)
    (error,) = caught.value.errors
    assert error.pos.line == line_of(game / "deck.yaml", "piles: colour") and "not a field of the deck" in error.message


def test_the_printed_lines_map_back_to_their_source():
    source = "a\n{% if x %}\nb {{ y }}\n{% endif %}{#\ncomment\n#}\nc"
    marked = mark_lines(source, 0)
    text, offsets, places = unmark(marked)
    assert text == source                                 # the markers come out whole
    # a marker at each line that does not start inside the comment, and one at the tag (line 3, column 3)
    assert places == [(0, 1, 0), (0, 2, 0), (0, 3, 0), (0, 3, 3), (0, 4, 0), (0, 7, 0)]
    assert offsets[3] == source.index("{{ y }}")


# --------------------------------------------------------------------------- decisions

def _sim(outcomes) -> SimResult:
    sim = SimResult("any", len(outcomes), 1)
    sim.outcomes = outcomes
    return sim


HERE = Pos("cards.yaml", 12, 9)


def test_a_game_won_on_the_first_turn_is_found_at_its_ending():
    games = [Outcome("greedy", "win", 1, "the early win", HERE)] * 30 + [Outcome("greedy", "loss", 9, "x", None)] * 10
    found = decision_findings(_sim(games))
    assert [(f.rule, f.pos) for f in found] == [("no-decision", HERE)]
    assert "first turn" in found[0].message and "the early win" in found[0].message


def test_a_game_every_policy_wins_random_play_included_is_found():
    games = [Outcome(p, "win", 8, "the easy win", HERE) for p in ("greedy", RANDOM) for _ in range(40)]
    games += [Outcome(RANDOM, "loss", 6, "a loss", None)] * 5
    found = decision_findings(_sim(games))
    assert [(f.rule, f.pos) for f in found] == [("no-decision", HERE)] and "random" in found[0].message


def test_a_game_over_after_its_first_round_is_found_at_its_length():
    games = [Outcome(p, "end", 1, "the last round", HERE) for p in ("greedy", RANDOM) for _ in range(20)]
    found = decision_findings(_sim(games))
    assert [(f.rule, f.pos) for f in found] == [("no-decision", HERE)] and "the last round" in found[0].message


def test_a_game_decided_the_moment_its_ending_comes_into_play_is_found():
    games = [Outcome(p, "loss", 9, "the arrival", HERE, phase_turn=1) for p in ("greedy", RANDOM) for _ in range(30)]
    games += [Outcome("greedy", "win", 12, "the fall", None, phase_turn=4)] * 10
    found = decision_findings(_sim(games))
    assert [(f.rule, f.pos) for f in found] == [("no-decision", HERE)] and "the arrival" in found[0].message


def test_a_game_whose_endgame_takes_turns_passes():
    games = [Outcome(p, "loss", 9, "the arrival", HERE, phase_turn=t) for p in ("greedy", RANDOM) for t in range(2, 22)]
    games += [Outcome("greedy", "end", 16, "the last round", HERE)] * 20
    assert decision_findings(_sim(games)) == []


def test_a_game_that_rewards_decisions_passes():
    games = [Outcome("greedy", "win", 8, "the win", HERE)] * 30 + [Outcome("greedy", "loss", 8, "l", HERE)] * 10
    games += [Outcome(RANDOM, "win", 8, "the win", HERE)] * 5 + [Outcome(RANDOM, "loss", 8, "l", HERE)] * 35
    assert decision_findings(_sim(games)) == []


# --------------------------------------------------------------------------- levels

@pytest.fixture
def missed_target(tmp_path: Path) -> Path:
    """The bundled blob with a stuck-rate target below what its greedy player reaches."""
    import shutil

    from pnp.paths import EXAMPLES

    g = Path(shutil.copytree(EXAMPLES / "blob", tmp_path / "blob"))
    mutate(g / "game.yaml", "at_most: 0.10", "at_most: 0.02")
    return g


def test_a_missed_design_target_is_a_warning_with_its_interval(missed_target, run_cli):
    result = run_cli("check", missed_target)
    assert result.exit_code == 0, result.output
    warning = next(line for line in result.output.splitlines() if ": warning: rarely stuck:" in line)
    assert "95 % interval" in warning and "at most 0.02" in warning
    assert run_cli("check", missed_target, "--strict").exit_code == 1


def test_a_target_the_game_declares_a_rule_fails(missed_target, run_cli):
    mutate(missed_target / "game.yaml", "at_most: 0.02", "at_most: 0.02\n      level: rule")
    result = run_cli("check", missed_target)
    assert result.exit_code == 1 and "rarely stuck" in result.output


def test_simulate_names_the_condition_that_decides_the_game(tmp_path, run_cli):
    """A win written `unless:` where `if:` was meant: a random player wins it, and `pnp simulate` says where."""
    import shutil

    from pnp.paths import EXAMPLES

    g = Path(shutil.copytree(EXAMPLES / "blorg", tmp_path / "blorg"))
    mutate(g / "cards.yaml", "            if: [[crop-circle, radio], [signal]]", "            unless: [[crop-circle, radio], [signal]]")
    result = run_cli("simulate", g, "--games", "300", "--out", tmp_path / "out")
    line = next(x for x in result.output.splitlines() if ": no-decision: " in x)
    assert line.startswith(f"{g / 'cards.yaml'}:{line_of(g / 'cards.yaml', 'unless: [[crop-circle, radio], [signal]]')}:")
