"""A game's icons and art: the built-in icons plus the game's own `art/` folder."""
from __future__ import annotations

from pathlib import Path

from pnp.draw import icons
from pnp.errors import Pos, SpecErrors


class Assets:
    """Looks up icons by name and art by path, loading each SVG once."""

    def __init__(self, game_dir: Path):
        self.game_dir = game_dir
        self._extra = None
        self._art: dict[str, object] = {}
        self.report = None  # a Collector: what art cannot draw is told there, once per file (set by the game)

    @property
    def extra_icons(self) -> dict:
        if self._extra is None:
            self._extra = {}
            if (self.game_dir / "art" / "icons").is_dir():
                from pnp.draw.art import art_icons

                self._extra = art_icons(self.game_dir)
                for name in sorted(self._extra):
                    self._tell(getattr(self._extra[name], "art", None))
        return self._extra

    def _tell(self, art) -> None:
        """Pass on an art file's warnings (what it has that is not drawn), each at its line in the file."""
        if art is None or self.report is None:
            return
        for pos, message in art.warnings:
            self.report.warn(pos, message)

    def icon_names(self) -> set[str]:
        return set(icons.names()) | set(self.extra_icons)

    def has_icon(self, name: str) -> bool:
        return name in self.extra_icons or icons.exists(name)

    def place_icon(self, surface, name: str, x: float, y: float, size: float, ink: str = "#000000") -> None:
        icons.place(surface, name, x, y, size, ink, self.extra_icons)

    def art(self, relative: str, pos: Pos):
        """The parsed SVG at a path inside the game folder (located errors when it is unsafe or bad)."""
        if relative not in self._art:
            from pnp.draw.art import MAX_BYTES, parse_art
            from pnp.errors import display_path
            from pnp.spec.safepath import read_regular, safe_game_path

            path = safe_game_path(self.game_dir, relative, pos, what="art file")
            if path.suffix.lower() != ".svg":
                raise SpecErrors([_err(pos, f"art '{relative}' must be an SVG file")])
            # a file too large is reported where the spec names it; what is wrong inside it, in the file
            data = read_regular(path, pos, f"art file '{relative}'", MAX_BYTES)
            self._art[relative] = parse_art(data, display_path(path))
            self._tell(self._art[relative])
        return self._art[relative]

    def place_art(self, surface, relative: str, pos: Pos, x: float, y: float, w: float, h: float,
                  ink: str | None = None) -> None:
        from pnp.draw.art import place_art

        art = self.art(relative, pos)
        place_art(surface, art, f"art:{relative}:{ink}", x, y, w, h, fit="contain", ink=ink)


def _err(pos: Pos, message: str):
    from pnp.errors import SpecError

    return SpecError(pos, message)
