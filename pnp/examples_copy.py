"""The bundled example games (package data in pnp/examples/): what they are and copying them out."""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path


class ExampleError(Exception):
    """An example name or target `pnp examples copy` refuses (the message says why)."""


@dataclass(frozen=True)
class Example:
    name: str
    title: str
    dir: Path


def bundled() -> list[Example]:
    """Every bundled example game, by folder name."""
    from pnp.game import find_games
    from pnp.paths import EXAMPLES
    from pnp.reading.load import load_yaml

    out = []
    for d in find_games(EXAMPLES):
        raw = load_yaml(d / "game.yaml")
        out.append(Example(d.name, str(raw.get("title", d.name)), d))
    return out


def copy_examples(names: list[str], to: Path) -> list[Path]:
    """Copy the named examples (all when none are named) to TO/<name>/; refuses to overwrite anything."""
    from pnp.editorschema import refresh

    known = {ex.name: ex for ex in bundled()}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ExampleError(f"no bundled example '{unknown[0]}' (examples: {', '.join(sorted(known))})")
    chosen = [known[n] for n in (names or sorted(known))]
    existing = [to / ex.name for ex in chosen if (to / ex.name).exists()]
    if existing:
        raise ExampleError(f"{existing[0]} already exists: pnp examples copy never overwrites (use --to DIR)")
    made = []
    for ex in chosen:
        target = to / ex.name
        shutil.copytree(ex.dir, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        refresh(target)  # the editor's schemas copied in, every spec's line pointing at them
        made.append(target)
    return made
