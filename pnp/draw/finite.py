"""The last line of defence against NaN and infinity in a drawing: the surfaces refuse them.

Every number of a spec or an art file is checked where it is read (pnp.models.types,
pnp.reading.load, pnp.draw.art), so a number that is not finite here is a bug in pnp,
not a mistake in a game. It stops the build as an internal error instead of being
written as `nan` or `inf` into a PDF or SVG that viewers and printers misread.
"""
from __future__ import annotations

import math


class NonFiniteNumber(RuntimeError):
    """Internal error: a drawing call received NaN or ±infinity."""


def require_finite(what: str, *values: float) -> None:
    """Raise NonFiniteNumber unless every value is finite (one sum: cheap on the drawing path)."""
    if not math.isfinite(sum(values)):
        raise NonFiniteNumber(f"internal error: {what} received a number that is not finite: {values!r}")
