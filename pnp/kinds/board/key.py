"""The poster's key: what the board's space types, locations and pieces are, and the first scenario,
in the room the board leaves on its poster page.

Everything comes from the spec (a space type's look and its walk/front/footprint role, a location's
colour, a piece's icon and health), so any game's poster gets its own key.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.draw.text import draw_text, set_text
from pnp.kinds.board.art import INK, ROOF, place_icon, space_swatch
from pnp.kinds.board.models import BoardData
from pnp.kinds.sheetwords import count, line_from_start, right_to_left, say
from pnp.models.units import mm

ROW = mm(12)  # one entry: a 9 mm swatch and two lines of words
SWATCH = mm(9)
COLUMN = mm(58)  # the narrowest column an entry reads well in
GAP = mm(6)
MUTED = "#546e7a"
MIN_WIDTH = COLUMN  # a key narrower than one column is not drawn
MIN_HEIGHT = mm(40)


@dataclass
class Entry:
    swatch: Callable  # (surface, x, y, size) -> None
    name: str
    note: str


def _role(kind) -> str:
    if kind.footprint:
        return say("role_footprint")
    if kind.front:
        return say("role_front")
    if kind.walk:
        return say("role_walk")
    return say("role_blocked")


def entries(board: BoardData, assets) -> list[Entry]:
    """Each space type the map uses, each location, each piece: in the spec's order."""
    used = {board.space(cell) for cell in board.cells()}
    out = []
    for key, kind in board.spec.spaces.items():
        if key in used and not kind.footprint:
            out.append(Entry(lambda s, x, y, size, key=key: space_swatch(s, board, key, x, y, size, assets),
                             kind.name or key.replace("-", " ").capitalize(), _role(kind)))
    for key, loc in board.locations.items():
        if board.footprint(key) or board.fronts(key):
            out.append(Entry(lambda s, x, y, size, loc=loc: s.rect(x, y, size, size, fill=loc.color or ROOF,
                                                                 stroke="#1c1c1c", width=0.8, radius=mm(1)),
                             loc.name, say("a_location")))
    for key, piece in board.spec.pieces.items():
        def icon(s, x, y, size, piece=piece):
            s.circle(x + size / 2, y + size / 2, size / 2, fill="#ffffff", stroke=piece.color or INK, width=0.8)
            if piece.icon:
                place_icon(assets, s, piece.icon, x + size * 0.18, y + size * 0.18, size * 0.64,
                           piece.color or INK)
        health = count("health", piece.health if piece.health > 1 else 1)
        marked = say("piece_marked") if piece.mark else ""
        out.append(Entry(icon, piece.name or key, say("piece_note", health=health, marked=marked)))
    return out


def draw_key(s, board: BoardData, assets, x: float, y: float, w: float, h: float) -> None:
    """The key in the box (x, y, w, h): a heading, the entries in as many columns as the width holds,
    then the first scenario's words while they fit."""
    items = entries(board, assets)
    columns = max(1, int((w + GAP) // (COLUMN + GAP)))
    column_w = (w - GAP * (columns - 1)) / columns
    rows_fit = max(0, int((h - mm(9)) // ROW))
    per_column = max(-(-len(items) // columns), 1)
    if per_column > rows_fit:  # more than the box holds: the entries that fit, in order
        items = items[:rows_fit * columns]
        per_column = rows_fit
    line_from_start(s, x, x + w, y + mm(4.5), say("key_heading"), font=board.spec.fonts.heading, size=11, fill=INK)
    s.line(x, y + mm(6.5), x + w, y + mm(6.5), stroke=MUTED, width=0.5)
    top = y + mm(9)
    rtl = right_to_left()  # columns from the right, each swatch right of its words
    for i, item in enumerate(items):
        column = i // per_column
        cx = x + w - column_w - column * (column_w + GAP) if rtl else x + column * (column_w + GAP)
        cy = top + (i % per_column) * ROW
        item.swatch(s, cx + column_w - SWATCH if rtl else cx, cy, SWATCH)
        words = cx if rtl else cx + SWATCH + mm(2.5)
        room = column_w - SWATCH - mm(2.5)
        name = set_text(f"**{item.name}**", board.spec.fonts.text, 8.5, 6, room, mm(4.5))
        draw_text(s, name, words, cy, room, mm(4.5), color=INK)
        note = set_text(item.note, board.spec.fonts.text, 7, 5.5, room, mm(6.5))
        draw_text(s, note, words, cy + mm(4.6), room, mm(6.5), color=MUTED)
    after = top + per_column * ROW + mm(2)
    if board.scenarios and after < y + h:
        sc = board.scenarios[0]
        text = scenario_words(board, sc, lambda marker: board.name_of(marker.cell), health=False)
        lay = set_text(text, board.spec.fonts.text, 8.5, 6.5, w, y + h - after)
        if lay.fits:
            draw_text(s, lay, x, after, w, y + h - after, color=INK)


def scenario_words(board: BoardData, sc, where: Callable, health: bool) -> str:
    """A scenario as one Markdown sentence in the edition's language: its name, its text and its
    starting pieces, each placed `where(marker)` says (with its Health where `health`)."""
    parts = []
    for placed in sc.placed:
        piece = board.spec.pieces[placed.piece]
        goal = say("scenario_goal", where=where(placed.to)) if placed.to is not None else ""
        strength = say("scenario_health", health=count("health", placed.health)) if health else ""
        parts.append(say("scenario_placed", piece=piece.name or placed.piece, health=strength,
                         where=where(placed.at), goal=goal))
    return say("scenario_sentence", name=sc.spec.name, text=sc.spec.text or "",
               pieces=say("scenario_join").join(parts) or say("scenario_none"))
