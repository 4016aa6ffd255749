"""The preflight corpus: one-defect PDFs and good PDF/X files made WITHOUT pnp's writer — with
pikepdf (content streams written by hand), reportlab, Ghostscript's pdfwrite and cairo — each
defect at a known place, each named with the words preflight must give as its reason.

`build(folder)` writes them all and returns `(defects, goods)`: lists of `Case`. Deterministic
(no dates or ids that change) and fast (about two seconds, most of it Ghostscript).
"""
from __future__ import annotations

import glob
import io
import shutil
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, Stream

MEDIA = (198.0, 270.0)            # a poker card (2.5 x 3.5 in) with 1/8 in of bleed on every side
TRIM = (9.0, 9.0, 189.0, 261.0)
FIXED_DATE = "D:20260101000000Z"


@dataclass(frozen=True)
class Case:
    name: str
    path: Path
    shop: str          # the --shop it is checked against
    reason: str        # words the verdict must contain ("" for a good file)
    maker: str         # who wrote it: pikepdf, reportlab, ghostscript, cairo


def cmyk_profile() -> bytes:
    """A CMYK printer profile that is not pnp's: Ghostscript's own, else pnp's as a fallback."""
    found = sorted(glob.glob("/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc"))
    if found:
        return Path(found[-1]).read_bytes()
    from pnp.paths import package_data  # pragma: no cover — only where Ghostscript's profiles are absent
    return (package_data() / "icc" / "pnp-fogra39l-coated.icc").read_bytes()


def rgb_profile() -> bytes:
    found = sorted(glob.glob("/usr/share/ghostscript/*/iccprofiles/srgb.icc"))
    return Path(found[-1]).read_bytes()


XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion></rdf:Description>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>"""


def mark(pdf: pikepdf.Pdf, version: str | None = "PDF/X-1a:2003", *, conformance: str | None = None,
         intent: str | None = "cmyk", title: bool = True, trapped: bool = True, dates: bool = True,
         xmp: bool | None = None) -> None:
    """Make `pdf` claim a PDF/X part the way a PDF/X writer does (Info keys, output intent, XMP)."""
    info = Dictionary()
    if title:
        info.Title = "Corpus card"
    if trapped:
        info.Trapped = Name("/False")
    if dates:
        info.CreationDate = info.ModDate = FIXED_DATE
    if version:
        info.GTS_PDFXVersion = version
    if conformance:
        info.GTS_PDFXConformance = conformance
    pdf.trailer.Info = pdf.make_indirect(info)
    if intent:
        profile = pdf.make_stream(cmyk_profile() if intent == "cmyk" else rgb_profile())
        profile.N = 4 if intent == "cmyk" else 3
        pdf.Root.OutputIntents = Array([Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX,
                                                   OutputConditionIdentifier="CGATS TR 001",
                                                   DestOutputProfile=profile)])
    elif "/OutputIntents" in pdf.Root:
        del pdf.Root["/OutputIntents"]
    if xmp if xmp is not None else (version or "").startswith("PDF/X-4"):
        meta = pdf.make_stream(XMP.format(version=version).encode())
        meta.Type, meta.Subtype = Name.Metadata, Name.XML
        pdf.Root.Metadata = meta


def save(pdf: pikepdf.Pdf, path: Path, version: str = "1.4") -> Path:
    if "/ID" in pdf.trailer:
        del pdf.trailer["/ID"]   # a producer's own ID holds the time it ran: made again from the contents
    pdf.save(path, deterministic_id=True, force_version=version, compress_streams=True,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return path


def raw(content: bytes, resources: Dictionary | None = None, *, boxes: bool = True) -> pikepdf.Pdf:
    """A one-page PDF written with pikepdf alone: `content` drawn with `resources`."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=MEDIA)
    page = pdf.pages[0]
    if boxes:
        page.obj.TrimBox = Array(list(TRIM))
        page.obj.BleedBox = Array([0, 0, *MEDIA])
    page.obj.Resources = resources if resources is not None else Dictionary()
    page.obj.Contents = pdf.make_stream(content)
    return pdf


def image(pdf, width, height, space, bits, data: bytes, **extra) -> Stream:
    picture = pdf.make_stream(zlib.compress(data))
    picture.Type, picture.Subtype = Name.XObject, Name.Image
    picture.Width, picture.Height, picture.ColorSpace, picture.BitsPerComponent = width, height, space, bits
    picture.Filter = Name.FlateDecode
    for key, value in extra.items():
        picture[f"/{key}"] = value
    return picture


def jpeg(pdf, ink: tuple, *, inverted: bool = False, name: str = "Art", size=(300, 300)) -> None:
    """A CMYK JPEG as Pillow writes one (an Adobe JPEG, its values stored inverted) whose pixels
    print at `ink` (0–255 each) as a RIP reads them: the stored values, or with `inverted` their
    complement through a Decode of [1 0 1 0 1 0 1 0], as Photoshop's JPEGs are placed."""
    from PIL import Image

    stored = tuple(255 - v for v in ink) if inverted else ink
    picture = Image.new("CMYK", size, tuple(255 - v for v in stored))   # Pillow inverts as it saves
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=95)
    art = Stream(pdf, out.getvalue())
    art.Type, art.Subtype, art.Width, art.Height = Name.XObject, Name.Image, *size
    art.ColorSpace, art.BitsPerComponent, art.Filter = Name.DeviceCMYK, 8, Name.DCTDecode
    if inverted:
        art.Decode = Array([1, 0] * 4)
    xobjects = pdf.pages[0].Resources.get("/XObject") or Dictionary()
    xobjects[f"/{name}"] = art
    pdf.pages[0].Resources.XObject = xobjects


def form(pdf, content: bytes, resources=None, bbox=(0, 0, *MEDIA)) -> Stream:
    made = pdf.make_stream(content)
    made.Type, made.Subtype, made.BBox = Name.XObject, Name.Form, Array(list(bbox))
    made.Resources = resources if resources is not None else Dictionary()
    return made


def function4(pdf, program: bytes, domain, range_) -> Stream:
    made = pdf.make_stream(program)
    made.FunctionType, made.Domain, made.Range = 4, Array(domain), Array(range_)
    return made


def exponential(c0, c1) -> Dictionary:
    return Dictionary(FunctionType=2, Domain=Array([0, 1]), C0=Array(c0), C1=Array(c1), N=1)


# --- the one-defect files -----------------------------------------------------------------------------

def _one_page(folder: Path, name: str, content: bytes, resources=None, *, version="PDF/X-1a:2003",
              pdf_version="1.4", setup=None, **marks) -> Path:
    pdf = raw(content, resources)
    if setup is not None:
        setup(pdf)
    mark(pdf, version, **marks)
    return save(pdf, folder / f"{name}.pdf", pdf_version)


def _defects(folder: Path) -> list[Case]:
    cases: list[Case] = []

    def add(name, reason, shop="drivethrucards", maker="pikepdf", **kw):
        path = kw.pop("path", None) or _one_page(folder, name, **kw)
        cases.append(Case(name, path, shop, reason, maker))

    square = b"0 0 0 1 k 40 40 20 20 re f\n"
    add("rgb-fill", "50.0 mm from the left, 45.9 mm from the top: an RGB fill colour",
        content=square + b"1 0 0 rg 141.73 140 10 10 re f")
    add("rgb-stroke", "an RGB stroke colour: DriveThruCards prints CMYK only", content=b"0 0 1 RG 40 40 m 80 80 l S")

    def shading_pattern(pdf):
        shading = Dictionary(ShadingType=2, ColorSpace=Name.DeviceRGB, Coords=Array([0, 0, 100, 0]),
                             Function=exponential([1, 0, 0], [0, 0, 1]), Extend=Array([True, True]))
        pdf.pages[0].Resources.Pattern = Dictionary(P0=pdf.make_indirect(Dictionary(PatternType=2, Shading=shading)))
    add("rgb-gradient-pattern", "an RGB gradient: DriveThruCards prints CMYK only",
        content=b"/Pattern cs /P0 scn 20 20 100 100 re f", setup=shading_pattern)

    def sh(pdf):
        pdf.pages[0].Resources.Shading = Dictionary(Sh0=Dictionary(
            ShadingType=3, ColorSpace=Name.DeviceRGB, Coords=Array([50, 50, 0, 50, 50, 40]),
            Function=exponential([1, 1, 0], [0, 1, 0])))
    add("rgb-gradient-sh", "an RGB gradient", content=b"q 20 20 80 80 re W n /Sh0 sh Q", setup=sh)

    def tiling(pdf, colour=b"0 1 0 rg", paint=1):
        cell = pdf.make_stream(colour + b" 0 0 5 5 re f")
        cell.PatternType, cell.PaintType, cell.TilingType = 1, paint, 1
        cell.BBox, cell.XStep, cell.YStep, cell.Resources = Array([0, 0, 10, 10]), 10, 10, Dictionary()
        pdf.pages[0].Resources.Pattern = Dictionary(T0=cell)
    add("rgb-tiling-pattern", "an RGB fill colour", content=b"/Pattern cs /T0 scn 20 20 100 100 re f", setup=tiling)

    add("lab-fill", "a Lab colour: DriveThruCards prints CMYK only", content=b"/L cs 50 20 20 sc 30 30 40 40 re f",
        resources=Dictionary(ColorSpace=Dictionary(L=Array([Name.Lab, Dictionary(WhitePoint=Array([0.9505, 1, 1.089]))]))))

    def spot(pdf, alternate=Name.DeviceRGB, c1=(1, 0.8, 0)):
        sep = Array([Name.Separation, Name("/Gold"), alternate, exponential([0] * len(c1), list(c1))])
        pdf.pages[0].Resources.ColorSpace = Dictionary(S=sep)
    add("spot-rgb-alternate", "a spot colour (Gold) with an RGB colour as its alternate",
        content=b"/S cs 1 sc 30 30 40 40 re f", setup=spot)

    def devicen(pdf):
        names = Array([Name("/Gold"), Name("/Silver")])
        fn = function4(pdf, b"{ pop 0 exch 0 }", [0, 1, 0, 1], [0, 1, 0, 1, 0, 1])
        pdf.pages[0].Resources.ColorSpace = Dictionary(N=Array([Name.DeviceN, names, Name.DeviceRGB, fn]))
    add("devicen-rgb-alternate", "a DeviceN colour (Gold, Silver) with an RGB colour as its alternate",
        content=b"/N cs 1 1 sc 30 30 40 40 re f", setup=devicen)

    def annotation(pdf, colour=b"1 0 0 rg", rect=(50, 50, 100, 100)):
        look = form(pdf, colour + b" 0 0 50 50 re f", bbox=(0, 0, 50, 50))
        pdf.pages[0].obj.Annots = Array([pdf.make_indirect(Dictionary(
            Type=Name.Annot, Subtype=Name.Square, Rect=Array(list(rect)), F=4, AP=Dictionary(N=look)))])
    add("rgb-annotation", "17.6 mm from the left, 77.6 mm from the top: an RGB fill colour", shop="pdfx4",
        content=square, setup=annotation, version="PDF/X-4", pdf_version="1.6")
    add("annotation-in-trim", "an annotation (Square) inside the trim: PDF/X-1a allows none there",
        content=square, setup=lambda pdf: annotation(pdf, b"0 0 0 1 k"))

    def type3(pdf, glyph=b"1000 0 d0 0 1 0 rg 0 0 700 700 re f"):
        proc = pdf.make_stream(glyph)
        font = Dictionary(Type=Name.Font, Subtype=Name.Type3, FontBBox=Array([0, 0, 1000, 1000]),
                          FontMatrix=Array([0.001, 0, 0, 0.001, 0, 0]), FirstChar=65, LastChar=65,
                          Widths=Array([1000]), CharProcs=Dictionary(A=proc),
                          Encoding=Dictionary(Type=Name.Encoding, Differences=Array([65, Name.A])))
        pdf.pages[0].Resources.Font = Dictionary(F3=pdf.make_indirect(font))
    add("rgb-type3-glyph", "an RGB fill colour", content=b"0 0 0 1 k BT /F3 24 Tf 30 100 Td (A) Tj ET", setup=type3)

    add("ink-scn", "a colour of 330 % total ink (CMYK 100 100 100 30): DriveThruCards allows 240 %",
        content=b"/DeviceCMYK cs 1 1 1 0.3 scn 30 30 40 40 re f")

    def cmyk_shading(pdf):
        pdf.pages[0].Resources.Shading = Dictionary(Sh0=Dictionary(
            ShadingType=2, ColorSpace=Name.DeviceCMYK, Coords=Array([0, 0, 100, 0]),
            Function=exponential([0, 0, 0, 0], [1, 1, 1, 0.3])))
    add("ink-cmyk-shading", "a gradient reaching 330 % total ink", content=b"/Sh0 sh", setup=cmyk_shading)

    def picture(pdf, space=Name.DeviceCMYK, bits=8, data=None, size=(300, 300), name="Art", **extra):
        w, h = size
        if data is None:
            data = bytes([255, 255, 255, 77]) * (w * h)
        pdf.pages[0].Resources.XObject = Dictionary({f"/{name}": image(pdf, w, h, space, bits, data, **extra)})
    draw_art = b"q 72 0 0 72 40 40 cm /Art Do Q"   # 300 pixels over 1 in: 300 ppi
    add("ink-16-bit-image", "image Art has pixels of 330 % total ink", content=draw_art,
        setup=lambda pdf: picture(pdf, bits=16, data=(b"\xff\xff" * 3 + b"\x4c\xcc") * 90000))
    add("ink-8-bit-image", "image Art has pixels of 330 % total ink", content=draw_art, setup=picture)
    add("ink-1-bit-image", "image Art has pixels of 400 % total ink", content=draw_art,
        setup=lambda pdf: picture(pdf, bits=1, data=b"\xff" * (300 * 300 * 4 // 8)))
    add("ink-indexed-image", "image Art has pixels of 330 % total ink", content=draw_art,
        setup=lambda pdf: picture(pdf, Array([Name.Indexed, Name.DeviceCMYK, 1, pikepdf.String(b"\0\0\0\0\xff\xff\xff\x4d")]),
                                  data=bytes([0, 1] * 45000)))

    def predicted(pdf):
        """A CMYK picture compressed as PNG rows (Pillow's adaptive filters), as Acrobat and InDesign write them."""
        from PIL import Image

        w, h = 300, 300
        pixels = Image.new("RGBA", (w, h), (20, 30, 40, 10))
        pixels.putpixel((w - 1, h - 1), (255, 255, 255, 77))
        stream = io.BytesIO()
        pixels.save(stream, "PNG")
        data, at = stream.getvalue(), 8
        idat = b""
        while at < len(data):
            length = int.from_bytes(data[at:at + 4], "big")
            if data[at + 4:at + 8] == b"IDAT":
                idat += data[at + 8:at + 8 + length]
            at += 12 + length
        art = Stream(pdf, idat)
        art.Type, art.Subtype, art.Width, art.Height = Name.XObject, Name.Image, w, h
        art.ColorSpace, art.BitsPerComponent, art.Filter = Name.DeviceCMYK, 8, Name.FlateDecode
        art.DecodeParms = Dictionary(Predictor=15, Colors=4, BitsPerComponent=8, Columns=w)
        pdf.pages[0].Resources.XObject = Dictionary(Art=art)
    add("ink-png-predictor-image", "image Art has pixels of 330 % total ink", maker="pillow", content=draw_art,
        setup=predicted)

    add("ink-cmyk-jpeg", "image Art has pixels of 330 % total ink", maker="pillow", content=draw_art,
        setup=lambda pdf: jpeg(pdf, (255, 255, 255, 77)))

    def deep_spot(pdf, program=b"{ dup dup 0.3 mul }", name="Deep"):
        fn = function4(pdf, program, [0, 1], [0, 1, 0, 1, 0, 1, 0, 1])
        pdf.pages[0].Resources.ColorSpace = Dictionary(S=Array([Name.Separation, Name(f"/{name}"), Name.DeviceCMYK, fn]))
    add("ink-spot-calculator", "a colour of 330 % total ink (a spot colour (Deep))",
        content=b"/S cs 1 sc 30 30 40 40 re f", setup=lambda pdf: deep_spot(pdf, b"{ dup dup dup 0.3 mul }"))

    def sampled_spot(pdf):
        fn = pdf.make_stream(bytes([0, 0, 0, 0, 255, 255, 255, 77]))
        fn.FunctionType, fn.Domain, fn.Range = 0, Array([0, 1]), Array([0, 1] * 4)
        fn.Size, fn.BitsPerSample = Array([2]), 8
        pdf.pages[0].Resources.ColorSpace = Dictionary(S=Array([Name.Separation, Name("/Ruby"), Name.DeviceCMYK, fn]))
    add("ink-spot-sampled", "a colour of 330 % total ink (a spot colour (Ruby))",
        content=b"/S cs 1 sc 30 30 40 40 re f", setup=sampled_spot)
    add("ink-separation-image", "image Art has pixels of 330 % total ink", content=draw_art,
        setup=lambda pdf: (deep_spot(pdf, b"{ dup dup dup 0.3 mul }"),
                           picture(pdf, pdf.pages[0].Resources.ColorSpace.S, data=bytes([255]) * 90000)))
    add("registration-colour", "a colour of 400 % total ink", content=b"/R cs 1 sc 30 30 40 40 re f",
        resources=Dictionary(ColorSpace=Dictionary(R=Array([Name.Separation, Name.All, Name.DeviceCMYK,
                                                            exponential([0] * 4, [1] * 4)]))))
    add("rgb-image", "an RGB image (Art): DriveThruCards prints CMYK only", content=draw_art,
        setup=lambda pdf: picture(pdf, Name.DeviceRGB, data=bytes(3 * 90000)))

    def icc_rgb_image(pdf):
        icc = pdf.make_stream(rgb_profile())
        icc.N = 3
        picture(pdf, Array([Name.ICCBased, icc]), data=bytes(3 * 90000))
    add("icc-rgb-image", "an image in an ICC-based RGB colour (Art)", content=draw_art, setup=icc_rgb_image)

    def icc_cmyk(pdf):
        icc = pdf.make_stream(cmyk_profile())
        icc.N = 4
        pdf.pages[0].Resources.ColorSpace = Dictionary(C=Array([Name.ICCBased, icc]))
    add("icc-cmyk-in-x1a", "an ICC-based CMYK colour: PDF/X-1a allows only CMYK, grey and spot colours",
        content=b"/C cs 0 0 0 1 sc 30 30 40 40 re f", setup=icc_cmyk)
    add("calrgb-fill", "a CalRGB colour", content=b"/C cs 0.5 0.5 0.5 sc 30 30 40 40 re f",
        resources=Dictionary(ColorSpace=Dictionary(C=Array([Name.CalRGB, Dictionary(WhitePoint=Array([0.9505, 1, 1.089]))]))))
    add("rgb-inline-image", "an RGB inline image", content=b"q 20 0 0 20 30 30 cm BI /W 2 /H 2 /CS /RGB /BPC 8 ID "
        + bytes(12) + b" EI Q")

    def nested_forms(pdf):
        inner = form(pdf, b"0 1 0 rg 10 10 5 5 re f")
        outer = form(pdf, b"q 1 0 0 1 20 0 cm /In Do Q", Dictionary(XObject=Dictionary(In=inner)))
        pdf.pages[0].Resources.XObject = Dictionary(Out=outer)
    # 10 + 20 (outer) + 30 (page) = 60 pt from the left; 10 + 40 = 50 pt up
    add("rgb-in-nested-form", f"{60 / 72 * 25.4:.1f} mm from the left, {(270 - 50) / 72 * 25.4:.1f} mm from the top: an RGB fill colour",
        content=b"q 1 0 0 1 30 40 cm /Out Do Q", setup=nested_forms)

    def rgb_soft_mask(pdf):
        group = form(pdf, b"1 0 0 rg 0 0 198 270 re f")
        group.Group = Dictionary(S=Name.Transparency, CS=Name.DeviceRGB)
        pdf.pages[0].Resources.ExtGState = Dictionary(M=Dictionary(Type=Name.ExtGState, SMask=Dictionary(
            Type=Name.Mask, S=Name.Luminosity, G=group)))
    add("rgb-soft-mask", "in a soft mask, an RGB fill colour", shop="pdfx4", version="PDF/X-4", pdf_version="1.6",
        content=b"q /M gs 0 0 0 1 k 30 30 40 40 re f Q", setup=rgb_soft_mask)
    def rgb_group(pdf):
        pdf.pages[0].obj.Group = Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name.DeviceRGB)
    add("rgb-transparency-group", "page 1: a transparency group blending in an RGB colour", shop="pdfx4",
        version="PDF/X-4", pdf_version="1.6", content=square, setup=rgb_group)
    add("transparency-x1a", "page 1, 10.6 mm from the left, 84.7 mm from the top: transparency (opacity, a soft "
                            "mask or a blend mode): PDF/X-1a forbids it",
        content=b"q /A gs 0 0 0 1 k 30 30 40 40 re f Q",
        resources=Dictionary(ExtGState=Dictionary(A=Dictionary(Type=Name.ExtGState, ca=0.5))))
    add("soft-mask-image-x1a", "an image with a soft mask (Art): PDF/X-1a forbids transparency", content=draw_art,
        setup=lambda pdf: picture(pdf, data=bytes(4 * 90000), SMask=image(pdf, 300, 300, Name.DeviceGray, 8, bytes(90000))))
    add("font-not-embedded", "page 1, 10.6 mm from the left, 60.0 mm from the top: the font Helvetica is not embedded", content=b"0 0 0 1 k BT /F1 12 Tf 30 100 Td (Hi) Tj ET",
        resources=Dictionary(Font=Dictionary(F1=Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))))
    add("low-resolution", "image Art prints at 30 ppi where it is placed", content=b"q 720 0 0 720 0 0 cm /Art Do Q",
        setup=lambda pdf: picture(pdf, data=bytes(4 * 90000)))
    add("not-pdfx", "not a PDF/X file (no GTS_PDFXVersion): DriveThruCards asks for PDF/X-1a:2003",
        content=square, version=None)
    add("wrong-part", "it is PDF/X-4; DriveThruCards asks for PDF/X-1a:2003", content=square, version="PDF/X-4",
        pdf_version="1.6")
    add("pdf17-claiming-x4", "PDF 1.7: PDF/X-4 files are PDF 1.6 at most", shop="pdfx4", content=square,
        version="PDF/X-4", pdf_version="1.7")
    add("pdf15-claiming-x1a", "PDF 1.5: PDF/X-1a:2003 files are PDF 1.4 at most", content=square, pdf_version="1.5")
    add("x1-without-conformance", "GTS_PDFXVersion PDF/X-1:2001 without GTS_PDFXConformance PDF/X-1a:2001",
        content=square, version="PDF/X-1:2001", pdf_version="1.3")
    add("conformance-disagrees", "GTS_PDFXConformance says PDF/X-3:2002 but GTS_PDFXVersion says PDF/X-1a:2003",
        content=square, conformance="PDF/X-3:2002")
    add("no-output-intent", "no PDF/X output intent", content=square, intent=None)
    add("rgb-output-intent", "the output intent's profile is not a CMYK profile", content=square, intent="rgb")
    add("no-trapped", "Trapped is not set to True or False", content=square, trapped=False)
    add("no-title", "no document title (PDF/X requires one)", content=square, title=False)
    add("no-dates", "no creation or modification date", content=square, dates=False)
    add("x4-without-xmp", "no XMP metadata naming the PDF/X version", shop="pdfx4", content=square,
        version="PDF/X-4", pdf_version="1.6", xmp=False)

    def no_trim(pdf):
        del pdf.pages[0].obj["/TrimBox"]
    add("no-trim-box", "page 1: no TrimBox", content=square, setup=no_trim)

    def thin_bleed(pdf):
        mm = 72 / 25.4
        pdf.pages[0].obj.BleedBox = Array([9 - mm, 9 - mm, 189 + mm, 261 + mm])
    add("thin-bleed", "bleed 1.0 mm on the left (3 other sides short too)", content=square, setup=thin_bleed)

    def odd_trim(pdf):
        pdf.pages[0].obj.TrimBox = Array([9, 9, 179, 179])
    add("odd-trim", "the trim is 60.0 × 60.0 mm, no DriveThruCards product", content=square, setup=odd_trim)

    good = folder / "base-for-truncation.pdf"
    _one_page(folder, "base-for-truncation", square)
    whole = good.read_bytes()
    (folder / "truncated.pdf").write_bytes(whole[:-100])             # its trailer lost: qpdf rebuilds it
    add("truncated", "the file is damaged (cut short or corrupted)", path=folder / "truncated.pdf")
    (folder / "cut-in-half.pdf").write_bytes(whole[: len(whole) // 2])  # nothing left to rebuild
    add("cut-in-half", "is damaged beyond repair", path=folder / "cut-in-half.pdf")

    def self_based(pdf):
        space = pdf.make_indirect(Array([Name.Indexed, Name.DeviceCMYK, 0, pikepdf.String(b"\0\0\0\0")]))
        space[1] = space
        pdf.pages[0].Resources.ColorSpace = Dictionary(X=space)
    add("space-based-on-itself", "a colour space based on itself", content=b"/X cs 0 sc 30 30 40 40 re f",
        setup=self_based)

    def self_drawing(pdf):
        me = form(pdf, b"/Me Do\n" * 1000)
        me.Resources = Dictionary(XObject=Dictionary(Me=me))
        pdf.pages[0].Resources.XObject = Dictionary(Me=me)
    add("form-draws-itself", "a form that draws itself", content=b"/Me Do", setup=self_drawing)

    # other producers: reportlab (RGB text colour), Ghostscript (RGB from PostScript), cairo (RGB gradient)
    add("reportlab-rgb", "an RGB fill colour", maker="reportlab", path=_reportlab(folder / "reportlab-rgb.pdf", rgb=True))
    made = _ghostscript(folder / "gs-rgb.pdf", b"0.2 0.6 0.3 setrgbcolor 30 30 100 100 rectfill", cmyk=False)
    if made:
        add("ghostscript-rgb", "an RGB fill colour", maker="ghostscript", path=made)
    made = _ghostscript_pdfx(folder / "ghostscript-pdfx3.pdf")
    if made:
        add("ghostscript-pdfx3", "it is PDF/X-3:2002; DriveThruCards asks for PDF/X-1a:2003", maker="ghostscript",
            path=made)
    made = _cairo(folder / "cairo-gradient.pdf")
    if made:
        add("cairo-rgb-gradient", "an RGB gradient", maker="cairo", path=made)
    made = _cairo(folder / "cairo-group.pdf", gradient=False, keep_group=True, version="PDF/X-4")
    if made:
        add("cairo-rgb-page-group", "a transparency group blending in an RGB colour", shop="pdfx4", maker="cairo",
            path=made)
    return cases


def deep_chain(folder: Path, depth: int = 3000) -> Path:
    """A chain of `depth` Indexed colour spaces, each based on the next."""
    pdf = raw(b"/X cs 0 sc 30 30 40 40 re f")
    space = Name.DeviceCMYK
    for _ in range(depth):
        space = pdf.make_indirect(Array([Name.Indexed, space, 0, pikepdf.String(b"\0\0\0\0")]))
    pdf.pages[0].Resources.ColorSpace = Dictionary(X=space)
    mark(pdf)
    return save(pdf, folder / "deep-chain.pdf")


def inflating(folder: Path, operators: int = 20_000_000) -> Path:
    """A page whose content is a few tens of kilobytes that inflates to `operators` operators."""
    pdf = raw(b"")
    squeezer = zlib.compressobj(9)
    piece = b"n\n" * (1 << 20)
    packed = b"".join(squeezer.compress(piece) for _ in range(operators // (1 << 20))) + squeezer.flush()
    stream = Stream(pdf, packed)
    stream.Filter = Name.FlateDecode
    pdf.pages[0].obj.Contents = stream
    mark(pdf)
    pdf.save(folder / "inflating.pdf", deterministic_id=True, force_version="1.4", compress_streams=False,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return folder / "inflating.pdf"


def huge_picture(folder: Path, width: int = 8000, height: int = 7000, draws: int = 100) -> Path:
    """A 56-megapixel CMYK picture drawn `draws` times; its last row holds a 330 % pixel."""
    pdf = raw(b"".join(b"q 180 0 0 252 9 9 cm /Big Do Q\n" for _ in range(draws)))
    squeezer = zlib.compressobj(9)
    row = bytes(4 * width)
    packed = [squeezer.compress(row * 64) for _ in range((height - 1) // 64)]
    packed.append(squeezer.compress(row * ((height - 1) % 64)))
    packed.append(squeezer.compress(bytes([255, 255, 255, 77]) + bytes(4 * (width - 1))))
    packed.append(squeezer.flush())
    big = Stream(pdf, b"".join(packed))
    big.Type, big.Subtype, big.Width, big.Height = Name.XObject, Name.Image, width, height
    big.ColorSpace, big.BitsPerComponent, big.Filter = Name.DeviceCMYK, 8, Name.FlateDecode
    pdf.pages[0].Resources.XObject = Dictionary(Big=big)
    mark(pdf)
    pdf.save(folder / "huge-picture.pdf", deterministic_id=True, force_version="1.4", compress_streams=False,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return folder / "huge-picture.pdf"


# --- good files from other producers -------------------------------------------------------------------

def _goods(folder: Path) -> list[Case]:
    cases: list[Case] = []

    def add(name, path, shop="drivethrucards", maker="pikepdf"):
        cases.append(Case(name, path, shop, "", maker))

    add("reportlab-x1a", _reportlab(folder / "reportlab-x1a.pdf"), maker="reportlab")
    add("reportlab-x4", _reportlab(folder / "reportlab-x4.pdf", version="PDF/X-4"), shop="pdfx4", maker="reportlab")
    square = b"0.1 0.2 0.3 0.4 k 20 20 150 200 re f\n"
    add("no-bleed-box", _one_page(folder, "no-bleed-box", square,
                                  setup=lambda pdf: pdf.pages[0].obj.__delitem__("/BleedBox")))
    add("art-box-for-trim", _one_page(folder, "art-box-for-trim", square, setup=_art_box))
    add("x1a-2001", _one_page(folder, "x1a-2001", square, version="PDF/X-1:2001", conformance="PDF/X-1a:2001",
                              pdf_version="1.3"))

    def mixed(pdf):
        sep = Array([Name.Separation, Name("/Gold"), Name.DeviceCMYK, exponential([0] * 4, [0, 0.2, 0.9, 0])])
        shading = Dictionary(ShadingType=2, ColorSpace=Name.DeviceCMYK, Coords=Array([0, 0, 100, 0]),
                             Function=exponential([0, 0, 0, 0], [0.6, 0.6, 0.6, 0.4]))
        data = (b"\xcc\xcc" * 3 + b"\x33\x33") * 90000   # 16 bits: 80 80 80 20 = 260 %, under PDF/X-4's 300
        table = pikepdf.String(bytes([0, 0, 0, 255, 200, 0, 0, 0]))
        res = pdf.pages[0].Resources
        res.ColorSpace = Dictionary(S=sep)
        res.Shading = Dictionary(Sh=shading)
        res.XObject = Dictionary(Deep=image(pdf, 300, 300, Name.DeviceCMYK, 16, data),
                                 Ix=image(pdf, 300, 300, Array([Name.Indexed, Name.DeviceCMYK, 1, table]), 8,
                                          bytes([0, 1] * 45000)))
    add("x4-spot-gradient-16-bit", _one_page(
        folder, "x4-spot-gradient-16-bit", b"/S cs 1 sc 20 20 50 50 re f q 20 20 100 100 re W n /Sh sh Q "
        b"q 72 0 0 72 40 40 cm /Deep Do Q q 72 0 0 72 40 120 cm /Ix Do Q", setup=mixed, version="PDF/X-4",
        pdf_version="1.6"), shop="pdfx4")

    def glyph_and_annotation(pdf):
        proc = pdf.make_stream(b"1000 0 0 0 1000 1000 d1 1 0 0 rg 0 0 700 700 re f")   # d1: its colour is ignored
        font = Dictionary(Type=Name.Font, Subtype=Name.Type3, FontBBox=Array([0, 0, 1000, 1000]),
                          FontMatrix=Array([0.001, 0, 0, 0.001, 0, 0]), FirstChar=65, LastChar=65,
                          Widths=Array([1000]), CharProcs=Dictionary(A=proc),
                          Encoding=Dictionary(Type=Name.Encoding, Differences=Array([65, Name.A])))
        pdf.pages[0].Resources.Font = Dictionary(F3=font)
        look = form(pdf, b"1 0 0 rg 0 0 5 5 re f", bbox=(0, 0, 5, 5))  # outside the trim: not printed on the piece
        pdf.pages[0].obj.Annots = Array([Dictionary(Type=Name.Annot, Subtype=Name.Square,
                                                    Rect=Array([1, 1, 6, 6]), F=4, AP=Dictionary(N=look))])
    add("uncoloured-glyph-annotation-in-slug", _one_page(
        folder, "uncoloured-glyph-annotation-in-slug", b"0 0 0 1 k BT /F3 24 Tf 30 100 Td (A) Tj ET",
        setup=glyph_and_annotation))
    add("photoshop-style-jpeg", _one_page(folder, "photoshop-style-jpeg", b"q 72 0 0 72 40 40 cm /Art Do Q",
                                          setup=lambda pdf: jpeg(pdf, (40, 200, 120, 30), inverted=True)),
        maker="pillow")
    for name, postscript in (
            ("ghostscript-shapes", b"0.1 0.5 0.9 0 setcmykcolor 20 20 150 200 rectfill "
                                   b"0 0 0 1 setcmykcolor 4 setlinewidth 30 30 moveto 160 240 lineto stroke"),
            ("ghostscript-text", b"/Times-Roman findfont 24 scalefont setfont 0 0 0 1 setcmykcolor "
                                 b"30 120 moveto (Corpus) show"),
            ("ghostscript-gradient", b"<< /ShadingType 2 /ColorSpace /DeviceCMYK /Coords [20 0 170 0] "
                                     b"/Function << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0.7 0.3 0 0.5] "
                                     b"/N 1 >> >> shfill")):
        made = _ghostscript(folder / f"{name}.pdf", postscript, cmyk=True)
        if made:
            add(name, made, maker="ghostscript")
    made = _ghostscript_pdfx(folder / "ghostscript-pdfx-as-x1a.pdf", version="PDF/X-1a:2003")
    if made:
        add("ghostscript-pdfx-as-x1a", made, maker="ghostscript")
    made = _ghostscript(folder / "ghostscript-x4.pdf", b"0 0.4 0.8 0.1 setcmykcolor 20 20 150 200 rectfill",
                        cmyk=True, version="PDF/X-4")
    if made:
        add("ghostscript-x4", made, shop="pdfx4", maker="ghostscript")
    return cases


def _art_box(pdf):
    page = pdf.pages[0].obj
    page.ArtBox = page.TrimBox
    del page["/TrimBox"]


def _reportlab(path: Path, *, rgb: bool = False, version: str = "PDF/X-1a:2003") -> Path:
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=MEDIA, invariant=1)
    c.setTrimBox(TRIM)
    c.setBleedBox((0, 0, *MEDIA))
    c.setFillColorCMYK(0.2, 0.1, 0.0, 0.0)
    c.rect(0, 0, *MEDIA, fill=1, stroke=0)
    if rgb:
        c.setFillColorRGB(0.8, 0.1, 0.1)
    else:
        c.setFillColorCMYK(0.0, 0.9, 0.8, 0.1)
    c.circle(99, 135, 60, fill=1, stroke=0)
    c.setStrokeColorCMYK(0, 0, 0, 1)
    c.line(20, 20, 178, 250)
    c.showPage()
    c.save()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        mark(pdf, version)
        save(pdf, path, "1.6" if version == "PDF/X-4" else "1.4")
    return path


def _ghostscript(path: Path, postscript: bytes, *, cmyk: bool, version: str = "PDF/X-1a:2003") -> Path | None:
    """A card drawn in PostScript and written by Ghostscript's pdfwrite (CMYK kept as CMYK), its
    boxes and PDF/X markers then set with pikepdf."""
    gs = shutil.which("gs")
    if gs is None:  # pragma: no cover — Ghostscript is installed wherever the suite runs
        return None
    source = b"%!PS\n<< /PageSize [198 270] >> setpagedevice\n" + postscript + b"\nshowpage\n"
    args = [gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-dCompatibilityLevel=1.4",
            "-dAutoRotatePages=/None", f"-sOutputFile={path}"]
    if cmyk:
        args += ["-dPDFSETTINGS=/prepress", "-sColorConversionStrategy=LeaveColorUnchanged"]
    subprocess.run(args + ["-"], input=source, check=True, capture_output=True)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[0].obj
        page.TrimBox, page.BleedBox = Array(list(TRIM)), Array([0, 0, *MEDIA])
        if "/Metadata" in pdf.Root:
            del pdf.Root["/Metadata"]
        mark(pdf, version)
        save(pdf, path, "1.6" if version == "PDF/X-4" else "1.4")
    return path


def _ghostscript_pdfx(path: Path, version: str | None = None) -> Path | None:
    """Ghostscript's own PDF/X output (`-dPDFX`: PDF/X-3:2002, CMYK, its output intent and boxes set by
    pdfmarks, as Ghostscript's PDFX_def.ps does). Only its dates and ID are fixed afterwards, so
    the corpus is the same on every run; with `version`, the file then claims that part instead."""
    gs = shutil.which("gs")
    if gs is None:  # pragma: no cover — Ghostscript is installed wherever the suite runs
        return None
    profile = path.with_suffix(".icc")
    profile.write_bytes(cmyk_profile())
    source = f"""%!PS
<< /PageSize [198 270] >> setpagedevice
[ /GTS_PDFXVersion (PDF/X-3:2002) /Title (Corpus card) /Trapped /False /DOCINFO pdfmark
[/_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[{{icc_PDFX}} << /N 4 >> /PUT pdfmark
[{{icc_PDFX}} ({profile}) (r) file /PUT pdfmark
[/_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[{{OutputIntent_PDFX}} << /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (CGATS TR 001)
  /DestOutputProfile {{icc_PDFX}} >> /PUT pdfmark
[{{Catalog}} << /OutputIntents [ {{OutputIntent_PDFX}} ] >> /PUT pdfmark
[ /TrimBox [{' '.join(f'{v:g}' for v in TRIM)}] /BleedBox [0 0 {MEDIA[0]:g} {MEDIA[1]:g}] /PAGE pdfmark
0.1 0.5 0.9 0 setcmykcolor 20 20 150 200 rectfill 0 0 0 1 setcmykcolor 30 30 moveto 160 240 lineto stroke
showpage
""".encode()
    subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", f"--permit-file-read={profile}", "-dPDFX",
                    "-sDEVICE=pdfwrite", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
                    f"-sOutputFile={path}", "-"], input=source, check=True, capture_output=True)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.docinfo["/CreationDate"] = pdf.docinfo["/ModDate"] = FIXED_DATE
        if version:
            pdf.docinfo["/GTS_PDFXVersion"] = version
        if "/Metadata" in pdf.Root:
            del pdf.Root["/Metadata"]
        if "/ID" in pdf.trailer:
            del pdf.trailer["/ID"]
        pdf.save(path, deterministic_id=True, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return path


def _cairo(path: Path, *, gradient: bool = True, keep_group: bool = False,
           version: str = "PDF/X-1a:2003") -> Path | None:
    """A page as cairo writes it — an RGB gradient (a shading pattern), or nothing but the page's
    RGB transparency group — its boxes and markers set with pikepdf."""
    try:
        import cairocffi as cairo
    except (ImportError, OSError):
        return None
    surface = cairo.PDFSurface(str(path), *MEDIA)
    context = cairo.Context(surface)
    if gradient:
        paint = cairo.LinearGradient(0, 0, 198, 0)
        paint.add_color_stop_rgb(0, 1, 0, 0)
        paint.add_color_stop_rgb(1, 0, 0, 1)
        context.set_source(paint)
        context.rectangle(20, 20, 150, 200)
        context.fill()
    surface.finish()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[0].obj
        page.TrimBox, page.BleedBox = Array(list(TRIM)), Array([0, 0, *MEDIA])
        if not keep_group and "/Group" in page:
            del page["/Group"]    # cairo blends every page in RGB: a defect of its own, kept apart
        mark(pdf, version)
        save(pdf, path, "1.6" if version == "PDF/X-4" else "1.4")
    return path


def build(folder: Path) -> tuple[list[Case], list[Case]]:
    folder.mkdir(parents=True, exist_ok=True)
    return _defects(folder), _goods(folder)


JUNK = [Name("/DeviceRGB"), Name("/Pattern"), Name.Indexed, 5, -3, 0, 2.5, 1e9, True]


def mangled(path: Path, rng) -> bytes:
    """`path` with a few words pushed into its first page's content and some entries of the objects
    the page reaches replaced by values of the wrong type or size (a fuzzer's file)."""
    junk = JUNK + [Array([1, 2]), Array([]), Dictionary(), pikepdf.String("x"), Array([Name.Indexed]),
                   Array([Name.Separation, Name("/A"), Name.DeviceCMYK, 3])]
    words = [b"cm", b"q", b"Q", b"(x)", b"/Nope", b"[1 2]", b"<<>>", b"1e999", b"Do", b"scn", b"sh", b"Tj", b"BI",
             b"ID", b"EI", b"gs", b"cs", b"k", b"re", b"f", b"d1", b"Tf", b"TJ", b"/P0", b"/S", b"/Art", b"null"]
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0].obj
        if isinstance(page.get("/Contents"), Stream):
            data = bytearray(page.Contents.read_bytes())
            for _ in range(rng.randint(1, 6)):
                at = rng.randint(0, len(data))
                data[at:at] = b" " + rng.choice(words) + b" "
            page.Contents = pdf.make_stream(bytes(data))
        seen, todo, reached = set(), [page], []
        while todo and len(reached) < 200 and len(seen) < 5000:
            obj = todo.pop()
            if isinstance(obj, (Dictionary, Stream, Array)) and obj.objgen != (0, 0):
                if obj.objgen in seen:
                    continue
                seen.add(obj.objgen)
            if isinstance(obj, (Dictionary, Stream)):
                reached.append(obj)
                todo.extend(obj[k] for k in obj.keys() if k not in ("/Parent", "/Contents"))
            elif isinstance(obj, Array):
                todo.extend(list(obj)[:50])
        for obj in reached[1:]:
            for key in list(obj.keys()):
                if key not in ("/Length", "/Filter", "/Parent") and rng.random() < 0.15:
                    obj[key] = rng.choice(junk)
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()
