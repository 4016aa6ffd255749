"""The fonts pnp embeds: DejaVu (a Bitstream Vera derivative, free to embed), shipped in pnp/data/fonts.

Every name a spec may use maps to one TrueType file, registered once with
reportlab, so measuring and drawing use the same metrics in PDF and SVG.
"""
from __future__ import annotations

from functools import lru_cache

from pnp.paths import FONTS

from pnp.spec.fontnames import FONT_FILES  # noqa: E402  (the catalogue lives with the specs that name fonts)
# the bold and italic of each face, for **bold** and *italic* in text
STYLE_OF = {
    "sans": {"b": "sans-bold", "i": "sans-italic", "bi": "sans-bolditalic"},
    "sans-bold": {"b": "sans-bold", "i": "sans-bolditalic", "bi": "sans-bolditalic"},
    "sans-italic": {"b": "sans-bolditalic", "i": "sans-italic", "bi": "sans-bolditalic"},
    "condensed": {"b": "condensed", "i": "condensed", "bi": "condensed"},
    "serif": {"b": "serif-bold", "i": "serif-italic", "bi": "serif-bold"},
    "serif-bold": {"b": "serif-bold", "i": "serif-bold", "bi": "serif-bold"},
    "serif-italic": {"b": "serif-bold", "i": "serif-italic", "bi": "serif-bold"},
}
PDF_NAME = {name: "PNP-" + name for name in FONT_FILES}


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register a font with reportlab (once) and return its PDF font name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name not in FONT_FILES:
        raise KeyError(name)
    pdfmetrics.registerFont(TTFont(PDF_NAME[name], str(FONTS / FONT_FILES[name][0])))
    return PDF_NAME[name]


def register_all() -> None:
    for name in FONT_FILES:
        register(name)


@lru_cache(maxsize=20_000)
def text_width(text: str, font: str, size: float) -> float:
    """Width of a string in points, by the embedded font's own metrics."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, register(font), size)


@lru_cache(maxsize=None)
def ascent_descent(font: str) -> tuple[float, float]:
    """Ascent and (positive) descent per point of size."""
    from reportlab.pdfbase.pdfmetrics import getFont

    face = getFont(register(font)).face
    return face.ascent / 1000.0, -face.descent / 1000.0


def style_variant(font: str, bold: bool, italic: bool) -> str:
    if not (bold or italic):
        return font
    key = "bi" if bold and italic else ("b" if bold else "i")
    return STYLE_OF.get(font, STYLE_OF["sans"])[key]


@lru_cache(maxsize=None)
def _codepoints(font: str) -> frozenset[int]:
    """The characters a font has glyphs for, from its TrueType cmap."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return frozenset(getFont(register(font)).face.charToGlyph)


def missing_glyphs(text: str, font: str) -> str:
    """The characters of `text` that `font` cannot draw (each once, in order), line breaks and tabs aside.

    Such characters would print as empty boxes; callers warn with `describe_missing`.
    A fallback font would draw them with another face.
    """
    have = _codepoints(font)
    out: dict[str, None] = {}
    for ch in text:
        if ord(ch) not in have and ch not in "\n\r\t":
            out[ch] = None
    return "".join(out)


def describe_missing(chars: str, font: str, most: int = 8) -> str:
    """"font 'sans' has no glyph for U+65E5 '日', …" for a warning."""
    shown = ", ".join(f"U+{ord(c):04X} '{c}'" if c.isprintable() else f"U+{ord(c):04X}" for c in chars[:most])
    more = f" and {len(chars) - most} more" if len(chars) > most else ""
    return (f"font '{font}' has no glyph for {shown}{more}: they would print as empty boxes "
            f"(use a font that has them, or other characters)")
