"""Typed card field values: what a cell or a YAML value means for a declared field, and where a
face's layout name comes from. Shared by the deck loader and the tabular data readers."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pnp.errors import Pos, did_you_mean
from pnp.kinds.deck.models import FieldDef
from pnp.models.types import check_number
from pnp.models.retiredicons import icon_hint


@dataclass(frozen=True)
class LayoutRef:
    """Where a face's layout comes from: a name, or a template giving one, and where it is written."""

    text: str
    pos: Pos
    shared: bool = False  # written once for many cards (on the deck, or a data entry), not on this card


def blank_value(d: FieldDef) -> Any:
    """What an empty cell means: the declared default, else nothing of the field's type."""
    if d.default is not None:
        return d.default
    return {"text": "", "bool": False, "icons": [], "list": []}.get(d.type)


def convert_field(d: FieldDef, value: Any, known_icons: set[str]) -> tuple[bool, Any, str]:
    """(ok, converted value, message): the value typed as its declaration says."""
    if value is None:
        return True, None, ""
    try:
        if d.type == "int":
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            value = int(str(value).strip()) if isinstance(value, str) else int(value)
        elif d.type == "number":
            if isinstance(value, bool):
                raise ValueError
            if isinstance(value, str) and _WITH_UNIT.match(value.strip()):
                return False, None, f"must be a number, got {value!r} (a length? declare the field `type: length`)"
            value = float(value)
        elif d.type == "length":
            value = _length_mm(value)
        elif d.type == "bool":
            if isinstance(value, str):
                if value.strip().lower() not in ("true", "false", "yes", "no", "1", "0", ""):
                    raise ValueError
                value = value.strip().lower() in ("true", "yes", "1")
            elif isinstance(value, (int, float)) and not isinstance(value, bool) and value in (0, 1):
                value = bool(value)  # a spreadsheet's 1 or 0
            elif not isinstance(value, bool):
                raise ValueError
        elif d.type == "text":
            if isinstance(value, (dict, list)):
                raise ValueError
            value = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
        elif d.type in ("icons", "list"):
            if isinstance(value, str):
                value = [v for v in value.replace(",", " ").split() if v] if d.type == "icons" else [value]
            if not isinstance(value, list):
                raise ValueError
    except (ValueError, TypeError):
        kind = {"int": "a whole number", "number": "a number", "bool": "true or false (or yes, no)", "text": "text",
                "length": "a length such as 12mm, 1.5cm, 0.5in or 9pt (a bare number is mm)",
                "icons": "a list of icon names", "list": "a list"}.get(d.type, d.type)
        return False, None, f"must be {kind}, got {value!r}"
    if d.type in ("int", "number", "length"):
        try:
            check_number(value)
        except ValueError as e:
            return False, None, str(e)
        if d.min is not None and value < d.min:
            return False, None, f"must be at least {d.min:g}, got {value}"
        if d.max is not None and value > d.max:
            return False, None, f"must be at most {d.max:g}, got {value}"
    if d.choices is not None and d.type == "text" and value not in d.choices:
        return False, None, f"must be one of {', '.join(d.choices)}, got '{value}'{did_you_mean(value, d.choices)}"
    if d.type == "icons":
        for name in value:
            if not isinstance(name, str) or name not in known_icons:
                return False, None, f"names unknown icon '{name}'{icon_hint(str(name), known_icons)}"
    return True, value, ""


_WITH_UNIT = re.compile(r"^-?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)$", re.IGNORECASE)


def _length_mm(value: Any) -> float | int:
    """A length field's value in millimetres ("12mm", "1in", "9pt"; a bare number is mm)."""
    from pnp.models.units import parse_length, to_mm

    mm = round(to_mm(parse_length(value.strip() if isinstance(value, str) else value)), 4)
    return int(mm) if mm.is_integer() else mm
