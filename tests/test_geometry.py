"""The shared arc and curve maths: every circle pnp draws is only as round as these functions."""
import math

import pytest

from pnp.geometry.curves import (KAPPA, arc_path, arc_start, arc_to_cubics, cubic_points, ellipse_path,
                               quad_to_cubic, rect_path)


def _cubic_at(p0, c, t):
    """The point at t of the cubic from p0 with command c = ("C", x1, y1, x2, y2, x, y)."""
    p1, p2, p3 = c[1:3], c[3:5], c[5:7]
    u = 1 - t
    return tuple(u ** 3 * p0[i] + 3 * u * u * t * p1[i] + 3 * u * t * t * p2[i] + t ** 3 * p3[i] for i in (0, 1))


def _worst_radius_error(start, cubics, cx, cy, r):
    """The largest distance from the circle, relative to r, sampled along every cubic."""
    worst, p0 = 0.0, start
    for c in cubics:
        for i in range(41):
            x, y = _cubic_at(p0, c, i / 40)
            worst = max(worst, abs(math.hypot(x - cx, y - cy) - r) / r)
        p0 = c[5:7]
    return worst


def test_kappa_is_the_quarter_circle_handle():
    assert KAPPA == pytest.approx(4 / 3 * (math.sqrt(2) - 1), abs=1e-15)


@pytest.mark.parametrize("start,end", [(0, 90), (0, 360), (-90, 0), (30, 200), (10, -250)])
def test_arc_path_stays_within_three_hundredths_of_a_percent_of_the_radius(start, end):
    cx, cy, r = 12.0, -7.0, 40.0
    cubics = arc_path(cx, cy, r, start, end)
    assert _worst_radius_error(arc_start(cx, cy, r, start), cubics, cx, cy, r) < 0.0003
    assert cubics[-1][5:7] == pytest.approx(arc_start(cx, cy, r, end))


def test_arc_path_uses_one_cubic_per_quarter_turn_unless_told():
    assert len(arc_path(0, 0, 1, 0, 90)) == 1
    assert len(arc_path(0, 0, 1, 0, 91)) == 2
    assert len(arc_path(0, 0, 1, 0, 360)) == 4
    assert len(arc_path(0, 0, 1, 0, 90, segments=3)) == 3


def test_a_quarter_circle_has_kappa_long_handles():
    (_, x1, y1, x2, y2, x3, y3), = arc_path(0, 0, 10, 0, 90)
    assert (x1, y1) == pytest.approx((10, 10 * KAPPA))      # leaves 3 o'clock going down the page
    assert (x2, y2) == pytest.approx((10 * KAPPA, 10))
    assert (x3, y3) == pytest.approx((0, 10))               # arrives at 6 o'clock (clockwise, y down)


@pytest.mark.parametrize("angle", [0, 45, 90, 180, 270, -30, 725])
def test_arc_start_is_on_the_circle_at_that_angle(angle):
    x, y = arc_start(3, 4, 5, angle)
    assert math.hypot(x - 3, y - 4) == pytest.approx(5)
    assert math.atan2(y - 4, x - 3) == pytest.approx(math.atan2(math.sin(math.radians(angle)),
                                                                math.cos(math.radians(angle))))


def test_ellipse_path_is_four_closed_quarters_through_the_extremes():
    path = ellipse_path(50, 20, 30, 10)
    assert [c[0] for c in path] == ["M", "C", "C", "C", "C", "Z"]
    ends = [path[0][1:]] + [c[5:7] for c in path[1:5]]
    assert ends == [(80, 20), (50, 30), (20, 20), (50, 10), (80, 20)]
    assert _worst_radius_error((1.0, 0.0), ellipse_path(0, 0, 1, 1)[1:5], 0, 0, 1) < 0.0003


def test_rect_path_rounds_corners_and_clamps_radii():
    assert rect_path(0, 0, 0, 5) == []
    square = rect_path(1, 2, 3, 4)
    assert [c[0] for c in square] == ["M", "L", "L", "L", "Z"]
    rounded = rect_path(0, 0, 10, 4, rx=100, ry=100)   # clamped to half the sides
    assert [c[0] for c in rounded].count("C") == 4
    xs = [v for c in rounded for v in c[1::2]]
    ys = [v for c in rounded for v in c[2::2]]
    assert (min(xs), max(xs), min(ys), max(ys)) == (0, 10, 0, 4)


def test_svg_arc_half_circle_ends_exactly_and_stays_round():
    cubics = arc_to_cubics(0, 0, 5, 5, 0, False, True, 10, 0)
    assert cubics[-1][5:7] == (10, 0)
    assert len(cubics) == 2
    assert _worst_radius_error((0, 0), cubics, 5, 0, 5) < 0.0003


def test_svg_arc_radii_too_small_are_scaled_up_and_degenerate_arcs_are_lines():
    cubics = arc_to_cubics(0, 0, 1, 1, 0, False, True, 10, 0)   # radius 1 cannot span 10: becomes 5
    assert _worst_radius_error((0, 0), cubics, 5, 0, 5) < 0.0003
    assert arc_to_cubics(0, 0, 0, 3, 0, False, True, 4, 4) == [("L", 4, 4)]
    assert arc_to_cubics(2, 2, 3, 3, 0, False, True, 2, 2) == []


def test_svg_arc_flags_choose_the_side_and_the_size():
    def ys(cubics):
        return [v for c in cubics for v in c[2::2]]

    up = arc_to_cubics(0, 0, 10, 10, 0, False, True, 10, 0)      # sweep 1: clockwise on a y-down page
    down = arc_to_cubics(0, 0, 10, 10, 0, False, False, 10, 0)
    large = arc_to_cubics(0, 0, 10, 10, 0, True, True, 10, 0)
    assert len(up) == 1 and len(large) == 4                        # 60° and 300°, at most 90° a piece
    assert min(ys(up)) < 0 and max(ys(up)) <= 1e-9                # bulges up the page
    assert max(ys(down)) > 0 and min(ys(down)) >= -1e-9            # the other side
    assert min(ys(large)) < min(ys(up)) - 10                       # the long way round, past the centre


def test_quad_to_cubic_traces_the_same_curve():
    x0, y0, qx, qy, x, y = 0.0, 0.0, 5.0, 10.0, 10.0, 0.0
    c = quad_to_cubic(x0, y0, qx, qy, x, y)
    for t in (0.0, 0.25, 0.5, 0.9, 1.0):
        u = 1 - t
        quad = (u * u * x0 + 2 * u * t * qx + t * t * x, u * u * y0 + 2 * u * t * qy + t * t * y)
        assert _cubic_at((x0, y0), c, t) == pytest.approx(quad)


def test_cubic_points_samples_from_end_to_end():
    pts = cubic_points((0, 0), (0, 10), (10, 10), (10, 0), n=4)
    assert len(pts) == 5
    assert pts[0] == (0, 0) and pts[-1] == (10, 0)
    assert pts[2] == pytest.approx((5, 7.5))
