"""Parsed art as plain painted paths, and drawing them on any Surface (so PDF and SVG cannot disagree)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.draw.art.style import CURRENT
from pnp.draw.art.transform import IDENTITY, Matrix, map_commands
from pnp.errors import Pos


@dataclass(frozen=True)
class Shape:
    """One painted path in the art's box. Paint is '#rrggbb', CURRENT or None."""

    commands: tuple
    fill: str | None
    stroke: str | None
    width: float
    even_odd: bool
    cap: str
    join: str
    fill_opacity: float
    stroke_opacity: float


@dataclass
class Art:
    """Parsed art: shapes in a width × height box (the viewBox, in its units)."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    warnings: list[tuple[Pos, str]] = field(default_factory=list)

    def draw(self, surface, ink: str | None = None) -> None:
        """Draw into the box (0, 0, width, height); currentColor becomes `ink` (black without)."""
        self.draw_mapped(surface, IDENTITY, ink)

    def draw_mapped(self, surface, m: Matrix, ink: str | None = None) -> None:
        """Draw with every point mapped by `m` (how icons are fitted without a surface transform)."""
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        for shape in self.shapes:
            _paint(surface, shape, map_commands(shape.commands, m), shape.width * scale, ink or "#000000")


def _paint(surface, s: Shape, commands: list, width: float, ink: str) -> None:
    """One shape on the surface; fill and stroke go separately only when their opacities differ."""
    fill = ink if s.fill == CURRENT else s.fill
    stroke = ink if s.stroke == CURRENT else s.stroke
    if fill is None or s.fill_opacity <= 0:
        fill = None
    if stroke is None or s.stroke_opacity <= 0 or width <= 0:
        stroke = None
    style = dict(width=width, even_odd=s.even_odd, cap=s.cap, join=s.join)
    if fill and stroke and abs(s.fill_opacity - s.stroke_opacity) > 1e-9:
        surface.path(commands, fill=fill, stroke=None, opacity=s.fill_opacity, **style)
        surface.path(commands, fill=None, stroke=stroke, opacity=s.stroke_opacity, **style)
    elif fill or stroke:
        surface.path(commands, fill=fill, stroke=stroke, opacity=s.fill_opacity if fill else s.stroke_opacity, **style)
