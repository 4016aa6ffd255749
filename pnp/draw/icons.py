"""The built-in vector icons, and the one way to place any icon.

Each built-in icon is a function that draws in a 100 × 100 box (y down) on a
Surface with one ink colour. Icon sets live in `pnp/draw/iconsets/`, one
module per theme, each registering its icons with `@icon("name")`. A game can
add its own icons as SVG files in `art/icons/` (see `pnp.draw.art`).
Placing an icon records it once per document as a symbol (a PDF form).
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


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from pnp.draw import iconsets

    for mod in sorted(m.name for m in pkgutil.iter_modules(iconsets.__path__)):
        importlib.import_module(f"pnp.draw.iconsets.{mod}")


def names() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def exists(name: str) -> bool:
    _load()
    return name in _REGISTRY


def drawer(name: str) -> IconFn:
    _load()
    return _REGISTRY[name]


def place(surface, name: str, x: float, y: float, size: float, ink: str = "#000000",
          extra: dict[str, IconFn] | None = None) -> None:
    """Draw icon `name` in the square (x, y, size, size); `extra` holds a game's own icons."""
    own = (extra or {}).get(name)
    fn = own or drawer(name)
    key = f"{'game-icon' if own else 'icon'}:{name}:{ink}"
    if not surface.has_symbol(key):
        surface.define_symbol(key, BOX, BOX, lambda s: fn(s, ink))
    surface.use_symbol(key, x, y, size, size)
