"""The functions a rules.md calls from its templates: `card`, `figure`, `component_list`, `cover`, `cells`.

Each checks its arguments when called (a `RuleError` located at the call) and returns text, or a
marker that the Markdown stage (`pnp.rulebook.blocks`) turns into a figure block.
"""
from __future__ import annotations

from pnp.errors import did_you_mean
from pnp.kinds import offering
from pnp.rulebook.blocks import CELLS_CLOSE, CELLS_OPEN, FIG_CLOSE, FIG_OPEN, MAX_CELLS, PageBreak
from pnp.rulebook.errors import RuleError


class Helpers:
    """The functions a rules.md can call; each validates its arguments when called."""

    def __init__(self, game, files: dict):
        from pnp.rulebook import specs

        self.game = game
        self.files = files
        self.figures: list = []
        self.cover = None
        self._specs = specs
        # a page shown again is read and rendered once: 400 figures of one page held 2 GB of pixels
        self._pdfs: dict[str, tuple[bytes, int]] = {}  # output → its bytes and page count
        self._page_images: dict[tuple, dict] = {}  # (output, page, crop) → its images by width

    def _marker(self, request) -> str:
        self.figures.append(request)
        return f"\n\n{FIG_OPEN}{len(self.figures) - 1}{FIG_CLOSE}\n\n"

    def _deck(self, name: str):
        decks = {c.model.name: c.model for c in offering(self.game, "cards")}
        if name not in decks:
            raise RuleError(f"no deck named '{name}'{did_you_mean(name, decks)} (decks: {', '.join(decks) or 'none'})",
                            name)
        return decks[name]

    def _card_ids(self, deck, ids) -> list[str]:
        ids = [ids] if isinstance(ids, str) else list(ids)
        known = [e.id for e in deck.cards]
        for card_id in ids:
            if card_id not in known:
                raise RuleError(f"deck '{deck.name}' has no card '{card_id}'{did_you_mean(card_id, known)}", card_id)
        if not ids:
            raise RuleError("card(): give at least one card id")
        return ids

    def card(self, deck: str, ids, side: str = "front", width: str = "40mm", caption: str | None = None) -> str:
        """A figure of one card (or a row of cards) drawn as vector art from the deck."""
        from pnp.rulebook.figures import CardFigure

        d = self._deck(deck)
        ids = self._card_ids(d, ids)
        if side not in ("front", "back", "both"):
            raise RuleError(f"side must be front, back or both, not '{side}'", side)
        return self._marker(CardFigure(d, self.game, ids, side, _length(width), caption))

    def figure(self, name: str, page: int = 1, width: str = "120mm", caption: str | None = None,
               crop: bool = True) -> str:
        """A figure of one page of another output of this build, rasterised."""
        from pnp.draw.pngpages import page_count
        from pnp.rulebook.figures import PageFigure

        from pnp.spool import Spooled, contents

        pdfs = sorted(k for k, v in self.files.items() if k.endswith(".pdf") and isinstance(v, (bytes, bytearray, Spooled)))
        if name not in pdfs:
            raise RuleError(f"no output '{name}' in this build{did_you_mean(name, pdfs)} "
                            f"(outputs: {', '.join(pdfs) or 'none'})", name)
        if name not in self._pdfs:  # a large card file arrives spooled to disk; pdfium wants bytes
            data = bytes(contents(self.files[name]))
            self._pdfs[name] = data, page_count(data)
        data, n = self._pdfs[name]
        if not isinstance(page, int) or not 1 <= page <= n:
            raise RuleError(f"'{name}' has {n} page(s); page {page} does not exist", str(page))
        images = self._page_images.setdefault((name, page, bool(crop)), {})
        return self._marker(PageFigure(name, data, page, _length(width), caption, bool(crop), _scaled=images))

    def component_list(self) -> str:
        lines = self._specs.component_lines(self.game)
        return "\n\n" + "\n".join(f"- {line}" for line in lines) + "\n\n"

    def page_break(self) -> str:
        return self._marker(PageBreak())

    def cover_cards(self, deck: str, ids, side: str = "front") -> str:
        """Cards shown on the title page instead of the default (the first card of the first deck)."""
        d = self._deck(deck)
        self.cover = (d, self._card_ids(d, ids), side)
        return ""

    def cells(self, rows) -> str:
        """A shape of squares drawn in the text (a table cell, a sentence): one string per row,
        `#` a square and `.` an empty place, as sheets write polyominoes."""
        rows = [rows] if isinstance(rows, str) else list(rows or [])
        if not rows or len(rows) > MAX_CELLS or any(not isinstance(r, str) for r in rows):
            raise RuleError(f"cells(): give 1 to {MAX_CELLS} rows, each a string of # and .", str(rows)[:40])
        width = max(len(r) for r in rows)
        bad = next((r for r in rows if not r or set(r) - {"#", ".", " "} or len(r) > MAX_CELLS), None)
        if bad is not None or width == 0:
            raise RuleError(f"cells(): a row is up to {MAX_CELLS} characters of # (a square) and . (a gap), "
                            f"not '{bad}'", str(bad))
        return "<br>".join(f"{CELLS_OPEN}{r.replace(' ', '.').ljust(width, '.')}{CELLS_CLOSE}" for r in rows)

    def globals(self) -> dict:
        return {"card": self.card, "figure": self.figure, "component_list": self.component_list,
                "page_break": self.page_break, "cover": self.cover_cards, "cells": self.cells}


def _length(value) -> float:
    from pnp.models.units import parse_length

    try:
        return float(parse_length(value))
    except ValueError as e:
        raise RuleError(str(e), str(value))

