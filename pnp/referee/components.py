"""Text that promises a component the specs do not print (rule `components`), for any game.

The specs declare named things of the general kinds: a sheet grid's marks (its cells marked `bonus`)
and a sheet's tracks, a board's space types, the symbols on dice faces, a tokens file's pieces. Each is
counted as it will be printed: the cells a mark covers, a track's boxes, the board squares of a space
type, the faces a symbol is on, a piece's `count`. One declared but counted 0 (a mark with no cells,
a space type no square of the map uses, a symbol on no face, a piece of count 0) is absent from the
game; a text that names it as a component, the name followed by a word for a component ("bonus
squares", "the bonus track", "a forest space", "the red face", "Star tokens"; a name that ends in
such a word, "Victory marker", alone), is a finding
at those words. The texts are those the other text checks read (`pnp.referee.text.texts`): the
sources and the printed rulebook and faces.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pnp.referee.findings import Finding

HEADS = ("squares?", "spaces?", "cells?", "box(?:es)?", "faces?", "sides?", "tokens?", "markers?", "tracks?",
         "areas?", "pieces?", "tiles?", "symbols?", "marks?")


@dataclass(frozen=True)
class Declared:
    name: str       # as the spec names it
    count: int      # how many of it the game prints
    what: str       # the declaration, in words, for the message


def declared(game, counts: list | None = None) -> list[Declared]:
    """Every named thing a component declares with how many of it are printed, as its kind counts
    them (`Kind.counted`; `counts` when the caller has them): the referee reads any kind alike."""
    from pnp.kinds import counted

    return [Declared(c.name, c.count, c.absent) for c in (counted(game) if counts is None else counts) if c.absent]


def component_findings(game, counts: list | None = None) -> list[Finding]:
    """A text naming a declared component the game prints none of: a finding at the words."""
    from pnp.referee.text import _pos_in, read_texts

    absent = [d for d in declared(game, counts) if d.count <= 0 and _words(d.name)]
    if not absent:
        return []
    heads = "|".join(HEADS)
    patterns = [(d, re.compile(rf"(?<![\w-]){_words(d.name)}" + (r"s?\b" if re.search(rf"(?:{heads})$", d.name, re.I)
                                 else rf"(?:[\s*_]|:[a-z][a-z0-9-]*:)+(?:{heads})\b"), re.I)) for d in absent]
    out: dict = {}
    for t in read_texts(game):
        for d, pattern in patterns:
            for m in pattern.finditer(t.text):
                said = " ".join(m.group(0).replace("*", " ").replace("_", " ").split())
                pos = _pos_in(t, m.start(), m.group(0).split()[0].strip("*_"))
                out.setdefault(pos, Finding(pos, "components", f"the text speaks of '{said}', but the game prints "
                                                               f"none: {d.what}"))
    return list(out.values())


def _words(name: str) -> str:
    """A spec name as words of text: 'victory-marker' matches 'victory marker' and 'Victory-marker'."""
    parts = [re.escape(p) for p in re.split(r"[\s_-]+", str(name).strip()) if p]
    return r"[\s_-]+".join(parts)
