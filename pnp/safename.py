"""Safe file names for everything pnp writes: one rule for every name built from spec content.

A game folder is untrusted, and its ids and names end up in file names (`svg/<deck>/<card>-front.svg`,
export images, `<sheet file>.pdf`, `<out>/<game>/`). `slug()` turns any such text into one
path component that is safe on Linux, macOS and Windows:

- a *plain* name — letters, digits, `_`, `.` and `-`, starting with a letter, digit or `_`, not
  ending in `.`, at most MAX_PLAIN bytes, not a Windows device name (`CON`, `aux`, `com1`), in
  Unicode NFC — is kept as it is, so the names people normally use (and every bundled game's)
  do not change;
- anything else (`../x`, `x/y`, `x y`, NUL, control characters, `CON`, 10,000 characters) is
  cleaned to its plain characters and gets `-` plus 8 hex digits of the sha256 of the original
  text. The result is stable (the same text gives the same name on every machine) and two
  different texts that clean to the same letters (`x y`, `x/y`) still get different names.

Two names that differ only in case are one file on Windows and macOS, so `OutputNames` (used
where a kind or an export builds its names) reports those, and a file that would share its
name with a folder, as located errors. `check_relpath()` is the writer's last guard: it
refuses any relative output path with an unsafe component, whatever built it.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

MAX_PLAIN = 64  # bytes (UTF-8) of a name kept as it is; longer names are shortened and hashed
KEEP = 40  # characters of the cleaned text kept in front of the hash
MAX_COMPONENT = 255  # bytes: the limit of every common file system
_PLAIN = re.compile(r"\w[\w.-]*", re.UNICODE)
_NOT_PLAIN = re.compile(r"[^\w.-]+", re.UNICODE)
_DEVICE_NAMES = {"con", "prn", "aux", "nul", "conin$", "conout$", "clock$",
                 *(f"com{c}" for c in "0123456789¹²³"), *(f"lpt{c}" for c in "0123456789¹²³")}
# names the writer keeps for itself inside an output folder
WRITER_NAMES = {"manifest.json"}
WRITER_PREFIX = ".pnp-"


class UnsafeName(ValueError):
    """A relative output path the writer refuses (the message says which part and why)."""


def shown(text: str, most: int = 60) -> str:
    """`text` quoted for a message: control characters escaped, at most `most` characters of it."""
    cut = str(text)[:most]
    body = cut if cut.isprintable() else repr(cut)[1:-1]
    return f"'{body}{'…' if len(str(text)) > most else ''}'"


def is_device_name(name: str) -> bool:
    """`CON`, `aux.svg`, `Com1.txt`: names Windows maps to devices, with any extension."""
    return name.split(".", 1)[0].rstrip(" ").casefold() in _DEVICE_NAMES


def why_not_plain(name: str) -> str | None:
    """None when `name` is a plain name kept as it is; otherwise a short reason (for `pnp new`)."""
    if not name:
        return "it is empty"
    if len(name.encode("utf-8")) > MAX_PLAIN:
        return f"it is longer than {MAX_PLAIN} bytes"
    if unicodedata.normalize("NFC", name) != name:
        return "it is not in Unicode NFC form"
    if not _PLAIN.fullmatch(name):
        return "use letters, digits, '_', '.' and '-', starting with a letter, digit or '_'"
    if name.endswith("."):
        return "it ends with '.'"
    if is_device_name(name):
        return "Windows reserves it for a device"
    return None


def slug(text: str, fallback: str = "item") -> str:
    """`text` itself when it is plain, else a cleaned, hashed, stable form (see the module docstring)."""
    text = str(text)
    if why_not_plain(text) is None:
        return text
    cleaned = unicodedata.normalize("NFKC", text)
    cleaned = _NOT_PLAIN.sub("-", cleaned).strip("-.")
    cleaned = cleaned[:KEEP].strip("-.") or fallback
    if is_device_name(cleaned):  # `aux.svg`: Windows looks at the part before the first dot
        cleaned = cleaned.replace(".", "-", 1)
    tag = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{cleaned}-{tag}"


def check_component(part: str) -> str | None:
    """Why one component of an output path is unsafe to write, or None."""
    if part in ("", ".", ".."):
        return "an empty, '.' or '..' part"
    if any(c in part for c in "/\\\0") or any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in part):
        return "a slash, backslash, NUL or control character"
    if len(part.encode("utf-8", "surrogatepass")) > MAX_COMPONENT:
        return f"a part longer than {MAX_COMPONENT} bytes"
    if part[-1] in ". ":
        return "a part ending in '.' or a space"
    if any(c in part for c in '<>:"|?*'):
        return "a character Windows does not allow in file names"
    if is_device_name(part):
        return "a Windows device name"
    return None


def check_relpath(name: str) -> tuple[str, ...]:
    """The parts of a relative output path (posix `/`), or UnsafeName when any part is unsafe."""
    if not isinstance(name, str) or not name:
        raise UnsafeName(f"refusing to write {shown(name)}: not a file name")
    parts = tuple(name.split("/"))
    for part in parts:
        why = check_component(part)
        if why:
            raise UnsafeName(f"refusing to write {shown(name)}: it has {why}")
    if parts[0] in WRITER_NAMES or any(p.startswith(WRITER_PREFIX) for p in parts):
        raise UnsafeName(f"refusing to write {shown(name)}: that name is the writer's own")
    return parts


def conflicts(names) -> list[tuple[str, str]]:
    """Pairs of output paths that would land on one file on a case-insensitive disk, or a file where a folder is."""
    seen: dict[str, str] = {}
    folders: dict[str, str] = {}
    out = []
    for name in names:
        key = unicodedata.normalize("NFC", name).casefold()
        if key in seen and seen[key] != name:
            out.append((seen[key], name))
        seen.setdefault(key, name)
        parts = key.split("/")
        for i in range(1, len(parts)):
            folders.setdefault("/".join(parts[:i]), name)
    for key, name in seen.items():
        if key in folders:
            out.append((name, folders[key]))
    return out


class OutputNames:
    """The file names one kind (or export) builds, checked as they are made: each one slugged, none
    sharing a name with another up to case, and none where another needs a folder.

    `add(path, pos, what)` returns the path, or records a located error in `errors` (a Collector)
    when another origin (position and description) already claimed that name; the same origin may
    claim its name again.
    """

    def __init__(self, errors):
        self.errors = errors
        self._seen: dict[str, tuple[str, object, str]] = {}
        self._folders: dict[str, tuple[str, object, str]] = {}

    def add(self, path: str, pos, what: str) -> str:
        key = unicodedata.normalize("NFC", path).casefold()
        parts = key.split("/")
        clash = self._seen.get(key) or self._folders.get(key)
        if clash is None:
            for i in range(1, len(parts)):
                clash = self._seen.get("/".join(parts[:i]))
                if clash:
                    break
        if clash is not None and (clash[0] != path or clash[1:] != (pos, what)):
            other, other_pos, other_what = clash
            same = unicodedata.normalize("NFC", other).casefold() == key
            how = ("the two names differ only in case (one file on Windows and macOS)" if same
                   else "one needs a folder where the other is a file")
            self.errors.error(pos, f"{what} makes the output name {shown(path, 120)}, and {other_what} ({other_pos}) "
                                   f"makes {shown(other, 120)}: {how}; rename one of them")
            return path
        self._seen.setdefault(key, (path, pos, what))
        for i in range(1, len(parts)):
            self._folders.setdefault("/".join(parts[:i]), (path, pos, what))
        return path
