"""Turning the text of a kind's `pnp build` flag into the value the kind reads.

Each function is a `KindOption.parse`: it gets the text given on the command line and
returns the value, or raises ValueError with a sentence saying what is allowed (the
command line turns it into a usage error naming the flag, exit code 2).
"""
from __future__ import annotations

import math


def back_offset(text: str) -> tuple[float, float]:
    """X,Y in millimetres (at most 20 each way) → points."""
    from pnp.models.units import mm

    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise ValueError("expected X,Y in millimetres, e.g. 0.5,-1") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError("X and Y must be finite numbers of millimetres, e.g. 0.5,-1")
    if abs(x) > 20 or abs(y) > 20:
        raise ValueError("an offset of more than 20 mm is not a printer misalignment")
    return mm(x), mm(y)


def gutter(text: str) -> str:
    """auto, or a length from 0 to 20 mm (kept as written: the deck reads it with the game's own)."""
    from pnp.models.units import mm, parse_length

    if text.strip().lower() == "auto":
        return "auto"
    try:
        width = parse_length(text.strip())
    except (ValueError, TypeError) as e:
        raise ValueError(f"{e} (use a length such as 3mm, 0, or auto)") from None
    if not 0 <= width <= mm(20):
        raise ValueError("a gutter is between 0 and 20mm")
    return text.strip()


def poster(text: str) -> str:
    """A paper name (a3 … a0) or WxH in millimetres, kept as written."""
    from pnp.geometry.tile import parse_paper

    parse_paper(text)
    return text
