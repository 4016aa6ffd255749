"""Sandboxed Jinja2 for card text, conditions and rulebooks.

Specs come from other people, so templates always run in Jinja2's
SandboxedEnvironment with StrictUndefined: a name that does not resolve is an
error, never a blank, and attribute tricks like `''.__class__` are refused.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pnp.errors import Collector, Pos
from pnp.draw.text import icons_in


class TemplateError(Exception):
    """A template failed; `message` is written for a designer."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


@lru_cache(maxsize=1)
def environment():
    from jinja2 import StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False, trim_blocks=True, lstrip_blocks=True,
                               keep_trailing_newline=False)
    env.filters["icons"] = lambda names: " ".join(f":{n}:" for n in (names or []))
    env.filters["circled"] = circled
    return env


def circled(n: Any) -> str:
    """1 → ①, for time-line positions and the like."""
    try:
        i = int(n)
    except (TypeError, ValueError):
        return str(n)
    return chr(0x2460 + i - 1) if 1 <= i <= 20 else f"({i})"


@lru_cache(maxsize=4096)
def compile_template(source: str):
    from jinja2 import TemplateSyntaxError

    try:
        return environment().from_string(source)
    except TemplateSyntaxError as e:
        raise TemplateError(f"template syntax error: {e.message}", e.lineno)


@lru_cache(maxsize=4096)
def compile_expression(source: str):
    from jinja2 import TemplateSyntaxError

    try:
        return environment().compile_expression(source)
    except TemplateSyntaxError as e:
        raise TemplateError(f"expression syntax error: {e.message}", e.lineno)


_SIMPLE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


@lru_cache(maxsize=4096)
def _simple_parts(source: str) -> tuple | None:
    """Literal text and plain `{{ name }}` substitutions only → (literal, name, literal, …); else None."""
    if "{%" in source or "{#" in source:
        return None
    parts, at = [], 0
    for m in _SIMPLE.finditer(source):
        parts += [source[at:m.start()], m.group(1)]
        at = m.end()
    parts.append(source[at:])
    if any("{{" in p or "}}" in p for p in parts[::2]):
        return None  # an expression with filters or attributes: let Jinja2 do it
    return tuple(parts)


def render(source: str, context: dict) -> str:
    """Render a template string; failures become TemplateError with a plain message.

    Plain `{{ name }}` templates (most card text) take a fast path with the
    same result and the same strictness as Jinja2.
    """
    if "{" not in source:
        return source
    parts = _simple_parts(source)
    if parts is not None:
        out = []
        for i, part in enumerate(parts):
            if i % 2:
                if part not in context:
                    raise TemplateError(f"'{part}' is undefined (an unknown name: check the spelling of the field)")
                value = context[part]
                out.append("None" if value is None else str(value))
            else:
                out.append(part)
        return "".join(out)
    template = compile_template(source)
    return run(lambda: template.render(context))


def evaluate(source: str, context: dict) -> Any:
    expr = compile_expression(source)
    return run(lambda: expr(**context))


def run(fn):
    from jinja2 import TemplateError as JinjaError, UndefinedError
    from jinja2.exceptions import SecurityError

    try:
        return fn()
    except UndefinedError as e:
        raise TemplateError(f"{e.message} (an unknown name: check the spelling of the field)")
    except SecurityError as e:
        raise TemplateError(f"refused by the sandbox: {e}")
    except JinjaError as e:
        raise TemplateError(f"template error: {e}")
    except (TypeError, ValueError, ZeroDivisionError, AttributeError, KeyError, IndexError, OverflowError) as e:
        raise TemplateError(f"template error: {type(e).__name__}: {e}")
    except RecursionError:
        raise TemplateError("template error: recursion too deep")


def names_used(source: str) -> set[str]:
    """Undeclared variables of a template (empty for static text)."""
    if "{" not in source:
        return set()
    from jinja2 import meta

    return set(meta.find_undeclared_variables(environment().parse(source)))


def is_static(box, raw, errors: Collector) -> bool:
    """True when a box draws the same on every card; reports template syntax errors."""
    from pnp.spec.load import locate

    static = box.show_if is None
    for key in ("text", "src", "icons"):
        value = getattr(box, key)
        if isinstance(value, str):
            if key == "icons" and "{" not in value:
                return False  # a field name
            try:
                compile_template(value)
                if names_used(value):
                    static = False
            except TemplateError as e:
                errors.error(_line_pos(locate(raw, [key]), e.line), e.message)
                static = False
    for key in ("fill", "stroke", "color"):
        value = getattr(box, key)
        if isinstance(value, str) and "{" in value:
            static = False
            try:
                compile_template(value)
            except TemplateError as e:
                errors.error(locate(raw, [key]), e.message)
    if box.show_if:
        try:
            compile_expression(box.show_if)
        except TemplateError as e:
            errors.error(locate(raw, ["show_if"]), e.message)
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


def _line_pos(pos: Pos, line: int | None) -> Pos:
    if line and line > 1:
        return Pos(pos.path, pos.line + line - 1, 1)
    return pos
