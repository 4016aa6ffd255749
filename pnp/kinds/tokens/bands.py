"""Token sheets laid out: the pieces grouped by size into bands down the pages, each piece with its
own bleed all round, or abutting where pieces of one flat colour may share their cuts, and the
crop marks round each band (at least 5 mm from the paper's edge). Pure placement: drawing is
`pnp.kinds.tokens.draw`'s.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.geometry.fit import DoesNotFit
from pnp.geometry.impose import MARK_GAP, Mark
from pnp.geometry.paper import MIN_MARGIN
from pnp.kinds.tokens.models import ResolvedPiece
from pnp.layout.boxes import box_geometry
from pnp.models.units import mm

MARK_LENGTH = mm(3)                  # short enough that two bands' marks share a narrow gap
FOOTER = mm(4)                       # room under the last band for the footer line
SHARED_BLEED = mm(1)                 # round a band of abutting pieces: the only coloured offcut it leaves
# room for the crop marks of two bands, end to end with 1 mm between them: a band less on the page
# costs more paper than a millimetre more of mark would save (a second row of 90 × 60 mm boards fits Letter)
BAND_GAP = 2 * (MARK_GAP + MARK_LENGTH) + mm(1)


@dataclass(frozen=True)
class Item:
    """One thing cut out of a sheet: a piece's face, a standee's folded body, or a standee's base."""

    piece: ResolvedPiece
    part: str   # "face", "standee" (front and back joined at a fold) or "base"

    @property
    def w(self) -> float:
        return self.piece.w + (2 * mm(6) if self.part == "base" else 0)

    @property
    def h(self) -> float:
        if self.part == "standee":
            return 2 * self.piece.h
        if self.part == "base":
            return self.piece.spec.standee.base
        return self.piece.h

    @property
    def has_back(self) -> bool:
        return self.part == "face" and self.piece.back is not None


@dataclass(frozen=True)
class Band:
    """A block of pieces of one size on one page, `pitch` apart (trim plus twice the bleed), or
    abutting (`shared`: pieces of one flat colour that share every cut, with a thin outer bleed)."""

    items: tuple[Item, ...]
    cols: int
    rows: int
    w: float
    h: float
    x0: float   # trim of the top-left piece
    y0: float
    bleed: float  # the bleed round the band's block (each piece's too, unless `shared`)
    shared: bool = False

    @property
    def gap(self) -> float:
        """Between the trims of two neighbours: none where they share the cut."""
        return 0.0 if self.shared else 2 * self.bleed

    def trim(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        return self.x0 + c * (self.w + self.gap), self.y0 + r * (self.h + self.gap)

    def bleeds(self, i: int) -> tuple[float, float, float, float] | None:
        """The bleed a piece of a `shared` band keeps (left, top, right, bottom): the outer sides only."""
        if not self.shared:
            return None
        r, c = divmod(i, self.cols)
        last_row = r == (len(self.items) - 1) // self.cols
        below = not last_row and i + self.cols >= len(self.items)  # a short last row leaves no piece below
        b = self.bleed
        return (b if c == 0 else 0.0, b if r == 0 else 0.0,
                b if c == self.cols - 1 or i == len(self.items) - 1 else 0.0, b if last_row or below else 0.0)


def edge(bleed: float) -> float:
    """How far a trim line must stay from the paper edge so its marks end MIN_MARGIN from it."""
    return MIN_MARGIN + MARK_LENGTH + MARK_GAP + bleed


def sheet_items(pieces: list[ResolvedPiece]) -> list[Item]:
    items = []
    for p in pieces:
        parts = ("standee", "base") if p.spec.standee else ("face",)
        for _ in range(p.spec.count):
            items.extend(Item(p, part) for part in parts)
    return items


def layout_pages(pieces: list[ResolvedPiece], page_w: float, page_h: float, bleed: float) -> list[list[Band]]:
    """Pieces in order, grouped by size, packed into bands down the pages (a band's last row may be short).
    Pieces of one flat colour that may share their cuts (`shares_cuts`) form bands of their own in
    which they abut, so one cut parts two neighbours and no gutter of coloured offcut lies between them."""
    groups: dict[tuple, list[Item]] = {}
    for it in sheet_items(pieces):
        groups.setdefault((round(it.w, 3), round(it.h, 3), shares_cuts(it)), []).append(it)
    pages: list[list[Band]] = [[]]
    top = None                            # the bleed top of the next band
    for (w, h, shared), items in groups.items():
        b = min(bleed, SHARED_BLEED) if shared else bleed
        e = edge(b)
        pitch = (lambda size: size) if shared else (lambda size: size + 2 * b)  # noqa: E731
        block = lambda n, size: n * pitch(size) + (2 * b if shared else 0)  # noqa: E731  # with its outer bleed
        top = e - b if top is None else top
        bottom = page_h - e - FOOTER + b  # the lowest a band's bleed may reach
        cols = _fit(page_w - 2 * e + 2 * b - (2 * b if shared else 0), pitch(w))
        if cols == 0 or _fit(bottom - (e - b) - (2 * b if shared else 0), pitch(h)) == 0:
            raise DoesNotFit(f"a {w / mm(1):.0f} × {h / mm(1):.0f} mm piece with {bleed / mm(1):.1f} mm bleed "
                             f"does not fit on the page")
        while items:
            rows = _fit(bottom - top - (2 * b if shared else 0), pitch(h))
            if rows == 0:
                pages.append([])
                top = e - b
                continue
            rows = min(rows, math.ceil(len(items) / cols))
            used, items = items[:cols * rows], items[cols * rows:]
            ncols = min(cols, len(used))
            x0 = (page_w - block(ncols, w)) / 2 + b
            pages[-1].append(Band(tuple(used), ncols, rows, w, h, x0, top + b, b, shared))
            top += block(rows, h) + BAND_GAP
    return [p for p in pages if p]


def shares_cuts(item: Item) -> tuple | None:
    """What a piece shows along its cut when every edge is one flat colour on both sides, so that
    pieces showing the same may abut and share a cut: a plain rectangle whose art and words stay
    off the cut (its fills as the key); None for any other piece, which keeps its own bleed."""
    piece = item.piece
    spec = piece.spec
    if item.part != "face" or spec.shape not in ("rect", "square") or spec.tracks or spec.radial:
        return None
    sides = [("front", spec.front)] + ([("back", piece.back)] if piece.back is not None else [])
    for side, face in sides:
        if not isinstance(face.fill, str):
            return None
        if side in piece.layouts:
            layout = piece.layouts[side][0].layout
            if layout.background not in (None, face.fill):
                return None
            near = mm(0.5)
            for rb in layout.boxes:
                x, y, w, h = box_geometry(rb.box, piece.w, piece.h)
                if x <= near or y <= near or x + w >= piece.w - near or y + h >= piece.h - near:
                    return None
    return tuple(face.fill for _, face in sides)


def _fit(space: float, size: float) -> int:
    return max(0, int(math.floor(space / size + 1e-9)))


def crop_marks(band: Band) -> list[Mark]:
    """Marks on the extension of both cut lines of every column and row, outside the bleed of the band's
    pieces; a short last row has its own marks below and beside it, in the paper it leaves empty."""
    b, g, n = band.bleed, MARK_GAP, MARK_LENGTH
    pw, ph = band.w + band.gap, band.h + band.gap
    if band.shared:  # a band of abutting pieces: its block's outer bleed, not a bleed per piece
        top, left = band.y0 - b - g, band.x0 - b - g
        marks = []
        for c in range(band.cols):
            bottom = band.y0 + len(range(c, len(band.items), band.cols)) * ph + b + g
            for cut in {band.x0 + c * pw, band.x0 + (c + 1) * pw}:
                marks += [Mark(cut, top, cut, top - n), Mark(cut, bottom, cut, bottom + n)]
        for r in range(band.rows):
            right = band.x0 + min(band.cols, len(band.items) - r * band.cols) * pw + b + g
            for cut in {band.y0 + r * ph, band.y0 + (r + 1) * ph}:
                marks += [Mark(left, cut, left - n, cut), Mark(right, cut, right + n, cut)]
        return sorted(set(marks), key=lambda m: (m.x1, m.y1, m.x2, m.y2))
    count = len(band.items)
    top = band.y0 - b - g
    left = band.x0 - b - g
    marks = []
    for c in range(band.cols):
        rows_here = len(range(c, count, band.cols))
        bottom = band.y0 + rows_here * ph - b + g
        x = band.x0 + c * pw
        for cut in (x, x + band.w):
            marks += [Mark(cut, top, cut, top - n), Mark(cut, bottom, cut, bottom + n)]
    for r in range(band.rows):
        cols_here = min(band.cols, count - r * band.cols)
        right = band.x0 + cols_here * pw - b + g
        y = band.y0 + r * ph
        for cut in (y, y + band.h):
            marks += [Mark(left, cut, left - n, cut), Mark(right, cut, right + n, cut)]
    return marks
