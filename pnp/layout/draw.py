"""Draw a layout's boxes in a piece's rectangle on a Surface: the one engine behind card faces,
token sides, die faces, board spaces and sheet cells.

`BoxDrawer.prepare` resolves each box's content for one piece's fields (templated text, `show_if`,
colours written as templated text, icon names) without drawing, so loading and `pnp validate` can
report every content error; `BoxDrawer.box` draws a prepared box. Messages name the piece the
way its caller gives it (`who`: anything with a `label` and a `pos`, such as a card's face).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from pnp.draw.fonts import describe_missing
from pnp.draw.gradient import linear_across_box, radial_in_box
from pnp.draw.text import draw_text, icons_in, set_text
from pnp.errors import Pos, SpecError, SpecErrors, did_you_mean
from pnp.geometry.curves import ellipse_path, rect_path
from pnp.layout.boxes import box_geometry
from pnp.layout.resolve import ResolvedBox, ResolvedLayout
from pnp.layout.templatefailures import TemplateFailures, templating_key
from pnp.sandbox import templating
from pnp.reading.load import locate
from pnp.models.paint import GradientFill
from pnp.models.retiredicons import icon_hint
from pnp.models.units import mm, to_mm


class Who(Protocol):
    """The piece a message is about: how it is named, and where it is written."""

    label: str
    pos: Pos


@dataclass(frozen=True)
class Named:
    """A `Who` for a piece that is not a card: "piece 'flagship' (front)" at its place in the file."""

    label: str
    pos: Pos


@dataclass
class Prepared:
    box: ResolvedBox
    text: str | None = None
    icons: list[str] | None = None
    src: str | None = None
    colours: tuple = ()  # the box's templated colours, as resolved for this piece
    origin: int = 0  # id() of the layout's box model this was prepared from (0: not from `prepare`)

    def drawing_key(self, group: Any) -> tuple | None:
        """What the box's drawing depends on (the box, its colours, its content), so that pieces
        alike in this box share its operators (`draw_repeatable`); None for a picture, which
        reports what it draws, and for a box not prepared for a piece. `group` names the
        rectangle the box is placed in (a deck, a piece size)."""
        box = self.box.box
        if not self.origin or box.type == "image" and self.src and not self.src.startswith("icon:"):
            return None
        return (group, self.origin, self.colours, self.text,
                tuple(self.icons) if self.icons is not None else None, self.src)


# Where a piece's value came from, when better known than the piece (a card's data cell):
# (who, box, value=None, *, longest=False, among=None) → a position, or None
CellOf = Callable[..., "Pos | None"]


class BoxDrawer:
    """Prepares and draws boxes in a `width` × `height` rectangle whose art may run `bleed` past
    its edges (an image box's `bleed: true`); reports located errors and warnings to `report`,
    at the place `cell_of` gives for a value when it gives one (a card's data cell)."""

    def __init__(self, assets, report, width: float, height: float, bleed: float = 0.0, noun: str = "piece",
                 cell_of: CellOf | None = None, scope: str = ""):
        self.assets = assets
        self.noun = noun  # what a message calls the piece: "card", "token", …
        self.scope = scope  # what a warning names before the piece ("deck 'items', "), so that alike ones stay apart
        self._failures = TemplateFailures(report, noun)  # one error per failing template, naming the pieces
        self.cell_of = cell_of
        self.report = report
        self.width, self.height, self.bleed = width, height, bleed
        self._warned: set[tuple] = set()
        self._slow: dict[str, str] = {}  # templates that ran out of time on one piece: not run for the others

    # content -------------------------------------------------------------------------
    def prepare(self, boxes: list[ResolvedBox], ctx: dict, who: Who, piece_id: str | None = None) -> list[Prepared]:
        """The content of every visible box, for a piece whose fields are `ctx` (`piece_id` names it
        when a template fails: one error per template, listing the pieces it failed for)."""
        out = []
        with templating.remembering_slow(self._slow):
            for rb in boxes:
                try:
                    if rb.box.show_if and not self.truthy(rb.box.show_if, ctx):
                        continue
                    out.append(self.content(rb, ctx, who))
                except templating.TemplateError as e:
                    if getattr(e, "key", None) is None or piece_id is None:  # a value from a data cell: at that cell
                        self.report.error(getattr(e, "pos", None) or who.pos, f"{who.label}, box '{rb.name}': {e.message}")
                    else:  # the template itself fails: once, at the template, with the pieces it failed for
                        self._failures.add(rb, e, piece_id)
        return out

    @staticmethod
    def truthy(expr: str, ctx: dict) -> bool:
        with templating_key("show_if"):
            if expr.isidentifier():
                if expr not in ctx:
                    raise templating.TemplateError(templating.undefined_message(expr, ctx))
                return bool(ctx[expr])
            return bool(templating.evaluate(expr, ctx))

    def _cell(self, who: Who, box, value: str | None = None, **how) -> Pos | None:
        return self.cell_of(who, box, value, **how) if self.cell_of is not None else None

    def content(self, rb: ResolvedBox, ctx: dict, who: Who) -> Prepared:
        box = rb.box
        origin = id(box)  # the layout's model: it lives as long as the layout, so the id names it
        templated = {k: getattr(box, k) for k in ("fill", "stroke", "color")
                     if isinstance(getattr(box, k), str) and "{" in getattr(box, k)}
        if templated:
            from pnp.models.types import parse_color, parse_color_with_alpha

            resolved = {}
            for key, source in templated.items():
                with templating_key(key):
                    text = templating.render(source, ctx)
                try:  # a shape's fill may be see-through (#rrggbbaa); a stroke and a text's colour may not
                    parse = parse_color_with_alpha if key == "fill" and box.type == "shape" else parse_color
                    resolved[key] = parse(text.strip())
                except ValueError as e:
                    raise _at_cell(templating.TemplateError(f"'{key}': {e}"),
                                   self._cell(who, rb.box, among=_names(source))) from None
            box = box.model_copy(update=resolved)
            rb = ResolvedBox(rb.name, box, rb.raw, rb.static)
        p = Prepared(rb, colours=tuple(sorted((k, str(v)) for k, v in resolved.items())) if templated else (),
                     origin=origin)
        if box.text is not None:
            with templating_key("text"):
                p.text = templating.render(box.text, ctx)
            literal = set(templating.static_icons(box))  # checked where the layout wrote them
            self.check_icons([n for n in icons_in(p.text) if n not in literal], rb.box, who)
        if box.type == "icons":
            names: Any = box.icons
            if isinstance(names, str):
                if "{" in names:
                    with templating_key("icons"):
                        names = templating.render(names, ctx).replace(",", " ").split()
                elif names in ctx:
                    names = ctx[names] or []
                else:
                    raise templating.TemplateError(f"icons field '{names}' is not a field of this {self.noun}"
                                                   f"{did_you_mean(names, ctx)}")
            if isinstance(names, str):
                names = names.replace(",", " ").split()
            p.icons = [str(n) for n in (names or [])]
            self.check_icons(p.icons, rb.box, who)
        if box.type == "image" and box.src:
            with templating_key("src"):
                p.src = templating.render(box.src, ctx).strip()
            if p.src.startswith("icon:"):
                self.check_icons([p.src[5:]], rb.box, who)
            elif "{" in box.src and p.src:  # a picture a piece's fields name: read now, so `pnp validate` finds it too
                src = locate(rb.raw, ["src"])
                try:
                    self.assets.art(p.src, src)
                except SpecErrors as e:  # at the cell that names it (looked up only now: a large deck's rows are re-read)
                    cell = self._cell(who, box, p.src)
                    self.report.errors.extend(SpecError(cell, err.message) if cell and err.pos == src else err
                                              for err in e.errors)
                    p.src = None
        return p

    def check_icons(self, names: list[str], box, who: Who) -> None:
        for name in names:
            if not self.assets.has_icon(name):
                raise _at_cell(templating.TemplateError(f"unknown icon '{name}'{icon_hint(name, self.assets.icon_names())}"),
                               self._cell(who, box, name))

    # drawing -------------------------------------------------------------------------
    def geometry(self, rb: ResolvedBox) -> tuple[float, float, float, float]:
        return box_geometry(rb.box, self.width, self.height)

    def static(self, surface, rb: ResolvedBox, who: Who) -> None:
        """A box whose content is the same on every piece, as the layout wrote it."""
        self.draw_box(surface, Prepared(rb, rb.static_text, rb.box.icons if isinstance(rb.box.icons, list) else None,
                                        rb.box.src), who)

    def box(self, surface, p: Prepared, who: Who, group: Any) -> None:
        """A prepared box; on a surface that can, its operators are shared with every piece of
        `group` whose box is drawn the same."""
        repeatable = getattr(surface, "draw_repeatable", None)
        key = p.drawing_key(group) if repeatable is not None else None
        if key is None:
            self.draw_box(surface, p, who)
            return
        if p.text:  # the text's warnings are the piece's own, whoever drew the same text before
            self.text_layout(p, who, *self.geometry(p.box)[2:])
        repeatable(key, lambda: self.draw_box(surface, p, who))

    def draw_box(self, surface, p: Prepared, who: Who) -> None:
        box = p.box.box
        x, y, w, h = self.geometry(p.box)
        if box.rotate:
            surface.save()
            surface.translate(x + w / 2, y + h / 2)
            surface.rotate(box.rotate)
            surface.translate(-(x + w / 2), -(y + h / 2))
        if box.type == "shape":
            self.shape(surface, box, x, y, w, h)
        elif box.type == "icons" and p.icons:
            self.icon_row(surface, box, p.icons, x, y, w, h)
        elif box.type == "image" and p.src:
            if p.src.startswith("icon:"):
                side = min(w, h)
                self.assets.place_icon(surface, p.src[5:], x + (w - side) / 2, y + (h - side) / 2, side, box.color)
            else:
                self.picture(surface, p, who, x, y, w, h)
        if p.text:
            self.text(surface, p, who, x, y, w, h)
        if box.rotate:
            surface.restore()

    def picture(self, surface, p: Prepared, who: Who, x, y, w, h) -> None:
        """An image box's art, with its fit, alignment, turn and crop; `bleed` stretches it over the bleed."""
        box = p.box.box
        if box.bleed:
            B, cw, ch = self.bleed, self.width, self.height
            left, top = (B if x <= 1e-6 else 0), (B if y <= 1e-6 else 0)
            right, bottom = (B if x + w >= cw - 1e-6 else 0), (B if y + h >= ch - 1e-6 else 0)
            x, y, w, h = x - left, y - top, w + left + right, h + top + bottom
        crop = (box.crop.x, box.crop.y, box.crop.width, box.crop.height) if box.crop else None
        try:  # a picture named in a data cell that prints blurred is warned of at that cell
            self.assets.place_art(surface, p.src, locate(p.box.raw, ["src"]), x, y, w, h, fit=box.fit,
                                  align=box.align, rotate=box.turn, crop=crop,
                                  crop_pos=locate(p.box.raw, ["crop"]) if crop else None, report=self.report,
                                  warn_at=lambda: self._cell(who, box, p.src))
        except SpecErrors as e:
            self.report.errors.extend(e.errors)

    def text(self, surface, p: Prepared, who: Who, x, y, w, h) -> None:
        box = p.box.box
        inset = box.stroke_width if box.type == "shape" and box.stroke else 0
        lay = self.text_layout(p, who, w, h)
        bx, by, bw, bh = x + inset, y + inset, w - 2 * inset, h - 2 * inset
        over = not lay.fits or lay.overflow > 0  # warned by text_layout (an error with strict)
        if over:  # kept to its own box, never over the next one
            surface.save()
            surface.clip_path([("M", bx, by), ("L", bx + bw, by), ("L", bx + bw, by + bh), ("L", bx, by + bh), ("Z",)])
        draw_text(surface, lay, bx, by, bw, bh, align=box.align, valign=box.valign, color=box.color,
                  place_icon=lambda name, ix, iy, size: self.assets.place_icon(surface, name, ix, iy, size, box.color))
        if over:
            surface.restore()
            overflow_mark(surface, bx, by, bw, bh)

    def text_layout(self, p: Prepared, who: Who, w, h):
        """The box's text laid out in its box, warning (once per piece box) when it does not fit or
        lacks glyphs."""
        box = p.box.box
        inset = box.stroke_width if box.type == "shape" and box.stroke else 0
        lay = set_text(p.text, box.font, box.size, min(box.min_size, box.size), w - 2 * inset, h - 2 * inset,
                          box.leading)
        if not lay.fits or lay.overflow > 0:
            key = (who.label, p.box.name)
            if key not in self._warned:
                self._warned.add(key)
                self.report.warn(self._cell(who, box, longest=True) or who.pos,
                                 f"{who.label}, box '{p.box.name}': {_overflow(box, lay)}")
        for font, chars in lay.missing:
            key = (who.label, p.box.name, font, chars)
            if key not in self._warned:
                self._warned.add(key)
                where = next((c for c in (self._cell(who, box, ch) for ch in chars) if c), None)
                self.report.warn(where or who.pos, f"{self.scope}{who.label}, box '{p.box.name}': "
                                                   f"{describe_missing(chars, font)}")
        return lay

    def icon_row(self, surface, box, names: list[str], x, y, w, h) -> None:
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
    def shape(surface, box, x, y, w, h) -> None:
        if isinstance(box.fill, GradientFill) and box.shape != "line":
            _gradient_shape(surface, box, x, y, w, h)
            return
        if isinstance(box.fill, str) and len(box.fill) == 9:  # #rrggbbaa: the fill at its opacity, then the outline
            see_through = int(box.fill[7:], 16) / 255
            BoxDrawer.shape(surface, box.model_copy(update={"fill": box.fill[:7], "stroke": None,
                                                            "opacity": box.opacity * see_through}), x, y, w, h)
            if box.stroke:
                BoxDrawer.shape(surface, box.model_copy(update={"fill": None}), x, y, w, h)
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


def draw_piece(surface, drawer: BoxDrawer, layout: ResolvedLayout, ctx: dict, who: Who) -> None:
    """A whole piece face in its own coordinates (top-left of its rectangle at 0, 0): the layout's
    background over the rectangle and its bleed, then every box shown for these fields."""
    B = drawer.bleed
    surface.save()
    if layout.background:
        surface.rect(-B, -B, drawer.width + 2 * B, drawer.height + 2 * B, fill=layout.background)
    group = ("piece", round(drawer.width, 3), round(drawer.height, 3), round(B, 3))
    for p in drawer.prepare(layout.boxes, ctx, who):
        drawer.box(surface, p, who, group)
    surface.restore()


def _gradient_shape(surface, box, x, y, w, h) -> None:
    """A shape filled with its gradient, then its outline (if any) drawn over it."""
    g = box.fill.linear or box.fill.radial
    if box.fill.linear:
        gradient = linear_across_box(x, y, w, h, g.angle, g.stops)
    else:
        gradient = radial_in_box(x, y, w, h, g.center, g.radius, g.stops)
    outline = shape_outline(box, x, y, w, h)
    surface.fill_gradient(outline, gradient, opacity=box.opacity)
    if box.stroke:
        surface.path(outline, fill=None, stroke=box.stroke, width=box.stroke_width, dash=box.dash, opacity=box.opacity)


def shape_outline(box, x, y, w, h) -> list:
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


OVERFLOW_MARK = "#d32f2f"  # the corner that says "this box's text goes on": a proof mark, seen before print


def overflow_mark(surface, x, y, w, h) -> None:
    """A small red corner inside the bottom right of a box whose text was cut off at its edge."""
    side = min(mm(2.5), w / 3, h / 3)
    surface.polygon([(x + w, y + h - side), (x + w, y + h), (x + w - side, y + h)], fill=OVERFLOW_MARK)


def _overflow(box, lay) -> str:
    """Text that does not fit, with the size it was tried down to: the box's `min_size` (or its `size`,
    when that is smaller), as the designer wrote it."""
    smallest = min(box.min_size, box.size)
    floor = f"its min_size of {smallest:g} pt" if box.min_size <= box.size else f"its size of {smallest:g} pt"
    return (f"text does not fit even at {floor} (over by {to_mm(lay.overflow):.1f} mm); shorten it, enlarge the "
            f"box or lower min_size")
