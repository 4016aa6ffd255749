"""A board on paper: the board art once (a PDF form), tiled over home-printer pages or placed on a poster.

The art (pnp/kinds/board/art.py) is drawn in its own frame at true scale (one cell = `board.spec.cell`
points), so tiles and poster place the same form at scale 1 and a space is
the same size everywhere. Tile pages carry alignment marks in the overlap that the next tile hides,
their row and column, and a scale bar; an assembly map page ends the file.
"""
from __future__ import annotations

from pnp.draw.text import draw_text, set_text
from pnp.geometry.tile import TilePlan, fit_page, plan_tiles
from pnp.geometry.paper import MIN_MARGIN, PAPERS, paper_size
from pnp.kinds.board.art import INK, cell_box, draw_board, geometry
from pnp.kinds.board.key import MIN_HEIGHT as KEY_MIN_HEIGHT, MIN_WIDTH as KEY_MIN_WIDTH, draw_key, scenario_words
from pnp.kinds.board.models import BoardData
from pnp.kinds.sheetwords import count, line_from_start, right_to_left, say, space_size
from pnp.models.units import mm

MARK = "#c2185b"


def board_size(board: BoardData) -> tuple[float, float]:
    """The drawn board, frame and tracks included, in points."""
    return geometry(board).size


def grid_lines(board: BoardData) -> tuple[list[float], list[float]]:
    g = geometry(board)
    return g.lines_x, g.lines_y


def cell_rect(board: BoardData, cell) -> tuple[float, float, float, float]:
    """A square space's rectangle in the drawing (points from its top-left)."""
    ox, oy = geometry(board).map_origin
    x, y, c = cell_box(board, cell)
    return ox + x, oy + y, c, c


def space_words(board: BoardData, verb: bool = False) -> str:
    """What one space is, for the print notes: '16 mm' for squares, across the flats for hexes."""
    return space_size(board.shape, f"{board.spec.cell / mm(1):.0f}", verb)


def define_board(s, board: BoardData, assets) -> str:
    name = f"board:{board.spec.name}"
    W, H = board_size(board)
    s.define_symbol(name, W, H, lambda surf: draw_board(surf, board, assets))
    return name


# --------------------------------------------------------------------------- tiles

def board_tiles(s, board: BoardData, assets, paper: str, overlap: float | None = None) -> TilePlan:
    """The board at true scale over pages of `paper`, then the assembly map."""
    from pnp.geometry.tile import DEFAULT_OVERLAP

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
    """Alignment marks that never show on the joined board. A tile is laid over its left and upper
    neighbours, so only the band a tile shares with its right or lower neighbour ends up hidden:
    that band alone carries the marks (the dashed line where the neighbour's edge goes, crosses to
    glue by), and short ticks in the paper margin beyond the tile continue the dashed line, so it
    can be found at the edge while the neighbour is being laid on. The band at a tile's left or top
    stays visible on the board and carries nothing."""
    o = plan.overlap
    half = 0.3  # half the dashed line's width: it lies wholly inside the band, under the neighbour's edge
    tick = mm(3)
    for i in range(plan.cols - 1):  # vertical seams: column i+1 starts at `at` and covers [at, at + o]
        at = plan.xs[i + 1][0]
        if not (tile.x + 1e-6 < at and at + o <= tile.x + tile.w + 1e-6):
            continue  # not this tile's right-hand band
        bx = ox + at - tile.x + half
        s.line(bx, oy, bx, oy + tile.h, stroke=MARK, width=0.6, dash=[3, 2])
        n = max(2, int(tile.h // mm(60)) + 1)
        for k in range(n):
            _cross(s, bx - half + o / 2, oy + tile.h * (k + 0.5) / n)
        _margin_ticks(s, plan, ((bx, oy - mm(1), bx, oy - mm(1) - tick),
                                (bx, oy + tile.h + mm(1), bx, oy + tile.h + mm(1) + tick)))
    for j in range(plan.rows - 1):  # horizontal seams: row j+1 starts at `at`
        at = plan.ys[j + 1][0]
        if not (tile.y + 1e-6 < at and at + o <= tile.y + tile.h + 1e-6):
            continue
        by = oy + at - tile.y + half
        s.line(ox, by, ox + tile.w, by, stroke=MARK, width=0.6, dash=[3, 2])
        n = max(2, int(tile.w // mm(60)) + 1)
        for k in range(n):
            _cross(s, ox + tile.w * (k + 0.5) / n, by - half + o / 2)
        _margin_ticks(s, plan, ((ox - mm(1), by, ox - mm(1) - tick, by),
                                (ox + tile.w + mm(1), by, ox + tile.w + mm(1) + tick, by)))
    # corner ticks in the margin, where to trim the paper: only those a home printer prints (5 mm or
    # more from the paper's edge); where the tile reaches into that zone its printed edge shows the cut
    L = mm(3)
    pw, ph = plan.page_w, plan.page_h

    def printable(x1, y1, x2, y2) -> bool:
        return all(MIN_MARGIN - 1e-6 <= v <= limit - MIN_MARGIN + 1e-6
                   for v, limit in ((x1, pw), (x2, pw), (y1, ph), (y2, ph)))

    for x in (ox, ox + tile.w):
        for y, d in ((oy, -1), (oy + tile.h, 1)):
            if printable(x, y + d * mm(1), x, y + d * (mm(1) + L)):
                s.line(x, y + d * mm(1), x, y + d * (mm(1) + L), stroke=INK, width=0.4)
    for y in (oy, oy + tile.h):
        for x, d in ((ox, -1), (ox + tile.w, 1)):
            if printable(x + d * mm(1), y, x + d * (mm(1) + L), y):
                s.line(x + d * mm(1), y, x + d * (mm(1) + L), y, stroke=INK, width=0.4)


def _margin_ticks(s, plan: TilePlan, lines) -> None:
    """Ticks outside the tile, each drawn only where a home printer prints (5 mm from the paper edge)."""
    for x1, y1, x2, y2 in lines:
        if all(MIN_MARGIN - 1e-6 <= v <= limit - MIN_MARGIN + 1e-6
               for v, limit in ((x1, plan.page_w), (x2, plan.page_w), (y1, plan.page_h), (y2, plan.page_h))):
            s.line(x1, y1, x2, y2, stroke=MARK, width=0.6)


def _cross(s, x, y) -> None:
    r = mm(2.2)
    s.circle(x, y, r, fill="#ffffff", stroke=MARK, width=0.5, opacity=1)
    s.line(x - r * 1.5, y, x + r * 1.5, y, stroke=MARK, width=0.5)
    s.line(x, y - r * 1.5, x, y + r * 1.5, stroke=MARK, width=0.5)


def tile_name(tile) -> str:
    return say("tile_name", row=tile.row + 1, col=tile.col + 1)


def _tile_label(s, board: BoardData, plan: TilePlan, tile, paper: str) -> None:
    ax, ay, aw, ah = plan.area
    y = ay + ah + mm(4.5)  # both lines end above the foot margin (5 mm), where every printer prints
    title = board.spec.title or board.spec.name
    line_from_start(s, ax, ax + aw, y, say("tile_title", title=title, tile=tile_name(tile), rows=plan.rows,
                                            cols=plan.cols), font=board.spec.fonts.bold, size=8.5, fill=INK)
    line_from_start(s, ax, ax + aw, y + mm(3.2), say("tile_foot", paper=paper.upper(), space=space_words(board),
                                                     overlap=f"{plan.overlap / mm(1):.0f}"),
                    font=board.spec.fonts.text, size=6.5, fill="#546e7a")
    # a 50 mm scale bar to check the print, at the end of the lines (on the left in a right-to-left edition)
    bar = mm(50)
    x1 = ax if right_to_left() else ax + aw - bar
    s.rect(x1, y - mm(2.5), bar, mm(1.6), fill=INK)
    for k in range(6):
        s.line(x1 + k * bar / 5, y - mm(3.2), x1 + k * bar / 5, y - mm(0.3), stroke=INK, width=0.4)
    s.text(x1 + bar / 2, y + mm(2.4), say("bar"), font=board.spec.fonts.text, size=6, fill="#546e7a", anchor="middle")


def _assembly(s, board: BoardData, plan: TilePlan, symbol: str, paper: str) -> None:
    """The last page: the board in miniature with every tile outlined and named, and how to join them."""
    pw, ph = paper_size(paper)
    s.begin_page(pw, ph)
    m = mm(15)
    title = board.spec.title or board.spec.name
    line_from_start(s, m, pw - m, m + 6, say("assembly_title", title=title), font=board.spec.fonts.heading, size=16,
                    fill=INK)
    W, H = board_size(board)
    scale = min((pw - 2 * m) / W, (ph * 0.45) / H)
    x0, y0 = m + ((pw - 2 * m) - W * scale) / 2, m + mm(14)
    s.use_symbol(symbol, x0, y0, W * scale, H * scale)
    palette = ("#d81b60", "#1565c0", "#2e7d32", "#bf360c", "#8e24aa", "#00695c")  # each reads on white (4.5:1)
    for i, t in enumerate(plan.tiles):
        col = palette[i % len(palette)]
        tx, ty = x0 + t.x * scale, y0 + t.y * scale
        s.rect(tx, ty, t.w * scale, t.h * scale, stroke=col, width=1.6, dash=[4, 2])
        label = f"{t.row + 1}·{t.col + 1}"
        s.circle(tx + t.w * scale / 2, ty + t.h * scale / 2, 13, fill="#ffffff", stroke=col, width=1.4)
        s.text(tx + t.w * scale / 2, ty + t.h * scale / 2 + 3.5, label, font=board.spec.fonts.bold, size=10,
               fill=col, anchor="middle")
    steps = (
        say("assembly_size", w=f"{W / mm(1):.0f}", h=f"{H / mm(1):.0f}", space=space_words(board, verb=True),
            note=f"{', ' + board.spec.cell_note if board.spec.cell_note else ''}",
            pages=count("paper_pages", len(plan.tiles), paper=paper.upper()),
            rows=count("rows", plan.rows), cols=count("columns", plan.cols)),
        say("assembly_1"),
        say("assembly_2", overlap=f"{plan.overlap / mm(1):.0f}"),
        say("assembly_3"),
        say("assembly_4"),
    )
    y = y0 + H * scale + mm(10)
    for text in steps:
        lay = set_text(text, board.spec.fonts.text, 10, 8, pw - 2 * m, mm(40))
        draw_text(s, lay, m, y, pw - 2 * m, lay.height, color=INK)
        y += lay.height + mm(2.5)
    for sc in board.scenarios:
        y = _scenario_text(s, board, sc, m, y + mm(3), pw - 2 * m)
    s.end_page()


def _scenario_text(s, board: BoardData, sc, x, y, width) -> float:
    def where(marker):
        for name in board.locations:
            if marker.cell in board.fronts(name):
                return f"{board.locations[name].name} ({board.name_of(marker.cell)})"
        return board.name_of(marker.cell)

    text = scenario_words(board, sc, where, health=True)
    lay = set_text(text, board.spec.fonts.text, 10, 8, width, mm(40))
    draw_text(s, lay, x, y, width, lay.height, color=INK)
    return y + lay.height + mm(2)


# --------------------------------------------------------------------------- poster

TITLE_ABOVE = mm(24)  # the title over the board and the scale note under it
TITLE_BESIDE = mm(16)  # the same two lines turned, in a strip down the board's right side
POSTER_MARGIN = mm(10)
KEY_GAP = mm(12)


def poster_layout(W: float, H: float, choices) -> tuple[tuple[float, float], bool] | None:
    """The first paper of `choices` (turned as needed) the board fits at true scale, and whether its
    title goes beside it: above when there is room, else in a strip down its side, so a board that
    only misses a paper by its title still takes that paper."""
    for size in choices:
        above = fit_page(W, H + TITLE_ABOVE, size, POSTER_MARGIN)
        if above is not None:
            return above, False
        beside = fit_page(W + TITLE_BESIDE, H, size, POSTER_MARGIN)
        if beside is not None:
            return beside, True
    return None


def key_side(pw: float, ph: float, W: float, H: float) -> str | None:
    """Where the key goes on a poster with its title above the board: "right" of the board when a
    column of entries fits there, "below" the scale note when that band is deeper, else None."""
    inner_w, inner_h = pw - 2 * POSTER_MARGIN, ph - 2 * POSTER_MARGIN
    beside_w = inner_w - W - KEY_GAP
    below_h = inner_h - H - TITLE_ABOVE - KEY_GAP
    right = beside_w >= KEY_MIN_WIDTH and H >= KEY_MIN_HEIGHT
    below = below_h >= KEY_MIN_HEIGHT and inner_w >= KEY_MIN_WIDTH
    if right and (not below or beside_w * H >= below_h * inner_w):
        return "right"
    return "below" if below else None


def board_poster(s, board: BoardData, assets, paper: tuple[float, float] | None = None) -> tuple[float, float]:
    """The whole board on one page at true scale, centred, with its title; on `paper`, or by default on
    the smallest poster paper it fits (A3 to A0), so the sheet is not mostly margin."""
    from pnp.errors import SpecError, SpecErrors
    from pnp.geometry.paper import PAPERS, POSTER_PAPERS
    from pnp.reading.load import locate

    W, H = board_size(board)
    choices = [paper] if paper is not None else [PAPERS[name] for name in POSTER_PAPERS]
    layout = poster_layout(W, H, choices)
    if layout is None:
        largest = choices[-1]
        raise SpecErrors([SpecError(locate(board.raw, ["map" if board.shape != "points" else "size"]),
                                    f"the board ({W / mm(1):.0f} × {H / mm(1):.0f} mm) does not fit on a "
                                    f"{largest[0] / mm(1):.0f} × {largest[1] / mm(1):.0f} mm poster with its title; "
                                    f"choose a larger --poster (WxH in mm)")])
    (pw, ph), beside = layout
    symbol = define_board(s, board, assets)
    s.begin_page(pw, ph)
    title = (board.spec.title or board.spec.name).upper()
    note = f" ({board.spec.cell_note})" if board.spec.cell_note else ""
    words = space_words(board)
    scale_note = say("poster_note", space=f"{words[0].upper()}{words[1:]}", note=note)
    if beside:
        x, y = (pw - W - TITLE_BESIDE) / 2, (ph - H) / 2
        s.use_symbol(symbol, x, y, W, H)
        s.save()
        s.translate(x + W + mm(3), y + H / 2)
        s.rotate(90)  # reads top to bottom, like a book's spine
        s.text(0, 0, title, font=board.spec.fonts.title, size=22, fill=INK, anchor="middle")
        s.text(0, -mm(9), scale_note, font=board.spec.fonts.text, size=8, fill="#546e7a", anchor="middle")
        s.restore()
    else:
        x, y = (pw - W) / 2, (ph - H) / 2 + mm(6)
        side = key_side(pw, ph, W, H)
        if side == "right":  # the board to the left, its key in the room it leaves
            x = POSTER_MARGIN
            draw_key(s, board, assets, x + W + KEY_GAP, y, pw - POSTER_MARGIN - (x + W + KEY_GAP), H)
        elif side == "below":  # the board at the top, its key under the scale note
            y = POSTER_MARGIN + mm(12)
            top = y + H + mm(6) + KEY_GAP
            draw_key(s, board, assets, POSTER_MARGIN, top, pw - 2 * POSTER_MARGIN, ph - POSTER_MARGIN - top)
        s.text(x + W / 2, y - mm(6), title, font=board.spec.fonts.title, size=22, fill=INK, anchor="middle")
        s.use_symbol(symbol, x, y, W, H)
        s.text(x + W / 2, y + H + mm(6), scale_note, font=board.spec.fonts.text, size=8, fill="#546e7a", anchor="middle")
    s.end_page()
    return pw, ph
