"""The Blorg referee: the shipped cards obey the rulebook and can be won, the engine
replays what the solver finds, and seeded one-line faults in the data are caught."""
from __future__ import annotations

import random

import pytest

from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.families.blorg import (
    GAP, IllegalMove, blorg_game, check, compile_rules, friendly_setup, initial_state, pass_time, random_play,
    replay, solve,
)

GAME_DIR = EXAMPLES / "blorg"


@pytest.fixture
def game():
    return blorg_game(load_game(GAME_DIR))


def test_the_spec_passes_every_check(game):
    assert [str(f) for f in check(game)] == []


@pytest.mark.parametrize("ending", ["saucer", "spacecraft"])
def test_both_wins_are_reachable_at_normal(game, ending):
    rules = compile_rules(game, "normal")
    solution = solve(rules, friendly_setup(rules, ending), "normal", goal=ending)
    assert solution is not None and solution.ending == ending
    assert solution.turns == len(solution.moves) <= 60


def test_a_found_solution_replays_legally(game):
    rules = compile_rules(game, "normal")
    solution = solve(rules, friendly_setup(rules, "saucer"), "normal", goal="saucer")
    outcome = replay(rules, solution)
    assert outcome.won and outcome.ending == "saucer"


def test_replay_refuses_an_illegal_move(game):
    rules = compile_rules(game, "normal")
    solution = solve(rules, friendly_setup(rules, "saucer"), "normal", goal="saucer")
    first_moves, choices = solution.moves[0]
    solution.moves[0] = (first_moves + (("take", 1), ("take", 2)), choices)   # two actions
    with pytest.raises(IllegalMove):
        replay(rules, solution)


def test_time_passes_as_the_rulebook_says(game):
    rules = compile_rules(game, "normal")
    hand, line, pile = initial_state(rules, tuple(range(0, 14, 2))[2:])
    state = (hand, (line[0], GAP, line[2], line[3]), pile)
    _, new_line, new_pile = pass_time(state)
    assert new_line == (pile[0], line[0], GAP, line[2])          # the gap travels right
    assert new_pile == pile[1:] + (line[3] ^ 1,)                 # position 4 goes under, flipped
    _, line_after, pile_after = pass_time((hand, line, ()))      # no draw pile
    assert line_after == (line[3] ^ 1,) + line[:3] and pile_after == ()


def test_difficulty_levels_change_the_memory_eraser(game):
    eraser = {level: compile_rules(game, level).sides[compile_rules(game, level).codes["memory-eraser"]]
              for level in ("novice", "normal", "expert")}
    assert eraser["novice"].requires == ((frozenset(), ()),)    # free of power
    assert eraser["normal"].takeable and eraser["normal"].requires[0][0] == {"power"}
    assert not eraser["expert"].takeable                        # never picked up again
    assert compile_rules(game, "novice").flip_in_hand and not compile_rules(game, "normal").flip_in_hand


def test_random_play_is_quick_and_ends(game):
    rng = random.Random(5)
    results = [random_play(game, "normal", rng) for _ in range(500)]
    assert all(1 <= r.turns <= 60 for r in results)
    assert any(r.outcome is not None for r in results)


def _swap_backs(game):
    cards = game.raw["cards"]
    cards[1]["back"], cards[2]["back"] = cards[2]["back"], cards[1]["back"]


SEEDED_FAULTS = {
    "event-position": lambda g: g.side("farmhouse").fields["events"][0].__setitem__("at", 5),
    "takeable": lambda g: g.side("battery").fields.__setitem__("requires", [["eye"]]),
    "reverse-sides": _swap_backs,
    "hand": lambda g: g.side("crash-site").fields["start_hand"].extend(["tool-box", "keys", "tractor", "crop-circle"]),
    "repair": lambda g: g.side("sprocket").fields.__setitem__("provides", []),
    "card-sides": lambda g: g.side("cornfield").fields.__setitem__("kind", "item"),
    "fields": lambda g: g.side("barn").fields.__setitem__("requires", 7),   # not a list of alternatives
}


@pytest.mark.parametrize("rule", sorted(SEEDED_FAULTS))
def test_a_seeded_fault_is_caught(game, rule):
    SEEDED_FAULTS[rule](game)
    findings = check(game)
    assert rule in {f.rule for f in findings}, [str(f) for f in findings]
    assert all(f.pos.path.endswith("cards.yaml") for f in findings)


def test_an_unplayable_deck_is_refused_by_the_simulation():
    """A located SpecError instead of a crash: a flipped location that turns into an item has no engine."""
    from pnp.errors import SpecErrors
    from pnp.families.blorg import referee_simulate

    ctx = load_game(GAME_DIR)
    blorg_game(ctx).side("cornfield").fields["kind"] = "item"
    with pytest.raises(SpecErrors) as info:
        referee_simulate(ctx, games=10, seed=1)
    (error,) = info.value.errors
    assert error.pos.path.endswith("cards.yaml") and "both sides of a card" in error.message


def test_the_deck_is_found_by_its_fields_not_its_file_name():
    ctx = load_game(GAME_DIR)
    (deck,) = ctx.of_kind("deck")
    assert blorg_game(ctx).raw is deck.raw
    deck.raw["fields"].pop("events")             # no longer declares the Blorg vocabulary
    from pnp.families.blorg import referee_check

    (finding,) = referee_check(ctx)
    assert finding.rule == "blorg-deck" and finding.pos.path.endswith("game.yaml")
