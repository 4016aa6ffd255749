"""Hex neighbours and coordinates on an offset text map: pure arithmetic on (row, column).

A hex map is written like a square one, one character per hex, row by row. With flat-top hexes the
columns are shoved (every odd or even column sits half a hex lower); with pointy-top hexes the rows
(every odd or even row sits half a hex to the right). Axial coordinates (q, r) are derived from
that offset layout (redblobgames' conventions), so a designer may label hexes either way.
"""
from __future__ import annotations

Cell = tuple[int, int]


def _shoved(index: int, offset: str) -> bool:
    return index % 2 == (1 if offset == "odd" else 0)


def neighbours(cell: Cell, orientation: str, offset: str) -> list[Cell]:
    """The six cells touching `cell`, in clockwise order from the top (flat) or top-right (pointy)."""
    r, c = cell
    if orientation == "flat":
        low = _shoved(c, offset)                 # this column sits half a hex lower
        up, down = (r, r + 1) if low else (r - 1, r)
        return [(r - 1, c), (up, c + 1), (down, c + 1), (r + 1, c), (down, c - 1), (up, c - 1)]
    right = _shoved(r, offset)                   # this row sits half a hex to the right
    left_c, right_c = (c, c + 1) if right else (c - 1, c)
    return [(r - 1, right_c), (r, c + 1), (r + 1, right_c), (r + 1, left_c), (r, c - 1), (r - 1, left_c)]


def to_axial(cell: Cell, orientation: str, offset: str) -> tuple[int, int]:
    """Offset (row, column) → axial (q, r)."""
    row, col = cell
    if orientation == "flat":
        parity = col & 1
        shift = (col + parity) // 2 if offset == "even" else (col - parity) // 2
        return col, row - shift
    parity = row & 1
    shift = (row + parity) // 2 if offset == "even" else (row - parity) // 2
    return col - shift, row


def from_axial(q: int, r: int, orientation: str, offset: str) -> Cell:
    """Axial (q, r) → offset (row, column); the inverse of `to_axial`."""
    if orientation == "flat":
        col = q
        parity = col & 1
        shift = (col + parity) // 2 if offset == "even" else (col - parity) // 2
        return r + shift, col
    row = r
    parity = row & 1
    shift = (row + parity) // 2 if offset == "even" else (row - parity) // 2
    return row, q + shift
