"""Shared field types for spec models: lengths, colours, bounded numbers, and the strict base model.

Every number a spec gives is finite and of a sane size: NaN and infinities are
refused by the base model (`allow_inf_nan=False`), and each kind of number has
its own bounds, so nothing absurd reaches the drawing code.
"""
from __future__ import annotations

import math
import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from pnp.spec.units import MAX_LENGTH_PT, parse_length

_LENGTH_SCHEMA = {
    "anyOf": [
        {"type": "number", "description": "millimetres"},
        {"type": "string", "pattern": r"^\s*-?(\d+(\.\d+)?|\.\d+)\s*(mm|cm|in|pt)?\s*$"},
    ],
    "description": "a length: a number (mm) or a string with a unit: mm, cm, in, pt",
}


def _length(value: Any) -> float:
    return parse_length(value)


def _positive_length(value: Any) -> float:
    points = parse_length(value)
    if points <= 0:
        raise ValueError(f"must be greater than zero, got '{value}'")
    return points


def _nonneg_length(value: Any) -> float:
    points = parse_length(value)
    if points < 0:
        raise ValueError(f"must not be negative, got '{value}'")
    return points


Length = Annotated[float, BeforeValidator(_length), WithJsonSchema(_LENGTH_SCHEMA)]
PositiveLength = Annotated[float, BeforeValidator(_positive_length), WithJsonSchema(_LENGTH_SCHEMA)]
NonNegLength = Annotated[float, BeforeValidator(_nonneg_length), WithJsonSchema(_LENGTH_SCHEMA)]

MAX_NUMBER = 1e15  # a number a designer writes on a card (a score, a price): far beyond any game
MAX_DASHES = 16

# A rotation in degrees: a turn either way is every angle there is.
Angle = Annotated[float, Field(ge=-360, le=360)]
# A value written on a card, or a bound on one.
Number = Annotated[float, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
# A dash pattern: lengths in points, on and off in turn.
DashPattern = Annotated[list[Annotated[float, Field(ge=0, le=MAX_LENGTH_PT)]],
                        Field(min_length=1, max_length=MAX_DASHES)]


def check_number(value: int | float) -> int | float:
    """A card's number (from YAML or a CSV cell) as it is, or ValueError when it is not finite or absurdly large."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"must be a finite number, got {value!r}")
    if abs(value) > MAX_NUMBER:
        raise ValueError(f"is too large (at most {MAX_NUMBER:g}), got {value!r}")
    return value


NAMED_COLORS = {
    "black": "#000000", "white": "#ffffff", "grey": "#808080", "gray": "#808080",
    "lightgrey": "#d9d9d9", "lightgray": "#d9d9d9", "darkgrey": "#404040", "darkgray": "#404040",
    "red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f9d71c",
    "orange": "#ef6c00", "brown": "#6d4c41", "purple": "#6a1b9a", "cream": "#fbf6e9",
    "parchment": "#f3e9d2", "none": "none",
}
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def parse_color(value: Any) -> str:
    """A colour name or #rgb/#rrggbb → '#rrggbb' (or 'none')."""
    if not isinstance(value, str):
        raise ValueError(f"expected a colour such as '#1565c0' or 'black', got {value!r}")
    v = value.strip().lower()
    if v in NAMED_COLORS:
        return NAMED_COLORS[v]
    if _HEX.match(v):
        if len(v) == 4:
            v = "#" + "".join(c * 2 for c in v[1:])
        return v
    from pnp.errors import did_you_mean

    raise ValueError(f"unknown colour '{value}'{did_you_mean(v, NAMED_COLORS)} (use a name or #rrggbb)")


Color = Annotated[str, BeforeValidator(parse_color),
                  WithJsonSchema({"type": "string", "description": "a colour name or #rrggbb"})]


def _templated_color(value: Any) -> str:
    """A colour, or a Jinja2 template such as "{{ color }}" resolved per card."""
    if isinstance(value, str) and "{" in value:
        return value
    return parse_color(value)


TemplatedColor = Annotated[str, BeforeValidator(_templated_color),
                           WithJsonSchema({"type": "string", "description": "a colour name, #rrggbb, or a template like {{ color }}"})]


class Spec(BaseModel):
    """Base of every spec model: unknown keys are errors, never silently ignored; NaN and ±inf are refused."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=False, allow_inf_nan=False)
