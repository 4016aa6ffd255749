"""Rulebook paragraphs of a right-to-left or CJK edition, set by pnp's own text engine.

reportlab's paragraphs break lines at spaces and draw characters left to right: Arabic would
print unjoined and backwards, Japanese would break anywhere. In such an edition (and for any
paragraph holding Arabic, Hebrew or CJK characters in another edition) `paragraph()` gives a
flowable that lays its text out with `pnp.draw.complextext` (HarfBuzz shaping, the bidi
algorithm, UAX #14 breaks) and draws the glyphs by id (`pnp.draw.pdfglyphs`), aligned to the
start of the line (the right in a right-to-left edition). It sets the paragraph's plain text:
bold and italic markup and inline icons are not drawn there (docs/languages.md).
"""
from __future__ import annotations

import html
import re

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.platypus import Paragraph

from pnp.draw import fonts
from pnp.models.edition import current as current_edition

_TAG = re.compile(r"<[^>]*>")
_ON_DRAW = re.compile(r'<onDraw name="([^"]+)" label="([^"]*)"/>')


def plain(markup: str) -> str:
    """A paragraph's markup as the text a reader reads."""
    return html.unescape(_TAG.sub("", markup.replace("<br/>", "\n")))


def wanted(markup: str) -> bool:
    """Whether this paragraph is set by pnp's engine: in a right-to-left or CJK edition, or for text
    holding such characters in any edition."""
    edition = current_edition()
    if edition is None:
        return False
    from pnp.draw.complextext import needs_shaping

    return edition.rtl or edition.cjk or needs_shaping(plain(markup))


def _font_name(pdf_name: str) -> str:
    """The pnp font name of a reportlab face (the rulebook's styles name faces by their PDF names)."""
    for name in list(fonts.PDF_NAME) + fonts.active().names():
        try:
            if fonts.register(name) == pdf_name:
                return name
        except KeyError:
            continue
    return "serif"


class ShapedMixin:
    """wrap, split and draw for a paragraph set by `pnp.draw.complextext`."""

    def _shape_setup(self, markup: str, style) -> None:
        self._plain = plain(markup)
        self._font = _font_name(style.fontName)
        found = _ON_DRAW.search(markup)  # a contents entry: its page number is drawn after its text
        self._on_draw = (found.group(1), html.unescape(found.group(2))) if found else None
        self._lines: list = []
        self._widths: list = []

    def wrap(self, avail_w, avail_h):  # noqa: D401 — platypus's name
        from pnp.draw.complextext import _Para, wrap

        edition = current_edition()
        style = self.style
        tokens = [[(part if part else " ", self._font, False)] for part in self._plain.split("\n")]
        paras = [_Para(t, edition) for t in tokens]
        lines, widths, _ = wrap(paras, style.fontSize, avail_w - style.leftIndent - style.rightIndent,
                                style.leading / style.fontSize)
        self._lines, self._widths, self._avail = list(lines), list(widths), avail_w
        self.width, self.height = avail_w, len(lines) * style.leading
        return self.width, self.height

    def split(self, avail_w, avail_h):
        self.wrap(avail_w, avail_h)
        fit = int(avail_h // self.style.leading)
        if fit <= 0 or fit >= len(self._lines):
            return [] if fit <= 0 else [self]
        first, rest = _Lines(self, self._lines[:fit], self._widths[:fit]), _Lines(self, self._lines[fit:],
                                                                                  self._widths[fit:])
        return [first, rest]

    def drawOn(self, canvas, x, y, _sW=0):  # noqa: N802 — platypus's name
        _draw_lines(canvas, self, self._lines, self._widths, x, y + self.height, self._on_draw)


class ShapedParagraph(ShapedMixin, Paragraph):
    def __init__(self, markup: str, style):
        super().__init__(markup, style)
        self._shape_setup(markup, style)


class _Lines(Paragraph):
    """Some lines of a shaped paragraph split across a page."""

    def __init__(self, whole, lines, widths):
        super().__init__("", whole.style)
        self.whole, self._lines, self._widths = whole, lines, widths

    def wrap(self, avail_w, avail_h):
        self.width, self.height = avail_w, len(self._lines) * self.style.leading
        return self.width, self.height

    def split(self, avail_w, avail_h):
        fit = int(avail_h // self.style.leading)
        if fit <= 0:
            return []
        if fit >= len(self._lines):
            return [self]
        return [_Lines(self.whole, self._lines[:fit], self._widths[:fit]),
                _Lines(self.whole, self._lines[fit:], self._widths[fit:])]

    def drawOn(self, canvas, x, y, _sW=0):  # noqa: N802
        last = self._lines and self._lines[-1] is self.whole._lines[-1]
        _draw_lines(canvas, self, self._lines, self._widths, x, y + self.height, self.whole._on_draw if last else None)


def _draw_lines(canvas, flow, lines, widths, x, top, on_draw=None) -> None:
    """Each line's shaped runs on the canvas (y up), aligned as the style says, mirrored in a
    right-to-left edition (left means the start); then a contents entry's page number, drawn by
    the callback its `<onDraw>` names, after the last line (its entry set from the left, as the
    dotted leader to the page number runs to the right)."""
    from pnp.draw.pdfglyphs import glyph_operators

    style = flow.style
    edition = current_edition()
    align = {TA_LEFT: "left", TA_RIGHT: "right", TA_CENTER: "center", TA_JUSTIFY: "left"}.get(style.alignment, "left")
    if edition is not None and edition.rtl and on_draw is None:
        align = {"left": "right", "right": "left"}.get(align, align)
    width = flow.width - style.leftIndent - style.rightIndent
    canvas.saveState()
    canvas.setFillColor(style.textColor)
    asc = style.fontSize * fonts.ascent_descent("sans")[0]
    baseline = top - asc
    end = (x, baseline)
    for line, w in zip(lines, widths):
        left = x + style.leftIndent + (width - w if align == "right" else (width - w) / 2 if align == "center" else 0)
        for run in line:
            if run.glyphs is not None:
                canvas._code.append(glyph_operators(canvas._doc, left + run.x, baseline, run.glyphs, style.fontSize,
                                                    y_up=True))
        end = (left + w, baseline)
        baseline -= style.leading
    canvas.restoreState()
    if on_draw is not None:
        bottom = top - flow.height
        canvas.saveState()
        canvas.translate(x, bottom)
        canvas._curr_tx_info = dict(cur_x=end[0] - x, cur_y=end[1] - bottom, leading=style.leading)
        try:
            canvas.getNamedCB(on_draw[0])(canvas, "onDraw", on_draw[1])
        finally:
            del canvas._curr_tx_info
            canvas.restoreState()


def draw_line(canvas, x: float, y: float, text: str, font: str, size: float, anchor: str = "start") -> None:
    """One line of page furniture (the running header) at the canvas's current font and colour:
    shaped in an edition whose text needs it, else reportlab's own `drawString`."""
    edition = current_edition()
    if edition is not None:
        from pnp.draw.complextext import line_runs, needs_shaping

        if needs_shaping(text):
            from pnp.draw.pdfglyphs import glyph_operators

            runs, w = line_runs(text, font, size, edition)
            left = x - w if anchor == "end" else x
            for run in runs:
                if run.glyphs is not None:
                    canvas._code.append(glyph_operators(canvas._doc, left + run.x, y, run.glyphs, size, y_up=True))
            return
    if anchor == "end":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def paragraph(markup: str, style) -> Paragraph:
    """A platypus paragraph, or in an edition that needs it, one set by pnp's own engine."""
    return ShapedParagraph(markup, style) if wanted(markup) else Paragraph(markup, style)
