"""A piece's `layout:` — a layout of the game's `kind: layouts` file by name, or boxes written
inline — resolved and checked when its file is loaded, then drawn by the one engine.

Tokens, dice, board spaces and sheet cells each give their pieces' fields (`ctx`) and size; the
checks here are the cards' own, with the same wording: an unknown layout (did you mean), a box
that does not fit the piece, a name templated text uses that the piece does not have (reported
once at that text, naming the pieces), and every content error `BoxDrawer.prepare` finds.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean, known_list
from pnp.layout.boxes import Layout, box_geometry
from pnp.layout.draw import BoxDrawer, Named, Who, draw_piece
from pnp.layout.resolve import LayoutResolver, ResolvedLayout, name_pos, templates_of
from pnp.models.units import to_mm
from pnp.reading.load import LDict, LList, locate
from pnp.sandbox import templating

INLINE = "(inline)"  # how a message names boxes written on the piece itself


@dataclass(eq=False)
class PieceLayout:
    """A piece face's layout, resolved; it draws the face for the piece's fields."""

    layout: ResolvedLayout
    noun: str  # "piece", "die face", "space", "cell": what a message calls the piece
    assets: Any = field(repr=False)  # the game's icons and art
    _drawers: dict = field(default_factory=dict, repr=False)

    def draw(self, surface, ctx: dict, who: Who, w: float, h: float, bleed: float = 0.0) -> None:
        """The face in (0, 0, w, h) of the surface; the background runs `bleed` past it. A text
        that does not fit is warned about once per piece and box (however often it is drawn)."""
        key = (round(w, 3), round(h, 3), round(bleed, 3))
        drawer = self._drawers.get(key)
        if drawer is None:
            report = getattr(self.assets, "report", None)  # the game's warnings, where it has them
            report = report if report is not None else Collector()
            drawer = self._drawers[key] = BoxDrawer(self.assets, report, w, h, bleed, self.noun)
        draw_piece(surface, drawer, self.layout, ctx, who)

    def __deepcopy__(self, memo) -> "PieceLayout":
        return self  # shared, never copied: a sheet copied for a random layout draws with the same layout

    def draw_at(self, surface, ctx: dict, who: Who, x: float, y: float, w: float, h: float,
                bleed: float = 0.0) -> None:
        """The face with its top-left corner at (x, y)."""
        surface.save()
        surface.translate(x, y)
        self.draw(surface, ctx, who, w, h, bleed)
        surface.restore()


class PieceLayouts:
    """The layouts the pieces of one file use, resolved once each, and their checks.

    `shared` is the game's `kind: layouts` file (name → (Layout, raw)); `assets` knows the icons.
    Call `report()` when every piece is checked: a name many pieces lack is one error."""

    def __init__(self, shared: dict, errors: Collector, assets, noun: str):
        self.errors, self.assets, self.noun = errors, assets, noun
        self.shared = dict(shared or {})
        self.resolver = LayoutResolver(dict(self.shared), errors, set(assets.icon_names()))
        self._by_name: dict[str, PieceLayout | None] = {}
        self._reported: set[tuple] = set()
        self._sizes: set[tuple] = set()
        self._content = BoxDrawer(assets, errors, 0.0, 0.0, 0.0, noun)  # content only: no size needed
        self._undefined: dict[tuple[Pos, str], tuple[set, dict]] = {}

    def resolve(self, value: Any, raw: Any, path: list, who: str) -> PieceLayout | None:
        """The layout `value` names (a shared layout's name) or is (a `Layout` written inline at
        `path` in `raw`); None, with a located error, when it cannot be drawn."""
        if value is None:
            return None
        pos = locate(raw, path)
        if isinstance(value, str):
            if value not in self.shared:
                hint = f"{did_you_mean(value, self.shared)} ({known_list(self.shared)})" if self.shared else \
                    " (the game has no `kind: layouts` file: add one, or write the boxes here)"
                self._once(pos, f"{who}: unknown layout '{value}'{hint}")
                return None
            if value not in self._by_name:
                resolved = self.resolver.resolve(value)
                self._by_name[value] = PieceLayout(resolved, self.noun, self.assets) if resolved else None
            return self._by_name[value]
        if not isinstance(value, Layout):
            return None
        node = _node(raw, path)
        own = LayoutResolver({**self.shared, INLINE: (value, node if isinstance(node, LDict) else LDict())},
                             self.errors, self.resolver.known_icons)  # its own: each piece's inline layout is its own
        resolved = own.resolve(INLINE)
        return PieceLayout(resolved, self.noun, self.assets) if resolved is not None else None

    def check(self, piece: PieceLayout, ctx: dict, who: Named, w: float, h: float, bleed: float = 0.0) -> None:
        """Every box fits the piece (its bleed included), and its templated text reads fields it has."""
        size = (id(piece), round(w, 3), round(h, 3), round(bleed, 3))
        if size not in self._sizes:  # a layout fits a size of piece once: a board's spaces of a type are checked once
            self._sizes.add(size)
            self._fits(piece, who, w, h, bleed)
        if not self._undefined_names(piece, ctx, who):
            self._content.prepare(piece.layout.boxes, ctx, who)

    def _fits(self, piece: PieceLayout, who: Named, w: float, h: float, bleed: float) -> None:
        for rb in piece.layout.boxes:
            x, y, bw, bh = box_geometry(rb.box, w, h)
            over = {"left": -bleed - x, "top": -bleed - y, "right": x + bw - w - bleed, "bottom": y + bh - h - bleed}
            side, by = max(over.items(), key=lambda kv: kv[1])
            if by > 0.01:
                key = next((k for k in side_keys(side) if k in rb.raw), None)
                at = locate(rb.raw, [key]) if key else rb.raw.pos
                self._once(at, f"layout '{piece.layout.name}', box '{rb.name}' does not fit {who.label}: it reaches "
                               f"{to_mm(by):.1f} mm past the {side} edge of its {to_mm(w):g} × {to_mm(h):g} mm "
                               f"(give the box a smaller place, or one in % of the piece)")

    def _undefined_names(self, piece: PieceLayout, ctx: dict, who: Named) -> bool:
        """Names the layout's templated text uses that this piece does not have (and that rendering
        really fails on): noted where the text names them, to be reported once for every piece."""
        known = set(ctx) | set(templating.environment().globals)
        found = False
        for rb in piece.layout.boxes:
            if rb.static:
                continue
            for key, source, used in templates_of(rb.box):
                for name in sorted(used - known):
                    if not fails_on(source, key == "show_if", name, ctx):
                        continue
                    at = name_pos(locate(rb.raw, [key]), source, name)
                    names, pieces = self._undefined.setdefault((at, name), (set(), {}))
                    names |= set(ctx)
                    pieces.setdefault(who.label, who.pos)
                    found = True
        return found

    def report(self) -> None:
        for (at, name), (names, pieces) in self._undefined.items():
            close = difflib.get_close_matches(name, sorted(names), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else f" ({known_list(names)})"
            self._once(at, f"'{name}' is undefined ({self._pieces_at(pieces)}){hint}")
        self._undefined.clear()

    def _pieces_at(self, pieces: dict[str, Pos]) -> str:
        """"piece 'sloop' (front)" for one; "6 die faces: dice.yaml line 11" for many, by file and line."""
        if len(pieces) == 1:
            return next(iter(pieces))
        lines: dict[str, list[int]] = {}
        for pos in pieces.values():
            lines.setdefault(pos.path, []).append(pos.line)
        where = "; ".join(f"{path} line{'s' if len(set(ls)) > 1 else ''} {', '.join(map(str, sorted(set(ls))[:6]))}"
                          f"{', …' if len(set(ls)) > 6 else ''}" for path, ls in lines.items())
        return f"{len(pieces)} {self.noun}s: {where}"

    def _once(self, pos: Pos, message: str) -> None:
        if (pos, message) not in self._reported:
            self._reported.add((pos, message))
            self.errors.error(pos, message)


def side_keys(side: str) -> tuple[str, str]:
    """The box keys that place a box's `side` edge, the one to blame first."""
    return ("x", "width") if side in ("left", "right") else ("y", "height")


def fails_on(source: str, expression: bool, name: str, ctx: dict) -> bool:
    """Whether rendering `source` with these fields fails because `name` is undefined."""
    if source == name:
        return True  # a bare field name (`show_if: rare`, `icons: cost`) the piece does not have
    try:
        if expression:
            templating.evaluate(source, ctx)
        else:
            templating.render(source, ctx)
    except templating.TemplateError as e:
        return f"'{name}' is undefined" in e.message
    return False


def _node(raw: Any, path: list) -> Any:
    """The loaded value at `path` (keys and indexes), or None."""
    node = raw
    for step in path:
        if isinstance(node, LDict) and step in node:
            node = node[step]
        elif isinstance(node, LList) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            return None
    return node
