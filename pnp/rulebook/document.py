"""The rulebook as a document: title page, contents with page numbers, running header, page numbers.

A platypus BaseDocTemplate built with multiBuild, so the table of contents
carries the pages its headings really landed on. The canvas starts in an
embedded font (no Helvetica anywhere) and is invariant, so builds are
byte-identical; it also draws the vector icons that paragraphs reserve room for.
"""
from __future__ import annotations

import io
from ast import literal_eval

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Frame, KeepInFrame, NextPageTemplate, PageBreak,
                                PageTemplate, Paragraph, Spacer, Table)
from reportlab.platypus.doctemplate import ActionFlowable
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers

from pnp.draw import fonts
from pnp.rulebook import blocks as L
from pnp.rulebook.canvas_surface import flip, surface_for
from pnp.rulebook.shaped import draw_line, paragraph
from pnp.models.edition import current as current_edition
from pnp.models.phrases import phrase
from pnp.rulebook.pagination import with_notes_pages
from pnp.rulebook.story import ICON_KEY, Heading, StoryBuilder
from pnp.rulebook.styles import LINE, MUTED, Styles, font, make_styles, table_style
from pnp.models.units import mm
from pnp.kinds import offering

PAGES = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0), "a5": (mm(148), mm(210)),
         "half-letter": (396.0, 612.0)}


def margins(pagesize) -> tuple[float, float, float, float]:
    """(left, right, top, bottom): generous on full pages, tighter on booklet pages."""
    if pagesize[0] > 450:
        return mm(28), mm(28), mm(25), mm(23)
    return mm(16), mm(16), mm(19), mm(17)


class RulebookCanvas(Canvas):
    """A canvas that starts in an embedded font and draws pnp icons where paragraphs placed their markers."""

    def __init__(self, *args, assets=None, **kwargs):
        kwargs["initialFontName"] = fonts.register("serif")
        kwargs["invariant"] = 1
        from pnp.models.edition import language

        if language():  # a language edition names its language in the catalogue, as every PDF of it does
            kwargs["lang"] = language()
        super().__init__(*args, **kwargs)
        self._pnp_assets = assets

    def drawImage(self, image, x, y, width=None, height=None, *args, **kwargs):  # noqa: N802 — reportlab's name
        pil = getattr(image, "_image", None) if isinstance(image, ImageReader) else None
        key = getattr(pil, "info", {}).get(ICON_KEY) if pil is not None else None
        if not key:
            return super().drawImage(image, x, y, width, height, *args, **kwargs)
        name, ink = key.split("|")
        self.saveState()
        flip(self, x, y + height)
        if name.startswith("cells:"):
            _draw_cells(surface_for(self), name[len("cells:"):], height, ink)
        else:
            self._pnp_assets.place_icon(surface_for(self), name, 0, 0, width, ink)
        self.restoreState()
        return width, height


def _draw_cells(surface, row: str, pitch: float, ink: str) -> None:
    """One row of a shape: a filled square for each `#`; a `.` keeps its place empty."""
    gap = pitch * 0.12
    side = pitch - gap
    for i, mark in enumerate(row):
        if mark == "#":
            surface.rect(i * pitch + gap / 2, gap / 2, side, side, fill=ink)


class _Frame(Frame):
    """A frame that, on a canvas marked `layout_only`, places each flowable (wraps, splits, moves
    down) without drawing it: the pass only finds the page every heading lands on."""

    def _add(self, flowable, canv, trySplit=0):  # noqa: N803 — reportlab's names
        if not getattr(canv, "layout_only", False) or "drawOn" in vars(flowable):
            return super()._add(flowable, canv, trySplit)
        flowable.drawOn = _not_drawn
        try:
            return super()._add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn

    add = _add  # Frame's own `add` is its `_add`, bound when the class was made


def _not_drawn(*args, **kwargs) -> None:
    return None


class RulebookDoc(BaseDocTemplate):
    """The rulebook's pages. multiBuild lays the book out until the contents list the pages the
    headings landed on: the first pass, with the contents still empty, is never the book printed
    when there are contents, so it lays out without drawing (the profile of the largest bundled build
    put about half of the rulebook's time in drawing, done in both passes)."""

    def __init__(self, buf, pagesize, meta: dict, styles: Styles):
        left, right, top, bottom = margins(pagesize)
        super().__init__(buf, pagesize=pagesize, leftMargin=left, rightMargin=right, topMargin=top,
                         bottomMargin=bottom, title=meta["title"], author=meta.get("designer") or "pnp",
                         subject="rulebook", creator="pnp", producer="pnp (reportlab)", invariant=1,
                         initialFontName=fonts.register("serif"), initialFontSize=10)
        self.meta = meta
        self.styles = styles
        frame = _Frame(left, bottom, pagesize[0] - left - right, pagesize[1] - top - bottom, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("title", [frame]),
                               PageTemplate("front", [frame], onPageEnd=self._footer),
                               PageTemplate("body", [frame], onPageEnd=self._decorate)])
        self.section = ""
        self.page_section = None
        self._outline_level = -1

    def _startBuild(self, *args, **kwargs):  # noqa: N802 — reportlab's name
        super()._startBuild(*args, **kwargs)
        self._passes = getattr(self, "_passes", 0) + 1
        # the first of several passes (multiBuild with contents to fill in) is laid out, not drawn
        self.canv.layout_only = self._passes == 1 and bool(getattr(self, "_indexingFlowables", None))

    @property
    def frame_width(self) -> float:
        return self.width

    def handle_pageBegin(self):  # noqa: N802 — reportlab's name
        self.page_start_section = self.section
        self.page_section = None
        self.page_continues = False
        super().handle_pageBegin()

    def beforeDocument(self):  # noqa: N802
        self.section = ""
        self._outline_level = -1
        self.chapters: list[tuple[int, bool]] = []  # (page, starts at the top of it) of each chapter, this pass
        self.fills: list[float] = []  # the share of each page's text area its flowables took, this pass

    def handle_pageEnd(self):  # noqa: N802 — reportlab's name
        frame = self.frame
        self.fills.append((frame._y2 - frame._y) / max(1.0, frame._y2 - frame._y1))
        super().handle_pageEnd()

    def afterFlowable(self, flowable):  # noqa: N802
        if not isinstance(flowable, Heading):
            # an action (a page-template switch, multiBuild's bookkeeping) prints nothing: it does not carry a section over
            if self.page_section is None and not isinstance(flowable, (Spacer, PageBreak, CondPageBreak, ActionFlowable)):
                self.page_continues = True  # the page starts inside the section carried over
            return
        level = flowable.toc_level
        if level is None:
            return
        self.notify("TOCEntry", (level, flowable.toc_markup, self.page, flowable.key))
        self.canv.bookmarkPage(flowable.key)
        level = min(level, self._outline_level + 1)
        self.canv.addOutlineEntry(flowable.toc_text, flowable.key, level=level, closed=level > 0)
        self._outline_level = level
        if flowable.toc_level == 0:
            self.section = flowable.toc_text
            starts_page = self.page_section is None and not self.page_continues
            self.chapters.append((self.page, starts_page))
            if self.page_section is None:
                self.page_section = flowable.toc_text

    def _footer(self, canvas, doc) -> None:
        w = self.pagesize[0]
        canvas.saveState()
        canvas.setFont(font("sans"), 8)
        canvas.setFillColor(MUTED)
        canvas.drawCentredString(w / 2, self.bottomMargin / 2 - 3, str(canvas.getPageNumber()))
        canvas.restoreState()

    def _decorate(self, canvas, doc) -> None:
        w, h = self.pagesize
        y = h - self.topMargin / 2 - 1
        canvas.saveState()
        canvas.setFont(font("sans"), 7.5)
        canvas.setFillColor(MUTED)
        draw_line(canvas, self.leftMargin, y + 3, self.meta["title"].upper(), "sans", 7.5)
        carried = self.page_continues and self.page_start_section
        section = self.page_start_section if carried else (self.page_section or self.page_start_section)
        if section:
            draw_line(canvas, w - self.rightMargin, y + 3, section, "sans", 7.5, anchor="end")
        canvas.setStrokeColor(LINE)
        canvas.setLineWidth(0.5)
        canvas.line(self.leftMargin, y, w - self.rightMargin, y)
        canvas.restoreState()
        self._footer(canvas, doc)


def title_page(meta: dict, styles: Styles, cover, width: float, height: float, game, compact: bool = False) -> list:
    """Title, subtitle, cover cards, players/time/ages, credits: one page (`compact`: closer together,
    leaving the foot of the page to the contents)."""
    s = styles
    if compact:
        height *= 0.4
    parts: list = [Spacer(1, height * 0.08), paragraph(L._escape(meta["title"]), s.title)]
    if meta.get("subtitle"):
        parts.append(paragraph(L._escape(meta["subtitle"]), s.subtitle))
    parts.append(Spacer(1, height * 0.05))
    if cover is not None:
        parts.append(cover.flowable(width))
        parts.append(Spacer(1, height * 0.05))
    facts = [(k, meta.get(k)) for k in ("players", "time", "ages") if meta.get(k)]
    if facts:
        row = [paragraph(f'<font size="{s.meta.fontSize - 1.5}" color="{ "#" + MUTED.hexval()[2:]}">'
                         f'{phrase(k).upper()}</font><br/><b>{L._escape(str(v))}</b>', s.meta) for k, v in facts]
        edition = current_edition()
        if edition is not None and edition.rtl:  # read from the right: players first
            row.reverse()
        t = Table([row], colWidths=[min(mm(45), width / len(row))] * len(row))
        t.setStyle(table_style([("LINEABOVE", (0, 0), (-1, 0), 0.6, LINE), ("LINEBELOW", (0, 0), (-1, 0), 0.6, LINE),
                               ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 8)]))
        parts.append(t)
    parts.append(Spacer(1, height * 0.04))
    for line in ([meta["designer"]] if meta.get("designer") else []) + list(meta.get("credits") or []):
        parts.append(paragraph(L._escape(str(line)), s.small_centered))
    version = phrase("version").format(v=meta.get("version")) if meta.get("version") else ""
    if meta.get("license"):
        version += f" · {meta['license']}"
    if version:
        parts.append(Spacer(1, 6))
        parts.append(paragraph(L._escape(version), s.small_centered))
    if compact:
        return parts
    # one page whatever the cover's cards need to be legible: a line too many shrinks the page a little
    return [KeepInFrame(width, height - 1, parts, mode="shrink")]


def render_pdf(game, compiled: L.Compiled, pagesize, body_size: float = 9.5, chapters: list | None = None,
               fills: list | None = None, notes_pages: tuple[int, int] = (0, 0)) -> bytes:
    """The rulebook on pages of `pagesize`; byte-identical for the same input. `chapters`, when
    given, receives (page, starts at its top) for every chapter, in order; `fills` the share of
    each page's text area used. `notes_pages`: ruled pages for notes, so many before the last
    chapter and so many at the end (a booklet's pages made a multiple of four)."""
    from reportlab.lib.styles import ParagraphStyle


    styles = make_styles(body_size)
    styles.small_centered = ParagraphStyle("small_c", parent=styles.small, alignment=1, textColor=MUTED,
                                           spaceAfter=2)
    meta = dict(compiled_meta(game))
    buf = io.BytesIO()
    doc = RulebookDoc(buf, pagesize, meta, styles)
    cover = _cover(game, compiled, doc.width)
    body = with_notes_pages(StoryBuilder(compiled, styles, doc.width).story(), notes_pages, styles)
    shared = contents_fit_on_title_page(title_page(meta, styles, cover, doc.width, doc.height, game, compact=True),
                                        body, styles, doc.width, doc.height)
    title = title_page(meta, styles, cover, doc.width, doc.height, game, compact=shared)
    listed = any(h.toc_level is not None for h in _headings(body))
    assets = game.assets
    contents = None if shared else contents_for_own_page(body, styles, doc.width, doc.height)
    doc.multiBuild(_front_matter(title, styles, shared, listed, contents) + body,
                   canvasmaker=lambda *a, **k: RulebookCanvas(*a, assets=assets, **k))
    if shared and doc.chapters and doc.chapters[0][0] != 2:  # the estimate was wrong: the contents ran over
        buf = io.BytesIO()
        doc = RulebookDoc(buf, pagesize, meta, styles)
        body = with_notes_pages(StoryBuilder(compiled, styles, doc.width).story(), notes_pages, styles)
        doc.multiBuild(_front_matter(title_page(meta, styles, cover, doc.width, doc.height, game), styles, False, True,
                                     contents_for_own_page(body, styles, doc.width, doc.height)) + body,
                       canvasmaker=lambda *a, **k: RulebookCanvas(*a, assets=assets, **k))
    if chapters is not None:
        chapters.extend(doc.chapters)
    if fills is not None:
        fills.extend(doc.fills)
    return buf.getvalue()


TOC_TABLE = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
             ("LEFTPADDING", (0, 0), (-1, -1), 0)]


def _contents(styles: Styles) -> TableOfContents:
    return TableOfContents(levelStyles=styles.toc, dotsMinLevel=0, rightColumnWidth=mm(12),
                           tableStyle=table_style(TOC_TABLE))


class ContentsInColumns(TableOfContents):
    """The contents in two columns, for the title page of a short book: each entry's dots and page
    number stay inside its column, and the second column starts with a chapter."""

    GAP = mm(8)

    def wrap(self, availWidth, availHeight):  # noqa: N802, N803 — reportlab's names
        entries = self._lastEntries or [(0, phrase("contents"), 0, None)]
        column = (availWidth - self.GAP) / 2

        def entry_end(canvas, kind, label):
            page, level, key = label.split(",", 2)
            drawPageNumbers(canvas, self.getLevelStyle(int(level)), [(int(page), literal_eval(key))], column,
                            availHeight, " . ")
        self.canv.setNamedCB("drawTOCEntryEnd", entry_end)

        flows = []
        for level, text, page, key in entries:
            style = ParagraphStyle(f"toc-column-{level}", parent=self.getLevelStyle(level), rightIndent=mm(7))
            if key:
                text = f'<a href="#{key}">{text}</a>'
            para = paragraph(f'{text}<onDraw name="drawTOCEntryEnd" label="{page},{level},{key!r}"/>', style)
            flows.append((level, style.spaceBefore, para, para.wrap(column, availHeight)[1]))

        def column_height(part):
            return sum(h for *_, h in part) + sum(before for _, before, *_ in part[1:])
        chapters = [i for i, e in enumerate(flows) if e[0] == 0 and i > 0] or [(len(flows) + 1) // 2]
        split = min(chapters, key=lambda i: (max(column_height(flows[:i]), column_height(flows[i:])), i))
        cells = []
        for part in (flows[:split], flows[split:]):
            flow = []
            for _, before, para, _ in part:
                if before and flow:
                    flow.append(Spacer(1, before))
                flow.append(para)
            cells.append(flow)
        from pnp.models.edition import current

        edition = current()
        if edition is not None and edition.rtl:  # read from the right: the first column on the right
            cells.reverse()
        self._table = Table([[cells[0], "", cells[1]]], colWidths=(column, self.GAP, column),
                            style=table_style(TOC_TABLE))
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height


def contents_for_own_page(body: list, styles: Styles, width: float, height: float):
    """The contents on a page of their own, never spilling a few lines onto a second page: one
    column when every entry fits, else two columns, else the chapters alone in one column."""
    entries = [(h.toc_level, h.toc_markup, 99, h.key) for h in _headings(body) if h.toc_level is not None]
    chapters = [e for e in entries if e[0] == 0]
    scratch = Canvas(io.BytesIO())
    room = height - mm(2)
    heading = Paragraph("Contents", styles.toc_title)
    room -= heading.wrapOn(scratch, width, height)[1] + heading.getSpaceBefore() + heading.getSpaceAfter()

    def fits(toc, listed) -> bool:
        toc._lastEntries = listed
        return toc.wrapOn(scratch, width, height)[1] <= room

    if fits(_contents(styles), entries):
        return _contents(styles)
    columns = ContentsInColumns(levelStyles=styles.toc, dotsMinLevel=0, rightColumnWidth=mm(12))
    if fits(columns, entries):
        return ContentsInColumns(levelStyles=styles.toc, dotsMinLevel=0, rightColumnWidth=mm(12))
    return ChaptersOnly(levelStyles=styles.toc, dotsMinLevel=0, rightColumnWidth=mm(12),
                        tableStyle=table_style(TOC_TABLE))


class ChaptersOnly(TableOfContents):
    """The contents listing the chapters only (a book whose sections would not fit on one page)."""

    def notify(self, kind, stuff):
        if kind == "TOCEntry" and stuff[0] != 0:
            return
        super().notify(kind, stuff)


def _front_matter(title: list, styles: Styles, shared: bool, listed: bool = True, contents=None) -> list:
    """The title page and the contents: below the title, in two columns, when they fit there (a short
    book spends no sheet on a list of a dozen lines), else on a page of their own (`contents`, as
    `contents_for_own_page` chose it); none for a book without headings."""
    if not listed:
        return title + [NextPageTemplate("body"), PageBreak()]
    if shared:
        return title + [Spacer(1, mm(6)), paragraph(phrase("contents"), styles.toc_title),
                        ContentsInColumns(levelStyles=styles.toc, dotsMinLevel=0, rightColumnWidth=mm(12)),
                        NextPageTemplate("body"), PageBreak()]
    return title + [NextPageTemplate("front"), PageBreak(), paragraph(phrase("contents"), styles.toc_title),
                    contents or _contents(styles), NextPageTemplate("body"), PageBreak()]


def _headings(flowables) -> list[Heading]:
    out = []
    for f in flowables:
        if isinstance(f, Heading):
            out.append(f)
        inner = getattr(f, "_content", None)
        if isinstance(inner, list):
            out += _headings(inner)
    return out


def contents_fit_on_title_page(title: list, body: list, styles: Styles, width: float, height: float) -> bool:
    """Do the (compact) title page and the whole contents, in two columns, fit on one page? Measured with
    the list's real entries (page numbers stood in by a two-digit one) before the book is laid out."""
    toc = ContentsInColumns(levelStyles=styles.toc, dotsMinLevel=0, rightColumnWidth=mm(12))
    toc._lastEntries = [(h.toc_level, h.toc_markup, 99, h.key) for h in _headings(body) if h.toc_level is not None]
    used, scratch = 0.0, Canvas(io.BytesIO())
    for f in title + [Spacer(1, mm(6)), paragraph(phrase("contents"), styles.toc_title), toc]:
        _, h = f.wrapOn(scratch, width, height)
        used += h + f.getSpaceBefore() + f.getSpaceAfter()
    return used <= height - mm(2)


def compiled_meta(game) -> dict:
    g = game.game
    if g is None:
        return {"title": game.name}
    return {"title": g.title, "subtitle": g.subtitle, "players": str(g.players), "time": g.time, "ages": g.ages,
            "designer": g.designer, "credits": list(g.credits), "version": g.version, "license": g.license}


def _cover(game, compiled: L.Compiled, width: float):
    from pnp.rulebook.figures import CardFigure

    if compiled.cover is not None:
        deck, ids, side = compiled.cover
    else:
        decks = [c.model for c in offering(game, "cards")]
        if not decks or not decks[0].cards:
            return None
        deck = decks[0]
        cards = deck.cards
        ids = list(dict.fromkeys([cards[0].id, cards[len(cards) // 2].id, cards[-1].id]))
        side = "front"
    return CardFigure(deck, game, ids, side, mm(42), None, one_row=True)
