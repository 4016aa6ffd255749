"""What a rules.md template sees of the game: read-only views of the validated specs.

The views hold plain data (strings, numbers, lists, dicts), so the sandbox has
nothing dangerous to reach, and a designer writes `decks.items.cards | length`
or `card.fields.weight` without knowing pnp's internal classes.
"""
from __future__ import annotations

from pnp.context import GameContext
from pnp.models.plain import plain


def component_name(c) -> str:
    name = getattr(c.model, "name", None)
    return str(name) if isinstance(name, str) and name else c.path.stem


def context(game: GameContext, outputs: list[str]) -> dict:
    """The template context: `game`, `components` (kind → name → what its kind shows), each kind's
    own collection by the name it declares (`decks`), `outputs`, `icons`, `parameters`.

    What a component shows is its kind's `rulebook_view` (None leaves it out), else its model as
    plain data."""
    from pnp.kinds import kind_module

    components: dict[str, dict] = {}
    named: dict[str, dict] = {}
    for c in game.components:
        kind = kind_module(c.kind)
        view = kind.rulebook_view(game, c)
        if view is None:
            continue
        components.setdefault(c.kind, {})[component_name(c)] = view
        if kind.RULEBOOK_NAME:
            named.setdefault(kind.RULEBOOK_NAME, {})[component_name(c)] = view
    return {
        **named,
        "game": plain(game.game, game.dir) if game.game else {"title": game.name},
        "components": components,
        "outputs": sorted(outputs),
        "icons": sorted(game.assets.icon_names()),
        "parameters": game.game.parameter_values() if game.game else {},
    }


def component_lines(game: GameContext) -> list[str]:
    """One Markdown line per component, with counts: the `component_list()` helper.

    Each kind's `rulebook_items(game, component)` describes its own components;
    where it returns None a generic line is written.
    """
    from pnp.kinds import kind_module

    lines = []
    for c in game.components:
        items = kind_module(c.kind).rulebook_items(game, c)
        if items is not None:
            lines += list(items)
        else:
            count = getattr(c.model, "count", None) or getattr(c.model, "total", None) or 1
            title = getattr(c.model, "title", None) or component_name(c)
            lines.append(f"**{count}** × {title} ({c.kind})")
    return lines
