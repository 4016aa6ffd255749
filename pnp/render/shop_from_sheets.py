"""A deck's print-shop file made from its sheets: every face drawn once, for both files.

The sheets draw each face as a form of their PDF document (`FaceDrawer.form`) and place
it on the sheet; the print-shop file is then made from each finished chunk of the sheets
(`pnp.draw.pdfderive.form_pages`): the same forms, one face to a page with its TrimBox and
BleedBox, front then back card after card. This needs the sheets to draw every face the
print-shop file shows (`sheets_draw_every_face` in `pnp.kinds.deck`); otherwise the
print-shop file is drawn on its own as before.
"""
from __future__ import annotations

from pnp.draw.pdfderive import FormPage, form_pages
from pnp.render.cards import FaceDrawer
from pnp.spec.deckload import ResolvedDeck


class ShopFromSheets:
    """Collects the faces each sheets chunk drew and makes that chunk's print-shop pages from it.

    Give `on_chunk` to the sheets' `ChunkedPdfSurface`, draw the sheets with `drawer(...)`
    and call `after_sheet` after each sheet; `finish()` returns the print-shop PDF."""

    def __init__(self, title: str):
        self.title = title
        self.sheets = None  # the ChunkedPdfSurface the sheets are drawn on (set by the caller)
        self._forms: dict[tuple[int, int, int], str] = {}  # (entry, copy, face) → its form, on the current sheet
        self._pending: list[FormPage] = []  # print-shop pages of the current chunk
        self._chunks: list[bytes] = []

    def drawer(self, drawer: FaceDrawer) -> "_FormDrawer":
        return _FormDrawer(drawer, self._forms)

    def after_sheet(self, deck: ResolvedDeck, cards) -> None:
        """The sheet's cards are drawn: note their print-shop pages, then let the sheets start a new chunk."""
        B = deck.bleed
        w, h = deck.width + 2 * B, deck.height + 2 * B
        for entry, copy in cards:
            for face in (entry.front, entry.back):
                if face is not None:
                    self._pending.append(FormPage(self._forms[id(entry), copy, id(face)], w, h, 0, 0,
                                                  (B, B, deck.width, deck.height), (0, 0, w, h)))
        self._forms.clear()
        self.sheets.boundary()

    def on_chunk(self, pdf: bytes) -> None:
        pages, self._pending = self._pending, []
        if pages:
            self._chunks.append(form_pages(pdf, pages, title=self.title))

    def finish(self) -> bytes | bytearray:
        from pnp.draw.pdf import PdfSurface
        from pnp.draw.pdfmerge import merge_pdfs

        if not self._chunks:  # no card at all: an empty document, as the print-shop file drawn on its own gives
            return PdfSurface(title=self.title).finish()
        return merge_pdfs(self._chunks)


class _FormDrawer:
    """A `FaceDrawer` for the sheets that draws each face as a form and remembers its name."""

    def __init__(self, drawer: FaceDrawer, forms: dict):
        self._drawer = drawer
        self._forms = forms

    def draw(self, surface, face, entry, copy, x, y, rotation=0, bleed=None) -> None:
        name = self._drawer.form(surface, face, entry, copy)
        self._forms[id(entry), copy, id(face)] = name
        self._drawer.place_form(surface, name, x, y, rotation, bleed)
