"""Component kinds, and the one place kinds are found.

A kind (see `pnp.kinds.kind.Kind`) is registered in the `pnp.kinds` entry-point
group (`pnp.plugins`); the bundled ones are in pnp's pyproject.toml, exactly as
a separate package would register its own. A `kind:` value written in a spec
file never becomes an import path.
"""
from __future__ import annotations

from pnp.kinds.kind import HOOKS, Kind, KindOption
from pnp.plugins import PluginError, load, names

GROUP = "kinds"

__all__ = ["Kind", "KindOption", "build_options", "kind_module", "kind_names"]


def kind_names() -> list[str]:
    """Every registered kind, sorted."""
    return names(GROUP)


def kind_module(name: str) -> Kind:
    """The kind registered as NAME; PluginError when none is, when it lacks a hook, or names another kind."""
    kind = load(GROUP, name)
    if not isinstance(kind, Kind):
        missing = [h for h in ("KIND", "MODEL", "OPTIONS", *HOOKS) if not hasattr(kind, h)]
        raise PluginError(f"the kind '{name}' does not provide {', '.join(missing)}")
    if kind.KIND != name:
        raise PluginError(f"the kind registered as '{name}' says it is '{kind.KIND}'")
    return kind


def build_options() -> list[KindOption]:
    """The `pnp build` flags every registered kind declares, plus the rulebook's, in kind order."""
    from pnp.kinds.kind import RULEBOOK_OPTIONS

    found = [opt for name in kind_names() for opt in kind_module(name).OPTIONS]
    return found + list(RULEBOOK_OPTIONS)
