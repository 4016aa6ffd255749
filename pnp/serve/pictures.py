"""A PDF's pages as preview pictures, each named by a hash of its pixels.

Naming a picture by what it shows means a save that changes one card changes one name: the
page swaps that picture and keeps the rest, and identical pages (copies of a card, a back
shared by a whole deck) are one picture listed with every page that shows it. pdfium draws
a page in a few milliseconds; encoding the PNG costs more, so only pictures not seen before
are encoded. At most MAX_PAGES pages of a file are drawn: a deck of thousands of cards shows
its first pages and says how many more the PDF holds.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

MAX_PAGES = 400  # pages drawn per file


@dataclass
class PagePicture:
    id: str  # 20 hex digits of the sha256 of the size and pixels
    width: int
    height: int
    pages: list[int] = field(default_factory=list)  # 1-based pages that look like this


@dataclass
class FilePictures:
    file: str
    sha256: str
    pages: int  # pages in the PDF
    pictures: list[PagePicture] = field(default_factory=list)
    problem: str = ""  # why the file could not be drawn, if it could not
    drawing: bool = False  # changed; its new pictures are being drawn (the old ones, if any, show meanwhile)

    @property
    def more(self) -> int:
        """Pages of the PDF not drawn (beyond MAX_PAGES)."""
        return max(0, self.pages - MAX_PAGES) if not self.problem else 0


def picture_id(image) -> str:
    digest = hashlib.sha256(f"{image.width}x{image.height}:".encode())
    digest.update(image.tobytes())
    return digest.hexdigest()[:20]


def draw_pdf(file: str, sha256: str, data: bytes, known: dict[str, bytes]) -> tuple[FilePictures, dict[str, bytes]]:
    """The pictures of a PDF's pages, and the PNG bytes of those not in `known` (id → PNG)."""
    import pypdfium2 as pdfium

    from pnp.export.raster import png
    from pnp.preview import open_pdf, preview_scale, render_page, shown_size

    new: dict[str, bytes] = {}
    try:
        doc = open_pdf(data)
    except pdfium.PdfiumError as e:
        return FilePictures(file, sha256, 0, problem=f"pdfium cannot open it ({e})"), new
    try:
        out = FilePictures(file, sha256, len(doc))
        by_id: dict[str, PagePicture] = {}
        for index in range(min(len(doc), MAX_PAGES)):
            page = doc[index]
            try:
                image = render_page(page, preview_scale(*shown_size(page)))
            finally:
                page.close()
            key = picture_id(image)
            if key not in by_id:
                by_id[key] = PagePicture(key, image.width, image.height)
                out.pictures.append(by_id[key])
                if key not in known and key not in new:
                    new[key] = png(image)
            by_id[key].pages.append(index + 1)
        return out, new
    except pdfium.PdfiumError as e:
        return FilePictures(file, sha256, len(doc), problem=f"pdfium cannot draw it ({e})"), {}
    finally:
        doc.close()
