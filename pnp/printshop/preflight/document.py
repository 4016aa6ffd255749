"""The file as a whole and each page's boxes: the PDF/X part it claims (GTS_PDFXVersion, with
GTS_PDFXConformance where the part uses it, and the XMP for PDF/X-4), the PDF version that part
allows, the output intent and its profile, the Info entries PDF/X requires, and TrimBox and
BleedBox (a missing BleedBox is the CropBox, else the MediaBox, as the standard says)."""
from __future__ import annotations

from pnp.printshop.preflight.findings import Finding, as_text, file_finding
from pnp.printshop.profiles import PT_PER_MM, Shop

TOLERANCE = 0.1  # points: boxes written in rounded numbers still fit

# each PDF/X part, by the value of GTS_PDFXVersion: its family and the highest PDF version it allows
PARTS = {
    "PDF/X-1:2001": ("PDF/X-1a", "1.3"), "PDF/X-1a:2001": ("PDF/X-1a", "1.3"), "PDF/X-1a:2003": ("PDF/X-1a", "1.4"),
    "PDF/X-3:2002": ("PDF/X-3", "1.3"), "PDF/X-3:2003": ("PDF/X-3", "1.4"),
    "PDF/X-4": ("PDF/X-4", "1.6"), "PDF/X-4p": ("PDF/X-4", "1.6"),
    "PDF/X-5g": ("PDF/X-5", "1.6"), "PDF/X-5n": ("PDF/X-5", "1.6"), "PDF/X-5pg": ("PDF/X-5", "1.6"),
    "PDF/X-6": ("PDF/X-6", "2.0"), "PDF/X-6n": ("PDF/X-6", "2.0"), "PDF/X-6p": ("PDF/X-6", "2.0"),
}


def _version_number(text: str) -> tuple[int, int]:
    try:
        major, minor = text.strip().lstrip("/").split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        return (0, 0)


def markers(pdf, shop: Shop) -> list[Finding]:
    if not shop.standard:
        return []
    import pikepdf

    out: list[Finding] = []
    info = pdf.trailer.get("/Info")
    info = info if isinstance(info, pikepdf.Dictionary) else pikepdf.Dictionary()
    xmp = _xmp(pdf)
    version = as_text(info.get("/GTS_PDFXVersion", "")).strip()
    if not version and shop.standard == "PDF/X-4" and b"GTS_PDFXVersion>PDF/X-4" in xmp:
        version = "PDF/X-4"
    conformance = as_text(info.get("/GTS_PDFXConformance", "")).strip()
    part = PARTS.get(version)
    if not version:
        out.append(file_finding(f"not a PDF/X file (no GTS_PDFXVersion): {shop.title} asks for {shop.standard}"))
    elif part is None:
        out.append(file_finding(f"GTS_PDFXVersion is {version!r}, no PDF/X part: {shop.title} asks for {shop.standard}"))
    elif not shop.standard.startswith(part[0]):
        out.append(file_finding(f"it is {version}; {shop.title} asks for {shop.standard}"))
    if version == "PDF/X-1:2001" and conformance != "PDF/X-1a:2001":
        out.append(file_finding("GTS_PDFXVersion PDF/X-1:2001 without GTS_PDFXConformance PDF/X-1a:2001 "
                                f"is not PDF/X-1a (it is {conformance or 'missing'})"))
    elif conformance and part is not None and version != "PDF/X-1:2001" and PARTS.get(conformance, ("",))[0] != part[0]:
        out.append(file_finding(f"GTS_PDFXConformance says {conformance} but GTS_PDFXVersion says {version}"))
    if part is not None:
        found = max(_version_number(pdf.pdf_version), _version_number(as_text(pdf.Root.get("/Version", "0.0"))))
        if found > _version_number(part[1]):
            out.append(file_finding(f"PDF {found[0]}.{found[1]}: {version} files are PDF {part[1]} at most"))
    if shop.standard == "PDF/X-4" and b"GTS_PDFXVersion" not in xmp:
        out.append(file_finding("no XMP metadata naming the PDF/X version (PDF/X-4 requires it)"))
    out.extend(_intent(pdf))
    trapped = as_text(info.get("/Trapped", ""))
    if trapped not in ("/True", "/False"):
        out.append(file_finding("Trapped is not set to True or False (PDF/X requires one of them)"))
    if not as_text(info.get("/Title", "")).strip():
        out.append(file_finding("no document title (PDF/X requires one)"))
    if "/CreationDate" not in info or "/ModDate" not in info:
        out.append(file_finding("no creation or modification date (PDF/X requires both)"))
    if "/ID" not in pdf.trailer:
        out.append(file_finding("no document ID in the trailer (PDF/X requires one)"))
    if "/Encrypt" in pdf.trailer:
        out.append(file_finding("encrypted (PDF/X forbids it)"))
    return out


def _xmp(pdf) -> bytes:
    import pikepdf

    from pnp.printshop.preflight.streams import Damaged, TooLarge, decoded

    meta = pdf.Root.get("/Metadata")
    if not isinstance(meta, pikepdf.Stream):
        return b""
    try:
        return decoded(meta, 4 << 20)
    except (Damaged, TooLarge):
        return b""


def _intent(pdf) -> list[Finding]:
    import pikepdf

    from pnp.printshop.preflight.streams import Damaged, TooLarge, decoded

    intents = [i for i in (pdf.Root.get("/OutputIntents") or []) if isinstance(i, pikepdf.Dictionary)
               and i.get("/S") == pikepdf.Name.GTS_PDFX]
    if not intents:
        return [file_finding("no PDF/X output intent (the printing condition and its ICC profile)")]
    if len(intents) > 1:
        return [file_finding("more than one PDF/X output intent (PDF/X allows one)")]
    intent = intents[0]
    out = []
    if not as_text(intent.get("/OutputConditionIdentifier", "")).strip():
        out.append(file_finding("the output intent names no printing condition (OutputConditionIdentifier)"))
    profile = intent.get("/DestOutputProfile")
    if not isinstance(profile, pikepdf.Stream):
        out.append(file_finding("the output intent has no ICC profile (DestOutputProfile)"))
        return out
    try:
        head = decoded(profile, 64 << 20)[:20]
    except (Damaged, TooLarge):
        head = b""
    if int(profile.get("/N", 0)) != 4 or head[16:20] != b"CMYK":
        out.append(file_finding("the output intent's profile is not a CMYK profile"))
    elif head[12:16] != b"prtr":
        out.append(file_finding("the output intent's profile is not a printer (output) profile"))
    return out


def _rect(box):
    x0, y0, x1, y1 = (float(v) for v in box)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(a, b) -> bool:
    return a[0] >= b[0] - TOLERANCE and a[1] >= b[1] - TOLERANCE and a[2] <= b[2] + TOLERANCE and a[3] <= b[3] + TOLERANCE


def page_boxes(obj):
    """(media, crop, bleed, trim) of a page: MediaBox and CropBox inherited from the page tree,
    CropBox defaulting to MediaBox, BleedBox to CropBox, TrimBox to ArtBox (None if neither)."""
    from pnp.printshop.preflight.drawings import inherited

    media = _rect(inherited(obj, "/MediaBox"))
    crop_box = inherited(obj, "/CropBox")
    crop = _rect(crop_box) if crop_box is not None else media
    bleed = _rect(obj.BleedBox) if "/BleedBox" in obj else crop
    trim_box = obj.get("/TrimBox", obj.get("/ArtBox"))
    return media, crop, bleed, (_rect(trim_box) if trim_box is not None else None)


def boxes(obj, number: int, shop: Shop) -> list[Finding]:
    media, crop, bleed, trim = page_boxes(obj)
    if trim is None:
        return [Finding(number, "", "no TrimBox: the shop cannot tell where to cut")]
    out = []
    if not _inside(trim, bleed) or not _inside(bleed, media):
        out.append(Finding(number, "", "the TrimBox is not inside the BleedBox, or the BleedBox not inside the page"))
    sides = {"left": round(trim[0] - bleed[0], 2), "right": round(bleed[2] - trim[2], 2),
             "top": round(bleed[3] - trim[3], 2), "bottom": round(trim[1] - bleed[1], 2)}
    short = {side: v for side, v in sides.items() if v < shop.bleed_needed - TOLERANCE}
    if short:
        worst = min(short, key=short.get)
        others = len(short) - 1
        out.append(Finding(number, "", f"bleed {short[worst] / PT_PER_MM:.1f} mm on the {worst}"
                           + (f" ({others} other side{'s' if others > 1 else ''} short too)" if others else "")
                           + f": {shop.title} asks for {shop.bleed_needed / PT_PER_MM:.1f} mm on every side"))
    if shop.products:
        w, h = trim[2] - trim[0], trim[3] - trim[1]

        def off(p):
            return min(max(abs(p.width - w), abs(p.height - h)), max(abs(p.height - w), abs(p.width - h)))
        best = min(shop.products, key=off)
        if off(best) > 0.5 * PT_PER_MM:
            out.append(Finding(number, "", f"the trim is {w / PT_PER_MM:.1f} × {h / PT_PER_MM:.1f} mm, no "
                               f"{shop.title} product: the nearest is {best.name} ({best.size_mm()})"))
    return out
