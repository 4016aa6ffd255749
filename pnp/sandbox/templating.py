"""Templates of card text, conditions, declared checks and rulebooks: compiled, rendered and read.

Every template runs in the bounded sandbox of `pnp.sandbox.bounded` (its limits are described
there). This module compiles sources (checking every filter and test when the template is read),
renders and evaluates them, takes a fast path without Jinja2 for text made only of `{{ name }}`
substitutions, and turns every failure into a `TemplateError` in a designer's words
(`pnp.sandbox.templatewords`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean
from pnp.models.icontext import icons_in
from pnp.sandbox.bounded import (  # noqa: F401 — the sandbox's names, used through this module
    CARD_LIMITS, Limits, budget, bounded_environment, remembering_slow, slow_templates,
)


class TemplateError(Exception):
    """A template failed; `message` is written for a designer."""

    def __init__(self, message: str, line: int | None = None, needle: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line  # the line inside the template, when known
        self.needle = needle  # a regex for the words the message is about, to point at them

    @classmethod
    def of(cls, mistake) -> "TemplateError":
        return cls(mistake.message, mistake.line, mistake.needle)

    def at(self, value_pos: Pos, source: str) -> Pos:
        """Where this mistake is in the file whose value at `value_pos` holds the template `source`."""
        from pnp.sandbox.templatewords import place

        return place(value_pos, source, self.line, self.needle)


@lru_cache(maxsize=1)
def environment():
    """The environment of card text, conditions and declared checks."""
    return bounded_environment(CARD_LIMITS)


# The longest card template Jinja2 is given: it compiles a template into Python source, and 4 MB of
# `{{ body }}` took it 70 s and 4 GB. Card text is at most CARD_LIMITS.output characters anyway.
TEMPLATE_SOURCE_MAX = 20_000


def _compile(fn, source: str, what: str):
    from jinja2 import TemplateSyntaxError

    if len(source) > TEMPLATE_SOURCE_MAX:
        raise TemplateError(f"the {what} is {len(source):,} characters long; one with `{{%`, filters or "
                            f"expressions is at most {TEMPLATE_SOURCE_MAX:,}")
    try:
        compiled = fn(source)
        if fn.__name__ != "parse":
            _known_filters_and_tests(source, fn.__name__ == "compile_expression")
        return compiled
    except TemplateSyntaxError as e:
        from pnp.sandbox.templatewords import explain

        mistake = explain(e, source, env=environment())
        message = mistake.message
        if message.startswith("syntax error"):
            message = f"{what} {message}"
        raise TemplateError(message, e.lineno, mistake.needle)
    except RecursionError:
        raise TemplateError(f"{what} syntax error: nested too deeply")
    except MemoryError:
        raise TemplateError(f"{what} is too large to compile")


def _known_filters_and_tests(source: str, expression: bool) -> None:
    """Jinja2 finds an unknown filter or test inside `{% if %}` only when that branch runs, on
    some cards and not others; pnp finds every one when the template is read, so that a
    misspelt name is one mistake at the template, whichever cards take that branch."""
    from jinja2 import nodes
    from jinja2.exceptions import TemplateAssertionError

    env = environment()
    tree = env.parse("{{ " + source + " }}" if expression else source)
    for node in tree.find_all((nodes.Filter, nodes.Test)):
        table, what = (env.filters, "filter") if isinstance(node, nodes.Filter) else (env.tests, "test")
        if node.name not in table:
            raise TemplateAssertionError(f"No {what} named '{node.name}'.", node.lineno)


@lru_cache(maxsize=4096)
def compile_template(source: str):
    return _compile(environment().from_string, source, "template")


@lru_cache(maxsize=4096)
def compile_expression(source: str):
    return _compile(environment().compile_expression, source, "expression")


_SIMPLE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
# Words a Jinja2 expression reads as a constant or an operator, not as a name to look up.
_JINJA_WORDS = frozenset({"true", "false", "none", "True", "False", "None", "and", "or", "not", "in", "is",
                          "if", "else"})


@lru_cache(maxsize=4096)
def _simple_parts(source: str) -> tuple | None:
    """Literal text and plain `{{ name }}` substitutions only → (literal, name, literal, …); else None.
    Such a source is a valid template as it stands, and its names are the names it uses."""
    if "{%" in source or "{#" in source:
        return None
    parts, at = [], 0
    for m in _SIMPLE.finditer(source):
        if m.group(1) in _JINJA_WORDS:
            return None  # `{{ true }}` prints True: let Jinja2 do it
        parts += [source[at:m.start()], m.group(1)]
        at = m.end()
    parts.append(source[at:])
    if any("{{" in p or "}}" in p for p in parts[::2]):
        return None  # an expression with filters or attributes: let Jinja2 do it
    if any(p.endswith("{") for p in parts[0:-1:2]):
        return None  # `{{{ name }}`: Jinja2 reads `{{` and then a `{`, and refuses it
    return tuple(parts)


def check_template(source: str) -> None:
    """A TemplateError when `source` does not compile. Plain text and `{{ name }}` substitutions
    are checked without Jinja2 (importing it and compiling took most of a small deck's loading)."""
    if "{" in source and _simple_parts(source) is None:
        compile_template(source)


def as_jinja_reads(source: str) -> str:
    """A template's text as Jinja2 reads it: every line break a newline, and one newline at the very
    end dropped (`keep_trailing_newline=False`). A YAML block (`text: |`) ends with one; kept, it
    was an empty last line that moved the text up in its box, but only where no `{%` sent the
    text through Jinja2."""
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    return source[:-1] if source.endswith("\n") else source


def render(source: str, context: dict) -> str:
    """Render a card's template string; failures become TemplateError with a plain message.

    Plain `{{ name }}` templates (most card text) take a fast path with the
    same result and the same strictness as Jinja2. Either way the text is at
    most CARD_LIMITS.output characters.
    """
    text = as_jinja_reads(source)
    if "{" not in text:
        return _card_sized(text)
    parts = _simple_parts(text)
    if parts is not None:
        out, size = [], 0
        for i, part in enumerate(parts):
            if i % 2:
                if part not in context:
                    raise TemplateError(undefined_message(part, context), 1, _whole_word(part))
                value = context[part]
                part = "" if value is None else str(value)
            out.append(part)
            size += len(part)
        if size > CARD_LIMITS.output:  # measured before it is made: a long field written 100,000 times is gigabytes
            raise TemplateError(_too_long(size))
        return "".join(out)
    template = compile_template(source)
    return run(lambda: template.render(context), source=source, names=context)


def _card_sized(text: str) -> str:
    if len(text) > CARD_LIMITS.output:
        raise TemplateError(_too_long(len(text)))
    return text


def _too_long(size: int) -> str:
    return f"the text is {size:,} characters long; a card's text is at most {CARD_LIMITS.output:,}"


def evaluate(source: str, context: dict) -> Any:
    expr = compile_expression(source)
    return run(lambda: expr(**context), source=source, names=context)


def undefined_message(name: str, names) -> str:
    """"'nme' is undefined (did you mean 'name'?)": a name the template reads that is not there."""
    hint = did_you_mean(name, [n for n in names if isinstance(n, str)] + list(environment().globals))
    return f"'{name}' is undefined{hint or ' (an unknown name: check the spelling of the field)'}"


def _whole_word(name: str) -> str:
    return rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])"


def run(fn, limits: Limits = CARD_LIMITS, source: str | None = None, names=()):
    """Call `fn` (a render or an evaluation of `source`) under `limits`, every failure a TemplateError
    in a designer's words (`pnp.sandbox.templatewords`), with the line inside the template it happened on."""
    from jinja2 import TemplateError as JinjaError
    from jinja2.exceptions import SecurityError

    from pnp.sandbox.templatewords import explain

    slow = slow_templates()
    if slow is not None and source in slow:
        raise TemplateError(slow[source])
    try:
        with budget(limits):
            return fn()
    except SecurityError as e:
        if slow is not None and source is not None and getattr(e, "pnp_timeout", False):
            slow[source] = f"refused by the sandbox: {e} (on an earlier card; not run again)"
        raise TemplateError.of(explain(e, source or "", env=environment()))
    except (JinjaError, TypeError, ValueError, ZeroDivisionError, AttributeError, KeyError, IndexError,
            OverflowError, RecursionError, MemoryError) as e:
        mistake = explain(e, source or "", [*names, *environment().globals], environment())
        if mistake.message.startswith("'") and " is undefined" in mistake.message and "did you mean" not in mistake.message:
            mistake = type(mistake)(mistake.message + " (an unknown name: check the spelling of the field)",
                                    mistake.line, mistake.needle)
        raise TemplateError.of(mistake)


def names_used(source: str) -> set[str]:
    """Undeclared variables of a template (empty for static text)."""
    if "{" not in source:
        return set()
    parts = _simple_parts(source)
    if parts is not None:
        return set(parts[1::2])
    from jinja2 import TemplateSyntaxError, meta

    parsed = _compile(environment().parse, source, "template")
    try:  # this runs Jinja2's code generator, which is where an unknown filter is found
        return set(meta.find_undeclared_variables(parsed))
    except TemplateSyntaxError as e:
        from pnp.sandbox.templatewords import explain

        raise TemplateError.of(explain(e, source, env=environment()))


def is_static(box, raw, errors: Collector) -> bool:
    """True when a box draws the same on every card; reports template syntax errors."""
    from pnp.reading.load import locate

    static = box.show_if is None
    for key in ("text", "src", "icons"):
        value = getattr(box, key)
        if isinstance(value, str):
            if key == "icons" and "{" not in value:
                return False  # a field name
            try:
                check_template(value)
                if names_used(value):
                    static = False
            except TemplateError as e:
                errors.error(e.at(locate(raw, [key]), value), e.message)
                static = False
    for key in ("fill", "stroke", "color"):
        value = getattr(box, key)
        if isinstance(value, str) and "{" in value:
            static = False
            try:
                check_template(value)
            except TemplateError as e:
                errors.error(e.at(locate(raw, [key]), value), e.message)
    if box.show_if:
        try:
            compile_expression(box.show_if)
        except TemplateError as e:
            errors.error(e.at(locate(raw, ["show_if"]), box.show_if), e.message)
    return static


def static_icons(box) -> list[str]:
    out = []
    if box.text:
        out += icons_in(box.text)
    if isinstance(box.icons, list):
        out += box.icons
    if box.src and box.src.startswith("icon:") and "{" not in box.src:
        out.append(box.src[5:])
    return out

