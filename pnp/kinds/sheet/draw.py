"""A roll-and-write sheet drawn on a Surface: sections measured, placed in the layout's rows, drawn.

Each section type (title, grid, track, dice legend, checklist, scores, notes)
knows its size and how to draw itself at a point. `draw_sheet` places the
rows on the page (rows spread over the page's height, the sections of a row
over its width) and returns the geometry it used, so tests and callers can
check what was drawn. With `fill: true` the pencil cells first grow (up to
twice their size) until the sheet fills its page, as a printed pad does.
Black ink only, light grey fills; pencil cells ≥ 5 mm.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.draw import fonts, icons
from pnp.draw.text import draw_text, set_text
from pnp.errors import SpecError, SpecErrors
from pnp.models import polyomino as poly
from pnp.geometry.paper import paper_size
from pnp.kinds.sheet.models import Checklist, Grid, Notes, Scores, Sheet, Track, column_name, piece_label
from pnp.kinds.sheetwords import count, line_from_end, line_from_start, right_to_left, say
from pnp.models.units import mm, to_mm

INK = "#000000"
SOFT = "#555555"            # secondary text
FILL = "#e4e4e4"            # printed pieces
START = "#c4c4c4"           # the shapes printed in areas
CELL_LINE = 0.5             # pencil cell rules (PRINTING.md: 0.5 pt)
AREA_LINE = 1.5
PIECE_LINE = 1.75           # each printed piece is one path of this width (tests count them)
BORDER_LINE = 1.25
MARGIN = mm(9)
GAP = mm(6)
TITLE_H = mm(6.5)           # a section's heading band
LABEL_H = mm(6)             # area labels above / below a grid
ROW_SPREAD = mm(1)         # the most a filled sheet adds between its rows (more reads as bare paper)
RULE_STEP = mm(8)           # between ruled lines: a handwritten line
RULED_FROM = GAP + RULE_STEP + mm(1)  # a filled sheet leaving this much of its page rules it for notes
RULE_INK = "#9e9e9e"


@dataclass
class Geometry:
    """What `draw_sheet` put where, in points from the page's top-left."""

    page: tuple[float, float]
    sections: dict = field(default_factory=dict)       # name → (x, y, w, h)
    cells: dict = field(default_factory=dict)          # grid name → (x, y, cell) of its cell [0, 0]
    pieces: dict = field(default_factory=dict)         # grid name → number of pieces drawn
    boxes: dict = field(default_factory=dict)          # track name → [(x, y, w, h), …]


def _heading(s, x, y, text, font: str, width: float = 0.0):
    """A section's title over it, where its reader starts: at its left edge, or in a right-to-left
    edition at its right edge (WIDTH: the section's)."""
    if text:
        if right_to_left() and width:
            s.text(x + width, y + mm(4.2), text.upper(), font=font, size=8.5, anchor="end")
        else:
            s.text(x, y + mm(4.2), text.upper(), font=font, size=8.5)


def reading_x(x: float, width: float, left: float, size: float) -> float:
    """Where something placed LEFT from a block's left edge (SIZE wide) goes, in the edition's reading
    order: as it is, or in a right-to-left edition mirrored within the block (X, WIDTH), so that what
    comes first is read first from the right (a sum's first box, a track's box 1)."""
    return x + width - (left - x) - size if right_to_left() else left


def die_face(s, face: int, x: float, y: float, size: float, font: str = "sans-bold") -> None:
    """A die showing `face`: the built-in icon when there is one, else drawn pips."""
    name = f"die-{face}"
    if icons.exists(name):
        icons.place(s, name, x, y, size)
        return
    s.rect(x, y, size, size, stroke=INK, width=0.8, radius=size * 0.15)
    pips = {1: [(1, 1)], 2: [(2, 0), (0, 2)], 3: [(2, 0), (1, 1), (0, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    for px, py in pips.get(face, []):
        s.circle(x + size * (0.25 + px * 0.25), y + size * (0.25 + py * 0.25), size * 0.08, fill=INK)
    if face not in pips:
        s.text(x + size / 2, y + size * 0.68, str(face), font=font, size=size * 0.5, anchor="middle")


def outline(cells, x: float, y: float, cell: float) -> list:
    """Path commands tracing the border of a set of cells: one closed loop per boundary, corners only."""
    cells = set(cells)
    edges: dict = {}
    for c, r in cells:  # clockwise edges of each cell that no neighbour shares
        for (dc, dr), a, b in (((0, -1), (c, r), (c + 1, r)), ((1, 0), (c + 1, r), (c + 1, r + 1)),
                               ((0, 1), (c + 1, r + 1), (c, r + 1)), ((-1, 0), (c, r + 1), (c, r))):
            if (c + dc, r + dr) not in cells:
                edges.setdefault(a, []).append(b)
    out = []
    while edges:
        start = min(edges)
        loop, point = [], start
        while True:
            loop.append(point)
            ends = edges[point]
            nxt = ends.pop()
            if not ends:
                del edges[point]
            point = nxt
            if point == start:
                break
        corners = [p for i, p in enumerate(loop) if not _collinear(loop[i - 1], p, loop[(i + 1) % len(loop)])]
        out.append(("M", x + corners[0][0] * cell, y + corners[0][1] * cell))
        out += [("L", x + px * cell, y + py * cell) for px, py in corners[1:]]
        out.append(("Z",))
    return out


def _collinear(a, b, c) -> bool:
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) == 0


def mini_shape(s, cells, x: float, y: float, cell: float, fill: str = START) -> None:
    """A small printed picture of a shape (not for writing in)."""
    for c, r in cells:
        s.rect(x + c * cell, y + r * cell, cell, cell, fill=fill, stroke=INK, width=0.5)


def star(s, cx: float, cy: float, r: float) -> None:
    import math

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    s.polygon(pts, fill=FILL, stroke=INK, width=0.6, join="round")


def mark_symbol(s, symbol: str, cx: float, cy: float, r: float) -> None:
    if symbol == "star":
        star(s, cx, cy, r)
    elif symbol == "dot":
        s.circle(cx, cy, r * 0.35, fill=INK)
    elif symbol == "circle":
        s.circle(cx, cy, r * 0.7, stroke=INK, width=0.8)
    else:
        s.line(cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6, width=0.8)
        s.line(cx - r * 0.6, cy + r * 0.6, cx + r * 0.6, cy - r * 0.6, width=0.8)


# --------------------------------------------------------------------------- sections

class TitleBlock:
    """The title (wrapped and shrunk to its column), the subtitle, and write-in lines such as Name."""

    def __init__(self, sheet: Sheet, width: float):
        self.font_set = sheet.fonts
        self.sheet = sheet
        self.w = width
        self.title = set_text(sheet.title, sheet.fonts.title, 18, 12, width, mm(16))
        # the subtitle keeps to the title's column: shrunk, then wrapped, never under its neighbour
        self.subtitle = set_text(sheet.subtitle, sheet.fonts.italic, 8.5, 6.5, width, mm(9)) if sheet.subtitle else None
        sub_h = self.subtitle.height + mm(1) if self.subtitle else 0
        self.h = self.title.height + mm(1.5) + sub_h + mm(8) * len(sheet.fields)

    def draw(self, s, x, y, geo):
        sheet = self.sheet
        draw_text(s, self.title, x, y, self.w, self.title.height + 1)
        yy = y + self.title.height + mm(1.5)
        if self.subtitle:
            draw_text(s, self.subtitle, x, yy + mm(0.3), self.w, self.subtitle.height + 1, color=SOFT)  # from the reading side
            yy += self.subtitle.height + mm(1)
        for label in _write_ins(sheet):
            yy += mm(8)
            line_from_start(s, x, x + self.w, yy - mm(1), label, font=sheet.fonts.text, size=8.5)
            room = fonts.text_width(label, sheet.fonts.text, 8.5) + mm(2)  # the line runs on from the label
            start, end = (x, x + self.w - room) if right_to_left() else (x + room, x + self.w)
            s.line(start, yy, end, yy, width=0.5)


def _write_ins(sheet: Sheet) -> list[str]:
    """The write-in lines' labels: the designer's `fields:`, else pnp's own "Name" in the edition's language."""
    return sheet.fields if "fields" in sheet.model_fields_set else [say("sheet_name")]


class GridBlock:
    def __init__(self, sheet: Sheet, name: str, grid: Grid, scale: float = 1.0):
        self.font_set = sheet.fonts
        self.name, self.grid = name, grid
        self.cell = (grid.cell or sheet.cell) * scale
        cols, rows = grid.size
        areas = grid.areas.values()
        self.top = LABEL_H if any(a.at[1] == 0 and a.label for a in areas) else 0
        self.bottom = LABEL_H if any(a.at[1] + a.size[1] == rows and a.label for a in areas) else 0
        legend = [(m.symbol, m.label) for m in grid.marks.values()] + ([(None, grid.note)] if grid.note else [])
        self.legend = [(sym, set_text(text, sheet.fonts.text, 7.5, 6, cols * self.cell - mm(5), mm(12))) for sym, text in legend]
        self.faces = {}
        self.w = cols * self.cell
        self.h = TITLE_H + self.top + rows * self.cell + self.bottom + sum(lay.height + mm(2) for _, lay in self.legend)

    def draw(self, s, x, y, geo):
        grid, cell = self.grid, self.cell
        cols, rows = grid.size
        _heading(s, x, y, grid.title, self.font_set.heading, self.w)
        gx, gy = x, y + TITLE_H + self.top
        geo.cells[self.name] = (gx, gy, cell)
        cells = [poly.shifted(_cells(p.shape), p.at) for p in grid.pieces]
        for piece in cells:
            for c, r in piece:
                s.rect(gx + c * cell, gy + r * cell, cell, cell, fill=FILL)
        for area in grid.areas.values():
            if area.shape:
                shape = _cells(area.shape)
                w, h = len(area.shape[0]), len(area.shape)
                ox, oy = area.at[0] + (area.size[0] - w) // 2, area.at[1] + (area.size[1] - h) // 2
                for c, r in shape:
                    s.rect(gx + (ox + c) * cell, gy + (oy + r) * cell, cell, cell, fill=START)
        if grid._cell_layout is not None:  # every cell drawn by its layout (the engine cards use), under the rules
            layout, parameters, _ = grid._cell_layout
            for r in range(rows):
                for c in range(cols):
                    layout.draw_at(s, cell_fields(self.name, grid, c, r, parameters), cell_who(self.name, grid, c, r),
                                   gx + c * cell, gy + r * cell, cell, cell)
        for c in range(1, cols):
            s.line(gx + c * cell, gy, gx + c * cell, gy + rows * cell, width=CELL_LINE)
        for r in range(1, rows):
            s.line(gx, gy + r * cell, gx + cols * cell, gy + r * cell, width=CELL_LINE)
        for area in grid.areas.values():
            s.rect(gx + area.at[0] * cell, gy + area.at[1] * cell, area.size[0] * cell, area.size[1] * cell,
                   stroke=INK, width=AREA_LINE)
        for i, piece in enumerate(cells):
            s.path(outline(piece, gx, gy, cell), stroke=INK, width=PIECE_LINE, join="miter")
            first = min(piece, key=lambda p: (p[1], p[0]))
            px, py = gx + first[0] * cell, gy + first[1] * cell
            letter = max(6.0, cell * 0.27)  # players tick pieces off by their letter: never under 6 pt
            s.text(px + cell * 0.12, py + max(cell * 0.36, letter * 0.9), piece_label(grid, i), font=self.font_set.bold,
                   size=letter)
            s.text(px + cell * 0.88, py + cell * 0.9, str(grid.pieces[i].points), font=self.font_set.bold, size=cell * 0.4,
                   anchor="end")
        geo.pieces[self.name] = len(cells)
        for mark in grid.marks.values():
            for c, r in mark.cells:
                mark_symbol(s, mark.symbol, gx + (c + 0.5) * cell, gy + (r + 0.5) * cell, cell * 0.36)
        s.rect(gx, gy, cols * cell, rows * cell, stroke=INK, width=BORDER_LINE)
        for aid, area in grid.areas.items():
            self._area_label(s, gx, gy, area, rows)
        ly = gy + rows * cell + self.bottom + mm(1.5)
        for symbol, lay in self.legend:
            if symbol:
                mark_symbol(s, symbol, x + mm(2), ly + lay.size * 0.45, mm(1.9))
            draw_text(s, lay, x + mm(5), ly, self.w - mm(5), lay.height + 1)
            ly += lay.height + mm(2)

    def _area_label(self, s, gx, gy, area, rows):
        if not area.label:
            return
        cell = self.cell
        ax = gx + area.at[0] * cell
        if area.at[1] == 0:
            ly = gy - LABEL_H + mm(0.6)
        elif area.at[1] + area.size[1] == rows:
            ly = gy + rows * cell + mm(0.9)
        else:
            ly = gy + area.at[1] * cell + mm(0.5)
        face = self.faces.get(area.label)
        tx = ax + mm(0.5)
        if face:
            die_face(s, face, tx, ly, mm(4.4), self.font_set.bold)
            tx += mm(5.8)
        s.text(tx, ly + mm(3.4), area.label if not face else self.face_text.get(face, ""), font=self.font_set.bold, size=8)


class TrackBlock:
    PAD = mm(1)
    NUM_H = mm(3.6)

    def __init__(self, sheet: Sheet, name: str, track: Track, scale: float = 1.0):
        self.font_set = sheet.fonts
        self.name, self.track = name, track
        self.slot = (track.box or sheet.cell) * scale
        n = track.slots
        self.per_row = track.columns or track.boxes
        self.box_w = max(n * self.slot + (n + 1) * self.PAD, mm(7)) if n else self.slot
        self.box_h = self.NUM_H + self.slot + self.PAD if n else self.slot
        self.gap = mm(1.4)
        lines = -(-track.boxes // self.per_row)
        self.w = self.per_row * self.box_w + (self.per_row - 1) * self.gap
        self.h = TITLE_H + lines * self.box_h + (lines - 1) * self.gap

    def draw(self, s, x, y, geo):
        t = self.track
        _heading(s, x, y, t.title, self.font_set.heading, self.w)
        boxes = []
        for i in range(t.boxes):
            row, col = divmod(i, self.per_row)
            bx = reading_x(x, self.w, x + col * (self.box_w + self.gap), self.box_w)  # box 1 where reading starts
            by = y + TITLE_H + row * (self.box_h + self.gap)
            s.rect(bx, by, self.box_w, self.box_h, stroke=INK, width=1.0, radius=mm(1))
            boxes.append((bx, by, self.box_w, self.box_h))
            if t.slots:
                s.text(bx + self.box_w / 2, by + self.NUM_H - mm(0.9), str(i + 1), font=self.font_set.bold, size=7.5,
                       anchor="middle")
                for k in range(t.slots):
                    sx = bx + self.PAD + k * (self.slot + self.PAD)
                    s.rect(sx, by + self.NUM_H, self.slot, self.slot, stroke=INK, width=CELL_LINE, radius=mm(0.8))
            else:
                s.text(bx + mm(0.8), by + mm(2.4), str(i + 1), font=self.font_set.text, size=5.5, fill=SOFT)
        geo.boxes[self.name] = boxes


class DiceBlock:
    PIC = mm(3.4)
    COLS = 3

    def __init__(self, sheet: Sheet, width: float):
        self.font_set = sheet.fonts
        self.dice = sheet.dice
        self.shapes = {f: _cells(face.shape) for f, face in sorted(self.dice.faces.items()) if face.shape}
        tallest = max((poly.extent(c)[1] for c in self.shapes.values()), default=1)
        self.item_h = max(mm(7), tallest * self.PIC) + mm(2.5)
        self.w = width
        rows = -(-len(self.shapes) // self.COLS)
        self.h = TITLE_H + rows * self.item_h

    def draw(self, s, x, y, geo):
        _heading(s, x, y, self.dice.title, self.font_set.heading, self.w)
        col_w = self.w / self.COLS
        for i, (face, cells) in enumerate(self.shapes.items()):
            row, col = divmod(i, self.COLS)
            ix, iy = x + col * col_w, y + TITLE_H + row * self.item_h
            die_face(s, face, ix, iy, mm(6), self.font_set.bold)
            s.text(ix + mm(7.6), iy + mm(4.3), "→", font=self.font_set.text, size=9)
            mini_shape(s, cells, ix + mm(11), iy, self.PIC)


class ChecklistBlock:
    PIC = mm(1.9)
    BOX = mm(5)

    def __init__(self, sheet: Sheet, checklist: Checklist):
        self.font_set = sheet.fonts
        self.checklist = checklist
        self.grid = sheet.grids[checklist.grid]
        self.shapes = [_cells(p.shape) for p in self.grid.pieces]
        # pictures fit a 4 × 4 box (bigger pieces are drawn smaller), so rows stay even
        self.item_h = 4 * self.PIC + mm(2.2)
        self.col_w = self.BOX + mm(6) + 4 * self.PIC + mm(9.5)
        n = checklist.columns
        self.rows = -(-len(self.shapes) // n)
        self.w = n * self.col_w + (n - 1) * mm(3)
        self.h = TITLE_H + self.rows * self.item_h + mm(1)

    def draw(self, s, x, y, geo):
        _heading(s, x, y, self.checklist.title, self.font_set.heading, self.w)
        for i, cells in enumerate(self.shapes):
            col, row = divmod(i, self.rows)
            ix, iy = x + col * (self.col_w + mm(3)), y + TITLE_H + row * self.item_h
            pic = self.PIC * 4 / max(4, *poly.extent(cells))
            h = poly.extent(cells)[1] * pic
            mid = iy + (self.item_h - mm(2.2)) / 2
            s.rect(ix, mid - self.BOX / 2, self.BOX, self.BOX, stroke=INK, width=0.8, radius=mm(0.6))
            s.text(ix + self.BOX + mm(1.4), mid + mm(1.2), piece_label(self.grid, i), font=self.font_set.bold, size=8.5)
            mini_shape(s, cells, ix + self.BOX + mm(5.6), mid - h / 2, pic, fill=FILL)
            pts = self.grid.pieces[i].points
            s.text(ix + self.col_w, mid + mm(1.2), count("points_short", pts), font=self.font_set.text, size=8,
                   anchor="end")
            if row < self.rows - 1:
                s.line(ix, iy + self.item_h - mm(1.1), ix + self.col_w, iy + self.item_h - mm(1.1),
                       stroke="#bbbbbb", width=0.5, dash=(1, 1.5))


class ScoresBlock:
    BOX_W, BOX_H = mm(17), mm(11)
    SIGN = mm(6)

    def __init__(self, sheet: Sheet, scores: Scores):
        self.font_set = sheet.fonts
        self.scores = scores
        n = len(scores.boxes)
        signs = sum(1 for b in scores.boxes if b.before)
        self.w = n * self.BOX_W + signs * self.SIGN + (n - 1 - signs) * mm(2)
        self.h = TITLE_H + mm(7) + self.BOX_H

    def draw(self, s, x, y, geo):
        _heading(s, x, y, self.scores.title, self.font_set.heading, self.w)
        xx = x
        for i, box in enumerate(self.scores.boxes):
            if box.before:
                sign_x = reading_x(x, self.w, xx, self.SIGN)
                s.text(sign_x + self.SIGN / 2, y + TITLE_H + mm(7) + self.BOX_H * 0.68, box.before,
                       font=self.font_set.bold, size=14, anchor="middle")
                xx += self.SIGN
            elif i:
                xx += mm(2)
            bx = reading_x(x, self.w, xx, self.BOX_W)  # a right-to-left sheet sums from the right
            lay = set_text(box.label, self.font_set.text, 7, 5.5, self.BOX_W + mm(3), mm(6.5))
            draw_text(s, lay, bx - mm(1.5), y + TITLE_H, self.BOX_W + mm(3), mm(6.5), align="center",
                      valign="bottom")
            last = i == len(self.scores.boxes) - 1
            s.rect(bx, y + TITLE_H + mm(7), self.BOX_W, self.BOX_H, stroke=INK, width=2.0 if last else 1.0,
                   radius=mm(1.2))
            xx += self.BOX_W


class NotesBlock:
    def __init__(self, sheet: Sheet, notes: Notes, width: float):
        self.font_set = sheet.fonts
        self.notes = notes
        self.w = notes.width or width
        self.layouts = [set_text(line, sheet.fonts.text, 7.3, 6, self.w - mm(3.5), mm(60)) for line in notes.lines]
        self.h = TITLE_H + sum(lay.height + mm(1.1) for lay in self.layouts)

    def draw(self, s, x, y, geo):
        _heading(s, x, y, self.notes.title, self.font_set.heading, self.w)
        yy = y + TITLE_H
        for i, lay in enumerate(self.layouts):
            s.text(x, yy + lay.size * fonts.ascent_descent(self.font_set.text)[0], f"{i + 1}.", font=self.font_set.bold, size=lay.size)
            draw_text(s, lay, x + mm(3.5), yy, self.w - mm(3.5), lay.height + 1)
            yy += lay.height + mm(1.1)


class PictureBlock:
    """The game's picture at the size the spec gives, under its title if it has one; without the
    game's art (laying out only), an empty box of that size."""

    def __init__(self, name: str, picture, place=None, font_set=None):
        self.name, self.picture, self.place, self.font_set = name, picture, place, font_set
        self.w = picture.width
        self.h = picture.height + (TITLE_H if picture.title else 0)

    def draw(self, s, x, y, geo):
        if self.picture.title:
            _heading(s, x, y, self.picture.title, self.font_set.heading, self.w)
            y += TITLE_H
        if self.place is not None:
            self.place(s, self.name, self.picture, x, y)


def cell_fields(name: str, grid: Grid, c: int, r: int, parameters: dict) -> dict:
    """What a cell's layout reads: `id` (A1 for the top-left), `column` and `row` (from 1), `value`
    (from the grid's `values:`), `piece` and `points` (of a printed piece covering it), `mark` and
    `symbol`, `area`, `grid` and the game's `parameters`; what the cell lacks is empty."""
    values = grid.values or []
    value = values[r][c] if r < len(values) and c < len(values[r]) else None
    piece = next((i for i, p in enumerate(grid.pieces) if (c, r) in poly.shifted(_cells(p.shape), p.at)), None)
    mark = next((m for m, spec in grid.marks.items() if [c, r] in [list(xy) for xy in spec.cells]), None)
    area = next((a for a, spec in grid.areas.items()
                 if spec.at[0] <= c < spec.at[0] + spec.size[0] and spec.at[1] <= r < spec.at[1] + spec.size[1]), None)
    return {"id": f"{column_name(c)}{r + 1}", "column": c + 1, "row": r + 1, "value": value,
            "piece": piece_label(grid, piece) if piece is not None else None,
            "points": grid.pieces[piece].points if piece is not None else None,
            "mark": mark, "symbol": grid.marks[mark].symbol if mark else None, "area": area, "grid": name,
            "parameters": parameters}


def cell_who(name: str, grid: Grid, c: int, r: int):
    """How a message names a cell drawn by its layout, and where its layout is written."""
    from pnp.layout.draw import Named

    return Named(f"grid '{name}', cell {column_name(c)}{r + 1}", grid._cell_layout[2])


def _cells(rows) -> frozenset:
    return poly.picture_cells(rows)


def ruled_lines(s, sheet: Sheet, x: float, top: float, width: float, bottom: float) -> tuple:
    """Lines to write on from `top` down to `bottom`, the first labelled as a write-in is ("Notes" in
    the edition's language): the part of a filled page its sections leave. Returns their (x, y, w, h)."""
    label = say("sheet_notes")
    room = fonts.text_width(label, sheet.fonts.text, 8.5) + mm(2)
    y = top + RULE_STEP
    line_from_start(s, x, x + width, y - mm(1), label, font=sheet.fonts.text, size=8.5)
    start, end = (x, x + width - room) if right_to_left() else (x + room, x + width)
    while y <= bottom + 0.01:
        s.line(start, y, end, y, stroke=RULE_INK, width=CELL_LINE)
        start, end = x, x + width
        y += RULE_STEP
    return (x, top, width, bottom - top)


# --------------------------------------------------------------------------- the page

def _blocks(sheet: Sheet, content_w: float, place_picture=None, scale: float = 1.0) -> dict:
    """Every section but the flexible ones (title, dice legend, notes), its pencil cells `scale` × their size."""
    blocks: dict = {name: PictureBlock(name, picture, place_picture, sheet.fonts) for name, picture in sheet.pictures.items()}
    face_of = {}
    for f, face in (sheet.dice.faces.items() if sheet.dice else []):
        if face.area:
            face_of[face.area] = f
    for name, grid in sheet.grids.items():
        block = GridBlock(sheet, name, grid, scale)
        block.faces = {a.label: face_of[aid] for aid, a in grid.areas.items() if aid in face_of and a.label}
        block.face_text = {face_of[aid]: a.label for aid, a in grid.areas.items() if aid in face_of}
        blocks[name] = block
    for name, track in sheet.tracks.items():
        blocks[name] = TrackBlock(sheet, name, track, scale)
    for name, checklist in sheet.checklists.items():
        blocks[name] = ChecklistBlock(sheet, checklist)
    for name, scores in sheet.scores.items():
        blocks[name] = ScoresBlock(sheet, scores)
    return blocks


def draw_sheet(s, sheet: Sheet, paper: str, footer: tuple[str, str] = ("", ""), where=None,
               place_picture=None) -> Geometry:
    """Draw one sheet as one page of `paper`; raise a located error when it does not fit."""
    page_w, page_h = paper_size(paper)
    content_w, content_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN - mm(5)
    arranged = _arrange(sheet, content_w, place_picture)
    blocks, rows, fixed_w, heights, widths, need_h = arranged
    if need_h > content_h + 0.01 or max(widths, default=0) > content_w + 0.01:
        arranged = _shrunk(sheet, content_w, content_h, place_picture) or arranged
        blocks, rows, fixed_w, heights, widths, need_h = arranged
    if need_h > content_h + 0.01 or max(widths, default=0) > content_w + 0.01:
        worst = "tall" if need_h > content_h else "wide"
        size = to_mm(need_h if worst == "tall" else max(widths))
        room = to_mm(content_h if worst == "tall" else content_w)
        raise SpecErrors([SpecError(where, f"the sheet is {size:.0f} mm {worst} but {paper.upper()} leaves "
                                           f"{room:.0f} mm inside its margins: use smaller cells or move sections")])
    if sheet.fill:
        blocks, rows, fixed_w, heights, widths, need_h = _filled(sheet, content_w, content_h, place_picture, arranged)
    geo = Geometry((page_w, page_h))
    s.begin_page(page_w, page_h)
    spare = (content_h - need_h) / max(1, len(rows) - 1) if len(rows) > 1 else 0
    row_gap = GAP + min(spare, mm(8) if not sheet.fill else ROW_SPREAD)
    left_over = content_h - need_h - (row_gap - GAP) * (len(rows) - 1)
    # a filled sheet whose cells cannot grow further (a row as wide as the page) gives what is left
    # of the page to ruled lines under its sections, not to bare paper around them
    ruled = sheet.fill and left_over >= RULED_FROM
    if ruled:
        row_gap, left_over = GAP, content_h - need_h
    y = MARGIN + (0.0 if ruled else max(0.0, left_over / 2))
    for stacks, height, width in zip(rows, heights, widths):
        extra = (content_w - width) / (len(stacks) - 1) if len(stacks) > 1 else 0
        x = MARGIN + (0 if len(stacks) > 1 else (content_w - width) / 2)
        for st in stacks:
            yy = y
            inner = 0.0
            for n in st:
                block = blocks[n]
                bx = x
                if right_to_left():  # the row's first section at the right, each flush to its column's right
                    bx = 2 * MARGIN + content_w - x - fixed_w[id(st)] + (fixed_w[id(st)] - block.w)
                block.draw(s, bx, yy, geo)
                geo.sections[n] = (bx, yy, block.w, block.h)
                yy += block.h + GAP * 0.7 + inner
            x += fixed_w[id(st)] + GAP + extra
        y += height + row_gap
    if ruled:
        geo.sections["ruled"] = ruled_lines(s, sheet, MARGIN, y - row_gap + GAP / 2, content_w, MARGIN + content_h)
    left, right = footer
    fy = page_h - MARGIN
    s.line(MARGIN, fy - mm(4), page_w - MARGIN, fy - mm(4), stroke="#999999", width=0.5)
    line_from_start(s, MARGIN, page_w - MARGIN, fy - mm(0.8), left, font=sheet.fonts.text, size=6.5, fill=SOFT)
    line_from_end(s, MARGIN, page_w - MARGIN, fy - mm(0.8), right, font=sheet.fonts.text, size=6.5, fill=SOFT)
    s.end_page()
    return geo


def _arrange(sheet: Sheet, content_w: float, place_picture=None, scale: float = 1.0):
    """The sections measured and sized to their columns: (blocks, rows of stacks, each stack's width,
    each row's height, each row's width, the height of every row with the gaps between them)."""
    blocks = _blocks(sheet, content_w, place_picture, scale)
    rows = [[item if isinstance(item, list) else [item] for item in row] for row in sheet.layout]
    # sections whose width follows their column (dice legend, notes) are sized after the fixed ones
    fixed_w = {}
    for stacks in rows:
        for stack in stacks:
            widths = [blocks[n].w for n in stack if n in blocks]
            fixed_w[id(stack)] = max(widths, default=0)
    for stacks in rows:
        flexible = [st for st in stacks if fixed_w[id(st)] == 0 or any(n not in blocks for n in st)]
        taken = sum(fixed_w[id(st)] for st in stacks if st not in flexible) + GAP * (len(stacks) - 1)
        for st in flexible:
            width = max(fixed_w[id(st)], (content_w - taken) / len(flexible))
            for n in st:
                if n == "title":
                    blocks[n] = TitleBlock(sheet, width)
                elif n == "dice" and sheet.dice:
                    blocks[n] = DiceBlock(sheet, width)
                elif n in sheet.notes:
                    blocks[n] = NotesBlock(sheet, sheet.notes[n], width)
            fixed_w[id(st)] = max(blocks[n].w for n in st)
    heights = [max(sum(blocks[n].h for n in st) + GAP * 0.7 * (len(st) - 1) for st in stacks) for stacks in rows]
    widths = [sum(fixed_w[id(st)] for st in stacks) + GAP * (len(stacks) - 1) for stacks in rows]
    return blocks, rows, fixed_w, heights, widths, sum(heights) + GAP * (len(rows) - 1)


def _shrunk(sheet: Sheet, content_w: float, content_h: float, place_picture):
    """A sheet too large for the paper (one made for A4, printed on A5) arranged with the largest cells that
    fit, in steps of 1/200, never a pencil cell under 5 mm (MIN_CELL); None when even those do not fit."""
    from pnp.kinds.sheet.models import MIN_CELL

    cells = [g.cell or sheet.cell for g in sheet.grids.values()] + [t.box or sheet.cell for t in sheet.tracks.values()]
    smallest = max(0.5, MIN_CELL / min(cells, default=sheet.cell))
    low, high, best = min(200, round(smallest * 200 + 0.4999)), 199, None
    while low <= high:
        mid = (low + high) // 2
        got = _arrange(sheet, content_w, place_picture, mid / 200)
        if got[5] <= content_h + 0.01 and max(got[4], default=0) <= content_w + 0.01:
            best, low = got, mid + 1
        else:
            high = mid - 1
    return best


def _filled(sheet: Sheet, content_w: float, content_h: float, place_picture, arranged):
    """`fill: true`: the sheet arranged with the largest pencil cells (up to twice `cell`, in steps of
    1/200) that still fit the page, so a pad leaves no band of bare paper; `arranged` when none bigger fits."""
    def fits(scale: float):
        got = _arrange(sheet, content_w, place_picture, scale)
        return got if got[5] <= content_h + 0.01 and max(got[4], default=0) <= content_w + 0.01 else None

    low, high = 0, 200      # steps of 1/200 over the declared size: bisect the largest that fits
    best = arranged
    while low < high:
        mid = (low + high + 1) // 2
        got = fits(1 + mid / 200)
        if got is None:
            high = mid - 1
        else:
            low, best = mid, got
    return best
