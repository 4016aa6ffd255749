"""Content fingerprints: what decides whether a build's outputs are still current.

Hashes of file contents and relative paths (never sizes, mtimes or where the folder lies),
so the same game gives the same fingerprint — and the same `manifest.json` — wherever its
folder lies and however it was copied. The game folder is read once (`read_inputs`, a sha256
per file); the whole-game `input_hash` and the build cache's per-unit hashes both use that read.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path

from pnp import __version__

# The most bytes any read of a game file takes (a picture, a font, a workbook): pnp.reading.safepath refuses a
# larger file before reading it, whatever it holds, so its size is all of it a build can depend on. A sparse
# file of 30 GB (30 MB zipped) took a minute to hash.
LARGEST_READ = 20_000_000


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

    found: list[tuple[tuple[str, ...], str]] = []  # (the path's parts, for the order of sorted paths; the path)
    for root, dirs, names in os.walk(PACKAGE):  # os.walk, not Path.rglob: a fifth of the time, every build asks
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        here = Path(root).relative_to(PACKAGE).parts
        found += [((*here, name), os.path.join(root, name)) for name in names
                  if os.path.splitext(name)[1] not in (".pyc", ".pyo") and os.path.isfile(os.path.join(root, name))]
    chunks: list[bytes | str] = [__version__]
    for parts, path in sorted(found):
        with open(path, "rb") as f:
            chunks += ["/".join(parts), f.read()]
    return digest(*chunks)


def options_stamp(options) -> str:
    """pnp itself and the build options that shape output (not where they go, not --force)."""
    opts = asdict(options)
    opts.pop("out", None)
    opts.pop("force", None)
    opts.pop("lang", None)  # each edition's stamp adds its own language (pnp.build)
    if "png" not in [str(f) for f in opts.get("formats", ())]:
        opts.pop("dpi", None)  # dpi shapes nothing without PNG: the same hash as before it existed
    return digest(tool_fingerprint(), json.dumps(opts, sort_keys=True, default=str))


def game_files(game_dir: Path, skip: Path | None = None) -> list[Path]:
    """The game folder's files and links, sorted by relative path; hidden files, caches and the `skip`
    folder (an output folder inside the game) left out. Links to folders are not walked into."""
    game_dir = Path(game_dir)
    skip_real = os.path.realpath(skip) if skip is not None else None
    found: list[tuple[str, Path]] = []
    for root, dirs, names in os.walk(game_dir, followlinks=False):
        base = Path(root)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                         and not (skip_real is not None and os.path.realpath(base / d) == skip_real))
        for name in names:
            if name.startswith("."):
                continue
            path = base / name
            if os.path.islink(path) or os.path.isfile(path):
                found.append((path.relative_to(game_dir).as_posix(), path))
    return [p for _, p in sorted(found)]


def read_inputs(game_dir: Path, skip: Path | None = None) -> dict[str, str]:
    """Every file of the game folder: relative posix path → sha256 of its bytes (read in chunks, so a
    huge file costs time, not memory). A symbolic link stands for its link text, never for what it
    points at, so nothing outside the folder is read here."""
    game_dir = Path(game_dir)
    out = {}
    for p in game_files(game_dir, skip):
        rel = p.relative_to(game_dir).as_posix()
        try:
            out[rel] = digest("symlink", os.readlink(p)) if os.path.islink(p) else _file_sha256(p)
        except OSError as e:  # unreadable, or gone since the listing: the loader reports what it needs
            out[rel] = digest("unreadable", str(e.errno))
    return out


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > LARGEST_READ:  # no build can read it (see LARGEST_READ)
            return digest("larger than any read", str(size))
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def input_hash(inputs: dict[str, str], options) -> str:
    """The one hash of everything a build depends on: pnp, the options and the game's files (contents only)."""
    chunks: list[str] = [options_stamp(options)]
    for rel in sorted(inputs):
        chunks += [rel, inputs[rel]]
    return digest(*chunks)
