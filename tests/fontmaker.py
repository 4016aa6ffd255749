"""Small fonts made on the spot with fontTools' FontBuilder, so no big font is committed.

Each glyph is a filled box with a notch, 600 units wide, so a drawn character leaves ink
where an empty-box .notdef (an outline only) would not.
"""
from __future__ import annotations

import io

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

ADVANCE = 600
FIXED_DATE = 3_000_000_000  # seconds since 1904 (the font epoch): 1999


def _draw(pen, solid: bool) -> None:
    if not solid:  # .notdef: nothing
        return
    pen.moveTo((50, -100))
    pen.lineTo((550, -100))
    pen.lineTo((550, 700))
    pen.lineTo((50, 700))
    pen.closePath()


def make_font(chars: str, family: str = "Test Face", style: str = "Regular", cff: bool = False,
              fs_type: int = 0) -> bytes:
    """A font with one solid glyph per character of `chars` (and a space), TrueType or CFF outlines."""
    chars = "".join(dict.fromkeys(chars + " "))
    names = [f"uni{ord(c):04X}" for c in chars]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder([".notdef"] + names)
    fb.setupCharacterMap({ord(c): n for c, n in zip(chars, names)})
    metrics = {n: (ADVANCE, 50) for n in names}
    metrics[".notdef"] = (ADVANCE, 0)
    if cff:
        strings = {}
        for n in [".notdef"] + names:
            pen = T2CharStringPen(ADVANCE, None)
            _draw(pen, n != ".notdef" and n != "uni0020")
            strings[n] = pen.getCharString()
        fb.setupCFF(family.replace(" ", "") + "-" + style, {"FullName": f"{family} {style}"}, strings, {})
    else:
        glyphs = {}
        for n in [".notdef"] + names:
            pen = TTGlyphPen(None)
            _draw(pen, n != ".notdef" and n != "uni0020")
            glyphs[n] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    ps_name = family.replace(" ", "") + ("" if style == "Regular" else "-" + style)
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": ps_name})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, fsType=fs_type)
    fb.setupPost()
    fb.updateHead(created=FIXED_DATE, modified=FIXED_DATE)  # the same font every run
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()
