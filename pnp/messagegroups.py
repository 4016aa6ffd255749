"""One message for one mistake, however many decks or places repeat it.

Two decks that read one spreadsheet each find its header typo; four decks each warn about
the same formula cell; a glyph is missing from the same card text in two decks. Printed as
found, the designer reads the same sentence several times. Before printing, messages are
grouped: the same words at the same place for several decks become one message naming the
decks ("decks 'ships' and 'ports'"), the same mistake on several cards of one file (a misspelt
layout in the `layout` column of eight rows) becomes one message naming the cards ("cards 'b', 'c'
and 'd' (front): unknown layout 'shp'"), and the same words at several places become one message
at the first place listing the others ("also at cards.csv:5:1, cards.csv:9:1").
"""
from __future__ import annotations

import re
from typing import Iterable

from pnp.errors import SpecError

_DECK = re.compile(r"\bdeck '([^']*)'")
_CARD = re.compile(r"^card '([^']*)'((?: \((?:front|back)\))?): ")  # a per-card mistake: "card 'b' (front): …"
PLACES_SHOWN = 10  # other places listed after "also at"
CARDS_SHOWN = 10  # cards named in a message said for several


class Grouped(list):
    """The merged messages; `places` counts each place a mistake is at once (what "N errors" says)."""

    places = 0


def grouped(findings: Iterable[SpecError]) -> Grouped:
    """`findings` with repeats merged, in the order each group first appears."""
    by_deck: dict[tuple, list] = {}
    for f in findings:
        decks = _DECK.findall(f.message)
        masked = _DECK.sub("deck '\0'", f.message, count=1) if len(decks) == 1 else f.message
        names = by_deck.setdefault((f.pos, masked), [f, []])[1]
        if len(decks) == 1 and decks[0] not in names:
            names.append(decks[0])
    merged = {key: first.message if len(decks) <= 1 else key[1].replace("deck '\0'", _decks(decks), 1)
              for key, (first, decks) in by_deck.items()}
    by_card: dict[tuple, list[str]] = {}  # (file, side, the words after the card) → the cards, in order
    for (pos, _), message in merged.items():
        m = _CARD.match(message)
        if m:
            cards = by_card.setdefault((pos.path, m.group(2), message[m.end():]), [])
            if m.group(1) not in cards:
                cards.append(m.group(1))
    by_words: dict[str, list] = {}
    for (pos, masked), message in merged.items():
        m = _CARD.match(message)
        cards = by_card.get((pos.path, m.group(2), message[m.end():])) if m else None
        if cards and len(cards) > 1:
            message = f"{_cards(cards)}{m.group(2)}: {message[m.end():]}"
        by_words.setdefault(message, []).append(pos)
    out = Grouped()
    out.places = len(by_deck)
    for message, places in by_words.items():
        if len(places) > 1:
            others = [str(p) for p in places[1:PLACES_SHOWN + 1]]
            more = len(places) - 1 - len(others)
            message += f" (also at {', '.join(others)}{f' and {more} more places' if more else ''})"
        out.append(SpecError(places[0], message))
    return out


def _decks(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    return "decks " + (", ".join(quoted[:-1]) + " and " + quoted[-1])


def _cards(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names[:CARDS_SHOWN]]
    more = len(names) - len(quoted)
    if more:
        return f"cards {', '.join(quoted)} and {more} more"
    return "cards " + (", ".join(quoted[:-1]) + " and " + quoted[-1])
