"""Component kinds, and the one place kinds are found.

A kind (see `pnp.kinds.kind.Kind`) is registered in the `pnp.kinds` entry-point
group (`pnp.plugins`); the bundled ones are in pnp's pyproject.toml, exactly as
a separate package would register its own. A `kind:` value written in a spec
file never becomes an import path.
"""
from __future__ import annotations

from functools import lru_cache

from pnp.kinds.kind import ATTRIBUTES, HOOKS, Kind, KindOption
from pnp.plugins import PluginError, load, names

GROUP = "kinds"

__all__ = ["Kind", "KindOption", "build_options", "declared_options", "counted", "kind_module", "kind_names", "kind_of", "offering", "offered_by", "shared_kinds"]


def kind_names() -> list[str]:
    """Every registered kind, sorted."""
    return names(GROUP)


def kind_module(name: str) -> Kind:
    """The kind registered as NAME; PluginError when none is, when it lacks a hook, or names another kind."""
    kind = load(GROUP, name)
    if not isinstance(kind, Kind):
        missing = [h for h in (*ATTRIBUTES, *HOOKS) if not hasattr(kind, h)]
        raise PluginError(f"the kind '{name}' does not provide {', '.join(missing)}")
    if kind.KIND != name:
        raise PluginError(f"the kind registered as '{name}' says it is '{kind.KIND}'")
    return kind


@lru_cache(maxsize=1)
def declared_options() -> dict[str, KindOption]:
    """{dest: option} of every flag a registered kind declares, and the rulebook's; PluginError
    when two declare the same flag or the same dest (one would silently take the other's value)."""
    found: dict[str, KindOption] = {}
    flags: set[str] = set()
    for opt in build_options():
        if opt.dest in found or opt.flag in flags:
            raise PluginError(f"two kinds declare the build option {opt.flag} ({opt.dest})")
        found[opt.dest] = opt
        flags.add(opt.flag)
    return found


def offering(game, offer: str) -> list:
    """The game's components whose kind OFFERS `offer` (`pnp.kinds.kind.OFFERINGS`), in build
    order: how the core finds the decks, boards or dice it reads, without naming a kind."""
    return [c for c in game.components if offer in kind_module(c.kind).OFFERS]


def offered_by(offer: str) -> frozenset[str]:
    """The registered kinds that OFFER `offer`: what code below the kinds is handed, so that it reads a
    spec file by what its kind offers (a deck's `fields:` and table for "cards") without naming a kind."""
    return frozenset(name for name in kind_names() if offer in kind_module(name).OFFERS)


def kind_of(game, model) -> Kind:
    """The kind of the component whose loaded model is `model` (a deck handed on without its file)."""
    return kind_module(next(c.kind for c in game.components if c.model is model))


def counted(game) -> list:
    """Every `Counted` of every component, in build order (`Kind.counted`)."""
    return [n for c in game.components for n in kind_module(c.kind).counted(game, c)]


def shared_kinds() -> set[str]:
    """The kinds whose components define names the others use (`Kind.SHARED`): loaded first."""
    return {name for name in kind_names() if kind_module(name).SHARED}


def build_options() -> list[KindOption]:
    """The `pnp build` flags every registered kind declares, plus the rulebook's, in kind order."""
    from pnp.kinds.kind import RULEBOOK_OPTIONS

    found = [opt for name in kind_names() for opt in kind_module(name).OPTIONS]
    return found + list(RULEBOOK_OPTIONS)
