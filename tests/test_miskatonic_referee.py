"""The Miskatonic Valley referee: the real game passes, broken copies are caught where they break, and
10,000 simulated games finish quickly."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.game import load_game
from pnp.families import miskatonic
from pnp.paths import EXAMPLES

GAME = EXAMPLES / "miskatonic"


def copy(tmp_path) -> Path:
    d = tmp_path / "miskatonic"
    shutil.copytree(GAME, d)
    return d


def findings(d: Path):
    return miskatonic.referee_check(load_game(d))


def test_real_game_has_no_findings():
    game = load_game(GAME)
    if not game.of_kind("dice"):
        pytest.skip("dice.yaml not written yet")
    assert miskatonic.referee_check(game) == []
    facts = miskatonic.referee_facts(game)
    assert any("moves of 2" in f for f in facts)


def test_missing_dice(tmp_path):
    d = copy(tmp_path)
    (d / "dice.yaml").unlink(missing_ok=True)
    assert any(f.rule == "dice" and "no dice" in f.message for f in findings(d))


def test_wrong_die_face(tmp_path):
    d = copy(tmp_path)
    if not (d / "dice.yaml").exists():
        pytest.skip("dice.yaml not written yet")
    text = (d / "dice.yaml").read_text().replace("skull+5, skull+5", "skull+5, hit+5", 1)
    (d / "dice.yaml").write_text(text)
    found = [f for f in findings(d) if f.rule == "dice"]
    assert found and "dice.yaml" in str(found[0].pos)


def test_wrong_tome_count(tmp_path):
    d = copy(tmp_path)
    text = (d / "tokens.yaml").read_text().replace("size: 14mm, count: 5", "size: 14mm, count: 4", 1)
    (d / "tokens.yaml").write_text(text)
    found = [f for f in findings(d) if f.rule == "tomes"]
    assert any("tokens.yaml" in str(f.pos) for f in found)
    assert any("8 tomes but 9" in f.message for f in found)


def test_wrong_health(tmp_path):
    d = copy(tmp_path)
    text = (d / "tokens.yaml").read_text().replace("{name: Wits, icon: wits, max: 4", "{name: Wits, icon: wits, max: 5")
    (d / "tokens.yaml").write_text(text)
    assert any(f.rule == "packs" and "Wits runs to 5" in f.message for f in findings(d))


def test_missing_store_item(tmp_path):
    d = copy(tmp_path)
    text = (d / "cards.yaml").read_text().replace("id: turkey", "id: pie").replace("name: Turkey", "name: Pie")
    (d / "cards.yaml").write_text(text)
    assert any(f.rule == "store" and "turkey" in f.message for f in findings(d))


def test_simulation_plays_every_game_and_neither_side_always_wins():
    """(How fast 10,000 games run is measured by benchmarks/simulate.py, not asserted here.)"""
    game = load_game(GAME)
    calls = []
    result = miskatonic.referee_simulate(game, 2_000, seed=3, progress=lambda done, total: calls.append(done))
    assert calls[-1] == 2_000
    f = result.figures
    assert f["win_rate"] + f["loss_rate"] + f["unfinished_rate"] == pytest.approx(1.0)
    assert 0.1 < f["win_rate"] < 0.9  # neither side wins every game
    assert f["ao_moves"] == -(-f["ao_distance"] // 2)
    assert result.charts and result.summary
    again = miskatonic.referee_simulate(game, 200, seed=3)
    assert again.figures == miskatonic.referee_simulate(game, 200, seed=3).figures
