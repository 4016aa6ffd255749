"""The reportlab backend of the Surface protocol.

Each page gets one flip transform so that everything above it works in
y-down points; text is un-flipped locally through the text matrix.
Repeated art becomes PDF form XObjects, drawn once and placed many times.
Every number is checked to be finite before reportlab writes it (see pnp.draw.finite).
"""
from __future__ import annotations

import io
import re
from typing import Callable

from pnp.draw import fonts
from pnp.draw.finite import require_finite
from pnp.draw.formatchars import visible
from pnp.geometry.curves import KAPPA_PDF_CIRCLE, ellipse_path


def _rgb(color: str) -> tuple[float, float, float]:
    return int(color[1:3], 16) / 255.0, int(color[3:5], 16) / 255.0, int(color[5:7], 16) / 255.0


class PdfSurface:
    """Draws into an in-memory PDF; `finish()` returns its bytes."""

    _resource_uses = 0  # opacities and gradients drawn: resources a form must list (draw_repeatable)

    def __init__(self, title: str = "", author: str = "pnp", subject: str = ""):
        from reportlab.pdfgen.canvas import Canvas

        fonts.register("sans")  # the initial font; others are registered when first used
        self._buffer = io.BytesIO()
        from pnp.models.edition import language

        lang = {"lang": language()} if language() else {}  # a language edition names its language
        self.c = Canvas(self._buffer, invariant=1, pageCompression=1,
                        initialFontName=fonts.PDF_NAME["sans"], initialFontSize=10, **lang)
        self.c.setTitle(title)
        self.c.setAuthor(author)
        self.c.setSubject(subject)
        self.c.setCreator("pnp")
        self.c.setProducer("pnp (reportlab)")
        self.width = self.height = 0.0
        self._symbols: dict[str, tuple[float, float]] = {}
        self._drawings: dict[tuple, str] = {}  # a drawing's operators and resources → its form (drawing_form)
        self._repeats: dict[tuple, tuple] = {}  # (key, paint state) → what drawing it wrote (draw_repeatable)
        self._in_page = False
        self._fill: str | None = None
        self._stroke: str | None = None
        self._alpha = 1.0
        self._stack: list = []
        self.pages = 0
        _patch_form_resources()

    # pages -----------------------------------------------------------------
    def begin_page(self, width: float, height: float) -> None:
        require_finite("begin_page", width, height)
        self.width, self.height = width, height
        self.c.setPageSize((width, height))
        self.c.saveState()
        self.c.transform(1, 0, 0, -1, 0, height)
        self._fill = self._stroke = None
        self._in_page = True

    def end_page(self) -> None:
        self.c.restoreState()
        self.c.showPage()
        self._in_page = False
        self.pages += 1
        _compress_last_page(self.c)

    def set_print_boxes(self, trim, bleed) -> None:
        h = self.height
        require_finite("set_print_boxes", *trim, *bleed)

        def box(r):
            x, y, w, hh = r
            return (x, h - y - hh, x + w, h - y)

        self.c.setTrimBox(box(trim))
        self.c.setBleedBox(box(bleed))

    def finish(self) -> bytes:
        self.c.save()
        return self._buffer.getvalue()

    # state -------------------------------------------------------------------
    def save(self) -> None:
        self.c.saveState()
        self._stack.append((self._fill, self._stroke, self._alpha))

    def restore(self) -> None:
        self.c.restoreState()
        self._fill, self._stroke, self._alpha = self._stack.pop()

    def translate(self, dx: float, dy: float) -> None:
        require_finite("translate", dx, dy)
        self.c.translate(dx, dy)

    def rotate(self, degrees: float) -> None:
        require_finite("rotate", degrees)
        self.c.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        require_finite("scale", sx, sy)
        self.c.scale(sx, sy)

    def clip_rect(self, x, y, w, h) -> None:
        require_finite("clip_rect", x, y, w, h)
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)

    def clip_path(self, commands, *, even_odd=False) -> None:
        require_finite("clip_path", sum(v for cmd in commands for v in cmd[1:]))
        self.c.clipPath(self._path_object(commands), stroke=0, fill=0, fillMode=0 if even_odd else 1)

    def transform(self, a, b, c, d, e, f) -> None:
        require_finite("transform", a, b, c, d, e, f)
        self.c.transform(a, b, c, d, e, f)

    # paint -------------------------------------------------------------------
    def _paint(self, fill, stroke, width, dash=None, cap="butt", join="miter", opacity=1.0) -> tuple[int, int]:
        c = self.c
        require_finite("paint", width, opacity, *(dash or ()))
        if fill and fill != "none" and fill != self._fill:
            c.setFillColorRGB(*_rgb(fill))
            self._fill = fill
        if stroke and stroke != "none":
            if stroke != self._stroke:
                c.setStrokeColorRGB(*_rgb(stroke))
                self._stroke = stroke
            c.setLineWidth(width)
            c.setDash(list(dash) if dash else [])
            c.setLineCap({"butt": 0, "round": 1, "square": 2}[cap])
            c.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[join])
        if opacity != self._alpha:
            c.setFillAlpha(opacity)
            c.setStrokeAlpha(opacity)
            self._alpha = opacity
            self._resource_uses += 1
        return (1 if fill and fill != "none" else 0), (1 if stroke and stroke != "none" and width > 0 else 0)

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.5, radius=0, dash=None, opacity=1) -> None:
        f, s = self._paint(fill, stroke, width, dash, opacity=opacity)
        if not (f or s):
            return
        require_finite("rect", x, y, w, h, radius)
        if radius > 0:
            self.c.roundRect(x, y, w, h, min(radius, w / 2, h / 2), stroke=s, fill=f)
        else:
            self.c.rect(x, y, w, h, stroke=s, fill=f)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=0.5, dash=None, opacity=1) -> None:
        f, s = self._paint(fill, stroke, width, dash, opacity=opacity)
        if f or s:  # four Bézier quarters with the usual constant: no trigonometry per circle
            require_finite("circle", cx, cy, r)
            (_, x0, y0), *quarters, _ = ellipse_path(cx, cy, r, r, KAPPA_PDF_CIRCLE)
            p = self.c.beginPath()
            p.moveTo(x0, y0)
            for _, *points in quarters:
                p.curveTo(*points)
            p.close()
            self.c.drawPath(p, stroke=s, fill=f)

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.5, opacity=1) -> None:
        f, s = self._paint(fill, stroke, width, opacity=opacity)
        if f or s:
            require_finite("ellipse", cx, cy, rx, ry)
            self.c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=s, fill=f)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.5, dash=None, cap="butt") -> None:
        require_finite("line", x1, y1, x2, y2, width)
        if not stroke or stroke == "none" or width <= 0:
            return
        self._paint(None, stroke, width, dash, cap=cap)
        self.c.line(x1, y1, x2, y2)

    def polygon(self, points, *, closed=True, fill=None, stroke=None, width=0.5, dash=None, join="miter", opacity=1) -> None:
        cmds = [("M", *points[0])] + [("L", *p) for p in points[1:]] + ([("Z",)] if closed else [])
        self.path(cmds, fill=fill if closed else None, stroke=stroke, width=width, dash=dash, join=join, opacity=opacity)

    def path(self, commands, *, fill=None, stroke=None, width=0.5, even_odd=False, cap="butt", join="miter",
             dash=None, opacity=1) -> None:
        f, s = self._paint(fill, stroke, width, dash, cap, join, opacity)
        if not (f or s):
            return
        require_finite("path", sum(v for cmd in commands for v in cmd[1:]))
        self.c.drawPath(self._path_object(commands), stroke=s, fill=f, fillMode=0 if even_odd else 1)

    def _path_object(self, commands):
        p = self.c.beginPath()
        for cmd in commands:
            op = cmd[0]
            if op == "M":
                p.moveTo(cmd[1], cmd[2])
            elif op == "L":
                p.lineTo(cmd[1], cmd[2])
            elif op == "C":
                p.curveTo(*cmd[1:7])
            elif op == "Z":
                p.close()
        return p

    def fill_gradient(self, commands, gradient, *, even_odd=False, opacity=1) -> None:
        """A shading painted inside the path as a clip; a gradient without extent paints its last colour."""
        if opacity <= 0 or not commands:
            return
        if gradient.degenerate():
            self.path(commands, fill=gradient.last_colour, even_odd=even_odd, opacity=opacity * gradient.last_opacity)
            return
        from reportlab.lib.colors import Color

        self._resource_uses += 1
        require_finite("fill_gradient", opacity, *gradient.matrix, *gradient.coords,
                       sum(v for cmd in commands for v in cmd[1:]))
        self.save()
        self.clip_path(commands, even_odd=even_odd)
        self.c.transform(*gradient.matrix)
        if opacity != self._alpha:
            self.c.setFillAlpha(opacity)
            self.c.setStrokeAlpha(opacity)
            self._alpha = opacity
        if gradient.see_through():  # the stops' opacities: a soft mask painted with the same geometry
            from pnp.draw.pdfalpha import soft_mask

            soft_mask(self.c, gradient, commands)
        colours = [Color(*_rgb(colour)) for _, colour in gradient.stops]
        positions = [offset for offset, _ in gradient.stops]
        if gradient.kind == "linear":
            self.c.linearGradient(*gradient.coords, colours, positions, extend=True)
        else:
            self.c.radialGradient(*gradient.coords, colours, positions, extend=True)
        self.restore()

    # text ----------------------------------------------------------------------
    def text(self, x, y, string, *, font, size, fill="#000000", anchor="start") -> None:
        if not string:
            return
        require_finite("text", x, y, size)
        from pnp.models.edition import current as current_edition

        edition = current_edition()
        if edition is not None:  # a language edition: a label in a joining, right-to-left or CJK script is shaped
            from pnp.draw.complextext import line_runs, needs_shaping

            if needs_shaping(string):
                from pnp.draw.copytext import with_copy_texts

                runs, w = line_runs(string, font, size, edition)
                x -= 0 if anchor == "start" else w / 2 if anchor == "middle" else w
                for run, copy in with_copy_texts(runs):
                    if run.glyphs is not None:
                        self.glyphs(x + run.x, y, run.glyphs, size=size, fill=fill, copy=copy)
                return
        string = visible(string)  # outside an edition, a format character is left out, never drawn as a box
        if not string:
            return
        if anchor != "start":
            w = fonts.text_width(string, font, size)
            x -= w / 2 if anchor == "middle" else w
        from pnp.draw.pdftext import text_operators  # imports reportlab: not before a PDF is drawn

        self._paint(fill, None, 0)
        fonts.note_drawn(string, font)
        pieces = fonts.runs(string, font)  # one piece unless fallback fonts draw some characters
        code = text_operators(self.c._doc, x, y, pieces, size)
        if code is not None:
            self.c._code.append(code)
            return
        t = self.c.beginText()
        t.setTextTransform(1, 0, 0, -1, x, y)
        for face, piece in pieces:
            t.setFont(face, size)
            t.textOut(piece)
        self.c.drawText(t)

    def glyphs(self, x, y, shaped, *, size, fill="#000000", copy: list[str] | None = None) -> None:
        """A shaped run (`pnp.draw.shaping.Shaped`) by glyph id, its logical text kept for copying
        (`copy`: what each glyph copies as, in a line arranged for it; `pnp.draw.copytext`)."""
        require_finite("glyphs", x, y, size)
        from pnp.draw.pdfglyphs import glyph_operators

        self._paint(fill, None, 0)
        self.c._code.append(glyph_operators(self.c._doc, x, y, shaped, size, copy=copy))

    # symbols -------------------------------------------------------------------
    def has_symbol(self, name: str) -> bool:
        return name in self._symbols

    def define_symbol(self, name: str, width: float, height: float, draw: Callable) -> None:
        if name in self._symbols:
            return
        require_finite("define_symbol", width, height)
        saved = (self._fill, self._stroke, self._alpha)
        self.c.beginForm(_form_name(name), 0, 0, width, height)
        self._fill = self._stroke = None
        self._alpha = 1.0
        draw(self)
        shadings = dict(self.c._shadingUsed)  # reportlab drops a form's shadings from its resources
        self.c.endForm(**({"_pnp_shadings": shadings} if shadings else {}))
        self._fill, self._stroke, self._alpha = saved
        self._symbols[name] = (width, height)

    def drawing_form(self, box: tuple[float, float, float, float], draw: Callable) -> str:
        """Draw into a new form clipped to `box` (x0, y0, x1, y1) and return its name, for `place_form`.

        A drawing identical to an earlier one of this document (the same operators and
        resources, so the same marks) is not stored again: its first form's name is
        returned. So a card face is one form however many sheets or pages place it, and
        a document made from this one's objects (`pnp.draw.pdfderive`) can place it too.
        """
        require_finite("drawing_form", *box)
        c = self.c
        saved = (self._fill, self._stroke, self._alpha)
        name = f"Drawing{len(self._drawings)}"
        c.beginForm(name, *box)
        self._fill = self._stroke = None
        self._alpha = 1.0
        draw(self)
        key = (box, tuple(c._code), tuple(c._formsinuse), tuple(sorted(c._extgstate._c.items())),
               tuple(sorted(c._shadingUsed)), tuple(sorted(c._colorsUsed)))
        self._fill, self._stroke, self._alpha = saved
        known = self._drawings.get(key)
        if known is not None:  # the same marks as an earlier form: leave this one out
            c._restartAccumulators()
            c.pop_state_stack()
            return known
        shadings = dict(c._shadingUsed)
        c.endForm(_pnp_plain=True, **({"_pnp_shadings": shadings} if shadings else {}))
        self._drawings[key] = name
        return name

    repeats_kept = 4096  # drawings remembered per document for draw_repeatable (most boxes repeat few values)

    def draw_repeatable(self, key, draw: Callable[[], None]) -> None:
        """`draw()`, or the operators it wrote the first time with this key and paint state in
        this document, written again without drawing.

        The caller promises that what `draw()` draws depends on `key` alone (a card box's
        content, in the face's own coordinates). Operators are reused only when drawing wrote
        nothing but operators and placed forms (which the form or page it lands in then lists):
        a drawing that set an opacity, a gradient or a colour space (resources that would have
        to be listed too) is drawn every time, and so is one that changed the operator before
        it (reportlab merges a transform into the one before)."""
        c = self.c
        code = c._code
        full = (key, self._fill, self._stroke, self._alpha)
        known = self._repeats.get(full)
        after_transform = bool(code) and code[-1].endswith(" cm")  # reportlab folds a transform into one before it
        if known is not None and not (after_transform and known[0][0].endswith(" cm")):
            ops, forms, self._fill, self._stroke, self._alpha = known
            code.extend(ops)
            c._formsinuse.extend(forms)
            return
        start, last = len(code), (code[-1] if code else None)
        before = len(c._formsinuse), self._side_effects()
        draw()
        if (c._code is not code or len(code) <= start or (start and code[start - 1] is not last)
                or self._side_effects() != before[1] or len(self._repeats) >= self.repeats_kept):
            return  # it changed more than its own operators (or wrote none)
        self._repeats[full] = (code[start:], c._formsinuse[before[0]:], self._fill, self._stroke, self._alpha)

    def _side_effects(self) -> tuple:
        """What a drawing may change besides its operators and the forms it places."""
        c = self.c
        return self._resource_uses, len(c._shadingUsed), len(c._colorsUsed), len(self._stack)

    def place_form(self, name: str) -> None:
        """Draw a form made by `drawing_form` at the current origin."""
        self.c.saveState()
        if self._alpha != 1.0:  # a form inherits the caller's alpha; its own content assumes 1
            self.c.setFillAlpha(1.0)
            self.c.setStrokeAlpha(1.0)
            self._resource_uses += 1
        self.c.doForm(name)
        self.c.restoreState()

    def use_symbol(self, name: str, x: float, y: float, w: float, h: float) -> None:
        sw, sh = self._symbols[name]
        require_finite("use_symbol", x, y, w / sw, h / sh)
        self.c.saveState()
        if self._alpha != 1.0:  # a form inherits the caller's alpha; its own content assumes 1
            self.c.setFillAlpha(1.0)
            self.c.setStrokeAlpha(1.0)
            self._resource_uses += 1
        self.c.transform(w / sw, 0, 0, h / sh, x, y)
        self.c.doForm(_form_name(name))
        self.c.restoreState()


    # pictures ------------------------------------------------------------------
    def image(self, picture, x: float, y: float, w: float, h: float) -> None:
        require_finite("image", x, y, w, h)
        name = _image_xobject(self.c, picture)
        self.c.saveState()
        self.c.transform(w, 0, 0, -h, x, y + h)  # the unit square, upright in our y-down space
        self.c._code.append(f"/{self.c._doc.getXObjectName(name)} Do")
        self.c._formsinuse.append(name)
        self.c.restoreState()


def _image_xobject(canvas, picture) -> str:
    """The document's image XObject for `picture` (made the first time): named by its content, so stored once."""
    doc = canvas._doc
    name = "Img" + picture.key[:24]
    reg = doc.getXObjectName(name)
    if reg not in doc.idToObject:
        mask = None
        if picture.alpha is not None:
            mask = doc.Reference(_image_stream(picture.width, picture.height, "DeviceGray", "FlateDecode",
                                               picture.alpha), doc.getXObjectName(name + "A"))
        doc.Reference(_image_stream(picture.width, picture.height, picture.colorspace, picture.filter,
                                    picture.data, mask, picture.inverted_cmyk), reg)
    return name


def _image_stream(width, height, colorspace, filter, data, smask=None, inverted=False):
    """An image XObject written as given (no re-encoding: a JPEG stays the designer's bytes)."""
    from reportlab.pdfbase import pdfdoc

    entries = {"Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Image"), "Width": width,
               "Height": height, "BitsPerComponent": 8, "ColorSpace": pdfdoc.PDFName(colorspace),
               "Filter": pdfdoc.PDFName(filter)}
    if inverted:  # an Adobe CMYK JPEG stores its inks inverted
        entries["Decode"] = pdfdoc.PDFArray([1, 0, 1, 0, 1, 0, 1, 0])
    if smask is not None:
        entries["SMask"] = smask
    return pdfdoc.PDFStream(pdfdoc.PDFDictionary(entries), data)


def _form_name(name: str) -> str:
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in name) + "_" + format(abs(hash_name(name)), "x")


def hash_name(name: str) -> int:
    import zlib

    return zlib.crc32(name.encode("utf-8"))


def _patch_form_resources() -> None:
    """reportlab forgets a form's ExtGState (opacity) and shadings (gradients) in its resources; add them back, once.

    A form from `drawing_form` (`_pnp_plain`) is written only deflated, without reportlab's
    ASCII85 layer on top (a fifth smaller, and those forms hold most of a deck), and where it
    can be, by `pnp.draw.pdfformbytes` rather than reportlab's generic formatter (the same bytes).
    """
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    from pnp.draw.pdfformbytes import plain_form_bytes

    original = pdfdoc.PDFFormXObject.format
    if getattr(original, "_pnp_patched", False):
        return

    def format(self, document):
        if not self.Resources and (getattr(self, "ExtGState", None) or getattr(self, "_pnp_shadings", None)):
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.basicProcs()
            if self.XObjects:
                resources.XObject = self.XObjects
            if getattr(self, "ExtGState", None):
                resources.ExtGState = self.ExtGState
            resources.setShading(getattr(self, "_pnp_shadings", {}))
            self.Resources = resources
        if getattr(self, "_pnp_plain", False):
            fast = plain_form_bytes(self, document)
            if fast is not None:
                return fast
        if getattr(self, "_pnp_plain", False) and rl_config.useA85:
            rl_config.useA85 = 0
            try:
                return original(self, document)
            finally:
                rl_config.useA85 = 1
        return original(self, document)

    format._pnp_patched = True
    pdfdoc.PDFFormXObject.format = format
    pdfdoc.PDFFormXObject.setStreamList = _form_stream


def _form_stream(self, data) -> None:
    """A form's operators as bytes: reportlab encodes them through its `extpdfdoc` codec, a
    Python-level character map (about 30 µs a card face); operators are ASCII text (strings
    are escaped), for which that codec gives the ASCII bytes themselves, so `str.encode` gives
    the same bytes. Text with anything else still goes through reportlab's codec."""
    from reportlab.pdfbase.pdfdoc import pdfdocEnc

    if isinstance(data, (list, tuple)):
        data = "\n".join(data)
    ascii_only = isinstance(data, str) and data.isascii() and not _UNMAPPED.search(data)
    self.stream = data.encode("ascii") if ascii_only else pdfdocEnc(data)


_UNMAPPED = re.compile("[\x18-\x1f]")  # ASCII control characters reportlab's codec refuses: left to it to raise


def _compress_last_page(canvas) -> None:
    """Compress a finished page's content now instead of at save, so memory holds only compressed pages.

    reportlab keeps every page's content as text until the document is saved;
    for a deck of thousands of cards that text, not the cards, fills memory.
    """
    import zlib

    from reportlab.pdfbase import pdfdoc

    page = canvas._doc.Pages.pages[-1]
    if page.stream is None or page.Contents is not None:
        return
    data = page.stream.encode("utf8") if isinstance(page.stream, str) else page.stream
    stream = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFName("FlateDecode")}), zlib.compress(data))
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


class ChunkedPdfSurface:
    """A PdfSurface that starts a fresh document every `pages_per_chunk` pages and joins them at the end.

    reportlab holds a whole document in memory until it saves; chunks bound that to
    one chunk (symbols and font subsets are simply repeated in each chunk).

    With `on_chunk`, a new chunk starts only where the caller calls `boundary()` (once
    `pages_per_chunk` pages are drawn), and each finished chunk's bytes are passed to
    `on_chunk` before they are joined: another file can then be made from them.
    """

    pages_per_chunk = 150

    def __init__(self, on_chunk: Callable[[bytes], None] | None = None, **options):
        self._options = options
        self._on_chunk = on_chunk
        self._current = PdfSurface(**options)
        self._chunks: list[bytes] = []
        self.pages = 0

    def __getattr__(self, name):
        return getattr(self._current, name)

    def end_page(self) -> None:
        self._current.end_page()
        self.pages += 1
        if self._on_chunk is None:
            self.boundary()

    def boundary(self) -> None:
        """A point where a new chunk may start (the sheet just drawn and its backs are complete)."""
        if self._current.pages >= self.pages_per_chunk:
            self._close_chunk()
            self._current = PdfSurface(**self._options)

    def _close_chunk(self) -> None:
        self._chunks.append(self._current.finish())
        if self._on_chunk is not None:
            self._on_chunk(self._chunks[-1])

    def finish(self) -> bytes:
        from pnp.draw.pdfmerge import merge_pdfs

        if self._current.pages or not self._chunks:
            self._close_chunk()
        return merge_pdfs(self._chunks)
