"""Which game folders a command works on when none is named: paths only, no game is loaded.

Kept apart from `pnp.game` (which imports the spec models) so that a command with nothing
to do, such as a rebuild where nothing changed, finds its games without importing them."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def find_games(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.glob("*/game.yaml"))


@dataclass
class GameSearch:
    """The games a command with no folder named works on, and where they were found."""
    games: list[Path]
    root: Path
    source: str  # "here" (a game.yaml in the folder), "cardspecs" (./cardspecs/*), or "examples" (bundled)


def discover_games(here: Path) -> GameSearch:
    """A folder with game.yaml is that game; one with cardspecs/ holds games; elsewhere, the bundled examples."""
    from pnp.paths import EXAMPLES

    if (here / "game.yaml").is_file():
        return GameSearch([here], here, "here")
    if (here / "cardspecs").is_dir():
        return GameSearch(find_games(here / "cardspecs"), here / "cardspecs", "cardspecs")
    return GameSearch(find_games(EXAMPLES), EXAMPLES, "examples")
