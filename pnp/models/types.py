"""Shared field types for spec models: lengths, colours, bounded numbers, and the strict base model.

Every number a spec gives is finite and of a sane size: NaN and infinities are
refused by the base model (`allow_inf_nan=False`), and each kind of number has
its own bounds, so nothing absurd reaches the drawing code.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, WithJsonSchema, model_validator
from pydantic_core import PydanticCustomError

from pnp.errors import Pos
from pnp.models.units import MAX_LENGTH_PT, parse_length

# The one rule for bare numbers, repeated by the errors and docs/reference.md.
BARE_NUMBERS = "a bare number is millimetres for positions and lengths, points for font sizes and stroke widths"
QUOTE_HASH = "a value that starts with # must be quoted, as in \"#0d47a1\": unquoted, YAML reads it as a comment"

_UNIT_PATTERN = r"^\s*-?(\d+(\.\d+)?|\.\d+)\s*(mm|cm|in|pt)?\s*$"
_LENGTH_SCHEMA = {
    "anyOf": [
        {"type": "number", "description": "millimetres"},
        {"type": "string", "pattern": _UNIT_PATTERN},
    ],
    "description": "a length: a number (mm) or a string with a unit: mm, cm, in, pt",
}
_POINTS_SCHEMA = {
    "anyOf": [
        {"type": "number", "description": "points"},
        {"type": "string", "pattern": _UNIT_PATTERN},
    ],
    "description": "a size: a number (points) or a string with a unit: pt, mm, cm, in",
}


def _in(unit: str, check):
    """A length validator for bare numbers in `unit` that says the rule when the value is wrong."""

    def parse(value: Any) -> float:
        try:
            points = parse_length(value, default_unit=unit)
        except ValueError as e:
            raise ValueError(f"{e} ({BARE_NUMBERS})") from None
        problem = check(points)
        if problem:
            raise ValueError(f"{problem}, got '{value}'")
        return points

    return parse


def _any(points: float) -> str:
    return ""


def _positive(points: float) -> str:
    return "must be greater than zero" if points <= 0 else ""


def _nonneg(points: float) -> str:
    return "must not be negative" if points < 0 else ""


_length, _positive_length, _nonneg_length = _in("mm", _any), _in("mm", _positive), _in("mm", _nonneg)

Length = Annotated[float, BeforeValidator(_length), WithJsonSchema(_LENGTH_SCHEMA)]
PositiveLength = Annotated[float, BeforeValidator(_positive_length), WithJsonSchema(_LENGTH_SCHEMA)]
NonNegLength = Annotated[float, BeforeValidator(_nonneg_length), WithJsonSchema(_LENGTH_SCHEMA)]
# Font sizes and stroke widths: a bare number is points, as in every program that sets type.
PositivePoints = Annotated[float, BeforeValidator(_in("pt", _positive)), WithJsonSchema(_POINTS_SCHEMA)]
NonNegPoints = Annotated[float, BeforeValidator(_in("pt", _nonneg)), WithJsonSchema(_POINTS_SCHEMA)]

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
        raise ValueError(f"is too large (at most {MAX_NUMBER:g}), got {_short_number(value)}")
    return value


def _short_number(value: int | float) -> str:
    """A number as a message shows it: an integer of 300 digits (1e308 read from a spreadsheet) as 1e+308."""
    text = repr(value)
    if len(text) <= 24:
        return text
    digits = len(str(abs(int(value))))
    return f"{'-' if value < 0 else ''}{str(abs(int(value)))[0]}e+{digits - 1} ({digits} digits)"


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
    if value is None or (isinstance(value, str) and not value.strip()):
        raise ValueError(f"is empty: expected a colour such as \"#1565c0\" or black ({QUOTE_HASH})")
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

    if _HEX_ALPHA.match(v):
        raise ValueError(f"the colour '{value}' has an opacity (its last two digits), which only a shape's "
                         "`fill` and a gradient's stops take; here use #rrggbb, and `opacity:` for a see-through box")
    raise ValueError(f"unknown colour '{value}'{did_you_mean(v, NAMED_COLORS)} (use a name or #rrggbb)")


_HEX_ALPHA = re.compile(r"^#([0-9a-fA-F]{4}|[0-9a-fA-F]{8})$")


def parse_color_with_alpha(value: Any) -> str:
    """A colour that may be see-through: what `parse_color` takes, or #rgba/#rrggbbaa → '#rrggbbaa'
    ('#rrggbb' when it is opaque). Only where the outputs draw it: a gradient's stops, a shape's fill."""
    v = value.strip().lower() if isinstance(value, str) else value
    if isinstance(v, str) and _HEX_ALPHA.match(v):
        if len(v) == 5:
            v = "#" + "".join(c * 2 for c in v[1:])
        return v[:7] if v.endswith("ff") else v
    return parse_color(value)


Color = Annotated[str, BeforeValidator(parse_color),
                  WithJsonSchema({"type": "string", "description": "a colour name or #rrggbb"})]


def _templated_color(value: Any) -> str:
    """A colour, or a Jinja2 template such as "{{ color }}" resolved per card."""
    if isinstance(value, str) and "{" in value:
        return value
    return parse_color(value)


TemplatedColor = Annotated[str, BeforeValidator(_templated_color),
                           WithJsonSchema({"type": "string", "description": "a colour name, #rrggbb, or a template like {{ color }}"})]


def _templated_see_through(value: Any) -> str:
    if isinstance(value, str) and "{" in value:
        return value
    return parse_color_with_alpha(value)


# A shape's fill: it may be see-through (#rrggbbaa), drawn as the colour at that opacity.
SeeThroughColor = Annotated[str, BeforeValidator(_templated_see_through),
                            WithJsonSchema({"type": "string", "description": "a colour name, #rrggbb, #rrggbbaa "
                                                                             "(see-through), or a template like "
                                                                             "{{ color }}"})]


@dataclass(frozen=True)
class NeedsValue:
    """Marks a field (in `Annotated[…]`) that may be left out but not written without a value."""

    what: str


# Text that may be left out, but not written empty (`text: #1 rule` is a key and a comment).
Text = Annotated[str, NeedsValue("text")]

# A name, title or label printed on a component and in the rulebook's list of components: a pasted-in
# novel of one word (100,000 characters) cost reportlab seconds per line break, minutes in all.
MAX_LINE = 200
Line = Annotated[str, Field(max_length=MAX_LINE)]

_NEEDS_VALUE = {parse_color: "a colour", _templated_color: "a colour", parse_color_with_alpha: "a colour",
                _templated_see_through: "a colour", _length: "a length",
                _positive_length: "a length", _nonneg_length: "a length"}


def _what_is_needed(annotation: Any, metadata: list) -> str | None:
    """"a colour" or "a length" when a field holds one (even an optional one), else None."""
    import typing

    for item in metadata:
        if isinstance(item, NeedsValue):
            return item.what
        func = getattr(item, "func", None)
        if func in _NEEDS_VALUE:
            return _NEEDS_VALUE[func]
        if getattr(item, "json_schema", None) is _POINTS_SCHEMA:
            return "a size"
    for arg in typing.get_args(annotation):
        found = _what_is_needed(arg, list(getattr(arg, "__metadata__", ())))
        if found:
            return found
    return None


class Spec(BaseModel):
    """Base of every spec model: unknown keys are errors, never silently ignored; NaN and ±inf are refused.

    A key written with no value where a colour or a length belongs is an error, not "not set": it is
    most often `background: #0d47a1` unquoted, which YAML reads as a key and a comment.
    """

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=False, allow_inf_nan=False)

    # Where the model and each of its keys were written (file:line:col), kept from the loaded tree
    # so that a referee, an export or the rulebook can point at a value without re-reading files.
    # Only the loader's position tables are kept, not the tree itself (a large deck frees its tree).
    _origin: Pos | None = PrivateAttr(default=None)
    _key_pos: dict | None = PrivateAttr(default=None)
    _value_pos: dict | None = PrivateAttr(default=None)

    @model_validator(mode="wrap")
    @classmethod
    def _remember_positions(cls, data: Any, handler: Any) -> Any:
        model = handler(data)
        origin = getattr(data, "pos", None)
        if isinstance(model, Spec) and isinstance(origin, Pos) and isinstance(data, dict):
            model._origin = origin
            model._key_pos = getattr(data, "key_pos", None)
            model._value_pos = getattr(data, "value_pos", None)
        return model

    def position(self, field: str | None = None, key: bool = False) -> Pos | None:
        """Where this model was written, or one of its fields (its value; its key with `key=True`).

        A field the spec left out (a default) is located at the model itself; a model built in
        code rather than loaded from a file has no position (None)."""
        if field is None or self._value_pos is None:
            return self._origin
        info = type(self).model_fields.get(field)
        name = (info.alias if info is not None and info.alias else field)
        table = self._key_pos if key else self._value_pos
        return (table or {}).get(name, self._origin)

    @model_validator(mode="before")
    @classmethod
    def _no_empty_values(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        empty = []
        for key, value in data.items():
            if value is None:
                field = cls.model_fields.get(key) if isinstance(key, str) else None
                needed = field and _what_is_needed(field.annotation, field.metadata)
                if needed:
                    empty.append((key, needed))
        if empty:
            raise PydanticCustomError("empty_value", "a key without a value", {"keys": empty})
        return data
