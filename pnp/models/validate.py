"""Run a pydantic model over a loaded tree and turn its errors into located ones."""
from __future__ import annotations

import functools
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from pnp.errors import Collector, Pos, SpecError, SpecErrors, did_you_mean
from pnp.reading.load import LDict, LList, locate

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class RawCheck:
    """Marks a type (in `Annotated[…]`) with a check of the raw tree run before validation.

    `check(raw, errors)` may report located errors and warnings; it returns the tree to validate
    (possibly with keys dropped), or None when the tree cannot be validated at all.
    """

    check: Callable[[Any, Collector], Any]


def warn_once(errors: Collector, pos: Pos, message: str) -> None:
    """A warning about something a spec writes once but pnp reads many times (a layout box every card overrides)."""
    seen = vars(errors).setdefault("_warned_once", set())
    if (pos, message) not in seen:
        seen.add((pos, message))
        errors.warnings.append(SpecError(pos, message))


def take_back(errors: Collector, start: int, end: int, warnings_start: int) -> None:
    """Forget the errors `start:end` and the warnings from `warnings_start` on (a resolution given up).

    A warning taken back may be given again by the next deck using the same layouts (see `warn_once`).
    """
    del errors.errors[start:end]
    seen = vars(errors).get("_warned_once", set())
    for warning in errors.warnings[warnings_start:]:
        seen.discard((warning.pos, warning.message))
    del errors.warnings[warnings_start:]


@functools.lru_cache(maxsize=None)
def _adapter(tp: Any) -> TypeAdapter:
    return TypeAdapter(tp)


def validate(model: Any, raw: Any, errors: Collector | None = None, prefix: tuple = (), at: Pos | None = None,
             provisional: bool = False) -> Any:
    """Validate `raw` as `model` (a model, or a type such as a union of models). Errors go to `errors` (or are raised together).

    `prefix` is where `raw` sits in its file's tree (the keys and indexes leading to it) and `at` where it
    is written there: a part checked alone (one card of a deck) is reported as if its whole file were checked.

    With `provisional`, a model whose only faults are keys it can do without (a bad optional value,
    an unknown key) is still returned, made without them, its errors reported: the caller's own
    checks of the whole file (duplicate ids, face counts) then run too, so that every mistake is
    reported at once. The caller must then treat any error reported since it called as a failure.
    """
    own = errors is None
    errors = errors or Collector()
    for check in (m for m in getattr(model, "__metadata__", ()) if isinstance(m, RawCheck)):
        raw = check.check(raw, errors)
    if raw is None and getattr(model, "__metadata__", ()):
        result = None
    else:
        try:
            if isinstance(model, type) and issubclass(model, BaseModel):
                result = model.model_validate(raw)
            else:
                result = _adapter(model).validate_python(raw)
        except ValidationError as exc:
            misspelt = _misspelt_required(exc.errors())
            for err in _the_branch_written(raw, exc.errors()):
                if err["type"] == "missing" and tuple(err["loc"]) in misspelt:
                    continue  # `plyers:` for `players:` is one mistake, said at the misspelt key with did-you-mean
                if err["type"] == "empty_value":
                    for key, needed in err["ctx"]["keys"]:
                        loc = _clean_loc(raw, err["loc"] + (key,))
                        errors.error(locate(raw, loc, key=True, start=at), _empty(key, needed))
                    continue
                branch, err_loc = _branch(model, err["loc"])
                loc = _clean_loc(raw, err_loc)
                is_extra = err["type"] == "extra_forbidden"
                pos = locate(raw, loc, key=is_extra, start=at)
                errors.error(pos, _message(branch, raw, loc, err, prefix))
            result = _without_faulty_keys(model, raw, exc) if provisional else None
    if own:
        errors.raise_if_any()
    return result


_SCALAR_BRANCHES = ("constrained-", "int", "float", "str", "bool", "literal[", "none", "list[")


def _the_branch_written(raw: Any, errs: list) -> list:
    """The errors of the union member the value was written as: a mapping written for
    `number | {value, means, …}` is told what is wrong in its mapping, not also that it is no number."""
    tags: dict[tuple, set] = {}
    found = []
    for e in errs:
        at = _branch_step(raw, tuple(e["loc"]), e["type"] in ("missing", "extra_forbidden"))
        found.append(at)
        if at is not None:
            tags.setdefault(at[0], set()).add(at[1])
    written: dict[tuple, set] = {}  # the members a value's shape was written for (a mapping: not a scalar's)
    for where, names in tags.items():
        mapping = isinstance(_node_at(raw, where), dict)
        written[where] = {t for t in names if t.lower().startswith(_SCALAR_BRANCHES) != mapping} or names
    out = []
    for e, at in zip(errs, found):
        if at is not None and len(tags[at[0]]) > 1 and at[1] not in written[at[0]]:
            continue  # the other member's complaint about a value that was not written as it
        out.append(e)
    return out


def _branch_step(raw: Any, loc: tuple, ends_in_key: bool) -> tuple[tuple, str] | None:
    """(the location before it, the member's name) where pydantic named a union member in `loc` (whose last
    step is a key, missing or unknown, when `ends_in_key`)."""
    node = raw
    for i, step in enumerate(loc):
        if isinstance(node, LDict):
            if step not in node:
                return (loc[:i], str(step)) if i < len(loc) - 1 or not ends_in_key else None
            node = node[step]
        elif isinstance(node, LList) and isinstance(step, int):
            node = node[step] if 0 <= step < len(node) else None
        else:
            return (loc[:i], str(step)) if isinstance(step, str) and i < len(loc) else None
    return None


def _node_at(raw: Any, loc: tuple) -> Any:
    node = raw
    for step in loc:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _misspelt_required(errs: list) -> set[tuple]:
    """The places of missing required keys that an unknown key beside them is a misspelling of."""
    missing = {tuple(e["loc"]) for e in errs if e["type"] == "missing" and e["loc"]}
    out = set()
    for e in errs:
        if e["type"] == "extra_forbidden" and e["loc"] and isinstance(e["loc"][-1], str):
            parent = tuple(e["loc"][:-1])
            wanted = [loc[-1] for loc in missing if loc[:-1] == parent and isinstance(loc[-1], str)]
            hint = did_you_mean(e["loc"][-1], wanted)
            out |= {parent + (name,) for name in wanted if f"'{name}'" in hint}
    return out


def _without_faulty_keys(model: Any, raw: Any, exc: ValidationError) -> Any:
    """`model` made from `raw` without the keys its errors are at, or None when that does not
    validate either (a required key was faulty) or an error is not one such a key can take away.

    Only an unknown key or a key with one bad plain value is left out: neither names anything the
    rest of the file refers to, so the checks after validation find no mistakes it would invent
    (a space type left out would make every cell of that type unknown)."""
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return None
    keys = set()
    for err in exc.errors():
        key = _faulty_key(raw, _clean_loc(raw, err["loc"]), err["type"] == "extra_forbidden")
        if key is None:
            return None
        keys.add(key)
    try:
        return model.model_validate(_without(raw, keys))
    except ValidationError:
        return None


def _faulty_key(raw: Any, loc: tuple, unknown: bool) -> tuple | None:
    """`loc` when it ends at a key of a mapping in `raw` that can be left out: an unknown key, or one
    whose value is a plain value (not a mapping or list); else None."""
    node = raw
    for step in loc[:-1]:
        if isinstance(node, LDict) and step in node or isinstance(node, LList) and isinstance(step, int) \
                and 0 <= step < len(node):
            node = node[step]
        else:
            return None
    if not loc or not isinstance(node, LDict) or loc[-1] not in node:
        return None
    if not unknown and isinstance(node[loc[-1]], (LDict, LList)):
        return None
    return loc


def _without(node: Any, keys: set[tuple]) -> Any:
    """`node` with the keys at the paths `keys` left out: copies along those paths, the rest shared,
    positions kept (the checks after validation locate their errors in the original tree)."""
    here = {path[0] for path in keys if len(path) == 1}
    deeper: dict[Any, set] = {}
    for path in keys:
        if len(path) > 1:
            deeper.setdefault(path[0], set()).add(path[1:])
    if isinstance(node, LDict):
        out: Any = LDict({k: _without(v, deeper[k]) if k in deeper else v for k, v in node.items() if k not in here})
    elif isinstance(node, LList):
        out = LList(_without(v, deeper[i]) if i in deeper else v for i, v in enumerate(node))
    else:
        return node
    out._pos, out._at, out.path = node._pos, node._at, node.path
    return out


def _branch(model: Any, loc: tuple) -> tuple[Any, tuple]:
    """For a tagged union: the member an error is about (named by the first step of its location) and the rest."""
    from pydantic import Tag

    members = get_args(_unwrap_annotated(model))
    for member in members:
        tags = [m.tag for m in getattr(member, "__metadata__", ()) if isinstance(m, Tag)]
        if loc and loc[0] in tags:
            return get_args(member)[0], loc[1:]
    return model, loc


def _unwrap_annotated(tp: Any) -> Any:
    while get_origin(tp) is typing.Annotated:
        tp = get_args(tp)[0]
    return tp


def _empty(key: str, needed: str) -> str:
    from pnp.models.types import BARE_NUMBERS, QUOTE_HASH

    if needed == "a colour":
        return f"'{key}' has no value: it needs a colour such as \"#1565c0\" or black ({QUOTE_HASH})"
    if needed == "text":
        return f"'{key}' has no value: leave the key out, or give it text ({QUOTE_HASH})"
    return f"'{key}' has no value: it needs {needed} such as 3mm or 9pt ({BARE_NUMBERS})"


def _clean_loc(raw: Any, loc: tuple) -> tuple:
    """Drop union-branch names pydantic inserts into a location (they are not keys)."""
    out, node = [], raw
    for step in loc:
        if isinstance(node, LDict):
            # the key itself first: a scan for every error is quadratic in a mapping of 20,000 unknown keys
            match = step if step in node else next((k for k in node if str(k) == str(step)), None)
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


def _copies_hint(name: str, allowed) -> str:
    """`qty:`, `copies:`… where `count:` is allowed: the word other card tools use for it."""
    from pnp.reading.tables.hints import means_quantity

    return " (did you mean 'count'? it is how many copies pnp prints)" if "count" in allowed and means_quantity(name) else ""


def _message(model: type[BaseModel], raw: Any, loc: tuple, err: dict, prefix: tuple = ()) -> str:
    kind, msg = err["type"], err["msg"]
    named = prefix + loc
    name = str(named[-1]) if named else ""
    got = err.get("input")
    if kind == "extra_forbidden":
        allowed = _fields_at(model, loc[:-1])
        hint = did_you_mean(name, allowed) or _copies_hint(name, allowed)
        return f"unknown key '{name}'{hint}" + (f" (allowed: {', '.join(sorted(allowed))})" if allowed and len(allowed) <= 12 else "")
    if kind == "missing":
        return f"missing required key '{name}'"
    if kind in ("int_parsing", "int_type", "float_parsing", "float_type", "int_from_float"):
        return f"'{name}' must be a {'whole ' if 'int' in kind else ''}number, got {_show(got)}"
    if kind == "finite_number":
        return f"'{name}' must be a finite number, got {_show(got)}"
    if kind in ("string_type",):
        if got is None:
            from pnp.models.types import QUOTE_HASH

            return f"'{name}' has no value: it needs text ({QUOTE_HASH})"
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
    if kind == "string_too_long":
        limit = err.get("ctx", {}).get("max_length")
        return f"'{name}' is too long: at most {limit} characters, got {len(str(got)):,}"
    if kind == "value_error":
        msg = msg.removeprefix("Value error, ")
        listed = bool(named) and isinstance(named[-1], int)  # a list's item: its place says which, its message what
        return f"'{name}': {msg}" if name and not listed else msg
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
    if get_origin(current) in (list, tuple) and get_args(current):
        current = _unwrap(get_args(current)[0])  # one entry written for a list of them (`data: {file: …}`)
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
