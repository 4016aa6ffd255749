"""`pnp new`: a new game folder with a commented example of every spec kind pnp knows, ready to build.

A starter is what `pnp new --template NAME` copies (the flag keeps the design card's word; the
glossary's *template* is a Jinja text). The default starter is `templates/<kind>.yaml`, one
commented example per kind; a kind (a module in pnp/kinds) without one is skipped, so a new kind
joins the scaffold by adding its example. A named starter (`pnp new --template hex`) is a whole small
game in `templates/<name>/`: its game.yaml, rules.md and spec files are copied as they are. Every spec gets a `yaml-language-server` line pointing at
the game's own copy of the schemas, `.pnp/schema/<kind>.json` (`pnp.editorschema`), so editors
complete and check keys from the first keystroke, wherever the folder is moved.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.editorschema import schema_files, schema_line

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


class ScaffoldError(Exception):
    """A name or folder `pnp new` refuses (the message says why)."""


@dataclass
class Scaffold:
    dir: Path
    files: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # kinds without an example in the default starter


DEFAULT_STARTER = "default"
ASSET_FOLDERS = ("art", "art/icons", "fonts")  # a starter's own files besides its specs


def scaffold_dir() -> Path:
    from pnp.paths import SCAFFOLD

    return SCAFFOLD


def starters() -> list[str]:
    """'default', then every folder of templates/ holding a game.yaml."""
    named = sorted(p.name for p in scaffold_dir().iterdir() if p.is_dir() and (p / "game.yaml").is_file())
    return [DEFAULT_STARTER] + named


def check_starter(name: str) -> None:
    from pnp.errors import did_you_mean

    known = starters()
    if name not in known:
        shown = name[:40] if name.isprintable() else repr(name[:40])
        raise ScaffoldError(f"--template '{shown}' names no starter{did_you_mean(name, known)}: the starters "
                            f"are {', '.join(known)}")


def title_of(name: str) -> str:
    """my-game → My Game."""
    return " ".join(w[:1].upper() + w[1:] for w in re.split(r"[-_]+", name) if w)


def plan(name: str) -> tuple[dict[str, str], list[str], list[str]]:
    """The kinds with an example in the default starter (the SHARED ones, whose names the others use, first) and those without:
    ({kind: file name}, kinds, skipped)."""
    from pnp.kinds import kind_module, kind_names

    kinds = sorted(kind_names(), key=lambda k: (not kind_module(k).SHARED, k))
    have = [k for k in kinds if (scaffold_dir() / f"{k}.yaml").is_file()]
    return {k: f"{k}.yaml" for k in have}, have, [k for k in kinds if k not in have]


def check_name(name: str) -> None:
    """A game name must be a plain folder name everywhere (letters, digits, '-', '_'; no device names)."""
    from pnp.safename import why_not_plain

    shown = f"'{name}'" if len(name) <= 40 and name.isprintable() else repr(name[:40]) + ("…" if len(name) > 40 else "")
    if not NAME_RE.match(name):
        raise ScaffoldError(f"{shown} is not a usable game name: use letters, digits, '-' and '_' "
                            f"(it becomes the folder name), e.g. my-game")
    why = why_not_plain(name)
    if why:
        raise ScaffoldError(f"{shown} is not a usable game name: {why}; choose another, e.g. my-game")


_KIND_LINE = re.compile(r"^kind:\s*([a-z]+)\s*$", re.M)


def _starter_files(starter: str, target: Path, fill) -> tuple[dict[str, str], list[str], list[str]]:
    """A named starter's files as they will be written: ({file: text}, kinds, skipped)."""
    src = scaffold_dir() / starter
    files: dict[str, str] = {}
    kinds = []
    for path in sorted(src.iterdir()):
        if not path.is_file() or path.suffix not in (".yaml", ".md", ".csv"):  # .csv: a deck's data
            continue
        text = fill(path.read_text(encoding="utf-8"))
        if path.name == "game.yaml":
            text = schema_line("game") + text
        elif path.suffix == ".yaml":
            m = _KIND_LINE.search(text)
            if m:
                kinds.append(m.group(1))
                text = schema_line(m.group(1), path.name) + text
        files[path.name] = text
    for folder in ASSET_FOLDERS:  # a starter's pictures and fonts, copied as they are
        if (src / folder).is_dir():
            for path in sorted((src / folder).iterdir()):
                if path.is_file() and not path.name.startswith("."):
                    files[f"{folder}/{path.name}"] = path.read_bytes()
    return files, kinds, []


def create(name: str, parent: Path = Path("."), template: str = DEFAULT_STARTER) -> Scaffold:
    """Write PARENT/NAME from the starter `template` (the `--template` flag's value); refuses a bad name,
    an unknown starter or an existing path (never overwrites, never follows a link there)."""
    check_name(name)
    check_starter(template)
    target = Path(parent) / name
    if os.path.lexists(target):
        raise ScaffoldError(f"{target} already exists: pnp new never overwrites; choose another name or --dir")
    title = title_of(name)

    def fill(text: str) -> str:
        return text.replace("__TITLE__", title).replace("__NAME__", name)

    if template == DEFAULT_STARTER:
        files, kinds, skipped = _default_files(name, target, fill)
    else:
        files, kinds, skipped = _starter_files(template, target, fill)
    schemas = schema_files()  # the editor's schemas travel with the game (pnp.editorschema)
    if Path(parent).exists() and not Path(parent).is_dir():
        raise ScaffoldError(f"{parent} is a file: --dir must be a folder")
    try:
        Path(parent).mkdir(parents=True, exist_ok=True)
        os.mkdir(target)  # fails when anything, even a dangling link, took the name meanwhile
    except FileExistsError:
        raise ScaffoldError(f"{target} already exists: pnp new never overwrites; choose another name or --dir") from None
    except OSError as e:
        raise ScaffoldError(f"cannot create {target}: {e.strerror or e}") from None
    try:
        _write_files(target, {**files, **schemas})
    except OSError as e:
        import shutil

        shutil.rmtree(target, ignore_errors=True)  # the folder is ours: made a moment ago
        raise ScaffoldError(f"cannot write the new game in {target}: {e.strerror or e}") from None
    return Scaffold(target, sorted(files), kinds, skipped)


def _default_files(name: str, target: Path, fill) -> tuple[dict[str, str], list[str], list[str]]:
    """The default starter: one commented example per kind, listed in game.yaml."""
    names, kinds, skipped = plan(name)
    src = scaffold_dir()
    files: dict[str, str] = {}
    components = "\n".join(f"  - {names[k]}" for k in kinds)
    files["game.yaml"] = schema_line("game") + fill((src / "game.yaml").read_text()).replace("__COMPONENTS__", components)
    for k in kinds:
        files[names[k]] = schema_line(k, names[k]) + fill((src / f"{k}.yaml").read_text())
    files["rules.md"] = fill((src / "rules.md").read_text())
    return files, kinds, skipped


def _write_files(folder: Path, files: dict[str, str | bytes]) -> None:
    """Each file created afresh inside the new folder (sub-folders too), never through a link."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    opened = {"": os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | nofollow)}
    try:
        for file_name, content in files.items():
            parent, _, leaf = file_name.rpartition("/")
            parts = parent.split("/") if parent else []
            for depth in range(1, len(parts) + 1):  # each folder on the way, outermost first
                inner, above = "/".join(parts[:depth]), "/".join(parts[:depth - 1])
                if inner not in opened:
                    os.mkdir(parts[depth - 1], 0o755, dir_fd=opened[above])
                    opened[inner] = os.open(parts[depth - 1], os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | nofollow,
                                            dir_fd=opened[above])
            fd = os.open(leaf, os.O_WRONLY | os.O_CREAT | os.O_EXCL | nofollow, 0o644, dir_fd=opened[parent])
            with os.fdopen(fd, "wb") as f:
                f.write(content if isinstance(content, bytes) else content.encode("utf-8"))
    finally:
        for fd in opened.values():
            os.close(fd)
