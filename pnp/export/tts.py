"""Tabletop Simulator: deck sheets of trimmed cards, a back image, and tts.json describing them.

TTS reads a deck from one image of at most 10 x 7 cards, and shows the last slot
of the grid (the 70th on a full sheet) for a hidden card, so a sheet holds at
most 69 cards. Sheets stay within 4096 px a side. When every card has the same
back the deck gets one back image; when backs differ ("unique backs") every face
sheet gets a back sheet with the same grid. The hidden slot holds the first back.
"""
from __future__ import annotations

import json
import math

from pnp.errors import Pos
from pnp.export.raster import Rasterizer, deck_origin, decks, face_pages, png, printshop_pdf
from pnp.safename import OutputNames, shown, slug

TITLE = "Tabletop Simulator"
MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last slot is the hidden card
MAX_PX = 4096
MAX_DPI = 300  # no point in more pixels than the print has
BLANK = "#ffffff"


def grid_for(cards: int) -> tuple[int, int]:
    """Columns and rows for `cards` cards plus the hidden slot: as few rows as fit, at least 2 x 2."""
    slots = cards + 1
    rows = min(MAX_ROWS, max(2, math.ceil(slots / MAX_COLS)))
    cols = min(MAX_COLS, max(2, math.ceil(slots / rows)))
    return cols, rows


def card_px(deck, cols: int, rows: int) -> tuple[int, int]:
    """The largest card, at most MAX_DPI, whose grid fits MAX_PX a side; aspect kept."""
    scale = min((MAX_PX // cols) / deck.width, (MAX_PX // rows) / deck.height, MAX_DPI / 72)
    return math.floor(deck.width * scale), math.floor(deck.height * scale)


def export(game, step=None) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    listing = {"game": game.name, "decks": []}
    names = OutputNames(game.errors)
    names.add("tts.json", Pos("tts.json"), "the deck listing")
    for deck in decks(game):
        files_deck, facts = _deck(game, deck, step)
        for name in files_deck:  # deck names are slugged; a clash (up to case) is a located error
            names.add(name, deck_origin(deck), f"deck {shown(deck.name)}")
        game.errors.raise_if_any()
        files.update(files_deck)
        listing["decks"].append(facts)
    files["tts.json"] = (json.dumps(listing, indent=2) + "\n").encode()
    return files


def _deck(game, deck, step):
    from PIL import Image

    cards = list(deck.expanded())
    chunks = [cards[i:i + PER_SHEET] for i in range(0, len(cards), PER_SHEET)] or [[]]
    cols0, rows0 = grid_for(len(chunks[0]))
    cw, ch = card_px(deck, cols0, rows0)
    pages = {(id(r.entry), r.copy, r.side): r.page for r in face_pages(deck)}
    blank = Image.new("RGB", (cw, ch), BLANK)
    fronts, backs = [], []
    with Rasterizer(printshop_pdf(game, deck), deck) as raster:
        for entry, copy in cards:
            for side, out in (("front", fronts), ("back", backs)):
                page = pages.get((id(entry), copy, side))
                out.append(raster.render(page, (cw, ch), (cw, ch)) if page is not None else blank)
                if step and page is not None:
                    step()
    back_pngs = [png(b) for b in backs]
    unique_backs = len(set(back_pngs)) > 1
    hidden = backs[0] if backs else blank
    name = slug(deck.name, "deck")
    files: dict[str, bytes] = {}
    sheets = []
    start = 0
    for n, chunk in enumerate(chunks, 1):
        cols, rows = grid_for(len(chunk))
        sheet = {"file": f"{name}-{n}.png", "columns": cols, "rows": rows, "cards": len(chunk),
                 "hidden_slot": cols * rows, "back": None}
        files[sheet["file"]] = png(_sheet(fronts[start:start + len(chunk)], hidden, cols, rows, cw, ch))
        if unique_backs:
            sheet["back"] = f"{name}-{n}-backs.png"
            files[sheet["back"]] = png(_sheet(backs[start:start + len(chunk)], hidden, cols, rows, cw, ch))
        sheets.append(sheet)
        start += len(chunk)
    back = None
    if not unique_backs:
        back = f"{name}-back.png"
        files[back] = back_pngs[0] if back_pngs else png(blank)
    facts = {"deck": deck.name, "cards": len(cards), "card_px": [cw, ch], "unique_backs": unique_backs,
             "back": back, "sheets": sheets}
    return files, facts


def _sheet(images, hidden, cols: int, rows: int, cw: int, ch: int):
    """Cards left to right, top to bottom; the last slot holds the hidden-card image."""
    from PIL import Image

    sheet = Image.new("RGB", (cols * cw, rows * ch), BLANK)
    for i, image in enumerate(images):
        sheet.paste(image, ((i % cols) * cw, (i // cols) * ch))
    last = cols * rows - 1
    sheet.paste(hidden, ((last % cols) * cw, (last // cols) * ch))
    return sheet
