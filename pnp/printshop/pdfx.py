"""A print shop's PDF/X file from pnp's RGB one-face-per-page PDF of pieces, with pikepdf.

Each face of the RGB file (`pnp.render.pieces.pieces_printshop`) becomes a form placed on a page of the
shop's size: scaled to cover the product's trim (or its whole page, where that takes at most 1 % more),
centred, and where its own bleed still falls short of the shop's, its outermost sliver of art stretched
out to the page's edge (what a shop's guide means by
extending the art: a board drawn with no bleed gets the shop's bleed in its own edge colours). Then
every colour is made CMYK (`pnp.printshop.colour`): colour operators in every content stream, images,
shadings. A PDF/X-1a file may hold no transparency, so a page that has any is flattened: drawn as a
picture at the shop's resolution and converted the same way. Last come the PDF/X markers: the output
intent with the CMYK profile, `GTS_PDFXVersion`, `Trapped`, the dates and title, XMP metadata, and
TrimBox and BleedBox on every page.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from io import BytesIO

import pikepdf
from pikepdf import Array, Dictionary, Name, Operator

from pnp.printshop.colour import Cmyk
from pnp.render.pieces import edge_segments

X1A = "PDF/X-1a:2003"
X4 = "PDF/X-4"
FIXED_DATE = "D:20000101000000Z"  # the same bytes for the same game (as the rulebook does)
XMP_DATE = "2000-01-01T00:00:00Z"
# A face whose own bleed nearly covers the shop's (pnp's 3 mm for a shop's 1/8 in) is scaled up by at most
# this much more to fill it, rather than stretched: the trim then loses a tenth of a millimetre or two,
# far inside a cutter's tolerance, and the page draws the face once.
COVER_MORE = 0.01


@dataclass(frozen=True)
class Placement:
    """One page of the shop's file: which page of the RGB file, the piece's trim and bleed there, and
    the trim it is printed at (the product's, or its own)."""

    source_page: int
    width: float       # the piece's trim in the RGB file, points
    height: float
    bleed: float       # the piece's bleed in the RGB file
    trim_w: float      # the trim on the shop's page
    trim_h: float


def make_pdfx(source: bytes, placements: list[Placement], bleed: float, standard: str, cmyk: Cmyk,
              title: str, dpi: int = 300) -> bytes:
    """The PDF/X file (`standard` is X1A or X4) of `placements`, each page trim + `bleed` on every side."""
    pdf = pikepdf.open(BytesIO(source))
    forms = {}
    for p in placements:
        if p.source_page not in forms:
            page = pdf.pages[p.source_page]
            form = pdf.make_indirect(page.as_form_xobject())
            form.BBox = Array([float(v) for v in page.MediaBox])  # qpdf clips a page's form to its TrimBox
            forms[p.source_page] = form
    old = len(pdf.pages)
    for p in placements:
        _place(pdf, forms[p.source_page], p, bleed)
    for _ in range(old):
        del pdf.pages[0]
    flattened = _flatten_transparent_pages(pdf, cmyk, dpi) if standard == X1A else set()
    converter = _Converter(pdf, cmyk)
    converter.seen.update(flattened)  # already in the shop's CMYK
    for page in pdf.pages:
        converter.resources_and_content(page.obj)
    if standard == X1A:
        _drop_groups(pdf)
    _mark(pdf, standard, cmyk, title)
    out = BytesIO()
    version = "1.4" if standard == X1A else "1.6"
    pdf.save(out, deterministic_id=True, force_version=version, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.disable if standard == X1A else pikepdf.ObjectStreamMode.generate,
             stream_decode_level=pikepdf.StreamDecodeLevel.generalized, recompress_flate=False)
    return out.getvalue()


# --- placing the faces ---------------------------------------------------------------------------

def _place(pdf, form, p: Placement, bleed: float) -> None:
    pw, ph = p.trim_w + 2 * bleed, p.trim_h + 2 * bleed
    sw, sh = p.width + 2 * p.bleed, p.height + 2 * p.bleed
    s = max(p.trim_w / p.width, p.trim_h / p.height)
    covering = max(pw / sw, ph / sh)
    if covering / s - 1 <= COVER_MORE:  # a face with nearly enough bleed is enlarged a hair instead
        s = covering
    tx = pw / 2 - s * (p.bleed + p.width / 2)
    ty = ph / 2 - s * (p.bleed + p.height / 2)
    xs, ys = edge_segments(tx, s, sw, pw), edge_segments(ty, s, sh, ph)
    ops = []
    for xi, (xscale, xoff, x0, x1) in enumerate(xs):
        for yi, (yscale, yoff, y0, y1) in enumerate(ys):
            if xscale is None or yscale is None or (xi == 1 and yi == 1):
                continue
            ops.append(f"q {_n(x0)} {_n(y0)} {_n(x1 - x0)} {_n(y1 - y0)} re W n "
                       f"{_n(xscale)} 0 0 {_n(yscale)} {_n(xoff)} {_n(yoff)} cm /Face Do Q")
    ops.append(f"q {_n(s)} 0 0 {_n(s)} {_n(tx)} {_n(ty)} cm /Face Do Q")  # the face itself, last, on top
    page = pikepdf.Page(Dictionary(
        Type=Name.Page, MediaBox=_box(0, 0, pw, ph), BleedBox=_box(0, 0, pw, ph),
        TrimBox=_box(bleed, bleed, bleed + p.trim_w, bleed + p.trim_h),
        Resources=Dictionary(XObject=Dictionary(Face=form)),
        Contents=pdf.make_stream("\n".join(ops).encode())))
    pdf.pages.append(page)


def _box(x0, y0, x1, y1):
    return Array([round(x0, 4), round(y0, 4), round(x1, 4), round(y1, 4)])


def _n(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- transparency ----------------------------------------------------------------------------------

def has_transparency(obj, seen=None) -> bool:
    """Whether a page or form draws anything transparent: opacity below 1, a soft mask, a blend mode
    other than Normal, or an image with a soft mask (all forbidden in PDF/X-1a)."""
    seen = set() if seen is None else seen
    if obj.objgen != (0, 0):
        if obj.objgen in seen:
            return False
        seen.add(obj.objgen)
    res = obj.get("/Resources")
    if res is None:
        return False
    for gs in (res.get("/ExtGState") or {}).values():
        if transparent_state(gs):
            return True
    for x in (res.get("/XObject") or {}).values():
        if x.get("/Subtype") == Name.Image and x.get("/SMask") is not None:
            return True
        if x.get("/Subtype") == Name.Form and has_transparency(x, seen):
            return True
    for pat in (res.get("/Pattern") or {}).values():
        if pat.get("/PatternType") == 1 and has_transparency(pat, seen):
            return True
    return False


def transparent_state(gs) -> bool:
    for key in ("/CA", "/ca"):
        if key in gs and float(gs[key]) < 1:
            return True
    if "/SMask" in gs and gs["/SMask"] != Name("/None"):
        return True
    bm = gs.get("/BM")
    if bm is not None:
        names = [str(b) for b in bm] if isinstance(bm, Array) else [str(bm)]
        if any(n not in ("/Normal", "/Compatible") for n in names):
            return True
    return False


def _flatten_transparent_pages(pdf, cmyk: Cmyk, dpi: int) -> set:
    """Each page with transparency becomes one CMYK picture of itself (its text and lines too); returns the
    pictures made (each object's number and generation)."""
    flat = [i for i, page in enumerate(pdf.pages) if has_transparency(page.obj)]
    made = set()
    if not flat:
        return made
    import pypdfium2 as pdfium

    buffer = BytesIO()
    pdf.save(buffer, deterministic_id=True)
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        for i in flat:
            page = pdf.pages[i]
            box = [float(v) for v in page.obj.MediaBox]
            w, h = box[2] - box[0], box[3] - box[1]
            rgb = doc[i].render(scale=dpi / 72, may_draw_forms=True).to_pil().convert("RGB")
            picture = cmyk.image(rgb, black_text=True)
            image = pdf.make_indirect(pdf.make_stream(zlib.compress(picture.tobytes(), 6)))
            made.add(image.objgen)
            image.Type, image.Subtype = Name.XObject, Name.Image
            image.Width, image.Height = picture.width, picture.height
            image.ColorSpace, image.BitsPerComponent, image.Filter = Name.DeviceCMYK, 8, Name.FlateDecode
            page.obj.Resources = Dictionary(XObject=Dictionary(Flat=image))
            page.obj.Contents = pdf.make_stream(f"q {_n(w)} 0 0 {_n(h)} {_n(box[0])} {_n(box[1])} cm /Flat Do Q".encode())
    finally:
        doc.close()
    return made


def _drop_groups(pdf) -> None:
    """Transparency group dictionaries (which reportlab may leave on forms) have no place in PDF/X-1a."""
    for obj in pdf.objects:
        if isinstance(obj, (Dictionary, pikepdf.Stream)) and "/Group" in obj:
            del obj["/Group"]


# --- colours ----------------------------------------------------------------------------------------

RGB_OPS = {"rg": "k", "RG": "K"}
GRAY_OPS = {"g": "k", "G": "K"}


class _Converter:
    """Every content stream, image and shading reachable from the pages, RGB and grey made CMYK once."""

    def __init__(self, pdf, cmyk: Cmyk):
        self.pdf, self.cmyk, self.seen = pdf, cmyk, set()

    def _first(self, obj) -> bool:
        if obj.objgen == (0, 0):
            return True
        if obj.objgen in self.seen:
            return False
        self.seen.add(obj.objgen)
        return True

    def resources_and_content(self, obj) -> None:
        if not self._first(obj):
            return
        res = obj.get("/Resources")
        spaces = self._resources(res) if res is not None else {}
        self._content(pikepdf.Page(obj) if obj.get("/Type") == Name.Page else obj, spaces)

    def _resources(self, res) -> dict:
        """Converts what the resources hold; returns the named colour spaces it made CMYK ("rgb" or "gray")."""
        spaces, converted = res.get("/ColorSpace") or {}, {}
        for key in list(spaces.keys()):
            kind = _space_kind(spaces[key])
            if kind:
                converted[str(key)] = kind
                spaces[key] = Name.DeviceCMYK
        for x in (res.get("/XObject") or {}).values():
            if x.get("/Subtype") == Name.Form:
                self.resources_and_content(x)
                group = x.get("/Group")
                if group is not None and "/CS" in group:
                    group.CS = Name.DeviceCMYK
            elif x.get("/Subtype") == Name.Image and self._first(x):
                self._image(x)
        for sh in (res.get("/Shading") or {}).values():
            self._shading(sh)
        for pat in (res.get("/Pattern") or {}).values():
            if pat.get("/PatternType") == 1:
                self.resources_and_content(pat)
            elif "/Shading" in pat:
                self._shading(pat.Shading)
        for gs in (res.get("/ExtGState") or {}).values():
            mask = gs.get("/SMask")
            if isinstance(mask, Dictionary) and "/G" in mask:
                self.resources_and_content(mask.G)
        return converted

    def _content(self, target, spaces: dict) -> None:
        instructions = pikepdf.parse_content_stream(target)
        out, changed = [], False
        fill_kind = stroke_kind = None
        stack = []
        for operands, op in instructions:
            name = str(op)
            if name in RGB_OPS and len(operands) == 3:
                out.append((list(self.cmyk.colour(*map(float, operands))), Operator(RGB_OPS[name])))
                changed = True
                continue
            if name in GRAY_OPS and len(operands) == 1:
                out.append((list(self._grey(float(operands[0]))), Operator(GRAY_OPS[name])))
                changed = True
                continue
            if name in ("cs", "CS") and operands:
                kind = _space_kind(operands[0]) or spaces.get(str(operands[0]))
                if operands[0] in (Name.DeviceRGB, Name.DeviceGray):
                    operands = [Name.DeviceCMYK]
                    changed = True
                if name == "cs":
                    fill_kind = kind
                else:
                    stroke_kind = kind
            elif name in ("sc", "scn", "SC", "SCN") and (fill_kind if name.islower() else stroke_kind):
                numbers = [float(v) for v in operands if not isinstance(v, Name)]
                if (fill_kind if name.islower() else stroke_kind) == "rgb" and len(numbers) == 3:
                    operands = list(self.cmyk.colour(*numbers))
                elif len(numbers) == 1:
                    operands = list(self._grey(numbers[0]))
                changed = True
            elif name == "q":
                stack.append((fill_kind, stroke_kind))
            elif name == "Q" and stack:
                fill_kind, stroke_kind = stack.pop()
            out.append((operands, op))
        if changed:
            data = pikepdf.unparse_content_stream(out)
            if isinstance(target, pikepdf.Page):
                target.obj.Contents = self.pdf.make_stream(data)
            else:
                target.write(data)

    def _grey(self, v: float) -> tuple[float, float, float, float]:
        return self.cmyk.colour(v, v, v)

    def _image(self, x) -> None:
        """A picture through the profile: RGB and grey converted, CMYK separated again for the ink limit."""
        if x.get("/ImageMask") is True:
            return
        picture = pikepdf.PdfImage(x).as_pil_image()
        if picture.mode == "CMYK":
            converted = self.cmyk.cmyk_image(picture)
        else:
            converted = self.cmyk.image(picture.convert("RGB"))
        x.write(zlib.compress(converted.tobytes(), 6), filter=Name.FlateDecode)
        x.ColorSpace, x.BitsPerComponent = Name.DeviceCMYK, 8
        for key in ("/DecodeParms", "/Decode"):
            if key in x:
                del x[key]

    def _shading(self, sh) -> None:
        if not self._first(sh) or not (_is_rgb_space(sh.get("/ColorSpace")) or _is_gray_space(sh.get("/ColorSpace"))):
            return
        gray = _is_gray_space(sh.ColorSpace)
        sh.ColorSpace = Name.DeviceCMYK
        self._function(sh.get("/Function"), gray)

    def _function(self, fn, gray: bool) -> None:
        if fn is None:
            return
        if isinstance(fn, Array):
            for f in fn:
                self._function(f, gray)
            return
        if fn.get("/FunctionType") == 2:  # an exponential blend from C0 (default 0) to C1 (default 1)
            for key, default in (("/C0", 0.0), ("/C1", 1.0)):
                values = [float(v) for v in fn[key]] if key in fn else [default] * (1 if gray else 3)
                cmyk = list(self._grey(values[0]) if gray else self.cmyk.colour(*values))
                fn[key] = Array(cmyk)
        elif fn.get("/FunctionType") == 3:
            self._function(fn.get("/Functions"), gray)


def _is_rgb_space(space) -> bool:
    if space == Name.DeviceRGB or space == Name.CalRGB:
        return True
    if isinstance(space, Array) and len(space) > 1 and space[0] == Name.ICCBased:
        return int(space[1].get("/N", 0)) == 3
    return isinstance(space, Array) and len(space) > 0 and space[0] == Name.CalRGB


def _is_gray_space(space) -> bool:
    return space == Name.DeviceGray or (isinstance(space, Array) and len(space) > 1 and space[0] == Name.ICCBased
                                        and int(space[1].get("/N", 0)) == 1)


def _space_kind(space) -> str | None:
    return "rgb" if _is_rgb_space(space) else "gray" if _is_gray_space(space) else None


# --- the PDF/X markers ---------------------------------------------------------------------------------

def with_output_intent(data: bytes, cmyk: Cmyk) -> bytes:
    """A PDF (the proof's) carrying the shop's profile as its output intent, and nothing else of PDF/X."""
    pdf = pikepdf.open(BytesIO(data))
    _output_intent(pdf, cmyk)
    out = BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()


def _output_intent(pdf, cmyk: Cmyk) -> None:
    profile = pdf.make_stream(cmyk.profile)
    profile.N = 4
    condition = cmyk.condition
    intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=condition,
                        Info=cmyk.description, OutputCondition=cmyk.description, DestOutputProfile=profile)
    if condition != "Custom":
        intent.RegistryName = "http://www.color.org"
    pdf.Root.OutputIntents = Array([pdf.make_indirect(intent)])


def _mark(pdf, standard: str, cmyk: Cmyk, title: str) -> None:
    _output_intent(pdf, cmyk)
    info = Dictionary(Title=title, Producer="pnp", Creator="pnp", CreationDate=FIXED_DATE, ModDate=FIXED_DATE,
                      Trapped=Name("/False"), GTS_PDFXVersion=standard)
    pdf.trailer.Info = pdf.make_indirect(info)
    xmp = _XMP.format(title=_xml(title), date=XMP_DATE, version=standard,
                      id=_doc_id(title, standard)).encode("utf-8")
    meta = pdf.make_stream(xmp)
    meta.Type, meta.Subtype = Name.Metadata, Name.XML
    pdf.Root.Metadata = meta


def _doc_id(title: str, standard: str) -> str:
    import hashlib

    h = hashlib.sha256(f"{title}\n{standard}".encode()).hexdigest()
    return f"uuid:{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>pnp</xmp:CreatorTool>
   <pdf:Producer>pnp</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>{id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>{id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
