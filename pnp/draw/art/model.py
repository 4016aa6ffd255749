"""Parsed art as plain painted paths and lines of text, and drawing them on any Surface (so PDF and SVG cannot disagree)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from pnp.draw.art.style import CURRENT
from pnp.draw.art.transform import IDENTITY, Matrix, map_commands, mul
from pnp.draw.gradient import Gradient
from pnp.errors import Pos

# A clip: (path commands in the art's box, even-odd rule). A shape is drawn inside all of its clips.
Clip = tuple[tuple, bool]


@dataclass(frozen=True)
class Shape:
    """One painted path in the art's box. Paint is '#rrggbb', CURRENT, None or (fill only) a Gradient."""

    commands: tuple
    fill: str | Gradient | None
    stroke: str | None
    width: float
    even_odd: bool
    cap: str
    join: str
    fill_opacity: float
    stroke_opacity: float
    clips: tuple[Clip, ...] = ()


@dataclass(frozen=True)
class TextRun:
    """One run of text: `string` with its baseline start at (x, y) of the space `matrix` maps into the art's box."""

    matrix: Matrix
    x: float
    y: float
    string: str
    font: str
    size: float
    fill: str
    anchor: str
    clips: tuple[Clip, ...] = ()


@dataclass
class Art:
    """Parsed art: shapes and text in a width × height box (the viewBox, in its units)."""

    width: float
    height: float
    shapes: list[Shape | TextRun] = field(default_factory=list)
    warnings: list[tuple[Pos, str]] = field(default_factory=list)

    def draw(self, surface, ink: str | None = None) -> None:
        """Draw into the box (0, 0, width, height); currentColor becomes `ink` (black without)."""
        self.draw_mapped(surface, IDENTITY, ink)

    def draw_mapped(self, surface, m: Matrix, ink: str | None = None) -> None:
        """Draw with every point mapped by `m` (how icons are fitted without a surface transform)."""
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        ink = ink or "#000000"
        clips: tuple = ()
        for item in self.shapes:
            if item.clips != clips:  # one clipped group per run of items sharing their clips
                if clips:
                    surface.restore()
                clips = item.clips
                if clips:
                    surface.save()
                    for commands, even_odd in clips:
                        surface.clip_path(map_commands(commands, m), even_odd=even_odd)
            if isinstance(item, TextRun):
                _text(surface, item, m, ink)
            else:
                _paint(surface, item, map_commands(item.commands, m), item.width * scale, ink, m)
        if clips:
            surface.restore()


def _text(surface, t: TextRun, m: Matrix, ink: str) -> None:
    surface.save()
    surface.transform(*mul(m, t.matrix))
    surface.text(t.x, t.y, t.string, font=t.font, size=t.size, fill=ink if t.fill == CURRENT else t.fill,
                 anchor=t.anchor)
    surface.restore()


def _paint(surface, s: Shape, commands: list, width: float, ink: str, m: Matrix) -> None:
    """One shape on the surface; fill and stroke go separately when their opacities differ or the fill is a gradient."""
    fill = ink if s.fill == CURRENT else s.fill
    stroke = ink if s.stroke == CURRENT else s.stroke
    if fill is None or s.fill_opacity <= 0:
        fill = None
    if stroke is None or s.stroke_opacity <= 0 or width <= 0:
        stroke = None
    style = dict(width=width, even_odd=s.even_odd, cap=s.cap, join=s.join)
    if isinstance(fill, Gradient):
        stops = tuple((o, ink if c == CURRENT else c) for o, c in fill.stops)
        surface.fill_gradient(commands, replace(fill, stops=stops).mapped(m), even_odd=s.even_odd,
                              opacity=s.fill_opacity)
        fill = None
    if fill and stroke and abs(s.fill_opacity - s.stroke_opacity) > 1e-9:
        surface.path(commands, fill=fill, stroke=None, opacity=s.fill_opacity, **style)
        surface.path(commands, fill=None, stroke=stroke, opacity=s.stroke_opacity, **style)
    elif fill or stroke:
        surface.path(commands, fill=fill, stroke=stroke, opacity=s.fill_opacity if fill else s.stroke_opacity, **style)
