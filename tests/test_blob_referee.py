"""The Blob referee: the bundled sheet passes every check; broken sheets get findings at the responsible node;
the simulator plays both policies fast and reproducibly."""
from __future__ import annotations


import pytest

from pnp.game import load_game
from pnp.families import blob
from pnp.referee.sim import SimResult
from pnp.paths import EXAMPLES

BLOB = EXAMPLES / "blob"
TEXT = (BLOB / "sheet.yaml").read_text().splitlines()


def line_of(needle: str) -> int:
    return next(i + 1 for i, line in enumerate(TEXT) if needle in line)


@pytest.fixture
def game():
    return load_game(BLOB)


def sheet(game):
    return game.of_kind("sheet")[0].model


def rules_hit(findings, rule, line):
    return [f for f in findings if f.rule == rule and f.pos.line == line and f.pos.path.endswith("sheet.yaml")]


def test_bundled_sheet_passes(game):
    assert blob.referee_check(game) == []


def test_piece_outside_and_overlapping(game):
    pieces = sheet(game).grids["city"].pieces
    pieces[-1].at = (14, 15)                     # Y: "###" from column 14 runs off the city
    pieces[1].at = (1, 0)                        # B onto A
    found = blob.referee_check(game)
    assert rules_hit(found, "city", line_of("{label: Y,")), found
    hit = rules_hit(found, "city", line_of("{label: B,"))
    assert hit and "overlaps piece A" in hit[0].message


def test_disconnected_shape(game):
    sheet(game).grids["blob"].areas["5"].shape = ["#.", ".#"]
    found = blob.referee_check(game)
    assert rules_hit(found, "shape", line_of('"5": {at:')), found


def test_bonus_off_city_and_rounds(game):
    s = sheet(game)
    s.grids["city"].marks["bonus"].cells[0] = (16, 1)
    s.tracks["rounds"].boxes = 15
    found = blob.referee_check(game)
    assert rules_hit(found, "bonus", line_of("cells: [[6, 1]")), found
    assert rules_hit(found, "rounds", line_of("boxes: 16")), found


def test_uneatable_piece(game):
    # with only L trominoes a corner square can never be covered: Y sits in the bottom-right corner
    for area in sheet(game).grids["blob"].areas.values():
        area.shape = ["##", "#."]
    found = blob.referee_check(game)
    assert rules_hit(found, "eatable", line_of("{label: Y,")), found


def test_grow_shapes_of_other_sizes_are_a_note_not_a_rule(game):
    """Two or three squares is what reviewers describe, not the rulebook: a note only."""
    sheet(game).dice.faces[3].shape = ["####"]
    assert blob.referee_check(game) == []
    assert any("faces 3 are not of two or three squares" in n for n in blob.referee_facts(game))


def test_stuck_rate_gates_only_through_the_games_balance(tmp_path):
    """The bundled blob declares `balance:` (at most 10 % stuck) as a design target; tightening it to 0 is
    a warning at the bound, and a failing finding once the game declares the bound a rule."""
    import shutil

    from pnp.referee.checks import run_checks

    copy = tmp_path / "blob"
    shutil.copytree(BLOB, copy)
    text = (copy / "game.yaml").read_text()
    (copy / "game.yaml").write_text(text.replace("at_most: 0.10", "at_most: 0.0"))
    report = run_checks(copy)[1]
    assert report.findings == []          # a design target: advice, a warning that fails only --strict
    assert [f.rule for f in report.advice] == ["rarely stuck"]
    assert report.advice[0].pos.path.endswith("game.yaml") and "greedy_stuck_rate is" in report.advice[0].message
    # declared a rule, the same bound fails the check
    (copy / "game.yaml").write_text(text.replace("at_most: 0.10", "at_most: 0.0\n      level: rule"))
    found = run_checks(copy)[1].findings
    assert [f.rule for f in found] == ["rarely stuck"]
    # without `balance:` the same sheet passes: stuck games are a note
    (copy / "game.yaml").write_text(text.split("\nbalance:")[0] + "\nchecks:" + text.split("\nchecks:")[1])
    report = run_checks(copy)[1]
    assert report.findings == [] and any("stuck in" in n for n in report.notes)


def test_simulation_results_and_progress(game):
    calls = []
    result = blob.referee_simulate(game, 400, seed=5, progress=lambda done, total: calls.append((done, total)))
    assert isinstance(result, SimResult) and result.games == 400
    assert calls[-1] == (400, 400) and all(t == 400 for _, t in calls)
    kinds = [(c.kind, c.title) for c in result.charts]
    assert sum(1 for k, _ in kinds if k == "histogram") == 2 and any(k == "bars" for k, _ in kinds)
    assert len(result.charts[0].values) == 200
    f = result.figures
    assert f["greedy_mean_score"] > f["random_mean_score"]
    assert f["greedy_stuck_rate"] <= 0.10
    again = blob.referee_simulate(load_game(BLOB), 400, seed=5)   # loaded again: no game kept from the first
    assert [c.values for c in again.charts] == [c.values for c in result.charts]


def test_rules_follow_the_sheet(game):
    rules = blob.compile_rules(game)
    assert len(rules.pieces) == 24 and rules.rounds == 16
    assert sorted(m.bit_count() for m in rules.start.values()) == [1, 2, 3, 4, 4, 4]
    assert sorted(g.size for g in rules.grow.values()) == [2, 2, 3, 3, 3, 3]
    assert rules.bonus.bit_count() == 6
