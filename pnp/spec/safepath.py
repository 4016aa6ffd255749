"""Resolving the files a spec names (art, CSV data) strictly inside the game folder.

A spec is data a stranger may hand you, so a name in it must never reach
outside its own game folder: no absolute paths, no `..`, no symlink that
points elsewhere, no URLs. Every refusal is a located `SpecErrors`.
"""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from pnp.errors import Pos, SpecError, SpecErrors, did_you_mean

_DRIVE = re.compile(r"^[A-Za-z]:")                    # C:\x, C:x, C:/x
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]+:")    # http:, file:, data:, ...


def safe_game_path(game_dir: Path, relative: str, pos: Pos, what: str = "file") -> Path:
    """The resolved path of `relative` inside `game_dir`, or a located error saying why not."""
    text = str(relative).strip()
    parts = _parts(text, pos, what)
    if any(len(p.encode("utf-8")) > 255 for p in parts) or len(text) > 1024:
        _fail(pos, f"{what} path is too long to be a file name")
    root = Path(game_dir).resolve()
    current = root
    for i, part in enumerate(parts):
        current = current / part
        shown = "/".join(parts[: i + 1])
        if current.is_symlink():
            current = _follow_link(current, root, shown, text, pos, what)
        if not current.exists():
            _fail(pos, f"{what} '{text}' not found{_suggest(current.parent, parts[:i], part)}")
        if i < len(parts) - 1 and not current.is_dir():
            _fail(pos, f"{what} '{text}' not found: '{shown}' is a file, not a folder")
    if current.is_dir():
        _fail(pos, f"{what} '{text}' is a folder, not a file")
    return current


def _parts(text: str, pos: Pos, what: str) -> list[str]:
    """The path's folder steps, refusing the forms that could point outside."""
    if not text:
        _fail(pos, f"{what} path is empty")
    if "\x00" in text:
        _fail(pos, f"{what} path '{text!r}' contains a NUL character")
    if text.startswith(("/", "\\")) or _DRIVE.match(text):
        _fail(pos, f"{what} path '{text}' is absolute; name it relative to the game folder")
    if _SCHEME.match(text):
        _fail(pos, f"{what} '{text}' looks like a URL; only files inside the game folder can be used")
    parts = [p for p in PurePosixPath(text.replace("\\", "/")).parts if p != "."]
    if ".." in parts:
        _fail(pos, f"{what} path '{text}' goes outside the game folder ('..' is not allowed)")
    if not parts:
        _fail(pos, f"{what} path '{text}' names the game folder itself, not a file")
    return parts


def _follow_link(link: Path, root: Path, shown: str, text: str, pos: Pos, what: str) -> Path:
    """Where a symlink leads, provided that stays inside the game folder."""
    try:
        target = link.resolve(strict=False)
    except (OSError, RuntimeError):  # a symlink loop
        _fail(pos, f"{what} '{text}': symlink '{shown}' cannot be resolved (a loop?)")
    if target != root and root not in target.parents:
        _fail(pos, f"{what} '{text}': '{shown}' is a symlink pointing outside the game folder")
    return target


def _suggest(folder: Path, done: list[str], missing: str) -> str:
    """A did-you-mean naming a sibling of the missing step, as a path from the game folder."""
    try:
        siblings = [p.name for p in folder.iterdir() if not p.name.startswith(".")]
    except OSError:
        return ""
    hint = did_you_mean(missing, siblings)
    if not hint or not done:
        return hint
    prefix = "/".join(done) + "/"
    return hint.replace(" '", " '" + prefix, 1)


def _fail(pos: Pos, message: str):
    raise SpecErrors([SpecError(pos, message)])
