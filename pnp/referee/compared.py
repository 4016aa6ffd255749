"""What a failing declared check compared: "`cards | length` is 41, expected at most 40".

A check such as `expect: "cards | length <= 40"` that is false tells the designer little by
itself; the two sides' values say how far off the game is. The expression's one top-level
comparison (outside brackets and quotes, with no `and`/`or` beside it) is split, each side
evaluated again in the same sandbox, and both values shown in a designer's words.
"""
from __future__ import annotations

import re
from typing import Any

# the comparison operators, longest first, and what a designer reads for each
_WORDS = {"==": "", "!=": "anything but ", "<=": "at most ", ">=": "at least ", "<": "less than ",
          ">": "more than ", " not in ": "none of ", " in ": "one of "}
_OPERATOR = re.compile(r"==|!=|<=|>=|<|>| not in | in ")
_JOINS = re.compile(r"\s(?:and|or)\s|^\s*not\s")


def compared(expect: str, context: dict) -> str | None:
    """'`left` is 41, expected at most 40' for a false `left <op> right`; None when the expression
    is not one comparison or a side cannot be worked out."""
    from pnp.sandbox.templating import TemplateError, evaluate

    split = _top_level_comparison(expect)
    if split is None:
        return None
    left, op, right = split
    try:
        got, wanted = evaluate(left, context), evaluate(right, context)
    except TemplateError:
        return None
    target = shown(wanted) if _literal(right, wanted) else f"`{right.strip()}` ({shown(wanted)})"
    if _literal(left, got):
        return f"expected {shown(got)} to be {_WORDS[op] or 'equal to '}{target}"
    return f"`{left.strip()}` is {shown(got)}, expected {_WORDS[op]}{target}"


def _literal(text: str, value: Any) -> bool:
    """Whether a side is written as its own value (`40`, `'Bob'`): then its value is not repeated."""
    text = text.strip()
    return text == shown(value) or (text[:1] in "'\"" and text[1:-1] == str(value))


def _top_level_comparison(expect: str) -> tuple[str, str, str] | None:
    depth, quote, found = 0, "", []
    i = 0
    while i < len(expect):
        ch = expect[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            m = _OPERATOR.match(expect, i)
            if m:
                found.append((m.start(), m.group(0)))
                i = m.end()
                continue
            if _JOINS.match(expect, i) or (i == 0 and _JOINS.match(expect)):
                return None
        i += 1
    if len(found) != 1 or _JOINS.search(_masked(expect)):
        return None
    at, op = found[0]
    return expect[:at], op, expect[at + len(op):]


def _masked(expect: str) -> str:
    """The expression with quoted text blanked, so that an `and` inside a string is not a join."""
    return re.sub(r"'[^']*'|\"[^\"]*\"", "''", expect)


def shown(value: Any) -> str:
    """A value as a designer reads it: numbers and text as they are, a list by its items (a long one by its size)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, (int, float)):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 60 else f"'{value[:57]}…'"
    if isinstance(value, dict):
        return f"a mapping of {len(value)} key{'s' if len(value) != 1 else ''}"
    if isinstance(value, (list, tuple, range, set, frozenset)):
        items = list(value)
        if len(items) <= 8 and all(isinstance(x, (int, float, str, bool)) or x is None for x in items):
            return "[" + ", ".join(shown(x) for x in items) + "]"
        return f"a list of {len(items)} item{'s' if len(items) != 1 else ''}"
    return "a value"
