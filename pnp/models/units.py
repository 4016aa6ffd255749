"""Physical lengths: "63mm", "6.3cm", "2.5in", "12pt" → points.

Specs are written in millimetres by default (a bare number is mm); code works
in PostScript points (1/72 in).
"""
from __future__ import annotations

import math
import re

PT_PER = {"mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*([a-zA-Z%]*)\s*$")
MAX_LENGTH_PT = 14400.0  # 5 m: the largest poster anyone prints at home or in a shop
MIN_LENGTH_PT = 0.01  # a hundredth of a point: below anything a printer can show (only 0 itself is smaller)
MAX_PERCENT = 1000.0  # a box may reach past its card, but not by more than ten cards


def mm(value: float) -> float:
    """Millimetres → points."""
    return value * PT_PER["mm"]


def to_mm(points: float) -> float:
    return points / PT_PER["mm"]


def parse_length(value, default_unit: str = "mm", allow_percent: bool = False):
    """Parse a length; returns points, or ('%', fraction) for percentages when allowed.

    Raises ValueError with a message written for a designer.
    """
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 63mm, got {value!r}")
    if isinstance(value, int) and abs(value) > 10**9:
        raise ValueError(f"length {value} is too large (at most 5 m)")
    if isinstance(value, (int, float)):
        number, unit = float(value), default_unit
    elif isinstance(value, str):
        m = _LENGTH.match(value)
        if not m:
            raise ValueError(f"expected a length such as 63mm or 2.5in, got '{value}'")
        number, unit = float(m.group(1)), (m.group(2).lower() or default_unit)
    else:
        raise ValueError(f"expected a length such as 63mm, got {type(value).__name__}")
    if not math.isfinite(number):
        raise ValueError(f"length must be a finite number, got '{value}'")
    if unit == "%":
        if not allow_percent:
            raise ValueError(f"a percentage is not allowed here: '{value}'")
        if abs(number) > MAX_PERCENT:
            raise ValueError(f"percentage '{value}' is out of range (at most {MAX_PERCENT:g}%)")
        return ("%", number / 100.0)
    if unit not in PT_PER:
        from pnp.errors import did_you_mean

        raise ValueError(f"unknown unit '{unit}' in '{value}'{did_you_mean(unit, PT_PER)} (units: mm, cm, in, pt)")
    points = number * PT_PER[unit]
    if abs(points) > MAX_LENGTH_PT:
        raise ValueError(f"length '{value}' is too large (at most 5 m)")
    if 0 < abs(points) < MIN_LENGTH_PT:
        raise ValueError(f"length '{value}' is too small to print (at least {MIN_LENGTH_PT:g} pt, or 0)")
    return points
