"""A deck's print-shop file made from its sheets: every face drawn once, for both files.

The sheets draw each face as a form of their PDF document (`FaceDrawer.form`) and place
it on the sheet; the print-shop file is then made from each finished chunk of the sheets
(`pnp.draw.pdfderive.form_pages`): the same forms, one face to a page with its TrimBox and
BleedBox, front then back card after card. This needs the sheets to draw every face the
print-shop file shows (`sheets_draw_every_face` in `pnp.kinds.deck`); otherwise the
print-shop file is drawn on its own as before. `pnp.kinds.deck.page_chunks` drives it, chunk
by chunk.
"""
from __future__ import annotations

from pnp.draw.pdfderive import FormPage, form_pages
from pnp.kinds.deck.face import FaceDrawer
from pnp.kinds.deck.loading import ResolvedDeck


class ShopFromPages:
    """Collects the faces one chunk of the sheets drew and makes that chunk's print-shop pages from it.

    Draw the chunk's sheets with `drawer(...)`, call `after_sheet` after each sheet, then
    `pages_from(the chunk's PDF)`."""

    def __init__(self, title: str):
        self.title = title
        self._forms: dict[tuple[int, int, int], str] = {}  # (entry, copy, face) → its form, on the current sheet
        self._pending: list[FormPage] = []  # print-shop pages of the chunk

    def drawer(self, drawer: FaceDrawer) -> "_FormDrawer":
        return _FormDrawer(drawer, self._forms)

    def after_sheet(self, deck: ResolvedDeck, cards) -> None:
        """The sheet's cards are drawn: note their print-shop pages."""
        B = deck.bleed
        w, h = deck.width + 2 * B, deck.height + 2 * B
        for entry, copy in cards:
            for face in (entry.front, entry.back):
                if face is not None:
                    self._pending.append(FormPage(self._forms[id(entry), copy, id(face)], w, h, 0, 0,
                                                  (B, B, deck.width, deck.height), (0, 0, w, h)))
        self._forms.clear()

    def pages_from(self, pdf: bytes) -> bytes | None:
        """The print-shop pages of the chunk whose sheets are `pdf`; None when it drew no face."""
        pages, self._pending = self._pending, []
        return form_pages(pdf, pages, title=self.title) if pages else None


class _FormDrawer:
    """A `FaceDrawer` for the sheets that draws each face as a form and remembers its name."""

    def __init__(self, drawer: FaceDrawer, forms: dict):
        self._drawer = drawer
        self._forms = forms

    def draw(self, surface, face, entry, copy, x, y, rotation=0, bleed=None) -> None:
        name = self._drawer.form(surface, face, entry, copy)
        self._forms[id(entry), copy, id(face)] = name
        self._drawer.place_form(surface, name, x, y, rotation, bleed)
