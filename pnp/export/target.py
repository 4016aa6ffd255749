"""What an export target is, and the one place targets are found.

`pnp export TARGET` finds TARGET only through the `pnp.exports` entry-point
group (`pnp.plugins`), so a target shipped in another package is found exactly
like the bundled ones, and a name typed on the command line never becomes an
import path. Whatever the entry point names (usually a module) follows `ExportTarget`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol, runtime_checkable

from pnp.plugins import PluginError, load, names

if TYPE_CHECKING:
    from pnp.context import GameContext

GROUP = "exports"


@runtime_checkable
class ExportTarget(Protocol):
    """The contract of an export target."""

    TITLE: str  # who the images are for, in words (`pnp export --help`)

    def export(self, game: GameContext, step: Callable[[], None] | None = None) -> dict[str, bytes]:
        """{relative name: bytes} of every file for the game's pieces (`pnp.export.raster.game_pieces`); calls `step()` once per face
        rendered. Names are relative and safe (`pnp.safename`): the writer puts them under the target's folder."""


def target_names() -> list[str]:
    """Every registered export target, sorted."""
    return names(GROUP)


def load_target(name: str) -> ExportTarget:
    """The target registered as NAME; PluginError when none is, or when it does not follow `ExportTarget`."""
    target = load(GROUP, name)
    if not isinstance(target, ExportTarget):
        missing = [h for h in ("TITLE", "export") if not hasattr(target, h)]
        raise PluginError(f"the export target '{name}' does not provide {', '.join(missing)}")
    return target


def local_folder_url(folder: Path) -> str:
    """The `file:` URL of FOLDER (ending in `/`) as Tabletop Simulator writes a local picture's address in its
    own saves: the path as it is, spaces and accents unescaped (`file:///C:/Users/Ann Lee/…`), not
    percent-encoded as `Path.as_uri` would (`Ann%20Lee`)."""
    path = Path(folder).resolve().as_posix()
    return ("file://" if path.startswith("/") else "file:///") + path.rstrip("/") + "/"


def edition_of(game: GameContext) -> str | None:
    """The language of the edition loaded (None for a game without `languages:`)."""
    edition = getattr(game, "edition", None)
    return edition.lang if edition is not None else None


def edition_title(game: GameContext) -> str:
    """The game's title as its edition prints it, with the edition's language in brackets when it has
    one ("Lantern [de]"): what a tabletop shows as the name of a save or a game, so editions never
    look alike on one table or in one library."""
    title = (game.game.title if game.game else "") or game.name
    lang = edition_of(game)
    return f"{title} [{lang}]" if lang else title


def edition_name(game: GameContext, name: str) -> str:
    """A file name stem carrying the edition (`lantern-de`), so files of two editions never collide."""
    lang = edition_of(game)
    return f"{name}-{lang}" if lang else name
