"""One registry for everything that plugs into pnp: spec kinds, referee families and export targets.

Each group is a Python entry-point group (`pnp.kinds`, `pnp.families`,
`pnp.exports`). pnp registers its own plugins in its pyproject.toml exactly as
a separate package would in its own, so a third-party kind, family or export
target needs no change to pnp. The contract each group's objects follow is a
Protocol beside its code (see docs/architecture.md, "Plugins").
"""
from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Any

GROUPS = {"kinds": "pnp.kinds", "families": "pnp.families", "exports": "pnp.exports"}


class PluginError(Exception):
    """A registered plugin that cannot be loaded, or a name nothing is registered under."""


@lru_cache(maxsize=None)
def registered(group: str) -> dict[str, str]:
    """{name: "module:attr" or "module"} of every plugin in the group, sorted by name."""
    from importlib.metadata import entry_points  # here, not at import: `pnp --help` never reads the registry

    found = {ep.name: ep.value for ep in entry_points(group=GROUPS[group])}
    return dict(sorted(found.items()))


def names(group: str) -> list[str]:
    return list(registered(group))


@lru_cache(maxsize=None)
def load(group: str, name: str) -> Any:
    """The plugin object registered as NAME in GROUP (a module, or the attribute the entry point names)."""
    target = registered(group).get(name)
    if target is None:
        raise PluginError(f"no {group[:-1]} named '{name}' (registered: {', '.join(registered(group)) or 'none'})")
    module_name, _, attr = target.partition(":")
    try:
        obj = import_module(module_name.strip())
        for part in filter(None, attr.strip().split(".")):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as e:
        raise PluginError(f"the {group[:-1]} '{name}' ({target}) cannot be loaded: {e}") from e
    return obj
