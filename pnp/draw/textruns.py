"""What a text layout is made of: lines of runs, shared by the plain path (`pnp.draw.text`) and a
language edition's shaped one (`pnp.draw.complextext`)."""
from __future__ import annotations

from dataclasses import dataclass

ICON_EM = 1.3  # an inline icon's advance, in ems: a little larger than a capital, so it reads at 7 pt


@dataclass(frozen=True)
class Run:
    """A piece of one line: a word (or space) in a font, or an icon."""

    text: str
    font: str
    x: float
    width: float
    icon: bool = False
    glyphs: object = None  # a language edition's shaped run (pnp.draw.shaping.Shaped), drawn by glyph id
    logical: int = 0  # where the run starts in its line's logical (reading) order


@dataclass(frozen=True)
class TextLayout:
    size: float
    lines: tuple[tuple[Run, ...], ...]
    line_widths: tuple[float, ...]
    line_height: float
    height: float
    fits: bool
    overflow: float  # points beyond the box height (0 when it fits)
    missing: tuple[tuple[str, str], ...] = ()  # (font, the characters it cannot draw), for each such font
