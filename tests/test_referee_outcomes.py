"""The blob and miskatonic families record one outcome a simulated game for the decision checks
(pnp/referee/decisions.py), a random player's games among them."""
from __future__ import annotations

import importlib

import pytest

from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.referee.decisions import MIN_GAMES, RANDOM, Outcome, decision_findings

GAMES = 60   # counted, not timed: enough for the decision checks' minimum of random games


@pytest.mark.parametrize("name", ["blob", "miskatonic"])
def test_every_game_is_recorded_with_a_random_player_among_them(name):
    family = importlib.import_module(f"pnp.families.{name}")
    sim = family.referee_simulate(load_game(EXAMPLES / name), GAMES, 1)
    assert all(isinstance(o, Outcome) for o in sim.outcomes)
    policies = {o.policy for o in sim.outcomes}
    assert RANDOM in policies and len(policies) >= 2
    assert sum(o.policy == RANDOM for o in sim.outcomes) >= MIN_GAMES
    assert all(o.turns >= 1 for o in sim.outcomes)
    assert all(o.pos is not None and o.cause for o in sim.outcomes if o.result in ("win", "loss", "end"))
    assert decision_findings(sim) == []   # the bundled game is decided by play


def test_a_blob_game_ends_after_its_rounds_or_when_the_city_is_eaten():
    from pnp.families import blob

    game = load_game(EXAMPLES / "blob")
    rounds = blob.compile_rules(game).rounds
    sim = blob.referee_simulate(game, GAMES, 1)
    for o in sim.outcomes:
        assert (o.result, o.turns) == ("end", rounds) or (o.result == "win" and 1 <= o.turns <= rounds)
