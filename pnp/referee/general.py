"""Checks every game gets, with or without a rule family.

- `backs`: the cards of one deck are shuffled together, so their backs must not tell them
  apart: every card uses the deck's back unless every card has its own (a double-sided deck).
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
    out += _backs(game)
    out += _icons(game)
    out += _cards(game)
    out += _reachable(game)
    return out


def general_notes(game) -> list[str]:
    return _component_list_note(game) + _dice_notes(game)


# --------------------------------------------------------------------------- decks

def _back_key(face) -> tuple:
    fields = tuple(sorted((k, repr(v)) for k, v in (face.fields or {}).items()))
    return (face.layout.name if hasattr(face.layout, "name") else repr(face.layout), fields,
            bool(getattr(face, "overridden", False)))


def _backs(game) -> list[Finding]:
    out = []
    for comp in offering(game, "cards"):
        deck = comp.model
        piles = getattr(getattr(deck, "spec", None), "piles", None)   # each pile is shuffled on its own
        pile_of = (lambda c: repr(c.front.fields.get(piles))) if piles else (lambda c: None)
        for pile in dict.fromkeys(pile_of(c) for c in getattr(deck, "cards", [])):
            out += _deck_backs(deck, [c for c in getattr(deck, "cards", []) if pile_of(c) == pile])
    return out


def _deck_backs(deck, cards: list) -> list[Finding]:
    """The cards of one pile (the whole deck, unless it declares `piles:`) share one back."""
    out = []
    backed = [c for c in cards if c.back is not None]
    if len(cards) < 2 or not backed or (len(backed) == len(cards) and _all_differ_by_design(backed)):
        return out
    keys = Counter(_back_key(c.back) for c in backed)
    common, _ = keys.most_common(1)[0]
    for c in cards:
        if c.back is not None and _own_face(c):
            continue  # a double-sided card (its back is a face with its own name): not dealt face down
        if c.back is None:
            out.append(Finding(c.pos, "backs", f"card '{c.id}' has no back while the other cards of deck "
                                               f"'{deck.name}' have one: shuffled together, it shows"))
        elif _back_key(c.back) != common:
            out.append(Finding(c.back.pos, "backs", f"card '{c.id}' has a different back from the rest of "
                                                    f"deck '{deck.name}': shuffled face down, it can be told apart"))
    return out


def _own_face(card) -> bool:
    """The back names itself differently from the front: a second face, as on a reference card."""
    front, back = card.front.fields or {}, card.back.fields or {}
    return bool(back.get("name")) and back.get("name") != front.get("name")


def _all_differ_by_design(backed) -> bool:
    """A double-sided deck (every card its own back, each back a face of its own) is not a shuffled-face-down deck."""
    return len({_back_key(c.back) for c in backed}) == len(backed)


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
