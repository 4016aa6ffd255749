"""The bundled example games (package data in pnp/examples/): what they are and copying them out."""
from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=.*/([a-z]+\.json)$", re.M)


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
    from pnp.paths import SCHEMAS

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
        rel = Path(os.path.relpath(SCHEMAS.resolve(), target.resolve())).as_posix()
        for spec in target.glob("*.yaml"):
            text = spec.read_text(encoding="utf-8")
            fixed = SCHEMA_LINE.sub(lambda m: f"# yaml-language-server: $schema={rel}/{m.group(1)}", text)
            if fixed != text:
                spec.write_text(fixed, encoding="utf-8")
        made.append(target)
    return made
