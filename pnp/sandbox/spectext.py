"""Values of a token, score-sheet or board spec that read the game's rule parameters.

A card's text is a template drawn once per card (`pnp.kinds.deck.face`). A token, score sheet or board is
the same on every copy, so each of its values holding a template (`label: "{{ parameters.wits }}
Wits"`, `length: "{{ parameters.rounds }}"`) is rendered once, into a copy of the loaded file
that is then checked against its model (the file as written stays the component's `raw`, which
the referee's text check reads, templates blanked): a number, a colour or a file name that reads a parameter is
then checked like one written out. `parameters` (the values of game.yaml's `parameters:`) is the
only name, in the same sandbox and limits as card text. So a rule number changed in game.yaml
reaches the token sheet, the score pad and the board as it reaches the cards and the rulebook.
A template that fails is an error at the value that holds it. Boxes written inline under a
piece's `layout:` are left as written: the layout engine renders them with the piece's fields.

Each value may hold its own template, so the time is bounded for the whole file, not only per
template: once one runs out of time, or all of them together have taken SECONDS, the file's
other templates are not run (one error says so).
"""
from __future__ import annotations

import time
from typing import Any

from pnp.errors import Collector, Pos
from pnp.reading.load import LDict, LList
from pnp.sandbox.templating import TemplateError, remembering_slow, render

MARKS = ("{{", "{%", "{#")
SECONDS = 4.0  # all the templates of one spec file together


def has_template(text: str) -> bool:
    return any(mark in text for mark in MARKS)


class _Budget:
    def __init__(self):
        self.deadline = time.thread_time() + SECONDS  # processor time: a busy machine does not spend it
        self.slow: dict = {}  # template source → why it was stopped (`templating.remembering_slow`)
        self.spent = False  # a template ran out of time, or the file's budget is gone


def render_spec_values(raw: Any, parameters: dict, errors: Collector) -> Any:
    """The loaded spec file (`LDict`/`LList` tree) with every text value that holds a template
    rendered: a copy of each mapping and list on the way to such a value, the rest shared; `raw`
    itself when it holds none. A failure is an error at that value, which is left as written."""
    budget = _Budget()
    with remembering_slow(budget.slow):
        return _walk(raw, {"parameters": parameters}, errors, budget)


def _walk(node: Any, context: dict, errors: Collector, budget: _Budget) -> Any:
    if isinstance(node, LDict):
        places = node.value_pos
        changed = {}
        for key, value in node.items():
            if key == "layout" and isinstance(value, LDict):
                continue  # a piece's own boxes: templates over its fields, rendered as it is drawn
            if isinstance(value, str):
                new = _rendered(value, key, places.get(key, node.pos), context, errors, budget)
            else:
                new = _walk(value, context, errors, budget)
            if new is not value:
                changed[key] = new
        if not changed:
            return node
        copy = LDict(node)
        copy.share_positions(node)
        copy.update(changed)
        return copy
    if isinstance(node, LList):
        places = node.item_pos
        items = [_rendered(v, None, places[i], context, errors, budget) if isinstance(v, str)
                 else _walk(v, context, errors, budget) for i, v in enumerate(node)]
        if all(a is b for a, b in zip(items, node)):
            return node
        copy = LList(items)
        copy.share_positions(node)
        return copy
    return node


def _rendered(text: str, key: Any, pos: Pos, context: dict, errors: Collector, budget: _Budget) -> str:
    if not has_template(text) or budget.spent:
        return text
    said = f"{key}: " if key is not None else ""
    if time.thread_time() > budget.deadline:
        budget.spent = True
        errors.error(pos, f"{said}the templates of this file take longer than {SECONDS:g} s of processor time in all; "
                          "the rest were not run")
        return text
    try:
        return render(text, context)
    except TemplateError as e:
        budget.spent = text in budget.slow  # it ran out of time
        errors.error(e.at(pos, text), f"{said}{e.message}" + ("; the file's other templates were not run" if budget.spent else ""))
        return text
