"""Tabletop Simulator: a saved object (`<game>.json`) that Tabletop Simulator loads, and its images.

The JSON follows the save format Tabletop Simulator itself writes ("Save File Format" in its
knowledge base; a *saved object* is a save whose outer fields are empty and whose `ObjectStates`
hold the objects). Each piece a kind lists (`pnp.kinds.kind.Piece`) becomes an object:

- the cards of a component: a `DeckCustom` whose `CustomDeck` entries are card sheets of at most
  10 × 7 cards (`NumWidth` × `NumHeight`), `BackIsHidden` (the back, not the sheet's last slot, is
  what a hidden card shows, so all 70 slots hold cards), `UniqueBack` with a back sheet per face
  sheet when backs differ, else one back image; `DeckIDs` and each `Card`'s `CardID` are
  CustomDeck id × 100 + slot; `Nickname` and `Description` come from the card's fields. A
  component with a single card is a lone `Card`;
- a six-sided die: a `Custom_Dice` (`CustomDice.Type` 1) whose image is laid out as Tabletop
  Simulator's own d6 template (`D6_TEMPLATE`): a square of 3 × 3 cells, the top row unused, the
  faces 2, 4, 5 in the middle row and 1, 3, 6 in the bottom row, 1 and 6 upside down. Face i is
  the i-th face of the spec, so the value Tabletop Simulator reports for a roll is the face's
  place in the spec. A die of another number of faces is a tile per face (pnp's dice have six;
  the other templates' geometry is not public: see docs/formats.md);
- a board: a `Custom_Board`;
- anything else (tokens, player boards): a `Custom_Tile` per copy, with its front and back images
  and the tile shape nearest its outline (box, hex, circle, rounded), 0.2 thick, stackable.

Images are referred to by `--image-url` (a base URL where the folder will be uploaded) or, by
default, by `file://` URLs of the folder the export is written to. GUIDs are 6 hex digits of a
hash of the object's content, so the JSON is the same bytes on every run.
"""
from __future__ import annotations

import hashlib
import json
import math

from pnp.export.raster import PieceRaster, game_pieces, group_pieces, png
from pnp.safename import slug

TITLE = "Tabletop Simulator"
MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS
MAX_PX = 4096          # a sheet's longer side
MAX_DPI = 300          # no point in more pixels than the print has
MAX_OBJECTS = 5_000    # objects in one save (copies of tiles included)
BLANK = "#ffffff"
DICE_TYPE = {4: 0, 6: 1, 8: 2, 10: 3, 12: 4, 20: 5}  # CustomDice.Type by number of faces
# Tabletop Simulator's d6 template (Modding/Dice Templates/D6.png, as its knowledge base shows it):
# face → (column, row, quarter turns) in a 3 × 3 grid whose top row is unused
D6_TEMPLATE = {1: (0, 2, 2), 2: (0, 1, 0), 3: (1, 2, 0), 4: (1, 1, 0), 5: (2, 1, 0), 6: (2, 2, 2)}
TILE_TYPE = {"rect": 0, "hexagon": 1, "circle": 2, "rounded": 3}  # CustomTile.Type by outline
CARD_TYPE = {"rounded": 0, "rect": 1, "hexagon": 3, "circle": 4}  # CustomDeck.Type by outline


def grid_for(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `cards` cards: as few rows as fit, at least 2 x 2."""
    rows = min(MAX_ROWS, max(2, math.ceil(cards / MAX_COLS)))
    cols = min(MAX_COLS, max(2, math.ceil(cards / rows)))
    return cols, rows


def card_px(width: float, height: float, cols: int, rows: int) -> tuple[int, int]:
    """The largest card, at most MAX_DPI, whose grid fits MAX_PX a side; aspect kept."""
    scale = min((MAX_PX // cols) / width, (MAX_PX // rows) / height, MAX_DPI / 72)
    return max(1, math.floor(width * scale)), max(1, math.floor(height * scale))


def guid(*parts) -> str:
    """6 hex digits from the object's content: the same object, the same GUID on every run."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:6]


def transform(x: float, z: float, y: float = 1.0, flipped: bool = False) -> dict:
    return {"posX": round(x, 3), "posY": round(y, 3), "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def base_object(name: str, nickname: str, description: str, where: dict) -> dict:
    """The fields every saved object has, in the order Tabletop Simulator writes them."""
    return {"GUID": "", "Name": name, "Transform": where, "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True,
            "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": False, "Hands": False, "LuaScript": "",
            "LuaScriptState": "", "XmlUI": ""}


def saved_object(title: str, objects: list[dict]) -> dict:
    """A save holding OBJECTS, its outer fields empty: what Tabletop Simulator writes for a saved object."""
    return {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": title, "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}


class Save:
    """Objects and image files as they are made; GUIDs unique within the save."""

    def __init__(self, image_url: str):
        self.base = image_url if not image_url or image_url.endswith("/") else image_url + "/"
        self.files: dict[str, bytes] = {}
        self._taken: dict[str, tuple[str, bytes]] = {}  # a file name up to case → (the name, its bytes)
        self.objects: list[dict] = []
        self.guids: set[str] = set()
        self.next_deck = 1

    def image(self, name: str, data: bytes) -> str:
        """The URL of DATA saved as NAME. A name another image took already (the sheet of deck `dice-x` and
        die `x-1` of `dice` are both `dice-x-1.png`; `A-1.png` and `a-1.png` are one file on Windows) gets
        the first free `-2`, `-3`, … before its extension, so no image replaces another."""
        stem, dot, ext = name.rpartition(".")
        n = 1
        while (taken := self._taken.get(name.casefold())) is not None and taken[1] != data:
            n += 1
            name = f"{stem}-{n}{dot}{ext}"
        name = taken[0] if taken is not None else name  # the same picture again: the same file
        self._taken[name.casefold()] = (name, data)
        self.files[name] = data
        return self.base + name

    def add(self, obj: dict) -> dict:
        obj["GUID"] = self.unique(obj)
        for child in obj.get("ContainedObjects", []):
            child["GUID"] = self.unique(child)
        self.objects.append(obj)
        if len(self.objects) > MAX_OBJECTS:
            from pnp.errors import Pos, SpecError, SpecErrors

            raise SpecErrors([SpecError(Pos("tts"), f"more than {MAX_OBJECTS:,} objects (copies of tiles count one "
                                                    f"each) for one Tabletop Simulator save")])
        return obj

    def unique(self, obj: dict) -> str:
        content = {k: v for k, v in obj.items() if k not in ("GUID", "ContainedObjects")}
        n = 0
        while (g := guid(content, n)) in self.guids:
            n += 1
        self.guids.add(g)
        return g


def export(game, step=None, image_url: str | None = None) -> dict[str, bytes]:
    """The saved object and its images; IMAGE_URL is where they will be (default: relative file names)."""
    save = Save(image_url or "")
    title = game.game.title if game.game else game.name
    column = {"card": 0.0, "die": 0.0, "board": 0.0, "tile": 0.0}
    rows = {"card": 0.0, "die": -8.0, "board": 12.0, "tile": -4.0}
    for (what, component), pieces in group_pieces(game_pieces(game)).items():
        folder = slug(component, what)
        if what == "card":
            _deck(save, game, folder, pieces, (column["card"], rows["card"]), step)
            column["card"] += 4.0
        elif what == "die":
            for piece in pieces:
                _die(save, folder, piece, (column["die"], rows["die"]), step)
                column["die"] += 2.0
        elif what == "board":
            for piece in pieces:
                _board(save, folder, piece, (column["board"], rows["board"]), step)
                column["board"] += 20.0
        else:
            column["tile"] = _tiles(save, folder, pieces, column["tile"], rows["tile"], step)
    name = slug(game.name, "game")
    save.files[f"{name}.json"] = (json.dumps(saved_object(title, save.objects), indent=2, ensure_ascii=False)
                                  + "\n").encode()
    return save.files


def _faces(pieces, size_px, step) -> dict[tuple[int, int], bytes]:
    """Each face of each piece, trimmed, at SIZE_PX (a function of the piece): {(piece index, face): PNG}."""
    out = {}
    index = {id(p): i for i, p in enumerate(pieces)}
    with PieceRaster(pieces) as raster:
        for ref in raster.refs:
            px = size_px(ref.piece)
            out[index[id(ref.piece)], ref.face] = raster.render(ref, px, px)
            if step:
                step()
    return out


def _deck(save: Save, game, folder: str, cards: list, at: tuple[float, float], step) -> None:
    from PIL import Image

    first = cards[0]
    cols0, rows0 = grid_for(min(len(cards), PER_SHEET))
    cw, ch = card_px(first.width, first.height, cols0, rows0)
    images = _faces(cards, lambda piece: (cw, ch), step)
    blank = Image.new("RGB", (cw, ch), BLANK)
    fronts = [images.get((i, 0), blank) for i in range(len(cards))]
    backs = [images.get((i, 1), blank) for i in range(len(cards))]
    back_pngs = [png(b) for b in backs]
    unique_backs = len(set(back_pngs)) > 1
    shared_back = None if unique_backs else save.image(f"{folder}-back.png", back_pngs[0])
    kind = CARD_TYPE.get(first.shape, 0)
    where = transform(*at, flipped=True)
    contained, deck_ids, custom = [], [], {}
    for n, start in enumerate(range(0, len(cards), PER_SHEET), 1):
        chunk = range(start, min(start + PER_SHEET, len(cards)))
        cols, rows = grid_for(len(chunk))
        face_url = save.image(f"{folder}-{n}.png", png(_sheet([fronts[i] for i in chunk], cols, rows, cw, ch)))
        back_url = shared_back or save.image(f"{folder}-{n}-backs.png",
                                             png(_sheet([backs[i] for i in chunk], cols, rows, cw, ch)))
        deck_id = save.next_deck
        save.next_deck += 1
        info = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
                "BackIsHidden": True, "UniqueBack": unique_backs, "Type": kind}
        custom[str(deck_id)] = info
        for slot, i in enumerate(chunk):
            card = cards[i]
            obj = base_object("Card", card.name, card.description, where)
            obj.update({"CardID": deck_id * 100 + slot, "SidewaysCard": card.width > card.height,
                        "HideWhenFaceDown": True, "Hands": True, "CustomDeck": {str(deck_id): info}})
            contained.append(obj)
            deck_ids.append(deck_id * 100 + slot)
    if len(contained) == 1:
        save.add(contained[0])
        return
    deck = base_object("DeckCustom", first.component, "", where)
    deck.update({"SidewaysCard": first.width > first.height, "HideWhenFaceDown": True, "Hands": False,
                 "DeckIDs": deck_ids, "CustomDeck": custom, "ContainedObjects": contained})
    save.add(deck)


def _sheet(images, cols: int, rows: int, cw: int, ch: int):
    """Cards left to right, top to bottom, on a white sheet of cols x rows slots."""
    from PIL import Image

    sheet = Image.new("RGB", (cols * cw, rows * ch), BLANK)
    for i, image in enumerate(images):
        sheet.paste(image, ((i % cols) * cw, (i // cols) * ch))
    return sheet


def _square_px(piece) -> tuple[int, int]:
    scale = min(MAX_DPI / 72, MAX_PX / max(piece.width, piece.height))
    return max(1, round(piece.width * scale)), max(1, round(piece.height * scale))


def _die(save: Save, folder: str, die, at, step) -> None:
    if len(die.faces) != len(D6_TEMPLATE):
        _die_as_tiles(save, folder, die, at, step)
        return
    faces = _faces([die], lambda piece: _die_face_px(piece), step)
    url = save.image(f"{folder}-{slug(die.key or die.name, 'die')}.png",
                     png(d6_image([faces[0, i] for i in range(len(die.faces))])))
    obj = base_object("Custom_Dice", die.name, die.description, transform(*at))
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                          "CustomDice": {"Type": DICE_TYPE[6]}}
    save.add(obj)


def _die_face_px(piece) -> tuple[int, int]:
    """A die face's square in pixels: at most MAX_DPI, the whole template within MAX_PX."""
    side = max(1, min(round(max(piece.width, piece.height) * MAX_DPI / 72), MAX_PX // 3))
    return side, side


def d6_image(faces: list):
    """Six square face pictures (spec order) placed as Tabletop Simulator's d6 template places them."""
    from PIL import Image

    side = faces[0].width
    image = Image.new("RGB", (3 * side, 3 * side), BLANK)
    for number, (column, row, turns) in D6_TEMPLATE.items():
        face = faces[number - 1].rotate(90 * turns) if turns else faces[number - 1]
        image.paste(face, (column * side, row * side))
    return image


def _die_as_tiles(save: Save, folder: str, die, at, step) -> None:
    """A die whose template pnp does not know: one tile per face, named by its place on the die."""
    faces = _faces([die], _square_px, step)
    key = slug(die.key or die.name, "die")
    for i in range(len(die.faces)):
        url = save.image(f"{folder}-{key}-face-{i + 1}.png", png(faces[0, i]))
        obj = base_object("Custom_Tile", f"{die.name}, face {i + 1}", die.description,
                          transform(at[0] + 1.2 * i, at[1]))
        obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": url, "ImageScalar": 1.0, "WidthScale": 0.0,
                              "CustomTile": {"Type": TILE_TYPE["rect"], "Thickness": 0.2, "Stackable": False,
                                             "Stretch": True}}
        save.add(obj)


def _board(save: Save, folder: str, board, at, step) -> None:
    faces = _faces([board], _square_px, step)
    url = save.image(f"{folder}-board.png", png(faces[0, 0]))
    obj = base_object("Custom_Board", board.name, board.description, transform(*at))
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
    save.add(obj)


def _tiles(save: Save, folder: str, pieces: list, x: float, z: float, step) -> float:
    faces = _faces(pieces, _square_px, step)
    for i, piece in enumerate(pieces):
        key = slug(piece.key or piece.name, piece.what)
        front = save.image(f"{folder}-{key}-front.png", png(faces[i, 0]))
        back = save.image(f"{folder}-{key}-back.png", png(faces[i, 1])) if (i, 1) in faces else front
        for copy in range(max(1, piece.count)):
            obj = base_object("Custom_Tile", piece.name, piece.description, transform(x, z, 1.0 + 0.2 * copy))
            obj["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                                  "CustomTile": {"Type": TILE_TYPE.get(piece.shape, 0), "Thickness": 0.2,
                                                 "Stackable": True, "Stretch": True}}
            save.add(obj)
        x += 2.5
    return x
