"""One image per distinct face, for the targets that upload cards one by one (TGC, MPC, Tabletopia).

Every physical face is rendered, then identical images are written once: copies
of a card that look the same share a file, and a back shared by the whole deck
becomes a single `back.png`. `cards.json` lists each front/back pair with its
count, the quantities a print shop asks for.
"""
from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Callable

from pnp.errors import Pos
from pnp.export.raster import Rasterizer, deck_origin, decks, face_pages, png, printshop_pdf
from pnp.safename import OutputNames, shown, slug

# deck → (trim px, canvas px, facts for cards.json)
SizeFor = Callable[[object], tuple[tuple[float, float], tuple[int, int], dict]]


def export_faces(game, target: str, size_for: SizeFor, dpi: int | None = 300,
                 step: Callable[[], None] | None = None) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    listing = {"target": target, "game": game.name, "decks": []}
    claimed = OutputNames(game.errors)
    claimed.add("cards.json", Pos("cards.json"), "the card listing")
    for deck in decks(game):  # each deck's folder is a safe name; two that clash are a located error
        claimed.add(slug(deck.name, "deck"), deck_origin(deck), f"deck {shown(deck.name)}")
    game.errors.raise_if_any()
    for deck in decks(game):
        trim, canvas, facts = size_for(deck)
        refs = face_pages(deck)
        images: dict[tuple[int, int, str], bytes] = {}
        with Rasterizer(printshop_pdf(game, deck), deck) as raster:
            for ref in refs:
                images[(id(ref.entry), ref.copy, ref.side)] = png(raster.render(ref.page, trim, canvas), dpi)
                if step:
                    step()
        folder = slug(deck.name, "deck")
        backs = [images.get((id(e), c, "back")) for e, c in deck.expanded()]
        shared_back = backs[0] is not None and len(set(backs)) == 1
        if shared_back:
            files[f"{folder}/back.png"] = backs[0]
        rows: "OrderedDict[tuple, dict]" = OrderedDict()
        for index, entry in enumerate(deck.cards, 1):
            base = f"{folder}/{index:03d}-{slug(entry.id, 'card')}"
            names = {side: _names(base, side, [images.get((id(entry), c, side)) for c in range(1, entry.count + 1)])
                     for side in ("front", "back")}
            for copy in range(1, entry.count + 1):
                front = names["front"][copy - 1]
                back = f"{folder}/back.png" if shared_back else names["back"][copy - 1]
                for side, name in (("front", front), ("back", back)):
                    if name and not (shared_back and side == "back"):
                        files[name] = images[(id(entry), copy, side)]
                row = rows.setdefault((front, back), {"id": entry.id, "front": front, "back": back, "count": 0})
                row["count"] += 1
        listing["decks"].append({"deck": deck.name, **facts, "pixels": list(canvas), "cards": deck.total,
                                 "images": sum(1 for n in files if n.startswith(folder + "/")),
                                 "shared_back": f"{folder}/back.png" if shared_back else None,
                                 "faces": list(rows.values())})
    files["cards.json"] = (json.dumps(listing, indent=2) + "\n").encode()
    return files


def _names(base: str, side: str, copies: list[bytes | None]) -> list[str | None]:
    """File names for each copy's face: one name when every copy looks the same, else one per look."""
    if copies and copies[0] is None:
        return [None] * len(copies)
    looks: dict[str, int] = {}
    for data in copies:
        looks.setdefault(hashlib.sha256(data).hexdigest(), len(looks) + 1)
    if len(looks) == 1:
        return [f"{base}-{side}.png"] * len(copies)
    return [f"{base}-{looks[hashlib.sha256(d).hexdigest()]}-{side}.png" for d in copies]
