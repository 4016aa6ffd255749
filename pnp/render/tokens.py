"""Token sheets: pieces of one size abut in bands (each cut line shared, cut once), crop marks in the
gaps between bands, and a backs page after any page with two-sided pieces, mirrored for duplex.

Every side is drawn once as a symbol and placed as often as needed, so pieces
sharing a named back are identical from behind by construction.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pnp.draw.text import draw_text, layout_text
from pnp.layout.impose import MARK_GAP, MARK_LENGTH, Grid, Placement, back_placement, crop_marks, fit_count
from pnp.layout.paper import MIN_MARGIN, paper_size
from pnp.spec.tokens import Chart, ResolvedPiece, Side, TokenSet, Track
from pnp.spec.units import mm
from pnp.layout.fit import DoesNotFit

BAND_GAP = 2 * (MARK_GAP + MARK_LENGTH) + mm(2)   # room for the crop marks of two bands
EDGE = MIN_MARGIN + MARK_GAP + MARK_LENGTH         # marks must stay inside the page margin
INK = "#1c1c1c"


@dataclass(frozen=True)
class Band:
    """A block of abutting pieces of one size on one page."""

    grid: Grid
    items: tuple[ResolvedPiece, ...]


def layout_pages(pieces: list[ResolvedPiece], page_w: float, page_h: float) -> list[list[Band]]:
    """Pieces in order, grouped by size, packed into bands down the pages."""
    groups: dict[tuple[float, float], list[ResolvedPiece]] = {}
    for p in pieces:
        groups.setdefault((round(p.w, 3), round(p.h, 3)), []).extend([p] * p.spec.count)
    pages: list[list[Band]] = [[]]
    y = EDGE
    for (w, h), items in groups.items():
        cols = fit_count(page_w - 2 * EDGE, w)
        if cols == 0 or fit_count(page_h - 2 * EDGE, h) == 0:
            raise DoesNotFit(f"a {w / mm(1):.0f} × {h / mm(1):.0f} mm piece does not fit on the page")
        while items:
            rows = fit_count(page_h - EDGE - y, h)
            if rows == 0:
                pages.append([])
                y = EDGE
                continue
            rows = min(rows, math.ceil(len(items) / cols))
            used = items[:cols * rows]
            items = items[cols * rows:]
            ncols = min(cols, len(used))
            x0 = (page_w - ncols * w) / 2
            grid = Grid(page_w, page_h, ncols, rows, w, h, x0, y, 0.0, 0.0)
            pages[-1].append(Band(grid, tuple(used)))
            y += rows * h + BAND_GAP
    return [p for p in pages if p]


def token_sheets(s, tokens: TokenSet, assets, paper: str, duplex: str = "long") -> int:
    """Every piece of a token set on sheets; returns the pages drawn."""
    pw, ph = paper_size(paper)
    pages = 0
    for bands in layout_pages(tokens.pieces, pw, ph):
        s.begin_page(pw, ph)
        for band in bands:
            for i, piece in enumerate(band.items):
                p = band.grid.placement(i)
                _place(s, tokens, piece, "front", assets, p.x, p.y)
            for m in crop_marks(band.grid, len(band.items)):
                s.line(m.x1, m.y1, m.x2, m.y2, stroke="#000000", width=0.4)
        _footer(s, tokens, pw, ph, "fronts")
        s.end_page()
        pages += 1
        if any(piece.back for band in bands for piece in band.items):
            s.begin_page(pw, ph)
            for band in bands:
                for i, piece in enumerate(band.items):
                    if piece.back is None:
                        continue
                    b = back_placement(band.grid, band.grid.placement(i), duplex)
                    _place(s, tokens, piece, "back", assets, b.x, b.y, b.rotation)
            _footer(s, tokens, pw, ph, f"backs (print on the reverse, {duplex}-edge duplex)")
            s.end_page()
            pages += 1
    return pages


def symbol_name(tokens: TokenSet, piece: ResolvedPiece, side: str) -> str:
    key = f"back:{piece.back_key}" if side == "back" else f"front:{piece.spec.id}"
    return f"token:{tokens.spec.name}:{key}:{piece.w:.2f}x{piece.h:.2f}"


def _place(s, tokens: TokenSet, piece: ResolvedPiece, side: str, assets, x: float, y: float, rotation: int = 0) -> None:
    name = symbol_name(tokens, piece, side)
    if not s.has_symbol(name):
        face = piece.spec.front if side == "front" else piece.back
        s.define_symbol(name, piece.w, piece.h, lambda surf: draw_piece(surf, piece, face, side, assets))
    if rotation:
        s.save()
        s.translate(x + piece.w / 2, y + piece.h / 2)
        s.rotate(rotation)
        s.use_symbol(name, -piece.w / 2, -piece.h / 2, piece.w, piece.h)
        s.restore()
    else:
        s.use_symbol(name, x, y, piece.w, piece.h)


def _footer(s, tokens: TokenSet, pw, ph, what: str) -> None:
    title = tokens.spec.title or tokens.spec.name
    s.text(pw / 2, ph - mm(3.5), f"{title} — {what} · print at 100 %", font="sans", size=6,
           fill="#757575", anchor="middle")


# --------------------------------------------------------------------------- one piece

def draw_piece(s, piece: ResolvedPiece, face: Side, side: str, assets) -> None:
    """A piece's side in its own w × h box: the fill runs to the cut, the shape's outline inside it."""
    w, h = piece.w, piece.h
    spec = piece.spec
    s.rect(0, 0, w, h, fill=face.fill)
    if side == "front" and spec.chart:
        draw_chart(s, spec.chart, face, w, h, assets)
        return
    if side == "front" and spec.tracks:
        draw_board(s, piece, face, w, h, assets)
        return
    _outline(s, spec.shape, w, h, face.ink)
    inset = min(w, h) * (0.16 if spec.shape in ("circle", "hexagon") else 0.1)
    size = min(w, h)
    label_h = size * 0.2 if face.label else 0
    icon = min(w - 2 * inset, h - 2 * inset - label_h) * (0.85 if face.label else 1)
    if face.icon:
        assets.place_icon(s, face.icon, (w - icon) / 2, inset + (h - 2 * inset - label_h - icon) / 2, icon, face.ink)
    if face.label:
        lay = layout_text(f"**{face.label}**", "condensed", size * 0.15, 4, w - 2 * inset * 0.7, label_h)
        draw_text(s, lay, inset * 0.7, h - inset - label_h * 0.95, w - 2 * inset * 0.7, label_h, align="center",
                  valign="middle", color=face.ink)
    if face.value is not None:
        r = size * 0.14
        cx, cy = w - inset * 0.5 - r * 0.6, inset * 0.5 + r * 0.6
        s.circle(cx, cy, r, fill=face.ink)
        s.text(cx, cy + r * 0.42, str(face.value), font="sans-bold", size=r * 1.25, fill=face.fill, anchor="middle")
    if face.text:
        lay = layout_text(face.text, "sans", size * 0.08, 4, w - 2 * inset, h * 0.3)
        draw_text(s, lay, inset, h - inset - lay.height, w - 2 * inset, lay.height, align="center", color=face.ink,
                  place_icon=lambda name, ix, iy, side: assets.place_icon(s, name, ix, iy, side, face.ink))


def _outline(s, shape: str, w, h, ink) -> None:
    """The cut outline of a shaped piece (squares are cut on the crop marks and need none)."""
    d = min(w, h) * 0.04
    if shape == "circle":
        s.ellipse(w / 2, h / 2, w / 2 - d, h / 2 - d, stroke=ink, width=0.8)
    elif shape == "hexagon":
        r = min(w, h) / 2 - d
        pts = [(w / 2 + r * math.cos(math.radians(60 * k)), h / 2 + r * math.sin(math.radians(60 * k))) for k in range(6)]
        s.polygon(pts, stroke=ink, width=0.8)
    elif shape in ("rounded", "rect"):
        s.rect(d, d, w - 2 * d, h - 2 * d, stroke=ink, width=0.6, radius=min(w, h) * 0.12 if shape == "rounded" else 0)


def draw_board(s, piece: ResolvedPiece, face: Side, w, h, assets) -> None:
    """A player board: a title bar, then one row of numbered boxes per track, then small print."""
    m = mm(3)
    s.rect(m / 2, m / 2, w - m, h - m, stroke=face.ink, width=1.2, radius=mm(2.5))
    bar = mm(11)
    s.rect(m / 2, m / 2, w - m, bar, fill=face.ink, radius=mm(2.5))
    s.rect(m / 2, m / 2 + bar / 2, w - m, bar / 2, fill=face.ink)
    if face.icon:
        assets.place_icon(s, face.icon, m + mm(1), m / 2 + mm(1.5), bar - mm(3), face.fill)
    title = face.label or piece.spec.name or piece.spec.id
    s.text(m + bar + mm(1), m / 2 + bar * 0.68, title, font="serif-bold", size=13, fill=face.fill)
    tracks = piece.spec.tracks
    top = m / 2 + bar + mm(3)
    foot = mm(9) if face.text else 0
    row_h = min(mm(17), (h - top - m - foot) / max(1, len(tracks)))
    for i, t in enumerate(tracks):
        _track(s, t, m + mm(1), top + i * row_h, w - 2 * m - mm(2), row_h - mm(2), assets)
    if face.text:
        lay = layout_text(face.text, "sans", 6.5, 5, w - 2 * m - mm(2), foot)
        draw_text(s, lay, m + mm(1), h - m - foot, w - 2 * m - mm(2), foot, align="center", valign="middle",
                  color=face.ink)


def _track(s, t: Track, x, y, w, h, assets) -> None:
    label_w = mm(16)
    icon = min(h * 0.55, mm(8))
    if t.icon:
        assets.place_icon(s, t.icon, x + (label_w - icon) / 2, y, icon, t.color)
    s.text(x + label_w / 2, y + icon + mm(3), t.name, font="sans-bold", size=7.5, fill=t.color, anchor="middle")
    n = t.max + 1
    box = min((w - label_w) / n - mm(1), h - (mm(3) if t.zero else 0))
    start = t.max if t.start is None else t.start
    for k in range(n):
        bx = x + label_w + k * (box + mm(1))
        fill = "#ffffff" if k else "#eeeeee"
        s.rect(bx, y, box, box, fill=fill, stroke=t.color, width=1.4 if k == start else 0.7, radius=mm(1.2))
        if k == start:
            s.rect(bx + mm(0.8), y + mm(0.8), box - mm(1.6), box - mm(1.6), stroke=t.color, width=0.5,
                   radius=mm(0.8), dash=[1.5, 1])
        s.text(bx + box / 2, y + box * 0.68, str(k), font="sans-bold", size=box * 0.5,
               fill=t.color if k else "#9e9e9e", anchor="middle")
    if t.zero:
        s.text(x + label_w, y + box + mm(2.6), f"0: {t.zero}", font="sans-italic", size=6, fill="#616161")


def draw_chart(s, chart: Chart, face: Side, w, h, assets) -> None:
    """A star chart: arms of round spaces from the rim to a centre, on a night sky."""
    cx, cy = w / 2, h / 2
    s.circle(cx, cy, min(w, h) / 2 - mm(1.5), fill=face.fill, stroke=face.ink, width=1.5)
    rng = random.Random(1926)  # seeded: the same sky in every build
    R = min(w, h) / 2 - mm(6)
    for _ in range(160):
        a, r = rng.uniform(0, 2 * math.pi), R * math.sqrt(rng.random())
        s.circle(cx + r * math.cos(a), cy + r * math.sin(a), rng.uniform(0.25, 0.9), fill="#fff8e1",
                 opacity=rng.uniform(0.3, 0.9))
    for k in (0.5, 0.75, 0.97):
        s.circle(cx, cy, R * k, stroke=face.ink, width=0.4, dash=[1, 2])
    centre_r = R * 0.17
    step = (R - centre_r - mm(2)) / chart.spaces
    space_r = min(step * 0.42, mm(9))
    for arm in range(chart.arms):
        a = math.radians(-90 + 360 * arm / chart.arms)
        ux, uy = math.cos(a), math.sin(a)
        s.line(cx + ux * centre_r, cy + uy * centre_r, cx + ux * (R - mm(2)), cy + uy * (R - mm(2)),
               stroke=face.ink, width=1.2)
        for k in range(chart.spaces):
            d = centre_r + step * (k + 0.5)
            px, py = cx + ux * d, cy + uy * d
            outer = k == chart.spaces - 1
            s.circle(px, py, space_r, fill="#1a237e" if not outer else "#4a148c", stroke=face.ink,
                     width=1.6 if outer else 0.8)
            s.text(px, py + space_r * 0.35, str(k + 1), font="sans-bold", size=space_r * 0.9, fill=face.ink,
                   anchor="middle")
            if outer and chart.icon:
                ic = space_r * 0.7
                assets.place_icon(s, chart.icon, px + ux * space_r * 1.45 - ic / 2, py + uy * space_r * 1.45 - ic / 2,
                                  ic, face.ink)
    s.circle(cx, cy, centre_r, fill="#311b92", stroke=face.ink, width=2)
    if chart.centre_icon:
        ic = centre_r * 1.1
        assets.place_icon(s, chart.centre_icon, cx - ic / 2, cy - ic / 2 - centre_r * 0.12, ic, face.ink)
    if chart.centre_label:
        from pnp.draw.fonts import text_width

        size = min(centre_r * 0.22, centre_r * 1.5 / max(1.0, text_width(chart.centre_label, "condensed", 1)))
        s.text(cx, cy + centre_r * 0.72, chart.centre_label, font="condensed", size=size, fill=face.ink, anchor="middle")
    # words go in the quadrants between the arms, clear of the spaces
    off = centre_r + mm(3)
    q = R * 0.74 - off
    if face.label:
        lay = layout_text(f"**{face.label}**", "serif-bold", 13, 8, q, q * 0.5)
        draw_text(s, lay, cx - off - q, cy - off - q * 0.6, q, q * 0.5, align="right",
                  valign="bottom", color=face.ink)
    if face.text:
        lay = layout_text(face.text, "sans", 7.5, 5, q, q)
        draw_text(s, lay, cx + off, cy + off, q, q, color=face.ink)
