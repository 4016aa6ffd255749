"""The JSON Schemas a game's spec files name for the editor, kept inside the game's own folder.

An editor that reads `# yaml-language-server: $schema=…` (VS Code's YAML extension, and others
built on the YAML language server) checks and completes a spec's keys as it is typed. The path on
that line is read relative to the spec file. A path into pnp's installation broke as soon as the
game's folder moved or pnp was upgraded (a new virtual environment, another Python), and pnp has
no web site to serve a schema from; so each game carries its own copy, in `.pnp/schema/<kind>.json`,
and every spec's line points there (`.pnp/schema/deck.json`). The game folder can be moved,
zipped or shared and the line still resolves.

`pnp new` and `pnp examples copy` write the copy with the folder; after upgrading pnp,
`pnp schema --game DIR` brings it up to date (and turns older lines into this form), and
`pnp validate` says when it is out of date. The copy is the same bytes as pnp's own
`pnp/data/schema/` (generated from the models). A hidden folder: builds, the input hash and the
folder's listing skip it, so it is never mistaken for part of the game.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

SCHEMA_FOLDER = ".pnp/schema"
SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=.*?([a-z]+\.json)[ \t]*$", re.M)
_LARGEST_SPEC = 4 << 20  # a spec file larger than this is not a spec pnp reads: its line is left alone


def schema_line(kind: str, spec: str = "game.yaml") -> str:
    """The line a spec at `spec` (relative to the game folder) starts with to name its kind's schema."""
    up = "../" * spec.count("/")
    return f"# yaml-language-server: $schema={up}{SCHEMA_FOLDER}/{kind}.json\n"


def schema_files() -> dict[str, bytes]:
    """The game's copy of the schemas: path inside the game folder → bytes (pnp's own, as installed)."""
    from pnp.paths import SCHEMAS

    return {f"{SCHEMA_FOLDER}/{p.name}": p.read_bytes() for p in sorted(SCHEMAS.glob("*.json"))}


def is_current(game_dir: Path) -> bool | None:
    """None when the game carries no copy; else whether its copy is this pnp's schemas."""
    folder = Path(game_dir) / SCHEMA_FOLDER
    if not folder.is_dir() or folder.is_symlink():
        return None
    for rel, data in schema_files().items():
        path = Path(game_dir) / rel
        try:
            if path.is_symlink() or path.read_bytes() != data:
                return False
        except OSError:
            return False
    return True


def with_local_line(text: str, kind: str | None, spec: str) -> str:
    """The spec's text with its schema line naming the game's copy (a line already there is replaced)."""
    if SCHEMA_LINE.search(text):
        return SCHEMA_LINE.sub(lambda m: schema_line(m.group(1)[:-5], spec).rstrip("\n"), text, count=1)
    return schema_line(kind, spec) + text if kind else text


def refresh(game_dir: Path) -> list[str]:
    """Write this pnp's schemas into the game's copy and point every spec's schema line at it; returns
    the files changed (relative paths). Nothing is written through a link."""
    game_dir = Path(game_dir)
    changed = []
    for rel, data in schema_files().items():
        path = game_dir / rel
        try:
            same = not path.is_symlink() and path.read_bytes() == data
        except OSError:
            same = False
        if not same:
            _write(game_dir, rel, data)
            changed.append(rel)
    for rel in _specs(game_dir):
        text = (game_dir / rel).read_text(encoding="utf-8", errors="replace")
        fixed = with_local_line(text, None, rel)
        if fixed != text:
            _write(game_dir, rel, fixed.encode("utf-8"))
            changed.append(rel)
    return changed


def _specs(game_dir: Path) -> list[str]:
    """The game's YAML files (not in hidden folders, not links, not huge), relative posix paths."""
    out = []
    for folder, dirs, files in os.walk(game_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not os.path.islink(os.path.join(folder, d)))
        for name in sorted(files):
            path = os.path.join(folder, name)
            if name.endswith((".yaml", ".yml")) and not os.path.islink(path) and os.path.isfile(path) \
                    and os.path.getsize(path) <= _LARGEST_SPEC:
                out.append(Path(path).relative_to(game_dir).as_posix())
    return out


def _write(game_dir: Path, rel: str, data: bytes) -> None:
    """`data` into game_dir/rel, every folder on the way opened without following a link."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    directory = getattr(os, "O_DIRECTORY", 0)
    *folders, leaf = rel.split("/")
    fd = os.open(game_dir, os.O_RDONLY | directory)
    try:
        for name in folders:
            try:
                os.mkdir(name, 0o755, dir_fd=fd)
            except FileExistsError:
                pass
            inner = os.open(name, os.O_RDONLY | directory | nofollow, dir_fd=fd)
            os.close(fd)
            fd = inner
        out = os.open(leaf, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | nofollow, 0o644, dir_fd=fd)
        with os.fdopen(out, "wb") as f:
            f.write(data)
    finally:
        os.close(fd)
