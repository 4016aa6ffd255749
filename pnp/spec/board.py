"""`kind: board` — a grid board drawn as text: one character per space, a legend, locations, scenarios.

The map is checked character by character, so every error points at the exact
character in the YAML (`board.yaml:line:col`): ragged rows, characters missing
from the legend, spaces no figure can reach, scenario markers off the path.
The resolved `BoardData` also carries the graph (neighbours, BFS distances) that
the drawing code and the referee share.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from pnp.errors import Collector, Pos, did_you_mean
from pnp.spec.load import LDict, LList, locate, value_pos
from pnp.spec.types import Color, NonNegLength, PositiveLength, Spec
from pnp.spec.units import parse_length
from pnp.spec.validate import validate

SpaceKind = Literal["path", "blocked", "building", "bookshelf", "front", "sanitarium"]
WALKABLE = frozenset({"path", "bookshelf", "front", "sanitarium"})
FRONTS = frozenset({"bookshelf", "front", "sanitarium"})   # the spaces "in front of" a location
NEEDS_LOCATION = FRONTS | {"building"}
Style = Literal["road", "grass", "woods", "water", "wall", "bridge", "field"]


class LegendEntry(Spec):
    """What one map character means."""

    kind: SpaceKind = Field(description="path, blocked, building (a location's footprint), bookshelf "
                                        "(front of a location with a bookshelf), front (front of a location "
                                        "without one), sanitarium (front of the Sanitarium)")
    location: str | None = Field(default=None, description="the location a building or front belongs to")
    style: Style | None = Field(default=None, description="how a path or blocked space looks")
    color: Color | None = None


class Location(Spec):
    name: str
    short: str | None = Field(default=None, description="the label printed on the board (default: name)")
    color: Color | None = Field(default=None, description="the building's roof colour")
    icon: str | None = None


class Monster(Spec):
    at: str = Field(description="a location id (the space in front of it) or a space such as C7")
    health: int = Field(default=1, ge=1, le=9)


class AncientOne(Spec):
    start: str = Field(description="where it appears when the stars are right: a location id or a space such as C7")
    destination: str = Field(description="where it marches: a location id or a space")
    health: int = Field(default=6, ge=1, le=20)


class Scenario(Spec):
    id: str
    name: str
    text: str | None = None
    ancient_one: AncientOne
    monsters: list[Monster] = Field(default_factory=list)


class Board(Spec):
    kind: Literal["board"]
    name: str
    title: str | None = None
    cell: PositiveLength = Field(default=parse_length("16mm"), description="the side of one space (at most 100 mm)")
    border: NonNegLength = Field(default=parse_length("8mm"), description="frame around the grid (coordinates)")
    map: str | list[str] = Field(description="one text row per board row, one character per space")
    legend: dict[str, LegendEntry]
    locations: dict[str, Location] = Field(default_factory=dict)
    scenarios: list[Scenario] = Field(default_factory=list)

    @field_validator("cell")
    @classmethod
    def _cell_size(cls, value: float) -> float:
        if value > parse_length("100mm"):
            raise ValueError(f"a space of {value / parse_length('1mm'):g} mm is too large (at most 100 mm)")
        return value


# --------------------------------------------------------------------------- resolved board

Cell = tuple[int, int]  # (row, column), 0-based


@dataclass
class Marker:
    cell: Cell
    pos: Pos
    health: int = 1


@dataclass
class ResolvedScenario:
    spec: Scenario
    pos: Pos
    start: Marker
    destination: Marker
    monsters: list[Marker]


@dataclass
class BoardData:
    """A validated board: the grid, what each space is, and its graph."""

    spec: Board
    raw: Any
    path: Path
    rows: list[str]
    char_pos: list[list[Pos]]            # where each character is in the file
    locations: dict[str, Location]
    scenarios: list[ResolvedScenario] = field(default_factory=list)
    _dist: dict = field(default_factory=dict, repr=False)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def entry(self, cell: Cell) -> LegendEntry:
        r, c = cell
        return self.spec.legend[self.rows[r][c]]

    def kind(self, cell: Cell) -> str:
        return self.entry(cell).kind

    def cells(self):
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def walkable(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width and self.kind(cell) in WALKABLE

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Orthogonal walkable neighbours (the rules forbid diagonal moves)."""
        r, c = cell
        return [n for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if self.walkable(n)]

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

    def fronts(self, location: str | None = None, kinds=FRONTS) -> list[Cell]:
        return [cell for cell in self.cells() if self.kind(cell) in kinds
                and (location is None or self.entry(cell).location == location)]

    def buildings(self, location: str) -> list[Cell]:
        return [cell for cell in self.cells()
                if self.kind(cell) == "building" and self.entry(cell).location == location]

    def location_kind(self, location: str) -> str | None:
        """bookshelf, front or sanitarium: the kind of the location's front spaces."""
        kinds = {self.kind(c) for c in self.fronts(location)}
        return next(iter(sorted(kinds)), None)

    def sanitarium(self) -> Cell | None:
        found = self.fronts(kinds={"sanitarium"})
        return found[0] if found else None

    def pos_of(self, cell: Cell) -> Pos:
        r, c = cell
        return self.char_pos[r][c]


def coord_name(cell: Cell) -> str:
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


def parse_coord(text: str) -> Cell | None:
    m = _COORD.match(text.strip())
    if not m:
        return None
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - 64)
    return int(m.group(2)) - 1, col - 1


# --------------------------------------------------------------------------- loading

MAX_SIDE = 120  # spaces; at 16 mm that is a board of almost 2 m, far beyond any table


def load_board(path: Path, raw: Any, errors: Collector) -> BoardData | None:
    """Validate a board spec; every error goes to `errors` with its position."""
    spec = validate(Board, raw, errors)
    if spec is None:
        return None
    before = len(errors.errors)
    rows, char_pos = _map_rows(path, raw, spec)
    _check_legend_keys(raw, spec, errors)
    if not rows:
        errors.error(locate(raw, ["map"]), "the map is empty: write one text row per board row")
        return None
    width = len(rows[0])
    if len(rows) > MAX_SIDE or max(len(r) for r in rows) > MAX_SIDE:
        errors.error(locate(raw, ["map"]), f"the map is {max(len(r) for r in rows)} × {len(rows)} spaces; "
                                           f"a board has at most {MAX_SIDE} spaces a side")
        return None
    for r, row in enumerate(rows):
        if len(row) != width:
            c = min(len(row), width)
            where = char_pos[r][c] if c < len(row) else _after(char_pos[r], locate(raw, ["map"]))
            errors.error(where, f"map row {r + 1} has {len(row)} spaces but row 1 has {width}: "
                                f"every row must be as long as the first")
        for c, ch in enumerate(row):
            if ch not in spec.legend:
                errors.error(char_pos[r][c], f"map character {ch!r} (space {coord_name((r, c))}) is not in the "
                                             f"legend{did_you_mean(ch, spec.legend)}")
    _check_locations(raw, spec, errors)
    if len(errors.errors) > before:
        return None
    board = BoardData(spec, raw, path, rows, char_pos, spec.locations)
    _check_fronts(board, errors)
    _check_reachable(board, errors)
    board.scenarios = [s for s in (_scenario(board, i, errors) for i in range(len(spec.scenarios))) if s]
    return None if len(errors.errors) > before else board


def _after(positions: list[Pos], default: Pos) -> Pos:
    if not positions:
        return default
    last = positions[-1]
    return Pos(last.path, last.line, last.col + 1)


def _map_rows(path: Path, raw: LDict, spec: Board) -> tuple[list[str], list[list[Pos]]]:
    """The map's rows and the file position of every character in them."""
    where = locate(raw, ["map"])
    value = spec.map
    if isinstance(value, list):
        items = raw["map"]
        out_pos = []
        for i, row in enumerate(value):
            p = value_pos(items, i, where)
            quoted = _text_at(path, p)[:1] in ("'", '"')
            out_pos.append([Pos(p.path, p.line, p.col + c + (1 if quoted else 0)) for c in range(len(row))])
        return list(value), out_pos
    rows = value.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    lines = _file_lines(path)
    out_pos = []
    # a block scalar (`map: |`): its rows are the file lines after the indicator, at a common indent
    block = lines is not None and _text_at(path, where)[:1] in ("|", ">")
    indent = None
    for i, row in enumerate(rows):
        line_no = where.line + 1 + i
        if block and line_no <= len(lines):
            text = lines[line_no - 1]
            if indent is None and row:
                indent = text.find(row) if text.find(row) >= 0 else 0
            col0 = (indent or 0) + 1
            if text[col0 - 1:col0 - 1 + len(row)] == row:
                out_pos.append([Pos(where.path, line_no, col0 + c) for c in range(len(row))])
                continue
        out_pos.append([where] * len(row))
    return rows, out_pos


def _file_lines(path: Path) -> list[str] | None:
    try:
        return Path(path).read_text(encoding="utf-8").lstrip("\ufeff").split("\n")
    except OSError:
        return None


def _text_at(path: Path, pos: Pos) -> str:
    lines = _file_lines(path)
    if not lines or pos.line > len(lines):
        return ""
    return lines[pos.line - 1][pos.col - 1:]


def _check_legend_keys(raw: LDict, spec: Board, errors: Collector) -> None:
    legend_raw = raw.get("legend") or {}
    for key in spec.legend:
        if len(str(key)) != 1:
            errors.error(locate(raw, ["legend", key], key=True),
                         f"legend key {str(key)!r} must be a single character (one character is one space)")


def _check_locations(raw: LDict, spec: Board, errors: Collector) -> None:
    used = set()
    for key, entry in spec.legend.items():
        if entry.kind in NEEDS_LOCATION:
            if entry.location is None:
                errors.error(locate(raw, ["legend", key]), f"legend {str(key)!r}: a {entry.kind} space needs "
                                                           f"'location:' (one of: {', '.join(spec.locations) or 'none'})")
            elif entry.location not in spec.locations:
                errors.error(locate(raw, ["legend", key, "location"]),
                             f"legend {str(key)!r}: unknown location '{entry.location}'"
                             f"{did_you_mean(entry.location, spec.locations)}")
            used.add(entry.location)
        elif entry.location is not None:
            errors.error(locate(raw, ["legend", key, "location"]),
                         f"legend {str(key)!r}: a {entry.kind} space belongs to no location; remove 'location:'")
    for name in spec.locations:
        if name not in used:
            errors.error(locate(raw, ["locations", name], key=True),
                         f"location '{name}' has no space in the legend (give it a front: bookshelf, front or sanitarium)")


def _check_fronts(board: BoardData, errors: Collector) -> None:
    """Every location has a front, all of one kind, touching its building when it has one."""
    raw = board.raw
    for name in board.locations:
        fronts = board.fronts(name)
        where = locate(raw, ["locations", name], key=True)
        if not fronts:
            errors.error(where, f"location '{name}' has no front space on the map: figures could never stop there")
            continue
        kinds = {board.kind(c) for c in fronts}
        if len(kinds) > 1:
            errors.error(where, f"location '{name}' has fronts of different kinds ({', '.join(sorted(kinds))})")
        building = set(board.buildings(name))
        for f in fronts:
            r, c = f
            if building and not building & {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}:
                errors.error(board.pos_of(f), f"space {coord_name(f)} is in front of '{name}' but does not "
                                              f"touch its building")


def _check_reachable(board: BoardData, errors: Collector) -> None:
    """Every walkable space is reachable from the Sanitarium (or from the first walkable space)."""
    walk = [c for c in board.cells() if board.walkable(c)]
    if not walk:
        errors.error(locate(board.raw, ["map"]), "the map has no path space at all")
        return
    source = board.sanitarium() or walk[0]
    seen = set(board.distances(source))
    what = "the Sanitarium" if board.sanitarium() else f"space {coord_name(source)}"
    for cell in walk:
        if cell in seen:
            continue
        group = set(board.distances(cell))
        seen |= group
        more = f" (with {len(group) - 1} more space{'s' if len(group) > 2 else ''} cut off with it)" if len(group) > 1 else ""
        errors.error(board.pos_of(cell), f"space {coord_name(cell)} cannot be reached from {what}{more}")


def _marker(board: BoardData, text: str, loc: list, errors: Collector, what: str, health: int = 1) -> Marker | None:
    pos = locate(board.raw, loc)
    text = str(text)
    if text in board.locations:
        fronts = board.fronts(text)
        return Marker(fronts[0], pos, health) if fronts else None
    cell = parse_coord(text)
    if cell is None:
        errors.error(pos, f"{what}: '{text}' is neither a location ({', '.join(board.locations)}) nor a space "
                          f"such as C7{did_you_mean(text, board.locations)}")
        return None
    r, c = cell
    if not (0 <= r < board.height and 0 <= c < board.width):
        errors.error(pos, f"{what}: space {text} is off the board (columns A–{column_name(board.width - 1)}, "
                          f"rows 1–{board.height})")
        return None
    if not board.walkable(cell):
        errors.error(pos, f"{what}: space {text} is {board.kind(cell)}, not on the path "
                          f"(map character {board.rows[r][c]!r} at {board.pos_of(cell)})")
        return None
    return Marker(cell, pos, health)


def _scenario(board: BoardData, i: int, errors: Collector) -> ResolvedScenario | None:
    s = board.spec.scenarios[i]
    base = ["scenarios", i]
    start = _marker(board, s.ancient_one.start, base + ["ancient_one", "start"], errors,
                    f"scenario '{s.id}', the Ancient One's start", s.ancient_one.health)
    dest = _marker(board, s.ancient_one.destination, base + ["ancient_one", "destination"], errors,
                   f"scenario '{s.id}', the Ancient One's destination")
    monsters = [_marker(board, m.at, base + ["monsters", j, "at"], errors, f"scenario '{s.id}', monster {j + 1}",
                        m.health) for j, m in enumerate(s.monsters)]
    if start is None or dest is None or None in monsters:
        return None
    return ResolvedScenario(s, locate(board.raw, base), start, dest, monsters)
