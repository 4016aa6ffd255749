"""A validated board: its spaces (map cells or nodes), what each one is, and the graph figures move on.

The drawing code, the rulebook and a game's referee all read this one object; it answers in the
game's own space-type names (`space(cell)`), never in names the engine would have to know.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable

from pnp.errors import Pos
from pnp.kinds.board.models import hexes
from pnp.kinds.board.models.model import Board, LegendEntry, Location, SpaceType

Cell = Hashable  # (row, column) on a text map, a node id on a point-to-point map


@dataclass
class Marker:
    cell: Cell
    pos: Pos
    health: int = 1


@dataclass
class PlacedPiece:
    """A scenario's piece: where it starts, where it heads (if anywhere), its health."""

    piece: str
    at: Marker
    to: Marker | None
    health: int
    pos: Pos


@dataclass
class ResolvedScenario:
    spec: Any
    pos: Pos
    placed: list[PlacedPiece]

    def of(self, piece: str) -> list[PlacedPiece]:
        return [p for p in self.placed if p.piece == piece]


@dataclass
class BoardData:
    """A validated board of any shape."""

    spec: Board
    raw: Any
    path: Path
    rows: list[str]                      # the text map (square, hex); empty for points
    char_pos: list[list[Pos]]            # where each map character is in the file
    locations: dict[str, Location]
    scenarios: list[ResolvedScenario] = field(default_factory=list)
    node_pos: dict[str, Pos] = field(default_factory=dict)
    start: Cell | None = None            # the declared start space, resolved
    _links: dict = field(default_factory=dict, repr=False)   # points: node → neighbour nodes
    _dist: dict = field(default_factory=dict, repr=False)

    # ---------------------------------------------------------------- the spaces

    @property
    def shape(self) -> str:
        return self.spec.shape

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def cells(self):
        if self.shape == "points":
            yield from self.spec.nodes
            return
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def on_board(self, cell: Cell) -> bool:
        if self.shape == "points":
            return cell in self.spec.nodes
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width

    def entry(self, cell: Cell) -> LegendEntry:
        if self.shape == "points":
            return LegendEntry(space=self.spec.nodes[cell].space)
        r, c = cell
        return self.spec.legend[self.rows[r][c]]

    def space(self, cell: Cell) -> str:
        """The game's name for the type of this space."""
        return self.entry(cell).space

    def space_type(self, cell: Cell) -> SpaceType:
        return self.spec.spaces[self.space(cell)]

    def walkable(self, cell: Cell) -> bool:
        return self.on_board(cell) and self.space_type(cell).walk

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Walkable spaces one move away: orthogonal squares, the six hexes around, or linked nodes."""
        if self.shape == "points":
            return [n for n in self._links.get(cell, ()) if self.walkable(n)]
        if self.shape == "hex":
            h = self.spec.hex
            return [n for n in hexes.neighbours(cell, h.orientation, h.offset) if self.walkable(n)]
        r, c = cell
        return [n for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if self.walkable(n)]

    def touching(self, cell: Cell) -> list[Cell]:
        """Every space sharing an edge with `cell`, walkable or not (map boards)."""
        if self.shape == "hex":
            h = self.spec.hex
            near = hexes.neighbours(cell, h.orientation, h.offset)
        elif self.shape == "points":
            near = list(self._links.get(cell, ()))
        else:
            r, c = cell
            near = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        return [n for n in near if self.on_board(n)]

    def distances(self, source: Cell) -> dict[Cell, int]:
        """BFS distances over walkable spaces from `source` (cached)."""
        if source not in self._dist:
            dist = {source: 0}
            queue = deque([source])
            while queue:
                cur = queue.popleft()
                for n in self.neighbours(cur):
                    if n not in dist:
                        dist[n] = dist[cur] + 1
                        queue.append(n)
            self._dist[source] = dist
        return self._dist[source]

    # ---------------------------------------------------------------- locations

    def fronts(self, location: str | None = None, spaces: set[str] | None = None) -> list[Cell]:
        """Front spaces (of one location, of some space types)."""
        out = []
        for cell in self.cells():
            entry = self.entry(cell)
            if not self.spec.spaces[entry.space].front:
                continue
            if (location is None or entry.location == location) and (spaces is None or entry.space in spaces):
                out.append(cell)
        return out

    def footprint(self, location: str) -> list[Cell]:
        return [cell for cell in self.cells() if self.space_type(cell).footprint
                and self.entry(cell).location == location]

    def location_space(self, location: str) -> str | None:
        """The space type of the location's fronts."""
        kinds = {self.space(c) for c in self.fronts(location)}
        return next(iter(sorted(kinds)), None)

    def locations_of(self, space: str) -> list[str]:
        return [name for name in self.locations if self.location_space(name) == space]

    def start_cell(self) -> Cell | None:
        """Where figures start (the spec's `start:`), resolved; None when not declared."""
        return self.start

    # ---------------------------------------------------------------- names and positions

    def pos_of(self, cell: Cell) -> Pos:
        if self.shape == "points":
            return self.node_pos[cell]
        r, c = cell
        return self.char_pos[r][c]

    def name_of(self, cell: Cell) -> str:
        """How the board prints a space: C7 on a map (or q,r on an axial hex map), the node's id."""
        if self.shape == "points":
            return str(cell)
        if self.shape == "hex" and self.spec.hex.coords == "axial":
            q, r = hexes.to_axial(cell, self.spec.hex.orientation, self.spec.hex.offset)
            return f"{q},{r}"
        return coord_name(cell)

    def parse_space(self, text: str) -> Cell | None:
        """A space's printed name back to the space (None when it is not a space name)."""
        if self.shape == "points":
            return text if text in self.spec.nodes else None
        m = _AXIAL.match(text.strip())
        if m and self.shape == "hex":
            return hexes.from_axial(int(m.group(1)), int(m.group(2)), self.spec.hex.orientation, self.spec.hex.offset)
        return parse_coord(text)


def coord_name(cell) -> str:
    """(row, col) → 'C7': column letters as on the printed board's frame, rows from 1."""
    r, c = cell
    return column_name(c) + str(r + 1)


def column_name(c: int) -> str:
    name = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        name = chr(65 + rem) + name
    return name


_COORD = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")
_AXIAL = re.compile(r"^(-?\d{1,3})\s*,\s*(-?\d{1,3})$")


def parse_coord(text: str):
    m = _COORD.match(text.strip())
    if not m:
        return None
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - 64)
    return int(m.group(2)) - 1, col - 1
