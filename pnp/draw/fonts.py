"""The fonts pnp embeds: DejaVu (shipped in pnp/data/fonts, free to embed) and the game's own faces.

Every name a spec may use maps to one TrueType face registered with reportlab,
so measuring and drawing use the same metrics in PDF and SVG. Built-in names
register as `PNP-<name>`; a game's face (`pnp.models.fontfiles`) registers under a
name derived from its content hash, so the same name in two games can never mean
the same registration, and the same file always gives the same bytes.

Which face a name means is looked up through `pnp.models.fontnames.active()`, the
fonts of the game being drawn. With fallback fonts, a character the chosen face
lacks is drawn from the first fallback that has it: `runs` splits a string into
pieces by the face that draws each, and the surfaces draw piece by piece.
"""
from __future__ import annotations

import io
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Iterator

from pnp.draw.textcache import text_cache
from pnp.paths import FONTS

from pnp.models.fontnames import FONT_FILES, GameFace, active  # noqa: E402  (the catalogue lives with the specs)
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
# a game face's style → the style each text emphasis wants, best first
_GAME_STYLE = {
    "b": ("bold",), "i": ("italic",), "bi": ("bold-italic", "bold", "italic"),
}


def game_face(name: str) -> GameFace | None:
    """The active game's face of that name, if the name is one of the game's."""
    return active().faces.get(name)


def register(name: str) -> str:
    """Register a font with reportlab (once) and return its PDF font name."""
    face = game_face(name)
    if face is not None:
        return _register_game_face(face.digest, face.data)
    return _register_builtin(name)


@lru_cache(maxsize=None)
def _register_builtin(name: str) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name not in FONT_FILES:
        raise KeyError(name)
    pdfmetrics.registerFont(TTFont(PDF_NAME[name], str(FONTS / FONT_FILES[name][0])))
    return PDF_NAME[name]


@lru_cache(maxsize=256)
def _register_game_face(digest: str, data: bytes) -> str:
    """A game face under a name its content decides: registering it again is a no-op."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdf_name = "PNPG-" + digest[:20]
    if pdf_name not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(pdf_name, io.BytesIO(data))
        # reportlab shares one registration between fonts whose PostScript names agree: a game's face
        # named like a built-in, or like another game's different file, would borrow that one's glyphs.
        # Its own name plus its content hash keeps it apart (this is the BaseFont the PDF shows).
        font.face.name = font.face.name + b"-" + digest[:8].encode("ascii")
        pdfmetrics.registerFont(font)
    return pdf_name


def register_all() -> None:
    for name in FONT_FILES:
        register(name)
    for name in active().faces:
        register(name)


_CHAINS: dict[tuple[str, str], tuple[str, ...]] = {}


def chain(font: str) -> tuple[str, ...]:
    """The PDF names that may draw text set in `font`: the font itself, then the game's fallbacks.

    Remembered per font and font set (`GameFonts.key` names the faces and fallbacks): every
    piece of text asks, and registering is done the first time."""
    game_fonts = active()
    key = (font, game_fonts.key)
    found = _CHAINS.get(key)
    if found is None:
        first = register(font)
        rest = tuple(register(f) for f in game_fonts.fallback)
        found = _CHAINS[key] = (first,) + tuple(f for f in dict.fromkeys(rest) if f != first)
    return found


def runs(text: str, font: str) -> list[tuple[str, str]]:
    """(PDF font name, piece) pairs: each character in the first face of `chain(font)` that has it.

    A character no face has stays in the chosen face (it prints as a box; callers warn).
    """
    return list(_runs(text, chain(font)))


@text_cache(4096)  # bounded: a deck of 50,000 cards must not keep every string it drew
def _runs(text: str, faces: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    if len(faces) == 1:
        return ((faces[0], text),)
    out: list[list[str]] = []
    for ch in text:
        face = next((f for f in faces if ord(ch) in _codepoints(f)), faces[0])
        if out and out[-1][0] == face:
            out[-1][1] += ch
        else:
            out.append([face, ch])
    return tuple((f, t) for f, t in out)


def text_width(text: str, font: str, size: float) -> float:
    """Width of a string in points, by the embedded faces' own metrics (fallbacks included)."""
    return _width(text, chain(font), size)


def chain_width(text: str, faces: tuple[str, ...], size: float) -> float:
    """`text_width` for a font whose `chain` the caller has already looked up (text layout measures
    every word of a text in a few fonts: one look-up per font, not per word)."""
    return _width(text, faces, size)


@text_cache(4096)
def _width(text: str, faces: tuple[str, ...], size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(piece, face, size) for face, piece in _runs(text, faces))


def ascent_descent(font: str) -> tuple[float, float]:
    """Ascent and (positive) descent per point of size."""
    return _ascent_descent(register(font))


@lru_cache(maxsize=None)
def _ascent_descent(pdf_name: str) -> tuple[float, float]:
    from reportlab.pdfbase.pdfmetrics import getFont

    face = getFont(pdf_name).face
    return face.ascent / 1000.0, -face.descent / 1000.0


def emphasis(font: str) -> tuple[bool, bool]:
    """(bold, italic) of a font name: a game face's declared style, or a built-in's weight and
    style (`condensed` is a bold face though its name says nothing of it: an Arabic or Japanese run
    in a condensed box takes its script's bold face)."""
    face = game_face(font)
    if face is not None:
        return "bold" in face.style, "italic" in face.style
    if font in FONT_FILES:
        _, _, weight, style = FONT_FILES[font]
        return weight == "bold", style in ("italic", "oblique")
    return "bold" in font, "italic" in font


def style_variant(font: str, bold: bool, italic: bool) -> str:
    if not (bold or italic):
        return font
    key = "bi" if bold and italic else ("b" if bold else "i")
    face = game_face(font)
    if face is None:
        return STYLE_OF.get(font, STYLE_OF["sans"])[key]
    from pnp.models.fontnames import STYLES

    for style in _GAME_STYLE[key]:  # the family's own bold or italic, else the face itself
        name = face.family + STYLES[style]
        if name in active().faces:
            return name
    return font


@lru_cache(maxsize=None)
def _characters(pdf_name: str) -> frozenset[str]:
    """The characters a registered face has glyphs for, as characters (a whole string is checked in one call)."""
    return frozenset(map(chr, _codepoints(pdf_name)))


@lru_cache(maxsize=None)
def _codepoints(pdf_name: str) -> frozenset[int]:
    """The characters a registered face has glyphs for, from its TrueType cmap."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return frozenset(getFont(pdf_name).face.charToGlyph)


def missing_glyphs(text: str, font: str) -> str:
    """The characters of `text` that neither `font` nor any fallback can draw (each once, in order),
    line breaks and tabs aside. Such characters would print as empty boxes; callers warn with
    `describe_missing`."""
    return _missing_in(text, chain(font))


def describe_missing(chars: str, font: str, most: int = 8) -> str:
    """"font 'sans' has no glyph for U+65E5 '日', …" for a warning."""
    shown = ", ".join(f"U+{ord(c):04X} '{c}'" if c.isprintable() else f"U+{ord(c):04X}" for c in chars[:most])
    more = f" and {len(chars) - most} more" if len(chars) > most else ""
    fallback = active().fallback
    has = f"font '{font}' (nor its fallbacks {', '.join(fallback)})" if fallback else f"font '{font}'"
    hint = "a font that has them" if fallback else "a font that has them, `fallback_fonts:` in game.yaml"
    return (f"{has} has no glyph for {shown}{more}: they would print as empty boxes "
            f"(use {hint}, or other characters)")


def svg_face(font: str) -> tuple[str, str, str, GameFace | None]:
    """(CSS family, weight, style, the game face to embed or None) for drawing `font` in SVG."""
    face = game_face(font)
    if face is None:
        _, family, weight, style = FONT_FILES[font]
        return family, weight, style, None
    weight = "bold" if face.style in ("bold", "bold-italic") else "normal"
    style = "italic" if face.style in ("italic", "bold-italic") else "normal"
    return face.family, weight, style, face


@lru_cache(maxsize=64)
def subset_bytes(data: bytes, chars: str) -> bytes:
    """A TrueType face cut down to `chars` (for SVG embedding); the same input gives the same bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    options = subset.Options()
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.layout_features = ["*"]
    sub = subset.Subsetter(options)
    sub.populate(text=chars)
    sub.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def fallback_runs(text: str, font: str) -> list[tuple[str | None, str]]:
    """`runs` for markup that sets its own font: (None, piece) where `font` draws it, else (fallback PDF name, piece)."""
    if not active().fallback:
        return [(None, text)]
    first = register(font)
    return [(None if face == first else face, piece) for face, piece in runs(text, font)]


# -- what the surfaces drew without a glyph ------------------------------------------------------
# Card text is checked where it is laid out (a warning at the card). Other text (tokens, score sheets,
# boards, dice, labels) is drawn straight onto a surface; while a build records, the surfaces note
# here the characters no face could draw, and the build warns once per unit (`pnp.build`).
_DRAWN_MISSING: ContextVar[dict[str, dict[str, None]] | None] = ContextVar("pnp_drawn_missing", default=None)


@contextmanager
def recording_missing() -> Iterator[dict[str, dict[str, None]]]:
    """Collect {font: characters} drawn without a glyph by any surface inside the `with` block."""
    seen: dict[str, dict[str, None]] = {}
    token = _DRAWN_MISSING.set(seen)
    try:
        yield seen
    finally:
        _DRAWN_MISSING.reset(token)


def add_missing(found: dict[str, dict[str, None]]) -> None:
    """Add characters recorded inside another `recording_missing` (a worker's) to the current one."""
    seen = _DRAWN_MISSING.get()
    if seen is not None:
        for font, chars in found.items():
            seen.setdefault(font, {}).update(chars)


def note_drawn(text: str, font: str) -> None:
    """Called by the surfaces for every string they draw: remember characters no face has."""
    seen = _DRAWN_MISSING.get()
    if seen is None:
        return
    chars = _missing_in(text, chain(font))
    if chars:
        seen.setdefault(font, {}).update(dict.fromkeys(chars))


@text_cache(4096)
def _missing_in(text: str, faces: tuple[str, ...]) -> str:
    if _characters(faces[0]).issuperset(text):  # nearly always: the first face has every character
        return ""
    from pnp.draw.formatchars import invisible

    return "".join(dict.fromkeys(ch for ch in text if ch not in "\n\r\t" and not invisible(ch)
                                 and not any(ord(ch) in _codepoints(f) for f in faces)))
