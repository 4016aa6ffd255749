"""A PDF's pages as preview pictures, each named by a hash of its pixels.

Naming a picture by what it shows means a save that changes one card changes one name: the
page swaps that picture and keeps the rest, and identical pages (copies of a card, a back
shared by a whole deck) are one picture listed with every page that shows it. pdfium draws
a page in a few milliseconds; encoding the PNG costs more, so only pictures not seen before
are encoded. At most MAX_PAGES pages of a file are drawn: a deck of thousands of cards shows
its first pages and says how many more the PDF holds.

A long file need not be drawn to its end before the page shows what changed: `draw_pdf` can
hand over the pictures so far (`progress`) as soon as a page looks new, and then every
PROGRESS_S at most; `so_far` fills the pages not drawn yet with the file's last pictures.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

MAX_PAGES = 400  # pages drawn per file
PROGRESS_S = 0.2  # seconds between two hand-overs of a file's pictures while it is drawn


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


def so_far(drawn: FilePictures, pages_drawn: int, last: FilePictures | None) -> FilePictures:
    """A file being drawn: its pictures of the first `pages_drawn` pages, then the last pictures of
    the pages after them (when there were any), marked as still drawing."""
    out = FilePictures(drawn.file, drawn.sha256, drawn.pages, drawing=True)
    by_id: dict[str, PagePicture] = {}
    for p in drawn.pictures:
        by_id[p.id] = PagePicture(p.id, p.width, p.height, list(p.pages))
    for p in (last.pictures if last is not None and not last.problem else []):
        later = [n for n in p.pages if pages_drawn < n <= min(drawn.pages, MAX_PAGES)]
        if later:
            if p.id not in by_id:
                by_id[p.id] = PagePicture(p.id, p.width, p.height, [])
            by_id[p.id].pages = sorted(by_id[p.id].pages + later)
    out.pictures = sorted(by_id.values(), key=lambda p: p.pages[0])
    return out


def draw_pdf(file: str, sha256: str, data: bytes, known: dict[str, bytes],
             progress=None) -> tuple[FilePictures, dict[str, bytes]]:
    """The pictures of a PDF's pages, and the PNG bytes of those not in `known` (id → PNG).

    `progress(pictures so far, pages drawn, new PNGs so far)` is called, before the end, when a
    page shows a picture not in `known` (a changed page) and then at most every PROGRESS_S."""
    import time

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
        shown_at = None  # when progress last got the pictures
        last_page = min(len(doc), MAX_PAGES)
        for index in range(last_page):
            page = doc[index]
            try:
                image = render_page(page, preview_scale(*shown_size(page)))
            finally:
                page.close()
            key = picture_id(image)
            fresh = False
            if key not in by_id:
                by_id[key] = PagePicture(key, image.width, image.height)
                out.pictures.append(by_id[key])
                if key not in known and key not in new:
                    new[key] = png(image)
                    fresh = True
            by_id[key].pages.append(index + 1)
            if progress and index + 1 < last_page and (fresh or shown_at is not None) and \
                    (shown_at is None or time.monotonic() - shown_at >= PROGRESS_S):
                progress(out, index + 1, dict(new))
                shown_at = time.monotonic()
        return out, new
    except pdfium.PdfiumError as e:
        return FilePictures(file, sha256, len(doc), problem=f"pdfium cannot draw it ({e})"), {}
    finally:
        doc.close()
