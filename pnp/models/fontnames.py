"""The font names a spec may use: the built-in catalogue, plus the active game's own families.

A catalogue, not a loader: specs validate names against it, and `pnp.draw.fonts`
registers the files with reportlab. A game's own fonts (`fonts:` in game.yaml,
read by `pnp.models.fontfiles`) are a `GameFonts` value carried by the game; while
that game is validated or drawn it is the *active* set (`using`, `active`), a
context variable rather than a global, so two games in one process never see
each other's fonts.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Annotated, Any, Iterator

from pydantic import BeforeValidator

# name → (file, SVG family, SVG weight, SVG style)
FONT_FILES: dict[str, tuple[str, str, str, str]] = {
    "sans": ("DejaVuSans.ttf", "DejaVu Sans", "normal", "normal"),
    "sans-bold": ("DejaVuSans-Bold.ttf", "DejaVu Sans", "bold", "normal"),
    "sans-italic": ("DejaVuSans-Oblique.ttf", "DejaVu Sans", "normal", "oblique"),
    "sans-bolditalic": ("DejaVuSans-BoldOblique.ttf", "DejaVu Sans", "bold", "oblique"),
    "condensed": ("DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed", "bold", "normal"),
    "serif": ("DejaVuSerif.ttf", "DejaVu Serif", "normal", "normal"),
    "serif-bold": ("DejaVuSerif-Bold.ttf", "DejaVu Serif", "bold", "normal"),
    "serif-italic": ("DejaVuSerif-Italic.ttf", "DejaVu Serif", "normal", "italic"),
}

# the styles a game family may declare, and the suffix of the name a spec uses for each
STYLES: dict[str, str] = {"regular": "", "bold": "-bold", "italic": "-italic", "bold-italic": "-bolditalic"}


@dataclass(frozen=True)
class GameFace:
    """One file of a game family, checked and (if it had CFF outlines) converted to TrueType."""

    name: str          # the name specs use: "IM Fell", "IM Fell-bold"
    family: str        # the family as game.yaml declares it (the SVG font-family)
    style: str         # regular, bold, italic or bold-italic
    data: bytes        # TrueType bytes, ready for reportlab and for SVG @font-face
    digest: str        # sha256 of `data`: the face's identity (its reportlab name derives from it)


@dataclass(frozen=True)
class GameFonts:
    """A game's own font faces and its fallback order; empty for a game that declares none."""

    faces: dict[str, GameFace] = field(default_factory=dict)
    fallback: tuple[str, ...] = ()   # names (built-in or the game's) tried in order for a missing character
    key: str = ""                    # identity of the whole set, for caches keyed by what a name means
    rulebook: tuple[str, str] = ("serif", "sans")  # the rulebook's body and heading fonts (`rulebook_fonts:`)
    unusable: tuple[str, ...] = ()   # declared faces whose files were refused (their error is at game.yaml)

    def names(self) -> list[str]:
        return list(FONT_FILES) + list(self.faces) + [n for n in self.unusable if n not in self.faces]


EMPTY = GameFonts()
_ACTIVE: ContextVar[GameFonts] = ContextVar("pnp_game_fonts", default=EMPTY)


def active() -> GameFonts:
    """The fonts of the game being validated or drawn (the one lookup every font name goes through)."""
    return _ACTIVE.get()


@contextmanager
def using(game_fonts: GameFonts | None) -> Iterator[GameFonts]:
    """Make `game_fonts` the active set for the duration of a `with` block."""
    token = _ACTIVE.set(game_fonts or EMPTY)
    try:
        yield game_fonts or EMPTY
    finally:
        _ACTIVE.reset(token)


def check_font_name(value: Any) -> str:
    """A font name a spec may use (built-in or the game's own), else a ValueError with "did you mean"."""
    names = active().names()
    if not isinstance(value, str) or value not in names:
        return _unknown(value, names)
    return value


def _unknown(value: Any, names: list[str]):
    from pnp.errors import did_you_mean

    raise ValueError(f"unknown font {value!r}{did_you_mean(str(value), names)} (fonts: {', '.join(names)}; "
                     "a game adds its own under `fonts:` in game.yaml)")


# a spec field holding a font name: `font: FontName = "sans"` (tokens, boards, sheets can take one so)
FontName = Annotated[str, BeforeValidator(check_font_name)]
