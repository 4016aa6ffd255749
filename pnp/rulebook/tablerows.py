"""A helper that draws a block (a card, a page, a list) cannot stand in a Markdown table row.

`card()`, `figure()`, `component_list()` and `page_break()` put a block of their own in the text,
with blank lines round it; written in a row (`| Ship | {{ card("fleet", "ship-1") }} |`) that block
ends the table there and the rest of the row becomes a paragraph, silently. Such a call is an error at
the call instead. `cells()` and plain values are inline and belong in tables.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.errors import Pos, SpecError, SpecErrors, display_path

BLOCK_HELPERS = ("card", "figure", "component_list", "page_break")
_CALL = re.compile(r"(?<![\w.])(" + "|".join(BLOCK_HELPERS) + r")\s*\(")
_EXPRESSION = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")


def check_table_rows(path: Path) -> None:
    """A located error for each block helper called inside a table row of the rulebook's source."""
    from pnp.rulebook.sources import source_lines

    errors = []
    for n, line in enumerate(source_lines(path) or [], 1):
        if not line.lstrip().startswith("|"):
            continue
        for tag in _EXPRESSION.finditer(line):
            call = _CALL.search(tag.group())
            if call:
                name = call.group(1)
                errors.append(SpecError(Pos(display_path(path), n, tag.start() + call.start() + 1),
                                        f"{name}() draws a block of its own, so in a table row it ends the table "
                                        f"there; put it on a line of its own, before or after the table"))
    if errors:
        raise SpecErrors(errors)
