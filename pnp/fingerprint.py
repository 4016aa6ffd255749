"""Content fingerprints: what decides whether a build's outputs are still current.

Hashes of file contents (never sizes or mtimes), so the same game gives the
same fingerprint wherever its folder lies and however it was copied.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from pnp import __version__


def digest(*chunks: bytes | str) -> str:
    """sha256 over length-prefixed chunks (so chunk boundaries cannot shift and collide)."""
    h = hashlib.sha256()
    for c in chunks:
        data = c.encode() if isinstance(c, str) else c
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


@lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """pnp's version and the contents of every file of the installed package (code, fonts, examples)."""
    from pnp.paths import PACKAGE

    chunks: list[bytes | str] = [__version__]
    for p in sorted(PACKAGE.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"):
            chunks += [p.relative_to(PACKAGE).as_posix(), p.read_bytes()]
    return digest(*chunks)


def game_files(game_dir: Path, skip: Path | None = None) -> list[Path]:
    """The game folder's files, sorted; hidden files, caches and the `skip` folder (an output inside it) left out."""
    skip = skip.resolve() if skip is not None else None
    out = []
    for p in sorted(game_dir.rglob("*")):
        rel = p.relative_to(game_dir)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if skip is not None and (p.resolve() == skip or skip in p.resolve().parents):
            continue
        if p.is_file():
            out.append(p)
    return out
