"""A template that fails on many cards is one mistake: one error at the template, naming the cards.

A layout's `{{ name + rank }}` fails on every card of the deck; the mistake is written once, at
one line and column of the layout, so that is where it is reported, once, with how many cards
it failed for and a few of their ids ("for 18 cards, e.g. ship-1, ship-2, ship-3").
"""
from __future__ import annotations

from contextlib import contextmanager

from pnp.errors import Collector, SpecError
from pnp.reading.load import locate
from pnp.sandbox.templating import TemplateError

EXAMPLES = 3  # card ids named in the message


@contextmanager
def templating_key(key: str):
    """A TemplateError raised inside is marked as the failure of the box's template `key`."""
    try:
        yield
    except TemplateError as e:
        if getattr(e, "key", None) is None:
            e.key = key
        raise


def for_cards(ids: list[str], total: int) -> str:
    if total == 1:
        return f" (for card '{ids[0]}')"
    shown = ", ".join(ids[:EXAMPLES])
    return f" (for {total} cards, e.g. {shown})" if total > len(ids[:EXAMPLES]) else f" (for {total} cards: {shown})"


class TemplateFailures:
    """The failures of a deck's box templates, each reported once in `report`, its card list kept up to date."""

    def __init__(self, report: Collector):
        self.report = report
        self._seen: dict[tuple, tuple[int, set[str], list[str]]] = {}

    def add(self, box, error: TemplateError, card_id: str) -> None:
        source = getattr(box.box, error.key, None)
        raw = box.raw
        value_at = locate(raw, [error.key]) if error.key in raw else raw.pos
        at = error.at(value_at, source) if isinstance(source, str) else value_at
        message = f"box '{box.name}': {error.message}"
        key = (at, message)
        errors = self.report.errors
        if key not in self._seen:
            self._seen[key] = (len(errors), {card_id}, [card_id])
            errors.append(SpecError(at, message + for_cards([card_id], 1)))
            return
        index, cards, examples = self._seen[key]
        if card_id in cards:
            return
        cards.add(card_id)
        if len(examples) < EXAMPLES:
            examples.append(card_id)
        text = message + for_cards(examples, len(cards))
        if index < len(errors) and errors[index].pos == at and errors[index].message.startswith(message):
            errors[index] = SpecError(at, text)
        else:  # the list was cut back since (a stage took its errors back): report it again
            self._seen[key] = (len(errors), cards, examples)
            errors.append(SpecError(at, text))
