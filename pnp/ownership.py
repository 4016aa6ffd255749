"""Which files in a game's output folder a build owns, and which it leaves to the person who put them there.

`pnp build` replaces `<out>/<game>/` as one set (`pnp.output.publish`). Besides the files it
renders, that folder holds sets other pnp commands wrote, each with its own `manifest.json`
(a shop's files, a tabletop export, showcase pictures), reports such as `balance.pdf`, and
whatever a person saved there. A set is kept when it sits where today's layout puts it (the
places below) and removed when it was written for a layout or an edition that is gone (the
shop files of the game before it had `languages:`, a dropped edition's export). Files no
manifest lists are a person's: kept, and named in one warning.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

SET_FOLDERS = ("shop", "export", "proof")  # one set per shop or target: `shop/<NAME>/`, `export/<target>/`, `proof/<NAME>/`
SHOWCASE = "showcase"


def _set_place(parts: list[str]) -> bool:
    """`shop/<NAME>`, `export/<target>`, `proof/<NAME>` or `showcase`, relative to an edition's folder (or the game's)."""
    return (len(parts) == 2 and parts[0] in SET_FOLDERS) or (len(parts) == 1 and parts[0] == SHOWCASE)


def single_edition_places(folder: str) -> bool | None:
    """For a game without editions: the sets of today's layout are kept, any other (an edition's folder
    from when the game had languages, an export of the old per-language layout) is removed."""
    return _set_place(folder.split("/"))


def edition_places(declared: list[str]) -> Callable[[str], bool | None]:
    """For a game with editions: a declared edition's folder is walked into, the sets inside it kept;
    every other set (the layout before editions, a dropped edition's) is removed."""
    langs = set(declared)

    def live(folder: str) -> bool | None:
        parts = folder.split("/")
        if parts[0] not in langs:
            return False
        if len(parts) == 1:
            return None
        return _set_place(parts[1:])

    return live


def foreign_warning(folder: Path, names: list[str]) -> list:
    """One warning naming the files a person put in the output folder (kept as they are), or none."""
    if not names:
        return []
    from pnp.errors import Pos, SpecError, display_path

    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return [SpecError(Pos(display_path(folder)), f"kept {len(names)} file{'s' if len(names) != 1 else ''} "
                      f"that pnp did not write: {shown}")]
