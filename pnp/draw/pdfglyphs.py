"""Shaped text into a PDF: glyph ids drawn through a Type 0 font, embedded as a subset, copied as the logical text.

reportlab draws text by character, through its own 256-glyph subsets, and a glyph HarfBuzz
chose (an Arabic letter's joined form, a ligature) often has no character of its own. So a
shaped run is drawn here by glyph id: each face used gets one Type 0 font per document
(Identity-H encoding, a CIDFontType2 whose CIDs are the font's glyph ids), its file subset with
fontTools to the glyphs drawn (ids kept, so a CID is the id HarfBuzz gave). Copy and paste gives
the text the reader wrote: the ToUnicode map gives each cluster's first glyph the characters of
its cluster, and glyphs are drawn in visual order, left to right, as PDF readers expect. A line
holding right-to-left text is given per-glyph copy text arranged for pdfium's reordering
(`pnp.draw.copytext`); a glyph whose copy text there is not its cluster's is drawn through a CID
of its own above the font's glyph ids, which the CIDToGIDMap sends to the same glyph. The font is
added to the document the way reportlab adds its own TrueType fonts (`delayedFonts`,
`addObjects` when the document is written), so pages and forms name it in the same shared font
resources.

A mark (an Arabic vowel sign; GDEF's mark class) is drawn as its outline, at the height HarfBuzz
puts it, while its glyph id stays in the line of text on the baseline, sent to an empty glyph by
the CIDToGIDMap: pdfium reads a glyph raised off the line (`Ts`), or alone in a text show of its
own, as a piece apart, and copied the words around it out of order; in the line, its character
copies in its place.
"""
from __future__ import annotations

import hashlib
import io
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc


class ShapedFont:
    """One face's Type 0 font in one document: the glyphs drawn and the text each stands for."""

    def __init__(self, face: str, internal: str):
        self.face = face
        self.fontName = internal  # what reportlab's font list keys by
        self.internal = internal
        self.text: dict[int, str] = {}  # CID → the characters it copies as (a glyph's own CID: its cluster's, first seen)
        self.marks: set[int] = set()  # marks drawn as outlines: their glyph ids draw nothing in the text
        self.glyph_of: dict[int, int] = {}  # a CID above the font's glyphs → the glyph it draws
        self._variant: dict[tuple[int, str], int] = {}  # (glyph, copy text) → its CID

    def cid(self, gid: int, text: str, own: str) -> int:
        """The CID drawing glyph `gid` and copying as `text`: the glyph's own CID when that is already
        its text, else one of its own above the font's glyph ids (a line arranged for copying,
        `pnp.draw.copytext`, gives a glyph other characters than its cluster's; the glyph's own CID
        keeps its cluster's text, `own`, for every other line)."""
        if self.text.get(gid) == text or (not self.text.get(gid) and text == own):
            self.text[gid] = text
            return gid
        found = self._variant.get((gid, text))
        if found is None:
            found = _glyph_count(self.face) + len(self._variant)
            if found > 0xFFFF:  # no CID left: the glyph copies as its own text
                return gid
            self._variant[(gid, text)] = found
            self.glyph_of[found] = gid
            self.text[found] = text
        return found

    def use(self, shaped, order) -> None:
        """Note the glyphs of `shaped`, in the order they are drawn: each cluster's first glyph
        stands for the cluster's characters."""
        for g, chars in zip(order, own_texts(shaped, order)):
            if not self.text.get(g.gid):
                self.text[g.gid] = chars

    def _cid_to_gid(self, doc):
        """`/Identity` (a CID is the glyph id HarfBuzz gave), or with marks drawn as outlines or CIDs
        of their own, the identity but for them: a mark sent to the empty glyph, a CID above the
        font's glyphs to the glyph it draws."""
        if not self.marks and not self.glyph_of:
            return "/Identity"
        empty = _empty_glyph(self.face)

        def glyph(cid: int) -> int:
            gid = self.glyph_of.get(cid, cid)
            return empty if gid in self.marks else gid
        table = b"".join(glyph(cid).to_bytes(2, "big") for cid in range(max(self.text) + 1))
        stream = pdfdoc.PDFStream(content=table)
        stream.filters = [pdfdoc.PDFZCompress]
        return doc.Reference(stream, f"shapedCIDToGID:{self.internal}")

    def addObjects(self, doc) -> None:  # noqa: N802 — reportlab's name
        from reportlab.pdfbase.pdfmetrics import getFont

        face = getFont(self.face).face
        cids = sorted(self.text)
        gids = sorted({self.glyph_of.get(c, c) for c in cids} | ({_empty_glyph(self.face)} if self.marks else set()))
        data = _subset(face._ttf_data, gids)
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(data).digest()[:6])
        base = f"{tag}+{face.name.decode('latin-1')}"
        font_file = pdfdoc.PDFStream(content=data)
        font_file.dictionary["Length1"] = len(data)
        font_file.filters = [] if _WHOLE.get() else [pdfdoc.PDFZCompress]  # a whole font kept in memory: not packed
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor", "Ascent": face.ascent, "CapHeight": face.capHeight,
            "Descent": face.descent, "Flags": 4, "FontBBox": pdfdoc.PDFArray(face.bbox),
            "FontName": pdfdoc.PDFName(base), "ItalicAngle": face.italicAngle, "StemV": face.stemV,
            "FontFile2": doc.Reference(font_file, f"shapedFile:{self.internal}")})
        scale = 1000.0 / face.unitsPerEm
        widths: list = []
        for cid in sorted(set(cids) | set(gids)):
            widths += [cid, pdfdoc.PDFArray([fp_str(_advance(self.face, self.glyph_of.get(cid, cid)) * scale)])]
        cid = pdfdoc.PDFDictionary({
            "Type": "/Font", "Subtype": "/CIDFontType2", "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary({"Registry": pdfdoc.PDFString("Adobe"),
                                                   "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}),
            "FontDescriptor": doc.Reference(descriptor, f"shapedDescriptor:{self.internal}"),
            "W": pdfdoc.PDFArray(widths), "CIDToGIDMap": self._cid_to_gid(doc)})
        cmap = pdfdoc.PDFStream(content=_to_unicode(self.text))
        cmap.filters = [pdfdoc.PDFZCompress]
        font = pdfdoc.PDFDictionary({
            "Type": "/Font", "Subtype": "/Type0", "BaseFont": pdfdoc.PDFName(base), "Encoding": "/Identity-H",
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid, f"shapedCID:{self.internal}")]),
            "ToUnicode": doc.Reference(cmap, f"shapedCMap:{self.internal}")})
        doc.Reference(font, self.internal)
        doc.idToObject["BasicFonts"].dict[self.internal] = font


def own_texts(shaped, order) -> list[str]:
    """What each glyph of `order` (drawn in that order) stands for by itself: a cluster's first
    glyph its characters, the others nothing."""
    from pnp.draw.bidiorder import mirror
    from pnp.draw.formatchars import visible

    clusters = sorted({g.cluster for g in shaped.glyphs})
    ends = {c: (clusters[i + 1] if i + 1 < len(clusters) else len(shaped.text)) for i, c in enumerate(clusters)}
    seen: set[int] = set()
    out = []
    for g in order:
        # a format character HarfBuzz removed joins the cluster before it: left out, or every later
        # use of that glyph would copy it too
        chars = visible(shaped.text[g.cluster:ends[g.cluster]]) if g.cluster not in seen else ""
        if shaped.rtl:
            # a reader turns an extracted right-to-left line round character by character and mirrors
            # its brackets: a ligature's characters are listed reversed, and a bracket HarfBuzz
            # mirrored as the bracket it looks like, so both come out as written
            chars = "".join(mirror(c) for c in reversed(chars))
        out.append(chars)
        seen.add(g.cluster)
    return out


@lru_cache(maxsize=16)
def _tt_font(face_name: str):
    """fontTools' view of a registered face's TrueType bytes (its marks and their outlines)."""
    from fontTools.ttLib import TTFont
    from reportlab.pdfbase.pdfmetrics import getFont

    return TTFont(io.BytesIO(getFont(face_name).face._ttf_data), lazy=True)


@lru_cache(maxsize=16)
def _glyph_count(face_name: str) -> int:
    """How many glyphs the face has: CIDs from here on are free for glyphs copying as other text."""
    return _tt_font(face_name)["maxp"].numGlyphs


@lru_cache(maxsize=16)
def _mark_glyphs(face_name: str) -> frozenset[int]:
    """The glyph ids GDEF puts in the mark class; none when the face has no empty glyph to send them
    to (then marks are drawn in the text, raised with `Ts`, as before)."""
    font = _tt_font(face_name)
    if _empty_glyph(face_name) is None or "GDEF" not in font or font["GDEF"].table.GlyphClassDef is None:
        return frozenset()
    classes = font["GDEF"].table.GlyphClassDef.classDefs
    return frozenset(font.getGlyphID(name) for name, cls in classes.items() if cls == 3)


@lru_cache(maxsize=16)
def _empty_glyph(face_name: str) -> int | None:
    """A glyph that draws nothing (the space's), or None."""
    from fontTools.pens.recordingPen import RecordingPen

    font = _tt_font(face_name)
    name = font.getBestCmap().get(0x20)
    if name is None:
        return None
    pen = RecordingPen()
    font.getGlyphSet()[name].draw(pen)
    return None if pen.value else font.getGlyphID(name)


@lru_cache(maxsize=4096)
def _outline(face_name: str, gid: int) -> str:
    """A glyph's outline as PDF path operators in font units, filled (nonzero, as TrueType draws)."""
    from fontTools.pens.basePen import BasePen

    class PDFPen(BasePen):
        def __init__(self, glyph_set):
            super().__init__(glyph_set)
            self.ops: list[str] = []

        def _moveTo(self, pt):  # noqa: N802 — fontTools' names
            self.ops.append(f"{fp_str(*pt)} m")

        def _lineTo(self, pt):  # noqa: N802
            self.ops.append(f"{fp_str(*pt)} l")

        def _curveToOne(self, p1, p2, p3):  # noqa: N802 — a quadratic arrives here as its cubic
            self.ops.append(f"{fp_str(*p1, *p2, *p3)} c")

        def _closePath(self):  # noqa: N802
            self.ops.append("h")

    font = _tt_font(face_name)
    glyph_set = font.getGlyphSet()
    pen = PDFPen(glyph_set)
    glyph_set[font.getGlyphName(gid)].draw(pen)
    return " ".join(pen.ops + ["f"]) if pen.ops else "n"


def _advance(face_name: str, gid: int) -> int:
    """A glyph's own advance in font units (its hmtx width), as HarfBuzz reads it."""
    from pnp.draw.shaping import hb_font

    return hb_font(face_name)[0].get_glyph_h_advance(gid)


_WHOLE: ContextVar[bool] = ContextVar("pnp_whole_fonts", default=False)


@contextmanager
def whole_fonts():
    """Inside, shaped text embeds its font whole, not cut to the glyphs it uses: for a build that is kept in
    memory and never written (`pnp validate`, `pnp check`), whose pages look the same either way and
    which then skips the cutting (two fifths of validating an edition). Files written are always cut."""
    token = _WHOLE.set(True)
    try:
        yield
    finally:
        _WHOLE.reset(token)


def _subset(data: bytes, gids: list[int]) -> bytes:
    """The font cut to these glyphs, ids kept (a CID is a glyph id), no layout tables (the text is shaped)."""
    if _WHOLE.get():
        return data
    return _subset_once(data, tuple(sorted(set(gids))))


@lru_cache(maxsize=128)  # a file drawn again with the same glyphs (a release's A4 and Letter builds) is cut once
def _subset_once(data: bytes, gids: tuple[int, ...]) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
    unused = ["FFTM", "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG", "morx", "kerx", "kern"]
    # deleted before subsetting, unread: fontTools' subsetter otherwise reads a font's whole layout
    # tables before it drops them (nine tenths of an Arabic and Japanese edition's build time)
    for tag in unused:
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.layout_features = []
    options.drop_tables += unused
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


def glyph_operators(doc, x: float, y: float, shaped, size: float, y_up: bool = False,
                    copy: list[str] | None = None) -> str:
    """`BT … ET` drawing a shaped run's glyphs from (x, y) (y down, as the surfaces draw; `y_up` on a
    reportlab canvas as platypus leaves it), each at
    HarfBuzz's position: the PDF advance is the glyph's own width, `TJ` numbers make up the rest.
    `copy`, one string a glyph in drawing order, is what each copies as (a line arranged for
    copying, `pnp.draw.copytext`); without it each cluster copies as its own characters."""
    font = shaped_font(doc, shaped.face)
    order = drawing_order(shaped)
    if copy is None:
        font.use(shaped, [g for g, _ in order])
        cids = [g.gid for g, _ in order]
    else:
        owns = own_texts(shaped, [g for g, _ in order])
        cids = [font.cid(g.gid, text, own) for (g, _), text, own in zip(order, copy, owns)]
    marks = _mark_glyphs(shaped.face)
    scale = size / shaped.upem
    up = scale if y_up else -scale  # the page's y points up, or down as the surfaces draw
    outlines: list[str] = []  # the marks, drawn after the text
    k = 1000.0 / shaped.upem  # font units → thousandths of an em
    code = ["BT", fp_str(1, 0, 0, 1 if y_up else -1, x, y) + " Tm", f"/{font.internal} {fp_str(size)} Tf"]
    items: list[str] = []
    rise = 0
    pen = 0  # where the PDF's pen is, in font units from x
    for (g, at), cid in zip(order, cids):
        if g.gid in marks:  # its outline where HarfBuzz puts it; its id in the line where the pen is, drawing nothing
            font.marks.add(g.gid)
            outlines.append(f"q {fp_str(scale, 0, 0, up, x + at * scale, y + g.dy * up)} cm "
                            f"{_outline(shaped.face, g.gid)} Q")
            items.append(f"<{cid:04X}>")  # touching the glyph before it: a gap would copy as a space
            pen += _advance(shaped.face, g.gid)
            continue
        if g.dy != rise:  # a mark raised or lowered: its own text show at its rise
            if items:
                code.append(f"[{' '.join(items)}] TJ")
                items = []
            rise = g.dy
            code.append(f"{fp_str(rise * size / shaped.upem)} Ts")
        if at != pen:  # a TJ number moves the pen left by that many thousandths of an em
            items.append(fp_str((pen - at) * k))
        items.append(f"<{cid:04X}>")
        pen = at + _advance(shaped.face, g.gid)
    if items:
        code.append(f"[{' '.join(items)}] TJ")
    if rise:
        code.append("0 Ts")
    code.append("ET")
    return " ".join(code + outlines)
