"""Hex geometry as pure maths: sizes, neighbours, axial coordinates, and the map's bounding box."""
from __future__ import annotations

import itertools
import math

import pytest

from pnp.geometry.hexgrid import HexLayout, corners
from pnp.kinds.board.models.hexes import from_axial, neighbours, to_axial

SHAPES = list(itertools.product(("flat", "pointy"), ("odd", "even")))
AXIAL_DIRECTIONS = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_flat_to_flat_and_corner_to_corner(orientation):
    pts = corners(0, 0, 24.0, orientation)
    across_corners = [math.dist(pts[k], pts[k + 3]) for k in range(3)]
    mids = [((pts[k][0] + pts[(k + 1) % 6][0]) / 2, (pts[k][1] + pts[(k + 1) % 6][1]) / 2) for k in range(6)]
    across_flats = [math.dist(mids[k], mids[k + 3]) for k in range(3)]
    assert across_corners == pytest.approx([24.0 * 2 / math.sqrt(3)] * 3)
    assert across_flats == pytest.approx([24.0] * 3)
    sides = [math.dist(pts[k], pts[(k + 1) % 6]) for k in range(6)]
    assert sides == pytest.approx([24.0 / math.sqrt(3)] * 6)


@pytest.mark.parametrize("orientation,offset", SHAPES)
def test_neighbours_are_mutual_and_one_hex_apart(orientation, offset):
    lay = HexLayout(20.0, orientation, offset, 6, 7)
    for r, c in itertools.product(range(6), range(7)):
        near = neighbours((r, c), orientation, offset)
        assert len(set(near)) == 6
        for n in near:
            assert (r, c) in neighbours(n, orientation, offset)
            if 0 <= n[0] < 6 and 0 <= n[1] < 7:  # touching hexes: centres one flat-to-flat apart
                assert math.dist(lay.centre(r, c), lay.centre(*n)) == pytest.approx(20.0)


@pytest.mark.parametrize("orientation,offset", SHAPES)
def test_axial_round_trip_and_directions(orientation, offset):
    for r, c in itertools.product(range(-3, 8), range(-3, 8)):
        q, ar = to_axial((r, c), orientation, offset)
        assert from_axial(q, ar, orientation, offset) == (r, c)
        steps = {(nq - q, nr - ar) for nq, nr in (to_axial(n, orientation, offset)
                                                 for n in neighbours((r, c), orientation, offset))}
        assert steps == AXIAL_DIRECTIONS


@pytest.mark.parametrize("orientation,offset", SHAPES)
def test_bounding_box_touches_the_outer_corners(orientation, offset):
    lay = HexLayout(16.0, orientation, offset, 5, 4)
    w, h = lay.size()
    pts = [p for r in range(5) for c in range(4) for p in lay.hex_corners(r, c)]
    assert min(x for x, _ in pts) == pytest.approx(0, abs=1e-9) and min(y for _, y in pts) == pytest.approx(0, abs=1e-9)
    assert max(x for x, _ in pts) == pytest.approx(w) and max(y for _, y in pts) == pytest.approx(h)
