"""Backs that tell shuffled cards apart, read as they are printed (rule `backs`), for any game.

`pnp.referee.general` compares what each card's back *is* (its layout and fields). A back can still
differ in what it *shows*: a shared back whose text reads a card's field ("Harbour · {{ kind }}"
prints "Harbour · ship" on some cards and "Harbour · relic" on others), a colour or an icon chosen by
a template. Here each back is drawn as the card drawer prepares it (`FaceDrawer.prepare`: every
box's text, icons, picture and colours for that card, and the layout's background), and the cards of
one deck that are shuffled together must all show the same.

A deck may hold piles, each shuffled face down on its own (`piles: <field>` in the deck: the cards
with one value of that field are a pile): the backs of one pile must look alike, and one pile's back
may differ from another's (a back reading "{{ pile }}", or a back layout named by a template).

A deck where every card shows a back of its own (double-sided cards, dealt face up) is not shuffled
face down, and a card whose back names itself differently from its front (a reference card) is not
either; neither is held to this, unless its back is the deck's shared `back:`.
"""
from __future__ import annotations

from collections import Counter

from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.kinds import kind_module, offering

MAX_CARDS = 2_000     # cards compared per deck


def back_findings(game) -> list[Finding]:
    from pnp.errors import Collector

    out = []
    for comp in offering(game, "cards"):
        deck = comp.model
        if not hasattr(deck, "cards"):
            continue
        piles = getattr(deck.spec, "piles", None)
        if piles and piles not in (deck.field_defs or {}):
            out.append(Finding(_piles_pos(comp) or comp.raw.pos, "backs",
                               f"deck '{deck.name}' splits its piles by '{piles}', which is not one of its fields"))
            continue
        drawer = kind_module(comp.kind).card_drawer(game, deck, Collector())
        own_backs = _own_backs(comp, deck.name)
        shares = deck.spec.back is not None
        groups: dict = {}
        for i, entry in enumerate(deck.cards):
            if i >= MAX_CARDS:
                break
            if entry.back is None:
                continue
            try:
                look = _look(drawer, entry)
            except Exception:  # noqa: BLE001 — a back that does not render is the build's error to report
                continue
            pile = entry.front.fields.get(piles) if piles else None
            groups.setdefault(repr(pile), []).append((entry, look, shares and entry.id not in own_backs))
        for members in groups.values():
            out += _pile_findings(deck, members, piles)
    return out


def _look(drawer, entry) -> tuple:
    """What a back shows: its layout and background, and each box's text, icons, picture and colours."""
    back = entry.back
    boxes = tuple((p.box.name, p.text, tuple(p.icons) if p.icons is not None else None, p.src, p.colours)
                  for p in drawer.prepare(back, entry, 1))
    return (back.layout.name, back.layout.background, boxes)


def _pile_findings(deck, members: list, piles: str | None) -> list[Finding]:
    """MEMBERS: (card, what its back shows, is it the deck's shared back) of one pile."""
    if len(members) < 2:
        return []
    own = [look for _e, look, shared in members if not shared]
    if own and len(set(own)) == len(own) and len(own) == len(members):
        return []            # every card its own back: double-sided cards, not shuffled face down
    looks = Counter(look for _e, look, _s in members)
    common = looks.most_common(1)[0][0]
    out = []
    where = f"pile '{members[0][0].front.fields.get(piles)}' of deck '{deck.name}'" if piles else f"deck '{deck.name}'"
    for entry, look, shared in members:
        if look == common or (not shared and _own_face(entry)):
            continue
        box, what = _difference(look, common)
        pos = _box_pos(entry.back, box) if shared else entry.back.pos
        out.append(Finding(pos, "backs", f"card '{entry.id}' shows a different back from the rest of {where} "
                                         f"({what}): shuffled face down, it can be told apart"
                                         + ("" if piles else "; if the deck holds piles, say so with `piles: <field>`")))
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


def _own_face(entry) -> bool:
    """The back names itself differently from the front: a second face, as on a reference card."""
    front, back = entry.front.fields or {}, entry.back.fields or {}
    return bool(back.get("name")) and back.get("name") != front.get("name")


def _box_pos(face, box: str | None) -> Pos:
    """Where the shared back's box that differs is written (its layout's box), else the back itself."""
    from pnp.reading.load import LDict

    for rb in face.boxes:
        if rb.name == box and isinstance(rb.raw, LDict):
            return rb.raw.pos
    return face.pos


def _own_backs(comp, name: str) -> set:
    """The ids of the cards written with a `back:` of their own (the others share the deck's)."""
    from pnp.reading.load import LDict, LList

    cards = comp.raw.get("cards") if isinstance(comp.raw, LDict) else None
    if not isinstance(cards, LList):
        return set()
    return {str(c.get("id") or f"{name}-{i + 1}") for i, c in enumerate(cards) if isinstance(c, LDict) and "back" in c}


def _piles_pos(comp) -> Pos | None:
    from pnp.reading.load import LDict, locate

    raw = comp.raw
    return locate(raw, ["piles"]) if isinstance(raw, LDict) and "piles" in raw else None
