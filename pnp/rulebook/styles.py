"""The rulebook's typography: serif body text, sans headings (or the game's `rulebook_fonts:`), one accent colour.

Kept in one place so the look can be tuned without touching the story code.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from pnp.draw import fonts

ACCENT = HexColor("#7a3b16")  # headings, rules, numbers
INK = HexColor("#1d1d1b")
MUTED = HexColor("#5f5a54")
TINT = HexColor("#f6efe4")  # example boxes, table heads
LINE = HexColor("#c9b79c")
NUMBER = HexColor("#8a7355")  # a heading's number: LINE's tan, dark enough to read (4.5:1 on white)


def font(name: str) -> str:
    return fonts.register(name)


def table_style(commands: list):
    """A TableStyle whose cells start in an embedded font (reportlab's default is Helvetica, never embedded)."""
    from reportlab.platypus import TableStyle

    return TableStyle([("FONT", (0, 0), (-1, -1), font("serif"), 9)] + list(commands))


def register_families(*families: str) -> None:
    """<b> and <i> in paragraphs pick the embedded bold and italic faces (of the game's own families too)."""
    from reportlab.lib.fonts import addMapping

    fonts.register_all()
    for n in families:
        if fonts.game_face(n) is not None:  # registered under a content-derived name, so this maps only this file
            for bold in (0, 1):
                for italic in (0, 1):
                    addMapping(font(n), bold, italic, font(fonts.style_variant(n, bool(bold), bool(italic))))
    for face in fonts.FONT_FILES:  # any face: bold and italic fall back to itself...
        for bold in (0, 1):
            for italic in (0, 1):
                addMapping(font(face), bold, italic, font(face))
    for n, b, i, bi in (("serif", "serif-bold", "serif-italic", "serif-bold"),  # ...then the real families
                        ("sans", "sans-bold", "sans-italic", "sans-bolditalic")):
        for bold, italic, face in ((1, 1, bi), (0, 1, i), (1, 0, b), (0, 0, n)):
            addMapping(font(n), bold, italic, font(face))


@dataclass
class Styles:
    body: ParagraphStyle
    small: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    caption: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    quote: ParagraphStyle
    code: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    meta: ParagraphStyle
    toc: list
    toc_title: ParagraphStyle


def make_styles(size: float = 9.5, body_font: str | None = None, heading_font: str | None = None) -> Styles:
    """The rulebook's styles; the fonts default to the game's `rulebook_fonts:` (serif body, sans headings)."""
    body_font = body_font or fonts.active().rulebook[0]
    heading_font = heading_font or fonts.active().rulebook[1]
    register_families(body_font, heading_font)
    italic = font(fonts.style_variant(body_font, False, True))
    heading, heading_bold = font(heading_font), font(fonts.style_variant(heading_font, True, False))
    lead = size * 1.42
    body = ParagraphStyle("body", fontName=font(body_font), fontSize=size, leading=lead, textColor=INK,
                          spaceAfter=size * 0.6, alignment=TA_LEFT, allowWidows=0, allowOrphans=0,
                          hyphenationLang=None)
    sans = dict(fontName=heading_bold, textColor=ACCENT, keepWithNext=1)
    return Styles(
        body=body,
        small=ParagraphStyle("small", parent=body, fontSize=size - 1.5, leading=(size - 1.5) * 1.35),
        h1=ParagraphStyle("h1", parent=body, fontSize=size + 7.5, leading=size + 11, spaceBefore=size * 1.6,
                          spaceAfter=size * 0.8, **sans),
        h2=ParagraphStyle("h2", parent=body, fontSize=size + 2.5, leading=size + 5, spaceBefore=size * 1.2,
                          spaceAfter=size * 0.4, **sans),
        h3=ParagraphStyle("h3", parent=body, fontName=heading_bold, fontSize=size, leading=lead,
                          spaceBefore=size * 0.6, spaceAfter=size * 0.2, textColor=INK, keepWithNext=1),
        caption=ParagraphStyle("caption", parent=body, fontName=italic, fontSize=size - 1.5,
                               leading=(size - 1.5) * 1.35, textColor=MUTED, alignment=TA_CENTER,
                               spaceBefore=size * 0.5, spaceAfter=size * 1.2),
        cell=ParagraphStyle("cell", parent=body, fontSize=size - 1, leading=(size - 1) * 1.3, spaceAfter=0),
        head_cell=ParagraphStyle("head_cell", parent=body, fontName=heading_bold, fontSize=size - 1.5,
                                 leading=(size - 1.5) * 1.3, spaceAfter=0, textColor=ACCENT),
        quote=ParagraphStyle("quote", parent=body, fontSize=size - 0.5, leading=(size - 0.5) * 1.4,
                             spaceAfter=size * 0.35),
        code=ParagraphStyle("code", parent=body, fontName=font("condensed"), fontSize=size - 1.5,
                            leading=(size - 1.5) * 1.35),
        title=ParagraphStyle("title", parent=body, fontName=heading_bold, fontSize=size * 3.4,
                             leading=size * 3.9, alignment=TA_CENTER, textColor=ACCENT, spaceAfter=size),
        subtitle=ParagraphStyle("subtitle", parent=body, fontName=italic, fontSize=size * 1.5,
                                leading=size * 2, alignment=TA_CENTER, textColor=MUTED),
        meta=ParagraphStyle("meta", parent=body, fontName=heading, fontSize=size, leading=size * 1.5,
                            alignment=TA_CENTER, textColor=INK, spaceAfter=0),
        toc=[ParagraphStyle("toc1", parent=body, fontName=heading_bold, fontSize=size + 0.5,
                            leading=(size + 0.5) * 1.5, leftIndent=size * 2, firstLineIndent=-size * 2,
                            spaceBefore=size * 0.5, textColor=INK),
             ParagraphStyle("toc2", parent=body, fontName=font(body_font), fontSize=size, leading=size * 1.45,
                            leftIndent=size * 4.6, firstLineIndent=-size * 2.6, spaceAfter=0)],
        toc_title=ParagraphStyle("toc_title", parent=body, fontName=heading_bold, fontSize=size + 7.5,
                                 leading=size + 11, textColor=ACCENT, spaceAfter=size * 1.5),
    )
