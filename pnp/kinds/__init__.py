"""Component kinds. Each kind is a module `pnp.kinds.<kind>` with:

- `KIND` — the value of the spec file's `kind:` key;
- `MODEL` — the pydantic model of the file (for `pnp schema`);
- `load(game, path, raw)` → a loaded component or None (errors go to `game.errors`);
- `build(game, components, options)` → {relative output name: bytes or str} for all
  components of this kind in the game (so several decks can share one file).

New kinds need no registration: a module in this package is a kind.
"""
from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def kind_names() -> list[str]:
    import pnp.kinds as pkg

    return sorted(m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_"))


def kind_module(name: str) -> ModuleType:
    return importlib.import_module(f"pnp.kinds.{name}")
