"""A Surface that draws onto a reportlab canvas someone else owns (a platypus page being built).

Component code (card faces, icons) only knows the Surface protocol; inside a
flowable we already have a canvas mid-page, so this PdfSurface skips making its
own and draws symbols in place instead of as forms: platypus runs several
passes over fresh canvases, and a form defined in one pass must not be assumed
in the next. The caller sets up the y-down transform (see `flip`).
"""
from __future__ import annotations

from typing import Callable

from pnp.draw import fonts
from pnp.draw.pdf import PdfSurface


class CanvasSurface(PdfSurface):
    def __init__(self, canvas):  # noqa: D107 — deliberately not calling PdfSurface.__init__ (no own canvas)
        fonts.register_all()
        self.c = canvas
        self.width = self.height = 0.0
        self._symbols: dict[str, tuple[float, float, Callable]] = {}
        self._fill = self._stroke = None
        self._alpha = 1.0
        self._stack: list = []
        self.pages = 0

    def forget_paint(self) -> None:
        """Platypus changes colours behind our back: never trust the cached ones across flowables."""
        self._fill = self._stroke = None
        self._alpha = 1.0

    def draw_repeatable(self, key, draw: Callable) -> None:
        """Always drawn: platypus writes to the canvas between our calls, so operators are not reused."""
        draw()

    def has_symbol(self, name: str) -> bool:
        return name in self._symbols

    def define_symbol(self, name: str, width: float, height: float, draw: Callable) -> None:
        self._symbols.setdefault(name, (width, height, draw))

    def use_symbol(self, name: str, x: float, y: float, w: float, h: float) -> None:
        sw, sh, draw = self._symbols[name]
        self.save()
        self.c.transform(w / sw, 0, 0, h / sh, x, y)
        draw(self)
        self.restore()


def surface_for(canvas) -> CanvasSurface:
    """One surface per canvas (so symbols are recorded once per pass)."""
    surface = getattr(canvas, "_pnp_surface", None)
    if surface is None:
        surface = CanvasSurface(canvas)
        canvas._pnp_surface = surface
    surface.forget_paint()
    return surface


def flip(canvas, x: float, y_top: float) -> None:
    """Make (x, y_top) of the reportlab page the origin, with y growing downwards (the Surface convention)."""
    canvas.transform(1, 0, 0, -1, x, y_top)
