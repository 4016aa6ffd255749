"""Where a spec wrote a character: the first text of a loaded YAML tree holding it, at the character.

A kind that draws a label itself (a die's name, a token's label) knows the string but not where it
was written; when such a label has a character no font can draw, the warning is more use at the
character in its file than at the file's first line. The walk is iterative and bounded by the
tree, which the read gate already bounded.
"""
from __future__ import annotations

import re

from pnp.errors import Pos
from pnp.reading.load import LDict, LList, locate_within


def first_place(tree, chars: str) -> Pos | None:
    """The position of the first of `chars` in the first string value of `tree` holding any of them
    (a mapping's own strings before those nested in it); None when no value holds one (the label
    came from a table, or pnp made it)."""
    wanted = set(chars)
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, LDict):
            where = node.value_pos
            items = [(value, where.get(key)) for key, value in node.items()]
        elif isinstance(node, LList):
            where = node.item_pos
            items = [(value, where[i]) for i, value in enumerate(node)]
        else:
            continue
        nested = []
        for value, pos in items:
            if isinstance(value, str):
                hit = next((c for c in value if c in wanted), None)
                if hit is not None and pos is not None:
                    return locate_within(pos, re.escape(hit), 4 * len(value) + 8)
            elif isinstance(value, (LDict, LList)):
                nested.append(value)
        stack.extend(reversed(nested))
    return None
