"""What a template mistake means, said in a designer's words, and where in the file it is.

Jinja2 and Python describe a failure in their own terms ("No filter named 'uper'.",
"'pnp.spec.load.LDict object' has no attribute 'expert'", "TypeError: can only concatenate str
(not "int") to str"). A designer wrote `{{ name | uper }}` in a YAML file and needs to read
"unknown filter 'uper' (did you mean 'upper'?)" at that line and column. `explain` turns any
exception a template raises into a `Mistake` (the message, the line inside the template, the
word to point at); `place` turns that into a position in the spec file.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterable

from pnp.errors import Pos, did_you_mean
from pnp.valuewords import kind_of, scrub, type_word

# what a designer reads for an operation Python could not do
_ACTIONS = {"round": "rounded", "abs": "made positive", "trunc": "cut to a whole number", "floor": "rounded down",
            "ceil": "rounded up", "reversed": "reversed"}
_OPERATIONS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "divide", "%": "divide",
               "**": "raise"}


@dataclass(frozen=True)
class Mistake:
    message: str
    line: int | None = None  # the line inside the template (1 is its first)
    needle: str | None = None  # a regex matching the words to point at, when they can be named
    word: str | None = None  # those words as written, when they are one name


def missing_member(obj: Any, name: Any) -> str:
    """'a mapping has no 'expert' (it has: novice)': what reading `name` of `obj` found."""
    if isinstance(obj, Mapping):
        keys = [str(k) for k in obj]
        return f"{kind_of(obj)} has no '{name}'{did_you_mean(name, keys)} ({_has(keys)})"
    if isinstance(obj, (list, tuple, range, str)) and isinstance(name, int):
        n = len(obj)
        return f"{kind_of(obj)} of {n} item{'s' if n != 1 else ''} has no item {name} (the first is 0)"
    fields = getattr(type(obj), "model_fields", None)
    if fields:
        return f"{kind_of(obj)} has no '{name}'{did_you_mean(name, fields)} ({_has(fields)})"
    return f"{kind_of(obj)} has no '{name}'"


def _has(keys: Iterable[str]) -> str:
    keys = sorted(set(map(str, keys)))
    if not keys:
        return "it is empty"
    return "it has: " + ", ".join(keys[:10]) + (", …" if len(keys) > 10 else "")


def template_line(exc: BaseException) -> int | None:
    """The line of the template where a run-time error happened (Jinja2 rewrites its traceback
    so that a template's frames carry the template's own line numbers)."""
    line = getattr(exc, "lineno", None)
    tb = exc.__traceback__
    while tb is not None:
        # a frame Jinja2 made to stand for a template line (an expression's frames are its own code's)
        if "__jinja_exception__" in tb.tb_frame.f_globals:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def explain(exc: BaseException, source: str, names: Iterable[str] = (), env: Any = None) -> Mistake:
    """A designer's message for the exception a template (`source`) raised. `names` are the names
    the template could have used (its fields, the sandbox's globals) and `env` the sandbox (its
    filters and tests), for "did you mean"."""
    from jinja2 import TemplateSyntaxError, UndefinedError
    from jinja2.exceptions import SecurityError, TemplateAssertionError, TemplateRuntimeError

    line = template_line(exc)
    text = getattr(exc, "message", None) or str(exc)
    filters = [f for f in getattr(env, "filters", {}) if not f.startswith("_")]
    tests = list(getattr(env, "tests", {}))
    m = re.match(r"No (filter|test) named '([^']+)'", text or "")
    if m and isinstance(exc, (TemplateAssertionError, TemplateRuntimeError)):
        what, name = m.groups()
        hint = did_you_mean(name, filters if what == "filter" else tests)
        return Mistake(f"unknown {what} '{name}'{hint}", line, _word(name), name)
    if isinstance(exc, TemplateSyntaxError):
        return Mistake(f"syntax error: {_syntax(text)}", line)
    if isinstance(exc, UndefinedError):
        member = getattr(exc, "pnp_member", None)
        if member is not None:
            subject = _subject(source, member)
            message = text
            if subject:
                message = f"{subject}{text[len(getattr(exc, 'pnp_kind', '')):]}"
            return Mistake(message, line, _word(str(member)), str(member))
        m = re.match(r"'([^']+)' is undefined", text)
        if m:
            name = m.group(1)
            return Mistake(f"'{name}' is undefined{did_you_mean(name, names)}", line, _word(name), name)
        return Mistake(scrub(text), line)
    if isinstance(exc, SecurityError):
        m = re.match(r"access to attribute '([^']+)' of '([^']+)' object is unsafe", text)
        if m:
            return Mistake(f"refused by the sandbox: reading '{m.group(1)}' of {type_word(m.group(2))} "
                           "is not allowed in templates", line, _word(m.group(1)), m.group(1))
        return Mistake(f"refused by the sandbox: {scrub(text)}", line)
    if isinstance(exc, RecursionError):
        return Mistake("template error: recursion too deep", line)
    if isinstance(exc, MemoryError):
        return Mistake("template error: out of memory (the template makes too much)", line)
    if isinstance(exc, ZeroDivisionError):
        return Mistake("template error: division by zero", line)
    message = python_words(text)
    return Mistake(f"template error: {message}", line, _expression_with(message))


_SYMBOLS = {"add": r"\+", "subtract": "-", "multiply": r"\*", "divide": "[/%]", "raise": r"\*\*"}


def _expression_with(message: str) -> str | None:
    """A regex for the `{{` opening the expression a run-time failure is about: the one holding
    the operator it names, else the first one on the line."""
    m = re.match(r"cannot (add|subtract|multiply|divide|raise) ", message)
    if m:
        return rf"\{{\{{(?=[^}}]*?{_SYMBOLS[m.group(1)]})"
    m = re.match(r"cannot compare .* \(`([^`]+)`\)", message)
    if m:
        return rf"\{{[{{%](?=[^}}]*?{re.escape(m.group(1))})"
    return r"\{[{%]"


def _word(name: str) -> str:
    return rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])"


def _subject(source: str, member: Any) -> str | None:
    """The expression a template read `member` of (`levels` in `levels.expert` or `levels['expert']`)."""
    key = re.escape(str(member))
    m = re.search(rf"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]\[]*\])*)"
                  rf"\s*(?:\.\s*{key}(?![A-Za-z0-9_])|\[\s*['\"]?{key}['\"]?\s*\])", source)
    return m.group(1) if m else None


def _syntax(text: str) -> str:
    return scrub(text.rstrip("."))


_PYTHON = [
    (re.compile(r"can only concatenate (\w+) \(not \"(\w+)\"\) to \w+"),
     lambda m: f"cannot add {type_word(m.group(1))} and {type_word(m.group(2))}{_join_hint(m.group(1), m.group(2))}"),
    (re.compile(r"unsupported operand type\(s\) for ([^:]+): '([^']+)' and '([^']+)'"),
     lambda m: f"cannot {_OPERATIONS.get(m.group(1).split()[0], 'combine')} {type_word(m.group(2))} and "
               f"{type_word(m.group(3))}" + (_join_hint(m.group(2), m.group(3)) if m.group(1).strip() == "+" else "")),
    (re.compile(r"'([^']+)' not supported between instances of '([^']+)' and '([^']+)'"),
     lambda m: f"cannot compare {type_word(m.group(2))} with {type_word(m.group(3))} (`{m.group(1)}`)"),
    (re.compile(r"'([^']+)' object is not iterable"),
     lambda m: f"{type_word(m.group(1))} is not a list: it cannot be looped over or filtered"),
    (re.compile(r"object of type '([^']+)' has no len\(\)"), lambda m: f"{type_word(m.group(1))} has no length"),
    (re.compile(r"'([^']+)' object is not callable"), lambda m: f"{type_word(m.group(1))} is not a function"),
    (re.compile(r"'([^']+)' object is not subscriptable"),
     lambda m: f"{type_word(m.group(1))} has no items to pick with [ ]"),
    (re.compile(r"can't multiply sequence by non-int of type '([^']+)'"),
     lambda m: f"text or a list can only be repeated a whole number of times, not {type_word(m.group(1))}"),
    (re.compile(r"bad operand type for unary (\S+): '([^']+)'"),
     lambda m: f"cannot use {m.group(1)} on {type_word(m.group(2))}"),
    (re.compile(r"invalid literal for int\(\) with base \d+: (.*)"), lambda m: f"{m.group(1)} is not a whole number"),
    (re.compile(r"could not convert string to float: (.*)"), lambda m: f"{m.group(1)} is not a number"),
    (re.compile(r"argument of type '([^']+)' is not iterable"),
     lambda m: f"`in` cannot look inside {type_word(m.group(1))}: it is not a list or text"),
    (re.compile(r"unhashable type: '([^']+)'"),
     lambda m: f"{type_word(m.group(1))} cannot be looked up in a mapping or a set, nor be one's key"),
    (re.compile(r"'([^']+)' object is not reversible"), lambda m: f"{type_word(m.group(1))} cannot be reversed"),
    (re.compile(r"bad operand type for abs\(\): '([^']+)'"),
     lambda m: f"{type_word(m.group(1))} cannot be made positive (`abs`)"),
    (re.compile(r"'in <string>' requires string as left operand, not (\S+)"),
     lambda m: f"`in` looks for text inside text, not for {type_word(m.group(1))}"),
    (re.compile(r"not all arguments converted during string formatting"),
     lambda m: "`%` puts values into text at its %s places, and the text has fewer places than values"),
    (re.compile(r"do_(\w+)\(\) missing \d+ required positional arguments?: (.*)"),
     lambda m: f"the filter '{m.group(1)}' needs {m.group(2)}"),
    (re.compile(r"do_(\w+)\(\) got an unexpected keyword argument '([^']+)'"),
     lambda m: f"the filter '{m.group(1)}' has no option '{m.group(2)}'"),
    (re.compile(r"do_(\w+)\(\) takes .* but \d+ (?:were|was) given"),
     lambda m: f"the filter '{m.group(1)}' is given more values than it takes"),
    (re.compile(r"type (\w+) doesn't define __(\w+)__ method"),
     lambda m: f"{type_word(m.group(1))} cannot be {_ACTIONS.get(m.group(2), 'used so')}"),
    (re.compile(r"(?:int|float)\(\) argument must be .* not '([^']+)'"),
     lambda m: f"{type_word(m.group(1))} cannot be made a number"),
]


def _join_hint(a: str, b: str) -> str:
    kinds = {type_word(a), type_word(b)}
    if kinds == {"text", "a number"}:
        return " (`~` joins them as text; `| int` makes text a number)"
    return ""


def python_words(text: str) -> str:
    """A Python exception's message in a designer's words (the known shapes), else scrubbed."""
    for pattern, words in _PYTHON:
        m = pattern.search(text)
        if m:
            return words(m)
    return scrub(text)


def place(value_pos: Pos, source: str, line: int | None, needle: str | None) -> Pos:
    """Where a mistake is in the file: inside the YAML value (or file) at `value_pos` holding
    `source`, at `needle` on the template's `line` when it can be found there, else at that line."""
    from pnp.reading.load import locate_within

    # the value as written: its text, quotes, escapes and each line's indentation; no further,
    # or a word of the next value would be taken for this one's
    span = len(source) + 8 + 40 * source.count("\n") + source.count('"') + source.count("\\")
    start = value_pos
    if line and line > 1:
        lines = source.split("\n")
        text = lines[line - 1].strip() if line <= len(lines) else ""
        found = locate_within(value_pos, re.escape(text), span) if text else value_pos
        start = found if found != value_pos else Pos(value_pos.path, value_pos.line + line - 1, 1, value_pos.cell)
        if value_pos.cell:
            return value_pos
    if needle:
        found = locate_within(start, needle, span)
        if found != start:
            return found
    if start == value_pos and source.strip():  # the text itself, past a quote or a block's `|`
        first = source.strip().split("\n", 1)[0][:30]
        return locate_within(value_pos, re.escape(first), span)
    return start


_UNDEFINED = None


def undefined_class():
    """StrictUndefined whose error says what a designer looked for and what was there instead
    ("a mapping has no 'expert' (it has: novice)"), never the class of the value it read."""
    global _UNDEFINED
    if _UNDEFINED is None:
        _UNDEFINED = _make_undefined_class()
    return _UNDEFINED


def _make_undefined_class():
    from jinja2 import StrictUndefined
    from jinja2.exceptions import UndefinedError
    from jinja2.utils import missing

    class DesignerUndefined(StrictUndefined):
        __slots__ = ()

        def _fail_with_undefined_error(self, *args: Any, **kwargs: Any):
            if self._undefined_hint or self._undefined_obj is missing:
                raise self._undefined_exception(self._undefined_message)  # the sandbox's refusals too
            error = UndefinedError(missing_member(self._undefined_obj, self._undefined_name))
            error.pnp_member = self._undefined_name
            error.pnp_kind = kind_of(self._undefined_obj)
            raise error

        # StrictUndefined routes every use through the method above; these name it again so that
        # the subclass's version is the one called
        __iter__ = __str__ = __len__ = _fail_with_undefined_error
        __eq__ = __ne__ = __bool__ = __hash__ = __contains__ = _fail_with_undefined_error
        __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __div__ = __rdiv__ = _fail_with_undefined_error
        __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _fail_with_undefined_error
        __pos__ = __neg__ = __call__ = __getitem__ = __lt__ = __le__ = __gt__ = __ge__ = _fail_with_undefined_error
        __int__ = __float__ = __complex__ = __pow__ = __rpow__ = _fail_with_undefined_error
        __round__ = __abs__ = __trunc__ = __floor__ = __ceil__ = __index__ = __invert__ = _fail_with_undefined_error
        __reversed__ = __matmul__ = __rmatmul__ = __rfloordiv__ = _fail_with_undefined_error

        def __getattr__(self, name: str):
            if name[:2] == "__":
                raise AttributeError(name)
            return self._fail_with_undefined_error()

    return DesignerUndefined


