"""The svgwrite backend of the Surface protocol: one SVG document per page.

Drawing semantics follow the PDF backend: a transform affects what is drawn
after it until the matching restore, so each transform opens a nested group.
Every number is written through `_n`, which refuses NaN and infinity (see pnp.draw.finite).
"""
from __future__ import annotations

import contextlib
import contextvars
import re
from typing import Callable

from pnp.draw import fonts
from pnp.draw.finite import require_finite
from pnp.draw.gradient import stop_opacity

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: str) -> str:
    """Text as XML 1.0 can hold it: a character it cannot (a control character, U+FFFE) becomes U+FFFD, a box
    as the PDF prints it (the font has no glyph for it, a located warning); svgwrite wrote it as it was, and
    the SVG did not open."""
    return _NOT_XML.sub("\ufffd", text)


# bytes of pictures one kind's SVG files hold again: each file holds its pictures itself, so one picture of 10 MB
# on the shared back of 200 cards was 2.8 GB of SVG text (a MemoryError)
MAX_REPEATED_PICTURES = 200_000_000
_repeats: contextvars.ContextVar = contextvars.ContextVar("svg_picture_repeats", default=None)


class SvgLimit(ValueError):
    """More picture data than SVG files are allowed to hold again; the message says what to change."""


@contextlib.contextmanager
def repeated_pictures_bounded():
    """Within: the pictures embedded again in SVG files (after the first file holding each) are counted and
    bounded; past MAX_REPEATED_PICTURES an `SvgLimit`."""
    token = _repeats.set([set(), 0])
    try:
        yield
    finally:
        _repeats.reset(token)


def _n(v: float) -> str:
    require_finite("the SVG surface", v)
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class SvgSurface:
    """Collects pages; `finish()` returns one SVG text per page."""

    def __init__(self, title: str = ""):
        self.title = title
        self.width = self.height = 0.0
        self.documents: list[str] = []
        self._dwg = None
        self._symbols: dict[str, tuple[float, float]] = {}
        self._ids = 0

    # pages -----------------------------------------------------------------------
    def begin_page(self, width: float, height: float) -> None:
        import svgwrite

        self.width, self.height = width, height
        self._dwg = svgwrite.Drawing(size=(f"{_n(width)}pt", f"{_n(height)}pt"), profile="full", debug=False)
        require_finite("begin_page", width, height)
        self._dwg.viewbox(0, 0, width, height)
        if self.title:
            self._dwg.set_desc(title=_xml(self.title))
        self._stack: list = []
        self._group = self._dwg
        self._symbols = {}
        self._images: set[str] = set()
        self._ids = 0
        self._embedded: dict[str, set[str]] = {}  # game font name → the characters this page sets in it

    def _embed(self, font: str, string: str) -> str:
        """Note a game face for this page's @font-face rules; return the CSS family that names `font`."""
        family, _, _, face = fonts.svg_face(font)
        if face is not None:
            self._embedded.setdefault(font, set()).update(string)
        return family

    def end_page(self) -> None:
        if self._embedded:
            self._dwg.defs.add(self._dwg.style(embedded_faces_css(self._embedded)))
        self.documents.append(self._dwg.tostring())
        self._dwg = None

    def set_print_boxes(self, trim, bleed) -> None:
        pass

    def finish(self) -> list[str]:
        return self.documents

    # state -------------------------------------------------------------------------
    def save(self) -> None:
        self._stack.append(self._group)

    def restore(self) -> None:
        self._group = self._stack.pop()

    def _nest(self, **attrs):
        g = self._dwg.g(**attrs)
        self._group.add(g)
        self._group = g

    def translate(self, dx, dy) -> None:
        self._nest(transform=f"translate({_n(dx)},{_n(dy)})")

    def rotate(self, degrees) -> None:
        self._nest(transform=f"rotate({_n(degrees)})")

    def scale(self, sx, sy) -> None:
        self._nest(transform=f"scale({_n(sx)},{_n(sy)})")

    def clip_rect(self, x, y, w, h) -> None:
        self._ids += 1
        cid = f"clip{self._ids}"
        clip = self._dwg.defs.add(self._dwg.clipPath(id=cid))
        clip.add(self._dwg.rect((_n(x), _n(y)), (_n(w), _n(h))))
        self._nest(clip_path=f"url(#{cid})")

    def clip_path(self, commands, *, even_odd=False) -> None:
        self._ids += 1
        cid = f"clip{self._ids}"
        clip = self._dwg.defs.add(self._dwg.clipPath(id=cid))
        clip.add(self._dwg.path(d=_d(commands), **({"clip_rule": "evenodd"} if even_odd else {})))
        self._nest(clip_path=f"url(#{cid})")

    def transform(self, a, b, c, d, e, f) -> None:
        self._nest(transform=f"matrix({','.join(_n(v) for v in (a, b, c, d, e, f))})")

    # paint ---------------------------------------------------------------------------
    @staticmethod
    def _style(fill=None, stroke=None, width=0.5, dash=None, cap="butt", join="miter", even_odd=False, opacity=1.0) -> dict:
        require_finite("paint", width, opacity)
        a = {"fill": fill if fill else "none"}
        if stroke and stroke != "none" and width > 0:
            a["stroke"] = stroke
            a["stroke_width"] = _n(width)
            if dash:
                a["stroke_dasharray"] = ",".join(_n(d) for d in dash)
            if cap != "butt":
                a["stroke_linecap"] = cap
            if join != "miter":
                a["stroke_linejoin"] = join
        if even_odd:
            a["fill_rule"] = "evenodd"
        if opacity < 1:
            a["opacity"] = _n(opacity)
        return a

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.5, radius=0, dash=None, opacity=1) -> None:
        extra = {"rx": _n(min(radius, w / 2, h / 2))} if radius > 0 else {}
        self._group.add(self._dwg.rect((_n(x), _n(y)), (_n(w), _n(h)), **extra,
                                       **self._style(fill, stroke, width, dash, opacity=opacity)))

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=0.5, dash=None, opacity=1) -> None:
        self._group.add(self._dwg.circle((_n(cx), _n(cy)), _n(r), **self._style(fill, stroke, width, dash, opacity=opacity)))

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.5, opacity=1) -> None:
        self._group.add(self._dwg.ellipse((_n(cx), _n(cy)), (_n(rx), _n(ry)), **self._style(fill, stroke, width, opacity=opacity)))

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.5, dash=None, cap="butt") -> None:
        self._group.add(self._dwg.line((_n(x1), _n(y1)), (_n(x2), _n(y2)), **self._style(None, stroke, width, dash, cap)))

    def polygon(self, points, *, closed=True, fill=None, stroke=None, width=0.5, dash=None, join="miter", opacity=1) -> None:
        pts = [(_n(x), _n(y)) for x, y in points]
        if closed:
            self._group.add(self._dwg.polygon(pts, **self._style(fill, stroke, width, dash, join=join, opacity=opacity)))
        else:
            self._group.add(self._dwg.polyline(pts, **self._style(None, stroke, width, dash, join=join, opacity=opacity)))

    def path(self, commands, *, fill=None, stroke=None, width=0.5, even_odd=False, cap="butt", join="miter",
             dash=None, opacity=1) -> None:
        self._group.add(self._dwg.path(d=_d(commands), **self._style(fill, stroke, width, dash, cap, join, even_odd,
                                                                      opacity)))

    def fill_gradient(self, commands, gradient, *, even_odd=False, opacity=1) -> None:
        """The path filled with url(#gradN), a gradient defined in user space (pad at its ends)."""
        if opacity <= 0 or not commands:
            return
        if gradient.degenerate():
            self.path(commands, fill=gradient.last_colour, even_odd=even_odd, opacity=opacity * gradient.last_opacity)
            return
        self._ids += 1
        gid = f"grad{self._ids}"
        attrs = {"id": gid, "gradientUnits": "userSpaceOnUse"}
        if gradient.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            attrs["gradientTransform"] = f"matrix({','.join(_n(v) for v in gradient.matrix)})"
        if gradient.kind == "linear":
            x1, y1, x2, y2 = gradient.coords
            element = self._dwg.linearGradient(**attrs, x1=_n(x1), y1=_n(y1), x2=_n(x2), y2=_n(y2))
        else:
            cx, cy, r = gradient.coords
            element = self._dwg.radialGradient(**attrs, cx=_n(cx), cy=_n(cy), r=_n(r))
        for offset, colour in gradient.stops:
            see_through = stop_opacity(colour)
            element.add_stop_color(offset=_n(offset), color=colour[:7], opacity=None if see_through == 1 else _n(see_through))
        self._dwg.defs.add(element)
        style = self._style(None, None, 0, even_odd=even_odd, opacity=opacity)
        style["fill"] = f"url(#{gid})"
        self._group.add(self._dwg.path(d=_d(commands), **style))

    def text(self, x, y, string, *, font, size, fill="#000000", anchor="start") -> None:
        if not string:
            return
        fonts.note_drawn(string, font)
        _, weight, style, _ = fonts.svg_face(font)
        # the chosen family, then the fallbacks: a browser draws each character from the first that has it
        families = list(dict.fromkeys(self._embed(f, string) for f in (font, *fonts.active().fallback)))
        listed = ", ".join(f"'{f}'" for f in families + ["DejaVu Sans"])
        attrs = {"font_family": f"{listed}, sans-serif", "font_size": _n(size), "fill": fill}
        if weight != "normal":
            attrs["font_weight"] = weight
        if style != "normal":
            attrs["font_style"] = style
        if anchor != "start":
            attrs["text_anchor"] = anchor
        self._group.add(self._dwg.text(_xml(string), insert=(_n(x), _n(y)), **attrs))

    # symbols -------------------------------------------------------------------------
    def has_symbol(self, name: str) -> bool:
        return name in self._symbols

    def define_symbol(self, name: str, width: float, height: float, draw: Callable) -> None:
        if name in self._symbols:
            return
        sym = self._dwg.symbol(id=_symbol_id(name))
        require_finite("define_symbol", width, height)
        sym.viewbox(0, 0, width, height)
        sym["preserveAspectRatio"] = "none"
        sym["overflow"] = "visible"
        self._dwg.defs.add(sym)
        saved_group, saved_stack = self._group, self._stack
        self._group, self._stack = sym, []
        draw(self)
        self._group, self._stack = saved_group, saved_stack
        self._symbols[name] = (width, height)

    def use_symbol(self, name: str, x, y, w, h) -> None:
        use = self._dwg.use(f"#{_symbol_id(name)}", insert=(_n(x), _n(y)), size=(_n(w), _n(h)))
        self._group.add(use)


    # pictures ------------------------------------------------------------------------
    def image(self, picture, x, y, w, h) -> None:
        """The picture goes into <defs> once per SVG file (a data: URI); each drawing is a <use> of it."""
        iid = f"img-{picture.key[:16]}"
        if iid not in self._images:
            _count_repeat(picture)
            image = self._dwg.image(href=picture.data_uri, insert=(0, 0), size=(picture.width, picture.height),
                                    id=iid)
            image["preserveAspectRatio"] = "none"
            self._dwg.defs.add(image)
            self._images.add(iid)
        kx, ky = w / picture.width, h / picture.height  # points per pixel: small numbers, kept to 6 digits
        require_finite("image", kx, ky)
        self._group.add(self._dwg.use(f"#{iid}", transform=f"matrix({kx:.6g},0,0,{ky:.6g},{_n(x)},{_n(y)})"))


def _count_repeat(picture) -> None:
    repeats = _repeats.get()
    if repeats is None:
        return
    seen, used = repeats
    if picture.key not in seen:
        seen.add(picture.key)
        return
    repeats[1] = used = used + len(picture.data_uri)
    if used > MAX_REPEATED_PICTURES:
        raise SvgLimit(f"picture '{picture.name}' ({len(picture.source):,} bytes) is held again in each SVG file "
                       f"that shows it: more than {MAX_REPEATED_PICTURES // 1_000_000} MB of pictures repeated in "
                       "these SVG files; use a smaller picture, or build without svg")


def _d(commands) -> str:
    """Path commands as the d attribute."""
    return " ".join(cmd[0] + " ".join(_n(v) for v in cmd[1:]) for cmd in commands)


def _symbol_id(name: str) -> str:
    import zlib

    readable = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    return f"s-{readable}-{zlib.crc32(name.encode('utf-8')):08x}"


def embedded_faces_css(used: dict[str, set[str]]) -> str:
    """@font-face rules carrying each game face used on a page, subset to its characters, as data: URIs.

    The game's fonts are its own files, not installed anywhere the SVG is opened, so naming them
    would show another face; embedding the subset keeps the SVG faithful to the PDF.
    """
    import base64

    rules = []
    for font in sorted(used):
        family, weight, style, face = fonts.svg_face(font)
        data = base64.b64encode(fonts.subset_bytes(face.data, "".join(sorted(used[font])))).decode("ascii")
        rules.append(f"@font-face {{ font-family: '{family}'; font-weight: {weight}; font-style: {style}; "
                     f"src: url(data:font/ttf;base64,{data}) format('truetype'); }}")
    return "\n".join(rules)
