"""The board's art in its own frame at true scale: map spaces of any shape, locations, marks, tracks.

Every look comes from the spec: a space type's fill, pattern, outline, icon, image and label; a
location's roof colour and icon; a piece's icon and colour. The patterns are a small registry of
drawings (`PATTERNS`) any game may name. Geometry comes from pnp/geometry (hexgrid, routes, tracks).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.draw.fonts import text_width
from pnp.draw.text import draw_text, set_text
from pnp.geometry import hexgrid, routes
from pnp.geometry.labels import place_labels
from pnp.geometry.tracks import Ring, Rows, largest_fitting_pitch, ring_around, rows_within
from pnp.kinds.board.models import BoardData, column_name
from pnp.reading.load import locate
from pnp.models.units import mm

INK = "#263238"
FRAME = "#263238"
GRID = "#b9a88a"
DEFAULT_FILL = "#b0bec5"
ROOF = "#8d6e63"
GROUND = "#5d5348"
MAP_BACKGROUND = "#efe6d2"
MARK_COLOR = "#6a1b9a"
TRACK_FILL = "#fafafa"


def place_icon(assets, surface, name: str, x: float, y: float, size: float, ink: str = "#000000") -> None:
    assets.place_icon(surface, name, x, y, size, ink)


# --------------------------------------------------------------------------- patterns

def _studs(s, x, y, c, color, gap) -> None:
    """Studs: a space is 2 × 2 of them."""
    pitch = c / 2
    for i in range(2):
        for j in range(2):
            s.circle(x + pitch * (j + 0.5), y + pitch * (i + 0.5), pitch * 0.3, fill=color)


def _waves(s, x, y, c, color, gap) -> None:
    for k in (0.3, 0.7):
        yy = y + c * k
        s.path([("M", x + c * 0.1, yy), ("C", x + c * 0.3, yy - c * 0.12, x + c * 0.45, yy + c * 0.12, x + c * 0.6, yy),
                ("C", x + c * 0.7, yy - c * 0.1, x + c * 0.8, yy - c * 0.06, x + c * 0.9, yy)],
               stroke=color, width=0.8, cap="round")


def _planks(s, x, y, c, color, gap) -> None:
    for k in range(1, 4):
        s.line(x + c * k / 4, y + gap, x + c * k / 4, y + c - gap, stroke=color, width=0.6)


def _shelves(s, x, y, c, color, gap) -> None:
    """Two shelves of books."""
    for shelf in (0.2, 0.55):
        top, h = y + c * shelf, c * 0.27
        widths = (0.08, 0.1, 0.07, 0.11, 0.08, 0.09)
        colors = ("#ffcc80", "#d7ccc8", "#ffab91", "#fff3e0", "#bcaaa4", "#ffe0b2")
        xx = x + c * 0.16
        for i, (w, col) in enumerate(zip(widths, colors)):
            lean = 0.03 * c if i == 4 else 0
            s.polygon([(xx, top + h), (xx + w * c, top + h), (xx + w * c + lean, top), (xx + lean, top)], fill=col)
            xx += w * c + c * 0.015
        s.line(x + c * 0.12, top + h + 0.4, x + c * 0.88, top + h + 0.4, stroke=color or "#3e2723", width=0.9)


def _cross(s, x, y, c, color, gap) -> None:
    w = c * 0.16
    s.rect(x + c / 2 - w / 2, y + c * 0.2, w, c * 0.6, fill=color)
    s.rect(x + c * 0.2, y + c / 2 - w / 2, c * 0.6, w, fill=color)


def _hatch(s, x, y, c, color, gap) -> None:
    """Diagonal lines, kept inside the square."""
    step = c / 6
    for k in range(1, 12):
        d = k * step
        x1, y1 = (x + d, y) if d <= c else (x + c, y + d - c)
        x2, y2 = (x, y + d) if d <= c else (x + d - c, y + c)
        s.line(x1, y1, x2, y2, stroke=color, width=0.6)


def _dots(s, x, y, c, color, gap) -> None:
    pitch = c / 4
    for i in range(4):
        for j in range(4):
            s.circle(x + pitch * (j + 0.5), y + pitch * (i + 0.5), pitch * 0.16, fill=color)


PATTERNS = {"studs": _studs, "waves": _waves, "planks": _planks, "shelves": _shelves, "cross": _cross,
            "hatch": _hatch, "dots": _dots}
PATTERN_DEFAULT = {"studs": "#607d8b", "waves": "#81c7ee", "planks": "#6d4c41", "shelves": "#3e2723",
                   "cross": "#c62828", "hatch": "#37474f", "dots": "#37474f"}


def _ink_on(color: str | None) -> str:
    """Dark ink or white, whichever reads better on the colour by WCAG contrast; dark on no colour
    (`none`: the board shows through)."""
    from pnp.draw.wcag import contrast

    if color in (None, "none"):
        return "#1c1c1c"
    return "#1c1c1c" if contrast("#1c1c1c", color) >= contrast("#ffffff", color) else "#ffffff"


def _paint(color: str | None) -> str | None:
    """A colour as the surfaces take it: `none` paints nothing."""
    return None if color == "none" else color


def space_fill(board: BoardData, kind, repaint: str | None = None) -> str | None:
    """What a space is painted with: its legend entry's colour, else its type's `fill`; a type without
    one is grey, or nothing over a `background:` painting (so the painting shows); `none` is nothing."""
    color = repaint or kind.fill
    if color is None:
        color = None if board.spec.background else DEFAULT_FILL
    return _paint(color)


# --------------------------------------------------------------------------- geometry of the whole board

@dataclass
class TrackPlace:
    index: int
    count: int
    cells: list[tuple[float, float]]     # top-left corners in board points
    pitch: float
    ring: Ring | None = None
    rows: Rows | None = None
    origin: tuple[float, float] = (0.0, 0.0)


@dataclass
class BoardGeometry:
    size: tuple[float, float]             # the whole drawing
    map_origin: tuple[float, float]       # where the map with its frame starts
    map_size: tuple[float, float]
    tracks: list[TrackPlace] = field(default_factory=list)
    lines_x: list[float] = field(default_factory=list)
    lines_y: list[float] = field(default_factory=list)


def hex_layout(board: BoardData) -> hexgrid.HexLayout:
    h = board.spec.hex
    return hexgrid.HexLayout(board.spec.cell, h.orientation, h.offset, board.height, board.width)


def map_size(board: BoardData) -> tuple[float, float]:
    """The map with its frame (no tracks), in points."""
    b, c = board.spec.border, board.spec.cell
    if board.shape == "hex":
        w, h = hex_layout(board).size()
        return w + 2 * b, h + 2 * b
    if board.shape == "points":
        w, h = board.spec.size
        return w + 2 * b, h + 2 * b
    return board.width * c + 2 * b, board.height * c + 2 * b


TRACK_LABEL = mm(5)
TRACK_GAP = mm(4)


def geometry(board: BoardData) -> BoardGeometry:
    mw, mh = map_size(board)
    inset = max(board.spec.border, mm(4))
    inner_h = mh
    places = []
    for i, t in enumerate(board.spec.tracks):
        if t.layout != "rows":
            continue
        n = t.last - t.first + 1
        rows = rows_within(mw - 2 * inset, n, t.space, TRACK_LABEL)
        origin = (inset, inner_h)
        places.append(TrackPlace(i, n, [(origin[0] + x, origin[1] + y) for x, y in rows.cells(n)], t.space,
                                 rows=rows, origin=origin))
        inner_h += rows.height + TRACK_GAP
    edge = [(i, t) for i, t in enumerate(board.spec.tracks) if t.layout == "edge"]
    ox = oy = 0.0
    W, H = mw, inner_h
    lines_x, lines_y = [], []
    if edge:
        i, t = edge[0]
        ring = ring_around(mw, inner_h, t.space)
        ox, oy = ring.inset(mw, inner_h)
        W, H = ring.size
        n = t.last - t.first + 1
        places.append(TrackPlace(i, n, ring.cells(min(n, ring.capacity)), t.space, ring=ring))
        for p in places:
            if p.rows is not None:
                p.cells = [(x + ox, y + oy) for x, y in p.cells]
                p.origin = (p.origin[0] + ox, p.origin[1] + oy)
        lines_x = [k * t.space for k in range(ring.cols + 1)]
        lines_y = [k * t.space for k in range(ring.rows + 1)]
    if board.shape == "square":
        b, c = board.spec.border, board.spec.cell
        lines_x = sorted(set(lines_x) | {ox + b + k * c for k in range(board.width + 1)})
        lines_y = sorted(set(lines_y) | {oy + b + k * c for k in range(board.height + 1)})
    return BoardGeometry((W, H), (ox, oy), (mw, mh), places, lines_x, lines_y)


def track_problems(board: BoardData) -> list[tuple[list, str]]:
    """(YAML path, message) for each track that cannot be laid: a ring too small, a second edge track."""
    out = []
    mw, mh = map_size(board)
    edge = [(i, t) for i, t in enumerate(board.spec.tracks) if t.layout == "edge"]
    for i, t in edge[1:]:
        out.append((["tracks", i, "layout"], f"track '{t.name}': only one track can run round the board's edge "
                                             f"('{edge[0][1].name}' does); use layout: rows"))
    if edge:
        i, t = edge[0]
        g = geometry(board)
        ring = next(p.ring for p in g.tracks if p.ring is not None)
        n = t.last - t.first + 1
        if n > ring.capacity:
            inner_w, inner_h = g.size[0] - 2 * g.map_origin[0], g.size[1] - 2 * g.map_origin[1]
            fit = largest_fitting_pitch(inner_w, inner_h, n, mm(4))
            hint = f"space: {math.floor(fit / mm(1) * 10) / 10:g}mm fits" if fit else "no space of 4 mm or more fits"
            out.append((["tracks", i], f"track '{t.name}' needs {n} spaces but the ring round this "
                                       f"{mw / mm(1):.0f} × {mh / mm(1):.0f} mm board holds {ring.capacity} of "
                                       f"{t.space / mm(1):g} mm ({hint}; or use layout: rows)"))
    return out


MIN_ROUTE_BOX = mm(4)


def route_problems(board: BoardData) -> list[tuple[list, str]]:
    """(YAML path, message) for each route too short to hold its segments as boxes."""
    if board.shape != "points":
        return []
    out = []
    spec = board.spec
    for i, conn in enumerate(spec.connections):
        if not conn.segments:
            continue
        a, z = spec.nodes[conn.start].at, spec.nodes[conn.end].at
        each = routes.box_length(a, z, conn.bend, conn.segments, spec.cell / 2, ROUTE_GAP)
        if each < MIN_ROUTE_BOX:
            out.append((["connections", i, "segments"],
                        f"connection {conn.start}–{conn.end}: {conn.segments} segments do not fit on this "
                        f"{routes.length(a, z, conn.bend) / mm(1):.0f} mm route (each would be "
                        f"{max(each, 0) / mm(1):.1f} mm; at least {MIN_ROUTE_BOX / mm(1):.0f} mm): use fewer "
                        f"segments or move the nodes apart"))
    return out


# --------------------------------------------------------------------------- the art

def draw_board(s, board: BoardData, assets) -> None:
    """The whole board in its own frame, origin at the drawing's top-left."""
    g = geometry(board)
    W, H = g.size
    s.rect(0, 0, W, H, fill=FRAME)
    if board.spec.background:  # the designer's painting: under the spaces, over the frame, to the edges
        assets.place_art(s, board.spec.background, locate(board.raw, ["background"]), 0, 0, W, H, fit="cover")
    ox, oy = g.map_origin
    moved = ox or oy
    if moved:
        s.save()
        s.translate(ox, oy)
    if board.shape == "hex":
        _hex_map(s, board, assets)
    elif board.shape == "points":
        _points_map(s, board, assets)
    else:
        _square_map(s, board, assets)
    _marks(s, board, assets)
    if board.shape == "square":
        _frame(s, board, *map_size(board), board.spec.cell)
    if moved:
        s.restore()
    for place in g.tracks:
        _track(s, board, place)


def cell_box(board: BoardData, cell) -> tuple[float, float, float]:
    """x, y (top-left) and side of the square a space's pictures go in, in map coordinates."""
    b, c = board.spec.border, board.spec.cell
    if board.shape == "hex":
        cx, cy = hex_layout(board).centre(*cell)
        side = c * 0.62
        return b + cx - side / 2, b + cy - side / 2, side
    if board.shape == "points":
        x, y = board.spec.nodes[cell].at
        side = c * 0.62
        return b + x - side / 2, b + y - side / 2, side
    r, col = cell
    return b + col * c, b + r * c, c


def _square_map(s, board: BoardData, assets) -> None:
    for cell in board.cells():
        _square(s, board, cell, assets)
    for name in board.locations:
        _building(s, board, name, assets)


def _pictures(s, board: BoardData, kind, spec_key: str, x, y, c, assets, gap=0.0, cell=None, label=True) -> None:
    """A space type's image, pattern, icon and label (unless `label` is false) inside the square
    (x, y, c); for a type with `layout:`, its layout's boxes there instead (the engine cards use),
    with the space's fields."""
    if spec_key in board.space_layouts:
        layout, parameters = board.space_layouts[spec_key]
        fields = space_fields(board, spec_key, cell, parameters)
        layout.draw_at(s, fields, space_who(board, spec_key, cell), x, y, c, c)
        return
    if kind.image:
        assets.place_art(s, kind.image, locate(board.raw, ["spaces", spec_key, "image"]), x, y, c, c)
    if kind.pattern:
        PATTERNS[kind.pattern](s, x, y, c, kind.pattern_color or PATTERN_DEFAULT[kind.pattern], gap)
    if kind.icon:
        place_icon(assets, s, kind.icon, x + c * 0.25, y + c * 0.25, c * 0.5, kind.icon_color or _ink_on(kind.fill))
    if kind.label and label:
        s.text(x + c / 2, y + c * 0.92, kind.label, font=board.spec.fonts.bold, size=c * 0.2, fill=_ink_on(kind.fill),
               anchor="middle")


def space_fields(board: BoardData, type_id: str, cell, parameters: dict) -> dict:
    """What a space's layout reads: `id` (C7, a node's id; the type's id in the key), `type`,
    `name` (the type's), `label`, `icon`, `fill`, `walk`, `location` and the game's `parameters`."""
    kind = board.spec.spaces[type_id]
    entry = board.entry(cell) if cell is not None else None
    label = kind.label
    if cell is not None and board.shape == "points":
        label = board.spec.nodes[cell].label or str(cell)
    return {"id": board.name_of(cell) if cell is not None else type_id, "type": type_id,
            "name": kind.name or type_id, "label": label, "icon": kind.icon,
            "fill": space_fill(board, kind, entry.color if entry is not None else None), "walk": kind.walk,
            "location": entry.location if entry is not None else None, "parameters": parameters}


def space_who(board: BoardData, type_id: str, cell):
    """How a message names a space drawn by its layout, and where it is written."""
    from pnp.layout.draw import Named

    if cell is None:
        return Named(f"space type '{type_id}'", locate(board.raw, ["spaces", type_id, "layout"]))
    return Named(f"space {board.name_of(cell)}", board.pos_of(cell))


def _square(s, board: BoardData, cell, assets) -> None:
    b, c = board.spec.border, board.spec.cell
    r, col = cell
    x, y = b + col * c, b + r * c
    entry = board.entry(cell)
    kind = board.spec.spaces[entry.space]
    if kind.footprint:
        return
    fill = space_fill(board, kind, entry.color)
    if not kind.walk:
        if fill:
            s.rect(x, y, c, c, fill=fill)
        _pictures(s, board, kind, entry.space, x, y, c, assets, cell=cell)
        return
    gap = mm(0.6)
    if fill is None:  # see-through: only the grid line round it, the painting or frame shows inside
        s.rect(x + gap / 4, y + gap / 4, c - gap / 2, c - gap / 2, stroke=_paint(kind.outline) or GRID, width=gap / 2,
               radius=mm(1))
        _pictures(s, board, kind, entry.space, x, y, c, assets, gap, cell=cell)
        return
    s.rect(x, y, c, c, fill=GRID)
    if kind.outline:
        s.rect(x + gap / 2, y + gap / 2, c - gap, c - gap, fill=fill, radius=mm(1), stroke=kind.outline, width=1.2)
    else:
        s.rect(x + gap / 2, y + gap / 2, c - gap, c - gap, fill=fill, radius=mm(1))
    _pictures(s, board, kind, entry.space, x, y, c, assets, gap, cell=cell)


def _building(s, board: BoardData, name: str, assets) -> None:
    cells = board.footprint(name)
    if not cells:
        return
    loc = board.locations[name]
    kind = board.space_type(cells[0])
    b, c = board.spec.border, board.spec.cell
    roof = loc.color or ROOF
    rows = [r for r, _ in cells]
    cols = [col for _, col in cells]
    x0, y0 = b + min(cols) * c, b + min(rows) * c
    w, h = (max(cols) - min(cols) + 1) * c, (max(rows) - min(rows) + 1) * c
    rectangular = len(cells) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
    ground = _paint(kind.fill or GROUND)
    if ground:
        s.rect(x0, y0, w, h, fill=ground)  # the ground plate under the building
    if rectangular:
        s.rect(x0 + mm(1), y0 + mm(1), w - mm(2), h - mm(2), fill=roof, stroke="#1c1c1c", width=1.0, radius=mm(1.2))
    else:
        for r, col in cells:
            x, y = b + col * c, b + r * c
            s.rect(x + mm(0.5), y + mm(0.5), c - mm(1), c - mm(1), fill=roof, stroke="#1c1c1c", width=1.0)
    roof = _paint(roof)
    ink = _ink_on(roof)
    if kind.pattern == "studs":  # a row of studs along the roof's ridge
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
    # in the face `fonts: {names: …}` chooses, as chosen (bold markup turned serif-italic into serif-bold)
    lay = set_text(label, board.spec.fonts.names, size, 5.5, w - mm(3), max(box_h, 8))
    draw_text(s, lay, x0 + mm(1.5), text_top, w - mm(3), max(box_h, 8), align="center", valign="middle", color=ink)


def _hex_map(s, board: BoardData, assets) -> None:
    lay = hex_layout(board)
    b, c = board.spec.border, board.spec.cell
    h = board.spec.hex
    for cell in board.cells():
        entry = board.entry(cell)
        kind = board.spec.spaces[entry.space]
        fill = space_fill(board, kind, entry.color)
        if kind.footprint:   # a building's hexes take its roof colour
            fill = _paint(board.locations[entry.location].color or ROOF)
        pts = [(b + x, b + y) for x, y in lay.hex_corners(*cell)]
        s.polygon(pts, fill=fill, stroke=_paint(kind.outline or GRID), width=0.8)
        x, y, side = cell_box(board, cell)
        _pictures(s, board, kind, entry.space, x, y, side, assets, cell=cell)
        if h.labels and not kind.footprint:
            cx, cy = lay.centre(*cell)
            size = max(4.0, c * 0.13)
            s.text(b + cx, b + cy - c * 0.5 + size * 1.25, board.name_of(cell), font=board.spec.fonts.text, size=size,
                   fill=_ink_on(fill), anchor="middle")
    for name, loc in board.locations.items():   # each building's name (and icon) over its hexes
        cells = board.footprint(name)
        if not cells:
            continue
        centres = [lay.centre(*cell) for cell in cells]
        cx = b + sum(x for x, _ in centres) / len(centres)
        cy = b + sum(y for _, y in centres) / len(centres)
        ink = _ink_on(loc.color or ROOF)
        if loc.icon:
            place_icon(assets, s, loc.icon, cx - c * 0.2, cy - c * 0.38, c * 0.4, ink)
        size = min(11.0, c * 0.3)
        s.text(cx, cy + c * 0.22, loc.short or loc.name, font=board.spec.fonts.bold, size=size, fill=ink, anchor="middle")


def _points_map(s, board: BoardData, assets) -> None:
    spec = board.spec
    b, c = spec.border, spec.cell
    w, h = spec.size
    if not spec.background:  # with a background picture, the picture is the map
        s.rect(b, b, w, h, fill=MAP_BACKGROUND)
    drawn: list = []  # every route's outline, so the names keep off them
    for conn in spec.connections:
        a = (b + spec.nodes[conn.start].at[0], b + spec.nodes[conn.start].at[1])
        z = (b + spec.nodes[conn.end].at[0], b + spec.nodes[conn.end].at[1])
        color = conn.color or "#6d4c41"
        if conn.segments:
            for quad in routes.boxes(a, z, conn.bend, conn.segments, ROUTE_WIDTH, c / 2, ROUTE_GAP):
                s.polygon(quad, fill=color, stroke=INK, width=0.6)
                drawn.append(list(quad))
        else:
            pts = routes.polyline(a, z, conn.bend, c / 2)
            if pts:
                s.polygon(pts, closed=False, stroke=color, width=mm(1.2))
                drawn += [_thick(p, q, mm(1.2)) for p, q in zip(pts, pts[1:])]
    size = max(6.0, c * 0.3)
    names = [node.label or name for name, node in spec.nodes.items()]
    spots = place_labels([(b + node.at[0], b + node.at[1], c / 2,
                           text_width(label, board.spec.fonts.names, size) + mm(1.6), size * 1.25)
                          for node, label in zip(spec.nodes.values(), names)], drawn, (b, b, w, h), mm(0.4))
    for (name, node), label, (lx, ly, lw, lh) in zip(spec.nodes.items(), names, spots):
        kind = spec.spaces[node.space]
        x, y = b + node.at[0], b + node.at[1]
        fill = space_fill(board, kind)
        s.circle(x, y, c / 2, fill=fill, stroke=_paint(kind.outline or INK), width=1.2)
        bx, by, side = cell_box(board, name)
        _pictures(s, board, kind, node.space, bx, by, side, assets, cell=name)
        s.rect(lx, ly, lw, lh, fill="#ffffff", opacity=0.85, radius=mm(0.8))
        s.text(lx + lw / 2, ly + size * 0.95, label, font=board.spec.fonts.names, size=size, fill=INK, anchor="middle")


def _thick(p, q, width: float) -> list:
    """A line segment as a thin quadrilateral, for the labels to keep off."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    return [(p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy), (q[0] - ox, q[1] - oy), (p[0] - ox, p[1] - oy)]


ROUTE_WIDTH = mm(7)
ROUTE_GAP = mm(1.2)


def _marks(s, board: BoardData, assets) -> None:
    """Where the first scenario places its marked pieces (and where they head), as badges.

    A badge never sits on a space's own art (its picture, pattern, icon or label): on such a space
    a dashed frame rings the space and the badge goes on the nearest plain space touching it, with a
    pointer at the framed one. Only when no plain space touches it does the badge go on the space.
    On a points map, whose places lie far apart, a dashed ring goes round the place and a tag above it."""
    if not board.scenarios:
        return
    from pnp.kinds.sheetwords import say

    sc = board.scenarios[0]
    taken: set = set()
    for placed in sc.placed:
        piece = board.spec.pieces[placed.piece]
        if not piece.mark:
            continue
        color = piece.color or MARK_COLOR
        for marker, label in ((placed.at, say("badge_start")), (placed.to, say("badge_goal"))):
            if marker is None:
                continue
            if board.shape == "points":  # places lie far apart: a ring round the place, a tag above it
                _node_tag(s, board, marker.cell, label, piece.icon, color, assets)
                continue
            spot = badge_space(board, marker.cell, taken)
            taken.add(spot)
            x, y, c = cell_box(board, spot)
            if spot != marker.cell:
                tx, ty, tc = cell_box(board, marker.cell)
                inset = mm(0.6) if board.shape == "square" else 0
                s.rect(tx + inset, ty + inset, tc - 2 * inset, tc - 2 * inset, stroke=color, width=1.6,
                       dash=[2.5, 1.5], radius=mm(1))
                _pointer(s, (x + c / 2, y + c / 2), (tx + tc / 2, ty + tc / 2), c, color)
            _badge(s, x, y, c, label, piece.icon, color, assets, board.spec.fonts.names)


def _node_tag(s, board: BoardData, node: str, label: str, icon: str | None, color: str, assets) -> None:
    """A dashed ring on the outline of a place of a points map and, above it, a white tag with the piece's icon and
    the label: the place's own icon and name stay as they are."""
    b, c = board.spec.border, board.spec.cell
    x, y = b + board.spec.nodes[node].at[0], b + board.spec.nodes[node].at[1]
    s.circle(x, y, c / 2, stroke=color, width=1.6, dash=[2.5, 1.5])  # on the place's own outline: clear of its name
    size = max(6.0, c * 0.22)
    h = size * 1.5
    words = text_width(label, board.spec.fonts.names, size)
    w = words + (h if icon else 0) + mm(2)
    left, top = x - w / 2, y - c / 2 - mm(2.2) - h
    s.rect(left, top, w, h, fill="#ffffff", stroke=color, width=1.0, radius=mm(0.8))
    if icon:
        place_icon(assets, s, icon, left + mm(1), top + h * 0.1, h * 0.8, color)
    s.text(left + w - mm(1) - words / 2, top + h * 0.5 + size * 0.36, label, font=board.spec.fonts.names, size=size, fill=color,
           anchor="middle")


def has_art(board: BoardData, cell) -> bool:
    """Does the space carry drawing of its own (a building, picture, pattern, icon, label or layout)?"""
    kind = board.space_type(cell)
    return bool(kind.footprint or kind.image or kind.pattern or kind.icon or kind.label or kind.layout)


def badge_space(board: BoardData, cell, taken=frozenset()):
    """The space a marker's badge is drawn on: the marked space when it is plain, else the first plain,
    free space touching it (walkable ones first), else the marked space after all."""
    if not has_art(board, cell) and cell not in taken:
        return cell
    near = [n for n in board.touching(cell) if not has_art(board, n) and n not in taken]
    near.sort(key=lambda n: not board.walkable(n))  # stable: the board's own order among equals
    return near[0] if near else cell


def _badge(s, x, y, c, label: str, icon: str | None, color: str, assets, font: str) -> None:
    """A dashed ring with the piece's icon above its label, all inside the ring (no line crosses a word)."""
    r = c * 0.42
    s.circle(x + c / 2, y + c / 2, r, stroke=color, width=1.6, dash=[2.5, 1.5])
    if icon:
        place_icon(assets, s, icon, x + c * 0.32, y + c * 0.13, c * 0.36, color)
    inner = max(r - 1.6 - mm(0.5), r * 0.5)  # inside the ring's stroke, with a little air
    baseline = min(c * 0.30, inner * 0.75)  # below the centre; the ring is widest near the centre
    size = c * 0.17
    room = 2 * math.sqrt(inner ** 2 - baseline ** 2)
    size = min(size, size * room / max(text_width(label, font, size), 1e-6))
    s.text(x + c / 2, y + c / 2 + baseline, label, font=font, size=size, fill=color, anchor="middle")


def _pointer(s, badge: tuple[float, float], target: tuple[float, float], c: float, color: str) -> None:
    """A small triangle on the badge's ring, pointing at the space the badge stands for."""
    dx, dy = target[0] - badge[0], target[1] - badge[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    base, tip, half = c * 0.40, c * 0.49, c * 0.08
    bx, by = badge[0] + ux * base, badge[1] + uy * base
    s.polygon([(badge[0] + ux * tip, badge[1] + uy * tip), (bx - uy * half, by + ux * half),
               (bx + uy * half, by - ux * half)], fill=color)


def _frame(s, board: BoardData, W, H, c) -> None:
    b = board.spec.border
    if b < mm(4):
        return
    size = min(b * 0.6, 9)
    for i in range(board.width):
        x = b + (i + 0.5) * c
        s.text(x, b * 0.5 + size * 0.36, column_name(i), font=board.spec.fonts.bold, size=size, fill="#eceff1", anchor="middle")
        s.text(x, H - b * 0.5 + size * 0.36, column_name(i), font=board.spec.fonts.bold, size=size, fill="#eceff1", anchor="middle")
    for j in range(board.height):
        y = b + (j + 0.5) * c + size * 0.36
        s.text(b / 2, y, str(j + 1), font=board.spec.fonts.bold, size=size, fill="#eceff1", anchor="middle")
        s.text(W - b / 2, y, str(j + 1), font=board.spec.fonts.bold, size=size, fill="#eceff1", anchor="middle")


def _track(s, board: BoardData, place: TrackPlace) -> None:
    """Numbered squares; every `every`th one filled and its number bigger and bold."""
    t = board.spec.tracks[place.index]
    p = place.pitch
    color = t.color or "#ffb300"
    if place.rows is not None:
        s.text(place.origin[0], place.origin[1] + TRACK_LABEL * 0.7, t.name, font=board.spec.fonts.bold,
               size=min(10.0, TRACK_LABEL * 1.6), fill="#eceff1")
    for k, (x, y) in enumerate(place.cells):
        value = t.first + k
        marked = value % t.every == 0
        s.rect(x + 0.4, y + 0.4, p - 0.8, p - 0.8, fill=color if marked else TRACK_FILL, stroke=INK, width=0.8)
        size = p * (0.46 if marked else 0.34)
        s.text(x + p / 2, y + p / 2 + size * 0.36, str(value), font=board.spec.fonts.bold if marked else board.spec.fonts.text, size=size,
               fill=_ink_on(color) if marked else INK, anchor="middle")


def space_swatch(s, board: BoardData, space: str, x: float, y: float, size: float, assets) -> None:
    """One space of a type as the board draws it (fill, pattern, icon, picture, label), in a square:
    the poster's key shows each type so, without the label: the key names the type beside it in
    words a player reads, where the label would shrink with the swatch under 6 pt."""
    kind = board.spec.spaces[space]
    fill = _paint(kind.fill or GROUND) if kind.footprint else space_fill(board, kind)
    s.rect(x, y, size, size, fill=fill, stroke=GRID, width=0.6)
    if not kind.footprint:
        _pictures(s, board, kind, space, x, y, size, assets, label=False)
