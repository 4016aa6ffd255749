"""Draw one card face on a Surface: background, then each layout box in order.

`prepare` resolves a face's content (templates, conditions, icon names) without
drawing, so `pnp validate` finds every content error; `draw` uses it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.render.assets import Assets
from pnp.kinds.deck.valueplace import value_cell
from pnp.draw.fonts import describe_missing
from pnp.geometry.curves import ellipse_path, rect_path
from pnp.draw.gradient import linear_across_box, radial_in_box
from pnp.draw.text import draw_text, icons_in, layout_text
from pnp.errors import Collector, Pos, SpecError, SpecErrors, did_you_mean
from pnp.sandbox import templating
from pnp.kinds.deck.loading import CardEntry, Face, ResolvedBox, ResolvedDeck, box_geometry
from pnp.reading.load import locate
from pnp.models.paint import GradientFill
from pnp.models.units import to_mm
from pnp.models.retiredicons import icon_hint


@dataclass
class Prepared:
    box: ResolvedBox
    text: str | None = None
    icons: list[str] | None = None
    src: str | None = None
    colours: tuple = ()  # the box's templated colours, as resolved for this card
    origin: int = 0  # id() of the deck's box model this was prepared from (0: not from `prepare`)

    def drawing_key(self, deck_id: int) -> tuple | None:
        """What the box's drawing depends on (the box, its colours, its content), so that cards
        alike in this box share its operators (`draw_repeatable`); None for a picture, which
        reports what it draws, and for a box not prepared for a card."""
        box = self.box.box
        if not self.origin or box.type == "image" and self.src and not self.src.startswith("icon:"):
            return None
        return (deck_id, self.origin, self.colours, self.text,
                tuple(self.icons) if self.icons is not None else None, self.src)


class FaceDrawer:
    """Prepares and draws the faces of one deck; collects located errors and warnings."""

    def __init__(self, deck: ResolvedDeck, assets: Assets, report: Collector):
        self.deck = deck
        self.assets = assets
        self.report = report
        self._warned: set[tuple] = set()
        self._recent: dict[tuple, tuple] = {}  # (id(face), copy) → (face, prepared): the print-shop file draws them again
        self._slow: dict[str, str] = {}  # templates that ran out of time on one card: not run for the others

    # content -------------------------------------------------------------------------
    def context(self, face: Face, entry: CardEntry, copy: int) -> dict:
        ctx = dict(face.fields)
        ctx["card"] = entry.facts(copy)
        ctx["deck"] = {"name": self.deck.name, "title": self.deck.spec.title or self.deck.name, "total": self.deck.total}
        ctx["parameters"] = self.deck.parameters
        return ctx

    def prepare(self, face: Face, entry: CardEntry, copy: int, skip: int = 0) -> list[Prepared]:
        """The content of every visible box (after the first `skip`, which are static)."""
        ctx = self.context(face, entry, copy)
        out = []
        with templating.remembering_slow(self._slow):
            for rb in face.boxes[skip:]:
                try:
                    if rb.box.show_if and not self._truthy(rb.box.show_if, ctx):
                        continue
                    out.append(self._content(rb, ctx, face))
                except templating.TemplateError as e:  # a value from a data cell is wrong: at that cell
                    self.report.error(getattr(e, "pos", None) or face.pos, f"{face.label}, box '{rb.name}': {e.message}")
        return out

    @staticmethod
    def _truthy(expr: str, ctx: dict) -> bool:
        if expr.isidentifier():
            if expr not in ctx:
                raise templating.TemplateError(f"'{expr}' is undefined (an unknown name: check the spelling of the field)")
            return bool(ctx[expr])
        return bool(templating.evaluate(expr, ctx))

    def _content(self, rb: ResolvedBox, ctx: dict, face: Face) -> Prepared:
        box = rb.box
        origin = id(box)  # the deck's model: it lives as long as the deck, so the id names it
        templated = {k: getattr(box, k) for k in ("fill", "stroke", "color")
                     if isinstance(getattr(box, k), str) and "{" in getattr(box, k)}
        if templated:
            from pnp.models.types import parse_color

            resolved = {}
            for key, source in templated.items():
                try:
                    resolved[key] = parse_color(templating.render(source, ctx).strip())
                except ValueError as e:
                    raise _at_cell(templating.TemplateError(f"'{key}': {e}"),
                                   value_cell(self.deck, face, rb.box, among=_names(source))) from None
            box = box.model_copy(update=resolved)
            rb = ResolvedBox(rb.name, box, rb.raw, rb.static)
        p = Prepared(rb, colours=tuple(sorted((k, str(v)) for k, v in resolved.items())) if templated else (),
                     origin=origin)
        if box.text is not None:
            p.text = templating.render(box.text, ctx)
            literal = set(templating.static_icons(box))  # checked where the layout wrote them
            self._check_icons([n for n in icons_in(p.text) if n not in literal], rb, face)
        if box.type == "icons":
            names: Any = box.icons
            if isinstance(names, str):
                if "{" in names:
                    names = templating.render(names, ctx).replace(",", " ").split()
                elif names in ctx:
                    names = ctx[names] or []
                else:
                    raise templating.TemplateError(f"icons field '{names}' is not a field of this card"
                                                   f"{did_you_mean(names, ctx)}")
            if isinstance(names, str):
                names = names.replace(",", " ").split()
            p.icons = [str(n) for n in (names or [])]
            self._check_icons(p.icons, rb, face)
        if box.type == "image" and box.src:
            p.src = templating.render(box.src, ctx).strip()
            if p.src.startswith("icon:"):
                self._check_icons([p.src[5:]], rb, face)
            elif "{" in box.src and p.src:  # a picture a card's data names: read now, so `pnp validate` finds it too
                src = locate(rb.raw, ["src"])
                try:
                    self.assets.art(p.src, src)
                except SpecErrors as e:  # at the cell that names it (looked up only now: a large deck's rows are re-read)
                    cell = value_cell(self.deck, face, box, p.src)
                    self.report.errors.extend(SpecError(cell, err.message) if cell and err.pos == src else err
                                              for err in e.errors)
                    p.src = None
        return p

    def _check_icons(self, names: list[str], rb: ResolvedBox, face: Face) -> None:
        for name in names:
            if not self.assets.has_icon(name):
                raise _at_cell(templating.TemplateError(f"unknown icon '{name}'{icon_hint(name, self.assets.icon_names())}"),
                               value_cell(self.deck, face, rb.box, name))

    # drawing -------------------------------------------------------------------------
    def draw(self, surface, face: Face, entry: CardEntry, copy: int, x: float, y: float, rotation: int = 0,
             bleed: tuple[float, float, float, float] | None = None) -> None:
        """Draw a face with its trim's top-left at (x, y), clipped to the given bleed on each side."""
        deck = self.deck
        w, h = deck.width, deck.height
        l, t, r, b = bleed if bleed is not None else (deck.bleed,) * 4
        surface.save()
        surface.translate(x, y)
        if rotation == 180:
            surface.translate(w, h)
            surface.rotate(180)
        surface.clip_rect(-l, -t, w + l + r, h + t + b)
        self._draw_face(surface, face, entry, copy)
        surface.restore()

    def form(self, surface, face: Face, entry: CardEntry, copy: int) -> str:
        """The face with its whole bleed drawn as a form of a PDF surface's document; its name.

        The form's origin is the bleed's top-left corner. A face drawn the same as an earlier
        one (every back of a deck, say) shares its form."""
        B, w, h = self.deck.bleed, self.deck.width, self.deck.height

        def draw(s):
            s.save()
            s.translate(B, B)
            self._draw_face(s, face, entry, copy)
            s.restore()

        return surface.drawing_form((0, 0, w + 2 * B, h + 2 * B), draw)

    def place_form(self, surface, name: str, x: float, y: float, rotation: int = 0,
                   bleed: tuple[float, float, float, float] | None = None) -> None:
        """Place a face's form as `draw` would draw the face: trim's top-left at (x, y), clipped to `bleed`."""
        w, h = self.deck.width, self.deck.height
        l, t, r, b = bleed if bleed is not None else (self.deck.bleed,) * 4
        surface.save()
        surface.translate(x, y)
        if rotation == 180:
            surface.translate(w, h)
            surface.rotate(180)
        surface.clip_rect(-l, -t, w + l + r, h + t + b)
        surface.translate(-self.deck.bleed, -self.deck.bleed)
        surface.place_form(name)
        surface.restore()

    def _draw_face(self, surface, face: Face, entry: CardEntry, copy: int) -> None:
        """The face's background and boxes in its own coordinates (trim's top-left at 0, 0)."""
        deck = self.deck
        w, h = deck.width, deck.height
        prefix = face.layout.static_prefix if not face.overridden else 0
        key = (id(face), copy)
        recent = self._recent.get(key)
        if recent is not None and recent[0] is face:  # the face itself is kept: a card made again is a new object
            prepared = recent[1]
        else:
            if len(self._recent) > 256:
                self._recent.clear()
            prepared = self.prepare(face, entry, copy, skip=prefix)
            self._recent[key] = (face, prepared)
        if prefix:
            self._static_symbol(surface, face, prefix)
        elif face.layout.background:
            B = deck.bleed
            surface.rect(-B, -B, w + 2 * B, h + 2 * B, fill=face.layout.background)
        for p in prepared:
            self._box(surface, p, face)

    def _static_symbol(self, surface, face: Face, prefix: int) -> None:
        """The background and the leading boxes that never change: drawn once per document, placed per card."""
        deck = self.deck
        B = deck.bleed
        w, h = deck.width + 2 * B, deck.height + 2 * B
        key = f"layout:{deck.name}:{face.layout.name}"
        if not surface.has_symbol(key):
            def draw(s):
                s.save()
                s.translate(B, B)
                if face.layout.background:
                    s.rect(-B, -B, w, h, fill=face.layout.background)
                for rb in face.layout.boxes[:prefix]:
                    self._box(s, Prepared(rb, rb.static_text, rb.box.icons if isinstance(rb.box.icons, list) else None,
                                          rb.box.src), face)
                s.restore()

            surface.define_symbol(key, w, h, draw)
        repeatable = getattr(surface, "draw_repeatable", None)
        if repeatable is not None:  # placed the same on every card of the layout
            repeatable(("static", id(deck), key), lambda: surface.use_symbol(key, -B, -B, w, h))
        else:
            surface.use_symbol(key, -B, -B, w, h)

    def geometry(self, rb: ResolvedBox) -> tuple[float, float, float, float]:
        return box_geometry(rb.box, self.deck.width, self.deck.height)

    def _box(self, surface, p: Prepared, face: Face) -> None:
        repeatable = getattr(surface, "draw_repeatable", None)
        key = p.drawing_key(id(self.deck)) if repeatable is not None else None
        if key is None:
            self._draw_box(surface, p, face)
            return
        if p.text:  # the text's warnings are the card's own, whoever drew the same text before
            self._text_layout(p, face, *self.geometry(p.box)[2:])
        repeatable(key, lambda: self._draw_box(surface, p, face))

    def _draw_box(self, surface, p: Prepared, face: Face) -> None:
        box = p.box.box
        x, y, w, h = self.geometry(p.box)
        if box.rotate:
            surface.save()
            surface.translate(x + w / 2, y + h / 2)
            surface.rotate(box.rotate)
            surface.translate(-(x + w / 2), -(y + h / 2))
        if box.type == "shape":
            self._shape(surface, box, x, y, w, h)
        elif box.type == "icons" and p.icons:
            self._icon_row(surface, box, p.icons, x, y, w, h)
        elif box.type == "image" and p.src:
            if p.src.startswith("icon:"):
                side = min(w, h)
                self.assets.place_icon(surface, p.src[5:], x + (w - side) / 2, y + (h - side) / 2, side, box.color)
            else:
                self._picture(surface, p, face, x, y, w, h)
        if p.text:
            self._text(surface, p, face, x, y, w, h)
        if box.rotate:
            surface.restore()

    def _picture(self, surface, p: Prepared, face: Face, x, y, w, h) -> None:
        """An image box's art, with its fit, alignment, turn and crop; `bleed` stretches it over the bleed."""
        box = p.box.box
        if box.bleed:
            B, cw, ch = self.deck.bleed, self.deck.width, self.deck.height
            left, top = (B if x <= 1e-6 else 0), (B if y <= 1e-6 else 0)
            right, bottom = (B if x + w >= cw - 1e-6 else 0), (B if y + h >= ch - 1e-6 else 0)
            x, y, w, h = x - left, y - top, w + left + right, h + top + bottom
        crop = (box.crop.x, box.crop.y, box.crop.width, box.crop.height) if box.crop else None
        try:  # a picture named in a data cell that prints blurred is warned of at that cell
            self.assets.place_art(surface, p.src, locate(p.box.raw, ["src"]), x, y, w, h, fit=box.fit,
                                  align=box.align, rotate=box.turn, crop=crop,
                                  crop_pos=locate(p.box.raw, ["crop"]) if crop else None, report=self.report,
                                  warn_at=lambda: value_cell(self.deck, face, box, p.src))
        except SpecErrors as e:
            self.report.errors.extend(e.errors)

    def _text(self, surface, p: Prepared, face: Face, x, y, w, h) -> None:
        box = p.box.box
        inset = box.stroke_width if box.type == "shape" and box.stroke else 0
        lay = self._text_layout(p, face, w, h)
        draw_text(surface, lay, x + inset, y + inset, w - 2 * inset, h - 2 * inset, align=box.align,
                  valign=box.valign, color=box.color,
                  place_icon=lambda name, ix, iy, size: self.assets.place_icon(surface, name, ix, iy, size, box.color))

    def _text_layout(self, p: Prepared, face: Face, w, h):
        """The box's text laid out in its box, warning (once per card box) when it does not fit or
        lacks glyphs."""
        box = p.box.box
        inset = box.stroke_width if box.type == "shape" and box.stroke else 0
        lay = layout_text(p.text, box.font, box.size, min(box.min_size, box.size), w - 2 * inset, h - 2 * inset,
                          box.leading)
        if not lay.fits or lay.overflow > 0:
            key = (face.label, p.box.name)
            if key not in self._warned:
                self._warned.add(key)
                self.report.warn(value_cell(self.deck, face, box, longest=True) or face.pos,
                                 f"{face.label}, box '{p.box.name}': {_overflow(box, lay)}")
        for font, chars in lay.missing:
            key = (face.label, p.box.name, font, chars)
            if key not in self._warned:
                self._warned.add(key)
                where = next((c for c in (value_cell(self.deck, face, box, ch) for ch in chars) if c), None)
                self.report.warn(where or face.pos, f"{face.label}, box '{p.box.name}': {describe_missing(chars, font)}")
        return lay

    def _icon_row(self, surface, box, names: list[str], x, y, w, h) -> None:
        size = box.icon_size or h
        n = len(names)
        total = n * size + (n - 1) * box.gap
        if total > w:  # shrink to fit the row
            size = max(1.0, (w - (n - 1) * box.gap) / n)
            total = n * size + (n - 1) * box.gap
        left = x if box.align == "left" else (x + w - total if box.align == "right" else x + (w - total) / 2)
        top = y + (h - size) / 2 if box.valign == "middle" else (y + h - size if box.valign == "bottom" else y)
        for i, name in enumerate(names):
            self.assets.place_icon(surface, name, left + i * (size + box.gap), top, size, box.color)

    @staticmethod
    def _shape(surface, box, x, y, w, h) -> None:
        if isinstance(box.fill, GradientFill) and box.shape != "line":
            _gradient_shape(surface, box, x, y, w, h)
            return
        style = dict(fill=box.fill, stroke=box.stroke, width=box.stroke_width, opacity=box.opacity)
        if box.shape in ("rect", "rounded"):
            radius = box.radius or (min(w, h) * 0.12 if box.shape == "rounded" else 0)
            surface.rect(x, y, w, h, radius=radius, dash=box.dash, **style)
        elif box.shape == "circle":
            surface.circle(x + w / 2, y + h / 2, min(w, h) / 2, dash=box.dash, **style)
        elif box.shape == "ellipse":
            surface.ellipse(x + w / 2, y + h / 2, w / 2, h / 2, **style)
        elif box.shape == "line":
            surface.line(x, y + h / 2, x + w, y + h / 2, stroke=box.stroke or box.color, width=box.stroke_width, dash=box.dash)
        elif box.shape == "hexagon":
            cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
            pts = [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]
            surface.polygon(pts, dash=box.dash, **style)
        elif box.shape == "diamond":
            surface.polygon([(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)], dash=box.dash, **style)


def _gradient_shape(surface, box, x, y, w, h) -> None:
    """A shape filled with its gradient, then its outline (if any) drawn over it."""
    g = box.fill.linear or box.fill.radial
    if box.fill.linear:
        gradient = linear_across_box(x, y, w, h, g.angle, g.stops)
    else:
        gradient = radial_in_box(x, y, w, h, g.center, g.radius, g.stops)
    outline = _outline(box, x, y, w, h)
    surface.fill_gradient(outline, gradient, opacity=box.opacity)
    if box.stroke:
        surface.path(outline, fill=None, stroke=box.stroke, width=box.stroke_width, dash=box.dash, opacity=box.opacity)


def _outline(box, x, y, w, h) -> list:
    """The shape's outline as path commands (the same geometry the plain-colour drawing uses)."""
    if box.shape in ("rect", "rounded"):
        radius = box.radius or (min(w, h) * 0.12 if box.shape == "rounded" else 0)
        radius = min(radius, w / 2, h / 2)
        return rect_path(x, y, w, h, radius, radius)
    if box.shape == "circle":
        r = min(w, h) / 2
        return ellipse_path(x + w / 2, y + h / 2, r, r)
    if box.shape == "ellipse":
        return ellipse_path(x + w / 2, y + h / 2, w / 2, h / 2)
    if box.shape == "hexagon":
        cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
        pts = [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]
    else:  # diamond
        pts = [(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)]
    return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]


def _at_cell(error: templating.TemplateError, pos: Pos | None) -> templating.TemplateError:
    """The error, to be reported at `pos` (the data cell its value came from) when there is one."""
    if pos is not None:
        error.pos = pos
    return error


def _names(source: str) -> list[str]:
    try:
        return sorted(templating.names_used(source), key=source.find)
    except templating.TemplateError:
        return []


def _overflow(box, lay) -> str:
    """Text that does not fit, with the size it was tried down to: the box's `min_size` (or its `size`,
    when that is smaller), as the designer wrote it."""
    smallest = min(box.min_size, box.size)
    floor = f"its min_size of {smallest:g} pt" if box.min_size <= box.size else f"its size of {smallest:g} pt"
    return (f"text does not fit even at {floor} (over by {to_mm(lay.overflow):.1f} mm); shorten it, enlarge the "
            f"box or lower min_size")
