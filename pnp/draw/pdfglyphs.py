"""Shaped text into a PDF: glyph ids drawn through a Type 0 font, embedded as a subset, copied as the logical text.

reportlab draws text by character, through its own 256-glyph subsets, and a glyph HarfBuzz
chose (an Arabic letter's joined form, a ligature) often has no character of its own. So a
shaped run is drawn here by glyph id: each face used gets one Type 0 font per document
(Identity-H encoding, a CIDFontType2 whose CIDs are the font's glyph ids), its file subset with
fontTools to the glyphs drawn (ids kept, so a CID is the id HarfBuzz gave). Copy and paste gives
the text the reader wrote: the ToUnicode map gives each cluster's first glyph the characters of
its cluster, and glyphs are drawn in visual order, left to right, as PDF readers expect: they
apply the bidi algorithm to what they extract (pdfium turns a right-to-left run so drawn back
into its logical string). `/ActualText` is not used: pdfium reverses an ActualText string of a
right-to-left run a second time. The font is added to the document the way reportlab adds its
own TrueType fonts (`delayedFonts`, `addObjects` when the document is written), so pages and forms
name it in the same shared font resources.
"""
from __future__ import annotations

import hashlib
import io

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc


class ShapedFont:
    """One face's Type 0 font in one document: the glyphs drawn and the text each stands for."""

    def __init__(self, face: str, internal: str):
        self.face = face
        self.fontName = internal  # what reportlab's font list keys by
        self.internal = internal
        self.text: dict[int, str] = {}  # gid → the characters its cluster stands for (first one seen)

    def use(self, shaped, order) -> None:
        """Note the glyphs of `shaped`, in the order they are drawn: each cluster's first glyph
        stands for the cluster's characters."""
        seen: set[int] = set()
        clusters = sorted({g.cluster for g in shaped.glyphs})
        ends = {c: (clusters[i + 1] if i + 1 < len(clusters) else len(shaped.text)) for i, c in enumerate(clusters)}
        for g in order:
            if not self.text.get(g.gid):
                chars = shaped.text[g.cluster:ends[g.cluster]] if g.cluster not in seen else ""
                if shaped.rtl:
                    # a reader turns an extracted right-to-left line round character by character and
                    # mirrors its brackets (bidi): a ligature's characters are listed reversed, and a
                    # bracket HarfBuzz mirrored as the bracket it looks like, so both come out as written
                    from bidi.mirror import MIRRORED

                    chars = "".join(MIRRORED.get(c, c) for c in reversed(chars))
                self.text[g.gid] = chars
            seen.add(g.cluster)

    def addObjects(self, doc) -> None:  # noqa: N802 — reportlab's name
        from reportlab.pdfbase.pdfmetrics import getFont

        face = getFont(self.face).face
        gids = sorted(self.text)
        data = _subset(face._ttf_data, gids)
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(data).digest()[:6])
        base = f"{tag}+{face.name.decode('latin-1')}"
        font_file = pdfdoc.PDFStream(content=data)
        font_file.dictionary["Length1"] = len(data)
        font_file.filters = [pdfdoc.PDFZCompress]
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor", "Ascent": face.ascent, "CapHeight": face.capHeight,
            "Descent": face.descent, "Flags": 4, "FontBBox": pdfdoc.PDFArray(face.bbox),
            "FontName": pdfdoc.PDFName(base), "ItalicAngle": face.italicAngle, "StemV": face.stemV,
            "FontFile2": doc.Reference(font_file, f"shapedFile:{self.internal}")})
        scale = 1000.0 / face.unitsPerEm
        widths: list = []
        for gid in gids:
            widths += [gid, pdfdoc.PDFArray([fp_str(_advance(self.face, gid) * scale)])]
        cid = pdfdoc.PDFDictionary({
            "Type": "/Font", "Subtype": "/CIDFontType2", "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary({"Registry": pdfdoc.PDFString("Adobe"),
                                                   "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}),
            "FontDescriptor": doc.Reference(descriptor, f"shapedDescriptor:{self.internal}"),
            "W": pdfdoc.PDFArray(widths), "CIDToGIDMap": "/Identity"})
        cmap = pdfdoc.PDFStream(content=_to_unicode(self.text))
        cmap.filters = [pdfdoc.PDFZCompress]
        font = pdfdoc.PDFDictionary({
            "Type": "/Font", "Subtype": "/Type0", "BaseFont": pdfdoc.PDFName(base), "Encoding": "/Identity-H",
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid, f"shapedCID:{self.internal}")]),
            "ToUnicode": doc.Reference(cmap, f"shapedCMap:{self.internal}")})
        doc.Reference(font, self.internal)
        doc.idToObject["BasicFonts"].dict[self.internal] = font


def _advance(face_name: str, gid: int) -> int:
    """A glyph's own advance in font units (its hmtx width), as HarfBuzz reads it."""
    from pnp.draw.shaping import hb_font

    return hb_font(face_name)[0].get_glyph_h_advance(gid)


def _subset(data: bytes, gids: list[int]) -> bytes:
    """The font cut to these glyphs, ids kept (a CID is a glyph id), no layout tables (the text is shaped)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.layout_features = []
    options.drop_tables += ["FFTM", "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG", "morx", "kerx", "kern"]
    options.hinting = False
    options.name_IDs = []
    options.glyph_names = False
    sub = subset.Subsetter(options)
    sub.populate(gids=gids)
    sub.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _to_unicode(text: dict[int, str]) -> bytes:
    """A ToUnicode CMap from two-byte glyph ids to the characters each stands for."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    entries = [(gid, s) for gid, s in sorted(text.items()) if s]
    for start in range(0, len(entries), 100):
        chunk = entries[start:start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{gid:04X}> <{s.encode('utf-16-be').hex().upper()}>" for gid, s in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


def shaped_font(doc, face: str) -> ShapedFont:
    """This document's Type 0 font for `face`, made and listed with reportlab's fonts on first use."""
    fonts = doc.__dict__.setdefault("_pnp_shaped", {})
    font = fonts.get(face)
    if font is None:
        internal = f"PS{len(fonts) + 1}"
        font = fonts[face] = ShapedFont(face, internal)
        doc.fontMapping[f"shaped:{face}"] = "/" + internal
        doc.delayedFonts.append(font)
    return font


def drawing_order(shaped) -> list[tuple]:
    """(glyph, where it is drawn in font units from the run's left), in visual order, left to right:
    readers apply bidi to the text they extract, so a right-to-left run so drawn copies as written."""
    placed, pen = [], 0
    for g in shaped.glyphs:
        placed.append((g, pen + g.dx))
        pen += g.advance
    return placed


def glyph_operators(doc, x: float, y: float, shaped, size: float, y_up: bool = False) -> str:
    """`BT … ET` drawing a shaped run's glyphs from (x, y) (y down, as the surfaces draw; `y_up` on a
    reportlab canvas as platypus leaves it), each at
    HarfBuzz's position: the PDF advance is the glyph's own width, `TJ` numbers make up the rest."""
    font = shaped_font(doc, shaped.face)
    order = drawing_order(shaped)
    font.use(shaped, [g for g, _ in order])
    k = 1000.0 / shaped.upem  # font units → thousandths of an em
    code = ["BT", fp_str(1, 0, 0, 1 if y_up else -1, x, y) + " Tm", f"/{font.internal} {fp_str(size)} Tf"]
    items: list[str] = []
    rise = 0
    pen = 0  # where the PDF's pen is, in font units from x
    for g, at in order:
        if g.dy != rise:  # a mark raised or lowered: its own text show at its rise
            if items:
                code.append(f"[{' '.join(items)}] TJ")
                items = []
            rise = g.dy
            code.append(f"{fp_str(rise * size / shaped.upem)} Ts")
        if at != pen:  # a TJ number moves the pen left by that many thousandths of an em
            items.append(fp_str((pen - at) * k))
        items.append(f"<{g.gid:04X}>")
        pen = at + _advance(shaped.face, g.gid)
    if items:
        code.append(f"[{' '.join(items)}] TJ")
    if rise:
        code.append("0 Ts")
    code.append("ET")
    return " ".join(code)
