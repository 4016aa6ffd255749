"""The rules referee of Blorg in the Midwest, one job per module.

The game's content is its deck of double-sided cards: the referee reads the
conditions and effects there as data (see the vocabulary at the top of the
bundled cards.yaml) and plays the rulebook's turn on them, so a change to a card
changes the game without touching code.

- `loader`  — the loaded game → the Blorg deck (`blorg_game`) → rules data (`compile_rules`);
- `engine`  — a state, the moves of a turn, its events and time passing (`legal_moves`,
  `resolve_events`, `pass_time`, `play_turn`);
- `solver`  — wins from a set-up (`solve`, `replay`, `winnable_share`);
- `players` — a simple player for quick statistics (`random_play`);
- `checks`  — the family hooks `pnp check` and `pnp simulate` call (`referee_check`,
  `referee_simulate`, `referee_facts`) and `check`, which returns `Finding`s.

The end-game timer is not a counter: it is the Memory Eraser card itself (see the
comments in cards.yaml), so the engine needs no rule for it.
"""
from pnp.families.blorg.checks import check, referee_check, referee_facts, referee_simulate, structure_findings
from pnp.families.blorg.engine import (
    GAP, IllegalMove, Outcome, initial_state, legal_moves, pass_time, play_turn, random_setup, resolve_events,
)
from pnp.families.blorg.loader import LEVELS, BlorgGame, Rules, blorg_game, compile_rules
from pnp.families.blorg.players import PlayResult, random_play
from pnp.families.blorg.solver import Solution, friendly_setup, replay, solve, turns_to_go, winnable_share

__all__ = [
    "GAP", "LEVELS", "BlorgGame", "IllegalMove", "Outcome", "PlayResult", "Rules", "Solution", "blorg_game", "check",
    "compile_rules", "friendly_setup", "initial_state", "legal_moves", "pass_time", "play_turn", "random_play",
    "random_setup", "referee_check", "referee_facts", "referee_simulate", "replay", "resolve_events", "solve",
    "structure_findings", "turns_to_go", "winnable_share",
]
