"""Figures of real components: cards drawn as vector art, and pages of other outputs rasterised.

A helper in rules.md creates a request (CardFigure, PageFigure) when it is
called, so a wrong deck, card or file is reported at its line; the story stage
later asks the request for a flowable no wider than the frame.
"""
from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field

from reportlab.platypus import Flowable

from pnp.errors import Collector, SpecErrors
from pnp.rulebook.canvas_surface import flip, surface_for
from pnp.models.units import mm

GAP = mm(5)
MIN_CARD = mm(22)  # below this a row of cards wraps instead of shrinking further
LEAST_TEXT = 5.2   # points: the smallest a card's text may print in a figure (5 pt, and a little to spare)
RASTER_DPI = 200  # pages of other outputs are rendered at this resolution (at least)


@dataclass
class CardFigure:
    deck: object  # ResolvedDeck
    game: object  # GameContext
    ids: list[str]
    side: str
    width: float
    caption: str | None
    one_row: bool = False  # the cover: as many of the cards as one row holds at a legible size

    def faces(self) -> list:
        out = []
        for card_id in self.ids:
            entry = next(e for e in self.deck.cards if e.id == card_id)
            sides = ["front", "back"] if self.side == "both" else [self.side]
            for side in sides:
                face = entry.front if side == "front" else (entry.back or entry.front)
                out.append((entry, face))
        return out

    def flowable(self, max_width: float) -> Flowable:
        return CardRow(self, max_width)


def least_text_size(drawer, deck, items) -> float | None:
    """The smallest size (points, at the card's own size) any text box of these faces is set at:
    each box's text fitted to it as the card draws it."""
    from pnp.draw.text import set_text
    from pnp.layout.boxes import box_geometry

    sizes = []
    for entry, face in items:
        for prepared in drawer.prepare(face, entry, 1):
            box = prepared.box.box
            text = prepared.text if prepared.text is not None else prepared.box.static_text
            if not text or not getattr(box, "size", None):
                continue
            _, _, w, h = box_geometry(box, deck.width, deck.height)
            sizes.append(set_text(text, box.font, box.size, box.min_size, w, h, box.leading).size)
    return min(sizes, default=None)


class CardRow(Flowable):
    """Cards side by side (wrapping to more rows when they would get too small), centred."""

    def __init__(self, request: CardFigure, max_width: float):
        super().__init__()
        from pnp.kinds import kind_of

        self.request = request
        self.report = Collector()
        self.drawer = kind_of(request.game, request.deck).card_drawer(request.game, request.deck, self.report)
        self.items = request.faces()
        deck = request.deck
        n = len(self.items)
        # never so small that the card's text prints under LEAST_TEXT: a reader reads the card it explains
        least = least_text_size(self.drawer, deck, self.items)
        floor = min(max_width, max(MIN_CARD, deck.width * LEAST_TEXT / least if least else 0.0))
        w = max(min(request.width, max_width), floor)
        per_row = n
        if n * w + (n - 1) * GAP > max_width:
            fit = (max_width - (n - 1) * GAP) / n
            if fit >= floor:
                w = fit
            else:
                per_row = max(1, int((max_width + GAP) // (w + GAP)))
        if request.one_row:
            self.items = self.items[:per_row]
        self.per_row = per_row
        self.card_w = w
        self.card_h = w * deck.height / deck.width
        self.rows = math.ceil(len(self.items) / per_row)
        self.width = max_width
        self.height = self.rows * self.card_h + (self.rows - 1) * GAP

    def wrap(self, availWidth, availHeight):
        return self.width, self.height

    def split(self, availWidth, availHeight):  # noqa: N803 — reportlab's names
        """Whole rows of cards on this page, the rest on the next (a figure of many large cards)."""
        rows = int((availHeight + GAP) // (self.card_h + GAP))
        if rows < 1 or rows >= self.rows:
            return []
        head, tail = copy.copy(self), copy.copy(self)
        head.items, tail.items = self.items[:rows * self.per_row], self.items[rows * self.per_row:]
        for part in (head, tail):
            part.rows = math.ceil(len(part.items) / part.per_row)
            part.height = part.rows * part.card_h + (part.rows - 1) * GAP
        return [head, tail]

    def draw(self):
        c = self.canv
        deck = self.request.deck
        s = self.card_w / deck.width
        radius = deck.corner_radius * s
        for i, (entry, face) in enumerate(self.items):
            row, col = divmod(i, self.per_row)
            in_row = min(self.per_row, len(self.items) - row * self.per_row)
            row_w = in_row * self.card_w + (in_row - 1) * GAP
            x = (self.width - row_w) / 2 + col * (self.card_w + GAP)
            top = self.height - row * (self.card_h + GAP)
            c.saveState()
            c.setFillColorRGB(0, 0, 0, alpha=0.18)
            c.roundRect(x + 1.2, top - self.card_h - 1.2, self.card_w, self.card_h, radius, stroke=0, fill=1)
            c.restoreState()
            c.saveState()
            path = c.beginPath()
            path.roundRect(x, top - self.card_h, self.card_w, self.card_h, radius)
            c.clipPath(path, stroke=0, fill=0)
            flip(c, x, top)
            surface = surface_for(c)
            surface.scale(s, s)
            self.drawer.draw(surface, face, entry, 1, 0, 0, bleed=(0, 0, 0, 0))
            c.restoreState()
            c.saveState()
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.setLineWidth(0.4)
            c.roundRect(x, top - self.card_h, self.card_w, self.card_h, radius, stroke=1, fill=0)
            c.restoreState()
        if self.report.errors:
            raise SpecErrors(self.report.errors)


@dataclass
class PageFigure:
    name: str
    pdf: bytes
    page: int
    width: float
    caption: str | None
    crop: bool
    size: tuple[int, int] | None = field(default=None, repr=False)  # of the image made last (pixels): the figure's aspect
    _scaled: dict = field(default_factory=dict, repr=False)  # pixels wide → the image at that width

    def scaled(self, need: int):
        """The figure's image at most `need` pixels wide (and at most RASTER_DPI).

        Made once per width: the rulebook is laid out more than once (for its contents page)
        and each pass draws it. Only the region shown is rendered, at the scale that gives it
        `need` pixels (`rasterise`): a poster page rendered whole at RASTER_DPI and scaled down
        held 31 MB of pixels, and a rulebook showing one took its build from 90 to 140 MB. The image
        goes to reportlab as pixels (no PNG round trip: the PDF names and stores an image by
        its pixels)."""
        if need in self._scaled:  # made for this figure, or for another of the same page (shared)
            self.size = self._scaled[need].size
            return self._scaled[need]
        image = rasterise(self.pdf, self.page, self.crop, need)
        self.size = image.size
        self._scaled[need] = image
        return image

    def flowable(self, max_width: float) -> Flowable:
        return PageImage(self, min(self.width, max_width))


_FIND_DPI = 50  # the page is first rendered this coarsely to find its ink
_PAD = 0.08  # inches of paper shown around the ink (about 2 mm)


def rasterise(pdf: bytes, page_number: int, crop: bool, need: int):
    """The page as an RGB image at most `need` pixels wide: the ink and about 2 mm of paper round it
    when cropped (found on a coarse rendering first), else the whole page. Only that region is
    rendered, at the scale that makes it `need` pixels wide, never more than RASTER_DPI."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[page_number - 1]
        width, height = page.get_size()  # points
        left, bottom, right, top = 0.0, 0.0, width, height
        if crop:
            box = _ink_box(_render(pdfium, page, _FIND_DPI / 72.0))
            if box is not None:
                per = 72.0 / _FIND_DPI  # points a coarse pixel
                pad = 72.0 * _PAD + per  # and one coarse pixel: the ink may end anywhere in it
                left, right = max(0.0, box[0] * per - pad), min(width, box[2] * per + pad)
                top, bottom = min(height, height - box[1] * per + pad), max(0.0, height - box[3] * per - pad)
        scale = min(need / (right - left), RASTER_DPI / 72.0)
        image = _render(pdfium, page, scale, (left, bottom, width - right, height - top))
        page.close()
    finally:
        doc.close()
    return image.convert("RGB")


def _render(pdfium, page, scale: float, cut=(0, 0, 0, 0)):
    """The page at `scale` (pixels a point), less `cut` (points off its left, bottom, right and top),
    as an image of pdfium's own 4-byte pixels, which PIL shares."""
    bitmap = page.render(scale=scale, crop=cut, fill_color=(255, 255, 255, 255), rev_byteorder=True,
                         prefer_bgrx=True, bitmap_maker=pdfium.PdfBitmap.new_native)  # a buffer Python owns
    return bitmap.to_pil()


def _ink_box(image):
    """The bounding box of every pixel that is not white, band by band."""
    from PIL import ImageChops

    boxes = [ImageChops.invert(image.getchannel(band)).getbbox() for band in range(3)]
    boxes = [b for b in boxes if b]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


class PageImage(Flowable):
    """A rasterised page, framed like a sheet of paper, centred."""

    def __init__(self, request: PageFigure, width: float):
        super().__init__()
        self.request = request
        self.img_w = width
        self.frame_width = width

    def wrap(self, availWidth, availHeight):
        self.img_w = min(self.frame_width, availWidth)
        self.request.scaled(self.pixels_wide())
        width, height = self.request.size
        self.img_h = self.img_w * height / width
        self.width = availWidth
        self.height = self.img_h
        return self.width, self.height

    def pixels_wide(self) -> int:
        """At least RASTER_DPI where it is placed; never more pixels than that needs (smaller files)."""
        return int(math.ceil(self.img_w / 72.0 * RASTER_DPI * 1.25))

    def draw(self):
        from reportlab.lib.utils import ImageReader

        c = self.canv
        x = (self.width - self.img_w) / 2
        c.saveState()
        c.setFillColorRGB(0, 0, 0, alpha=0.15)
        c.rect(x + 1.5, -1.5, self.img_w, self.img_h, stroke=0, fill=1)
        c.restoreState()
        c.drawImage(ImageReader(self.request.scaled(self.pixels_wide())), x, 0, self.img_w, self.img_h)
        c.saveState()
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(0.4)
        c.rect(x, 0, self.img_w, self.img_h, stroke=1, fill=0)
        c.restoreState()


# Markdown images ------------------------------------------------------------------------------------
PICTURE_DPI = 150          # a picture's natural size: its pixels at this resolution (then fitted to the frame)
MAX_PIXELS = 4096 * 4096   # 16.7 million: more than a full A4 page at 300 dpi, and a bounded decode
PICTURE_TYPES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".gif": "GIF"}


def image_figure(game, src: str, alt: str, pos):
    """A Markdown image as a figure: PNG, JPEG, WebP or GIF pixels, or SVG art, read from the game folder only."""
    from pathlib import PurePosixPath

    from pnp.errors import SpecError

    suffix = PurePosixPath(src.replace("\\", "/")).suffix.lower()
    caption = alt.strip() or None
    if suffix == ".svg":
        return ArtFigure(game.assets.art(src, pos), src, caption)
    if suffix not in PICTURE_TYPES:
        raise SpecErrors([SpecError(pos, f"image '{src}' must be a .png, .jpg, .webp, .gif or .svg file in the "
                                         "game folder")])
    return PictureFigure(src, load_picture(game.dir, src, pos, PICTURE_TYPES[suffix]), caption)


def load_picture(game_dir, src: str, pos, kind: str):
    """The picture's pixels on white, after the file gate and the picture checks of `pnp.draw.raster`
    (real format, pixel count before decoding, truncation, animation); each failure is located at `pos`."""
    from PIL import Image

    from pnp.draw.raster import read_raster, upright_pixels
    from pnp.errors import SpecError
    from pnp.reading.safepath import IMAGE_BYTES, read_game_bytes

    _, data = read_game_bytes(game_dir, src, pos, "image", IMAGE_BYTES)
    raster = read_raster(data, src, pos, kind)
    if raster.width * raster.height > MAX_PIXELS:
        raise SpecErrors([SpecError(pos, f"image '{src}' is {raster.width} × {raster.height} pixels; at most "
                                         f"{MAX_PIXELS:,} pixels are allowed in the rulebook")])
    im = upright_pixels(raster)
    white = Image.new("RGBA", im.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, im.convert("RGBA")).convert("RGB")


@dataclass
class PictureFigure:
    name: str
    picture: object  # PIL RGB image
    caption: str | None

    _scaled: dict = field(default_factory=dict, repr=False)  # pixels wide → the picture at that width

    @property
    def size(self) -> tuple[int, int]:
        return self.picture.size

    def scaled(self, need: int):
        """The picture at most `need` pixels wide, made once per width (as `PageFigure.scaled`)."""
        if need not in self._scaled:
            image = self.picture
            if image.width > need:
                from PIL import Image

                image = image.resize((need, max(1, round(need * image.height / image.width))), Image.LANCZOS)
            self._scaled[need] = image
        return self._scaled[need]

    def flowable(self, max_width: float) -> Flowable:
        natural = self.picture.width / PICTURE_DPI * 72.0
        return PageImage(self, min(natural, max_width))


@dataclass
class ArtFigure:
    art: object  # pnp.draw.art.Art
    name: str
    caption: str | None

    def flowable(self, max_width: float) -> Flowable:
        return ArtImage(self, max_width)


class ArtImage(Flowable):
    """SVG art from the game folder, drawn as vectors at its own size (CSS pixels), no wider than the frame."""

    def __init__(self, request: ArtFigure, max_width: float):
        super().__init__()
        art = request.art
        self.request = request
        self.art_w = min(art.width * 0.75, max_width)
        self.art_h = self.art_w * art.height / art.width

    def wrap(self, availWidth, availHeight):
        self.art_w = min(self.art_w, availWidth)
        self.art_h = self.art_w * self.request.art.height / self.request.art.width
        self.width = availWidth
        self.height = self.art_h
        return self.width, self.height

    def draw(self):
        from pnp.draw.art import place_art

        c = self.canv
        c.saveState()
        flip(c, (self.width - self.art_w) / 2, self.art_h)
        place_art(surface_for(c), self.request.art, f"rulebook-art:{self.request.name}", 0, 0, self.art_w, self.art_h)
        c.restoreState()
