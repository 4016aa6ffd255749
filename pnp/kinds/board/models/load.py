"""Loading a board spec: every reference checked and every error located at its YAML character or key.

The text map is checked character by character (ragged rows, characters missing from the legend);
then the game's own names are checked where they are used: a legend entry's space type, a
location, a node a route names, a piece a scenario places, each with "did you mean". Last, the
board must be playable: every walkable space reachable from the declared `start:`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.errors import Collector, did_you_mean
from pnp.kinds.board.models.data import BoardData, Marker, PlacedPiece, ResolvedScenario, column_name
from pnp.kinds.board.models.model import Board
from pnp.kinds.board.models.textmap import after, map_rows
from pnp.reading.load import locate
from pnp.models.units import to_mm
from pnp.models.validate import validate

MAX_SIDE = 120       # spaces a side of a text map; at 16 mm that is almost 2 m, far beyond any table
MAX_NODES = 400      # nodes of a point-to-point map
MAX_CONNECTIONS = 1200
MAX_TRACK = 1000     # spaces of one track
MAX_TRACKS = 8
MAX_MAP_MM = 2000    # a point-to-point map's side


def load_board(path: Path, raw: Any, errors: Collector) -> BoardData | None:
    """Validate a board spec; every error goes to `errors` with its position."""
    before = len(errors.errors)
    spec = validate(Board, raw, errors, provisional=True)  # its faults, and the map's own, at once
    if spec is None:
        return None
    _check_space_names(raw, spec, errors)
    if spec.shape == "points":
        board = _points(path, raw, spec, errors)
    else:
        board = _text_map(path, raw, spec, errors)
    _check_tracks(raw, spec, errors)
    _check_pieces(raw, spec, errors)
    if board is None or len(errors.errors) > before:
        return None
    _check_fronts(board, errors)
    board.start = _start(board, errors)
    if len(errors.errors) > before:
        return None
    _check_reachable(board, errors)
    board.scenarios = [s for s in (_scenario(board, i, errors) for i in range(len(spec.scenarios))) if s]
    return None if len(errors.errors) > before else board


# --------------------------------------------------------------------------- names

def _check_space_names(raw, spec: Board, errors: Collector) -> None:
    for key, entry in spec.legend.items():
        if entry.space not in spec.spaces:
            errors.error(locate(raw, ["legend", key, "space"]),
                         f"legend {str(key)!r}: unknown space type '{entry.space}'"
                         f"{did_you_mean(entry.space, spec.spaces)} (declare it under `spaces:`)")
    for name, node in spec.nodes.items():
        if node.space not in spec.spaces:
            errors.error(locate(raw, ["nodes", name, "space"]),
                         f"node '{name}': unknown space type '{node.space}'{did_you_mean(node.space, spec.spaces)}"
                         f" (declare it under `spaces:`)")


def _check_pieces(raw, spec: Board, errors: Collector) -> None:
    for i, sc in enumerate(spec.scenarios):
        for j, p in enumerate(sc.pieces):
            if p.piece not in spec.pieces:
                errors.error(locate(raw, ["scenarios", i, "pieces", j, "piece"]),
                             f"scenario '{sc.id}': unknown piece '{p.piece}'{did_you_mean(p.piece, spec.pieces)}"
                             f" (declare it under `pieces:`)")


def _check_tracks(raw, spec: Board, errors: Collector) -> None:
    if len(spec.tracks) > MAX_TRACKS:
        errors.error(locate(raw, ["tracks"]), f"{len(spec.tracks)} tracks; a board has at most {MAX_TRACKS}")
    for i, t in enumerate(spec.tracks):
        if t.last < t.first:
            errors.error(locate(raw, ["tracks", i, "to"]), f"track '{t.name}' runs from {t.first} to {t.last}: "
                                                           f"'to' must not be below 'from'")
        elif t.last - t.first + 1 > MAX_TRACK:
            errors.error(locate(raw, ["tracks", i]), f"track '{t.name}' has {t.last - t.first + 1} spaces; "
                                                     f"at most {MAX_TRACK}")


# --------------------------------------------------------------------------- text maps (square, hex)

def _text_map(path: Path, raw, spec: Board, errors: Collector) -> BoardData | None:
    if spec.map is None:
        errors.error(locate(raw, ["shape"]) if "shape" in raw else locate(raw, ["kind"]),
                     f"a {spec.shape} board needs `map:` (one text row per board row) and `legend:`")
        return None
    for key in ("nodes", "connections", "size"):
        if key in raw:
            errors.error(locate(raw, [key], key=True), f"`{key}:` belongs to a point-to-point board "
                                                       f"(shape: points); this one is {spec.shape}")
    if "hex" in raw and spec.shape != "hex":
        errors.error(locate(raw, ["hex"], key=True), "`hex:` sets up a hex map; add `shape: hex` or remove it")
    rows, char_pos = map_rows(path, raw, spec.map)
    _check_legend_keys(raw, spec, errors)
    if not rows:
        errors.error(locate(raw, ["map"]), "the map is empty: write one text row per board row")
        return None
    width = len(rows[0])
    if len(rows) > MAX_SIDE or max(len(r) for r in rows) > MAX_SIDE:
        errors.error(locate(raw, ["map"]), f"the map is {max(len(r) for r in rows)} × {len(rows)} spaces; "
                                           f"a board has at most {MAX_SIDE} spaces a side")
        return None
    bad = False
    for r, row in enumerate(rows):
        if len(row) != width:
            c = min(len(row), width)
            where = char_pos[r][c] if c < len(row) else after(char_pos[r], locate(raw, ["map"]))
            errors.error(where, f"map row {r + 1} has {len(row)} spaces but row 1 has {width}: "
                                f"every row must be as long as the first")
            bad = True
        for c, ch in enumerate(row):
            if ch not in spec.legend:
                errors.error(char_pos[r][c], f"map character {ch!r} (space {column_name(c)}{r + 1}) is not in "
                                             f"the legend{did_you_mean(ch, spec.legend)}")
                bad = True
    _check_locations(raw, spec, errors)
    if bad:
        return None
    return BoardData(spec, raw, path, rows, char_pos, spec.locations)


def _check_legend_keys(raw, spec: Board, errors: Collector) -> None:
    for key in spec.legend:
        if len(str(key)) != 1:
            errors.error(locate(raw, ["legend", key], key=True),
                         f"legend key {str(key)!r} must be a single character (one character is one space)")


def _check_locations(raw, spec: Board, errors: Collector) -> None:
    used = set()
    for key, entry in spec.legend.items():
        kind = spec.spaces.get(entry.space)
        if kind is None:
            continue
        if kind.footprint or kind.front:
            role = "footprint" if kind.footprint else "front"
            if entry.location is None:
                errors.error(locate(raw, ["legend", key]), f"legend {str(key)!r}: a {entry.space} space is a "
                                                           f"location's {role} and needs 'location:' (one of: "
                                                           f"{', '.join(spec.locations) or 'none declared'})")
            elif entry.location not in spec.locations:
                errors.error(locate(raw, ["legend", key, "location"]),
                             f"legend {str(key)!r}: unknown location '{entry.location}'"
                             f"{did_you_mean(entry.location, spec.locations)}")
            used.add(entry.location)
        elif entry.location is not None:
            errors.error(locate(raw, ["legend", key, "location"]),
                         f"legend {str(key)!r}: a {entry.space} space belongs to no location (its type is neither "
                         f"footprint nor front); remove 'location:'")
    for name in spec.locations:
        if name not in used:
            fronts = [n for n, t in spec.spaces.items() if t.front]
            errors.error(locate(raw, ["locations", name], key=True),
                         f"location '{name}' has no space in the legend (give it a front: "
                         f"{', '.join(fronts) or 'declare a space type with front: true'})")


# --------------------------------------------------------------------------- point-to-point maps

def _points(path: Path, raw, spec: Board, errors: Collector) -> BoardData | None:
    where = locate(raw, ["shape"])
    for key in ("map", "legend", "hex"):
        if key in raw:
            errors.error(locate(raw, [key], key=True), f"`{key}:` belongs to a square or hex board; a "
                                                       f"point-to-point board has `nodes:` and `connections:`")
    if spec.size is None:
        errors.error(where, "a point-to-point board needs `size: [width, height]` (e.g. [400mm, 280mm])")
        return None
    w, h = spec.size
    if max(to_mm(w), to_mm(h)) > MAX_MAP_MM:
        errors.error(locate(raw, ["size"]), f"the map is {to_mm(w):g} × {to_mm(h):g} mm; at most "
                                            f"{MAX_MAP_MM} mm a side")
        return None
    if not spec.nodes:
        errors.error(where, "a point-to-point board needs `nodes:` (named places with `at: [x, y]`)")
        return None
    if len(spec.nodes) > MAX_NODES:
        errors.error(locate(raw, ["nodes"]), f"{len(spec.nodes)} nodes; a board has at most {MAX_NODES}")
        return None
    if len(spec.connections) > MAX_CONNECTIONS:
        errors.error(locate(raw, ["connections"]), f"{len(spec.connections)} connections; at most {MAX_CONNECTIONS}")
        return None
    r = spec.cell / 2
    for name, node in spec.nodes.items():
        x, y = node.at
        if not (r <= x <= w - r and r <= y <= h - r):
            errors.error(locate(raw, ["nodes", name, "at"]), f"node '{name}' at {to_mm(x):g}, {to_mm(y):g} mm is "
                                                             f"not wholly on the {to_mm(w):g} × {to_mm(h):g} mm map")
        if spec.spaces.get(node.space) and (spec.spaces[node.space].footprint or spec.spaces[node.space].front):
            errors.error(locate(raw, ["nodes", name, "space"]), f"node '{name}': a node is a space of its own; "
                                                                f"footprint and front types belong to text maps")
    links: dict[str, list[str]] = {n: [] for n in spec.nodes}
    seen = set()
    for i, c in enumerate(spec.connections):
        ok = True
        for end, key in ((c.start, "from"), (c.end, "to")):
            if end not in spec.nodes:
                errors.error(locate(raw, ["connections", i, key]), f"connection {i + 1}: unknown node '{end}'"
                                                                   f"{did_you_mean(end, spec.nodes)}")
                ok = False
        if ok and c.start == c.end:
            errors.error(locate(raw, ["connections", i]), f"connection {i + 1} joins '{c.start}' to itself")
            ok = False
        pair = tuple(sorted((c.start, c.end))) + (c.bend,)
        if ok and pair in seen:
            errors.error(locate(raw, ["connections", i]), f"connection {i + 1} repeats {c.start}–{c.end} "
                                                          f"(give a second route a different bend)")
        seen.add(pair)
        if ok:
            links[c.start].append(c.end)
            links[c.end].append(c.start)
    board = BoardData(spec, raw, path, [], [], spec.locations)
    board.node_pos = {n: locate(raw, ["nodes", n], key=True) for n in spec.nodes}
    board._links = {n: sorted(set(v), key=list(spec.nodes).index) for n, v in links.items()}
    if spec.locations:
        errors.error(locate(raw, ["locations"], key=True), "locations belong to text maps; on a point-to-point "
                                                           "board every node is a place of its own")
    return board


# --------------------------------------------------------------------------- playability

def _check_fronts(board: BoardData, errors: Collector) -> None:
    """Every location has a footprint and a front, all of one type, touching the footprint."""
    raw = board.raw
    for name in board.locations:
        fronts = board.fronts(name)
        where = locate(raw, ["locations", name], key=True)
        if not fronts:
            errors.error(where, f"location '{name}' has no front space on the map: figures could never stop there")
            continue
        kinds = {board.space(c) for c in fronts}
        if len(kinds) > 1:
            errors.error(where, f"location '{name}' has fronts of different types ({', '.join(sorted(kinds))})")
        building = set(board.footprint(name))
        if not building:
            kinds = [n for n, t in board.spec.spaces.items() if t.footprint]
            errors.error(where, f"location '{name}' has no footprint on the map (a legend character of a footprint "
                                f"type{': ' + ', '.join(kinds) if kinds else ' (declare one with footprint: true)'} "
                                f"and location: {name})")
            continue
        for f in fronts:
            if building and not building & set(board.touching(f)):
                errors.error(board.pos_of(f), f"space {board.name_of(f)} is in front of '{name}' but does not "
                                              f"touch its footprint")


def _start(board: BoardData, errors: Collector):
    text = board.spec.start
    if text is None:
        return None
    marker = _marker(board, text, ["start"], errors, "start")
    return marker.cell if marker else None


def _check_reachable(board: BoardData, errors: Collector) -> None:
    """Every walkable space is reachable from the start space (or from the first walkable space)."""
    walk = [c for c in board.cells() if board.walkable(c)]
    if not walk:
        errors.error(locate(board.raw, ["spaces"]), "the board has no space a figure can walk on "
                                                    "(give a space type walk: true)")
        return
    source = board.start_cell()
    what = f"the start ({board.spec.start})" if source is not None else None
    if source is None:
        source = walk[0]
        what = f"space {board.name_of(source)}"
    seen = set(board.distances(source))
    for cell in walk:
        if cell in seen:
            continue
        group = set(board.distances(cell))
        seen |= group
        more = f" (with {len(group) - 1} more space{'s' if len(group) > 2 else ''} cut off with it)" if len(group) > 1 else ""
        errors.error(board.pos_of(cell), f"space {board.name_of(cell)} cannot be reached from {what}{more}")


def _marker(board: BoardData, text: str, loc: list, errors: Collector, what: str, health: int = 1) -> Marker | None:
    pos = locate(board.raw, loc)
    text = str(text)
    if text in board.locations:
        fronts = board.fronts(text)
        return Marker(fronts[0], pos, health) if fronts else None
    cell = board.parse_space(text)
    if cell is None:
        names = list(board.locations) + (list(board.spec.nodes) if board.shape == "points" else [])
        example = "a node" if board.shape == "points" else "a space such as C7"
        errors.error(pos, f"{what}: '{text}' is neither a location{' (' + ', '.join(board.locations) + ')' if board.locations else ''}"
                          f" nor {example}{did_you_mean(text, names)}")
        return None
    if not board.on_board(cell):
        errors.error(pos, f"{what}: space {text} is off the board (columns A–{column_name(board.width - 1)}, "
                          f"rows 1–{board.height})")
        return None
    if not board.walkable(cell):
        errors.error(pos, f"{what}: space {text} is {board.space(cell)}, where no figure can stand "
                          f"(at {board.pos_of(cell)})")
        return None
    return Marker(cell, pos, health)


def _scenario(board: BoardData, i: int, errors: Collector) -> ResolvedScenario | None:
    s = board.spec.scenarios[i]
    placed, ok = [], True
    for j, p in enumerate(s.pieces):
        base = ["scenarios", i, "pieces", j]
        piece = board.spec.pieces[p.piece]
        health = p.health or piece.health
        name = piece.name or p.piece
        at = _marker(board, p.at, base + ["at"], errors, f"scenario '{s.id}', {name} {j + 1}", health)
        to = _marker(board, p.to, base + ["to"], errors, f"scenario '{s.id}', {name} {j + 1}'s goal") \
            if p.to is not None else None
        if at is None or (p.to is not None and to is None):
            ok = False
            continue
        placed.append(PlacedPiece(p.piece, at, to, health, locate(board.raw, base)))
    return ResolvedScenario(s, locate(board.raw, ["scenarios", i]), placed) if ok else None
