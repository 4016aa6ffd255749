"""Where pnp's own resources live: fonts, the starters, JSON Schemas and the bundled games.

Fonts and schemas are package data under `pnp/data/`; the bundled games are the checkout's top-level
`cardspecs/` and the starters its `templates/`, installed as the packages `pnp.examples`
and `pnp.templates` (setup.py maps them). All are found through `importlib.resources`, so a wheel
works exactly like a checkout. They are read from the real file system (reportlab opens fonts by
path), which a normal install, editable or not, gives us.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path

PACKAGE = Path(str(files("pnp")))
DATA = PACKAGE / "data"
FONTS = DATA / "fonts"
SCAFFOLD = Path(str(files("pnp.templates")))
SCHEMAS = DATA / "schema"
EXAMPLES = Path(str(files("pnp.examples")))


def data_yaml(name: str):
    """One of pnp's own YAML files under `pnp/data/` (trusted, shipped with pnp), parsed by libyaml
    when it is installed: the pure-Python parser took 50 ms of each build for the phrases alone."""
    try:
        from yaml import CSafeLoader as SafeLoader
    except ImportError:  # PyYAML built without libyaml
        from yaml import SafeLoader

    loader = SafeLoader((DATA / name).read_text(encoding="utf-8"))
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
