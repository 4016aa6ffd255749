"""Where pnp's own resources live: fonts, the scaffold, JSON Schemas and the bundled example games.

All of them are package data under `pnp/data/` and `pnp/examples/`, found through
`importlib.resources`, so a wheel works exactly like a checkout. They are read
from the real file system (reportlab opens fonts by path), which a normal
install, editable or not, gives us.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path

PACKAGE = Path(str(files("pnp")))
DATA = PACKAGE / "data"
FONTS = DATA / "fonts"
SCAFFOLD = DATA / "scaffold"
SCHEMAS = DATA / "schema"
EXAMPLES = PACKAGE / "examples"
