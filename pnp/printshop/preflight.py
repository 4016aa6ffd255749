"""Preflight: would a print shop take this PDF as it is? pnp's own files or anybody's.

Checked against the shop's rules (`pnp.printshop.profiles`), page by page: the PDF/X markers (the
standard named in `GTS_PDFXVersion`, an output intent with a CMYK profile, `Trapped`, the title, the
PDF version), TrimBox and BleedBox and the bleed between them, the trim against the shop's products,
fonts embedded, colour spaces (no RGB, no grey where CMYK is asked for), total ink of every colour and
of every pixel of every CMYK image, images' resolution where they are placed, and transparency. Each
problem is reported with its page and where on the page (millimetres from the page's top-left corner).

What it cannot see: ink where transparent objects blend (each object is measured alone; a blend of two
colours under the limit stays under it), overprint, colours inside Type 3 glyphs and shading functions
other than the exponential ones pnp writes, and anything about the art itself (text in the safe zone,
hairlines too thin to print). Those need a RIP's separations, which the tests render with Ghostscript.
"""
from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from pnp.printshop.profiles import PT_PER_MM, Shop

MAX_FILE = 1024 * 1024 * 1024       # larger than any print file a designer uploads
MAX_OPERATORS = 5_000_000           # per file: bounded work on anybody's PDF
MAX_MEASURED_PIXELS = 60_000_000    # a picture larger than this is not decoded to measure its ink
TOLERANCE = 0.1                     # points: boxes written in rounded numbers still fit
LOW_PPI = 150                       # below this a picture prints visibly soft: rejected
WANTED_PPI = 300                    # what the shops ask for: below, a warning


class Unreadable(Exception):
    """The file is not a PDF pikepdf can open (said in a user's words)."""


@dataclass(frozen=True)
class Finding:
    page: int | None        # 1-based; None for the whole file
    where: str              # "12.0 mm from the left, 30.5 mm from the top", or ""
    message: str
    rejects: bool = True    # False: a warning the shop would print anyway
    more: int = 0           # further instances of the same problem on the same page

    def __str__(self) -> str:
        place = "" if self.page is None else f"page {self.page}" + (f", {self.where}" if self.where else "")
        tail = f" (and {self.more} more like it on this page)" if self.more else ""
        return (f"{place}: " if place else "") + self.message + tail


def preflight_file(path: Path, shop: Shop) -> list[Finding]:
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise Unreadable("is not a file")
        if size > MAX_FILE:
            raise Unreadable(f"is {size / 1e9:.1f} GB, more than preflight reads")
        data = path.read_bytes()
    except OSError as e:
        raise Unreadable(f"cannot be read ({e.strerror or 'no access'})") from None
    return preflight(data, shop)


def preflight(data: bytes, shop: Shop) -> list[Finding]:
    import pikepdf

    try:
        pdf = pikepdf.open(BytesIO(data))
    except pikepdf.PasswordError:
        raise Unreadable("is encrypted (a print shop cannot open it either)") from None
    except Exception:  # noqa: BLE001 — anybody's file: whatever pikepdf refuses is "not a PDF"
        raise Unreadable("is not a PDF (or is damaged beyond repair)") from None
    _Walker.operators = 0
    with pdf:
        try:
            findings = _markers(pdf, shop)
            for number, page in enumerate(pdf.pages, 1):
                findings.extend(_page(pdf, page, number, shop))
        except _TooMuch:
            findings.append(Finding(None, "", f"stopped after {MAX_OPERATORS:,} drawing operators: too large to check"))
        except (pikepdf.PdfError, ValueError, TypeError, KeyError, AttributeError):
            findings.append(Finding(None, "", "its structure is damaged: a print shop's RIP may refuse it"))
    return findings


class _TooMuch(Exception):
    pass


# --- the file ---------------------------------------------------------------------------------------

def _markers(pdf, shop: Shop) -> list[Finding]:
    import pikepdf

    out: list[Finding] = []
    info = pdf.trailer.get("/Info") or {}
    version = str(info.get("/GTS_PDFXVersion", "")) if info else ""
    if shop.standard:
        if not version:
            out.append(Finding(None, "", f"not a PDF/X file (no GTS_PDFXVersion): {shop.title} asks for {shop.standard}"))
        elif not _same_standard(version, shop.standard):
            out.append(Finding(None, "", f"it is {version}; {shop.title} asks for {shop.standard}"))
        if shop.standard.startswith("PDF/X-1a") and pdf.pdf_version > "1.4":
            out.append(Finding(None, "", f"PDF {pdf.pdf_version}: PDF/X-1a:2003 files are PDF 1.4 at most"))
        if shop.standard == "PDF/X-4":
            meta = pdf.Root.get("/Metadata")
            if meta is None or b"GTS_PDFXVersion" not in meta.read_bytes():
                out.append(Finding(None, "", "no XMP metadata naming the PDF/X version (PDF/X-4 requires it)"))
        intents = [i for i in (pdf.Root.get("/OutputIntents") or []) if i.get("/S") == pikepdf.Name.GTS_PDFX]
        if not intents:
            out.append(Finding(None, "", "no PDF/X output intent (the printing condition and its ICC profile)"))
        else:
            profile = intents[0].get("/DestOutputProfile")
            if profile is None:
                out.append(Finding(None, "", "the output intent has no ICC profile (DestOutputProfile)"))
            elif int(profile.get("/N", 0)) != 4:
                out.append(Finding(None, "", "the output intent's profile is not a CMYK profile"))
        trapped = str(info.get("/Trapped", "")) if info else ""
        if trapped not in ("/True", "/False"):
            out.append(Finding(None, "", "Trapped is not set to True or False (PDF/X requires one of them)"))
        if not info or not str(info.get("/Title", "")).strip():
            out.append(Finding(None, "", "no document title (PDF/X requires one)"))
        if "/Encrypt" in pdf.trailer:
            out.append(Finding(None, "", "encrypted (PDF/X forbids it)"))
    return out


def _same_standard(found: str, wanted: str) -> bool:
    if wanted.startswith("PDF/X-1a"):
        return found.startswith("PDF/X-1a") or found == "PDF/X-1:2001"
    return found.startswith(wanted)


# --- one page ---------------------------------------------------------------------------------------

def _page(pdf, page, number: int, shop: Shop) -> list[Finding]:
    out = _boxes(page, number, shop)
    media = [float(v) for v in page.obj.MediaBox]
    walker = _Walker(shop, number, media)
    walker.run(page.obj, [1, 0, 0, 1, 0, 0])
    out.extend(walker.findings())
    return out


def _boxes(page, number: int, shop: Shop) -> list[Finding]:
    out = []
    obj = page.obj
    media = _rect(obj.MediaBox)
    trim = _rect(obj.get("/TrimBox")) if "/TrimBox" in obj else None
    bleed = _rect(obj.get("/BleedBox")) if "/BleedBox" in obj else None
    if trim is None:
        out.append(Finding(number, "", "no TrimBox: the shop cannot tell where to cut"))
        return out
    if bleed is None:
        bleed = _rect(obj.get("/CropBox")) if "/CropBox" in obj else media
        if shop.standard or shop.bleed:
            out.append(Finding(number, "", "no BleedBox: the bleed is taken to be the whole page"))
    if not _inside(trim, bleed) or not _inside(bleed, media):
        out.append(Finding(number, "", "the TrimBox is not inside the BleedBox, or the BleedBox not inside the page"))
    sides = {"left": round(trim[0] - bleed[0], 2), "right": round(bleed[2] - trim[2], 2),
             "top": round(bleed[3] - trim[3], 2), "bottom": round(trim[1] - bleed[1], 2)}
    short = {side: v for side, v in sides.items() if v < shop.bleed_needed - TOLERANCE}
    if short:
        worst = min(short, key=short.get)
        out.append(Finding(number, "", f"bleed {short[worst] / PT_PER_MM:.1f} mm on the {worst}"
                           + (f" ({len(short) - 1} other side{'s' if len(short) > 2 else ''} short too)" if len(short) > 1 else "")
                           + f": {shop.title} asks for {shop.bleed_needed / PT_PER_MM:.1f} mm on every side"))
    if shop.products:
        w, h = trim[2] - trim[0], trim[3] - trim[1]
        best = min(shop.products, key=lambda p: min(max(abs(p.width - w), abs(p.height - h)),
                                                      max(abs(p.height - w), abs(p.width - h))))
        off = min(max(abs(best.width - w), abs(best.height - h)), max(abs(best.height - w), abs(best.width - h)))
        if off > 0.5 * PT_PER_MM:
            out.append(Finding(number, "", f"the trim is {w / PT_PER_MM:.1f} × {h / PT_PER_MM:.1f} mm, no "
                               f"{shop.title} product: the nearest is {best.name} ({best.size_mm()})"))
    return out


def _rect(box):
    x0, y0, x1, y1 = (float(v) for v in box)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(a, b) -> bool:
    return a[0] >= b[0] - TOLERANCE and a[1] >= b[1] - TOLERANCE and a[2] <= b[2] + TOLERANCE and a[3] <= b[3] + TOLERANCE


# --- what a page draws -------------------------------------------------------------------------------

def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]


class _Walker:
    """Runs through a page's content streams and the forms and patterns they draw, keeping the
    transformation so that each problem has a place; collects the first of each problem per page."""

    operators = 0

    def __init__(self, shop: Shop, number: int, media):
        self.shop, self.number, self.media = shop, number, media
        self.found: dict[str, tuple[str, str, bool]] = {}
        self.counts: dict[str, int] = {}
        self.seen_fonts: set = set()
        self.strict_cmyk = bool(shop.standard)
        self.x1a = bool(shop.standard and shop.standard.startswith("PDF/X-1a"))

    def findings(self) -> list[Finding]:
        return [Finding(self.number, where, message, rejects, self.counts[key] - 1)
                for key, (where, message, rejects) in self.found.items()]

    def note(self, key: str, where: str, message: str, rejects: bool = True) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1
        self.found.setdefault(key, (where, message, rejects))

    def where(self, ctm, x: float = 0.0, y: float = 0.0) -> str:
        px = ctm[0] * x + ctm[2] * y + ctm[4]
        py = ctm[1] * x + ctm[3] * y + ctm[5]
        return (f"{(px - self.media[0]) / PT_PER_MM:.1f} mm from the left, "
                f"{(self.media[3] - py) / PT_PER_MM:.1f} mm from the top")

    def run(self, obj, ctm, depth: int = 0) -> None:
        import pikepdf

        if depth > 12:
            return
        res = obj.get("/Resources") or pikepdf.Dictionary()
        self._resources(res, ctm)
        stack, fill, stroke = [], "gray", "gray"
        text_at, font = (0.0, 0.0), None
        pending = None  # a colour problem waiting for the place it is first used
        spaces = res.get("/ColorSpace") or {}
        try:
            instructions = pikepdf.parse_content_stream(obj)
        except pikepdf.PdfError:
            self.note("damaged", "", "a content stream cannot be read")
            return
        for operands, op in instructions:
            _Walker.operators += 1
            if _Walker.operators > MAX_OPERATORS:
                raise _TooMuch()
            name = str(op)
            if name == "q":
                stack.append((list(ctm), fill, stroke))
            elif name == "Q" and stack:
                ctm, fill, stroke = stack.pop()
            elif name == "cm" and len(operands) == 6:
                ctm = _mul([float(v) for v in operands], ctm)
            elif name in ("rg", "RG"):
                pending = ("rgb", f"an RGB {'fill' if name == 'rg' else 'stroke'} colour")
            elif name in ("g", "G") and self.strict_cmyk:
                pending = ("gray", f"a grey {'fill' if name == 'g' else 'stroke'} colour (DeviceGray)")
            elif name in ("k", "K") and len(operands) == 4:
                total = sum(float(v) for v in operands) * 100
                if total > self.shop.ink_limit + 0.5:
                    pending = ("ink", f"a colour of {total:.0f} % total ink (CMYK "
                                      + " ".join(f"{float(v) * 100:.0f}" for v in operands)
                                      + f"): {self.shop.title} allows {self.shop.ink_limit:g} %")
            elif name in ("cs", "CS") and operands:
                kind = _kind(operands[0], spaces)
                if name == "cs":
                    fill = kind
                else:
                    stroke = kind
                if kind == "rgb":
                    pending = ("rgb", "an RGB colour space")
            elif name in ("m", "re", "l") and pending and operands:
                self._colour(pending, self.where(ctm, float(operands[0]), float(operands[1])))
                pending = None
            elif name == "Tm" and len(operands) == 6:
                text_at = (float(operands[4]), float(operands[5]))
            elif name in ("Tj", "TJ", "'", '"'):
                if font is not None:
                    self._font(res, font, ctm, text_at)
                    font = None
                if pending:
                    self._colour(pending, self.where(ctm, *text_at))
                    pending = None
            elif name == "Tf" and operands:
                font = operands[0]
            elif name == "Do" and operands:
                self._draw(res, operands[0], ctm, depth)
            elif name == "sh" and operands:
                shading = (res.get("/Shading") or {}).get(str(operands[0]))
                if shading is not None:
                    self._shading(shading, ctm)
            elif name == "INLINE IMAGE":
                self._inline(operands[0], ctm)
            elif name == "gs" and operands:
                state = (res.get("/ExtGState") or {}).get(str(operands[0]))
                if state is not None:
                    self._state(state, ctm)
        if pending:
            self._colour(pending, "")

    def _colour(self, pending, where: str) -> None:
        kind, what = pending
        if kind == "rgb":
            self.note("rgb", where, f"{what}: {self.shop.title} prints CMYK only")
        elif kind == "gray":
            self.note("gray", where, f"{what}: a PDF/X file for {self.shop.title} is CMYK throughout", rejects=False)
        else:
            self.note("ink", where, what)

    def _resources(self, res, ctm) -> None:
        for key, space in (res.get("/ColorSpace") or {}).items():
            if _kind(space, {}) == "rgb":
                self.note("rgb-space", self.where(ctm), f"an RGB colour space ({key[1:]}): {self.shop.title} prints CMYK only")

    def _state(self, state, ctm) -> None:
        from pnp.printshop.pdfx import transparent_state

        if self.x1a and transparent_state(state):
            self.note("transparency", self.where(ctm), "transparency (opacity, a soft mask or a blend mode): "
                                                       "PDF/X-1a forbids it; flatten it first")

    def _font(self, res, name, ctm, at) -> None:
        font = (res.get("/Font") or {}).get(str(name))
        if font is None or font.objgen in self.seen_fonts:
            return
        if font.objgen != (0, 0):
            self.seen_fonts.add(font.objgen)
        if not _embedded(font):
            base = str(font.get("/BaseFont", name))[1:]
            self.note(f"font {base}", self.where(ctm, *at), f"the font {base} is not embedded: the shop would "
                                                       "print another in its place")

    def _draw(self, res, name, ctm, depth: int) -> None:
        import pikepdf

        x = (res.get("/XObject") or {}).get(str(name))
        if x is None:
            return
        if x.get("/Subtype") == pikepdf.Name.Form:
            matrix = [float(v) for v in x.get("/Matrix", [1, 0, 0, 1, 0, 0])]
            self.run(x, _mul(matrix, ctm), depth + 1)
        elif x.get("/Subtype") == pikepdf.Name.Image:
            self._image(x, ctm, str(name)[1:])

    def _image(self, x, ctm, label: str) -> None:
        import math

        import pikepdf

        where = self.where(ctm)
        space = x.get("/ColorSpace")
        kind = "mask" if x.get("/ImageMask") else _kind(space, {})
        if kind == "rgb":
            self.note("rgb-image", where, f"an RGB image ({label}): {self.shop.title} prints CMYK only")
        elif kind == "gray" and self.strict_cmyk:
            self.note("gray-image", where, f"a grey image ({label}): a PDF/X file is CMYK throughout", rejects=False)
        if x.get("/SMask") is not None and self.x1a:
            self.note("transparency", where, f"an image with a soft mask ({label}): PDF/X-1a forbids transparency")
        width_in = math.hypot(ctm[0], ctm[1]) / 72
        height_in = math.hypot(ctm[2], ctm[3]) / 72
        if width_in > 0 and height_in > 0:
            ppi = min(int(x.get("/Width", 0)) / width_in, int(x.get("/Height", 0)) / height_in)
            if ppi < LOW_PPI:
                self.note("low-ppi", where, f"image {label} prints at {ppi:.0f} ppi where it is placed: "
                                            f"at least {WANTED_PPI} is asked for")
            elif ppi < WANTED_PPI - 1:
                self.note("soft-ppi", where, f"image {label} prints at {ppi:.0f} ppi where it is placed "
                                             f"({WANTED_PPI} is asked for)", rejects=False)
        if int(x.get("/Width", 0)) * int(x.get("/Height", 0)) > MAX_MEASURED_PIXELS:
            self.note("huge-image", where, f"image {label} is too large for preflight to measure its ink", rejects=False)
        elif space == pikepdf.Name.DeviceCMYK and int(x.get("/BitsPerComponent", 8)) == 8:
            try:
                picture = pikepdf.PdfImage(x).as_pil_image()
            except Exception:  # noqa: BLE001 — a filter pikepdf cannot decode: nothing to measure
                return
            if picture.mode == "CMYK":
                worst = _most_ink(picture)
                if worst > self.shop.ink_limit + 0.5:
                    self.note("ink-image", where, f"image {label} has pixels of {worst:.0f} % total ink: "
                                                  f"{self.shop.title} allows {self.shop.ink_limit:g} %")

    def _inline(self, image, ctm) -> None:
        try:
            space = image.obj.get("/ColorSpace", image.obj.get("/CS"))
        except Exception:  # noqa: BLE001
            return
        if str(space) in ("/DeviceRGB", "/RGB"):
            self.note("rgb-image", self.where(ctm), f"an RGB inline image: {self.shop.title} prints CMYK only")

    def _shading(self, shading, ctm) -> None:
        if _kind(shading.get("/ColorSpace"), {}) == "rgb":
            self.note("rgb-shading", self.where(ctm), f"an RGB gradient: {self.shop.title} prints CMYK only")


def _kind(space, named) -> str:
    import pikepdf

    if isinstance(space, pikepdf.Name) and str(space) in named:
        space = named[str(space)]
    if space in (pikepdf.Name.DeviceRGB, pikepdf.Name.CalRGB):
        return "rgb"
    if space in (pikepdf.Name.DeviceGray, pikepdf.Name.CalGray):
        return "gray"
    if space == pikepdf.Name.DeviceCMYK:
        return "cmyk"
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        head = space[0]
        if head == pikepdf.Name.ICCBased and len(space) > 1:
            return {3: "rgb", 1: "gray", 4: "cmyk"}.get(int(space[1].get("/N", 0)), "other")
        if head == pikepdf.Name.Indexed and len(space) > 1:
            return _kind(space[1], named)
        if head == pikepdf.Name.CalRGB:
            return "rgb"
    return "other"


def _embedded(font) -> bool:
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        return all(_embedded(d) for d in font.get("/DescendantFonts", []))
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _most_ink(picture) -> float:
    from PIL import ImageMath

    c, m, y, k = (band.convert("I") for band in picture.split())
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] / 255 * 100


def summarise(findings: list[Finding]) -> list[str]:
    """One line per problem: the same problem on many pages is said once, with its pages
    ("pages 1–62, 64") and where it first shows."""
    merged: dict[tuple, list[Finding]] = {}
    for f in findings:
        merged.setdefault((f.message, f.rejects), []).append(f)
    lines = []
    for (message, rejects), group in merged.items():
        pages = [f.page for f in group if f.page is not None]
        first = group[0]
        if not pages:
            lines.append(message)
            continue
        place = (f"page {pages[0]}" if len(pages) == 1 else f"pages {_ranges(pages)}")
        where = f", first at {first.where}" if first.where and len(pages) > 1 else (f", {first.where}" if first.where else "")
        more = sum(f.more for f in group)
        tail = f" ({more} more like it)" if more and len(pages) == 1 else ""
        lines.append(f"{place}{where}: {message}{tail}")
    return lines


def _ranges(pages: list[int]) -> str:
    pages = sorted(set(pages))
    parts, start, prev = [], pages[0], pages[0]
    for p in pages[1:] + [None]:
        if p is not None and p == prev + 1:
            prev = p
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(parts)
