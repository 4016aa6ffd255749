"""Text as it prints: every run of text of a built PDF, its real size and its contrast against
the pixels under it.

The declared colours of a layout cannot say what lies under a text once pictures, gradients and
overlapping pieces are drawn, so this reads the PDF itself with pdfium:

- **Size**: pdfium gives each character's font size and its whole transformation (text matrix
  times the page's current transformation); the printed size is the font size times the
  transformation's vertical scale (the square root of its determinant), so a card drawn at 2/3
  inside a rulebook, or a page placed at a scale, reports what the paper will carry.
- **What is under it**: the page is rendered with every filled text made invisible (its render
  mode set to 3 in memory; stroked-only text, a halo, stays), so the picture is exactly what the
  text stands on — paper, fills, gradients, pictures, other pieces — and no ink or anti-aliased
  edge of the letters themselves is mistaken for background.
- **Contrast**: for each character, the WCAG contrast of its fill colour against each rendered
  pixel of its loose box (its advance × the font's ascent to descent); the character's contrast is
  the median of those, so a hairline under a word does not decide it, while a character half on
  a dark band is judged by the half it mostly sits on. A run's contrast is that of its weakest
  character (the one with the least of its background reading at MIN_CONTRAST): text that is
  legible on part of a gradient and lost on the rest is reported, text legible all along it is not.
  Text drawn only as an outline (no fill) is not judged.

A run is a line of characters of one size, colour and scale. Rendering is at DPI, one pixel a
point (a letter of 6 pt has a box of some 6 × 4 pixels, enough for a median of its background,
and gradients and pictures vary slowly at that scale). A letter that leaves no ink — clipped
away, as a board's labels beyond a tile's edge — is not measured: the page is also rendered with
the text painted in SENTINEL, and a letter whose box is the same in both renderings prints
nothing. Work is bounded: at most MAX_PAGES pages of a file are measured.
"""
from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from functools import cache


MIN_CONTRAST = 4.5   # WCAG 2.x level AA for text; held for every printed size (WCAG lets large text off at 3:1)
DPI = 72
MAX_PAGES = 300   # pages measured in one file (a few seconds a hundred): a deck's sheets repeat its layouts
SENTINEL = (255, 0, 255)  # the colour letters are painted in to see which of them print at all


@dataclass(frozen=True)
class PrintedRun:
    """One run of text as printed."""

    page: int            # 1-based
    text: str
    size: float          # points on paper
    scale: float         # how much its drawing is scaled (1: drawn at its own size)
    ink: str             # #rrggbb, the text's fill colour
    under: str           # #rrggbb, the median background pixel of its weakest character
    contrast: float      # WCAG ratio of its weakest character against the pixels under it


def _hex(rgb) -> str:
    return "#" + "".join(f"{int(v):02x}" for v in rgb[:3])


@cache
def _luminance_table():
    import numpy as np

    v = np.arange(256) / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4).astype(np.float32)


def measure_pdf(data: bytes, dpi: int = DPI, pages: int | None = None) -> list[PrintedRun]:
    """Every run of text on the first `pages` (default MAX_PAGES) pages of a PDF (bytes), page by
    page, in the reading order of pdfium's text page."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        last = min(len(pdf), MAX_PAGES if pages is None else pages)
        return [run for index in range(last) for run in _measure_page(pdf[index], index + 1, dpi)]
    finally:
        pdf.close()


def _measure_page(page, number: int, dpi: int) -> list[PrintedRun]:
    import numpy as np
    import pypdfium2.raw as raw

    chars = _characters(page.get_textpage())
    groups = _runs(chars)
    if not groups:
        return []
    scale = dpi / 72.0
    page.set_rotation(0)   # in memory: pixels then lie as the text page's coordinates do
    filled = _filled_text(page)
    for obj in filled:
        raw.FPDFPageObj_SetFillColor(obj, *SENTINEL, 255)
    marked = _render(page, scale)
    for obj in filled:
        raw.FPDFTextObj_SetTextRenderMode(obj, raw.FPDF_TEXTRENDERMODE_INVISIBLE)
    under = _render(page, scale)
    pixels = under[:, :, 2::-1]   # BGRx → RGB
    lum = _luminance(pixels)
    height, width = lum.shape
    left, _, _, top = page.get_bbox()

    flat = [ch for group in groups for ch in group]
    boxes = np.array([ch["box"] for ch in flat], dtype=float).reshape(-1, 4)
    c0 = np.clip(np.floor((boxes[:, 0] - left) * scale), 0, width - 1).astype(int)
    c1 = np.clip(np.maximum(np.ceil((boxes[:, 2] - left) * scale), c0 + 1), 1, width).astype(int)
    r0 = np.clip(np.floor((top - boxes[:, 3]) * scale), 0, height - 1).astype(int)
    r1 = np.clip(np.maximum(np.ceil((top - boxes[:, 1]) * scale), r0 + 1), 1, height).astype(int)
    corners = (r0, r1, c0, c1)
    # a letter that leaves no ink (clipped away, or off the page) is not printed
    printed = _box_sums(marked.view(np.uint32)[:, :, 0] != under.view(np.uint32)[:, :, 0], corners) > 0
    printed &= np.array([not ch["char"].isspace() for ch in flat])  # a space has no ink of its own
    inks = [ch["ink"] for ch in flat]
    share = np.ones(len(flat))  # of each letter's background pixels, the share it reads against
    for ink in sorted({ink for ink, p in zip(inks, printed) if p}):
        which = np.flatnonzero(np.array([i == ink for i in inks]) & printed)
        top_row, bottom_row = r0[which].min(), r1[which].max()   # only the part of the page these letters cover
        first_col, last_col = c0[which].min(), c1[which].max()
        reads = _contrast_map(lum[top_row:bottom_row, first_col:last_col], ink) >= MIN_CONTRAST - 1e-6
        inside = (r0[which] - top_row, r1[which] - top_row, c0[which] - first_col, c1[which] - first_col)
        share[which] = _box_sums(reads, inside) / ((r1 - r0) * (c1 - c0))[which]

    runs: list[PrintedRun] = []
    at = 0
    for group in groups:
        idx = np.arange(at, at + len(group))
        at += len(group)
        idx = idx[printed[idx]]
        if not len(idx):
            continue
        worst = int(idx[np.argmin(share[idx])])  # the letter with the least background it reads against
        rows, cols = slice(r0[worst], r1[worst]), slice(c0[worst], c1[worst])
        ratio = float(np.median(_contrast_map(lum[rows, cols], inks[worst])))
        under = tuple(int(v) for v in np.median(pixels[rows, cols].reshape(-1, 3), axis=0))
        first = group[0]
        text = "".join(c["char"] for c in group).strip()
        runs.append(PrintedRun(number, text, round(first["size"], 2), round(first["scale"], 3), _hex(first["ink"]),
                               _hex(under), round(ratio, 2)))
    return runs


def _luminance(pixels):
    """WCAG relative luminance of every pixel."""
    import numpy as np

    table = _luminance_table()
    return (np.take(table * np.float32(0.2126), pixels[:, :, 0]) + np.take(table * np.float32(0.7152), pixels[:, :, 1])
            + np.take(table * np.float32(0.0722), pixels[:, :, 2]))


def _contrast_map(lum, ink):
    """The WCAG contrast of `ink` (r, g, b) against each luminance."""
    import numpy as np

    table = _luminance_table()
    own = table[ink[0]] * 0.2126 + table[ink[1]] * 0.7152 + table[ink[2]] * 0.0722
    return (np.maximum(lum, own) + 0.05) / (np.minimum(lum, own) + 0.05)


def _box_sums(mask, corners):
    """How many pixels of `mask` are set inside each box (rows r0:r1, columns c0:c1), by a summed-area table."""
    import numpy as np

    r0, r1, c0, c1 = corners
    table = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.int32)
    table[1:, 1:] = mask.cumsum(axis=0, dtype=np.int32).cumsum(axis=1, dtype=np.int32)
    return table[r1, c1] - table[r0, c1] - table[r1, c0] + table[r0, c0]


def _characters(textpage) -> list:
    """Each drawn character with what a run needs; " " for a space pdfium inferred between words,
    None for a line end it inferred."""
    import pypdfium2.raw as raw

    tp = textpage.raw
    matrix = raw.FS_MATRIX()
    rect = raw.FS_RECTF()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    x, y = ctypes.c_double(), ctypes.c_double()
    out: list = []
    for i in range(textpage.count_chars()):
        code = raw.FPDFText_GetUnicode(tp, i)
        if raw.FPDFText_IsGenerated(tp, i):
            out.append(" " if code == 32 else None)
            continue
        raw.FPDFText_GetMatrix(tp, i, matrix)
        raw.FPDFText_GetFillColor(tp, i, r, g, b, a)
        raw.FPDFText_GetLooseCharBox(tp, i, rect)
        raw.FPDFText_GetCharOrigin(tp, i, x, y)
        scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
        across = math.hypot(matrix.a, matrix.b) or 1.0
        out.append({"char": chr(code) if code else "", "size": raw.FPDFText_GetFontSize(tp, i) * scale,
                    "origin": (x.value, y.value), "along": (matrix.a / across, matrix.b / across),
                    "scale": scale, "ink": (r.value, g.value, b.value), "alpha": a.value,
                    "box": (rect.left, rect.bottom, rect.right, rect.top)})
    return out


def _runs(chars: list) -> list[list[dict]]:
    """Characters grouped into runs: one line, one size, one colour, one scale (a bold word inside
    a sentence stays in it)."""
    runs: list[list[dict]] = [[]]
    for ch in chars:
        if ch == " ":
            if runs[-1]:
                runs[-1].append({**runs[-1][-1], "char": " "})
            continue
        if ch is None or not ch["char"] or ch["alpha"] == 0:
            runs.append([])
            continue
        last = runs[-1][-1] if runs[-1] else None
        if last is not None and _same_run(last, ch):
            runs[-1].append(ch)
        else:
            runs.append([ch])
    return [[c for c in run] for run in runs if "".join(c["char"] for c in run).strip()]


def _same_run(a: dict, b: dict) -> bool:
    """Whether `b` follows `a` on its line: same size, colour and scale, on the same baseline (in the
    text's own direction, so a turned label is one run too), no more than a word space after it."""
    if abs(a["size"] - b["size"]) >= 0.01 or a["ink"] != b["ink"] or abs(a["scale"] - b["scale"]) >= 1e-3:
        return False
    (ux, uy), size = a["along"], b["size"]
    dx, dy = b["origin"][0] - a["origin"][0], b["origin"][1] - a["origin"][1]
    left, bottom, right, top = a["box"]
    advance = abs((right - left) * ux) + abs((top - bottom) * uy)   # a's extent along the line
    return abs(dy * ux - dx * uy) < 0.25 * size and -0.5 * size < dx * ux + dy * uy - advance < 1.2 * size


def _filled_text(page) -> list:
    """The raw handles of every text object that paints its letters (stroked-only text, a halo, is
    part of what lies under them), in forms too."""
    import pypdfium2.raw as raw

    modes = {raw.FPDF_TEXTRENDERMODE_FILL, raw.FPDF_TEXTRENDERMODE_FILL_STROKE,
             raw.FPDF_TEXTRENDERMODE_FILL_CLIP, raw.FPDF_TEXTRENDERMODE_FILL_STROKE_CLIP}
    return [obj.raw for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_TEXT,), max_depth=15)
            if raw.FPDFTextObj_GetTextRenderMode(obj.raw) in modes]


def _render(page, scale: float):
    """The page as rows × columns × BGRx bytes (four a pixel: compared as one number)."""
    import pypdfium2.raw as raw

    return page.render(scale=scale, may_draw_forms=True, force_bitmap_format=raw.FPDFBitmap_BGRx).to_numpy()
