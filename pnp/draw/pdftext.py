"""A line of text as PDF operators, written without building a reportlab text object.

reportlab's `beginText` / `setFont` / `textOut` / `drawText` costs some 40 µs a string: it
copies canvas state, measures the string it is not asked to measure and formats through
several layers. A deck draws tens of thousands of short strings, so `text_operators` writes
the same operators itself, to the same bytes: the glyphs still go through reportlab's own
TrueType subsetting (`splitString`, `getSubsetInternalName`), so the fonts are embedded and
subset as before. Fonts that are not reportlab TrueType faces go the usual way (`None`).
"""
from __future__ import annotations

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont


def text_operators(doc, x: float, y: float, pieces, size: float) -> str | None:
    """`BT … ET` drawing `pieces` ((PDF font name, text) pairs) from (x, y) in a y-flipped text
    matrix, as a text object with `setTextTransform(1, 0, 0, -1, x, y)` and one `setFont(face,
    size)` + `textOut` per piece gives on a bottom-up canvas; None if a face is not a TrueType one."""
    code = ["BT 1 0 0 1 0 0 Tm", fp_str(1, 0, 0, -1, x, y) + " Tm"]
    tmpl = None
    for face, piece in pieces:
        font = getFont(face)
        if not font._dynamicFont or type(piece) is not str:  # a standard font, or shaped text
            return None
        if tmpl is None:  # the leading setFont gives by default: 1.2 times the size
            tmpl = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
        current = -1  # setFont forgets the subset: each piece names its font again
        for subset, chunk in font.splitString(piece, doc):
            if subset != current:
                code.append(f"{font.getSubsetInternalName(subset, doc)} {tmpl}")
                current = subset
            code.append(f"({escapePDF(chunk)}) Tj")
    code.append("ET")
    return " ".join(code)
