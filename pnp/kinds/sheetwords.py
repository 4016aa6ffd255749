"""The words the kinds print on their own sheets, in the edition's language.

Print notes ("Print at 100 %"), cutting, folding and assembly steps, and the labels of a sheet's
furniture are sentences of pnp's, not the designer's: they come from `pnp/data/phrases.yaml`
(the table of each language, keys listed under "the words the kinds print on their own
sheets") through `pnp.models.phrases`, so a German edition's dice nets say "Mit 100 % drucken"
and an Arabic one's are shaped right to left like any other label. Outside a language edition
the English table is used, so a game without `languages:` prints what it always printed.
Numbers are formatted by the caller (`{size}` and `{overlap}` are millimetres).
"""
from __future__ import annotations

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
