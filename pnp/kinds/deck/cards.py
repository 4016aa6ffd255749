"""A deck's cards as a sequence: past the first thousand, a CSV row's card is read again from the file when asked for.

A resolved card costs about 1 KB (its typed fields, two faces, its row's positions), and the
forked workers that draw the sheets start from whatever the parent holds: 50,000 resolved
cards held 57 MB. A deck keeps its first `KEEP_RESOLVED` cards resolved; after those, a card
from a CSV row is kept as where its row is in the file (where its bytes start and end, and
its count: about 16 bytes), and made again, the same way (about 25 µs), when it is asked for (`cards[i]`, a
loop): the sheets ask in the worker drawing them, one sheet at a time.

The rows are read again from their file through the game folder's gate
(`pnp.reading.safepath.FileAgain`), `BLOCK` rows at a time, and each block must be the bytes
read the first time (a digest of them is kept): a table edited while the deck is being
built is an error at the file, never cards drawn from rows nobody checked. Loading resolves and checks every row once, as it is
read, so every error is reported before anything is drawn, and making a card again reports
nothing.

A card made again is a new object each time it is asked for: code that keys a cache by
`id()` of an entry or face must hold the object it keys (see `FaceDrawer._recent`).
"""
from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence

KEEP_RESOLVED = 1_000  # cards a deck keeps resolved (about 1 MB); past that, a CSV row's card is kept as its place
BLOCK = 64  # rows kept as their place that are read again together, and checked by one digest
_DIGEST = 16  # bytes of a block's digest (BLAKE2b)


class DeckCards(Sequence):
    """The deck's cards in order: each kept resolved (a `CardEntry`), or, past the first
    `KEEP_RESOLVED`, as where its CSV row is in its file, from which it is made when asked
    for (`make(index, row)`).

    Each card is a few numbers in arrays, not an object (tens of thousands of small objects
    made while loading would sit among the loader's freed ones and keep their memory from
    being reused): which kept row or resolved card it is, its count, and for a kept row
    where its bytes start and end. Consecutive kept rows of one table form blocks of
    `BLOCK`, each with the table's maker, the line its first row starts on (a row's own line
    is counted from it when the block is read again) and a digest of its rows' bytes. The
    cards' ids are held while loading, for `repeated_ids`, and let go of once loaded (`loaded`)."""

    _RESOLVED = 1 << 31  # in `_slot`: the card is `_resolved[slot - _RESOLVED]`

    def __init__(self, make: Callable):
        self._make = make
        self._resolved: list = []  # the cards kept resolved (CardEntry)
        self._slot = array("I")  # each card: which kept row it is, or `_RESOLVED` + which resolved card
        self._counts = array("H")  # each card's count (at most 10,000)
        self._ids: bytearray | None = bytearray()  # every card's id (UTF-8), end to end, while loading
        self._id_ends = array("I", [0])
        self._starts = array("I")  # each kept row: where its bytes start in its file
        self._ends = array("I")  # … where they end
        self._block_first = array("I")  # each block: its first kept row
        self._block_line = array("I")  # … the line its first row starts on
        self._block_maker = array("I")  # … which of `_makers` (one a table) makes its rows
        self._digests = bytearray()  # … the digest of its rows' bytes, `_DIGEST` each
        self._makers: list = []
        self._hashing = None  # the digest of the block being filled; None once it is sealed
        self._read: tuple[int, list[str], list[int]] = (-1, [], [])  # the block read last: its rows' texts, lines
        self.rows = 0  # cards kept as their rows
        self.summary = None  # what the build needs to know of every card (`pnp.kinds.deck.loading._Seen`), set once loaded

    def add(self, entry, row=None) -> None:
        """Add a card: resolved, or, past the first `KEEP_RESOLVED` and when its table's file can be
        read again, as its row (`pnp.kinds.deck.rows.Row`, with its `record`, `start` and `maker`)."""
        if row is None or row.start is None or len(self._resolved) < KEEP_RESOLVED:
            self._slot.append(self._RESOLVED + len(self._resolved))
            self._resolved.append(entry)
        else:
            self._slot.append(self.rows)
            self._keep_row(row)
        self._counts.append(entry.count)
        self._ids += entry.id.encode("utf-8", "surrogatepass")
        self._id_ends.append(len(self._ids))

    def _keep_row(self, row) -> None:
        if not self.rows:  # a large deck: memory now counts more than the little time it costs
            from pnp.heap import keep_large_buffers_mapped

            keep_large_buffers_mapped()
        if (self._hashing is None or self._makers[self._block_maker[-1]] is not row.maker
                or self.rows - self._block_first[-1] >= BLOCK):
            self._seal()
            if not self._makers or self._makers[-1] is not row.maker:
                self._makers.append(row.maker)
            self._block_first.append(self.rows)
            self._block_line.append(row.pos.line)
            self._block_maker.append(len(self._makers) - 1)
            self._hashing = hashlib.blake2b(digest_size=_DIGEST)
        data = row.record.encode("utf-8")  # the row's bytes in the file: its text was decoded from them
        self._hashing.update(data)
        self._starts.append(row.start)
        self._ends.append(row.start + len(data))
        self.rows += 1

    def _seal(self) -> None:
        """End the block being filled (its digest is kept); a card added later starts a new one."""
        if self._hashing is not None:
            self._digests += self._hashing.digest()
            self._hashing = None

    def repeated_ids(self) -> list[tuple[int, int]]:
        """(card, the first card with the same id) for every card whose id an earlier card has, in
        the cards' order: found by sorting once, at the end, rather than by a dict of every id
        held while loading."""
        ids, ends = self._ids, self._id_ends
        order = sorted(range(len(self)), key=lambda i: ids[ends[i]:ends[i + 1]])  # stable: by card too
        out, previous, first = [], None, 0
        for i in order:
            key = ids[ends[i]:ends[i + 1]]
            if key == previous:
                out.append((i, first))
            else:
                previous, first = key, i
        return sorted(out)

    def loaded(self) -> None:
        """Every card is in and checked: the ids are let go of (`card_id` makes a row's card to tell it)."""
        self._seal()
        self._ids, self._id_ends = None, array("I")

    def card_id(self, i: int) -> str:
        """Card `i`'s id (without making the card while the deck is loading)."""
        if self._ids is not None:
            return self._ids[self._id_ends[i]:self._id_ends[i + 1]].decode("utf-8", "surrogatepass")
        return self[i].id

    def resolved(self) -> bool:
        """Whether every card is kept resolved (the deck may then keep a plain list)."""
        return not self.rows

    def __len__(self) -> int:
        return len(self._slot)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        slot = self._slot[i]
        if slot >= self._RESOLVED:
            return self._resolved[slot - self._RESOLVED]
        return self._make(i % len(self._slot), self._row_at(slot))

    def __iter__(self):
        for i in range(len(self._slot)):
            yield self[i]

    def row(self, i: int):
        """The data row card `i` was kept as, made again from its file (None for a card kept resolved)."""
        slot = self._slot[i]
        return None if slot >= self._RESOLVED else self._row_at(slot)

    def _row_at(self, slot: int):
        block, k = self._placed(slot)
        _, texts, lines = self._block_read(block)
        return self._makers[self._block_maker[block]].again(texts[k], lines[k])

    def _placed(self, slot: int) -> tuple[int, int]:
        """Which block kept row `slot` is in, and which of its rows it is."""
        block = bisect_right(self._block_first, slot) - 1
        return block, slot - self._block_first[block]

    def _block_read(self, block: int) -> tuple[int, list[str], list[int]]:
        """A block's rows read again from their file and checked against its digest: their texts, and
        the lines they start on (counted from the block's first: `csvfile` splits lines at CR, LF
        and CRLF, and no byte of a character of several bytes is either)."""
        read = self._read  # one look: another thread (`pnp serve`) may read another block meanwhile
        if read[0] == block:
            return read
        self._seal()
        first = self._block_first[block]
        last = self._block_first[block + 1] if block + 1 < len(self._block_first) else self.rows
        maker = self._makers[self._block_maker[block]]
        at, end = self._starts[first], self._ends[last - 1]
        data = maker.source.read(at, end)
        pieces = [data[self._starts[k] - at:self._ends[k] - at] for k in range(first, last)]
        digest = hashlib.blake2b(digest_size=_DIGEST)
        for piece in pieces:
            digest.update(piece)
        if len(data) != end - at or digest.digest() != self._digests[block * _DIGEST:(block + 1) * _DIGEST]:
            from pnp.errors import Pos, SpecError, SpecErrors

            raise SpecErrors([SpecError(Pos(maker.path, self._block_line[block], 1),
                                        "the table changed while the deck was being built (these rows are not "
                                        "the ones that were checked): build again")])
        lines, line, counted = [], self._block_line[block], at
        for k in range(first, last):
            between = data[counted - at:self._starts[k] - at]
            line += between.count(b"\n") + between.count(b"\r") - between.count(b"\r\n")
            lines.append(line)
            counted = self._starts[k]
        read = self._read = (block, [piece.decode("utf-8") for piece in pieces], lines)
        return read

    def pos(self, i: int):
        """Where card `i` is (a row's card: at its row)."""
        slot = self._slot[i]
        if slot >= self._RESOLVED:
            return self._resolved[slot - self._RESOLVED].pos
        from pnp.errors import Pos

        block, k = self._placed(slot)
        line = self._block_read(block)[2][k]
        return Pos(self._makers[self._block_maker[block]].path, line, 1)

    def is_row(self, i: int) -> bool:
        return self._slot[i] < self._RESOLVED

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
