"""Finding text that other drawing runs into, measured in the PDF.

What counts as an overlap (the definition the tests hold every bundled page to):

- **Drawing in a glyph's box.** Each character's tight ink box (pdfium's char box) is taken, shrunk
  by `SHRINK` points on every side for anti-aliasing at box edges; the page is then rendered with
  every text object made invisible. Inside each such box the picture must be one colour, within
  `SPREAD` of 255 in every channel: only a plain background may lie under a glyph. Any stroke,
  fill edge, dot or picture crossing the box, whether painted before the text (under it) or after
  it (over it), leaves two colours there and is reported. A background box the text sits on is
  allowed because it is one colour inside the glyph; the text running off that box is not, nor a
  clip edge cutting a glyph (a tile's edge through a word). The part of a box off the page is not
  measured (the print-margin tests keep ink off the page's outer 5 mm).
- **Text on text.** Two text objects (runs of one font, as the PDF draws them) whose boxes on the
  page share more than `TEXT_ON_TEXT` of the smaller box overprint each other. (Objects, not
  characters: pdfium's text page drops a character drawn over another, its fake-bold rule.)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

SCALE = 2.0  # pixels per point (144 dpi)
SHRINK = 0.4  # points taken off each side of a glyph box
SPREAD = 40  # largest channel difference inside a glyph box that is still "one colour"
TEXT_ON_TEXT = 0.25  # share of the smaller box two text objects may not overlap by
CELL = 24.0  # points: bucket size for the text-on-text search


@dataclass(frozen=True)
class Overlap:
    page: int  # 1-based
    char: str
    x_mm: float  # from the page's left edge
    y_mm: float  # from the page's top edge
    what: str

    def __str__(self):
        return f"page {self.page}: {self.char!r} at {self.x_mm:.1f} mm across, {self.y_mm:.1f} mm down: {self.what}"


def _glyphs(textpage):
    """(index, character, left, bottom, right, top) of every inked character, PDF points."""
    out = []
    for i in range(textpage.count_chars()):
        code = pdfium_c.FPDFText_GetUnicode(textpage, i)
        if code <= 32 or code == 0xFFFE:
            continue
        left, bottom, right, top = textpage.get_charbox(i)
        if right - left < 2 * SHRINK + 0.2 or top - bottom < 2 * SHRINK + 0.2:
            continue  # a dot or a hairline: nothing to measure inside
        out.append((i, chr(code), left, bottom, right, top))
    return out


def _text_boxes(page):
    """(left, bottom, right, top) on the page of every text object, forms included, in painting order."""
    matrices = {0: pdfium.PdfMatrix()}
    boxes = []
    for obj in page.get_objects(max_depth=32):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            matrices[obj.level + 1] = obj.get_matrix().multiply(matrices[obj.level])
        elif obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
            left, bottom, right, top = matrices[obj.level].on_rect(*obj.get_bounds())
            if right - left > 2 and top - bottom > 2:  # smaller: a space or a hairline, nothing to overprint
                boxes.append((left, bottom, right, top))
    return boxes


def _text_on_text(boxes):
    """Pairs of text boxes overlapping by more than TEXT_ON_TEXT of the smaller one (bucketed search)."""
    buckets: dict[tuple[int, int], list] = {}
    found = []
    for k, (left, bottom, right, top) in enumerate(boxes):
        seen = set()
        for bx in range(int(left // CELL), int(right // CELL) + 1):
            for by in range(int(bottom // CELL), int(top // CELL) + 1):
                for j in buckets.get((bx, by), ()):
                    if j in seen:
                        continue
                    seen.add(j)
                    l2, b2, r2, t2 = boxes[j]
                    w, h = min(right, r2) - max(left, l2), min(top, t2) - max(bottom, b2)
                    smaller = min((right - left) * (top - bottom), (r2 - l2) * (t2 - b2))
                    if w > 0 and h > 0 and w * h > TEXT_ON_TEXT * smaller:
                        found.append(((k, "text", left, bottom, right, top), "overprints other text"))
                buckets.setdefault((bx, by), []).append(k)
    return found


def overlaps(pdf) -> list[Overlap]:
    """Every glyph that other drawing or other text runs into, on every page of `pdf` (bytes or path)."""
    doc = pdfium.PdfDocument(pdf)
    found: list[Overlap] = []
    try:
        for number in range(len(doc)):
            page = doc[number]
            _, height = page.get_size()
            glyphs = _glyphs(page.get_textpage())
            if not glyphs:
                continue
            hits = _text_on_text(_text_boxes(page))
            for obj in page.get_objects(max_depth=32):
                if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                    pdfium_c.FPDFTextObj_SetTextRenderMode(obj, pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE)
            picture = page.render(scale=SCALE).to_pil().convert("RGB")
            for g in glyphs:
                _, _, left, bottom, right, top = g
                box = (math.ceil((left + SHRINK) * SCALE), math.ceil((height - top + SHRINK) * SCALE),
                       math.floor((right - SHRINK) * SCALE), math.floor((height - bottom - SHRINK) * SCALE))
                box = (max(box[0], 0), max(box[1], 0), min(box[2], picture.width), min(box[3], picture.height))
                if box[2] <= box[0] or box[3] <= box[1]:
                    continue  # nothing of it on the page (text a tile's clip hides)
                spread = max(hi - lo for lo, hi in picture.crop(box).getextrema())
                if spread > SPREAD:
                    hits.append((g, f"drawing under or over it ({spread}/255 apart)"))
            for (_, char, left, _, _, top), what in hits:
                found.append(Overlap(number + 1, char, left * 25.4 / 72, (height - top) * 25.4 / 72, what))
    finally:
        doc.close()
    return found
