"""Raster art (PNG, JPEG, WebP, GIF) from a game folder: sniffed, bounded, decoded once, ready to embed once.

A game folder is untrusted, so a picture in it is too. Before any pixel is
decoded we know what the file really is (its first bytes, not its name), and
Pillow has read only the header: the pixel count is checked there (Pillow's
own bomb guard is set to our limit and its warning is an error), so a
decompression bomb or a header claiming 100 000 × 100 000 pixels costs
nothing. Truncated files and animations are refused, never half-drawn.

What comes out is a `Raster`: the pixel size as printed (EXIF orientation
applied), the resolution the file records, and the data the PDF backend embeds
as one image XObject (a JPEG's own bytes as DCTDecode, untouched; anything
else as Flate-compressed samples plus an 8-bit soft mask when it has real
transparency). `fitted` is the geometry of placing one in a box (fit,
alignment, rotation, crop) and the resolution it gets there.
"""
from __future__ import annotations

import base64
import hashlib
import io
import math
import re
import warnings
import zlib
from dataclasses import dataclass
from functools import cached_property

from PIL import Image, ImageFile, ImageOps

from pnp.errors import Pos, SpecError, SpecErrors

MAX_BYTES = 20_000_000       # a picture file (as the rulebook's pictures)
MAX_PIXELS = 25_000_000      # 5000 × 5000: an A3 board at 300 ppi; decoding that is ~100 MB, never more
MAX_SIDE = 30_000            # a strip 1 × 25 million pixels is no picture either
DEFAULT_MIN_PPI = 300        # below this a print shows its pixels (PRINTING.md)
NATURAL_PPI = 300            # fit: none, for a file that records no resolution

FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".gif": "GIF"}
SHOWN = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WebP", "GIF": "GIF", "SVG": "SVG"}
MIME = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}
SUFFIX = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp", "GIF": ".gif", "SVG": ".svg"}
FITS = ("contain", "cover", "stretch", "none")
ALIGNS = ("top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right")

# Pillow's guards, set here rather than trusted to its defaults: the bomb check at our limit (its warning,
# between 1× and 2× the limit, is made an error where we open files), and no half-read file ever drawn.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS
ImageFile.LOAD_TRUNCATED_IMAGES = False

_STRIP_ROWS = 256  # samples are compressed a strip at a time, so a big picture is never copied whole


def sniff(data: bytes) -> str | None:
    """What the bytes really are: PNG, JPEG, GIF, WEBP, SVG, or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<") and (b"<svg" in data[:4096] or head.startswith(b"<?xml")):
        return "SVG"
    return None


@dataclass(frozen=True, eq=False)
class Raster:
    """A checked picture: `width` × `height` pixels upright, and its PDF image data.

    `data` is what the PDF stream holds: the JPEG file itself (`filter` DCTDecode) or
    zlib-compressed samples (`filter` FlateDecode) in `colorspace`; `alpha` the soft
    mask's compressed 8-bit samples, or None. `key` names the picture's content, so
    the same file used by many cards is one image in a document.
    """

    name: str
    format: str
    width: int
    height: int
    ppi: float | None
    colorspace: str
    filter: str
    data: bytes
    alpha: bytes | None
    inverted_cmyk: bool
    key: str
    source: bytes
    upright: bool  # the file's pixels are already the right way up (no EXIF turn)

    @cached_property
    def data_uri(self) -> str:
        """The picture for an SVG `href`: the file itself where a browser shows it as printed, else a PNG."""
        if self.upright and not (self.format == "JPEG" and self.colorspace == "DeviceCMYK"):
            return f"data:{MIME[self.format]};base64," + base64.b64encode(self.source).decode("ascii")
        with _opened(self.source, self.format) as im:
            im = _upright(im)
            buf = io.BytesIO()
            im.convert("RGBA" if self.alpha else "RGB").save(buf, format="PNG", optimize=False)
        return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def upright_pixels(raster: Raster) -> Image.Image:
    """The checked picture decoded again, the right way up, as RGB or RGBA (for code that needs pixels)."""
    with _opened(raster.source, raster.format) as im:
        im.load()
        im = _upright(im)
        return im.convert("RGBA" if im.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in im.info
                          else "RGB")


class RasterError(Exception):
    """What is wrong with a picture, in words (the caller locates it)."""


def read_raster(data: bytes, name: str, pos: Pos, expected: str | None = None) -> Raster:
    """Check and decode a picture file's bytes; anything wrong is a SpecErrors at `pos` naming `name`.

    `expected` is the format the file's name promises (None: whatever it is); a file
    whose content is another format is refused, saying what it really is.
    """
    try:
        return _read(data, name, expected)
    except RasterError as e:
        raise SpecErrors([SpecError(pos, f"image '{name}' {e}")]) from None


def _read(data: bytes, name: str, expected: str | None) -> Raster:
    if len(data) > MAX_BYTES:
        raise RasterError(f"is larger than {MAX_BYTES // 1_000_000} MB")
    real = sniff(data)
    if real is None or real == "SVG":
        what = "SVG art" if real == "SVG" else "not a PNG, JPEG, WebP or GIF image"
        raise RasterError(f"is {what}" + (f" although its name ends in {SUFFIX[expected]}" if expected else "")
                          + ("; name it .svg" if real == "SVG" else ""))
    if expected and real != expected:
        raise RasterError(f"is a {SHOWN[real]} file although its name ends in {SUFFIX[expected]}: "
                          f"rename it to end in {SUFFIX[real]}")
    with _opened(data, real) as im:
        width, height = im.size
        orientation = _orientation(im)
        if getattr(im, "is_animated", False):
            raise RasterError(f"is an animated {SHOWN[real]} (more than one frame); a printed card shows one "
                              "picture: save the frame you want as a PNG")
        dpi = im.info.get("dpi")
        # PNG stores pixels per metre: 300 ppi comes back as 299.9994, so keep one decimal
        ppi = round(float(dpi[0]), 1) if isinstance(dpi, tuple) and dpi and isinstance(dpi[0], (int, float)) \
            and 10 <= dpi[0] <= 10000 else None
        try:
            im.load()
        except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError, MemoryError) as e:
            raise RasterError(f"cannot be decoded ({_why(e)}): the file is damaged or cut short; "
                              "export it again") from None
        key = hashlib.sha256(data).hexdigest()
        if orientation in (5, 6, 7, 8):
            width, height = height, width
        if real == "JPEG" and orientation == 1 and im.mode in ("L", "RGB", "CMYK"):
            space = {"L": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK"}[im.mode]
            inverted = im.mode == "CMYK" and "adobe" in im.info
            return Raster(name, real, width, height, ppi, space, "DCTDecode", data, None, inverted, key, data, True)
        space, samples, alpha = _samples(_upright(im) if orientation != 1 else im)
    return Raster(name, real, width, height, ppi, space, "FlateDecode", samples, alpha, False, key, data,
                  orientation == 1)


class _opened:
    """Image.open on bytes of a known format, header only, with Pillow's bomb warning as an error."""

    def __init__(self, data: bytes, fmt: str):
        self.data, self.fmt = data, fmt

    def __enter__(self):
        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            self.im = Image.open(io.BytesIO(self.data), formats=[self.fmt])
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as e:
            self._warnings.__exit__(None, None, None)
            claimed = re.search(r"\((\d+) pixels\)", str(e))  # Pillow names the header's pixel count
            said = f" (its header says {int(claimed.group(1)):,})" if claimed else ""
            raise RasterError(f"has more than {MAX_PIXELS:,} pixels{said}; scale it down (a card at 300 ppi "
                              "needs about 1 million)") from None
        except (OSError, ValueError, SyntaxError, EOFError) as e:
            self._warnings.__exit__(None, None, None)
            raise RasterError(f"is not a readable {SHOWN[self.fmt]} image ({_why(e)})") from None
        w, h = self.im.size
        if w < 1 or h < 1 or w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
            self.__exit__(None, None, None)
            raise RasterError(f"is {w} × {h} pixels; at most {MAX_PIXELS:,} pixels and {MAX_SIDE:,} on a side "
                              "are allowed: scale it down")
        return self.im

    def __exit__(self, *exc):
        if hasattr(self, "im"):
            self.im.close()
        self._warnings.__exit__(*exc)
        return False


def _why(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    return text[:120]


def _orientation(im) -> int:
    try:
        value = im.getexif().get(0x0112, 1)
    except Exception:  # a damaged EXIF block: the picture is drawn as stored
        return 1
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def _upright(im):
    """The picture turned as its EXIF orientation says (as a camera's viewer shows it)."""
    return ImageOps.exif_transpose(im)


def _samples(im) -> tuple[str, bytes, bytes | None]:
    """Colour space, compressed 8-bit samples and compressed alpha (None when fully opaque) of a decoded picture."""
    if im.mode in ("I;16", "I;16B", "I;16L", "I"):
        im = im.convert("I").point(lambda v: v * (1 / 256)).convert("L")
    elif im.mode == "F":
        im = im.convert("L")
    if im.mode == "P" or im.mode == "PA":
        im = im.convert("RGBA" if "transparency" in im.info or im.mode == "PA" else "RGB")
    elif im.mode == "1":
        im = im.convert("L")
    alpha = None
    if im.mode in ("RGBA", "LA", "La", "RGBa"):
        a = im.getchannel("A")
        if a.getextrema() != (255, 255):
            alpha = _compress(a)
        im = im.convert("L" if im.mode in ("LA", "La") else "RGB")
    elif im.mode not in ("L", "RGB"):
        im = im.convert("RGB")
    return ("DeviceGray" if im.mode == "L" else "DeviceRGB"), _compress(im), alpha


def _compress(im) -> bytes:
    out = zlib.compressobj(6)
    parts = []
    for top in range(0, im.height, _STRIP_ROWS):
        parts.append(out.compress(im.crop((0, top, im.width, min(im.height, top + _STRIP_ROWS))).tobytes()))
    parts.append(out.flush())
    return b"".join(parts)


# placing -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """Where a picture goes: the picture's own (uncropped, unturned) box, turned `rotate` degrees about the
    centre of the crop, and the rectangle to clip to (None: nothing sticks out). `ppi` is what it prints at."""

    x: float
    y: float
    w: float
    h: float
    rotate: float
    clip: tuple[float, float, float, float] | None
    ppi: float
    cx: float
    cy: float


def fitted(size: tuple[float, float], x: float, y: float, w: float, h: float, fit: str = "contain",
           align: str = "center", rotate: float = 0, crop: tuple[float, float, float, float] | None = None,
           natural_ppi: float | None = None) -> Placement:
    """Place a picture of `size` (pixels, or an SVG's own units) in the box (x, y, w, h) in points.

    contain shows all of it, as large as fits; cover fills the box and clips; stretch
    fills the box ignoring the aspect ratio; none uses the picture's own print size
    (`natural_ppi` units to the inch, else 300). `align` says where the leftover space goes; `rotate`
    turns the picture (degrees clockwise) before fitting (cover at an angle that is not a
    quarter turn covers the box with the turned picture, centred); `crop` (x, y, width,
    height in pixels) shows only that part of it.
    """
    if fit not in FITS:
        raise ValueError(f"unknown fit '{fit}': use {', '.join(FITS)}")
    if align not in ALIGNS:
        raise ValueError(f"unknown align '{align}': use {', '.join(ALIGNS)}")
    cx0, cy0, cw, ch = crop if crop else (0, 0, *size)
    theta = math.radians(rotate)
    cos, sin = abs(math.cos(theta)), abs(math.sin(theta))
    cos, sin = (0.0 if cos < 1e-12 else cos), (0.0 if sin < 1e-12 else sin)
    bw, bh = cw * cos + ch * sin, cw * sin + ch * cos  # the turned crop's bounding box, in pixels
    if fit == "stretch":
        sx, sy = w / bw, h / bh
    elif fit == "none":
        k = 72.0 / (natural_ppi or NATURAL_PPI)
        sx = sy = k
    elif fit == "cover" and cos and sin:
        # turned at an odd angle, the picture must contain the whole box, not just its bounding box do:
        # then it is centred (the corners of its bounding box are empty, so there is nothing to align)
        k = max((w * cos + h * sin) / cw, (w * sin + h * cos) / ch)
        sx = sy = k
        align = "center"
    else:
        k = (min if fit == "contain" else max)(w / bw, h / bh)
        sx = sy = k
    dw, dh = bw * sx, bh * sy  # the drawn bounding box, in points
    horizontal = "left" if "left" in align else ("right" if "right" in align else "center")
    vertical = "top" if align.startswith("top") else ("bottom" if align.startswith("bottom") else "middle")
    left = x if horizontal == "left" else (x + w - dw if horizontal == "right" else x + (w - dw) / 2)
    top = y if vertical == "top" else (y + h - dh if vertical == "bottom" else y + (h - dh) / 2)
    centre_x, centre_y = left + dw / 2, top + dh / 2
    # un-turned, the crop is drawn at (ux, uy) points per pixel so that, turned, it fills (dw, dh)
    ux, uy = (sy, sx) if fit == "stretch" and sin and not cos else (sx, sy)
    px, py = centre_x - (cx0 + cw / 2) * ux, centre_y - (cy0 + ch / 2) * uy
    clip = None
    if crop or fit in ("cover", "none"):  # what sticks out of the box is cut off
        cl, ct = max(x, left), max(y, top)
        clip = (cl, ct, max(0.0, min(x + w, left + dw) - cl), max(0.0, min(y + h, top + dh) - ct))
    return Placement(px, py, size[0] * ux, size[1] * uy, rotate, clip, 72.0 / max(ux, uy),
                     centre_x, centre_y)


def draw_placed(surface, size: tuple[float, float], p: Placement, put, crop=None) -> None:
    """Draw a fitted picture: clip, turn about its centre, then `put(x, y, w, h)` the whole picture once."""
    if p.clip is None and not p.rotate and crop is None:
        put(p.x, p.y, p.w, p.h)
        return
    surface.save()
    if p.clip is not None:
        surface.clip_rect(*p.clip)
    if p.rotate:
        surface.translate(p.cx, p.cy)
        surface.rotate(p.rotate)
        surface.translate(-p.cx, -p.cy)
    if crop is not None:  # only the crop shows, even turned
        cx0, cy0, cw, ch = crop
        kx, ky = p.w / size[0], p.h / size[1]
        surface.clip_rect(p.x + cx0 * kx, p.y + cy0 * ky, cw * kx, ch * ky)
    put(p.x, p.y, p.w, p.h)
    surface.restore()
