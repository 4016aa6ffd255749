"""One pass over a content stream's operators: the graphics state (transformation, fill and stroke
colour, the problems of the ExtGState in force, the text position), and every paint — paths, text,
pictures, gradients, forms — noted in the stream's `Sketch` at the place it paints. What the stream
refers to (colour spaces, patterns, fonts, forms, pictures) is asked of the `reader`
(`pnp.printshop.preflight.drawings.Drawings`), which reads each once."""
from __future__ import annotations

from pnp.printshop.preflight.findings import as_text
from pnp.printshop.preflight.sketch import IDENTITY, INHERIT, Sketch, apply, multiply

_FILLS = {"f", "F", "f*"}
_STROKES = {"S", "s"}
_BOTH = {"B", "B*", "b", "b*"}
_SHOWS = {"Tj", "TJ", "'", '"'}
_TEXT_FILLS = {0, 2, 4, 6}
_TEXT_STROKES = {1, 2, 5, 6}


def _numbers(operands, count: int) -> list[float] | None:
    if len(operands) < count:
        return None
    try:
        return [float(v) for v in operands[-count:]]
    except (TypeError, ValueError):
        return None


class Run:
    def __init__(self, reader, resources, sketch: Sketch, *, inherit: bool = True, uncoloured: bool = False):
        self.reader, self.res, self.sketch = reader, resources, sketch
        default = reader.default_colour()
        self.fill = INHERIT if inherit else default
        self.stroke = INHERIT if inherit else default
        self.fill_space = self.stroke_space = None
        self.uncoloured = uncoloured     # a Type 3 glyph drawn with d1: its colour operators do nothing
        self.ctm = IDENTITY
        self.extra: tuple = ()
        self.font = None
        self.render = 0
        self.tm = self.tlm = IDENTITY
        self.leading = 0.0
        self.path_at = None
        self.stack: list = []

    def go(self, instructions) -> None:
        for operands, op in instructions:
            handler = _HANDLERS.get(as_text(op))
            if handler is not None:
                handler(self, operands)

    # --- state ---
    def _push(self, _):
        if len(self.stack) < 256:
            self.stack.append((self.ctm, self.fill, self.stroke, self.fill_space, self.stroke_space, self.extra,
                               self.font, self.render))

    def _pop(self, _):
        if self.stack:
            (self.ctm, self.fill, self.stroke, self.fill_space, self.stroke_space, self.extra,
             self.font, self.render) = self.stack.pop()

    def _concat(self, operands):
        m = _numbers(operands, 6)
        if m:
            self.ctm = multiply(tuple(m), self.ctm)

    def _state(self, operands):
        if operands:
            extra, font = self.reader.state(self.res, operands[0])
            if extra:
                self.extra = tuple(dict.fromkeys(self.extra + extra))
            if font is not None:
                self.font = font

    # --- colour ---
    def _set(self, stroke: bool, colour, space=None):
        if self.uncoloured:
            return
        if stroke:
            self.stroke, self.stroke_space = colour, space or self.stroke_space
        else:
            self.fill, self.fill_space = colour, space or self.fill_space

    def _space(self, stroke: bool, operands):
        if operands and not self.uncoloured:
            space = self.reader.space(self.res, operands[0])
            self._set(stroke, self.reader.colour(space, list(space.initial)), space)

    def _components(self, stroke: bool, operands):
        if self.uncoloured:
            return
        space = self.stroke_space if stroke else self.fill_space
        if space is None:
            space = self.reader.device("gray")
        if space.family == "pattern" and operands and str(operands[-1]).startswith("/"):
            try:
                numbers = [float(v) for v in operands[:-1]]
            except (TypeError, ValueError):
                numbers = []
            self._set(stroke, self.reader.pattern(self.res, operands[-1], space, numbers), space)
            return
        try:
            numbers = [float(v) for v in operands]
        except (TypeError, ValueError):
            return
        self._set(stroke, self.reader.colour(space, numbers), space)

    def _device(self, family: str, stroke: bool, operands):
        if self.uncoloured:
            return
        space = self.reader.device(family)
        numbers = _numbers(operands, space.components) or list(space.initial)
        self._set(stroke, self.reader.colour(space, numbers, role="stroke" if stroke else "fill"), space)

    # --- paths and paints ---
    def _path(self, operands):
        if self.path_at is None:
            xy = _numbers(operands[:2], 2) if len(operands) >= 2 else None
            if xy:
                self.path_at = apply(self.ctm, *xy)

    def _paint(self, fill: bool, stroke: bool):
        at = self.path_at if self.path_at is not None else apply(self.ctm, 0, 0)
        if fill:
            self.sketch.paint(self.fill, self.extra, "fill", at)
        if stroke:
            self.sketch.paint(self.stroke, self.extra, "stroke", at)
        self.path_at = None

    # --- text ---
    def _begin_text(self, _):
        self.tm = self.tlm = IDENTITY

    def _move(self, operands, lead: bool = False):
        xy = _numbers(operands, 2)
        if xy:
            if lead:
                self.leading = -xy[1]
            self.tlm = multiply((1, 0, 0, 1, xy[0], xy[1]), self.tlm)
            self.tm = self.tlm

    def _next_line(self, _=None):
        self.tlm = multiply((1, 0, 0, 1, 0, -self.leading), self.tlm)
        self.tm = self.tlm

    def _text_matrix(self, operands):
        m = _numbers(operands, 6)
        if m:
            self.tm = self.tlm = tuple(m)

    def _set_leading(self, operands):
        v = _numbers(operands, 1)
        if v:
            self.leading = v[0]

    def _set_font(self, operands):
        if operands:
            self.font = self.reader.font(self.res, operands[0])

    def _set_render(self, operands):
        v = _numbers(operands, 1)
        if v:
            self.render = int(v[0])

    def _show(self, name: str):
        if name in ("'", '"'):
            self._next_line()
        at = apply(multiply(self.tm, self.ctm), 0, 0)
        if self.font is not None:
            self.reader.show(self.font, self.sketch, at, self.fill, self.stroke)
        if self.render in _TEXT_FILLS:
            self.sketch.paint(self.fill, self.extra, "fill", at)
        if self.render in _TEXT_STROKES:
            self.sketch.paint(self.stroke, self.extra, "stroke", at)

    # --- what it draws whole ---
    def _draw(self, operands):
        if operands:
            self.reader.draw(self.res, operands[0], self.sketch, self.ctm, self.fill, self.stroke, self.extra)

    def _shade(self, operands):
        if operands:
            problems, start = self.reader.shading(self.res, operands[0])
            self.sketch.paint(problems, self.extra, "fill", apply(self.ctm, *start))

    def _inline(self, operands):
        if operands:
            problems = self.reader.inline(self.res, operands[0], self.ctm, self.fill)
            self.sketch.paint(problems, self.extra, "fill", apply(self.ctm, 0, 0))

    def _glyph_width(self, _):
        self.uncoloured = True


_HANDLERS = {
    "q": Run._push, "Q": Run._pop, "cm": Run._concat, "gs": Run._state,
    "CS": lambda r, o: r._space(True, o), "cs": lambda r, o: r._space(False, o),
    "SC": lambda r, o: r._components(True, o), "SCN": lambda r, o: r._components(True, o),
    "sc": lambda r, o: r._components(False, o), "scn": lambda r, o: r._components(False, o),
    "G": lambda r, o: r._device("gray", True, o), "g": lambda r, o: r._device("gray", False, o),
    "RG": lambda r, o: r._device("rgb", True, o), "rg": lambda r, o: r._device("rgb", False, o),
    "K": lambda r, o: r._device("cmyk", True, o), "k": lambda r, o: r._device("cmyk", False, o),
    "m": Run._path, "l": Run._path, "re": Run._path, "c": Run._path, "v": Run._path, "y": Run._path,
    "n": lambda r, o: setattr(r, "path_at", None),
    **{op: (lambda r, o: r._paint(True, False)) for op in _FILLS},
    **{op: (lambda r, o: r._paint(False, True)) for op in _STROKES},
    **{op: (lambda r, o: r._paint(True, True)) for op in _BOTH},
    "BT": Run._begin_text, "Td": Run._move, "TD": lambda r, o: r._move(o, lead=True), "Tm": Run._text_matrix,
    "T*": Run._next_line, "TL": Run._set_leading, "Tf": Run._set_font, "Tr": Run._set_render,
    **{op: (lambda r, o, op=op: r._show(op)) for op in _SHOWS},
    "Do": Run._draw, "sh": Run._shade, "INLINE IMAGE": Run._inline, "d1": Run._glyph_width,
}
