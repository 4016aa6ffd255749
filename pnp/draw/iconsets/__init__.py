"""The built-in icon sets: one module per theme, each registering its icons with `@icon("name")`.

The registry lives here, in the package the sets belong to, so a set imports only its own package
and `pnp.draw.icons` (which places icons) depends on the sets, never the other way round.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Callable

BOX = 100.0
IconFn = Callable[..., None]  # (surface, ink) -> None
_REGISTRY: dict[str, IconFn] = {}
_loaded = False


def icon(name: str) -> Callable[[IconFn], IconFn]:
    """Register a built-in icon drawn in a 100 × 100 box."""

    def wrap(fn: IconFn) -> IconFn:
        if name in _REGISTRY:
            raise ValueError(f"icon '{name}' registered twice")
        _REGISTRY[name] = fn
        return fn

    return wrap


def registry() -> dict[str, IconFn]:
    """Every built-in icon by name, loading the sets the first time."""
    global _loaded
    if not _loaded:
        _loaded = True
        for mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
            importlib.import_module(f"{__name__}.{mod}")
    return _REGISTRY
