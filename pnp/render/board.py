"""A board on paper: the board art once (a PDF form), tiled over home-printer pages or placed on a poster.

The art is drawn in its own frame at true scale (one cell = `board.spec.cell`
points), so tiles and poster place the same form at scale 1 and a space is
the same size everywhere. Tile pages carry alignment marks in the overlap,
their row and column, and a scale bar; an assembly map page ends the file.
"""
from __future__ import annotations

import math

from pnp.draw import fonts
from pnp.draw.text import draw_text, layout_text
from pnp.layout.tile import TilePlan, fit_page, plan_tiles
from pnp.layout.paper import PAPERS, paper_size
from pnp.spec.board import BoardData, column_name, coord_name
from pnp.spec.units import mm

INK = "#263238"
FRAME = "#263238"
MARK = "#c2185b"
STYLE_FILL = {"road": "#e9dfc7", "bridge": "#a1887f", "woods": "#2e7d32", "water": "#4fa3d9",
              "field": "#9ccc65", "wall": "#78909c", "grass": "#7cb342"}
STYLE_STUD = {"woods": "#1b5e20", "field": "#7cb342", "water": "#81c7ee", "grass": "#558b2f", "wall": "#607d8b"}
KIND_FILL = {"bookshelf": "#6d4c41", "front": "#1c1c1c", "sanitarium": "#ffffff"}
GRID = "#b9a88a"

def place_icon(assets, surface, name: str, x: float, y: float, size: float, ink: str = "#000000") -> None:
    assets.place_icon(surface, name, x, y, size, ink)


def board_size(board: BoardData) -> tuple[float, float]:
    """The drawn board, frame included, in points."""
    b, c = board.spec.border, board.spec.cell
    return board.width * c + 2 * b, board.height * c + 2 * b


def grid_lines(board: BoardData) -> tuple[list[float], list[float]]:
    b, c = board.spec.border, board.spec.cell
    return [b + i * c for i in range(board.width + 1)], [b + i * c for i in range(board.height + 1)]


def cell_rect(board: BoardData, cell) -> tuple[float, float, float, float]:
    b, c = board.spec.border, board.spec.cell
    r, col = cell
    return b + col * c, b + r * c, c, c


# --------------------------------------------------------------------------- the art

def _luma(color: str) -> float:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _studs(s, x, y, c, color, rows=2) -> None:
    """LEGO studs: a space is 2 × 2 studs."""
    pitch = c / rows
    for i in range(rows):
        for j in range(rows):
            s.circle(x + pitch * (j + 0.5), y + pitch * (i + 0.5), pitch * 0.3, fill=color)


def draw_board(s, board: BoardData, assets) -> None:
    """The whole board in its own frame, origin at the frame's top-left."""
    W, H = board_size(board)
    c = board.spec.cell
    s.rect(0, 0, W, H, fill=FRAME)
    for cell in board.cells():
        _cell(s, board, cell, assets)
    for name in board.locations:
        _building(s, board, name, assets)
    _markers(s, board, assets)
    _frame(s, board, W, H, c)


def _cell(s, board: BoardData, cell, assets) -> None:
    x, y, c, _ = cell_rect(board, cell)
    entry = board.entry(cell)
    kind = entry.kind
    if kind == "building":
        return
    if kind == "blocked":
        fill = entry.color or STYLE_FILL.get(entry.style or "woods", "#78909c")
        s.rect(x, y, c, c, fill=fill)
        stud = STYLE_STUD.get(entry.style or "woods", "#607d8b")
        if entry.style == "water":
            for k in (0.3, 0.7):
                yy = y + c * k
                s.path([("M", x + c * 0.1, yy), ("C", x + c * 0.3, yy - c * 0.12, x + c * 0.45, yy + c * 0.12, x + c * 0.6, yy),
                        ("C", x + c * 0.7, yy - c * 0.1, x + c * 0.8, yy - c * 0.06, x + c * 0.9, yy)],
                       stroke=stud, width=0.8, cap="round")
        else:
            _studs(s, x, y, c, stud)
        return
    gap = mm(0.6)
    if kind == "path":
        fill = entry.color or STYLE_FILL.get(entry.style or "road", STYLE_FILL["road"])
        s.rect(x, y, c, c, fill=GRID)
        s.rect(x + gap / 2, y + gap / 2, c - gap, c - gap, fill=fill, radius=mm(1))
        if entry.style == "bridge":
            for k in range(1, 4):
                s.line(x + c * k / 4, y + gap, x + c * k / 4, y + c - gap, stroke="#6d4c41", width=0.6)
        return
    # a front: brown bookshelf, black store, white Sanitarium
    fill = entry.color or KIND_FILL[kind]
    s.rect(x, y, c, c, fill=GRID)
    s.rect(x + gap / 2, y + gap / 2, c - gap, c - gap, fill=fill, radius=mm(1),
           stroke="#c62828" if kind == "sanitarium" else None, width=1.2)
    if kind == "bookshelf":
        _bookshelf(s, x, y, c)
    elif kind == "front":
        place_icon(assets, s, "star", x + c * 0.25, y + c * 0.25, c * 0.5, "#ffd54f")
    else:
        w = c * 0.16
        s.rect(x + c / 2 - w / 2, y + c * 0.2, w, c * 0.6, fill="#c62828")
        s.rect(x + c * 0.2, y + c / 2 - w / 2, c * 0.6, w, fill="#c62828")


def _bookshelf(s, x, y, c) -> None:
    """Two shelves of books: the mark of a space with a tome."""
    for shelf in (0.2, 0.55):
        top, h = y + c * shelf, c * 0.27
        widths = (0.08, 0.1, 0.07, 0.11, 0.08, 0.09)
        colors = ("#ffcc80", "#d7ccc8", "#ffab91", "#fff3e0", "#bcaaa4", "#ffe0b2")
        xx = x + c * 0.16
        for i, (w, col) in enumerate(zip(widths, colors)):
            lean = 0.03 * c if i == 4 else 0
            s.polygon([(xx, top + h), (xx + w * c, top + h), (xx + w * c + lean, top), (xx + lean, top)], fill=col)
            xx += w * c + c * 0.015
        s.line(x + c * 0.12, top + h + 0.4, x + c * 0.88, top + h + 0.4, stroke="#3e2723", width=0.9)


def _building(s, board: BoardData, name: str, assets) -> None:
    cells = board.buildings(name)
    if not cells:
        return
    loc = board.locations[name]
    c = board.spec.cell
    roof = loc.color or "#8d6e63"
    rows = [r for r, _ in cells]
    cols = [col for _, col in cells]
    x0, y0, _, _ = cell_rect(board, (min(rows), min(cols)))
    w, h = (max(cols) - min(cols) + 1) * c, (max(rows) - min(rows) + 1) * c
    rectangular = len(cells) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
    s.rect(x0, y0, w, h, fill="#5d5348")  # the ground plate under the building
    if rectangular:
        s.rect(x0 + mm(1), y0 + mm(1), w - mm(2), h - mm(2), fill=roof, stroke="#1c1c1c", width=1.0, radius=mm(1.2))
    else:
        for cell in cells:
            x, y, _, _ = cell_rect(board, cell)
            s.rect(x + mm(0.5), y + mm(0.5), c - mm(1), c - mm(1), fill=roof, stroke="#1c1c1c", width=1.0)
    ink = "#1c1c1c" if _luma(roof) > 150 else "#ffffff"
    # a row of studs along the roof's ridge, like a micro-scale LEGO build
    stud = "#1c1c1c" if ink == "#ffffff" else "#90a4ae"
    for i in range(int(w // (c / 2))):
        s.circle(x0 + c / 4 + i * c / 2, y0 + mm(3.2), c * 0.09, stroke=stud, width=0.6)
    label = loc.short or loc.name
    icon = c * 0.62
    box_h = h - mm(6)
    text_top = y0 + mm(5)
    if loc.icon and box_h > icon + mm(6):
        place_icon(assets, s, loc.icon, x0 + (w - icon) / 2, y0 + mm(5.5), icon, ink)
        text_top = y0 + mm(5.5) + icon
        box_h = y0 + h - mm(1.5) - text_top
    size = min(11.0, c * 0.42)
    lay = layout_text(f"**{label}**", "condensed", size, 5.5, w - mm(3), max(box_h, 8))
    draw_text(s, lay, x0 + mm(1.5), text_top, w - mm(3), max(box_h, 8), align="center", valign="middle", color=ink)


def _markers(s, board: BoardData, assets) -> None:
    """The first scenario's Ancient One start and destination, as corner badges."""
    if not board.scenarios:
        return
    sc = board.scenarios[0]
    c = board.spec.cell
    for marker, label, color in ((sc.start, "START", "#6a1b9a"), (sc.destination, "GOAL", "#6a1b9a")):
        x, y, _, _ = cell_rect(board, marker.cell)
        s.circle(x + c / 2, y + c / 2, c * 0.42, stroke=color, width=1.6, dash=[2.5, 1.5])
        place_icon(assets, s, "ancient-one", x + c * 0.3, y + c * 0.18, c * 0.4, color)
        s.text(x + c / 2, y + c * 0.84, label, font="condensed", size=c * 0.17, fill=color, anchor="middle")


def _frame(s, board: BoardData, W, H, c) -> None:
    b = board.spec.border
    if b < mm(4):
        return
    size = min(b * 0.6, 9)
    for i in range(board.width):
        x = b + (i + 0.5) * c
        s.text(x, b * 0.5 + size * 0.36, column_name(i), font="sans-bold", size=size, fill="#eceff1", anchor="middle")
        s.text(x, H - b * 0.5 + size * 0.36, column_name(i), font="sans-bold", size=size, fill="#eceff1", anchor="middle")
    for j in range(board.height):
        y = b + (j + 0.5) * c + size * 0.36
        s.text(b / 2, y, str(j + 1), font="sans-bold", size=size, fill="#eceff1", anchor="middle")
        s.text(W - b / 2, y, str(j + 1), font="sans-bold", size=size, fill="#eceff1", anchor="middle")


def define_board(s, board: BoardData, assets) -> str:
    name = f"board:{board.spec.name}"
    W, H = board_size(board)
    s.define_symbol(name, W, H, lambda surf: draw_board(surf, board, assets))
    return name


# --------------------------------------------------------------------------- tiles

def board_tiles(s, board: BoardData, assets, paper: str, overlap: float | None = None) -> TilePlan:
    """The board at true scale over pages of `paper`, then the assembly map."""
    from pnp.layout.tile import DEFAULT_OVERLAP

    W, H = board_size(board)
    lx, ly = grid_lines(board)
    plan = plan_tiles(W, H, PAPERS[paper], overlap or DEFAULT_OVERLAP, lx, ly)
    symbol = define_board(s, board, assets)
    for tile in plan.tiles:
        s.begin_page(plan.page_w, plan.page_h)
        ox, oy = plan.origin(tile)
        s.save()
        s.clip_rect(ox, oy, tile.w, tile.h)
        s.use_symbol(symbol, ox - tile.x, oy - tile.y, W, H)
        s.restore()
        _seams(s, plan, tile, ox, oy)
        _tile_label(s, board, plan, tile, paper)
        s.end_page()
    _assembly(s, board, plan, symbol, paper)
    return plan


def _seams(s, plan: TilePlan, tile, ox, oy) -> None:
    """Marks in each overlap band: crosses at the same board points on both tiles, and the edge line."""
    o = plan.overlap
    bands = []
    for i in range(plan.cols - 1):  # vertical seams: band [start of column i+1, + o]
        bx = plan.xs[i + 1][0]
        bands.append(("v", bx))
    for j in range(plan.rows - 1):
        by = plan.ys[j + 1][0]
        bands.append(("h", by))
    for orient, at in bands:
        if orient == "v":
            if not (tile.x - 1e-6 <= at and at + o <= tile.x + tile.w + 1e-6):
                continue
            bx = ox + at - tile.x
            if at > tile.x + 1e-6:  # this tile lies under its right neighbour: show where its edge goes
                s.line(bx, oy, bx, oy + tile.h, stroke=MARK, width=0.6, dash=[3, 2])
            n = max(2, int(tile.h // mm(60)) + 1)
            for k in range(n):
                _cross(s, bx + o / 2, oy + tile.h * (k + 0.5) / n)
        else:
            if not (tile.y - 1e-6 <= at and at + o <= tile.y + tile.h + 1e-6):
                continue
            by = oy + at - tile.y
            if at > tile.y + 1e-6:
                s.line(ox, by, ox + tile.w, by, stroke=MARK, width=0.6, dash=[3, 2])
            n = max(2, int(tile.w // mm(60)) + 1)
            for k in range(n):
                _cross(s, ox + tile.w * (k + 0.5) / n, by + o / 2)
    # corner ticks in the margin: where to trim the paper
    L = mm(3)
    for x in (ox, ox + tile.w):
        for y, d in ((oy, -1), (oy + tile.h, 1)):
            s.line(x, y + d * mm(1), x, y + d * (mm(1) + L), stroke=INK, width=0.4)
    for y in (oy, oy + tile.h):
        for x, d in ((ox, -1), (ox + tile.w, 1)):
            s.line(x + d * mm(1), y, x + d * (mm(1) + L), y, stroke=INK, width=0.4)


def _cross(s, x, y) -> None:
    r = mm(2.2)
    s.circle(x, y, r, fill="#ffffff", stroke=MARK, width=0.5, opacity=1)
    s.line(x - r * 1.5, y, x + r * 1.5, y, stroke=MARK, width=0.5)
    s.line(x, y - r * 1.5, x, y + r * 1.5, stroke=MARK, width=0.5)


def tile_name(tile) -> str:
    return f"row {tile.row + 1}, column {tile.col + 1}"


def _tile_label(s, board: BoardData, plan: TilePlan, tile, paper: str) -> None:
    ax, ay, aw, ah = plan.area
    y = ay + ah + mm(6)
    title = board.spec.title or board.spec.name
    s.text(ax, y, f"{title} — tile {tile_name(tile)} (of {plan.rows} × {plan.cols})",
           font="sans-bold", size=8.5, fill=INK)
    s.text(ax, y + mm(3.2), f"{paper.upper()} · print at 100% (actual size) · one space = "
                             f"{board.spec.cell / mm(1):.0f} mm · overlap {plan.overlap / mm(1):.0f} mm",
           font="sans", size=6.5, fill="#546e7a")
    # a 50 mm scale bar to check the print
    bar = mm(50)
    x1 = ax + aw - bar
    s.rect(x1, y - mm(2.5), bar, mm(1.6), fill=INK)
    for k in range(6):
        s.line(x1 + k * bar / 5, y - mm(3.2), x1 + k * bar / 5, y - mm(0.3), stroke=INK, width=0.4)
    s.text(x1 + bar / 2, y + mm(2.4), "this bar is 50 mm", font="sans", size=6, fill="#546e7a", anchor="middle")


def _assembly(s, board: BoardData, plan: TilePlan, symbol: str, paper: str) -> None:
    """The last page: the board in miniature with every tile outlined and named, and how to join them."""
    pw, ph = paper_size(paper)
    s.begin_page(pw, ph)
    m = mm(15)
    title = board.spec.title or board.spec.name
    s.text(m, m + 6, f"{title}: assembling the board", font="sans-bold", size=16, fill=INK)
    W, H = board_size(board)
    scale = min((pw - 2 * m) / W, (ph * 0.45) / H)
    x0, y0 = m + ((pw - 2 * m) - W * scale) / 2, m + mm(14)
    s.use_symbol(symbol, x0, y0, W * scale, H * scale)
    palette = ("#d81b60", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b")
    for i, t in enumerate(plan.tiles):
        col = palette[i % len(palette)]
        tx, ty = x0 + t.x * scale, y0 + t.y * scale
        s.rect(tx, ty, t.w * scale, t.h * scale, stroke=col, width=1.6, dash=[4, 2])
        label = f"{t.row + 1}·{t.col + 1}"
        s.circle(tx + t.w * scale / 2, ty + t.h * scale / 2, 13, fill="#ffffff", stroke=col, width=1.4)
        s.text(tx + t.w * scale / 2, ty + t.h * scale / 2 + 3.5, label, font="sans-bold", size=10,
               fill=col, anchor="middle")
    steps = (
        f"The board is {W / mm(1):.0f} × {H / mm(1):.0f} mm at true scale (one space is "
        f"{board.spec.cell / mm(1):.0f} mm, a LEGO 2 × 2 tile). It prints on {len(plan.tiles)} {paper.upper()} "
        f"page{'s' if len(plan.tiles) > 1 else ''}, {plan.rows} row{'s' if plan.rows > 1 else ''} by "
        f"{plan.cols} column{'s' if plan.cols > 1 else ''}; each page names its row and column at its foot.",
        "1. Print at 100 % (\"actual size\", never \"fit to page\"); check the 50 mm bar with a ruler.",
        "2. Trim every tile along its corner ticks. Neighbouring tiles share a band of "
        f"{plan.overlap / mm(1):.0f} mm with the pink crosses printed on both.",
        "3. Work from the top-left tile. Lay each tile over the one to its left (or above) so that its "
        "edge sits on the dashed pink line and its crosses cover the crosses beneath; the grid lines "
        "run on unbroken. Glue or tape it down.",
        "4. Mount the joined board on card if you like: it then lies flat and lasts.",
    )
    y = y0 + H * scale + mm(10)
    for text in steps:
        lay = layout_text(text, "sans", 10, 8, pw - 2 * m, mm(40))
        draw_text(s, lay, m, y, pw - 2 * m, lay.height, color=INK)
        y += lay.height + mm(2.5)
    for sc in board.scenarios:
        y = _scenario_text(s, board, sc, m, y + mm(3), pw - 2 * m)
    s.end_page()


def _scenario_text(s, board: BoardData, sc, x, y, width) -> float:
    def where(marker):
        for name in board.locations:
            if marker.cell in board.fronts(name):
                return f"{board.locations[name].name} ({coord_name(marker.cell)})"
        return coord_name(marker.cell)

    monsters = ", ".join(f"{m.health}-Health at {where(m)}" for m in sc.monsters) or "none"
    text = (f"**Scenario: {sc.spec.name}.** {sc.spec.text or ''} The Ancient One ({sc.spec.ancient_one.health} "
            f"Health) appears at {where(sc.start)} and marches on {where(sc.destination)}. "
            f"Starting monsters: {monsters}.")
    lay = layout_text(text, "sans", 10, 8, width, mm(40))
    draw_text(s, lay, x, y, width, lay.height, color=INK)
    return y + lay.height + mm(2)


# --------------------------------------------------------------------------- poster

def board_poster(s, board: BoardData, assets, paper: tuple[float, float]) -> tuple[float, float]:
    """The whole board on one page at true scale, centred, with a title above it."""
    from pnp.errors import Pos, SpecError, SpecErrors
    from pnp.spec.load import locate

    W, H = board_size(board)
    page = fit_page(W, H + mm(24), paper, mm(10))
    if page is None:
        raise SpecErrors([SpecError(locate(board.raw, ["map"]),
                                    f"the board ({W / mm(1):.0f} × {H / mm(1):.0f} mm) does not fit on a "
                                    f"{paper[0] / mm(1):.0f} × {paper[1] / mm(1):.0f} mm poster with its title; "
                                    f"choose a larger --poster")])
    pw, ph = page
    symbol = define_board(s, board, assets)
    s.begin_page(pw, ph)
    x, y = (pw - W) / 2, (ph - H) / 2 + mm(6)
    title = board.spec.title or board.spec.name
    s.text(pw / 2, y - mm(6), title.upper(), font="serif-bold", size=22, fill=INK, anchor="middle")
    s.use_symbol(symbol, x, y, W, H)
    s.text(pw / 2, y + H + mm(6), f"One space = {board.spec.cell / mm(1):.0f} mm (a LEGO 2 × 2 tile). "
                                   f"Print at 100 %.", font="sans", size=8, fill="#546e7a", anchor="middle")
    s.end_page()
    return pw, ph
