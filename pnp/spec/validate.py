"""Run a pydantic model over a loaded tree and turn its errors into located ones."""
from __future__ import annotations

import types
import typing
from typing import Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from pnp.errors import Collector, SpecErrors, did_you_mean
from pnp.spec.load import LDict, LList, locate

M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], raw: Any, errors: Collector | None = None, prefix: tuple = ()) -> M | None:
    """Validate `raw` as `model`. Errors go to `errors` (or are raised together)."""
    own = errors is None
    errors = errors or Collector()
    try:
        result = model.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            loc = _clean_loc(raw, err["loc"])
            is_extra = err["type"] == "extra_forbidden"
            pos = locate(raw, loc, key=is_extra)
            errors.error(pos, _message(model, raw, loc, err))
        result = None
    if own:
        errors.raise_if_any()
    return result


def _clean_loc(raw: Any, loc: tuple) -> tuple:
    """Drop union-branch names pydantic inserts into a location (they are not keys)."""
    out, node = [], raw
    for step in loc:
        if isinstance(node, LDict):
            match = next((k for k in node if k == step or str(k) == str(step)), None)
            if match is None:
                if step == loc[-1]:
                    out.append(step)
                continue
            out.append(match)
            node = node[match]
        elif isinstance(node, LList) and isinstance(step, int):
            out.append(step)
            node = node[step] if 0 <= step < len(node) else None
        else:
            if step == loc[-1] and not isinstance(node, (LDict, LList)):
                break
            out.append(step)
            node = None
    return tuple(out)


def _message(model: type[BaseModel], raw: Any, loc: tuple, err: dict) -> str:
    kind, msg = err["type"], err["msg"]
    name = str(loc[-1]) if loc else ""
    got = err.get("input")
    if kind == "extra_forbidden":
        allowed = _fields_at(model, loc[:-1])
        return f"unknown key '{name}'{did_you_mean(name, allowed)}" + (f" (allowed: {', '.join(sorted(allowed))})" if allowed and len(allowed) <= 12 else "")
    if kind == "missing":
        return f"missing required key '{name}'"
    if kind in ("int_parsing", "int_type", "float_parsing", "float_type", "int_from_float"):
        return f"'{name}' must be a {'whole ' if 'int' in kind else ''}number, got {_show(got)}"
    if kind == "finite_number":
        return f"'{name}' must be a finite number, got {_show(got)}"
    if kind in ("string_type",):
        return f"'{name}' must be text, got {_show(got)}"
    if kind in ("bool_parsing", "bool_type"):
        return f"'{name}' must be true or false, got {_show(got)}"
    if kind in ("list_type",):
        return f"'{name}' must be a list, got {_show(got)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"'{name}' must be a mapping of keys to values, got {_show(got)}" if name else f"expected a mapping of keys to values, got {_show(got)}"
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        choices = [c.strip(" '\"") for c in expected.replace(" or ", ", ").split(",")]
        return f"'{name}' must be one of {expected}, got {_show(got)}{did_you_mean(str(got), choices)}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return f"'{name}' {msg.lower()}, got {_show(got)}"
    if kind in ("too_short", "too_long"):
        return f"'{name}': {msg.lower()}"
    if kind == "value_error":
        msg = msg.removeprefix("Value error, ")
        return f"'{name}': {msg}" if name else msg
    return f"'{name}': {msg}" if name else msg


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _fields_at(model: Any, loc: tuple) -> list[str]:
    """Names allowed at `loc` inside `model`, found by walking its annotations."""
    current: Any = model
    for step in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(step) or next(
                (f for f in current.model_fields.values() if f.alias == step), None)
            if field is None:
                return []
            current = field.annotation
        else:
            origin = get_origin(current)
            args = get_args(current)
            if origin in (list, tuple) and args:
                current = args[0]
            elif origin is dict and len(args) == 2:
                current = args[1]
            else:
                return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [f.alias or n for n, f in current.model_fields.items()]
    return []


def _unwrap(tp: Any) -> Any:
    """Annotated[X, …] → X; Optional/Union → its first model (or container) branch."""
    while True:
        origin = get_origin(tp)
        if origin is typing.Annotated:
            tp = get_args(tp)[0]
            continue
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            models = [a for a in args if isinstance(a, type) and issubclass(a, BaseModel)]
            containers = [a for a in args if get_origin(a) in (list, dict)]
            tp = (models or containers or args or [tp])[0]
            continue
        return tp


def check_error(errors: Collector) -> None:
    if errors.errors:
        raise SpecErrors(errors.errors)
