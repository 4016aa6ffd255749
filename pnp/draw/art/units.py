"""Numbers and lengths as SVG writes them, checked against MAX_NUMBER."""
from __future__ import annotations

import re

from pnp.draw.art.limits import MAX_NUMBER, OutOfRange

NUM = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
NUM_RE = re.compile(NUM)
_UNIT_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0,
            "em": 16.0, "ex": 8.0}


def read_number(text: str) -> float:
    """One number of the file; OutOfRange when it is not finite or absurdly large."""
    value = float(text)
    if not abs(value) <= MAX_NUMBER:
        raise OutOfRange(text)
    return value


def read_numbers(text: str) -> list[float] | None:
    """Numbers separated by spaces and/or commas; None if anything else is there."""
    if NUM_RE.sub(" ", text).replace(",", " ").strip():
        return None
    return [read_number(n) for n in NUM_RE.findall(text)]


def read_length(text: str | None) -> float | None:
    """A number with an optional absolute unit, in px (user units); None if not one."""
    m = re.fullmatch(rf"\s*({NUM})\s*([a-zA-Z]*)\s*", text or "")
    if not m or m.group(2).lower() not in _UNIT_PX:
        return None
    return read_number(m.group(1)) * _UNIT_PX[m.group(2).lower()]


def fmt_number(v: float) -> str:
    """A number as a message shows it (no trailing zeros)."""
    return f"{v:g}"
