"""Token sheets drawn: the bands of `pnp.kinds.tokens.bands` (pieces with their own bleed, or abutting
where they share their cuts) with their crop marks, and a backs page after any page with two-sided
pieces, mirrored for duplex.

Every side is drawn once as a symbol and placed as often as needed, so pieces
sharing a named back are identical from behind by construction. The drawing of one
side (`draw_side`) is also what the print-shop file, the SVG sheets and the piece
list (`pnp.kinds.kind.Piece`) use, so every output shows the same art.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pnp.draw.text import draw_text, set_text
from pnp.errors import Pos
from pnp.geometry.fit import DoesNotFit
from pnp.geometry.paper import MIN_MARGIN, paper_size
from pnp.kinds.sheetwords import right_to_left, say
from pnp.kinds.tokens.bands import Item, crop_marks, layout_pages
from pnp.kinds.tokens.models import Radial, ResolvedPiece, Side, TokenSet, Track
from pnp.models.units import mm

MARK_COLOR = "#000000"
MARK_WIDTH = 0.4
CUT_GUIDE = 0.3                      # width of the thin line on a shaped piece's cut
MIN_SPACE = mm(5)                    # a track space smaller than this cannot hold a marker
SEED = 1926                          # decoration specks: the same in every build
LABEL_SIZE = 6.5                     # points: the least size of a piece's label, above the 6 pt a player reads
CENTRE_LABEL = 6.5                   # points: the least size of a radial track's centre word
ZERO_INK = "#616161"                 # a track's 0 on its grey box: 5.3:1 (WCAG asks 4.5:1)


def token_pages(s, tokens: TokenSet, assets, paper: str, duplex: str = "long") -> int:
    """Every piece of a token set on sheets; returns the pages drawn."""
    pw, ph = paper_size(paper)
    bleed = tokens.spec.bleed
    pages = 0
    for bands in layout_pages(tokens.pieces, pw, ph, bleed):
        s.begin_page(pw, ph)
        for band in bands:
            for i, item in enumerate(band.items):
                x, y = band.trim(i)
                _place(s, tokens, item, "front", assets, x, y, keep=band.bleeds(i))
            for m in crop_marks(band):
                s.line(m.x1, m.y1, m.x2, m.y2, stroke=MARK_COLOR, width=MARK_WIDTH)
        _footer(s, tokens, pw, ph, say("token_fronts"))
        s.end_page()
        pages += 1
        if any(item.has_back for band in bands for item in band.items):
            s.begin_page(pw, ph)
            for band in bands:
                for i, item in enumerate(band.items):
                    if not item.has_back:
                        continue
                    x, y = band.trim(i)
                    keep = band.bleeds(i)
                    if duplex == "short":  # turned over top to bottom: top and bottom bleeds change places
                        keep = keep and (keep[0], keep[3], keep[2], keep[1])
                        _place(s, tokens, item, "back", assets, x, ph - y - item.h, 180, keep=keep)
                    else:  # turned over like a page: left and right change places
                        keep = keep and (keep[2], keep[1], keep[0], keep[3])
                        _place(s, tokens, item, "back", assets, pw - x - item.w, y, keep=keep)
            backs = f"token_backs_{duplex}" if duplex in ("long", "short") else "token_backs_other"
            _footer(s, tokens, pw, ph, say(backs, duplex=duplex))
            s.end_page()
            pages += 1
    return pages


def symbol_name(tokens: TokenSet, item: Item, side: str) -> str:
    piece = item.piece
    key = f"back:{piece.back_key}" if side == "back" else f"{item.part}:{piece.spec.id}"
    return f"token:{tokens.spec.name}:{key}:{piece.w:.2f}x{piece.h:.2f}"


def _place(s, tokens: TokenSet, item: Item, side: str, assets, x: float, y: float, rotation: int = 0,
           keep: tuple[float, float, float, float] | None = None) -> None:
    """One item with its bleed, its trim's top-left corner at (x, y); `keep` (left, top, right,
    bottom, on the page) cuts the bleed back where the item abuts a neighbour."""
    b = tokens.spec.bleed
    W, H = item.w + 2 * b, item.h + 2 * b
    name = symbol_name(tokens, item, side)
    if not s.has_symbol(name):
        s.define_symbol(name, W, H, lambda surf: draw_item(surf, tokens, item, side, assets))
    if keep is not None:
        l, t, r, bt = keep
        s.save()
        s.clip_rect(x - l, y - t, item.w + l + r, item.h + t + bt)
        _place(s, tokens, item, side, assets, x, y, rotation)
        s.restore()
        return
    if rotation:
        s.save()
        s.translate(x + item.w / 2, y + item.h / 2)
        s.rotate(rotation)
        s.use_symbol(name, -W / 2, -H / 2, W, H)
        s.restore()
    else:
        s.use_symbol(name, x - b, y - b, W, H)


def _footer(s, tokens: TokenSet, pw, ph, what: str) -> None:
    title = tokens.spec.title or tokens.spec.name
    words = say("print_foot_tokens", title=title, what=what)
    if right_to_left():  # a right-to-left edition: from the right margin
        s.text(pw - MIN_MARGIN, ph - MIN_MARGIN - mm(0.5), words, font="sans", size=6, fill="#757575", anchor="end")
    else:
        s.text(pw / 2, ph - MIN_MARGIN - mm(0.5), words, font="sans", size=6, fill="#757575", anchor="middle")


# --------------------------------------------------------------------------- one item

def draw_item(s, tokens: TokenSet, item: Item, side: str, assets) -> None:
    """An item with its bleed, on a surface whose origin is the top-left corner of the bleed."""
    b = tokens.spec.bleed
    piece = item.piece
    s.save()
    s.translate(b, b)
    if item.part == "standee":
        _standee(s, piece, b, assets)
    elif item.part == "base":
        _base(s, piece, item.w, item.h, b)
    else:
        draw_side(s, piece, piece.spec.front if side == "front" else piece.back, side, b, assets)
    s.restore()


def draw_side(s, piece: ResolvedPiece, face: Side, side: str, bleed: float, assets) -> None:
    """A piece's side in its trim box (0, 0, w, h): the fill runs `bleed` past the cut on every side."""
    w, h = piece.w, piece.h
    spec = piece.spec
    s.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=face.fill)
    if side in piece.layouts:  # the side's own layout, drawn by the engine cards use; then its cut line
        layout, fields, who = piece.layouts[side]
        layout.draw(s, fields, who, w, h, bleed)
        _cut_guide(s, piece, w, h, face.ink, assets)
        return
    if side == "front" and spec.radial:
        draw_radial(s, spec.radial, face, w, h, assets)
        return
    if side == "front" and spec.tracks:
        draw_board(s, piece, face, w, h, assets)
        return
    _outline(s, piece, w, h, face.ink, assets)
    inset = min(w, h) * (0.16 if spec.shape in ("circle", "hexagon", "custom") else 0.1)
    size = min(w, h)
    label_size = max(LABEL_SIZE, size * 0.15)
    label_h = max(size * 0.2, label_size * 1.25) if face.label else 0
    text_h = 0.0
    text_lay = None
    if face.text:
        text_lay = set_text(face.text, face.font, size * 0.08, 4, w - 2 * inset, h * 0.3)
        text_h = text_lay.height
    icon = min(w - 2 * inset, h - 2 * inset - label_h - text_h) * (0.85 if face.label else 1)
    art_x, art_y = (w - icon) / 2, inset + (h - 2 * inset - label_h - text_h - icon) / 2
    if face.image:
        assets.place_art(s, face.image, Pos(face.image), art_x, art_y, icon, icon)
    elif face.icon:
        assets.place_icon(s, face.icon, art_x, art_y, icon, face.ink)
    if face.label:
        top = h - inset - text_h - label_h * 0.95
        label_w = min(w - 2 * inset * 0.7, _width_inside(spec.shape, w, h, top, top + label_h) - mm(1))
        lay = set_text(f"**{face.label}**", "condensed", label_size, 6, label_w, label_h)
        draw_text(s, lay, (w - label_w) / 2, top, label_w, label_h,
                  align="center", valign="middle", color=face.ink, place_icon=_inline(s, assets, face.ink))
    if face.value is not None:
        r = size * 0.14
        cx, cy = w - inset * 0.5 - r * 0.6, inset * 0.5 + r * 0.6
        s.circle(cx, cy, r, fill=face.ink)
        s.text(cx, cy + r * 0.42, str(face.value), font="sans-bold", size=r * 1.25, fill=face.fill, anchor="middle")
    if text_lay is not None:
        draw_text(s, text_lay, inset, h - inset - text_h, w - 2 * inset, text_h, align="center", color=face.ink,
                  place_icon=_inline(s, assets, face.ink))


def side_fields(piece: ResolvedPiece, face: Side, side: str, parameters: dict) -> dict:
    """What a side's layout reads: the side's own keys (fill, ink, icon, image, label, value,
    text), its `fields:`, `piece` (id, name, count, shape), `side` and the game's `parameters`."""
    ctx = {key: getattr(face, key) for key in ("fill", "ink", "icon", "image", "label", "value", "text")}
    ctx.update(face.fields)
    ctx["piece"] = {"id": piece.spec.id, "name": piece.name, "count": piece.spec.count, "shape": piece.spec.shape}
    ctx["side"] = side
    ctx["parameters"] = parameters
    return ctx


def _inline(s, assets, ink: str):
    return lambda name, ix, iy, side: assets.place_icon(s, name, ix, iy, side, ink)


def _outline(s, piece: ResolvedPiece, w, h, ink, assets) -> None:
    """A frame inside the cut, and a thin guide on the cut of a piece that is not cut on the crop marks."""
    shape = "rect" if piece.spec.standee else piece.spec.shape   # a standee's sides meet at the fold: square
    d = min(w, h) * 0.04
    if shape == "circle":
        s.ellipse(w / 2, h / 2, w / 2 - d, h / 2 - d, stroke=ink, width=0.8)
    elif shape == "hexagon":
        s.polygon(hexagon(w, h, d), stroke=ink, width=0.8)
    elif shape in ("rounded", "rect"):
        radius = corner_radius(piece)
        s.rect(d, d, w - 2 * d, h - 2 * d, stroke=ink, width=0.6, radius=max(0.0, radius - d) if radius else 0)
    _cut_guide(s, piece, w, h, ink, assets)


def _cut_guide(s, piece: ResolvedPiece, w, h, ink, assets) -> None:
    """The thin line on the cut of a piece that is not cut on the crop marks (round, hexagonal,
    rounded, custom)."""
    shape = "rect" if piece.spec.standee else piece.spec.shape
    if shape == "circle":
        s.ellipse(w / 2, h / 2, w / 2, h / 2, stroke=ink, width=CUT_GUIDE)
    elif shape == "hexagon":
        s.polygon(hexagon(w, h, 0), stroke=ink, width=CUT_GUIDE)
    elif shape in ("rounded", "rect") and corner_radius(piece):
        s.rect(0, 0, w, h, stroke=ink, width=CUT_GUIDE, radius=corner_radius(piece))
    elif shape == "custom":
        s.path(custom_outline(piece, assets), stroke=ink, width=CUT_GUIDE)


def fill_cut(s, piece: ResolvedPiece, assets, color: str = "#000000") -> None:
    """The area inside the piece's cut line, filled, in its trim box (0, 0, w, h): what a tabletop keeps of
    its picture (`pnp export tts` cuts a token to it)."""
    w, h = piece.w, piece.h
    shape = piece.spec.shape
    if shape == "circle":
        s.ellipse(w / 2, h / 2, w / 2, h / 2, fill=color)
    elif shape == "hexagon":
        s.polygon(hexagon(w, h, 0), fill=color)
    elif shape == "custom":
        s.path(custom_outline(piece, assets), fill=color)
    else:
        s.rect(0, 0, w, h, fill=color, radius=corner_radius(piece))


def corner_radius(piece: ResolvedPiece) -> float:
    return min(piece.w, piece.h) * 0.12 if piece.spec.shape == "rounded" and not piece.spec.standee else 0.0


def _width_inside(shape: str, w: float, h: float, top: float, bottom: float) -> float:
    """How wide a band from `top` to `bottom` may be and stay inside the piece's cut: the chord of a
    circle or a hexagon (corners left and right) at the band's edge furthest from the centre."""
    if shape not in ("circle", "hexagon"):
        return w
    r = min(w, h) / 2
    d = min(r, max(abs(top - h / 2), abs(bottom - h / 2)))
    if shape == "circle":
        return 2 * math.sqrt(max(0.0, r * r - d * d))
    return 2 * max(0.0, r - d / math.sqrt(3))


def hexagon(w: float, h: float, inset: float) -> list[tuple[float, float]]:
    """A hexagon with corners left and right, as wide as the piece (less `inset`), centred."""
    r = min(w, h) / 2 - inset
    return [(w / 2 + r * math.cos(math.radians(60 * k)), h / 2 + r * math.sin(math.radians(60 * k)))
            for k in range(6)]


def custom_outline(piece: ResolvedPiece, assets) -> list:
    """The paths of the piece's outline SVG, stretched to its trim box: the cut line."""
    from pnp.draw.art.transform import map_commands

    art = assets.art(piece.spec.outline, Pos(piece.spec.outline))
    m = (piece.w / art.width, 0.0, 0.0, piece.h / art.height, 0.0, 0.0)
    commands: list = []
    for shape in art.shapes:
        commands.extend(map_commands(shape.commands, m))
    return commands


# --------------------------------------------------------------------------- standees

def _standee(s, piece: ResolvedPiece, bleed: float, assets) -> None:
    """Back upside down on top, front below, joined at a dashed fold line: folded, they stand back to back."""
    w, h = piece.w, piece.h
    s.save()
    s.translate(w / 2, h / 2)
    s.rotate(180)
    s.translate(-w / 2, -h / 2)
    draw_side(s, piece, piece.back, "back", bleed, assets)
    s.restore()
    s.save()
    s.translate(0, h)
    s.clip_rect(-bleed, 0, w + 2 * bleed, h + bleed)
    draw_side(s, piece, piece.spec.front, "front", bleed, assets)
    s.restore()
    s.line(-bleed, h, w + bleed, h, stroke="#9e9e9e", width=0.5, dash=[3, 2])
    s.text(w / 2, h - mm(0.8), say("fold"), font="sans", size=6, fill="#616161", anchor="middle")


def _base(s, piece: ResolvedPiece, w: float, h: float, bleed: float) -> None:
    """A strip as wide as the piece plus 6 mm each end, its slot cut marked along the middle."""
    face = piece.spec.front
    s.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=face.fill)
    s.rect(mm(1), mm(1), w - mm(2), h - mm(2), stroke=face.ink, width=0.6, radius=mm(1))
    x1, x2 = (w - piece.w) / 2 - mm(0.25), (w + piece.w) / 2 + mm(0.25)
    s.line(x1, h / 2, x2, h / 2, stroke=face.ink, width=0.8)
    for x in (x1, x2):
        s.line(x, h / 2 - mm(1.5), x, h / 2 + mm(1.5), stroke=face.ink, width=0.5)
    s.text(w / 2, h / 2 - mm(1.2), say("cut_slot"), font="sans", size=5, fill=face.ink, anchor="middle")


# --------------------------------------------------------------------------- player boards

def draw_board(s, piece: ResolvedPiece, face: Side, w, h, assets) -> None:
    """A player board: a title bar, then one block of numbered spaces per track, then small print."""
    m = mm(3)
    s.rect(m / 2, m / 2, w - m, h - m, stroke=face.ink, width=1.2, radius=mm(2.5))
    bar = mm(11)
    s.rect(m / 2, m / 2, w - m, bar, fill=face.ink, radius=mm(2.5))
    s.rect(m / 2, m / 2 + bar / 2, w - m, bar / 2, fill=face.ink)
    if face.image:
        assets.place_art(s, face.image, Pos(face.image), m + mm(1), m / 2 + mm(1.5), bar - mm(3), bar - mm(3))
    elif face.icon:
        assets.place_icon(s, face.icon, m + mm(1), m / 2 + mm(1.5), bar - mm(3), face.fill)
    title = face.label or piece.spec.name or piece.spec.id
    lay = set_text(f"**{title}**", "serif", 13, 7, w - 2 * m - bar - mm(2), bar - mm(2))
    draw_text(s, lay, m + bar + mm(1), m / 2 + mm(1), w - 2 * m - bar - mm(2), bar - mm(2), valign="middle",
              color=face.fill)
    for t, (x, y, tw, th) in zip(piece.spec.tracks, track_boxes(piece, bool(face.text))):
        _track(s, t, x, y, tw, th, assets)
    if face.text:
        foot = mm(9)
        lay = set_text(face.text, face.font, 6.5, 5, w - 2 * m - mm(2), foot)
        draw_text(s, lay, m + mm(1), h - m - foot, w - 2 * m - mm(2), foot, align="center", valign="middle",
                  color=face.ink, place_icon=_inline(s, assets, face.ink))


TRACK_LABEL = mm(16)


def track_boxes(piece: ResolvedPiece, with_text: bool) -> list[tuple[float, float, float, float]]:
    """The box (x, y, w, h) of each track on a board, top to bottom."""
    m = mm(3)
    w, h = piece.w, piece.h
    top = m / 2 + mm(11) + mm(3)
    foot = mm(9) if with_text else 0
    tracks = piece.spec.tracks
    row_h = (h - top - m - foot) / max(1, len(tracks))
    return [(m + mm(1), top + i * row_h, w - 2 * m - mm(2), row_h - mm(2)) for i in range(len(tracks))]


def track_grid(t: Track, w: float, h: float) -> tuple[int, int, float] | None:
    """(rows, spaces per row, space size) for a track in a w × h box, or None when it cannot fit:
    one row if the spaces are at least MIN_SPACE there, else as few rows as make them so."""
    n = t.max + 1
    zero = mm(3) if t.zero else 0
    avail_w = w - TRACK_LABEL
    for rows in range(1, n + 1):
        per = math.ceil(n / rows)
        box = min(avail_w / per - mm(1), (h - zero) / rows - mm(1) * (rows > 1), mm(12))
        if box >= MIN_SPACE:
            return rows, per, box
        if (h - zero) / (rows + 1) < MIN_SPACE:
            return None
    return None


def track_problems(piece: ResolvedPiece) -> list[tuple[int, str]]:
    """(track index, why) for every track of a board that cannot fit."""
    out = []
    for j, (t, (_, _, tw, th)) in enumerate(zip(piece.spec.tracks, track_boxes(piece, bool(piece.spec.front.text)))):
        if track_grid(t, tw, th) is None:
            out.append((j, f"track '{t.name}': {t.max + 1} spaces of at least {MIN_SPACE / mm(1):.0f} mm do not fit "
                            f"the {tw / mm(1):.0f} × {max(0.0, th) / mm(1):.0f} mm the board gives it; make the board "
                            f"larger, the track shorter or the tracks fewer"))
    return out


def _track(s, t: Track, x, y, w, h, assets) -> None:
    grid = track_grid(t, w, h)
    if grid is None:
        raise DoesNotFit(f"track '{t.name}' does not fit its board")
    rows, per, box = grid
    icon = min(h * 0.55, mm(8))
    if t.icon:
        assets.place_icon(s, t.icon, x + (TRACK_LABEL - icon) / 2, y, icon, t.color)
    s.text(x + TRACK_LABEL / 2, y + icon + mm(3), t.name, font="sans-bold", size=7.5, fill=t.color, anchor="middle")
    start = t.max if t.start is None else t.start
    for k in range(t.max + 1):
        r, c = divmod(k, per)
        bx, by = x + TRACK_LABEL + c * (box + mm(1)), y + r * (box + mm(1))
        marked = t.every is not None and k and k % t.every == 0
        fill = "#eeeeee" if not k else (t.color if marked else "#ffffff")
        s.rect(bx, by, box, box, fill=fill, stroke=t.color, width=1.4 if k == start else 0.7, radius=mm(1.2))
        if k == start:
            s.rect(bx + mm(0.8), by + mm(0.8), box - mm(1.6), box - mm(1.6), stroke="#ffffff" if marked else t.color,
                   width=0.5, radius=mm(0.8), dash=[1.5, 1])
        s.text(bx + box / 2, by + box * 0.68, str(k), font="sans-bold", size=box * 0.5,
               fill="#ffffff" if marked else (t.color if k else ZERO_INK), anchor="middle")
    if t.zero:
        s.text(x + TRACK_LABEL, y + rows * (box + mm(1)) - mm(1) + mm(2.6), f"0: {t.zero}", font="sans-italic",
               size=6, fill="#616161")


# --------------------------------------------------------------------------- radial tracks

@dataclass(frozen=True)
class RadialGeometry:
    cx: float
    cy: float
    R: float          # the disc's working radius (arms end inside it)
    centre_r: float
    step: float
    space_r: float
    panels: tuple[tuple[float, float, float, float], ...]   # label panel, text panel (x, y, w, h)


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#") if colour.startswith("#") else "ffffff"   # 'none' reads as the paper
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _shade(colour: str, k: float) -> str:
    """The colour with every channel times k (k < 1 darker, k > 1 lighter)."""
    return "#{:02x}{:02x}{:02x}".format(*(min(255, round(v * k)) for v in _rgb(colour)))


def _luma(colour: str) -> float:
    r, g, b = (v / 255 for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def radial_geometry(r: Radial, w: float, h: float) -> RadialGeometry:
    """Where everything of a radial track goes. The label and text panels are squares in the gaps between
    arms, as large as keeps them inside the disc and clear of the spaces."""
    cx, cy = w / 2, h / 2
    R = min(w, h) / 2 - mm(6)
    centre_r = R * 0.17
    step = (R - centre_r - mm(2)) / r.spaces
    space_r = min(step * 0.42, mm(9))
    alpha = math.pi / r.arms                   # half the angle between two arms
    clear = space_r + mm(2)
    d = (R + clear) / (1 + math.sin(alpha))    # a panel's centre, from the disc centre
    half = max(0.0, min(R - mm(2) - d, d * math.sin(alpha) - clear) / math.sqrt(2))
    panels = []
    for gap in (r.arms - 1, (r.arms - 1 + r.arms // 2) % r.arms):   # the gap up-left, then the one opposite
        a = math.radians(-90 + 360 * (gap + 0.5) / r.arms)
        px, py = cx + d * math.cos(a), cy + d * math.sin(a)
        panels.append((px - half, py - half, 2 * half, 2 * half))
    return RadialGeometry(cx, cy, R, centre_r, step, space_r, tuple(panels))


def draw_radial(s, r: Radial, face: Side, w, h, assets, words: bool = True) -> None:
    """Arms of round spaces from the rim to a centre on a disc; the side's label and text on panels in
    the gaps between arms (`words=False` leaves the panels empty: how the tests find overprinting)."""
    g = radial_geometry(r, w, h)
    cx, cy, R = g.cx, g.cy, g.R
    s.circle(cx, cy, min(w, h) / 2 - mm(1.5), fill=face.fill, stroke=face.ink, width=1.5)
    rng = random.Random(SEED)
    for _ in range(r.dots):
        a, d = rng.uniform(0, 2 * math.pi), R * math.sqrt(rng.random())
        size, opacity = rng.uniform(0.25, 0.9), rng.uniform(0.3, 0.9)
        s.circle(cx + d * math.cos(a), cy + d * math.sin(a), size, fill=r.dot_color, opacity=opacity)
    for k in range(r.rings):   # from half the radius out to the rim
        s.circle(cx, cy, R * (0.97 - 0.47 * (r.rings - 1 - k) / max(1, r.rings - 1)), stroke=face.ink, width=0.4,
                 dash=[1, 2])
    space = r.space or _shade(face.fill, 1.6 if _luma(face.fill) < 0.3 else 0.85)
    start = r.start or space
    for arm in range(r.arms):
        a = math.radians(-90 + 360 * arm / r.arms)
        ux, uy = math.cos(a), math.sin(a)
        s.line(cx + ux * g.centre_r, cy + uy * g.centre_r, cx + ux * (R - mm(2)), cy + uy * (R - mm(2)),
               stroke=face.ink, width=1.2)
        for k in range(r.spaces):       # k = 0 is the space nearest the centre
            d = g.centre_r + g.step * (k + 0.5)
            px, py = cx + ux * d, cy + uy * d
            rim = k == r.spaces - 1
            s.circle(px, py, g.space_r, fill=start if rim else space, stroke=face.ink, width=1.6 if rim else 0.8)
            word = r.labels[k] if r.labels else str(k + 1)
            lay = set_text(word, "sans-bold", g.space_r * 0.9, 3, g.space_r * 1.6, g.space_r * 1.2)
            draw_text(s, lay, px - g.space_r * 0.8, py - g.space_r * 0.6, g.space_r * 1.6, g.space_r * 1.2,
                      align="center", valign="middle", color=face.ink, place_icon=_inline(s, assets, face.ink))
            if rim and r.icon:
                ic = min(g.space_r * 0.7, mm(6) - mm(0.5))
                far = g.space_r + ic / 2 + mm(0.5)
                assets.place_icon(s, r.icon, px + ux * far - ic / 2, py + uy * far - ic / 2, ic, face.ink)
    s.circle(cx, cy, g.centre_r, fill=r.centre.fill or _shade(face.fill, 0.8 if _luma(face.fill) > 0.3 else 2.2),
             stroke=face.ink, width=2)
    icon, label = centre_layout(r, g)
    if icon is not None:
        ix, iy, ic = icon
        assets.place_icon(s, r.centre.icon, ix, iy, ic, face.ink)
    if label is not None:
        lay, lx, ly, lw, lh = label
        draw_text(s, lay, lx, ly, lw, lh, align="center", valign="middle",
                  color=face.ink, place_icon=_inline(s, assets, face.ink))
    for (words_, font, size, align, valign), box in zip(_words(face), g.panels):
        if not words_:
            continue
        x, y, bw, bh = text_box(box)
        lay = set_text(words_, font, size, 5, bw, bh)
        tx, ty, tw, th = text_extent(lay, x, y, bw, bh, align, valign)
        pad = mm(1.5)   # a knock-out under the words: no ring or speck runs through them
        s.rect(tx - pad, ty - pad, tw + 2 * pad, th + 2 * pad, fill=face.fill, radius=pad)
        if words:
            draw_text(s, lay, x, y, bw, bh, align=align, valign=valign, color=face.ink,
                      place_icon=_inline(s, assets, face.ink))


def centre_layout(r: Radial, g: RadialGeometry):
    """Where the centre's icon and word go: ((x, y, size) | None, (layout, x, y, w, h) | None).

    The word is set at its size (a fifth of the centre's radius, never under CENTRE_LABEL) and
    placed as low as the circle leaves it room, every corner of its box clear of the ring; a word
    too long for one line wraps, and shrinks only as far as 6 pt. The icon takes the room above."""
    cx, cy, radius = g.cx, g.cy, g.centre_r
    inner = radius - 1.0 - mm(0.8)      # inside the ring's 2 pt line, with a clear margin
    icon = (cx - radius * 0.55, cy - radius * 0.67, radius * 1.1) if r.centre.icon else None
    if not r.centre.label:
        return icon, None
    size = max(CENTRE_LABEL, radius * 0.22)
    lay = set_text(r.centre.label, "condensed", size, 6.0, 2 * inner * 0.9, 2 * size * 1.2)
    tw, lh = max(lay.line_widths, default=0.0) + mm(1), lay.height
    half = min(tw / 2, inner * 0.95)
    if icon is None:
        top = cy - lh / 2
    else:                           # as low as the chord at the box's lower edge is as wide as the word
        top = cy + math.sqrt(max(0.0, inner ** 2 - half ** 2)) - lh
        room = top - mm(0.5) - (cy - inner)          # above the word, inside the ring
        ic = min(radius * 1.1, room * 0.95, inner * 1.2)
        icon = (cx - ic / 2, cy - inner + (room - ic) / 2 + mm(0.3), ic)
    return icon, (lay, cx - half, top, 2 * half, lh)


def _words(face: Side) -> list[tuple[str | None, str, float, str, str]]:
    """(text, font, size, align, valign) for the label panel and the text panel."""
    return [(f"**{face.label}**" if face.label else None, "serif", 13, "right", "bottom"),
            (face.text, face.font, 7.5, "left", "top")]


def radial_text_extents(r: Radial, face: Side, w: float, h: float) -> list[tuple[float, float, float, float]]:
    """The boxes the radial track's words cover (what nothing else may be drawn over)."""
    g = radial_geometry(r, w, h)
    out = []
    for (words_, font, size, align, valign), box in zip(_words(face), g.panels):
        if words_:
            x, y, bw, bh = text_box(box)
            out.append(text_extent(set_text(words_, font, size, 5, bw, bh), x, y, bw, bh, align, valign))
    return out


def text_extent(lay, x, y, w, h, align: str, valign: str) -> tuple[float, float, float, float]:
    """The box a laid-out text covers when drawn in (x, y, w, h) with this alignment."""
    tw = max(lay.line_widths, default=0.0)
    tx = x + {"left": 0.0, "center": (w - tw) / 2, "right": w - tw}[align]
    ty = y + {"top": 0.0, "middle": (h - lay.height) / 2, "bottom": h - lay.height}[valign]
    return tx, ty, tw, lay.height


def text_box(panel: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Where the words go inside a panel."""
    x, y, w, h = panel
    return x + mm(2), y + mm(2), w - mm(4), h - mm(4)

