"""`pnp validate`: load a game and resolve every card's content without drawing or writing."""
from __future__ import annotations

from pathlib import Path

from pnp.errors import SpecError
from pnp.game import load_game


def validate_game(game_dir: Path) -> list[SpecError]:
    """Raise SpecErrors for any error; return the warnings."""
    from pnp.kinds import kind_module

    game = load_game(game_dir)
    for c in game.components:
        kind_module(c.kind).validate(game, c.model)
    game.errors.raise_if_any()
    return list(game.errors.warnings)
