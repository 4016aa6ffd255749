"""`kind: layouts` — layouts shared by every deck and piece of a game (docs/layout-engine.md)."""
from __future__ import annotations

from pnp.kinds.kind import KindOption

KIND = "layouts"
OPTIONS: tuple[KindOption, ...] = ()
SHARED = True  # its layouts are names the decks use: loaded first, and a change rebuilds them
RULEBOOK_NAME = None
OFFERS = frozenset({"names"})  # prints nothing itself
# what a deck says when a layout it names is missing: while a layouts file is broken, not the cause
FOLLOWS_FROM_MISSING = ("unknown layout '", "which is not a layout")


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


def layouts_of(game) -> dict:
    """The layouts of the game's `kind: layouts` files, by name (name → (Layout, raw)): what a
    token side's, die's, space type's or grid's `layout:` may name. Those files are loaded first."""
    out: dict = {}
    for c in game.of_kind(KIND):
        out.update(c.model)
    return out


def build(game, components, options) -> dict:
    return {}


def validate(game, model) -> None:
    """Nothing beyond what loading checks."""


def rulebook_items(game, component) -> list[str]:
    """Shared layouts are no component players get: no line."""
    return []


def rulebook_view(game, component) -> None:
    """Nothing for rules.md to read: the decks using the layouts show what they draw."""
    return None


def pieces(game, component) -> list:
    """Shared layouts print nothing themselves: none."""
    return []


def counted(game, component) -> list:
    return []
