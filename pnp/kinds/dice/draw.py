"""Dice on paper: one face's art, tile sheets (stickers for LEGO dice tiles) and paper-die nets.

A face shows every part legibly at 15 mm: its colours fill the tile (two
colours split it diagonally), one picture fills it, two sit on the diagonal
(one in each colour's half), three in a triangle, and a number beside pictures
goes in a corner badge. Black ink that would sit on a dark colour gets a white
disc behind it, so symbols stay readable on red and blue tiles.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from pnp.draw import fonts
from pnp.geometry.cubenet import cube_net, net_size
from pnp.geometry.paper import paper_size
from pnp.kinds.dice.models import Face, ResolvedDice, ResolvedDie
from pnp.kinds.sheetwords import line_from_end, line_from_start, right_to_left, say
from pnp.models.units import mm, to_mm
from pnp.geometry.fit import DoesNotFit

INK = "#000000"
WHITE = "#ffffff"
CUT = "#4d4d4d"          # tile cut lines: visible, but lighter than the art
CUT_WIDTH = 0.35
NET_CUT_WIDTH = 0.6
FOLD = "#555555"
FOLD_DASH = (3.0, 2.0)
TAB_FILL = "#e8e8e8"
TAB_INK = "#5e5e5e"      # "glue" on a tab: 5.3:1 on TAB_FILL (WCAG asks 4.5:1)
TAB_TEXT = 6.5           # points: above the 6 pt a player reads, inside the shallowest (4 mm) tab
MARGIN = mm(10)          # twice the printer's 5 mm, leaving room for the header and the check bar
HEADER = mm(14)
FOOTER = mm(10)
GAP = mm(2.0)            # between tiles: each tile is cut on its own outline
BLEED = mm(0.6)          # colour runs this far into the gap, so a slightly wide cut shows no white
LABEL = mm(4.5)          # die label above each block of tiles
DIE_SPACE = mm(5)
SET_SPACE_X, SET_SPACE_Y = mm(8), mm(5)
CHECK_BAR = mm(50)

PlaceIcon = Callable[..., None]  # (surface, name, x, y, size, ink)


# --- one face ------------------------------------------------------------------------------------
def needs_halo(background: str) -> bool:
    """Black on this colour falls below the WCAG 4.5:1 contrast for text."""
    from pnp.draw.wcag import contrast

    return contrast("#000000", background) < 4.5


# picture boxes as fractions of the face (x, y, size), by count, without and with a number badge
_SLOTS = {
    (1, False): [(0.10, 0.10, 0.80)],
    (1, True): [(0.06, 0.06, 0.64)],
    (2, False): [(0.05, 0.05, 0.50), (0.45, 0.45, 0.50)],
    (2, True): [(0.05, 0.05, 0.50), (0.45, 0.45, 0.50)],
    (3, False): [(0.05, 0.06, 0.44), (0.51, 0.06, 0.44), (0.28, 0.51, 0.44)],
}
_BADGE = {1: (0.765, 0.765, 0.19), 2: (0.765, 0.235, 0.18)}  # centre x, y and radius, by picture count
# every part stays at least 5 % (0.8 mm on a LEGO tile) inside the cut, so a slightly tight cut takes nothing


def draw_face(surface, face: Face, x: float, y: float, size: float, place_icon: PlaceIcon,
              bleed: float = 0.0) -> None:
    """The face's art in the square (x, y, size); colours run `bleed` beyond it."""
    colors = _tile_colours(surface, face, x, y, size, bleed)

    def under(px: float, py: float, ps: float) -> list[str]:
        """The colours a box overlaps: the first colour lies above the diagonal, the second below."""
        near, far = (px - x) + (py - y), (px - x) + (py - y) + 2 * ps
        return [c for c, hit in zip(colors, (near < size, far > size)) if hit or len(colors) == 1]

    pictures, number = face.icons, face.number
    if not pictures:
        if number is not None:
            badge = any(map(needs_halo, colors))
            _number(surface, str(number), x + size / 2, y + size / 2, size * 0.34, badge, big=True)
        return
    for part, (fx, fy, fs) in zip(pictures, _SLOTS[(len(pictures), number is not None)]):
        px, py, ps = x + fx * size, y + fy * size, fs * size
        if any(map(needs_halo, under(px, py, ps))):
            surface.circle(px + ps / 2, py + ps / 2, ps / 2, fill=WHITE)
            px, py, ps = px + ps * 0.13, py + ps * 0.13, ps * 0.74
        if part.icon:
            place_icon(surface, part.icon, px, py, ps, INK)
        else:
            _fitted_text(surface, part.label or part.name, px + ps / 2, py + ps / 2, ps)
    if number is not None:
        cx, cy, r = _BADGE[len(pictures)]
        _number(surface, str(number), x + cx * size, y + cy * size, r * size, True, big=False)


def _tile_colours(surface, face: Face, x: float, y: float, size: float, bleed: float) -> tuple[str, ...]:
    """The face's colours over the square and its bleed (two split it diagonally); they are returned."""
    colors = face.colors or (WHITE,)
    b = bleed
    surface.rect(x - b, y - b, size + 2 * b, size + 2 * b, fill=colors[0])
    if len(colors) > 1:  # split along the diagonal from the top-right to the bottom-left corner
        surface.polygon([(x + size + b, y - b), (x + size + b, y + size + b), (x - b, y + size + b)], fill=colors[1])
    return colors


def draw_die_face(surface, die: ResolvedDie, index: int, x: float, y: float, size: float, place_icon: PlaceIcon,
                  bleed: float = 0.0) -> None:
    """Face `index` (from 0) of a die: its colours, then its layout's boxes when the die has
    `layout:` (the engine cards use), else the built-in art (`draw_face`)."""
    face = die.faces[index]
    if not die.layouts:
        draw_face(surface, face, x, y, size, place_icon, bleed)
        return
    layout, fields, who = die.layouts[index]
    _tile_colours(surface, face, x, y, size, bleed)
    layout.draw_at(surface, fields, who, x, y, size, size, bleed)


def face_fields(die: ResolvedDie, index: int, parameters: dict) -> dict:
    """What a die face's layout reads: `face` (as written, parts joined with +), `number`, `names`
    (its other parts), `icons`, `labels`, `colors`, `color` (the first, else white), `index` (1–6),
    `die` (id, name) and the game's `parameters`."""
    face = die.faces[index]
    return {"face": face.text, "number": face.number, "names": list(face.names),
            "icons": [p.icon for p in face.parts if p.icon], "labels": [p.label for p in face.parts if p.label],
            "colors": list(face.colors), "color": (face.colors or (WHITE,))[0], "index": index + 1,
            "die": {"id": die.id, "name": die.name}, "parameters": parameters}


def _number(surface, text: str, cx: float, cy: float, r: float, badge: bool, big: bool) -> None:
    """A number: in a white badge with a black ring, or big on the tile when it is the whole face."""
    if badge:
        surface.circle(cx, cy, r, fill=WHITE, stroke=INK, width=max(0.4, r * 0.09))
    size = r * (1.45 if len(text) == 1 else 1.05) * (1.3 if big and not badge else 1)
    _centred(surface, text, cx, cy, "sans-bold", size)


def _fitted_text(surface, text: str, cx: float, cy: float, width: float) -> None:
    size = min(width * 0.5, width * 0.92 / max(fonts.text_width(text, "sans-bold", 1), 0.01))
    _centred(surface, text, cx, cy, "sans-bold", size)


def _centred(surface, text: str, cx: float, cy: float, font: str, size: float) -> None:
    surface.text(cx, cy + 0.729 * size / 2, text, font=font, size=size, anchor="middle")  # 0.729: cap height


# --- tile sheets -----------------------------------------------------------------------------
@dataclass(frozen=True)
class TileSlot:
    set: int   # 0-based, within the page
    die: int
    face: int
    x: float
    y: float


@dataclass(frozen=True)
class TilePlan:
    """Where the tiles of `sets` sets go on one page."""

    tile: float
    sets_per_page: int
    slots: tuple[TileSlot, ...]
    labels: tuple[tuple[int, int, float, float, float], ...]  # set, die, x, baseline y, width


def plan_tiles(page_w: float, page_h: float, tile: float, dice_count: int, sets: int | None = None,
               rtl: bool = False, reserve: float = 0.0) -> TilePlan:
    """Pack sets of tiles (each die a block of 2 × 3 or 3 × 2 tiles under its label) on a page; RTL: set 1
    and each set's first die at the right, where a right-to-left reader starts. `reserve` points above
    the footer are kept free (the key's second and later lines)."""
    best = None
    for cols, rows in ((2, 3), (3, 2)):
        plan = _plan(page_w, page_h, tile, dice_count, cols, rows, sets, rtl, reserve)
        if plan and (best is None or plan.sets_per_page > best.sets_per_page):
            best = plan
    if best is None:
        raise DoesNotFit(f"{to_mm(tile):.1f} mm tiles: one set of {dice_count} dice does not fit on the page")
    return best


def _plan(page_w, page_h, tile, dice_count, cols, rows, sets, rtl=False, reserve=0.0) -> TilePlan | None:
    pitch = tile + GAP
    die_w, die_h = cols * tile + (cols - 1) * GAP, LABEL + rows * tile + (rows - 1) * GAP
    avail_w, avail_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN - HEADER - FOOTER - reserve
    per_line = max(1, min(dice_count, int((avail_w + DIE_SPACE) // (die_w + DIE_SPACE))))
    lines = math.ceil(dice_count / per_line)
    set_w = per_line * die_w + (per_line - 1) * DIE_SPACE
    set_h = lines * die_h + (lines - 1) * DIE_SPACE
    across = int((avail_w + SET_SPACE_X) // (set_w + SET_SPACE_X))
    down = int((avail_h + SET_SPACE_Y) // (set_h + SET_SPACE_Y))
    if across * down == 0 or set_w > avail_w:
        return None
    count = min(across * down, sets or across * down)
    across = min(across, count)
    x0 = (page_w - (across * set_w + (across - 1) * SET_SPACE_X)) / 2
    y0 = MARGIN + HEADER
    slots, labels = [], []
    for k in range(count):
        sr, sc = divmod(k, across)
        sc = across - 1 - sc if rtl else sc
        sx, sy = x0 + sc * (set_w + SET_SPACE_X), y0 + sr * (set_h + SET_SPACE_Y)
        for d in range(dice_count):
            lr, lc = divmod(d, per_line)
            lc = per_line - 1 - lc if rtl else lc
            dx, dy = sx + lc * (die_w + DIE_SPACE), sy + lr * (die_h + DIE_SPACE)
            labels.append((k, d, dx, dy + LABEL - mm(1.3), die_w))
            for f in range(6):
                r, c = divmod(f, cols)
                slots.append(TileSlot(k, d, f, dx + c * pitch, dy + LABEL + r * pitch))
    return TilePlan(tile, count, tuple(slots), tuple(labels))


def tile_pages(surface, dice: ResolvedDice, paper: str, sets: int | None, place_icon: PlaceIcon, title: str) -> int:
    """Pages of tiles: `sets` sets (default: one page of as many full sets as fit). Returns the page count."""
    page_w, page_h = paper_size(paper)
    rtl = right_to_left()
    key = _key_lines(dice, page_w)
    reserve = (len(key) - 1) * KEY_LINE if key else 0.0
    full = plan_tiles(page_w, page_h, dice.tile, len(dice.dice), rtl=rtl, reserve=reserve)
    total = sets or full.sets_per_page
    pages = math.ceil(total / full.sets_per_page)
    for p in range(pages):
        on_page = min(full.sets_per_page, total - p * full.sets_per_page)
        plan = plan_tiles(page_w, page_h, dice.tile, len(dice.dice), on_page, rtl, reserve)
        surface.begin_page(page_w, page_h)
        _header(surface, page_w, say("dice_tiles_title", title=title, size=f"{to_mm(dice.tile):.1f}"),
                say("dice_tiles_note"))
        for slot in plan.slots:
            draw_die_face(surface, dice.dice[slot.die], slot.face, slot.x, slot.y, dice.tile, place_icon, BLEED)
        for slot in plan.slots:
            surface.rect(slot.x, slot.y, dice.tile, dice.tile, stroke=CUT, width=CUT_WIDTH)
        labels = [(say("dice_tiles_set", n=p * full.sets_per_page + k + 1, name=dice.dice[d].name), x, y, w)
                  for k, d, x, y, w in plan.labels]
        size = min([7.0] + [w / max(fonts.text_width(t, "sans-bold", 1), 0.01) for t, _, _, w in labels])
        for text, x, y, w in labels:  # one size for every label on the page, from where its reader starts
            if rtl:
                surface.text(x + w, y, text, font="sans-bold", size=size, anchor="end")
            else:
                surface.text(x, y, text, font="sans-bold", size=size)
        _key(surface, key, page_w, page_h, place_icon, rtl)
        _footer(surface, page_w, page_h, p + 1, pages)
        surface.end_page()
    return pages


# --- paper dice ------------------------------------------------------------------------------
CAPTION = mm(7)
NET_SPACE = mm(8)


def net_pages(surface, dice: ResolvedDice, paper: str, place_icon: PlaceIcon, title: str,
               sets: int | None = None) -> int:
    """Cube nets: `sets` sets of the dice (default: as many full sets as one page holds, so a page
    is not left two-thirds empty; every die at least once). Returns the page count."""
    page_w, page_h = paper_size(paper)
    edge = dice.net_edge
    w, h = net_size(edge)
    avail_w, avail_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN - HEADER - FOOTER
    across = int((avail_w + NET_SPACE) // (w + NET_SPACE))
    down = int((avail_h + NET_SPACE) // (h + CAPTION + NET_SPACE))
    if across * down == 0:
        raise DoesNotFit(f"a net with {to_mm(edge):.0f} mm faces does not fit on {paper} paper")
    per_page = across * down
    copies = sets or max(1, per_page // len(dice.dice))
    nets = [(die, k) for k in range(copies) for die in dice.dice]
    pages = math.ceil(len(nets) / per_page)
    rtl = right_to_left()
    for p in range(pages):
        chunk = nets[p * per_page:(p + 1) * per_page]
        cols = min(across, len(chunk))
        x0 = (page_w - (cols * w + (cols - 1) * NET_SPACE)) / 2
        surface.begin_page(page_w, page_h)
        _header(surface, page_w, say("dice_nets_title", title=title, size=f"{to_mm(edge):.0f}"),
                say("dice_nets_note"))
        for i, (die, k) in enumerate(chunk):
            r, c = divmod(i, across)
            c = cols - 1 - c if rtl else c  # the first net where a right-to-left reader starts
            net = cube_net(edge, x0 + c * (w + NET_SPACE), MARGIN + HEADER + r * (h + CAPTION + NET_SPACE))
            draw_net(surface, net, [die.faces[n - 1] for n in range(1, 7)], place_icon, die)
            name = die.name if copies == 1 else say("dice_nets_set", name=die.name, n=k + 1)
            if rtl:
                surface.text(net.x + net.width, net.y + net.height + mm(5), name, font="sans-bold", size=10,
                             anchor="end")
            else:
                surface.text(net.x, net.y + net.height + mm(5), name, font="sans-bold", size=10)
        _footer(surface, page_w, page_h, p + 1, pages)
        surface.end_page()
    return pages


def draw_net(surface, net, faces: list[Face], place_icon: PlaceIcon, die: ResolvedDie | None = None) -> None:
    """Faces (net face n shows faces[n - 1]; a `die` with a layout, its face n), grey glue tabs,
    dashed folds and solid cuts."""
    for nf in net.faces:
        if die is not None and die.layouts:
            draw_die_face(surface, die, nf.number - 1, nf.x, nf.y, nf.size, place_icon)
        else:
            draw_face(surface, faces[nf.number - 1], nf.x, nf.y, nf.size, place_icon)
    for tab in net.tabs:
        surface.polygon(tab.points, fill=TAB_FILL)
        mx, my = (sum(p[0] for p in tab.points) / 4, sum(p[1] for p in tab.points) / 4)
        (ax, _), (bx, _) = tab.points[0], tab.points[3]
        surface.save()
        surface.translate(mx, my)
        if abs(ax - bx) < 1e-6:
            surface.rotate(-90)
        surface.text(0, 0.3 * TAB_TEXT, say("glue"), font="sans", size=TAB_TEXT, fill=TAB_INK, anchor="middle")
        surface.restore()
    for (a, b) in net.folds:
        surface.line(*a, *b, stroke=FOLD, width=0.5, dash=FOLD_DASH)
    for (a, b) in net.cuts:
        surface.line(*a, *b, stroke=INK, width=NET_CUT_WIDTH, cap="round")


# --- page furniture -------------------------------------------------------------------------------
def _header(surface, page_w: float, title: str, note: str) -> None:
    line_from_start(surface, MARGIN, page_w - MARGIN, MARGIN + mm(4), title, font="sans-bold", size=11)
    line_from_start(surface, MARGIN, page_w - MARGIN, MARGIN + mm(9), note, font="sans", size=7.5, fill="#333333")


def _footer(surface, page_w: float, page_h: float, page: int, pages: int) -> None:
    """A 50 mm bar to check the print scale, and the page number (mirrored in a right-to-left edition:
    the bar and its words from the right margin, the page number on the left)."""
    y = page_h - MARGIN - mm(2)
    rtl = right_to_left()
    x0 = page_w - MARGIN - CHECK_BAR if rtl else MARGIN
    surface.line(x0, y, x0 + CHECK_BAR, y, stroke=INK, width=0.8)
    for x in (x0, x0 + CHECK_BAR):
        surface.line(x, y - mm(1.5), x, y + mm(1.5), stroke=INK, width=0.8)
    line_from_start(surface, MARGIN + CHECK_BAR + mm(3), page_w - MARGIN - CHECK_BAR - mm(3), y + mm(1),
                    say("bar_check"), font="sans", size=7, fill="#333333")
    line_from_end(surface, MARGIN, page_w - MARGIN, y + mm(1), f"{page} / {pages}", font="sans", size=7,
                  fill="#333333")


KEY_SWATCH = mm(5)   # a symbol's tile in the key
KEY_LINE = mm(6)     # one line of the key
KEY_TEXT = 7         # points


def _key_lines(dice: ResolvedDice, page_w: float) -> list[list[tuple[str, object, str]]]:
    """Every symbol with a `label:`, each shown by its label alone (its name is the spec's, not the players'),
    in as many lines as they need, so that none is left out. Lines of (name, symbol, words)."""
    lines: list[list] = [[]]
    x = MARGIN
    for name, sym in dice.symbols.items():
        if not sym.label:
            continue  # a symbol drawn by its icon alone: nothing to explain
        words = sym.label
        need = KEY_SWATCH + mm(1.5) + fonts.text_width(words, "sans", KEY_TEXT) + mm(5)
        if lines[-1] and x + need > page_w - MARGIN:
            lines.append([])
            x = MARGIN
        lines[-1].append((name, sym, words))
        x += need
    return lines if lines[0] else []


def _key(surface, lines, page_w: float, page_h: float, place_icon: PlaceIcon, rtl: bool = False) -> None:
    """What each symbol means, in lines above the footer (the tiles leave room for all of them); in a
    right-to-left edition each line starts at the right margin."""
    from pnp.kinds.dice.models import Part

    top = page_h - MARGIN - FOOTER + mm(1) - (len(lines) - 1) * KEY_LINE
    s = KEY_SWATCH
    for row, entries in enumerate(lines):
        x, y = MARGIN, top + row * KEY_LINE
        for name, sym, words in entries:
            words_w = fonts.text_width(words, "sans", KEY_TEXT)
            swatch = page_w - x - s if rtl else x  # mirrored: the swatch at the reader's start, its words after
            part = Part(name, icon=sym.icon, color=sym.color, label=sym.label)
            draw_face(surface, Face(name, (part,)), swatch, y, s, place_icon)
            surface.rect(swatch, y, s, s, stroke="#9e9e9e", width=0.3)  # not a cut line: the key stays on the sheet
            if rtl:
                surface.text(swatch - mm(1.5), y + s / 2 + 2.5, words, font="sans", size=KEY_TEXT, anchor="end")
            else:
                surface.text(x + s + mm(1.5), y + s / 2 + 2.5, words, font="sans", size=KEY_TEXT)
            x += s + mm(1.5) + words_w + mm(5)
