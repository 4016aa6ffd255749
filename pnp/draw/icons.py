"""The general vector icons, and the one way to place any icon.

Each general icon is a function that draws in a 100 × 100 box (y down) on a Surface in one
ink colour (inner detail cut out, never painted white, so it reads in any ink). Icon sets
live in `pnp/draw/iconsets/`, one module per theme, each registering its icons with
`@icon("name")`. A game adds its own (themed) icons as SVG files in `art/icons/` (see
`pnp.draw.art`); a game's own icon wins over a general one of the same name.
Placing an icon records it once per document as a symbol (a PDF form).
"""
from __future__ import annotations


from pnp.draw.iconsets import BOX, IconFn, icon, registry  # noqa: F401  (icon sets register with `icon`)


def names() -> list[str]:
    return sorted(registry())


def exists(name: str) -> bool:
    return name in registry()


def drawer(name: str) -> IconFn:
    return registry()[name]


def place(surface, name: str, x: float, y: float, size: float, ink: str = "#000000",
          extra: dict[str, IconFn] | None = None) -> None:
    """Draw icon `name` in the square (x, y, size, size); `extra` holds a game's own icons."""
    own = (extra or {}).get(name)
    fn = own or drawer(name)
    key = f"{'game-icon' if own else 'icon'}:{name}:{ink}"
    if not surface.has_symbol(key):
        surface.define_symbol(key, BOX, BOX, lambda s: fn(s, ink))
    surface.use_symbol(key, x, y, size, size)
