"""`pnp build --format png`: pictures drawn from the very PDFs the build writes.

Two sorts of picture, both at `--dpi`, each exactly (size in inches × dpi) pixels:
- a piece's faces (`png/<component>/<piece>-<side>.png`), from the generic print-shop PDF
  of the pieces its kind lists (`pnp.render.pieces`), cut to the TrimBox: the piece as it
  looks once cut. A back that every piece of a component shares is written once as `back.png`;
- every page of a kind's sheet PDFs (`png/<file>-<n>.png`): token sheets, board tiles, score
  sheets, dice tiles. The files whose pages are already faces (the card sheets, the print-shop
  file) or are no picture to look at (calibration, the poster of a board that is a piece) are
  left out (`NOT_PICTURED`).

A `PixelBudget` counts pixels before any is drawn, so a dpi that would make the build huge
stops with a clear message instead of filling memory.
"""
from __future__ import annotations

from pnp.draw.pngpages import MAX_TOTAL_PIXELS, PT_PER_IN, RasterLimit, pixel_size, png, render_box

FOLDER = "png"
NOT_PICTURED = ("cards.pdf", "printshop.pdf", "calibration.pdf", "poster.pdf")  # name endings


class PixelBudget:
    """The pixels one build's pictures may take together."""

    def __init__(self, dpi: int, limit: int | None = None):
        self.dpi, self.limit, self.used = dpi, limit or MAX_TOTAL_PIXELS, 0

    def take(self, sizes_pt: list[tuple[float, float]]) -> None:
        need = sum(w * h for w, h in (pixel_size(a, b, self.dpi) for a, b in sizes_pt))
        if self.used + need > self.limit:
            raise RasterLimit(f"PNG at {self.dpi} dpi would take more than {self.limit:,} pixels in all "
                              f"({self.used + need:,}); lower --dpi")
        self.used += need


def pictured(name: str) -> bool:
    return name.endswith(".pdf") and "/" not in name and not name.endswith(NOT_PICTURED)


def sheet_pngs(files: dict[str, bytes], budget: PixelBudget) -> dict[str, bytes]:
    """Every page of each pictured PDF in FILES as `png/<stem>-<n>.png` (`png/<stem>.png` for one page)."""
    import pypdfium2 as pdfium

    from pnp.spool import contents

    out: dict[str, bytes] = {}
    for name in sorted(files):
        if not pictured(name):
            continue
        doc = pdfium.PdfDocument(contents(files[name]))
        try:
            pages = [doc[i] for i in range(len(doc))]
            budget.take([_size(p.get_mediabox()) for p in pages])
            stem = name[:-len(".pdf")]
            for n, page in enumerate(pages, 1):
                shown = f"{stem}.png" if len(pages) == 1 else f"{stem}-{n}.png"
                out[f"{FOLDER}/{shown}"] = png(render_box(page, budget.dpi, "media"), budget.dpi)
        finally:
            doc.close()
    return out


def piece_pngs(pieces: list, budget: PixelBudget, title: str = "") -> dict[str, bytes]:
    """The faces of every piece in `png/<component>/`, with the component and piece names made safe
    file names (`pnp.safename.slug`); a name already taken gets `-2`, `-3`… rather than overwrite."""
    import pypdfium2 as pdfium

    from pnp.draw.pdf import PdfSurface
    from pnp.render.pieces import face_pages, pieces_printshop

    from pnp.safename import slug

    groups: dict[str, list] = {}
    for piece in pieces:
        groups.setdefault(slug(piece.component, piece.what), []).append(piece)
    out: dict[str, bytes] = {}
    for folder, pieces in groups.items():
        refs = face_pages(pieces)
        budget.take([(r.piece.width, r.piece.height) for r in refs])
        surface = PdfSurface(title=f"{title} — {folder}")
        pieces_printshop(surface, pieces)
        doc = pdfium.PdfDocument(surface.finish())
        try:
            images = {r.page: png(render_box(doc[r.page], budget.dpi, "trim"), budget.dpi) for r in refs}
        finally:
            doc.close()
        backs = [images[r.page] for r in refs if r.side == "back"]
        shared_back = len(backs) > 1 and len(backs) == len(pieces) and len(set(backs)) == 1
        if shared_back:
            out[f"{FOLDER}/{folder}/back.png"] = backs[0]
        for r in refs:
            if shared_back and r.side == "back":
                continue
            stem = f"{FOLDER}/{folder}/{slug(r.piece.key or r.piece.name, r.piece.what)}"
            name, n = f"{stem}-{r.side}.png", 1
            while name in out:
                n += 1
                name = f"{stem}-{n}-{r.side}.png"
            out[name] = images[r.page]
    return out


def _size(box) -> tuple[float, float]:
    l, b, r, t = box
    return r - l, t - b


__all__ = ["FOLDER", "PixelBudget", "RasterLimit", "piece_pngs", "sheet_pngs", "PT_PER_IN"]
