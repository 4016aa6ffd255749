"""A template that fails on many pieces is one mistake: one error at the template, naming the pieces.

A layout's `{{ name + rank }}` fails on every card of the deck (or every token of a set); the
mistake is written once, at one line and column of the layout, so that is where it is reported,
once, with how many pieces it failed for and a few of their ids ("for 18 cards, e.g. ship-1,
ship-2, ship-3").
"""
from __future__ import annotations

from contextlib import contextmanager

from pnp.errors import Collector, SpecError
from pnp.reading.load import locate
from pnp.sandbox.templating import TemplateError

EXAMPLES = 3  # piece ids named in the message


@contextmanager
def templating_key(key: str):
    """A TemplateError raised inside is marked as the failure of the box's template `key`."""
    try:
        yield
    except TemplateError as e:
        if getattr(e, "key", None) is None:
            e.key = key
        raise


def for_pieces(ids: list[str], total: int, noun: str = "card") -> str:
    if total == 1:
        return f" (for {noun} '{ids[0]}')"
    shown = ", ".join(ids[:EXAMPLES])
    nouns = f"{total} {noun}s"
    return f" (for {nouns}, e.g. {shown})" if total > len(ids[:EXAMPLES]) else f" (for {nouns}: {shown})"


class TemplateFailures:
    """The failures of a layout's box templates, each reported once in `report`, its list of pieces
    (`noun`s: cards, tokens, …) kept up to date."""

    def __init__(self, report: Collector, noun: str = "card"):
        self.report = report
        self.noun = noun
        self._seen: dict[tuple, tuple[int, set[str], list[str]]] = {}

    def add(self, box, error: TemplateError, piece_id: str) -> None:
        source = getattr(box.box, error.key, None)
        raw = box.raw
        value_at = locate(raw, [error.key]) if error.key in raw else raw.pos
        at = error.at(value_at, source) if isinstance(source, str) else value_at
        message = f"box '{box.name}': {error.message}"
        key = (at, message)
        errors = self.report.errors
        if key not in self._seen:
            self._seen[key] = (len(errors), {piece_id}, [piece_id])
            errors.append(SpecError(at, message + for_pieces([piece_id], 1, self.noun)))
            return
        index, cards, examples = self._seen[key]
        if piece_id in cards:
            return
        cards.add(piece_id)
        if len(examples) < EXAMPLES:
            examples.append(piece_id)
        text = message + for_pieces(examples, len(cards), self.noun)
        if index < len(errors) and errors[index].pos == at and errors[index].message.startswith(message):
            errors[index] = SpecError(at, text)
        else:  # the list was cut back since (a stage took its errors back): report it again
            self._seen[key] = (len(errors), cards, examples)
            errors.append(SpecError(at, text))
