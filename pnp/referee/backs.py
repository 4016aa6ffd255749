"""Backs that tell shuffled cards apart, read as they are printed (rule `backs`), for any game.

A back can differ in what it *shows* although every card names the same back layout: a shared back whose text reads a card's field ("Harbour · {{ kind }}"
prints "Harbour · ship" on some cards and "Harbour · relic" on others), a colour or an icon chosen by
a template. Here each back is read as the kind prints it (`printed_faces`, the "cards" offer: every box's
text, icons, picture and colours for that card, and the layout's background), and the cards of one
deck that are shuffled together must all show the same; a card with no back among cards with one
shows too.

A deck may hold piles, each shuffled face down on its own (`piles: <field>` in the deck: the cards
with one value of that field are a pile): the backs of one pile must look alike, and one pile's back
may differ from another's (a back reading "{{ pile }}", or a back layout named by a template).

A deck where every card shows a back of its own (double-sided cards, dealt face up) is not shuffled
face down, and a card whose back names itself differently from its front (a reference card) is not
either; neither is held to this, unless its back is the deck's shared `back:`.
"""
from __future__ import annotations

from collections import Counter

from pnp.referee.findings import Finding
from pnp.kinds import kind_module, offering

MAX_CARDS = 2_000     # cards compared per deck


def back_findings(game) -> list[Finding]:
    out = []
    for comp in offering(game, "cards"):
        printed = kind_module(comp.kind).printed_faces(game, comp, MAX_CARDS * 2)
        if not printed.piles_known:
            out.append(Finding(printed.piles_by_where or printed.where, "backs",
                               f"deck '{printed.deck}' splits its piles by '{printed.piles_by}', which is not one "
                               f"of its fields"))
            continue
        piles: dict = {}
        for sides in printed.cards().values():
            front = sides.get("front")
            if front is not None:
                piles.setdefault(front.pile, []).append(sides)
        for members in piles.values():
            out += _pile_findings(printed, members)
    return out


def _pile_findings(printed, members: list[dict]) -> list[Finding]:
    """MEMBERS: each card of one pile as {side: PrintedFace}."""
    if len(members) < 2:
        return []
    backs = [m["back"] for m in members if "back" in m]
    own = [b.look for b in backs if not b.shared]
    if not backs or (own and len(set(own)) == len(own) == len(members)):
        return []            # no backs, or every card its own back: double-sided cards, not shuffled face down
    pile = members[0]["front"].pile
    where = f"pile '{pile}' of deck '{printed.deck}'" if printed.piles_by else f"deck '{printed.deck}'"
    common = Counter(b.look for b in backs).most_common(1)[0][0]
    out = []
    for sides in members:
        back = sides.get("back")
        if back is None:
            front = sides["front"]
            out.append(Finding(front.where, "backs", f"card '{front.card}' has no back while the other cards of "
                                                     f"{where} have one: shuffled together, it shows"))
            continue
        if back.look == common or (not back.shared and back.own_face):
            continue
        box, what = _difference(back.look, common)
        pos = back.box_at.get(box, back.where) if back.shared else back.where
        out.append(Finding(pos, "backs", f"card '{back.card}' shows a different back from the rest of {where} "
                                         f"({what}): shuffled face down, it can be told apart"
                                         + ("" if printed.piles_by else "; if the deck holds piles, say so with `piles: <field>`")))
    return out


def _difference(look: tuple, common: tuple) -> tuple[str | None, str]:
    if look[0] != common[0]:
        return None, f"layout '{look[0]}' where the others use '{common[0]}'"
    if look[1] != common[1]:
        return None, f"background {look[1]} where the others have {common[1]}"
    theirs = {b[0]: b for b in common[2]}
    for b in look[2]:
        other = theirs.get(b[0])
        if other is None:
            return b[0], f"box '{b[0]}', which the others do not show"
        if b[1] != other[1]:
            return b[0], f"box '{b[0]}' reads '{_short(b[1])}' where the others read '{_short(other[1])}'"
        if b[2] != other[2]:
            return b[0], f"box '{b[0]}' shows icons {', '.join(b[2] or ()) or 'none'} where the others show " \
                         f"{', '.join(other[2] or ()) or 'none'}"
        if b[3] != other[3]:
            return b[0], f"box '{b[0]}' shows picture '{b[3]}' where the others show '{other[3]}'"
        if b[4] != other[4]:
            return b[0], f"box '{b[0]}' is coloured {dict(b[4])} where the others are {dict(other[4])}"
    return None, "a box the others do not show"


def _short(text) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= 40 else text[:37] + "…"
