"""The one gate for files a spec names: strictly inside the game folder, regular files only, bounded.

A spec is data a stranger may hand you, so a name in it must never reach
outside its own game folder: no absolute paths, no `..`, no symlink that
points elsewhere, no URLs. Only regular files are read: a folder, a device, a
named pipe or a socket is refused before it is opened (a pipe could block the
build for ever, `/dev/zero` never ends), and every read stops at a size cap
chosen by the use. Every refusal is a located `SpecErrors`.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path, PurePosixPath

from pnp.errors import Pos, SpecError, SpecErrors, did_you_mean, display_path
from pnp.fingerprint import LARGEST_READ

_DRIVE = re.compile(r"^[A-Za-z]:")                    # C:\x, C:x, C:/x
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]+:")    # http:, file:, data:, ...

TEXT_BYTES = 5_000_000     # a YAML spec, a CSV file, rules.md or a file it includes
IMAGE_BYTES = 20_000_000   # a picture in the rulebook

# open() flags: never follow a link swapped in at the last step, never wait on a pipe
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def safe_game_path(game_dir: Path, relative: str, pos: Pos, what: str = "file") -> Path:
    """The real path of the regular file `relative` inside `game_dir`, or a located error saying why not."""
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
    real = Path(os.path.realpath(current))
    if real != current and not _inside(real, root):  # belt and braces: the steps above resolved every link
        _fail(pos, f"{what} '{text}' resolves to a place outside the game folder")
    try:
        mode = os.stat(real).st_mode
    except OSError as e:
        _fail(pos, f"{what} '{text}' cannot be read: {e.strerror or e}")
    if not stat.S_ISREG(mode):
        _fail(pos, f"{what} '{text}' is {_not_a_file(mode)}, not a file")
    return real


def read_game_bytes(game_dir: Path, relative: str, pos: Pos, what: str, limit: int) -> tuple[Path, bytes]:
    """The real path and the bytes of a file the spec names, through every check of `safe_game_path`."""
    path = safe_game_path(game_dir, relative, pos, what)
    return path, read_regular(path, pos, f"{what} '{str(relative).strip()}'", limit)


def read_game_text(game_dir: Path, relative: str, pos: Pos, what: str,
                   limit: int = TEXT_BYTES) -> tuple[Path, str]:
    """The real path and the UTF-8 text of a file the spec names; binary or mis-encoded files are located errors."""
    path, data = read_game_bytes(game_dir, relative, pos, what, limit)
    return path, decode_text(data, display_path(path))


def read_game_text_again(game_dir: Path, relative: str, pos: Pos, what: str,
                         limit: int = TEXT_BYTES) -> tuple[Path, str, FileAgain]:
    """`read_game_text`, and a `FileAgain` through which parts of the same file can be read later."""
    path, data = read_game_bytes(game_dir, relative, pos, what, limit)
    again = FileAgain(game_dir, relative, pos, what, limit)
    text = decode_text(data, display_path(path))
    again.text_at = len(data) - (len(text) if text.isascii() else len(text.encode("utf-8")))
    return path, text, again


def read_regular(path: Path, pos: Pos, what: str, limit: int) -> bytes:
    """At most `limit` bytes of the regular file at `path`, checked again on the open file.

    The path was checked before; this re-checks what was actually opened, so a
    file swapped for a link, a pipe or a device in between is still refused,
    and a pipe never blocks (it is opened non-blocking and refused at once).
    """
    limit = min(limit, LARGEST_READ)  # the fingerprint reads no more of a file (pnp.fingerprint)
    fd = _open_checked(path, pos, what, limit)
    try:
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        _fail(pos, f"{what} cannot be read: {e.strerror or e}")
    finally:
        os.close(fd)
    if size > limit:
        _fail(pos, f"{what} is too large (more than {_size(limit)})")
    return b"".join(chunks)


def _open_checked(path: Path, pos: Pos, what: str, limit: int) -> int:
    """`path` opened (no link followed at the last step, never waiting on a pipe), and found on the
    open file to be a regular file of at most `limit` bytes; closed again when it is not."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as e:
        _fail(pos, f"{what} cannot be read: {e.strerror or e}")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            _fail(pos, f"{what} is {_not_a_file(info.st_mode)}, not a file")
        if info.st_size > limit:
            _fail(pos, f"{what} is too large ({info.st_size:,} bytes; at most {_size(limit)})")
    except BaseException as e:
        os.close(fd)
        if isinstance(e, OSError):
            _fail(pos, f"{what} cannot be read: {e.strerror or e}")
        raise
    return fd


class FileAgain:
    """A game file that was read through the gate, to be read again in parts later (a large
    table's rows, in the worker drawing their sheet), through the same gate each time: the
    name is checked again, and no file is held open between reads (a deck of many tables would
    hold as many). What is read again may differ from what was read the first time (the file
    may have been edited since): whoever reads it checks it (`pnp.kinds.deck.cards`)."""

    def __init__(self, game_dir: Path, relative: str, pos: Pos, what: str, limit: int):
        self._gate = (game_dir, relative, pos, what)
        self._limit = limit
        self.text_at = 0  # bytes before the file's text (byte-order marks)

    def read(self, start: int, end: int) -> bytes:
        """The bytes from `start` to `end` as the file holds them now (fewer if it has shrunk)."""
        game_dir, relative, pos, what = self._gate
        shown = f"{what} '{str(relative).strip()}'"
        fd = _open_checked(safe_game_path(game_dir, relative, pos, what), pos, shown, self._limit)
        try:
            os.lseek(fd, start, os.SEEK_SET)
            parts, got = [], 0
            while got < end - start:
                part = os.read(fd, end - start - got)
                if not part:
                    break
                parts.append(part)
                got += len(part)
            return b"".join(parts)
        except OSError as e:
            _fail(pos, f"{shown} cannot be read: {e.strerror or e}")
        finally:
            os.close(fd)


def decode_text(data: bytes, shown: str) -> str:
    """UTF-8 text (a leading BOM dropped); a NUL byte or a bad sequence is an error at its line and column."""
    if b"\0" in data:
        line, col = _line_col(data, data.index(b"\0"))
        _fail(Pos(shown, line, col), "this is a binary file, not text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _line_col(data, e.start)
        _fail(Pos(shown, line, col), "text is not UTF-8 (save the file as UTF-8)")
    return text.lstrip("\ufeff")


def _size(limit: int) -> str:
    """A size cap in words: '2 MB', '5 MB', or bytes when it is not a round number."""
    for unit in (1 << 20, 1_000_000):
        if limit % unit == 0:
            return f"{limit // unit} MB"
    return f"{limit:,} bytes"


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset]
    return before.count(b"\n") + 1, offset - (before.rfind(b"\n") + 1) + 1


def _not_a_file(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


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


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _follow_link(link: Path, root: Path, shown: str, text: str, pos: Pos, what: str) -> Path:
    """Where a symlink leads, provided that stays inside the game folder."""
    try:
        target = link.resolve(strict=False)
    except (OSError, RuntimeError):  # a symlink loop
        _fail(pos, f"{what} '{text}': symlink '{shown}' cannot be resolved (a loop?)")
    if not _inside(target, root):
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
