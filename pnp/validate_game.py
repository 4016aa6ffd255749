"""`pnp validate`: everything a build checks, by building in memory and writing nothing.

Validation is the build pipeline minus publishing (`pnp.build.render`), so `pnp validate`
passes exactly when `pnp build` would: files exist and parse, fonts load, every template
renders for every card, text fits, the rulebook's templates and figures work.
"""
from __future__ import annotations

from pathlib import Path

from pnp.errors import SpecError
from pnp.game import load_game


def validate_game(game_dir: Path, options=None) -> list[SpecError]:
    """Raise SpecErrors for any error (and, with `options.strict`, any warning); return the warnings."""
    from pnp.build import BuildOptions, refuse_warnings_if_strict, render
    from pnp.kinds import kind_module

    options = options or BuildOptions()
    game = load_game(game_dir)
    with game.own_fonts():
        for c in game.components:
            kind_module(c.kind).validate(game, c.model)
    game.errors.raise_if_any()
    render(game, options.for_game(game))
    game.errors.raise_if_any()
    refuse_warnings_if_strict(game, options)
    return list(game.errors.warnings)
