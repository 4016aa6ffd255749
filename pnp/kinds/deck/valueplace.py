"""Where a value a card's box uses was written: the data cell that holds it.

A check that fails on a value drawn from a table (an unknown icon, a picture that is missing or prints
blurred, a colour that is no colour, text that does not fit) is reported at the cell the designer
typed it in (`cards.csv:12:4`, `cards.xlsx:Ships!D18`), not at the layout that read it or the start of
the row. Only asked when a check fails, so a build that passes never looks a row up.
"""
from __future__ import annotations

from collections.abc import Iterable

from pnp.errors import Pos
from pnp.sandbox import templating

_TEMPLATED = ("text", "src", "icons", "fill", "stroke", "color", "show_if")


def fields_read(box) -> list[str]:
    """The names a box's templates read, in the order they first appear in it."""
    names: list[str] = []
    for key in _TEMPLATED:
        source = getattr(box, key, None)
        if not isinstance(source, str):
            continue
        if key == "icons" and "{" not in source:
            found = [source] if source.isidentifier() else []  # `icons: kinds` names the field itself
        else:
            try:
                found = sorted(templating.names_used(source), key=source.find)
            except templating.TemplateError:
                continue
        names += [n for n in found if n not in names]
    return names


def value_cell(deck, face, box, value: str | None = None, *, longest: bool = False,
               among: Iterable[str] | None = None) -> Pos | None:
    """The cell of this card's data row that gave `box` the value `value` (a field whose text holds it, or
    is held in it), or, with `longest`, the field with the longest text; None when the card has no data
    row or no such field (the caller keeps its own position)."""
    rows = getattr(deck, "data_rows", None)
    if not rows or face.card_id not in rows:
        return None
    cells = rows[face.card_id].cols
    names = [n for n in (among if among is not None else fields_read(box)) if n in cells]
    texts = {n: "" if face.fields.get(n) is None else str(face.fields.get(n)) for n in names}
    if longest:
        names = sorted((n for n in names if texts[n]), key=lambda n: -len(texts[n]))
    elif value:
        names = [n for n in names if texts[n] and (texts[n] in value or value in texts[n])]
    return cells[names[0]] if names else None
