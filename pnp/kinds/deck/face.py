"""Draw one card face on a Surface: background, then each layout box in order.

The boxes are drawn by the layout engine every piece shares (`pnp.layout.draw`); this module
adds what only a card has: its context (`card`, `deck`, `parameters`), its faces drawn as PDF
forms, and the boxes every card of a layout shares drawn once as a symbol.
`prepare` resolves a face's content (templates, conditions, icon names) without drawing, so
that `pnp validate` finds every content error; `draw` uses it.
"""
from __future__ import annotations

from contextlib import contextmanager

from pnp.render.assets import Assets
from pnp.errors import Collector
from pnp.layout.draw import BoxDrawer, Prepared  # noqa: F401  (Prepared: what `prepare` returns)
from pnp.kinds.deck.loading import CardEntry, Face, ResolvedBox, ResolvedDeck
from pnp.kinds.deck.valueplace import value_cell


class FaceDrawer:
    """Prepares and draws the faces of one deck; collects located errors and warnings."""

    def __init__(self, deck: ResolvedDeck, assets: Assets, report: Collector):
        self.deck = deck
        self.assets = assets
        self.report = report
        self.boxes = BoxDrawer(assets, report, deck.width, deck.height, deck.bleed, noun="card",
                               cell_of=lambda face, box, value=None, **how: value_cell(deck, face, box, value, **how),
                               scope=f"deck '{deck.name}', ")
        self._recent: dict[tuple, tuple] = {}  # (id(face), copy) → (face, prepared): the print-shop file draws them again

    # content -------------------------------------------------------------------------
    def context(self, face: Face, entry: CardEntry, copy: int) -> dict:
        ctx = dict(face.fields)
        ctx["card"] = entry.facts(copy)
        ctx["deck"] = {"name": self.deck.name, "title": self.deck.spec.title or self.deck.name, "total": self.deck.total}
        ctx["parameters"] = self.deck.parameters
        return ctx

    def prepare(self, face: Face, entry: CardEntry, copy: int, skip: int = 0) -> list[Prepared]:
        """The content of every visible box (after the first `skip`, which are static)."""
        return self.boxes.prepare(face.boxes[skip:], self.context(face, entry, copy), face, piece_id=entry.id)

    # drawing -------------------------------------------------------------------------
    def draw(self, surface, face: Face, entry: CardEntry, copy: int, x: float, y: float, rotation: int = 0,
             bleed: tuple[float, float, float, float] | None = None) -> None:
        """Draw a face with its trim's top-left at (x, y), clipped to the given bleed on each side."""
        with self._placed(surface, x, y, rotation, bleed):
            self._draw_face(surface, face, entry, copy)

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
        with self._placed(surface, x, y, rotation, bleed):
            surface.translate(-self.deck.bleed, -self.deck.bleed)
            surface.place_form(name)

    @contextmanager
    def _placed(self, surface, x: float, y: float, rotation: int, bleed: tuple[float, float, float, float] | None):
        """Inside, the face's own coordinates: its trim's top-left at (x, y), turned by `rotation`,
        clipped to `bleed` on each side (the deck's whole bleed when None)."""
        w, h = self.deck.width, self.deck.height
        l, t, r, b = bleed if bleed is not None else (self.deck.bleed,) * 4
        surface.save()
        surface.translate(x, y)
        if rotation == 180:
            surface.translate(w, h)
            surface.rotate(180)
        surface.clip_rect(-l, -t, w + l + r, h + t + b)
        yield
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
            self.boxes.box(surface, p, face, id(deck))

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
                    self.boxes.static(s, rb, face)
                s.restore()

            surface.define_symbol(key, w, h, draw)
        repeatable = getattr(surface, "draw_repeatable", None)
        if repeatable is not None:  # placed the same on every card of the layout
            repeatable(("static", id(deck), key), lambda: surface.use_symbol(key, -B, -B, w, h))
        else:
            surface.use_symbol(key, -B, -B, w, h)

    def geometry(self, rb: ResolvedBox) -> tuple[float, float, float, float]:
        return self.boxes.geometry(rb)
