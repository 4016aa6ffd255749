"""A deck's faces as printed, in the shape the referee reads of any kind offering cards
(`pnp.kinds.printedface`): each face prepared by the deck's own drawer, for its card."""
from __future__ import annotations

from pnp.errors import Collector, Pos
from pnp.kinds.printedface import CardFaces, FaceText, PrintedFace
from pnp.reading.load import LDict, LList, locate


def printed_faces(game, component, limit: int) -> CardFaces:
    """The first `limit` faces of the deck's cards (a face that cannot be drawn is the build's error
    to report, and is left out here)."""
    from pnp.kinds.deck import card_drawer

    deck = component.model
    piles = getattr(deck.spec, "piles", None)
    raw = component.raw
    out = CardFaces(deck.name, raw.pos if isinstance(raw, LDict) else Pos(deck.shown), piles,
                    locate(raw, ["piles"]) if isinstance(raw, LDict) and "piles" in raw else None,
                    not piles or piles in (deck.field_defs or {}), values=frozenset(_written(raw)))
    drawer = card_drawer(game, deck, Collector())
    own_backs = _own_backs(raw, deck.name)
    for entry in deck.cards:
        for side, face in (("front", entry.front), ("back", entry.back)):
            if face is None:
                continue
            if limit <= 0:
                return out
            limit -= 1
            try:
                prepared = drawer.prepare(face, entry, 1)
            except Exception:  # noqa: BLE001 — a face that does not render is the build's error to report
                continue
            out.faces.append(_face(entry, side, face, prepared, piles, side == "back" and entry.id not in own_backs))
    return out


def _face(entry, side: str, face, prepared, piles: str | None, shared: bool) -> PrintedFace:
    look = (face.layout.name, face.layout.background,
            tuple((p.box.name, p.text, tuple(p.icons) if p.icons is not None else None, p.src, p.colours)
                  for p in prepared))
    texts = tuple(FaceText(p.box.name, p.text, str(p.box.raw["text"]), p.box.raw.value_pos["text"])
                  for p in prepared if p.text and isinstance(p.box.raw, LDict) and "text" in p.box.raw)
    front_name, back_name = _name(entry.front), _name(entry.back)
    named = back_name if side == "back" and back_name and back_name != front_name else None
    pile = entry.front.fields.get(piles) if piles else None
    return PrintedFace(entry.id, side, face.pos, None if pile is None else str(pile), named, shared, look, texts,
                       frozenset(str(v) for v in face.fields.values() if isinstance(v, (str, int, float))),
                       {rb.name: rb.raw.pos for rb in face.boxes if isinstance(rb.raw, LDict)})


def _name(face) -> str | None:
    name = (face.fields or {}).get("name") if face is not None else None
    return name if isinstance(name, str) and name else None


def _own_backs(raw, name: str) -> set:
    """The ids of the cards written with a `back:` of their own (the others share the deck's)."""
    cards = raw.get("cards") if isinstance(raw, LDict) else None
    if not isinstance(cards, LList):
        return set()
    return {str(c.get("id") or f"{name}-{i + 1}") for i, c in enumerate(cards) if isinstance(c, LDict) and "back" in c}


def _written(raw) -> set[str]:
    """Every string written in the deck's file: a number typed in one is the source checks' to place."""
    out: set[str] = set()
    stack = [raw]
    while stack and len(out) < 100_000:
        node = stack.pop()
        if isinstance(node, LDict):
            stack += list(node.values())
        elif isinstance(node, LList):
            stack += list(node)
        elif isinstance(node, str):
            out.add(node)
    return out
