"""A loaded game as every stage sees it: `GameContext` (its folder, game.yaml's model, its
components, assets, fonts and the errors collected) and `Component` (one spec file, loaded by
its kind).

It sits below the kinds (which read it) and above the drawing (whose `Assets` it holds), so a
kind's hooks are typed against it without importing `pnp.game`, which loads games through the
kinds."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Collector, SpecErrors
from pnp.models.fontnames import EMPTY as EMPTY_FONTS, GameFonts, using
from pnp.models.game import Game
from pnp.render.assets import Assets


@dataclass
class Component:
    kind: str
    path: Path
    raw: Any
    model: Any  # what the kind's loader returned


@dataclass
class GameContext:
    dir: Path
    name: str
    game: Game | None
    assets: Assets
    errors: Collector = field(default_factory=Collector)
    components: list[Component] = field(default_factory=list)
    raw: Any = None
    rules_path: Path | None = None  # the rulebook source, when the game has one
    fonts: GameFonts = EMPTY_FONTS  # the game's own faces and fallbacks (`fonts:` in game.yaml), checked at load
    edition: Any = None  # the `pnp.models.edition.Edition` loaded, for a game that lists languages
    rules_name: str | None = None  # the rulebook's name in the game folder: an edition's own (rules.de.md) if it has one
    _rules_source: str | None = field(default=None, repr=False)
    # the paper a build's sheets take: output file → one figure per component (`sheets`, `least`)
    sheets_used: dict[str, tuple] = field(default_factory=dict)

    def rules_source(self) -> str | None:
        """The rulebook source as loaded, for the referee's reading of the words; None without one.

        Read once, through the file gate (the path was checked at load; the read is bounded and
        never follows a link at its last step), so no check reopens a file by name."""
        if self.rules_path is None:
            return None
        if self._rules_source is None:
            from pnp.reading.load import read_text

            try:
                self._rules_source = read_text(self.rules_path)
            except SpecErrors:
                self._rules_source = ""  # the build reports the unreadable rulebook at its position
        return self._rules_source

    def of_kind(self, kind: str) -> list[Component]:
        return [c for c in self.components if c.kind == kind]

    def own_fonts(self):
        """A `with` block in which font names mean this game's faces (`fonts:` in game.yaml): every
        command that draws or measures the game's text (build, validate, check, export, showcase)
        works inside one; a game loaded as an edition enters that edition too."""
        if self.edition is None:
            return using(self.fonts)
        return _both(using(self.fonts), self.edition)


@contextmanager
def _both(fonts_block, edition):
    from pnp.models.edition import editing

    with fonts_block as active, editing(edition):
        yield active
