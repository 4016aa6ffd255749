"""The drawing protocol every component draws on.

Coordinates are PostScript points with the origin at the top-left of the page
and y growing downwards (as in SVG and as a designer measures a card).
Colours are '#rrggbb' strings or None (no paint). Rotation is in degrees,
clockwise on the page. Backends: `pnp.draw.pdf.PdfSurface`, `pnp.draw.svg.SvgSurface`.
"""
from __future__ import annotations

from typing import Callable, Protocol, Sequence

from pnp.draw.gradient import Gradient  # noqa: F401  (the paint fill_gradient takes)

# A path is a list of commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathCommand = tuple
Point = tuple[float, float]


class Surface(Protocol):
    width: float
    height: float

    # pages ---------------------------------------------------------------
    def begin_page(self, width: float, height: float) -> None: ...
    def end_page(self) -> None: ...
    def set_print_boxes(self, trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]) -> None:
        """TrimBox and BleedBox as (x, y, w, h) from the top-left; SVG ignores them."""

    # graphics state ------------------------------------------------------
    def save(self) -> None: ...
    def restore(self) -> None: ...
    def translate(self, dx: float, dy: float) -> None: ...
    def rotate(self, degrees: float) -> None: ...
    def scale(self, sx: float, sy: float) -> None: ...
    def clip_rect(self, x: float, y: float, w: float, h: float) -> None: ...
    def clip_path(self, commands: Sequence[PathCommand], *, even_odd: bool = False) -> None:
        """Clip what is drawn until the matching restore to the inside of the path."""
    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        """Concatenate the matrix x' = a x + c y + e, y' = b x + d y + f (y down) until the matching restore."""

    # shapes --------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             width: float = 0.5, radius: float = 0, dash: Sequence[float] | None = None, opacity: float = 1) -> None: ...
    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = 0.5, dash: Sequence[float] | None = None, opacity: float = 1) -> None: ...
    def ellipse(self, cx: float, cy: float, rx: float, ry: float, *, fill: str | None = None, stroke: str | None = None,
                width: float = 0.5, opacity: float = 1) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000", width: float = 0.5,
             dash: Sequence[float] | None = None, cap: str = "butt") -> None: ...
    def polygon(self, points: Sequence[Point], *, closed: bool = True, fill: str | None = None, stroke: str | None = None,
                width: float = 0.5, dash: Sequence[float] | None = None, join: str = "miter", opacity: float = 1) -> None: ...
    def path(self, commands: Sequence[PathCommand], *, fill: str | None = None, stroke: str | None = None,
             width: float = 0.5, even_odd: bool = False, cap: str = "butt", join: str = "miter",
             dash: Sequence[float] | None = None, opacity: float = 1) -> None: ...

    def fill_gradient(self, commands: Sequence[PathCommand], gradient: "Gradient", *, even_odd: bool = False,
                      opacity: float = 1) -> None:
        """Fill the path with a `pnp.draw.gradient.Gradient` (its ends padded with the end colours)."""

    # text ----------------------------------------------------------------
    def text(self, x: float, y: float, string: str, *, font: str, size: float, fill: str = "#000000",
             anchor: str = "start") -> None:
        """Draw one line of text with its baseline at y; anchor is start, middle or end."""

    # repeated art ----------------------------------------------------------
    def has_symbol(self, name: str) -> bool: ...
    def define_symbol(self, name: str, width: float, height: float, draw: Callable[["Surface"], None]) -> None:
        """Record art once (a PDF form, an SVG <symbol>) drawn in a width × height box."""
    def use_symbol(self, name: str, x: float, y: float, w: float, h: float) -> None:
        """Place a defined symbol scaled into the box (x, y, w, h)."""

    # pictures --------------------------------------------------------------
    def image(self, picture, x: float, y: float, w: float, h: float) -> None:
        """Draw a `pnp.draw.raster.Raster` upright, stretched over the box (x, y, w, h).

        Each picture is stored once per document (PDF) or per file (SVG) however often it is drawn;
        fitting, alignment, turning and cropping are done by the caller (`pnp.draw.raster.fitted`).
        """
