"""`kind: layouts` — card layouts shared by every deck of a game."""
from __future__ import annotations

from pnp.kinds.kind import KindOption

KIND = "layouts"
OPTIONS: tuple[KindOption, ...] = ()


def model() -> type:
    from pnp.kinds.layouts.models import LayoutsFile

    return LayoutsFile


def load(game, path, raw):
    from pnp.kinds.layouts.models import LayoutsFile
    from pnp.models.validate import validate as validate_spec

    spec = validate_spec(LayoutsFile, raw, game.errors)
    if spec is None:
        return None
    raw_layouts = raw.get("layouts")
    return {name: (layout, raw_layouts[name]) for name, layout in spec.layouts.items()}


def build(game, components, options) -> dict:
    return {}


def validate(game, model) -> None:
    """Nothing beyond what loading checks."""


def rulebook_items(game, component) -> None:
    """No lines of its own: the rulebook writes its generic line."""
    return None


def pieces(game, component) -> list:
    """Shared layouts print nothing themselves: none."""
    return []
