"""A deck's cards as a sequence: past the first thousand, a CSV row's card is made again when asked for.

A resolved card costs about 1 KB (its typed fields, two faces, its row's positions), and the
forked workers that draw the sheets start from whatever the parent holds: 50,000 resolved
cards held 57 MB. A deck keeps its first `KEEP_RESOLVED` cards resolved; after those, a card
from a CSV row is kept as the row's text (in one buffer), its line and count (about 125
bytes in all for the benchmark's cards) and made again, the same way (about 25 µs), when it
is asked for (`cards[i]`, a loop): the sheets ask in the worker drawing them, one sheet at
a time. Loading still resolves and checks every row once, as it is read, so
every error is reported before anything is drawn, and making a card again reports nothing.

A card made again is a new object each time it is asked for: code that keys a cache by
`id()` of an entry or face must hold the object it keys (see `FaceDrawer._recent`).
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence

KEEP_RESOLVED = 1_000  # cards a deck keeps resolved (about 1 MB); past that, a CSV row's card is kept as its text


class DeckCards(Sequence):
    """The deck's cards in order: each kept resolved (a `CardEntry`), or, past the first
    `KEEP_RESOLVED`, as its CSV row's text, from which it is made when asked for (`make(index, row)`).

    The rows' texts are kept end to end in one buffer (UTF-8), not as a string each: tens of
    thousands of small strings made while loading would sit among the loader's freed objects
    and keep their memory from being reused."""

    def __init__(self, make: Callable):
        self._make = make
        self._items: list = []  # a CardEntry, or None for a card kept as its row
        self._text = bytearray()  # the kept rows' texts, end to end
        self._ends = array("Q", [0])  # where each kept row's text ends in `_text` (the first: where it starts)
        self._slot = array("L")  # which kept row a card is (for a card kept as its row)
        self._lines = array("L")  # the line a kept row starts on (0 for a resolved card)
        self._counts = array("L")
        self._maker_of = array("L")  # which of `_makers` (one a table) makes a kept row
        self._makers: list = []
        self._ids = bytearray()  # every card's id (UTF-8), end to end, for `repeated_ids`
        self._id_ends = array("Q", [0])
        self.rows = 0  # cards kept as their rows
        self.summary = None  # what the build needs to know of every card (`pnp.spec.deckload._Seen`), set once loaded

    def add(self, entry, row=None) -> None:
        """Add a card: resolved, or, past the first `KEEP_RESOLVED` and when it has one, as its row
        (`pnp.spec.csvdata.Row`, with its `record` and `maker`)."""
        if row is None or row.record is None or len(self._items) - self.rows < KEEP_RESOLVED:
            self._items.append(entry)
            self._slot.append(0)
            self._lines.append(0)
            self._maker_of.append(0)
        else:
            if not self.rows:  # a large deck: memory now counts more than the little time it costs
                from pnp.heap import keep_large_buffers_mapped

                keep_large_buffers_mapped()
            if not self._makers or self._makers[-1] is not row.maker:
                self._makers.append(row.maker)
            self._items.append(None)
            self._text += row.record.encode("utf-8", "surrogatepass")
            self._ends.append(len(self._text))
            self._slot.append(self.rows)
            self._lines.append(row.pos.line)
            self._maker_of.append(len(self._makers) - 1)
            self.rows += 1
        self._counts.append(entry.count)
        self._ids += entry.id.encode("utf-8", "surrogatepass")
        self._id_ends.append(len(self._ids))

    def repeated_ids(self) -> list[tuple[int, int]]:
        """(card, the first card with the same id) for every card whose id an earlier card has, in
        the cards' order: found by sorting once, at the end, rather than by a dict of every id
        held while loading."""
        ids, ends = self._ids, self._id_ends
        order = sorted(range(len(self._items)), key=lambda i: ids[ends[i]:ends[i + 1]])  # stable: by card too
        out, previous, first = [], None, 0
        for i in order:
            key = ids[ends[i]:ends[i + 1]]
            if key == previous:
                out.append((i, first))
            else:
                previous, first = key, i
        return sorted(out)

    def card_id(self, i: int) -> str:
        """Card `i`'s id, without making the card."""
        return self._ids[self._id_ends[i]:self._id_ends[i + 1]].decode("utf-8", "surrogatepass")

    def resolved(self) -> bool:
        """Whether every card is kept resolved (the deck may then keep a plain list)."""
        return not self.rows

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        item = self._items[i]
        if item is not None:
            return item
        return self._make(i % len(self._items), self.row(i))

    def __iter__(self):
        for i, item in enumerate(self._items):
            yield item if item is not None else self._make(i, self.row(i))

    def row(self, i: int):
        """The data row card `i` was kept as, made again (None for a card kept resolved)."""
        if self._items[i] is not None:
            return None
        slot = self._slot[i]
        record = self._text[self._ends[slot]:self._ends[slot + 1]].decode("utf-8", "surrogatepass")
        return self._makers[self._maker_of[i]].again(record, self._lines[i])

    def pos(self, i: int):
        """Where card `i` is (a row's card: at its row), without making it."""
        item = self._items[i]
        if item is not None:
            return item.pos
        from pnp.errors import Pos

        return Pos(self._makers[self._maker_of[i]].path, self._lines[i], 1)

    def is_row(self, i: int) -> bool:
        return self._items[i] is None

    def copies(self, i: int) -> int:
        """Card `i`'s count, without making the card."""
        return self._counts[i]


class RowPlaces(Mapping):
    """Card id → where its data row and cells are (`RowPlace`): the resolved cards' from a dict; those
    of the cards kept as rows, when first asked (the referees ask, a build does not), by reading
    their rows again."""

    def __init__(self, kept: dict, cards: DeckCards):
        self._kept, self._cards = kept, cards
        self._index: dict[str, int] | None = None

    def _made(self) -> dict[str, int]:
        if self._index is None:
            cards = self._cards
            self._index = {cards.card_id(i): i for i in range(len(cards)) if cards.is_row(i)}
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
