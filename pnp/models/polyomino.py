"""Polyominoes on grids: text pictures → cells, connectivity, and fast placement with bitmasks.

A shape is written as rows of text, '#' a square and '.' an empty spot:
["##", "#."]. Cells are (column, row) pairs from the top-left, zero-based.
A `Board` packs a grid into one Python int (one bit per cell, plus a zero
padding column so a shift never wraps a shape into the next row); finding
every legal place for a shape is then a handful of shifts and ANDs per
square of the shape, not a loop over the grid. The referee's simulator and
the random layouts of roll-and-write sheets both rely on this.
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


# --------------------------------------------------------------------------- random layouts

MAX_SQUARES = 8  # every shape of up to 8 squares is 3,792 pictures: enough for any sheet, quick to list


@lru_cache(maxsize=None)
def every_shape(fewest: int, most: int) -> tuple[frozenset, ...]:
    """Every fixed shape (each orientation its own: shapes are never turned) of `fewest`..`most` squares,
    smallest first, each size in the order of its pictures."""
    if not 1 <= fewest <= most <= MAX_SQUARES:
        raise ValueError(f"shape sizes {fewest}..{most} outside 1..{MAX_SQUARES}")
    single = frozenset({(0, 0)})
    out: list[frozenset] = [single] if fewest <= 1 else []
    level = {single}
    for size in range(2, most + 1):
        nxt = set()
        for shape in level:
            for c, r in shape:
                for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                    if n not in shape:
                        nxt.add(normalize(shape | {n}))
        level = nxt
        if size >= fewest:
            out.extend(sorted(nxt, key=lambda s: picture(s)))
    return tuple(out)


def has_notch(cells) -> bool:
    """Whether a shape leaves part of its bounding box empty (an L, a T), rather than filling it (a bar, a square)."""
    w, h = extent(cells)
    return w * h > len(cells)


@dataclass(frozen=True)
class Placed:
    """What `random_layout` placed: the pieces, then the squares of each mark."""

    pieces: tuple      # ((cells frozenset, (col, row)), ...) in reading order of their top-left
    marks: tuple       # ((mark name, ((col, row), ...)), ...) on squares no piece covers


def random_layout(cols: int, rows: int, shapes: list[frozenset], rng: random.Random, pieces: int,
                  marks: list[tuple[str, int]] = (), apart: bool = True,
                  coverable_by: list[frozenset] | None = None) -> Placed:
    """Up to `pieces` non-overlapping shapes drawn from `shapes` at random free places (with `apart`,
    never sharing an edge: an empty square between them; with `coverable_by`, only where copies of
    those shapes, not overlapping, could cover every square of the piece on the board), then each mark's count of squares drawn from the empty
    squares, in the order given. The same `rng` state gives the same layout."""
    board = Board(cols, rows)
    placed: list = []
    taken = 0          # cells of placed pieces
    blocked = 0        # cells a new piece may not use: the pieces, and with `apart` their neighbours
    tries = 0
    while len(placed) < pieces and tries < pieces * 60:
        tries += 1
        cells = shapes[rng.randrange(len(shapes))]
        piece = prepare(board, cells)
        spots = legal_origins(board, piece, blocked)
        if not spots:
            continue
        k = nth_bit(spots, rng.randrange(spots.bit_count()))
        at = board.origin(k)
        if coverable_by is not None and not can_cover(board, shifted(cells, at), coverable_by):
            continue
        mask = piece.mask << k
        taken |= mask
        blocked |= mask | (board.neighbours(mask) if apart else 0)
        placed.append((cells, at))
    empty = board.cells(board.full & ~taken)
    rng.shuffle(empty)
    drawn, start = [], 0
    for name, count in marks:
        drawn.append((name, tuple(sorted(empty[start:start + count], key=lambda c: (c[1], c[0])))))
        start += count
    placed.sort(key=lambda p: (p[1][1], p[1][0]))
    return Placed(tuple(placed), tuple(drawn))


def nth_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (0-based) of `mask`."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
