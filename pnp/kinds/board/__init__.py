"""`kind: board` — grid boards: tiled over home-printer pages (with an assembly map) and as one poster."""
from __future__ import annotations

from pnp.kinds import values
from pnp.kinds.kind import KindOption, render_parameters

KIND = "board"
OPTIONS = (
    KindOption("--poster", "poster", str, None, "Poster paper for boards: a3, a2, a1, a0 or WxH mm (default: the smallest that fits).",
               parse=values.poster),
)
SHARED = False
RULEBOOK_NAME = None
OFFERS = frozenset({"spaces"})


def model() -> type:
    from pnp.kinds.board.models import Board

    return Board


def load(game, path, raw):
    from pnp.kinds.board.models import load_board

    raw = render_parameters(game, raw)
    board = load_board(path, raw, game.errors)
    if board is not None:
        _check_pictures(game, board, raw)
        _check_tracks(game, board, raw)
        _check_size(game, board, raw)
        _resolve_layouts(game, board, raw)
    return board


def _resolve_layouts(game, board, raw) -> None:
    """Space types with `layout:` are drawn by the layout engine cards use: each layout resolved
    and checked now, for every space of the type (`pnp.layout.pieces`)."""
    from pnp.kinds.layouts import layouts_of
    from pnp.layout.pieces import PieceLayouts
    from pnp.kinds.board.art import cell_box, space_fields, space_who

    typed = [name for name, kind in board.spec.spaces.items() if kind.layout is not None]
    if not typed:
        return
    layouts = PieceLayouts(layouts_of(game), game.errors, game.assets, "space")
    parameters = game.game.parameter_values() if game.game else {}
    for name in typed:
        layout = layouts.resolve(board.spec.spaces[name].layout, raw, ["spaces", name, "layout"], f"space type '{name}'")
        if layout is not None:
            board.space_layouts[name] = (layout, parameters)
            cells = [cell for cell in board.cells() if board.space(cell) == name] or [None]
            for cell in cells:
                side = cell_box(board, cell)[2] if cell is not None else board.spec.cell
                layouts.check(layout, space_fields(board, name, cell, parameters), space_who(board, name, cell),
                              side, side)
    layouts.report()


MAX_DRAWN_MM = 4000   # a board larger than 4 m a side is a mistake, and thousands of tile pages


def _check_size(game, board, raw) -> None:
    from pnp.kinds.board.draw import board_size
    from pnp.reading.load import locate
    from pnp.models.units import to_mm

    w, h = (to_mm(v) for v in board_size(board))
    if max(w, h) > MAX_DRAWN_MM:
        game.errors.error(locate(raw, ["cell"] if "cell" in raw else ["kind"]),
                          f"the board would be {w:.0f} × {h:.0f} mm; at most {MAX_DRAWN_MM} mm a side: "
                          f"use smaller spaces or fewer of them")


def _check_pictures(game, board, raw) -> None:
    """Every icon a space type, location or piece names is one the game knows; every image is readable."""
    from pnp.errors import SpecErrors
    from pnp.reading.load import locate
    from pnp.models.retiredicons import icon_hint

    known = game.assets.icon_names()
    named = [(["spaces", n, "icon"], f"space type '{n}'", t.icon) for n, t in board.spec.spaces.items()]
    named += [(["locations", n, "icon"], f"location '{n}'", loc.icon) for n, loc in board.spec.locations.items()]
    named += [(["pieces", n, "icon"], f"piece '{n}'", p.icon) for n, p in board.spec.pieces.items()]
    for where, what, icon in named:
        if icon and icon not in known:
            game.errors.error(locate(raw, where), f"{what}: unknown icon '{icon}'{icon_hint(icon, known)}")
    for name, kind in board.spec.spaces.items():
        if kind.image:
            try:
                game.assets.art(kind.image, locate(raw, ["spaces", name, "image"]))
            except SpecErrors as e:
                for err in e.errors:
                    game.errors.error(err.pos, err.message)


def _check_tracks(game, board, raw) -> None:
    """A track that cannot be laid (its ring too small) or a route too short for its segments: an error at its own key."""
    from pnp.kinds.board.art import route_problems, track_problems
    from pnp.reading.load import locate

    for where, message in track_problems(board) + route_problems(board):
        game.errors.error(locate(raw, where), message)


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: the board's size, its locations, tracks and scenarios."""
    from pnp.models.phrases import counted, listed, phrase

    from pnp.kinds.board.draw import board_size
    from pnp.models.units import to_mm

    board = component.model
    spec = board.spec
    W, H = board_size(board)
    if board.shape == "points":
        what = phrase("board_joined").format(places=counted("place", len(spec.nodes)),
                                             routes=counted("route", len(spec.connections)))
    else:
        what = phrase("board_hexes" if board.shape == "hex" else "board_squares").format(w=board.width, h=board.height)
    if board.shape == "square" and not spec.tracks:  # the grid alone, as a player measures it
        W, H = board.width * spec.cell, board.height * spec.cell
    lines = [phrase("board_item").format(title=spec.title or spec.name, what=what, w=f"{to_mm(W):.0f}",
                                         h=f"{to_mm(H):.0f}")]
    kinds: dict[str, list[str]] = {}
    for loc in spec.locations:
        kind = board.location_space(loc)
        if kind:
            kinds.setdefault(kind, []).append(spec.locations[loc].name)
    parts = []
    for kind in (k for k in spec.spaces if k in kinds):  # in the order the spec declares its space types
        label, count = spec.spaces[kind].name or kind, len(kinds[kind])
        parts.append(counted("location_group", count, name=label) if count > 1 else label)
    total = sum(len(n) for n in kinds.values())
    only = spec.spaces[next(iter(kinds))].name if len(kinds) == 1 and total > 1 else None
    if only:  # one named group for all: "2 locations by a door", not "2 locations: 2 by a door"
        lines.append(phrase("locations_all").format(count=counted("location", total), name=only))
    elif parts:  # "12 locations: 9 by a well, 2 by the gate (the Mill), and the Tower": groups counted, a lone one named
        lines.append(f"{counted('location', total)}: {listed(parts)}")
    for t in spec.tracks:
        lines.append(phrase("board_track").format(name=t.name, first=t.first, last=t.last))
    for sc in spec.scenarios:
        lines.append(phrase("board_scenario").format(name=sc.name))
    return lines


def build(game, components, options) -> dict:
    from pnp.kinds.board.draw import board_poster, board_tiles
    from pnp.draw.pdf import PdfSurface
    from pnp.geometry.tile import parse_paper

    if "pdf" not in options.formats:
        return {}
    title = game.game.title if game.game else game.name
    poster_size = parse_paper(options.poster) if options.poster else None  # checked where given; None: smallest that fits
    out: dict = {}
    stems = file_stems(game, components)
    game.errors.raise_if_any()
    for c in components:
        board = c.model
        stem = stems[id(c)]
        tiles = PdfSurface(title=f"{title} — {board.spec.title or board.spec.name}: tiles", subject=options.paper)
        board_tiles(tiles, board, game.assets, options.paper)
        poster = PdfSurface(title=f"{title} — {board.spec.title or board.spec.name}: poster")
        board_poster(poster, board, game.assets, poster_size)
        out[f"{stem}tiles.pdf"] = tiles.finish()
        out[f"{stem}poster.pdf"] = poster.finish()
    return out


def file_stems(game, components) -> dict[int, str]:
    """`board-` for a game's only board, else `<name>-` with the board's name made a safe file name;
    two boards whose files would share a name are a located error."""
    from pnp.errors import Pos, display_path
    from pnp.safename import OutputNames, shown, slug
    from pnp.reading.load import locate

    names = OutputNames(game.errors)
    out = {}
    for c in components:
        stem = f"{slug(c.model.spec.name, 'board')}-" if len(components) > 1 else "board-"
        where = locate(c.raw, ["name"]) if isinstance(c.raw, dict) and "name" in c.raw else Pos(display_path(c.path))
        names.add(f"{stem}tiles.pdf", where, f"board {shown(c.model.spec.name)}")
        out[id(c)] = stem
    return out


def validate(game, model) -> None:
    """Nothing beyond what loading checks."""


def pieces(game, component) -> list:
    """The whole board as one piece (its frame is its edge: no bleed), drawn by the board's own drawing."""
    from pnp.kinds.kind import Piece
    from pnp.kinds.board.draw import board_size, draw_board

    board = component.model
    w, h = board_size(board)
    return [Piece(name=board.spec.title or board.spec.name, what="board", component=board.spec.name, width=w,
                  height=h, bleed=0.0, count=1, faces=(lambda surface: draw_board(surface, board, game.assets),),
                  key=board.spec.name, description=f"{board.width} × {board.height} spaces")]


def rulebook_view(game, component):
    """The loaded model as plain data (`components.board.<name>` in rules.md)."""
    from pnp.models.plain import plain

    return plain(component.model, game.dir)


def counted(game, component) -> list:
    """Each named space with how many squares are that space (none: a text naming it is a finding)."""
    from collections import Counter

    from pnp.kinds.kind import Counted

    board = component.model
    spaces = getattr(getattr(board, "spec", None), "spaces", None) or {}
    if not spaces or not hasattr(board, "cells") or not hasattr(board, "space"):
        return []
    try:
        used = Counter(board.space(c) for c in board.cells())
    except Exception:  # noqa: BLE001 — a board this cannot read is the board's own checks' business
        return []
    return [Counted(name, used.get(name, 0), f"no square of board '{getattr(board.spec, 'name', '')}' is a "
                                             f"'{name}' space") for name in spaces]
