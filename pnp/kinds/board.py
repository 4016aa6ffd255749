"""`kind: board` — grid boards: tiled over home-printer pages (with an assembly map) and as one poster."""
from __future__ import annotations

from pnp.spec.board import Board, load_board

KIND = "board"
MODEL = Board


def load(game, path, raw):
    return load_board(path, raw, game.errors)


def build(game, components, options) -> dict:
    from pnp.components.board import board_poster, board_tiles
    from pnp.draw.pdf import PdfSurface
    from pnp.errors import Pos, SpecError, SpecErrors
    from pnp.layout.tile import parse_paper

    if "pdf" not in options.formats:
        return {}
    title = game.game.title if game.game else game.name
    try:
        poster_size = parse_paper(options.poster or "a2")
    except ValueError as e:
        raise SpecErrors([SpecError(Pos("--poster"), str(e))])
    out: dict = {}
    suffix = len(components) > 1
    for c in components:
        board = c.model
        stem = f"{board.spec.name}-" if suffix else "board-"
        tiles = PdfSurface(title=f"{title} — {board.spec.title or board.spec.name}: tiles", subject=options.paper)
        board_tiles(tiles, board, game.assets, options.paper)
        poster = PdfSurface(title=f"{title} — {board.spec.title or board.spec.name}: poster")
        board_poster(poster, board, game.assets, poster_size)
        out[f"{stem}tiles.pdf"] = tiles.finish()
        out[f"{stem}poster.pdf"] = poster.finish()
    return out
