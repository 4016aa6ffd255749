"""A deck's cards as a sequence: past the first few thousand, a CSV row's card is made again when asked for.

A resolved card costs about 1 KB (its typed fields, two faces, its row's positions), and the
forked workers that draw the sheets start from whatever the parent holds: 50,000 resolved
cards held 57 MB. A deck keeps its first `KEEP_RESOLVED` cards resolved; after those, a card
from a CSV row is kept as the row's text and line (about 150 bytes) and made again, the same
way, when it is asked for (`cards[i]`, a loop): the sheets ask in the worker drawing them,
one sheet at a time. Loading still resolves and checks every row once, as it is read, so
every error is reported before anything is drawn, and making a card again reports nothing.

A card made again is a new object each time it is asked for: code that keys a cache by
`id()` of an entry or face must hold the object it keys (see `FaceDrawer._recent`).
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence

KEEP_RESOLVED = 5_000  # cards a deck keeps resolved (about 5 MB); past that, a CSV row's card is kept as its text


class DeckCards(Sequence):
    """The deck's cards in order: each kept resolved (a `CardEntry`), or, past the first
    `KEEP_RESOLVED`, as its CSV row's text, from which it is made when asked for (`make(index, row)`)."""

    def __init__(self, make: Callable):
        self._make = make
        self._items: list = []  # a CardEntry, or the text of the CSV row a card is made from
        self._lines = array("L")  # the line a kept row starts on (0 for a resolved card)
        self._counts = array("L")
        self._maker_of = array("L")  # which of `_makers` (one a table) makes a kept row
        self._makers: list = []
        self.rows = 0  # cards kept as their rows
        self.total = 0  # the cards' copies
        self.double_sided = False
        self.face_groups: dict = {}  # see `ResolvedDeck.face_groups`

    def add(self, entry, row=None) -> None:
        """Add a card: resolved, or, past the first `KEEP_RESOLVED` and when it has one, as its row
        (`pnp.spec.csvdata.Row`, with its `record` and `maker`)."""
        if row is None or row.record is None or len(self._items) - self.rows < KEEP_RESOLVED:
            self._items.append(entry)
            self._lines.append(0)
            self._maker_of.append(0)
        else:
            if not self._makers or self._makers[-1] is not row.maker:
                self._makers.append(row.maker)
            self._items.append(row.record)
            self._lines.append(row.pos.line)
            self._maker_of.append(len(self._makers) - 1)
            self.rows += 1
        self._counts.append(entry.count)

    def resolved(self) -> bool:
        """Whether every card is kept resolved (the deck may then keep a plain list)."""
        return not self.rows

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        item = self._items[i]
        if type(item) is not str:
            return item
        return self._make(i % len(self._items), self.row(i))

    def __iter__(self):
        for i, item in enumerate(self._items):
            yield item if type(item) is not str else self._make(i, self.row(i))

    def row(self, i: int):
        """The data row card `i` was kept as, made again (None for a card kept resolved)."""
        item = self._items[i]
        if type(item) is not str:
            return None
        return self._makers[self._maker_of[i]].again(item, self._lines[i])

    def pos(self, i: int):
        """Where card `i` is (a row's card: at its row), without making it."""
        item = self._items[i]
        if type(item) is not str:
            return item.pos
        from pnp.errors import Pos

        return Pos(self._makers[self._maker_of[i]].path, self._lines[i], 1)

    def is_row(self, i: int) -> bool:
        return type(self._items[i]) is str

    def copies(self, i: int) -> int:
        """Card `i`'s count, without making the card."""
        return self._counts[i]


class RowPlaces(Mapping):
    """Card id → where its data row and cells are (`RowPlace`): the resolved cards' from a dict; the
    cards kept as rows found, when first asked (the referees ask, a build does not), by making them."""

    def __init__(self, kept: dict, cards: DeckCards):
        self._kept, self._cards = kept, cards
        self._index: dict[str, int] | None = None

    def _made(self) -> dict[str, int]:
        if self._index is None:
            cards = self._cards
            self._index = {cards[i].id: i for i in range(len(cards)) if cards.is_row(i)}
        return self._index

    def __getitem__(self, card_id: str):
        if card_id in self._kept:
            return self._kept[card_id]
        return self._cards.row(self._made()[card_id]).place()

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._kept or card_id in self._made()

    def __iter__(self):
        yield from self._kept
        yield from self._made()

    def __len__(self) -> int:
        return len(self._kept) + self._cards.rows
