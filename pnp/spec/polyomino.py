"""Polyominoes on grids: text pictures → cells, connectivity, and fast placement with bitmasks.

A shape is written as rows of text, '#' a square and '.' an empty spot:
["##", "#."]. Cells are (column, row) pairs from the top-left, zero-based.
A `Board` packs a grid into one Python int (one bit per cell, plus a zero
padding column so a shift never wraps a shape into the next row); finding
every legal place for a shape is then a handful of shifts and ANDs per
square of the shape, not a loop over the grid. The referee's simulator and
the random city generator both rely on this.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

Cell = tuple[int, int]
FILLED, EMPTY = "#", "."


# --------------------------------------------------------------------------- text pictures

def picture_problems(rows: list[str]) -> list[tuple[int | None, str]]:
    """What is wrong with a shape picture, as (row index or None, message); empty when fine."""
    if not rows:
        return [(None, "a shape needs at least one row, e.g. [\"##\", \"#.\"]")]
    out: list[tuple[int | None, str]] = []
    width = len(rows[0])
    for i, row in enumerate(rows):
        bad = sorted({ch for ch in row if ch not in (FILLED, EMPTY)})
        if bad:
            out.append((i, f"unknown character {', '.join(repr(b) for b in bad)} in shape row {i + 1} "
                           f"(use '{FILLED}' for a square and '{EMPTY}' for an empty spot)"))
        elif len(row) != width:
            out.append((i, f"shape rows must all be as long: row {i + 1} has {len(row)} characters, "
                           f"row 1 has {width}"))
    if out:
        return out
    cells = picture_cells(rows)
    if not cells:
        return [(None, f"a shape needs at least one '{FILLED}'")]
    if not is_connected(cells):
        parts = components(cells)
        cut = sorted(min(parts, key=len))
        return [(None, f"shape is not connected: it falls into {len(parts)} parts; the square(s) at "
                       f"{', '.join(f'row {r + 1} column {c + 1}' for c, r in cut)} touch the rest "
                       f"only at a corner or not at all (squares must share an edge)")]
    return []


def picture_cells(rows: list[str]) -> frozenset[Cell]:
    """The filled squares of a picture, as (column, row), normalised to the top-left."""
    return normalize((c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == FILLED)


def picture(cells) -> list[str]:
    """Cells → a text picture (the inverse of `picture_cells`)."""
    cells = normalize(cells)
    w, h = extent(cells)
    return ["".join(FILLED if (c, r) in cells else EMPTY for c in range(w)) for r in range(h)]


def normalize(cells) -> frozenset[Cell]:
    cells = list(cells)
    if not cells:
        return frozenset()
    c0 = min(c for c, _ in cells)
    r0 = min(r for _, r in cells)
    return frozenset((c - c0, r - r0) for c, r in cells)


def extent(cells) -> tuple[int, int]:
    """(width, height) of the bounding box."""
    if not cells:
        return (0, 0)
    return (max(c for c, _ in cells) - min(c for c, _ in cells) + 1,
            max(r for _, r in cells) - min(r for _, r in cells) + 1)


def components(cells) -> list[set[Cell]]:
    """Edge-connected parts of a set of cells."""
    left, parts = set(cells), []
    while left:
        stack = [left.pop()]
        part = set(stack)
        while stack:
            c, r = stack.pop()
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if n in left:
                    left.remove(n)
                    part.add(n)
                    stack.append(n)
        parts.append(part)
    return parts


def is_connected(cells) -> bool:
    return len(components(cells)) <= 1


def shifted(cells, at: Cell) -> frozenset[Cell]:
    return frozenset((c + at[0], r + at[1]) for c, r in cells)


# --------------------------------------------------------------------------- bit boards

@dataclass(frozen=True)
class Board:
    """A cols × rows grid as bits: cell (c, r) is bit r * stride + c, stride = cols + 1."""

    cols: int
    rows: int

    @property
    def stride(self) -> int:
        return self.cols + 1

    @property
    def full(self) -> int:
        return _full(self.cols, self.rows)

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[1] * self.stride + cell[0])

    def mask(self, cells, at: Cell = (0, 0)) -> int:
        m = 0
        for c, r in cells:
            m |= 1 << ((r + at[1]) * self.stride + c + at[0])
        return m

    def cells(self, mask: int) -> list[Cell]:
        out = []
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append((i % self.stride, i // self.stride))
            mask ^= low
        return out

    def inside(self, cells, at: Cell = (0, 0)) -> bool:
        return all(0 <= c + at[0] < self.cols and 0 <= r + at[1] < self.rows for c, r in cells)

    def neighbours(self, mask: int) -> int:
        """Cells edge-adjacent to `mask`, inside the board, not in `mask`."""
        s = self.stride
        return ((mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & self.full & ~mask

    def component(self, mask: int, seed: int) -> int:
        """The edge-connected part of `mask` holding the bits of `seed` (flood fill by shifts)."""
        part = seed & mask
        while True:
            grown = (part | self.neighbours(part)) & mask
            if grown == part:
                return part
            part = grown

    def origin(self, bit_index: int) -> Cell:
        return (bit_index % self.stride, bit_index // self.stride)


@lru_cache(maxsize=None)
def _full(cols: int, rows: int) -> int:
    row = (1 << cols) - 1
    m = 0
    for r in range(rows):
        m |= row << (r * (cols + 1))
    return m


@dataclass(frozen=True)
class Piece:
    """A shape prepared for one board: its bit offsets and where its top-left may go."""

    cells: frozenset
    mask: int          # the shape at origin (0, 0)
    offsets: tuple     # bit index of each square
    origins: int       # bits of every top-left that keeps the shape on the board

    @property
    def size(self) -> int:
        return len(self.offsets)


@lru_cache(maxsize=50_000)
def prepare(board: Board, cells: frozenset) -> Piece:
    w, h = extent(cells)
    offsets = tuple(sorted(r * board.stride + c for c, r in cells))
    origins = 0
    if w <= board.cols and h <= board.rows:
        origins = _full(board.cols - w + 1, board.rows - h + 1)
        origins = _respace(origins, board.cols - w + 1, board.rows - h + 1, board.stride)
    return Piece(cells, board.mask(cells), offsets, origins)


def _respace(mask: int, cols: int, rows: int, stride: int) -> int:
    """A mask laid out with stride cols + 1 → the same cells with `stride`."""
    out = 0
    row = (1 << cols) - 1
    for r in range(rows):
        out |= ((mask >> (r * (cols + 1))) & row) << (r * stride)
    return out


def legal_origins(board: Board, piece: Piece, occupied: int, touch: int | None = None) -> int:
    """Bits of every top-left where `piece` fits on free cells (and, given `touch`, covers one of its cells).

    One shift per square instead of one test per position: bit k of `free >> d`
    says whether the cell d past k is free, so ANDing over the squares leaves
    exactly the origins where all of them are.
    """
    free = board.full & ~occupied
    fit = piece.origins
    for d in piece.offsets:
        fit &= free >> d
        if not fit:
            return 0
    if touch is None:
        return fit
    near = 0
    for d in piece.offsets:
        near |= touch >> d
    return fit & near


def can_cover(board: Board, target: frozenset, shapes: list[frozenset], blocked: frozenset = frozenset(),
              limit: int = 20_000) -> bool:
    """Can non-overlapping placements of `shapes` (any number, each as drawn) cover every target cell?"""
    pieces = [prepare(board, s) for s in set(shapes)]
    target_mask = board.mask(target)
    budget = [limit]

    def search(covered: int) -> bool:
        left = target_mask & ~covered
        if not left:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        cell = left & -left  # the first uncovered target square
        index = cell.bit_length() - 1
        for p in pieces:
            for d in p.offsets:
                k = index - d
                if k < 0 or not (p.origins >> k) & 1:
                    continue
                placed = p.mask << k
                if placed & covered or placed & blocked_mask:
                    continue
                if search(covered | placed):
                    return True
        return False

    blocked_mask = board.mask(blocked)
    return search(0)


# --------------------------------------------------------------------------- a random city

def city_pool(max_cells: int = 5) -> list[frozenset]:
    """Every fixed polyomino (orientation counts) of 2..max_cells squares: the pieces a city is built from."""
    found = {frozenset({(0, 0)})}
    level = set(found)
    pool: list[frozenset] = []
    for _ in range(2, max_cells + 1):
        nxt = set()
        for shape in level:
            for c, r in shape:
                for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                    if n not in shape:
                        nxt.add(normalize(shape | {n}))
        level = nxt
        pool.extend(sorted(nxt, key=lambda s: picture(s)))
    return pool


def piece_points(cells) -> int:
    """How much a city piece is worth: one per square beyond the first, one more if it has a notch
    (it does not fill its bounding box), so awkward pieces pay better."""
    w, h = extent(cells)
    return len(cells) - 1 + (1 if w * h > len(cells) else 0)


@dataclass(frozen=True)
class City:
    pieces: tuple      # ((cells frozenset, (col, row), points), ...)
    bonus: tuple       # ((col, row), ...)


def random_city(cols: int, rows: int, starting_shapes: list[frozenset], rng: random.Random,
                pieces: int = 18, bonus: int = 5, max_cells: int = 5) -> City:
    """A city for one sheet: `pieces` non-overlapping pieces, each coverable by the starting shapes,
    with an empty street square between pieces, and `bonus` squares on empty street cells."""
    board = Board(cols, rows)
    pool = [s for s in city_pool(max_cells) if len(s) >= 2]
    placed: list = []
    taken = 0          # piece cells
    halo = 0           # piece cells and their neighbours: a new piece keeps a street between
    tries = 0
    while len(placed) < pieces and tries < pieces * 60:
        tries += 1
        cells = pool[rng.randrange(len(pool))]
        piece = prepare(board, cells)
        spots = legal_origins(board, piece, halo)
        if not spots:
            continue
        k = nth_bit(spots, rng.randrange(spots.bit_count()))
        at = board.origin(k)
        where = shifted(cells, at)
        if not can_cover(board, where, starting_shapes):
            continue
        mask = piece.mask << k
        taken |= mask
        halo |= mask | board.neighbours(mask)
        placed.append((cells, at, piece_points(cells)))
    streets = board.cells(board.full & ~taken)
    rng.shuffle(streets)
    marks = tuple(sorted(streets[:bonus], key=lambda c: (c[1], c[0])))
    placed.sort(key=lambda p: (p[1][1], p[1][0]))
    return City(tuple(placed), marks)


def nth_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (0-based) of `mask`."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
