"""`kind: sheet` — roll-and-write score sheets: a pad of pages, optionally each with its own seeded random layout."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnp.kinds.kind import KindOption, render_parameters
from pnp.reading.load import locate

if TYPE_CHECKING:
    from pnp.kinds.sheet.models import Sheet

KIND = "sheet"
OPTIONS = (
    KindOption("--count", "count", int, 1, "Pages of a roll-and-write pad.", (1, 500)),
    KindOption("--random-layout", "random_layout", bool, False,
               "A new random layout on every page, for the grids that have `random:` (see --seed)."),
    KindOption("--seed", "seed", int, None, "Seed for generated content.", (0, 2**32 - 1)),
)
SHARED = False
RULEBOOK_NAME = None
OFFERS: frozenset[str] = frozenset()
DEFAULT_SEED = 1


def model() -> type:
    from pnp.kinds.sheet.models import Sheet

    return Sheet


def load(game, path, raw):
    from pnp.kinds.sheet.models import load_sheet

    raw = render_parameters(game, raw)
    sheet = load_sheet(raw, game.errors)
    if sheet is not None:
        _resolve_layouts(game, sheet, raw)
    return sheet


def _resolve_layouts(game, sheet, raw) -> None:
    """Grids with `layout:` have every cell drawn by the layout engine cards use: each layout
    resolved and checked now, for every cell (`pnp.layout.pieces`)."""
    from pnp.kinds.layouts import layouts_of
    from pnp.layout.pieces import PieceLayouts
    from pnp.kinds.sheet.draw import cell_fields, cell_who

    laid = {name: grid for name, grid in sheet.grids.items() if grid.layout is not None}
    for name, grid in sheet.grids.items():
        cols, rows = grid.size
        for r, row in enumerate(grid.values or []):
            if r >= rows or len(row) > cols:
                game.errors.error(locate(raw, ["grids", name, "values", r]),
                                  f"grid '{name}': row {r + 1} of `values` does not fit the grid's {cols} × {rows} "
                                  f"cells (one value per cell, one list per row)")
    if not laid:
        return
    layouts = PieceLayouts(layouts_of(game), game.errors, game.assets, "cell")
    parameters = game.game.parameter_values() if game.game else {}
    for name, grid in laid.items():
        at = locate(raw, ["grids", name, "layout"])
        layout = layouts.resolve(grid.layout, raw, ["grids", name, "layout"], f"grid '{name}'")
        if layout is None:
            continue
        grid._cell_layout = (layout, parameters, at)
        cell = grid.cell or sheet.cell
        cols, rows = grid.size
        for r in range(rows):
            for c in range(cols):
                layouts.check(layout, cell_fields(name, grid, c, r, parameters), cell_who(name, grid, c, r), cell, cell)
    layouts.report()


def with_random_layout(sheet: Sheet, seed: int) -> Sheet:
    """A copy of the sheet whose `random:` grids hold pieces and marks placed at random from `seed`."""
    from pnp.models import polyomino as poly
    from pnp.kinds.sheet.models import Piece

    out = sheet.model_copy(deep=True)
    for grid in out.grids.values():
        spec = grid.random
        if spec is None:
            continue
        cover = [poly.picture_cells(rows) for rows in spec.coverable_by] if spec.coverable_by else None
        layout = poly.random_layout(grid.size[0], grid.size[1], spec.shape_cells(), random.Random(seed),
                                    pieces=spec.pieces, marks=list(spec.marks.items()), apart=spec.apart,
                                    coverable_by=cover)
        grid.pieces = [Piece(shape=poly.picture(cells), at=at, points=spec.points.of(cells))
                       for cells, at in layout.pieces]
        for name, cells in layout.marks:
            grid.marks[name].cells = [tuple(c) for c in cells]
    return out


def pages(game, component, options) -> list[tuple[Sheet, str]]:
    """(sheet, footer note) for every page of the pad."""
    from pnp.kinds.sheetwords import say

    sheet = component.model
    count = max(1, int(options.count or 1))
    if not options.random_layout:
        return [(sheet, "")] * count
    if not any(g.random for g in sheet.grids.values()):
        game.errors.error(locate(component.raw, ["grids"]),
                          "--random-layout needs a grid with `random:` (which shapes and marks to place)")
        return []
    base = DEFAULT_SEED if options.seed is None else int(options.seed)
    return [(with_random_layout(sheet, base + i), say("sheet_random", seed=base + i)) for i in range(count)]


def build(game, components, options) -> dict:
    from pnp.kinds.sheet.draw import draw_sheet
    from pnp.kinds.sheetwords import say
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.svg import SvgSurface

    out: dict = {}
    title = game.game.title if game.game else game.name
    names, stems = file_stems(game, components, options)
    game.errors.raise_if_any()
    for component in components:
        stem, origin = stems[id(component)]
        sheets = pages(game, component, options)
        if not sheets:
            continue
        where = locate(component.raw, ["layout"])
        left = say("sheet_foot", title=title)
        place = picture_placer(game, component)
        if "pdf" in options.formats:
            pdf = PdfSurface(title=f"{title} — {component.model.title}", subject=f"{options.paper}, {len(sheets)} sheets")
            for sheet, note in sheets:
                draw_sheet(pdf, sheet, options.paper, (left, note), where, place)
            out[f"{stem}.pdf"] = pdf.finish()
        if "svg" in options.formats:
            svg = SvgSurface(title=f"{title} — {component.model.title}")
            for sheet, note in sheets:
                draw_sheet(svg, sheet, options.paper, (left, note), where, place)
            for i, doc in enumerate(svg.finish()):
                name = f"{stem}.svg" if i == 0 else f"{stem}-{i + 1}.svg"
                out[names.add(name, *origin)] = doc
    return out


def picture_placer(game, component):
    """Draws a sheet's picture section through the game's one art entry point (checks, ppi warning)."""
    def place(s, name, picture, x, y):
        game.assets.place_art(s, picture.src, locate(component.raw, ["pictures", name, "src"]), x, y,
                              picture.width, picture.height, fit=picture.fit)

    return place


def file_stems(game, components, options):
    """Each sheet's output name: its spec file's name made a safe file name. Returns the names
    claimed so far (an `OutputNames`, for the pages still to come) and {id: (stem, origin)}; two sheets whose
    outputs would share a name (`a/sheet.yaml`, `b/sheet.yaml`) are a located error."""
    from pnp.errors import Pos, display_path
    from pnp.safename import OutputNames, slug

    names = OutputNames(game.errors)
    out: dict = {}
    for c in components:
        stem = slug(c.path.stem, "sheet")
        origin = (Pos(display_path(c.path)), f"the sheet {display_path(c.path)}")
        for fmt in options.formats:
            names.add(f"{stem}.{fmt}", *origin)
        out[id(c)] = (stem, origin)
    return names, out


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: the sheet, what is printed on it, and the dice it needs."""
    from pnp.models.phrases import counted, phrase

    sheet: Sheet = component.model
    lines = [f"{counted('sheet', 1, '**1**')}: {sheet.title} ({phrase('sheet_use')})"]
    for gid, grid in sheet.grids.items():
        name = (grid.title or gid).split(" — ")[0]
        cols, rows = grid.size
        if grid.pieces:
            marks = [counted("marked_square", len(m.cells), mark=mid) for mid, m in grid.marks.items() if m.cells]
            extra = phrase("sheet_grid_marks").format(marks=", ".join(marks)) if marks else ""
            lines.append(phrase("sheet_grid_pieces").format(
                name=name, cols=cols, rows=rows, pieces=counted("piece", len(grid.pieces)),
                points=counted("point", sum(p.points for p in grid.pieces)), marks=extra))
        elif grid.areas:
            lines.append(phrase("sheet_grid_areas").format(name=name, cols=cols, rows=rows,
                                                           areas=counted("area", len(grid.areas))))
    if sheet.dice is not None:
        slots = max((t.slots for t in sheet.tracks.values()), default=0)
        lines.append(counted("plain_die", slots, sides=sheet.dice.sides) if slots else
                     phrase("plain_dice_any").format(sides=sheet.dice.sides))
    return lines


class _NullSurface:
    """Swallows drawing: `validate` lays the sheet out without rendering it."""

    width = height = 0.0

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def validate(game, sheet: Sheet) -> None:
    """The sheet must fit both papers (A4 and Letter): lay it out on each without drawing."""
    from pnp.kinds.sheet.draw import draw_sheet
    from pnp.errors import SpecErrors

    component = next(c for c in game.of_kind(KIND) if c.model is sheet)
    for paper in ("a4", "letter"):
        try:
            draw_sheet(_NullSurface(), sheet, paper, where=locate(component.raw, ["layout"]))
        except SpecErrors as e:
            game.errors.errors.extend(e.errors)


def pieces(game, component) -> list:
    """A sheet is a pad page written on, not a piece: none."""
    return []


def rulebook_view(game, component):
    """The loaded model as plain data (`components.sheet.<name>` in rules.md)."""
    from pnp.models.plain import plain

    return plain(component.model, game.dir)


def counted(game, component) -> list:
    """Each mark of a grid with how many cells it marks, and each track with its boxes."""
    from pnp.kinds.kind import Counted

    sheet = component.model
    out = []
    for gname, grid in (getattr(sheet, "grids", None) or {}).items():
        for mname, mark in (getattr(grid, "marks", None) or {}).items():
            out.append(Counted(mname, len(getattr(mark, "cells", None) or ()),
                               f"sheet grid '{gname}' marks no cell '{mname}'"))
    for tname, track in (getattr(sheet, "tracks", None) or {}).items():
        boxes = getattr(track, "boxes", 0)
        out.append(Counted(tname, boxes if isinstance(boxes, int) else 1, f"sheet track '{tname}' has no boxes"))
    return out
