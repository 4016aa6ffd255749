"""Blocks → a platypus story: paragraphs, numbered headings, lists, tables, example boxes, figures.

Inline icons become `<img>` tags whose image is a 1 × 1 PNG carrying the icon's
name; the rulebook canvas (`document.RulebookCanvas`) draws the vector icon in
its place, so the paragraph engine reserves the room and wraps lines around it,
and the icon sits on the baseline.
"""
from __future__ import annotations

import io
from functools import lru_cache

from reportlab.lib.colors import Color, HexColor
from reportlab.platypus import (CondPageBreak, Flowable, HRFlowable, ListFlowable, ListItem, PageBreak,
                                Paragraph, Spacer, Table, XPreformatted)

from pnp.rulebook import blocks as L
from pnp.rulebook.shaped import ShapedMixin, list_sides, paragraph, wanted
from pnp.rulebook.styles import ACCENT, LINE, NUMBER, TINT, Styles, font, table_style
from pnp.models.edition import right_to_left
from pnp.models.phrases import phrase
from pnp.models.units import mm

ICON_KEY = "pnp-icon"




@lru_cache(maxsize=None)
def icon_uri(name: str, ink: str) -> str:
    """A `data:` URI of a tiny PNG that tells the canvas which icon to draw, and in which colour.

    reportlab's `<img>` reads files or URLs; `allow_data_uris()` lets it read `data:` URIs and
    nothing else from a URL, so these markers never touch the disk and never reach the PDF.
    """
    import base64

    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    allow_data_uris()
    info = PngInfo()
    info.add_text(ICON_KEY, f"{name}|{ink}")
    buf = io.BytesIO()
    Image.new("RGBA", (1, 1), (0, 0, 0, 0)).save(buf, format="PNG", pnginfo=info)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


@lru_cache(maxsize=1)
def allow_data_uris() -> None:
    """reportlab opens URLs only for trusted schemes and hosts: trust `data:` alone, and a host
    name that cannot exist, so no `http:`, `ftp:` or `file:` URL can ever be fetched."""
    from reportlab import rl_config

    rl_config.trustedSchemes = ["data"]
    rl_config.trustedHosts = ["pnp.invalid"]


def _hex(color: Color) -> str:
    return "#" + color.hexval()[2:].lower()


def with_icons(text: str, style) -> str:
    size = style.fontSize * 1.15
    ink = _hex(style.textColor)
    drop = -0.12 * style.fontSize  # the icon's own box has a margin: this lands its ink on the baseline

    text = L.ICON_MARK_RE.sub(lambda m: f'<img src="{icon_uri(m.group(1), ink)}" width="{size:.2f}" '
                                        f'height="{size:.2f}" valign="{drop:.2f}"/>', text)
    # a row of a shape: one square per line pitch, so the rows of a shape stack into a grid
    pitch = style.leading
    return L.CELLS_MARK_RE.sub(lambda m: f'<img src="{icon_uri("cells:" + m.group(1), ink)}" '
                                         f'width="{pitch * len(m.group(1)):.2f}" height="{pitch:.2f}" '
                                         f'valign="{drop - 0.1 * style.fontSize:.2f}"/>', text)


class Heading(Paragraph):
    """A heading that reports itself to the table of contents and the running header.

    `toc_text` is plain text (the outline and the running header print it as is);
    `toc_markup` is the same text escaped, because the contents page sets its
    entries as paragraphs again, and a heading must not become markup there.
    """

    def __init__(self, text, style, level: int | None, toc_text: str, key: str):
        super().__init__(text, style)
        self.toc_level = level
        self.toc_text = toc_text
        self.toc_markup = L._escape(toc_text)
        self.key = key


class ShapedHeading(ShapedMixin, Heading):
    """A heading of a right-to-left or CJK edition, set by pnp's own engine (`pnp.rulebook.shaped`)."""

    def __init__(self, text, style, level, toc_text, key):
        super().__init__(text, style, level, toc_text, key)
        self._shape_setup(text, style)


class StoryBuilder:
    def __init__(self, compiled: L.Compiled, styles: Styles, frame_width: float):
        self.compiled = compiled
        self.s = styles
        self.width = frame_width
        self.figure_no = 0
        self.heading_no = 0

    def story(self) -> list[Flowable]:
        return self.blocks(self.compiled.blocks, self.width)

    def blocks(self, blocks: list, width: float, style=None) -> list[Flowable]:
        out: list[Flowable] = []
        for i, b in enumerate(blocks):
            made = self.block(b, width, style)
            if _lead_in(blocks, i):
                for f in made:
                    f.keepWithNext = 1
            out.extend(made)
        return out

    def block(self, b, width: float, style=None) -> list[Flowable]:
        s = self.s
        style = style or s.body
        if isinstance(b, L.Heading):
            return self.heading(b)
        if isinstance(b, L.Para):
            return [paragraph(with_icons(b.text, style), style)]
        if isinstance(b, L.ListBlock):
            return [self.list(b, width, style)]
        if isinstance(b, L.Table):
            return [self.table(b, width)]
        if isinstance(b, L.Quote):
            return [self.example(b, width)]
        if isinstance(b, L.FigureBlock):
            return self.figure(self.compiled.figures[b.figure], width)
        if isinstance(b, L.ImageBlock):
            return self.figure(self.compiled.images[b.image], width)
        if isinstance(b, L.Rule):
            return [HRFlowable(width="40%", thickness=0.6, color=LINE, spaceBefore=6, spaceAfter=10)]
        if isinstance(b, L.Code):
            return [XPreformatted(L._escape(b.text), s.code)]
        return []

    def heading(self, b: L.Heading) -> list[Flowable]:
        s = self.s
        style = {1: s.h1, 2: s.h2}.get(b.level, s.h3)
        level = {1: 0, 2: 1}.get(b.level)
        number = f'<font color="{_hex(NUMBER)}">{b.number}</font>&nbsp;&nbsp;' if b.number else ""
        self.heading_no += 1
        toc = f"{b.number}\u2002{b.plain}" if b.number else b.plain
        out: list[Flowable] = []
        if b.level == 1:
            out.append(CondPageBreak(mm(45)))  # a chapter never starts at the foot of a page
        markup = number + with_icons(b.text, style)
        make = ShapedHeading if wanted(markup) else Heading
        out.append(make(markup, style, level, toc, f"h{self.heading_no}"))
        return out

    def list(self, b: L.ListBlock, width: float, style) -> Flowable:
        indent = style.fontSize * (2.0 if b.ordered else 1.5)
        items = []
        for item in b.items:
            flows = self.blocks(item, width - indent, style)
            for f in flows:
                if isinstance(f, Paragraph):
                    f.style = _tight(f.style)
            items.append(ListItem(flows or [Paragraph("", _tight(style))]))  # "-" alone is an empty item
        kind = dict(bulletType="1", start=b.start, bulletFormat="%s.") if b.ordered else \
            dict(bulletType="bullet", start="\u2022")
        return ListFlowable(items, bulletFontName=font("sans-bold"),
                            bulletFontSize=style.fontSize * (0.95 if b.ordered else 1.0), bulletColor=ACCENT,
                            spaceAfter=style.spaceAfter, **{**kind, **list_sides(indent, b.ordered)})

    def table(self, b: L.Table, width: float) -> Flowable:
        s = self.s
        ncols = max([len(b.head)] + [len(r) for r in b.rows])
        align = (b.align + ["left"] * ncols)[:ncols]

        def cell(text, style, a):
            st = style if a == "left" else _aligned(style, a)
            return paragraph(with_icons(text, st), st)

        has_head = any(_strip_tags(t).strip() for t in b.head)
        data = [[cell(t, s.head_cell, align[i]) for i, t in enumerate(b.head)]] if has_head else []
        data += [[cell(t, s.cell, align[i]) for i, t in enumerate(r + [""] * (ncols - len(r)))] for r in b.rows]
        widths = _column_widths([b.head] + b.rows, ncols, width, s.cell)
        if right_to_left():  # read from the right: the first column on the right, the table against the right margin
            data, widths = [row[::-1] for row in data], widths[::-1]
        t = Table(data, colWidths=widths, repeatRows=1 if has_head else 0,
                  hAlign="RIGHT" if right_to_left() else "LEFT")
        head = [("BACKGROUND", (0, 0), (-1, 0), TINT), ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT)] if has_head \
            else [("LINEABOVE", (0, 0), (-1, 0), 0.8, ACCENT)]
        style = head + [("LINEBELOW", (0, -1), (-1, -1), 0.6, LINE), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                 ("LEFTPADDING", (0, 0), (-1, -1), 5), ("RIGHTPADDING", (0, 0), (-1, -1), 5)]
        for r in range(2 if has_head else 1, len(data), 2):
            style.append(("BACKGROUND", (0, r), (-1, r), HexColor("#fbf8f3")))
        t.setStyle(table_style(style))
        t.spaceAfter = s.body.spaceAfter * 1.5
        t.spaceBefore = 2
        return t

    def example(self, b: L.Quote, width: float) -> Flowable:
        pad = 9
        inner = self.blocks(b.blocks, width - 2 * pad - 3, self.s.quote)
        if inner and isinstance(inner[-1], Paragraph):
            inner[-1].style = _tight(inner[-1].style)
        t = Table([[inner]], colWidths=[width], hAlign="LEFT")
        rtl = right_to_left()  # the bar on the reading side: right of a right-to-left example
        t.setStyle(table_style([("BACKGROUND", (0, 0), (-1, -1), TINT),
                               ("LINEAFTER" if rtl else "LINEBEFORE", (0, 0), (0, -1), 2.5, ACCENT),
                               ("LEFTPADDING", (0, 0), (-1, -1), pad if rtl else pad + 3),
                               ("RIGHTPADDING", (0, 0), (-1, -1), pad + 3 if rtl else pad),
                               ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.8)]))
        t.spaceBefore = 3
        t.spaceAfter = self.s.body.spaceAfter * 1.6
        return t

    def figure(self, request, width: float) -> list[Flowable]:
        if isinstance(request, L.PageBreak):
            return [PageBreak()]
        self.figure_no += 1
        parts: list[Flowable] = [Spacer(1, 4), request.flowable(width)]
        if request.caption:
            label = L._escape(phrase("figure").format(n=self.figure_no))  # "Figure 3", "Abbildung 3" (as the web page)
            cap = f"<b>{label}.</b> {L._icons(L._escape(str(request.caption)))}"
            parts.append(paragraph(with_icons(cap, self.s.caption), self.s.caption))  # shaped in an edition that needs it
        else:
            parts.append(Spacer(1, self.s.body.spaceAfter * 1.5))
        # Chained with keepWithNext rather than wrapped in KeepTogether: platypus will not join a
        # KeepTogether to the heading before it, which left headings alone at the foot of a page.
        for part in parts[:-1]:
            part.keepWithNext = 1
        return parts


def _lead_in(blocks: list, i: int) -> bool:
    """A short paragraph between a heading and the next heading (a chapter's one-line lead-in): it
    keeps with what follows, as the heading before it keeps with it, so a chapter's heading and
    lead-in never stand alone at the foot of a page, cut off from the chapter's first section."""
    return (isinstance(blocks[i], L.Para) and 0 < i < len(blocks) - 1
            and isinstance(blocks[i - 1], L.Heading) and isinstance(blocks[i + 1], L.Heading)
            and len(blocks[i].text) <= 300)


def _tight(style):
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(style.name + "-tight", parent=style, spaceAfter=style.fontSize * 0.25)


def _aligned(style, align: str):
    from reportlab.lib.enums import TA_CENTER, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(f"{style.name}-{align}", parent=style,
                          alignment={"center": TA_CENTER, "right": TA_RIGHT}.get(align, 0))


def _strip_tags(text: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", text)


def _column_widths(rows: list[list[str]], ncols: int, width: float, style) -> list[float]:
    """Each column at least as wide as its longest word; the rest shared by how much text it holds."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pad = 10 + style.fontSize * 1.2  # cell padding, and room for an icon
    least, want = [], []
    for col in range(ncols):
        cells = [L.ICON_MARK_RE.sub("MM", _strip_tags(r[col])) for r in rows if col < len(r)]
        words = [w for c in cells for w in c.split()] or [""]
        least.append(max(stringWidth(w, font("sans-bold"), style.fontSize) for w in words) + pad)
        want.append(max(max(stringWidth(c, style.fontName, style.fontSize) for c in cells) + pad, least[-1]))
    if sum(want) <= width:
        extra = (width - sum(want)) / ncols
        return [w + extra for w in want]
    spare = max(0.0, width - sum(least))
    grow = [w - m for w, m in zip(want, least)]
    total = sum(grow) or 1.0
    return [m + spare * g / total for m, g in zip(least, grow)]


