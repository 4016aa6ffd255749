"""Text shaping and bidirectional order: HarfBuzz (uharfbuzz) and the Unicode bidi algorithm (python-bidi).

Only a language edition whose text needs it comes here (`pnp.draw.complextext`), so a game with
no `languages:` never imports either library. HarfBuzz turns a run of characters in one font and
one direction into glyph ids with advances and offsets: Arabic letters take their joined forms,
and kerning and ligatures apply where the font has them. python-bidi's implementation of UAX #9
gives each character its embedding level; runs of one level are shaped in their direction and
put in visual order by rule L2, so digits inside Arabic stay left to right.
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
    if language:
        buf.language = language
    hb.shape(font, buf, {"kern": True, "liga": True})
    glyphs = tuple(Glyph(i.codepoint, i.cluster, p.x_advance, p.x_offset, p.y_offset)
                   for i, p in zip(buf.glyph_infos, buf.glyph_positions))
    return Shaped(text, face, rtl, glyphs, upem)


def levels(text: str, rtl_paragraph: bool | None = None) -> list[int]:
    """Each character's resolved embedding level (UAX #9 rules P2–I2, python-bidi's implementation);
    `rtl_paragraph` fixes the paragraph's direction (None: from its first strong character)."""
    from bidi import algorithm as uba

    storage = uba.get_empty_storage()
    base = uba.get_base_level(text) if rtl_paragraph is None else int(rtl_paragraph)
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    uba.get_embedding_levels(text, storage, False, False)
    uba.explicit_embed_and_overrides(storage, False)
    uba.resolve_weak_types(storage, False)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    return [c["level"] for c in storage["chars"]]


def rtl_paragraph(text: str) -> bool:
    """Whether a paragraph runs right to left: its first strong character is (UAX #9 rules P2, P3)."""
    from bidi import algorithm as uba

    return uba.get_base_level(text) == 1


def visual_order(run_levels: list[int]) -> list[int]:
    """Indices of runs in display order, by UAX #9 rule L2: from the highest level down to the
    lowest odd one, reverse every sequence of runs at that level or above."""
    order = list(range(len(run_levels)))
    if not run_levels:
        return order
    lowest_odd = min((lv for lv in run_levels if lv % 2), default=None)
    if lowest_odd is None:
        return order
    for level in range(max(run_levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if run_levels[order[i]] >= level:
                j = i
                while j < len(order) and run_levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order
