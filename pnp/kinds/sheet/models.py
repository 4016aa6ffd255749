"""`kind: sheet` — the model of a roll-and-write score sheet, and its checks with positions.

A sheet is a set of named sections placed by `layout:` (rows of sections, a
nested list stacks sections in a column): grids of pencil cells (with printed
pieces, marked cells and labelled areas), tracks of numbered boxes, the die
faces' shapes, checklists of a grid's pieces, score boxes and notes. A grid's
`random:` says how `--random-layout` places declared shapes and marks on it anew
for every page, from a seed. Shapes are text pictures (`["##", "#."]`); the checks
here say, with `file:line:col`, when one is ragged, disconnected, off its grid or
on top of another.
See docs/sheet.md.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, PrivateAttr, conint

from pnp.errors import Collector, did_you_mean
from pnp.models import polyomino as poly
from pnp.kinds.board.models import column_name  # A, B, … Z, AA: the same lettering as board columns
from pnp.layout.boxes import Layout
from pnp.models.fontnames import FontName
from pnp.reading.load import LDict, locate
from pnp.models.types import Line, PositiveLength, Spec
from pnp.models.units import mm, to_mm
from pnp.models.validate import validate

MIN_CELL = mm(5)           # pencil cells of at least 5 mm (PRINTING.md)
NonNeg = conint(ge=0)
Positive = conint(ge=1, le=60)
Shape = list[str]
XY = tuple[NonNeg, NonNeg]


class Piece(Spec):
    """A shape printed on a grid, worth points when a player covers it."""

    shape: Shape = Field(description='rows of text, "#" a square, "." empty, e.g. ["##", "#."]')
    at: XY = Field(description="[column, row] of the picture's top-left, from 0 at the grid's top-left")
    points: NonNeg = 0
    label: Line | None = Field(default=None, description="a short name; default A, B, C… in order")


class Mark(Spec):
    """Cells that carry a symbol, explained in the grid's legend."""

    cells: list[XY]
    symbol: Literal["star", "dot", "circle", "cross"] = "star"
    label: Line = Field(description="the legend line, e.g. 'Bonus: one free square'")


class Area(Spec):
    """A labelled block of a grid (one a die face may pick), optionally with a shape printed in its middle."""

    at: XY
    size: tuple[Positive, Positive]
    label: Line | None = None
    shape: Shape | None = Field(default=None, description="printed filled, centred in the area")


class EveryShape(Spec):
    """Every shape of so many squares, each orientation its own shape (shapes are never turned)."""

    squares: tuple[conint(ge=1, le=poly.MAX_SQUARES), conint(ge=1, le=poly.MAX_SQUARES)] = Field(
        description="[fewest, most] squares, e.g. [2, 5]")


class PiecePoints(Spec):
    """What a randomly placed piece is worth: base + per_square × its squares, + notch when it does not fill
    its bounding box (an L or a T, not a bar or a square); never below 0."""

    base: conint(ge=-100, le=100) = 0
    per_square: conint(ge=0, le=100) = 0
    notch: conint(ge=0, le=100) = 0

    def of(self, cells) -> int:
        return max(0, self.base + self.per_square * len(cells) + (self.notch if poly.has_notch(cells) else 0))


class RandomLayout(Spec):
    """How `--random-layout` fills this grid anew on every page, from the seed: its `pieces` become shapes
    drawn from `shapes` at random free places, and each mark named in `marks` gets that many squares drawn
    from the squares no piece covers."""

    pieces: conint(ge=1, le=80) = 18
    shapes: EveryShape | list[Shape] = Field(description="the shapes to draw from: pictures, or "
                                                         "`{squares: [fewest, most]}` for every shape of that size")
    apart: bool = Field(default=True, description="pieces never share an edge: an empty square between them")
    coverable_by: list[Shape] | None = Field(default=None, description="place a shape only where copies of "
                                                                       "these pictures, as drawn and not overlapping, "
                                                                       "could cover all its squares on the grid")
    points: PiecePoints = PiecePoints()
    marks: dict[str, conint(ge=0, le=40)] = Field(default={}, description="mark name → how many of its squares "
                                                                          "to draw on uncovered squares")

    def shape_cells(self) -> list[frozenset]:
        """The shapes to draw from, as cells."""
        if isinstance(self.shapes, EveryShape):
            return list(poly.every_shape(*self.shapes.squares))
        return [poly.picture_cells(rows) for rows in self.shapes]


class Grid(Spec):
    title: Line | None = None
    size: tuple[Positive, Positive] = Field(description="[columns, rows]")
    cell: PositiveLength | None = Field(default=None, description="side of a cell (at least 5 mm)")
    pieces: list[Piece] = []
    marks: dict[str, Mark] = {}
    areas: dict[str, Area] = {}
    note: str | None = Field(default=None, description="one line printed under the grid")
    random: RandomLayout | None = Field(default=None, description="how `--random-layout` fills this grid "
                                                                  "anew on every page")
    layout: str | Layout | None = Field(default=None, description="draw every cell with a layout of the game's "
                                                                   "`kind: layouts` file (by name) or with boxes "
                                                                   "written here, as a card is drawn")
    values: list[list[str | int | float]] | None = Field(default=None, description="a value per cell, one list "
                                                                                    "per row, for the cell "
                                                                                    "layout's `value`")
    # (its resolved layout, the game's parameters, where `layout:` is written), set by the kind as the
    # file is loaded (`pnp.layout.pieces`)
    _cell_layout: Any = PrivateAttr(default=None)


class Track(Spec):
    """Numbered boxes in a row (rounds), each with `slots` small squares to write in."""

    title: Line | None = None
    boxes: conint(ge=1, le=60)
    columns: Positive | None = Field(default=None, description="boxes per row; default all in one row")
    slots: conint(ge=0, le=4) = 0
    box: PositiveLength | None = Field(default=None, description="side of a slot (default: the sheet's cell)")


class Face(Spec):
    area: str | None = Field(default=None, description="the area (of some grid) this face picks")
    shape: Shape | None = Field(default=None, description="this face's own shape, shown in the dice legend")


class Dice(Spec):
    title: Line | None = None
    sides: conint(ge=2, le=20) = 6
    faces: dict[int, Face]


class Checklist(Spec):
    """One line per piece of a grid: its label, picture and points, and a box to cross off."""

    title: Line | None = None
    grid: str
    columns: Positive = 2


class ScoreBox(Spec):
    label: Line
    before: str | None = Field(default=None, description="a sign printed before the box, e.g. '+' or '='")


class Scores(Spec):
    title: Line | None = None
    boxes: list[ScoreBox]


class Notes(Spec):
    title: Line | None = None
    lines: list[str] = Field(description="short lines; **bold** and *italic* allowed")
    width: PositiveLength | None = None


class Picture(Spec):
    """A picture placed as a section of the sheet: the game's art, at the size given."""

    title: Line | None = None
    src: str = Field(description="a picture in the game folder (art/cover.jpg: PNG, JPEG, WebP, GIF or SVG)")
    width: PositiveLength
    height: PositiveLength
    fit: Literal["contain", "cover", "stretch", "none"] = "contain"


class SheetFonts(Spec):
    """The faces a sheet prints in: pnp's built-in fonts or the game's own (`fonts:` in game.yaml)."""

    title: FontName = Field(default="sans-bold", description="the sheet's title")
    heading: FontName = Field(default="sans-bold", description="section headings (printed in capitals)")
    text: FontName = Field(default="sans", description="write-in labels, legends, notes and the footer")
    bold: FontName = Field(default="sans-bold", description="numbers, piece labels, area labels and score signs")
    italic: FontName = Field(default="sans-italic", description="the subtitle")


class Sheet(Spec):
    kind: Literal["sheet"]
    title: Line
    subtitle: Line | None = None
    cell: PositiveLength = Field(default=mm(5.5), description="default side of a pencil cell")
    fields: list[str] = Field(default=["Name"], description="write-in lines beside the title")
    fill: bool = Field(default=True, description="grow the pencil cells (grids and track slots) from `cell`, up to "
                                                  "twice that, until the sheet fills its page as a printed pad does; "
                                                  "what the sections still leave is ruled for notes (false: the "
                                                  "sections at their declared size, centred on the page)")
    grids: dict[str, Grid] = Field(default={}, description="pencil-cell grids by name (a sheet of scores, tracks or notes alone needs none)")
    tracks: dict[str, Track] = {}
    dice: Dice | None = None
    checklists: dict[str, Checklist] = {}
    scores: dict[str, Scores] = {}
    notes: dict[str, Notes] = {}
    pictures: dict[str, Picture] = {}
    fonts: SheetFonts = Field(default_factory=SheetFonts, description="the faces the sheet prints in")
    layout: list[list[str | list[str]]] = Field(description="rows of section names, top to bottom; "
                                                            "a nested list stacks sections in a column")

    def sections(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for group in (self.grids, self.tracks, self.checklists, self.scores, self.notes, self.pictures):
            out.update(group)
        if self.dice is not None:
            out["dice"] = self.dice
        out.setdefault("title", self.title)   # the title block: title, subtitle and write-in fields
        return out

    def area(self, name: str) -> tuple[str, Area] | None:
        for gid, grid in self.grids.items():
            if name in grid.areas:
                return gid, grid.areas[name]
        return None

    def face_areas(self) -> dict[int, tuple[str, Area]]:
        """Die face → (grid id, area) it picks."""
        if not self.dice:
            return {}
        return {f: self.area(face.area) for f, face in self.dice.faces.items() if face.area and self.area(face.area)}


def load_sheet(raw: Any, errors: Collector) -> Sheet | None:
    """Validate a sheet tree: the model first, then shapes and placements with their positions."""
    before = len(errors.errors)
    sheet = validate(Sheet, raw, errors, provisional=True)  # its faults, and the shapes' own, at once
    if sheet is None:
        return None
    check_sheet(sheet, raw, errors)
    return sheet if len(errors.errors) == before else None


def check_sheet(sheet: Sheet, raw: Any, errors: Collector) -> None:
    def at(*path, key=False):
        return locate(raw, path, key=key)

    for gid, grid in sheet.grids.items():
        _check_grid(sheet, gid, grid, at, errors)
    for tid, track in sheet.tracks.items():
        if track.box is not None and track.box < MIN_CELL:
            errors.error(at("tracks", tid, "box"), f"a box of {to_mm(track.box):.1f} mm is too small to write in "
                                                    f"(at least {to_mm(MIN_CELL):.0f} mm)")
    if sheet.cell < MIN_CELL:
        errors.error(at("cell"), f"cells of {to_mm(sheet.cell):.1f} mm are too small for a pencil "
                                 f"(at least {to_mm(MIN_CELL):.0f} mm)")
    if sheet.dice:
        _check_dice(sheet, at, errors)
    for cid, checklist in sheet.checklists.items():
        if checklist.grid not in sheet.grids:
            errors.error(at("checklists", cid, "grid"), f"unknown grid '{checklist.grid}'"
                                                        f"{did_you_mean(checklist.grid, sheet.grids)}")
    _check_layout(sheet, raw, at, errors)


def _check_shape(rows: list[str], path: tuple, at, errors: Collector) -> frozenset | None:
    problems = poly.picture_problems(rows)
    for row, message in problems:
        errors.error(at(*path, row) if row is not None else at(*path), message)
    return None if problems else poly.picture_cells(rows)


def _check_grid(sheet: Sheet, gid: str, grid: Grid, at, errors: Collector) -> None:
    cols, rows = grid.size
    name = grid.title or gid
    base = ("grids", gid)
    if grid.cell is not None and grid.cell < MIN_CELL:
        errors.error(at(*base, "cell"), f"cells of {to_mm(grid.cell):.1f} mm are too small for a pencil "
                                        f"(at least {to_mm(MIN_CELL):.0f} mm)")
    owner: dict = {}
    for i, piece in enumerate(grid.pieces):
        path = base + ("pieces", i)
        cells = _check_shape(piece.shape, path + ("shape",), at, errors)
        if cells is None:
            continue
        raw_cells = {(c, r) for r, row in enumerate(piece.shape) for c, ch in enumerate(row) if ch == "#"}
        where = poly.shifted(raw_cells, piece.at)
        outside = sorted((c, r) for c, r in where if c >= cols or r >= rows)
        if outside:
            c, r = outside[0]
            errors.error(at(*path, "at"), f"piece {_label(grid, i)} goes outside the {cols}×{rows} grid "
                                          f"'{name}': its square at column {c}, row {r} is off it "
                                          f"(columns 0–{cols - 1}, rows 0–{rows - 1})")
            continue
        for cell in sorted(where, key=lambda x: (x[1], x[0])):
            if cell in owner:
                j = owner[cell]
                errors.error(at(*path, "at"), f"piece {_label(grid, i)} overlaps piece {_label(grid, j)} "
                                              f"(line {at(*base, 'pieces', j).line}) at column {cell[0]}, "
                                              f"row {cell[1]}")
                break
        for cell in where:
            owner.setdefault(cell, i)
    for mid, mark in grid.marks.items():
        seen = set()
        for j, (c, r) in enumerate(mark.cells):
            if c >= cols or r >= rows:
                errors.error(at(*base, "marks", mid, "cells", j),
                             f"{mid} square [{c}, {r}] is off the {cols}×{rows} grid '{name}' "
                             f"(columns 0–{cols - 1}, rows 0–{rows - 1})")
            elif (c, r) in seen:
                errors.error(at(*base, "marks", mid, "cells", j), f"{mid} square [{c}, {r}] is listed twice")
            seen.add((c, r))
    area_owner: dict = {}
    for aid, area in grid.areas.items():
        path = base + ("areas", aid)
        (ac, ar), (aw, ah) = area.at, area.size
        if ac + aw > cols or ar + ah > rows:
            errors.error(at(*path, "at"), f"area '{aid}' ({aw}×{ah} at [{ac}, {ar}]) goes outside the "
                                          f"{cols}×{rows} grid '{name}'")
            continue
        clash = next((area_owner[(c, r)] for r in range(ar, ar + ah) for c in range(ac, ac + aw)
                      if (c, r) in area_owner), None)
        if clash:
            errors.error(at(*path, "at"), f"area '{aid}' overlaps area '{clash}'")
        for r in range(ar, ar + ah):
            for c in range(ac, ac + aw):
                area_owner.setdefault((c, r), aid)
        if area.shape is not None:
            cells = _check_shape(area.shape, path + ("shape",), at, errors)
            if cells is not None:
                w, h = len(area.shape[0]), len(area.shape)
                if w > aw or h > ah:
                    errors.error(at(*path, "shape"), f"the shape ({w}×{h}) does not fit in area '{aid}' ({aw}×{ah})")
    if grid.random is not None:
        _check_random(grid, base + ("random",), at, errors)


def _check_random(grid: Grid, path: tuple, at, errors: Collector) -> None:
    spec = grid.random
    if isinstance(spec.shapes, EveryShape):
        fewest, most = spec.shapes.squares
        if fewest > most:
            errors.error(at(*path, "shapes", "squares"), f"[{fewest}, {most}]: the fewest squares come first")
    else:
        if not spec.shapes:
            errors.error(at(*path, "shapes"), "give at least one shape to place")
        for i, rows in enumerate(spec.shapes):
            _check_shape(rows, path + ("shapes", i), at, errors)
    for i, rows in enumerate(spec.coverable_by or []):
        _check_shape(rows, path + ("coverable_by", i), at, errors)
    for mid in spec.marks:
        if mid not in grid.marks:
            errors.error(at(*path, "marks", mid, key=True), f"unknown mark '{mid}'{did_you_mean(mid, grid.marks)}"
                                                            " (declare it under the grid's `marks:`)")
    cols, rows = grid.size
    if sum(spec.marks.values()) > cols * rows:
        errors.error(at(*path, "marks"), f"{sum(spec.marks.values())} marked squares cannot fit on a "
                                         f"{cols}×{rows} grid")


def _label(grid: Grid, i: int) -> str:
    return piece_label(grid, i)


def piece_label(grid: Grid, i: int) -> str:
    """A piece's printed name: its own label, else A, B, … Z, AA, AB …"""
    label = grid.pieces[i].label
    if label:
        return label
    return column_name(i)


def _check_dice(sheet: Sheet, at, errors: Collector) -> None:
    dice = sheet.dice
    areas = {a for g in sheet.grids.values() for a in g.areas}
    for face in range(1, dice.sides + 1):
        if face not in dice.faces:
            errors.error(at("dice", "faces"), f"die face {face} has no shape (give faces 1 to {dice.sides})")
    for face, spec in dice.faces.items():
        path = ("dice", "faces", face)
        if not 1 <= face <= dice.sides:
            errors.error(at(*path, key=True), f"a {dice.sides}-sided die has no face {face}")
            continue
        if spec.area is None and spec.shape is None:
            errors.error(at(*path), f"die face {face} has no shape: give it an `area:` holding a shape, or a `shape:`")
        if spec.area is not None:
            if spec.area not in areas:
                errors.error(at(*path, "area"), f"unknown area '{spec.area}'{did_you_mean(spec.area, areas)}")
            elif sheet.area(spec.area)[1].shape is None:
                errors.error(at(*path, "area"), f"die face {face} has no shape: area '{spec.area}' holds none")
        if spec.shape is not None:
            _check_shape(spec.shape, path + ("shape",), at, errors)


def _check_layout(sheet: Sheet, raw: Any, at, errors: Collector) -> None:
    known = sheet.sections()
    names = [name for group in (sheet.grids, sheet.tracks, sheet.checklists, sheet.scores, sheet.notes)
             for name in group] + (["dice"] if sheet.dice else [])
    for n in sorted({n for n in names if names.count(n) > 1}):
        errors.error(at("layout"), f"two sections are called '{n}': section names must differ")
    placed: dict[str, Any] = {}
    if not sheet.layout:
        errors.error(at("layout"), "the layout has no rows: list the sections, e.g. [[title], [grid]]")
    for i, row in enumerate(sheet.layout):
        if not row:  # nothing to place: the sheet's drawing took the widest of no sections (a traceback)
            errors.error(at("layout", i), "this layout row is empty: list its sections, or remove the row")
        for j, item in enumerate(row):
            stack = item if isinstance(item, list) else [item]
            if not stack:
                errors.error(at("layout", i, j), "this column of sections is empty: list its sections, or remove it")
            for k, name in enumerate(stack):
                path = ("layout", i, j, k) if isinstance(item, list) else ("layout", i, j)
                if name not in known:
                    errors.error(at(*path), f"unknown section '{name}'{did_you_mean(name, known)} "
                                            f"(sections: {', '.join(known)})")
                elif name in placed:
                    errors.error(at(*path), f"section '{name}' is placed twice")
                placed[name] = True
    for name in known:
        if name not in placed:
            errors.warn(at("layout"), f"section '{name}' is not in the layout, so it is not printed")


def raw_of(raw: Any, *path) -> Any:
    """The loaded node at `path`, or None (for positions of findings)."""
    node = raw
    for step in path:
        if isinstance(node, LDict):
            key = step if step in node else next((k for k in node if str(k) == str(step)), None)
            if key is None:
                return None
            node = node[key]
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            return None
    return node
