"""Rulebook paragraphs of a right-to-left or CJK edition, set by pnp's own text engine.

reportlab's paragraphs break lines at spaces and draw characters left to right: Arabic would
print unjoined and backwards, Japanese would break anywhere. In such an edition (and for any
paragraph holding Arabic, Hebrew or CJK characters in another edition) `paragraph()` gives a
flowable that lays its text out with `pnp.draw.complextext` (HarfBuzz shaping, the bidi
algorithm, UAX #14 breaks) and draws the glyphs by id (`pnp.draw.pdfglyphs`), aligned to the
start of the line (the right in a right-to-left edition). The paragraph's markup is read into runs:
`<b>` and `<i>` set a run in the bold or italic face of its font (and of the edition's own font,
`pnp.draw.complextext`), `<font name>` in that face, and an inline icon's `<img>` keeps its
room in the line and is drawn there by the rulebook canvas, as in a reportlab paragraph. Colour,
size and strike-through inside a paragraph are not drawn (docs/languages.md).
"""
from __future__ import annotations

import html
import re

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.platypus import Paragraph

from pnp.draw import fonts
from pnp.models.edition import current as current_edition

_TAG = re.compile(r"<[^>]*>")
_PIECE = re.compile(r"<[^>]*>|[^<]+")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
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


def runs(markup: str, font: str) -> tuple[list[list[tuple[str, str, bool]]], list[dict[str, str]]]:
    """A paragraph's markup as `pnp.draw.complextext` tokens, one list per line the markup breaks
    (`<br/>`): (text, font, False) for text in the face its `<b>`, `<i>` and `<font name>` choose,
    (index, font, True) for an inline icon, whose `<img>` attributes are `icons[index]`."""
    lines: list[list[tuple[str, str, bool]]] = [[]]
    icons: list[dict[str, str]] = []
    faces, bold, italic = [font], 0, 0
    bold_style, italic_style = fonts.emphasis(font)  # a bold heading's text in another face is bold too
    names: dict[str, str] = {}
    for piece in _PIECE.findall(markup):
        if not piece.startswith("<"):
            face = fonts.style_variant(faces[-1], bold > 0 or bold_style, italic > 0 or italic_style)
            lines[-1].append((html.unescape(piece), face, False))
            continue
        tag = piece[1:-1].strip().rstrip("/").split()[0].lower() if piece[1:-1].strip("/ ") else ""
        closing = piece.startswith("</")
        if tag in ("b", "strong", "/b", "/strong"):
            bold += -1 if closing else 1
        elif tag in ("i", "em", "/i", "/em"):
            italic += -1 if closing else 1
        elif tag in ("font", "/font"):
            if closing:
                faces = faces[:-1] or [font]
            else:
                named = dict(_ATTR.findall(piece)).get("name")
                if named and named not in names:
                    names[named] = _font_name(named)
                faces.append(names[named] if named else faces[-1])
        elif tag == "br":
            lines.append([])
        elif tag == "img":
            icons.append(dict(_ATTR.findall(piece)))
            lines[-1].append((str(len(icons) - 1), faces[-1], True))
    return [line or [(" ", font, False)] for line in lines], icons


class ShapedMixin:
    """wrap, split and draw for a paragraph set by `pnp.draw.complextext`."""

    def _shape_setup(self, markup: str, style) -> None:
        self._plain = plain(markup)
        self._font = _font_name(style.fontName)
        self._tokens, self._icons = runs(_ON_DRAW.sub("", markup), self._font)
        found = _ON_DRAW.search(markup)  # a contents entry: its page number is drawn after its text
        self._on_draw = (found.group(1), html.unescape(found.group(2))) if found else None
        self._lines: list = []
        self._widths: list = []

    def wrap(self, avail_w, avail_h):  # noqa: D401 — platypus's name
        from pnp.draw.complextext import _Para, wrap

        edition = current_edition()
        style = self.style
        paras = [_Para(t, edition) for t in self._tokens]
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
        self._icons = whole._icons

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
    right-to-left edition (left means the start); then a contents entry's page number after the
    last line: drawn by the callback its `<onDraw>` names (the dotted leader runs right to the
    number), or in a right-to-left edition set from the right, indented from the right, its leader
    running left to the number at the column's left edge (`_page_number_on_the_left`). An icon is
    drawn through the canvas's `drawImage`, as reportlab draws a paragraph's `<img>`, centred in the
    room its run keeps."""
    from pnp.draw.copytext import with_copy_texts
    from pnp.draw.pdfglyphs import glyph_operators

    style = flow.style
    edition = current_edition()
    rtl = edition is not None and edition.rtl
    entry = getattr(flow, "whole", flow)._on_draw is not None  # a contents entry (any part of one)
    align = {TA_LEFT: "left", TA_RIGHT: "right", TA_CENTER: "center", TA_JUSTIFY: "left"}.get(style.alignment, "left")
    if rtl and (on_draw is None or entry):
        align = {"left": "right", "right": "left"}.get(align, align)
    indent = style.rightIndent if rtl and entry else style.leftIndent  # an entry read from the right: indented from it
    width = flow.width - style.leftIndent - style.rightIndent
    canvas.saveState()
    canvas.setFillColor(style.textColor)
    asc = style.fontSize * fonts.ascent_descent("sans")[0]
    baseline = top - asc
    end = (x, baseline)
    start = x
    for line, w in zip(lines, widths):
        left = x + indent + (width - w if align == "right" else (width - w) / 2 if align == "center" else 0)
        for run, copy in with_copy_texts(line):  # a line with right-to-left text copies in reading order
            if run.glyphs is not None:
                canvas._code.append(glyph_operators(canvas._doc, left + run.x, baseline, run.glyphs, style.fontSize,
                                                    y_up=True, copy=copy))
            elif run.icon:
                _draw_icon(canvas, flow._icons[int(run.text)], left + run.x, baseline, run.width, style.fontSize)
        end, start = (left + w, baseline), left
        baseline -= style.leading
    canvas.restoreState()
    if on_draw is not None and rtl:
        _page_number_on_the_left(canvas, style, on_draw[1], x, start, end[1])
    elif on_draw is not None:
        bottom = top - flow.height
        canvas.saveState()
        canvas.translate(x, bottom)
        canvas._curr_tx_info = dict(cur_x=end[0] - x, cur_y=end[1] - bottom, leading=style.leading)
        try:
            canvas.getNamedCB(on_draw[0])(canvas, "onDraw", on_draw[1])
        finally:
            del canvas._curr_tx_info
            canvas.restoreState()


def _page_number_on_the_left(canvas, style, label: str, x: float, text_left: float, y: float) -> None:
    """A right-to-left contents entry's page number at the column's left edge `x`, and the dotted
    leader from it to the entry's words (which end at `text_left`), on the entry's last line: the
    mirror of reportlab's `drawPageNumbers`, linked to the heading as its entries are. `label` is
    the entry's `<onDraw>` label, "page,level,key"."""
    from ast import literal_eval

    from reportlab.pdfbase.pdfmetrics import stringWidth

    page, _level, key = label.split(",", 2)
    key = literal_eval(key)
    dot = " . "
    number_w = stringWidth(page, style.fontName, style.fontSize)
    dots = max(0, int((text_left - x - number_w) / stringWidth(dot, style.fontName, style.fontSize)))
    canvas.saveState()
    canvas.setFillColor(style.textColor)
    canvas.setFont(style.fontName, style.fontSize)
    canvas.drawString(x, y, page + dot * dots)
    if key:
        canvas.linkRect("", key, (x, y, x + number_w, y + style.leading), relative=1)
    canvas.restoreState()


def _draw_icon(canvas, img: dict[str, str], x: float, baseline: float, room: float, size: float) -> None:
    """An inline icon's `<img>` in the room (x, room wide) its run keeps on the line, its foot at
    the baseline plus its `valign`, as reportlab's paragraphs place an image."""
    from reportlab.lib.utils import ImageReader

    w = float(img.get("width", size))
    h = float(img.get("height", w))
    if w > room:  # wider than the room the engine keeps (a row of cells()): shrunk to it, not over the words
        w, h = room, h * room / w
    drop = float(img.get("valign", 0) or 0)
    canvas.drawImage(ImageReader(img["src"]), x + (room - w) / 2, baseline + drop, w, h, mask="auto")


def list_sides(indent: float, ordered: bool) -> dict:
    """A platypus list's indent and bullet placement: a right-to-left edition's bullets and numbers
    stand right of their items, the items indented from the right; otherwise on the left, as before."""
    edition = current_edition()
    dedent = indent * (0.85 if ordered else 0.8)
    if edition is not None and edition.rtl:  # "1." read right to left shows as ".1", as browsers draw it
        return dict(leftIndent=0, rightIndent=indent, bulletDir="rtl", bulletAlign="right", bulletDedent=dedent,
                    **(dict(bulletFormat=".%s") if ordered else {}))
    return dict(leftIndent=indent, bulletDedent=dedent)


def draw_line(canvas, x: float, y: float, text: str, font: str, size: float, anchor: str = "start") -> None:
    """One line of page furniture (the running header) at the canvas's current font and colour:
    shaped in an edition whose text needs it, else reportlab's own `drawString`."""
    edition = current_edition()
    if edition is not None:
        from pnp.draw.complextext import line_runs, needs_shaping

        if needs_shaping(text):
            from pnp.draw.pdfglyphs import glyph_operators

            from pnp.draw.copytext import with_copy_texts

            runs, w = line_runs(text, font, size, edition)
            left = x - w if anchor == "end" else x
            for run, copy in with_copy_texts(runs):
                if run.glyphs is not None:
                    canvas._code.append(glyph_operators(canvas._doc, left + run.x, y, run.glyphs, size, y_up=True,
                                                        copy=copy))
            return
    if anchor == "end":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def paragraph(markup: str, style) -> Paragraph:
    """A platypus paragraph, or in an edition that needs it, one set by pnp's own engine."""
    return ShapedParagraph(markup, style) if wanted(markup) else Paragraph(markup, style)
