"""Spec data copied into plain Python data (dicts, lists, strings, numbers): what a rules.md
template may read of a game, so the sandbox has nothing of pnp's own classes to reach."""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path, PurePath
from typing import Any

from pnp.errors import Pos


def plain(value: Any, root: Path | None = None) -> Any:
    """Copies spec data into plain dicts and lists (LDict/LList and pydantic models included).

    A file path becomes its place in the game folder (`art/ruin.svg`), a position its file's name,
    line and column: the rulebook must not print where the folder lies on this computer (it
    would differ from machine to machine and tell a reader the user's folders)."""
    if hasattr(value, "model_dump"):
        return plain(value.model_dump(), root)
    if isinstance(value, Pos):
        return f"{PurePath(value.path).name}:{value.line}:{value.col}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # resolved models (board, tokens, dice) are dataclasses: their public fields, as plain data
        return {f.name: plain(getattr(value, f.name), root) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, dict):
        return {str(k): plain(v, root) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v, root) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, os.PathLike):
        path = Path(value)
        try:
            return path.relative_to(root).as_posix() if root is not None else path.name
        except ValueError:
            return path.name
    return str(value)
