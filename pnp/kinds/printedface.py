"""A card face as the players see it: what a kind offering "cards" tells the referee of each face.

The referee judges printed words and backs for any kind that offers cards. It reads them in this
shape, so that it never needs a kind's own models or its drawer (`pnp.kinds.kind.OFFERINGS`): a kind
from another package offers cards by giving `printed_faces(game, component, limit)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import Pos


@dataclass(frozen=True)
class FaceText:
    """One text box of a face: the words printed, and the template they were made from."""

    box: str                  # the layout box's name
    text: str                 # the words as printed for this card
    template: str             # the box's `text:` as written (may hold `{{ … }}`)
    where: Pos                # where that `text:` is written


@dataclass(frozen=True)
class PrintedFace:
    """One side of one card, as printed."""

    card: str                 # the card's id
    side: str                 # "front" or "back"
    where: Pos                # where the face is written (a card's row, a deck's shared `back:`)
    pile: str | None          # the pile it is shuffled in (`piles: <field>`), None for the whole deck
    named: str | None         # the face's own `name` field, if it has one
    shared: bool              # the deck's shared back (not a back the card writes itself)
    look: tuple               # what it shows: layout, background, each box (name, text, icons, picture, colours)
    texts: tuple[FaceText, ...] = ()
    values: frozenset[str] = frozenset()     # the card's own data (its fields) as written
    box_at: dict[str, Pos] = field(default_factory=dict, compare=False)   # each box's definition

    @property
    def own_face(self) -> bool:
        """A back naming itself apart from its front is a face of its own (a reference card's second
        side), not a back dealt face down; the kind sets `named` on both sides to tell."""
        return self.side == "back" and bool(self.named)


@dataclass
class CardFaces:
    """Every printed face of one component offering cards, in card order."""

    deck: str                     # the component's name
    where: Pos                    # the component's file
    piles_by: str | None          # the field that splits it into piles, if any
    piles_by_where: Pos | None    # where `piles:` is written
    piles_known: bool             # that field is one the cards have
    faces: list[PrintedFace] = field(default_factory=list)
    values: frozenset[str] = frozenset()    # every string written in its file (a number typed there is the source checks')

    def cards(self) -> dict[str, dict[str, PrintedFace]]:
        """card id → {"front": face, "back": face} (a side the card lacks is absent)."""
        out: dict[str, dict[str, PrintedFace]] = {}
        for f in self.faces:
            out.setdefault(f.card, {})[f.side] = f
        return out
