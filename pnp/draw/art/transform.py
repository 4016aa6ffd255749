"""SVG transforms as affine matrices, and mapping path commands through them."""
from __future__ import annotations

import math
import re

from pnp.draw.art.units import read_numbers

Matrix = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m ∘ n: apply n first, then m."""
    a, b, c, d, e, f = m
    return (a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3],
            a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f)


def translate(tx: float, ty: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, tx, ty)


def apply_point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def map_commands(commands, m: Matrix) -> list:
    """Every point of the path mapped by m; affine maps keep Béziers exact."""
    if m == IDENTITY:
        return list(commands)
    out = []
    for cmd in commands:
        coords = []
        for i in range(1, len(cmd), 2):
            coords.extend(apply_point(m, cmd[i], cmd[i + 1]))
        out.append((cmd[0], *coords))
    return out


_TRANSFORM_RE = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_ARITY = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}


def parse_transform(text: str) -> Matrix | None:
    """An SVG transform list as one matrix; None when any part is malformed."""
    m, pos = IDENTITY, 0
    while pos < len(text.rstrip()):
        match = _TRANSFORM_RE.match(text, pos)
        if not match:
            return None
        args = read_numbers(match.group(2))
        if args is None or len(args) not in _ARITY[match.group(1)]:
            return None
        m = mul(m, _transform_matrix(match.group(1), args))
        pos = match.end()
    return m


def _transform_matrix(kind: str, v: list[float]) -> Matrix:
    if kind == "matrix":
        return tuple(v)  # type: ignore[return-value]
    if kind == "translate":
        return translate(v[0], v[1] if len(v) > 1 else 0.0)
    if kind == "scale":
        return (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
    if kind == "rotate":
        a = math.radians(v[0])
        r = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0)
        if len(v) == 3:
            return mul(mul(translate(v[1], v[2]), r), translate(-v[1], -v[2]))
        return r
    if kind == "skewX":
        return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
    return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
