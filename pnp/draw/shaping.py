"""Text shaping: HarfBuzz (uharfbuzz) turns a run of one font and one direction into glyphs.

Only a language edition whose text needs it comes here (`pnp.draw.complextext`), so a game with
no `languages:` never imports HarfBuzz. A run of characters in one font and one direction becomes
glyph ids with advances and offsets: Arabic letters take their joined forms, and kerning and
ligatures apply where the font has them. The runs and their direction come from the bidi
algorithm (`pnp.draw.bidiorder`). Default-ignorable characters (ZWJ, ZWNJ, soft hyphen, bidi
controls …) are shaped with their neighbours, where ZWJ and ZWNJ steer joining, and then removed
(HarfBuzz's REMOVE_DEFAULT_IGNORABLES): they draw nothing and add no glyph to copy.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Glyph:
    """One shaped glyph, in font units: its id, the character index its cluster starts at, its advance and offsets."""

    gid: int
    cluster: int
    advance: int
    dx: int
    dy: int


@dataclass(frozen=True)
class Shaped:
    """A run shaped in one font: glyphs in visual order, the font's units per em, the run's text."""

    text: str
    face: str  # the reportlab (PDF) font name
    rtl: bool
    glyphs: tuple[Glyph, ...]
    upem: int

    def width(self, size: float) -> float:
        return sum(g.advance for g in self.glyphs) * size / self.upem


def font_data(face: str) -> bytes:
    """The TrueType bytes of a registered reportlab face (what is shaped is what is embedded)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return getFont(face).face._ttf_data


@lru_cache(maxsize=64)
def hb_font(face: str):
    """(HarfBuzz font, units per em) of a registered face, made once."""
    import uharfbuzz as hb

    hb_face = hb.Face(font_data(face))
    font = hb.Font(hb_face)
    return font, hb_face.upem


@lru_cache(maxsize=8192)
def shape(text: str, face: str, rtl: bool, language: str | None = None) -> Shaped:
    """`text` (logical order) shaped in `face`, right to left when `rtl`; glyphs in visual order."""
    import uharfbuzz as hb

    font, upem = hb_font(face)
    buf = hb.Buffer()
    buf.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS  # a mark its own cluster: its own character
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    buf.flags = hb.BufferFlags.REMOVE_DEFAULT_IGNORABLES
    if language:
        buf.language = language
    hb.shape(font, buf, {"kern": True, "liga": True})
    glyphs = tuple(Glyph(i.codepoint, i.cluster, p.x_advance, p.x_offset, p.y_offset)
                   for i, p in zip(buf.glyph_infos, buf.glyph_positions))
    return Shaped(text, face, rtl, glyphs, upem)
