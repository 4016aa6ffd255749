"""Safe SVG art: a designer's SVG files drawn as plain paths on any Surface.

A game's `art/` folder comes with the spec, so it is untrusted input. We parse
a small, well-defined subset of SVG with expat ourselves and refuse anything
that could run code, reach outside the file or blow up (DOCTYPE/entities,
scripts, foreign content, external references, huge or deep documents).
What survives becomes a flat list of shapes and text runs in the art's own
box: path commands (M/L/C/Z, already transformed) plus paint (a colour or a
gradient) and the clips they are drawn in. The PDF and SVG outputs both come
from these, so they cannot disagree. What the art has but is not drawn is a
located warning in `Art.warnings` (docs/art.md lists both).

Public API: `load_art`, `parse_art`, `Art`, `place_art`, `art_icons`.

Modules, one job each: `gate` (what SVG may contain, refusals), `units`
(numbers and lengths), `css` (`<style>` rules), `style` (paint, fonts and their
inheritance), `gradients` (gradient elements), `transform` (matrices),
`pathdata` (the d attribute), `bbox` (a path's box), `text` (text runs),
`build` (tree → shapes), `model` (the result and drawing it), `limits` (the
bounds); the arc and curve maths is in `pnp.geometry.curves`.
"""
from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from pnp.draw.art.build import Builder
from pnp.draw.art.gate import Parser
from pnp.draw.art.limits import (MAX_BYTES, MAX_DEPTH, MAX_ELEMENTS, MAX_NUMBER, MAX_RENDER_DEPTH, MAX_SHAPES,
                                 MAX_USE_DEPTH, MIN_BOX, Refused)
from pnp.draw.art.model import Art, Shape
from pnp.draw.art.pathdata import parse_path
from pnp.draw.art.style import COLOURS, CURRENT, parse_colour
from pnp.draw.art.transform import IDENTITY, Matrix, parse_transform
from pnp.geometry.curves import KAPPA, arc_to_cubics, ellipse_path, rect_path
from pnp.errors import Pos, SpecError, SpecErrors, display_path

__all__ = ["Art", "Shape", "load_art", "parse_art", "place_art", "art_icons", "parse_path", "parse_colour",
           "parse_transform", "arc_to_cubics", "ellipse_path", "rect_path", "KAPPA", "COLOURS", "CURRENT",
           "IDENTITY", "Matrix", "MAX_BYTES", "MAX_DEPTH", "MAX_ELEMENTS", "MAX_NUMBER", "MAX_RENDER_DEPTH",
           "MAX_SHAPES", "MAX_USE_DEPTH", "MIN_BOX", "ICON_BOX"]

ICON_BOX = 100.0
PARSED_BYTES = 32 * 1024 * 1024  # SVG source kept parsed between builds (`pnp serve` rebuilds on every save)
# sha256 → (size, Art, the name its warnings were given), the least recently used first
_parsed: OrderedDict[bytes, tuple[int, Art, str]] = OrderedDict()
_parsed_lock = threading.Lock()
_parsed_total = [0]  # bytes of source in _parsed


def load_art(path: Path, shown: str) -> Art:
    """Parse the SVG file at `path` (already checked to be inside the game); errors say `shown:line:col`."""
    from pnp.reading.safepath import read_regular

    return parse_art(read_regular(path, Pos(shown), "art file", MAX_BYTES), shown)


def parse_art(data: bytes, shown: str) -> Art:
    """Parse SVG bytes into an Art, or raise a located SpecErrors.

    An Art is never changed once built, so the same bytes give the same shapes again: a watch or
    serve loop re-reads the art of every build, and parsing path data was most of a small edit's
    time (the same icons in another copy of a game, too). Only the warnings name the file: under
    another name they are given that name. At most PARSED_BYTES of source are kept.
    """
    key = hashlib.sha256(data).digest()
    with _parsed_lock:
        if key in _parsed:
            _parsed.move_to_end(key)
            _, art, named = _parsed[key]
            return art if named == shown else _renamed(art, named, shown)
    art = _parse_art(data, shown)
    with _parsed_lock:
        if key not in _parsed:
            _parsed[key] = (len(data), art, shown)
            _parsed_total[0] += len(data)
        while _parsed_total[0] > PARSED_BYTES and len(_parsed) > 1:
            _parsed_total[0] -= _parsed.popitem(last=False)[1][0]
    return art


def _renamed(art: Art, named: str, shown: str) -> Art:
    """The same art, its warnings placed in the file `shown` instead of `named`."""
    from dataclasses import replace

    return replace(art, warnings=[(replace(pos, path=shown) if pos.path == named else pos, message)
                                  for pos, message in art.warnings])


def _parse_art(data: bytes, shown: str) -> Art:
    try:
        if len(data) > MAX_BYTES:
            raise Refused(Pos(shown), f"art file is larger than {MAX_BYTES // (1024 * 1024)} MB")
        root, ids, warnings = Parser(shown).parse(data)
        return Builder(shown, ids, warnings).build(root)
    except Refused as e:
        raise SpecErrors([SpecError(e.pos, e.message)]) from None


def place_art(surface, art: Art, key: str, x: float, y: float, w: float, h: float,
              fit: str = "contain", ink: str | None = None) -> None:
    """Place `art` in the box (x, y, w, h), recorded once per document as symbol `key`.

    contain keeps the aspect ratio, centred; stretch fills the box; cover fills it
    keeping the aspect ratio and clips what sticks out.
    """
    name = key if ink is None else f"{key}@{ink}"
    if not surface.has_symbol(name):
        surface.define_symbol(name, art.width, art.height, lambda s: art.draw(s, ink))
    if fit == "stretch":
        surface.use_symbol(name, x, y, w, h)
        return
    if fit not in ("contain", "cover"):
        raise ValueError(f"unknown fit '{fit}': use contain, stretch or cover")
    pick = min if fit == "contain" else max
    k = pick(w / art.width, h / art.height)
    bw, bh = art.width * k, art.height * k
    bx, by = x + (w - bw) / 2, y + (h - bh) / 2
    if fit == "cover":
        surface.save()
        surface.clip_rect(x, y, w, h)
        surface.use_symbol(name, bx, by, bw, bh)
        surface.restore()
    else:
        surface.use_symbol(name, bx, by, bw, bh)


def art_icons(game_dir: Path) -> dict[str, Callable]:
    """A game's own icons: every `art/icons/*.svg`, keyed by file stem, as `fn(surface, ink)`.

    Each draws its art fitted (aspect kept, centred) into the 100 × 100 icon box.
    The parsed Art is kept on the function as `fn.art` (for its warnings).
    """
    from pnp.reading.safepath import safe_game_path

    folder = Path(game_dir) / "art" / "icons"
    if not folder.is_dir():
        return {}
    icons: dict[str, Callable] = {}
    errors: list[SpecError] = []
    for file in sorted(folder.iterdir(), key=lambda p: p.name):
        if file.suffix.lower() != ".svg" or file.name.startswith("."):
            continue
        shown = os.path.join(display_path(folder), file.name)  # not resolving the file: it may be a symlink loop
        try:
            safe = safe_game_path(Path(game_dir), f"art/icons/{file.name}", Pos(shown), what="icon file")
            icons[file.stem] = _icon_fn(load_art(safe, shown))
        except SpecErrors as e:
            errors.extend(e.errors)
    if errors:
        raise SpecErrors(errors)
    return icons


def _icon_fn(art: Art) -> Callable:
    """An icon function drawing `art` fitted into the icon box."""
    k = ICON_BOX / max(art.width, art.height)
    m = (k, 0.0, 0.0, k, (ICON_BOX - art.width * k) / 2, (ICON_BOX - art.height * k) / 2)

    def draw(surface, ink: str | None = None) -> None:
        art.draw_mapped(surface, m, ink)

    draw.art = art
    return draw
