"""Card Game Simulator: a custom game folder it loads (its cards, sets, decks and card backs).

The folder follows the Card Game Simulator card game specification (finol-digital/FinolDigital.Cgs.Json:
README.md "Custom game folder structure", and the JSON Schemas schema/cgs.json, AllCards.json and
AllSets.json); the deck files are written as its `Deck.ToTxt` writes them. What is written:

- `cgs.json`: the game's `name`, its `cardSize` in inches (of its first deck: the format has one size a
  game), PNG images, `cardNameIsUnique: false` with `deckFileTxtId: id` (pnp cards may share a name, so
  deck lines name cards by id), a `text` card property (the text printed on the card), every card back
  that is not the default one (`cardBackFaceImageUrls`: its id and the relative name of its file), and
  `autoUpdate: -1`. The folder is a game on the player's disk, not hosted anywhere: the schema's -1 means
  "never update". With its default (update after 30 days) Card Game Simulator re-downloads the game from
  its URLs, finds none, and clears the game's cards (its `UnityCardGame` update path);
- `AllSets.json`: a set per deck (`code`, `name`); `AllCards.json`: each distinct card (`id`, `name`,
  `set`, `text`, and `backs` when its back is not the default one);
- `sets/<set>/<id>.png` each card's front, `CardBack.png` the first deck's back, `backs/<id>.png` the others;
- `decks/<set>.txt`: `### <game> Deck: <deck>`, then `<count> [<id>] <name>` a line.

Only cards are exported: the format's pieces are cards. Identical copies of a card are one card with a
count; copies that print differently (a template printing the copy number) are a card each.
"""
from __future__ import annotations

import json

from pnp.export.raster import PieceRaster, game_pieces, group_pieces, png
from pnp.safename import slug

TITLE = "Card Game Simulator"
DPI = 300
MAX_SIDE = 1500        # pixels along a card's longer side
TAKES = {"card"}


def _size_px(piece) -> tuple[int, int]:
    k = min(DPI / 72, MAX_SIDE / max(piece.width, piece.height))
    return max(1, round(piece.width * k)), max(1, round(piece.height * k))


def export(game, step=None) -> dict[str, bytes]:
    """The game folder's files for every deck of GAME; no files when it has no cards."""
    groups = [(component, pieces) for (what, component), pieces in group_pieces(game_pieces(game)).items()
              if what in TAKES]
    if not groups:
        return {}
    from pnp.export.target import edition_title

    title = edition_title(game)  # CGS keeps games by name: each edition its own ("Lantern [de]")
    files: dict[str, bytes] = {}
    sets, cards, backs, decks = [], [], {}, {}
    default_back: str | None = None
    taken_codes: set[str] = set()
    for component, pieces in groups:
        code = _unique(slug(component, "deck"), taken_codes)
        sets.append({"code": code, "name": component})
        lines = decks.setdefault(code, [component])
        for key, copies, front, back in _distinct(pieces, step):
            card_id = f"{code}-{key}"
            files[f"sets/{code}/{card_id}.png"] = front
            name = " ".join(copies[0].name.split())  # one line in a deck file
            card = {"id": card_id, "name": name, "set": code, "text": copies[0].description}
            if back is not None:
                default_back = default_back or back
                if back != default_back:
                    back_id = backs.setdefault(back, f"back-{len(backs) + 1}")
                    files[f"backs/{back_id}.png"] = back
                    card["backs"] = [back_id]
            cards.append(card)
            lines.append(f"{len(copies)} [{card_id}] {name}")
    first = groups[0][1][0]
    spec = {"name": title, "cardSize": {"x": round(first.width / 72, 4), "y": round(first.height / 72, 4)},
            "cardImageFileType": "png", "cardBackImageFileType": "png", "cardNameIsUnique": False,
            "deckFileType": "txt", "deckFileTxtId": "id", "cardPrimaryProperty": "text", "autoUpdate": -1,
            "cardProperties": [{"name": "text", "display": "Text", "type": "string"}]}
    if backs:
        spec["cardBackFaceImageUrls"] = [{"id": back_id, "url": f"backs/{back_id}.png"}
                                         for back_id in backs.values()]
    if default_back is not None:
        files["CardBack.png"] = default_back
    for code, (component, *lines) in decks.items():
        files[f"decks/{code}.txt"] = (f"### {title} Deck: {component}\n" + "\n".join(lines) + "\n").encode()
    files["cgs.json"] = _json(spec)
    files["AllSets.json"] = _json(sets)
    files["AllCards.json"] = _json(cards)
    return files


def _distinct(pieces: list, step):
    """(key, copies, front PNG, back PNG or None) for each distinct card, in deck order: the copies of one
    card (`facts["id"]`) are one card when they all print alike, else a card each."""
    images: dict[tuple[int, int], bytes] = {}
    index = {id(p): i for i, p in enumerate(pieces)}
    with PieceRaster(pieces) as raster:
        for ref in raster.refs:
            px = _size_px(ref.piece)
            images[index[id(ref.piece)], ref.face] = png(raster.render(ref, px, px), DPI)
            if step:
                step()
    entries: dict[str, list[int]] = {}
    for i, piece in enumerate(pieces):
        entries.setdefault(str(piece.facts.get("id", piece.key or piece.name)), []).append(i)
    for entry, members in entries.items():
        looks = {(images[i, 0], images.get((i, 1))) for i in members}
        groups = [members] if len(looks) == 1 else [[i] for i in members]
        for group in groups:
            i = group[0]
            key = slug(entry if len(groups) == 1 else pieces[i].key or f"{entry}-{i}", "card")
            yield key, [pieces[j] for j in group], images[i, 0], images.get((i, 1))


def _unique(code: str, taken: set[str]) -> str:
    """CODE, or CODE-2, -3, … when another deck's name made the same code (set codes name folders)."""
    n, out = 1, code
    while out.casefold() in taken:
        n += 1
        out = f"{code}-{n}"
    taken.add(out.casefold())
    return out


def _json(data) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()

