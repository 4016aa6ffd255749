"""Checks every game gets, with or without a rule family.

- `icons`: every `:icon:` the rulebook or a spec text names exists.
- `cards`: every card the rulebook shows by id (`card("deck", "id")`, `cover(...)`) exists.
- `component-list`: a rulebook that lists components by hand rather than with
  `{{ component_list() }}` gets a note (the list is not checked against the specs).
- `reachable`: on a board, every walkable space can be reached from every other one
  (one finding per cut-off region, at its first space).
- dice: each die's faces and their chances are reported as notes.
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from pnp.errors import Pos, did_you_mean
from pnp.referee.findings import Finding
from pnp.kinds import offering

_ICON = re.compile(r"(?<![\w:/]):([a-z][a-z0-9]*(?:-[a-z0-9]+)*):(?![\w/])")
_CARD_CALL = re.compile(r"\b(card|cover)\(\s*([\"'])([^\"']+)\2\s*,\s*(\[[^\]]*\]|([\"'])[^\"']+\5)")
_LITERAL = re.compile(r"([\"'])([^\"']+)\1")


def general_findings(game) -> list[Finding]:
    out = []
    out += _icons(game)
    out += _cards(game)
    out += _reachable(game)
    return out


def general_notes(game) -> list[str]:
    return _component_list_note(game) + _dice_notes(game)


# --------------------------------------------------------------------------- names in text

def _rulebook(game) -> tuple[str, str] | None:
    from pnp.errors import display_path

    source = game.rules_source()
    return None if source is None else (display_path(game.rules_path), source)


def _icons(game) -> list[Finding]:
    from pnp.referee.text import _pos_in, texts

    known = set(game.assets.icon_names())
    out = []
    for t in texts(game):
        for m in _ICON.finditer(t.text):
            name = m.group(1)
            if name in known:
                continue
            out.append(Finding(_pos_in(t, m.start(1), name), "icons",
                               f"the text names the icon ':{name}:', which the game does not have"
                               f"{did_you_mean(name, sorted(known))}"))
    return out


def _cards(game) -> list[Finding]:
    got = _rulebook(game)
    if got is None:
        return []
    shown, text = got
    decks = {c.model.name: {e.id for e in c.model.cards} for c in offering(game, "cards")}
    out = []
    for m in _CARD_CALL.finditer(text):
        deck = m.group(3)
        if deck not in decks:
            out.append(Finding(Pos.of_offset(shown, text, m.start(3)), "cards",
                               f"the rulebook shows a card of deck '{deck}', which the game does not have"
                               f"{did_you_mean(deck, sorted(decks))}"))
            continue
        for lit in _LITERAL.finditer(m.group(4)):
            card = lit.group(2)
            if card not in decks[deck]:
                out.append(Finding(Pos.of_offset(shown, text, m.start(4) + lit.start(2)), "cards",
                                   f"the rulebook shows card '{card}', which deck '{deck}' does not have"
                                   f"{did_you_mean(card, sorted(decks[deck]))}"))
    return out


def _component_list_note(game) -> list[str]:
    got = _rulebook(game)
    if got is None or "component_list(" in got[1]:
        return []
    if re.search(r"(?im)^#+\s*components\b", got[1]):
        return ["the rulebook lists its components by hand: write {{ component_list() }} to have the list made "
                "(and kept right) from the specs"]
    return []


# --------------------------------------------------------------------------- boards and dice

def _reachable(game) -> list[Finding]:
    out = []
    for comp in offering(game, "spaces"):
        board = comp.model
        if not all(hasattr(board, a) for a in ("cells", "walkable", "distances", "pos_of")):
            continue  # a board model without the graph API: nothing to walk
        try:
            walk = [c for c in board.cells() if board.walkable(c)]
        except Exception:  # noqa: BLE001 — a board this check cannot read is the board's own checks' business
            continue
        if not walk:
            continue
        seen = set(board.distances(walk[0]))
        for cell in walk:
            if cell in seen:
                continue
            region = set(board.distances(cell))
            seen |= region
            out.append(Finding(board.pos_of(cell), "reachable",
                               f"{len(region)} walkable space{'s' if len(region) != 1 else ''} here cannot be reached "
                               "from the rest of the board"))
    return out


def _dice_notes(game) -> list[str]:
    notes = []
    for comp in offering(game, "faces"):
        for die in getattr(comp.model, "dice", ()):
            faces = Counter(f.text for f in die.faces)
            n = sum(faces.values())
            if not n:
                continue
            table = ", ".join(f"{text} {_chance(k, n)}" for text, k in sorted(faces.items(), key=lambda kv: -kv[1]))
            notes.append(f"{die.name}: {table}")  # the name says what it is ("Investigator die", "d6")
    return notes


def _chance(k: int, n: int) -> str:
    f = Fraction(k, n)
    return f"{f.numerator}/{f.denominator}"
