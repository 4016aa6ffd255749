"""A game's icons and art: the built-in icons plus the game's own `art/` folder (SVG, PNG, JPEG, WebP, GIF)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePosixPath

from pnp.draw import icons
from pnp.errors import Pos, SpecErrors

ART_TYPES = ".svg, .png, .jpg, .jpeg, .webp or .gif"


class Assets:
    """Looks up icons by name and art by path, reading and checking each file once.

    `min_ppi` is the resolution below which a picture gets a warning where it is placed
    (game.yaml's `print.min_ppi`).
    """

    def __init__(self, game_dir: Path, min_ppi: float | None = None):
        self.game_dir = game_dir
        self._min_ppi = min_ppi
        self._extra = None
        self._art: dict[str, object] = {}
        self.report = None  # a Collector: what art cannot draw is told there, once per file (set by the game)
        self._warned: set[tuple] = set()

    @property
    def min_ppi(self) -> float:
        """The threshold set, else pnp's default (looked up here: the picture module loads Pillow,
        which a game with no picture never needs)."""
        if self._min_ppi is None:
            from pnp.draw.raster import DEFAULT_MIN_PPI

            return DEFAULT_MIN_PPI
        return self._min_ppi

    @min_ppi.setter
    def min_ppi(self, value: float) -> None:
        self._min_ppi = value

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
        for pos, message in getattr(art, "warnings", ()):  # a picture has none: its checks are errors
            self.report.warn(pos, message)

    def icon_names(self) -> set[str]:
        return set(icons.names()) | set(self.extra_icons)

    def has_icon(self, name: str) -> bool:
        return name in self.extra_icons or icons.exists(name)

    def place_icon(self, surface, name: str, x: float, y: float, size: float, ink: str = "#000000") -> None:
        icons.place(surface, name, x, y, size, ink, self.extra_icons)

    def art(self, relative: str, pos: Pos):
        """The art at a path inside the game folder: a parsed SVG (`pnp.draw.art.Art`) or a checked picture
        (`pnp.draw.raster.Raster`), decided by what the file holds; located errors when it is unsafe or bad."""
        failed = self._art.get((relative, pos))
        if failed is not None:  # a bad file named by a templated src is read and reported once, not per card
            raise failed
        if relative not in self._art:
            try:
                self._art[relative] = self._read_art(relative, pos)
            except SpecErrors as e:
                self._art[(relative, pos)] = e
                raise
            self._tell(self._art[relative])
        return self._art[relative]

    def _read_art(self, relative: str, pos: Pos):
        """Read and check one art file: which kind it is comes from its name and, checked, its content."""
        from pnp.draw.art import MAX_BYTES as SVG_BYTES
        from pnp.draw.art import parse_art
        from pnp.draw.raster import FORMATS, MAX_BYTES, SHOWN, SUFFIX, read_raster, sniff
        from pnp.errors import display_path
        from pnp.reading.safepath import read_regular, safe_game_path

        path = safe_game_path(self.game_dir, relative, pos, what="art file")
        suffix = PurePosixPath(relative.replace("\\", "/")).suffix.lower()
        if suffix != ".svg" and suffix not in FORMATS:
            raise SpecErrors([_err(pos, f"art '{relative}' must be a {ART_TYPES} file")])
        # a file too large is reported where the spec names it; what is wrong inside it, in the file
        data = read_regular(path, pos, f"art file '{relative}'", SVG_BYTES if suffix == ".svg" else MAX_BYTES)
        if suffix == ".svg":
            real = sniff(data)
            if real not in (None, "SVG"):
                raise SpecErrors([_err(pos, f"art '{relative}' is a {SHOWN[real]} picture although its name "
                                            f"ends in .svg: rename it to end in {SUFFIX[real]}")])
            return parse_art(data, display_path(path))
        return read_raster(data, relative, pos, FORMATS[suffix])

    def place_art(self, surface, relative: str, pos: Pos, x: float, y: float, w: float, h: float,
                  ink: str | None = None, *, fit: str = "contain", align: str = "center", rotate: float = 0,
                  crop: tuple[float, float, float, float] | None = None, crop_pos: Pos | None = None,
                  report=None, warn_at: Callable[[], Pos | None] | None = None) -> None:
        """Draw the art at `relative` in the box (x, y, w, h): the one way any component places art.

        `fit` (contain, cover, stretch, none), `align` (center, top, bottom-left, …), `rotate`
        (degrees clockwise, the picture inside the box) and `crop` (x, y, width, height in the
        picture's pixels, or an SVG's own units) are as `pnp.draw.raster.fitted` says. A picture
        printing below `min_ppi` is a warning in `report` (a Collector) at `pos`, once per box size, or at
        `warn_at()` when that gives a place (the data cell that named the picture: asked only then).
        A raster picture ignores `ink`.
        """
        from pnp.draw.art import Art
        from pnp.draw.raster import draw_placed, fitted

        art = self.art(relative, pos)
        report = report if report is not None else self.report
        if isinstance(art, Art):
            size = (art.width, art.height)
            natural = 96.0  # an SVG's user unit is a CSS pixel
        else:
            size = (art.width, art.height)
            natural = art.ppi
        if crop is not None:
            _check_crop(crop, size, relative, crop_pos or pos, "units" if isinstance(art, Art) else "pixels")
        placed = fitted(size, x, y, w, h, fit, align, rotate, crop, natural)
        if isinstance(art, Art):
            name = f"art:{relative}:{ink}" if ink is None else f"art:{relative}:{ink}@{ink}"
            if not surface.has_symbol(name):
                surface.define_symbol(name, art.width, art.height, lambda s: art.draw(s, ink))
            draw_placed(surface, size, placed, lambda *box: surface.use_symbol(name, *box), crop)
            return
        if report is not None and placed.ppi < self.min_ppi:
            key = (relative, pos, round(placed.ppi))
            if key not in self._warned:
                self._warned.add(key)
                shown = f"{art.width} × {art.height} pixels" + (f", cropped to {crop[2]:g} × {crop[3]:g}" if crop else "")
                report.warn((warn_at() if warn_at else None) or pos, f"image '{relative}' ({shown}) prints at {placed.ppi:.0f} ppi in this box, below "
                                 f"{self.min_ppi:g} ppi: it will look blurred or blocky; use a larger picture or a "
                                 f"smaller box (the threshold is print.min_ppi in game.yaml)")
        draw_placed(surface, size, placed, lambda *box: surface.image(art, *box), crop)


def _check_crop(crop, size, relative: str, pos: Pos, unit: str) -> None:
    cx, cy, cw, ch = crop
    if cw <= 0 or ch <= 0 or cx < 0 or cy < 0 or cx + cw > size[0] + 1e-9 or cy + ch > size[1] + 1e-9:
        raise SpecErrors([_err(pos, f"crop {cx:g}, {cy:g}, {cw:g} × {ch:g} is not inside '{relative}', which is "
                                    f"{size[0]:g} × {size[1]:g} {unit}")])


def _err(pos: Pos, message: str):
    from pnp.errors import SpecError

    return SpecError(pos, message)
