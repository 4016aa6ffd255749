"""The words the kinds print on their own sheets, in the edition's language.

Print notes ("Print at 100 %"), cutting, folding and assembly steps, and the labels of a sheet's
furniture are sentences of pnp's, not the designer's: they come from `pnp/data/phrases.yaml`
(the table of each language, keys listed under "the words the kinds print on their own
sheets") through `pnp.models.phrases`, so a German edition's dice nets say "Mit 100 % drucken"
and an Arabic one's are shaped right to left like any other label. Outside a language edition
the English table is used, so a game without `languages:` prints what it always printed.
Numbers are formatted by the caller (`{size}` and `{overlap}` are millimetres).

A page's own lines (a sheet's header and foot line) start where the edition reads from:
`line_from_start` sets one from the left margin, or in a right-to-left edition from the right.
"""
from __future__ import annotations

from pnp.models.edition import right_to_left  # noqa: F401 (the kinds read it from here with their words)
from pnp.models.phrases import counted, phrase


def say(key: str, **values) -> str:
    """The sentence `key` in the edition's language, its `{names}` filled in."""
    return phrase(key).format(**values)


def count(key: str, n: int, **values) -> str:
    """A counted phrase ("3 A4 pages") in the plural form the edition's language gives `n`."""
    return counted(key, n, **values)


def space_size(shape: str, size: str, verb: bool = False) -> str:
    """What one space of a board is: "one space = 16 mm" (with `verb`, "one space is 16 mm")."""
    key = {"hex": "one_hex", "points": "one_point"}.get(shape, "one_square")
    return say(key + ("_is" if verb else ""), size=size)


def reading_start(left: float, right: float) -> tuple[float, str]:
    """Where a line of a page's own starts between its margins, and its anchor: the left margin,
    or in a right-to-left edition the right one, the line set leftwards from it."""
    return (right, "end") if right_to_left() else (left, "start")


def line_from_start(s, left: float, right: float, y: float, text: str, **style) -> None:
    """A header or foot line the kind prints itself, set from the margin its edition reads from."""
    x, anchor = reading_start(left, right)
    s.text(x, y, text, anchor=anchor, **style)


def line_from_end(s, left: float, right: float, y: float, text: str, **style) -> None:
    """The second line of a foot line pair (a page number, a note): at the margin reading ends at."""
    x, anchor = reading_start(left, right)
    s.text(left if anchor == "end" else right, y, text, anchor="start" if anchor == "end" else "end", **style)
