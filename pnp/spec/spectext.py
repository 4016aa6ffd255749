"""Words of a token, sheet or board spec that read the game's rule parameters.

A card's text is a template drawn once per card (`pnp.render.cards`). The words of tokens, sheets
and boards are the same on every copy, so each one holding a template (`label: "{{
parameters.wits }} Wits"`) is rendered once, as its spec is loaded, with `parameters` (the
values of game.yaml's `parameters:`) as its only name, in the same sandbox and limits as card
text. Then a rule number changed in game.yaml reaches the token sheet as it reaches the cards
and the rulebook. A template that fails is an error at the value that holds it.

Each text may hold its own template, so the time is bounded for the whole file, not only per
template: once one runs out of time, or all of them together have taken SECONDS, the rest of
the file's templates are not run (one error says so).

Only free text is rendered: a field with a form of its own (a colour, a length, a file name) is
checked before this step, as written.
"""
from __future__ import annotations

import time
from typing import Any

from pnp.errors import Collector
from pnp.spec.templating import TemplateError, remembering_slow, render
from pnp.spec.types import Spec

MARKS = ("{{", "{%", "{#")
SECONDS = 4.0  # all the templates of one spec file together


class _Budget:
    def __init__(self):
        self.deadline = time.monotonic() + SECONDS
        self.slow: dict = {}  # template source → why it was stopped (`templating.remembering_slow`)
        self.spent = False  # a template ran out of time, or the file's budget is gone


def has_template(text: str) -> bool:
    return any(mark in text for mark in MARKS)


def render_spec_text(model: Spec, parameters: dict, errors: Collector) -> None:
    """Render, in place, every string of `model` (and of the models, lists and mappings it holds)
    that holds a template; a failure is an error at that string's field."""
    budget = _Budget()
    with remembering_slow(budget.slow):
        _render_model(model, {"parameters": parameters}, errors, budget)


def _render_model(model: Spec, context: dict, errors: Collector, budget: _Budget) -> None:
    for name in type(model).model_fields:
        value = getattr(model, name)
        rendered = _render_value(value, context, model, name, errors, budget)
        if rendered is not value:
            setattr(model, name, rendered)


def _render_value(value: Any, context: dict, owner: Spec, field: str, errors: Collector, budget: _Budget) -> Any:
    """`value` with its templates rendered (the same object when nothing changed)."""
    if isinstance(value, str):
        if not has_template(value) or budget.spent:
            return value
        if time.monotonic() > budget.deadline:
            budget.spent = True
            errors.error(owner.position(field), f"{field}: the templates of this file take longer than "
                                                f"{SECONDS:g} s in all; the rest were not run")
            return value
        try:
            return render(value, context)
        except TemplateError as e:
            budget.spent = value in budget.slow  # it ran out of time
            errors.error(owner.position(field), f"{field}: {e.message}" +
                         ("; the file's other templates were not run" if budget.spent else ""))
            return value
    if isinstance(value, Spec):
        _render_model(value, context, errors, budget)
        return value
    if isinstance(value, list):
        items = [_render_value(v, context, owner, field, errors, budget) for v in value]
        return items if any(a is not b for a, b in zip(items, value)) else value
    if isinstance(value, dict):
        items = {k: _render_value(v, context, owner, field, errors, budget) for k, v in value.items()}
        return items if any(items[k] is not value[k] for k in value) else value
    return value
