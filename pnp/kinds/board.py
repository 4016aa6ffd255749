"""`kind: board` — grid boards: tiled over home-printer pages (with an assembly map) and as one poster."""
from __future__ import annotations

from pnp.kinds.kind import KindOption
from pnp.spec.board import Board, load_board

KIND = "board"
MODEL = Board
OPTIONS = (
    KindOption("--poster", "poster", str, None, "Poster paper for boards (a2 default, a1, a3, or WxH mm)."),
)


def load(game, path, raw):
    board = load_board(path, raw, game.errors)
    if board is not None:
        _check_icons(game, board, raw)
    return board


def _check_icons(game, board, raw) -> None:
    """A location's icon must be one the game knows (built in, or in its art/icons folder)."""
    from pnp.errors import did_you_mean
    from pnp.spec.load import locate

    known = game.assets.icon_names()
    for name, loc in board.spec.locations.items():
        if loc.icon and loc.icon not in known:
            game.errors.error(locate(raw, ["locations", name, "icon"]),
                              f"location '{name}': unknown icon '{loc.icon}'{did_you_mean(loc.icon, known)}")


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: the board's size, its locations and its scenarios."""
    from pnp.spec.units import to_mm

    board = component.model
    spec = board.spec
    side = to_mm(spec.cell)
    lines = [f"**1** board: {spec.title or spec.name}, {board.width} × {board.height} spaces "
             f"({board.width * side:g} × {board.height * side:g} mm; as tiles to tape together or as one poster)"]
    kinds: dict[str, list[str]] = {}
    for loc in spec.locations:
        kind = board.location_kind(loc)
        if kind:
            kinds.setdefault(kind, []).append(spec.locations[loc].name)
    words = {"bookshelf": "with a bookshelf", "front": "without a bookshelf (the Store)", "sanitarium": "the Sanitarium"}
    parts = [f"{len(names)} {words.get(kind, kind)}" if kind != "sanitarium" else words[kind]
             for kind, names in sorted(kinds.items())]
    if parts:
        lines.append(f"{sum(len(n) for n in kinds.values())} locations: " + ", ".join(parts))
    for sc in spec.scenarios:
        lines.append(f"scenario: {sc.name}")
    return lines


def build(game, components, options) -> dict:
    from pnp.render.board import board_poster, board_tiles
    from pnp.draw.pdf import PdfSurface
    from pnp.layout.tile import parse_paper

    if "pdf" not in options.formats:
        return {}
    title = game.game.title if game.game else game.name
    poster_size = parse_paper(options.poster or "a2")  # `pnp build --poster` checked it already
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
    from pnp.spec.load import locate

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
    from pnp.render.board import board_size, draw_board

    board = component.model
    w, h = board_size(board)
    return [Piece(name=board.spec.title or board.spec.name, what="board", component=board.spec.name, width=w,
                  height=h, bleed=0.0, count=1, faces=(lambda surface: draw_board(surface, board, game.assets),),
                  key=board.spec.name, description=f"{board.width} × {board.height} spaces")]
