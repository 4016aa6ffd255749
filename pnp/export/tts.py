"""Tabletop Simulator: a saved object (`<game>.json`, with its thumbnail `<game>.png`) and its images.

The JSON follows the save format Tabletop Simulator itself writes ("Save File Format" in its
knowledge base; a *saved object* is a save whose outer fields are empty and whose `ObjectStates`
hold the objects), compared field by field with the saves of a large public mod (argonui/SCED).
Each piece a kind lists (`pnp.kinds.kind.Piece`) becomes an object, scaled to its printed size
(`pnp.export.tts_size`):

- the cards of a component: a `DeckCustom` whose `CustomDeck` entries are card sheets of at most
  10 × 7 cards (`NumWidth` × `NumHeight`; a single card is a 1 × 1 sheet), `BackIsHidden`, `UniqueBack`
  with a back sheet per face sheet when backs differ, else one back image; the sheets' ids come from a
  hash of the game and the component (`deck_id`), so two pnp games on one table never share one, and
  `DeckIDs` and each `Card`'s `CardID` are sheet id × 100 + slot. A component of one card is a lone `Card`;
- a six-sided die: a `Custom_Dice` (`CustomDice.Type` 1) whose image is laid out as Tabletop
  Simulator's own d6 template (`D6_TEMPLATE`), with `RotationValues` naming each face (`D6_ROTATIONS`);
  a die of another number of faces is a tile per face;
- a token whose outline is not a rectangle (circle, hexagon, custom) and whose two sides look the same: a
  `Custom_Token` cut to its outline (its picture transparent outside it); one whose back differs stays a
  `Custom_Tile` (a token has one picture), as do rectangular pieces, player boards and boards.

Images are referred to by `--image-url` (a base URL where the folder will be uploaded) or, by
default, by `file://` URLs of the folder the export is written to. GUIDs are 6 hex digits of a
hash of the object's content, so the JSON is the same bytes on every run. A game without pieces
has no save (`export` returns no files).
"""
from __future__ import annotations

import hashlib
import json
import math

from pnp.export.cutout import CUT_SHAPES
from pnp.export.raster import PieceRaster, game_pieces, group_pieces, png
from pnp.export.tts_size import (
    THICKNESS,
    UNIT_MM,
    card_scale,
    die_scale,
    mm,
    tile_scale,
    token_scale,
    transform,
)
from pnp.models.icontext import plain_text
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
# The rotation that shows each face of a d6 on top, in the order of its numbers, as Tabletop Simulator
# writes them for a Custom_Dice of type 1 (argonui/SCED, objects/ObjectSourceBag.830bd0/Custom_Dice.loladie.json)
D6_ROTATIONS = ((-90, 0, 0), (0, 0, 0), (0, 0, -90), (0, 0, 90), (0, 0, -180), (90, 0, 0))
TILE_TYPE = {"rect": 0, "hexagon": 1, "circle": 2, "rounded": 3}  # CustomTile.Type by outline
CARD_TYPE = {"rounded": 0, "rect": 1, "hexagon": 3, "circle": 4}  # CustomDeck.Type by outline
MERGE_PX = 15.0        # CustomToken.MergeDistancePixels: what SCED's tokens and most generators write
DECK_IDS = (100_000, 999_999)  # six digits, as SCED's largest (600551); CardID = id × 100 + slot stays an int32
GAP = 0.5              # units between pieces laid out on the table
BAG_UNITS = 2.0        # the room a bag takes on the table (Tabletop Simulator's plain bag, at scale 1)
ROWS = ("board", "card", "tile", "die")  # the table's rows, far to near


def grid_for(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `cards` cards: a single card alone, else as few rows as fit, at least 2 x 2
    (real saves hold 1 x 1 sheets, and no sheet of one row of several cards)."""
    if cards == 1:
        return 1, 1
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


def deck_id(game_key: str, component: str, sheet: int, taken: set[int]) -> int:
    """The CustomDeck id of sheet SHEET of COMPONENT: six digits from a hash of the game and the component, so
    the same game gives the same ids and two games on one table almost surely different ones; the next free
    id when another sheet of this save has it."""
    low, high = DECK_IDS
    digest = hashlib.sha256(json.dumps([game_key, component, sheet]).encode()).digest()
    n = low + int.from_bytes(digest[:8], "big") % (high - low + 1)
    while n in taken:
        n = low if n == high else n + 1
    taken.add(n)
    return n


def base_object(name: str, nickname: str, description: str, where: dict) -> dict:
    """The fields every saved object has, in the order Tabletop Simulator writes them."""
    return {"GUID": "", "Name": name, "Transform": where, "Nickname": nickname, "Description": plain_text(description),
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
    """Objects and image files as they are made; GUIDs unique within the save; where each object lies."""

    def __init__(self, image_url: str, game_key: str, reserved: tuple[str, ...] = (), edition: str | None = None):
        self.edition = edition  # the language of the edition saved: its decks' nicknames name it
        self.base = image_url if not image_url or image_url.endswith("/") else image_url + "/"
        self.files: dict[str, bytes] = {}
        self._taken: dict[str, tuple[str, bytes | None]] = {n.casefold(): (n, None) for n in reserved}
        self.objects: list[dict] = []
        self.placed: list[tuple] = []  # (row, object, width, depth in units, stack)
        self.guids: set[str] = set()
        self.game_key = game_key
        self.deck_ids: set[int] = set()
        self.first_face = None  # the picture of the save's thumbnail
        self.contained = 0      # objects put in bags

    def image(self, name: str, data: bytes) -> str:
        """The URL of DATA saved as NAME. A name another image took already (the sheet of deck `dice-x` and
        die `x-1` of `dice` are both `dice-x-1.png`; `A-1.png` and `a-1.png` are one file on Windows), or the
        save's own, gets the first free `-2`, `-3`, … before its extension, so no image replaces another."""
        stem, dot, ext = name.rpartition(".")
        n = 1
        while (taken := self._taken.get(name.casefold())) is not None and taken[1] != data:
            n += 1
            name = f"{stem}-{n}{dot}{ext}"
        name = taken[0] if taken is not None else name  # the same picture again: the same file
        self._taken[name.casefold()] = (name, data)
        self.files[name] = data
        return self.base + name

    def place(self, row: str, obj: dict, width: float, depth: float, stack: str | None = None) -> dict:
        """OBJ goes in ROW of the table (WIDTH x DEPTH units; objects of one STACK lie on each other); it is
        laid out and added when every piece is made (`lay_out`)."""
        self.placed.append((row, obj, width, depth, stack))
        self.count_contained(0)
        return obj

    def count_contained(self, more: int) -> None:
        """Objects in bags count towards MAX_OBJECTS as those on the table do."""
        self.contained += more
        if len(self.placed) + self.contained > MAX_OBJECTS:
            from pnp.errors import Pos, SpecError, SpecErrors

            raise SpecErrors([SpecError(Pos("tts"), f"more than {MAX_OBJECTS:,} objects (copies of tiles count one "
                                                    f"each) for one Tabletop Simulator save")])

    def lay_out(self) -> None:
        """Rows from far to near, pieces left to right with a gap, copies stacked; then GUIDs from content."""
        z = 0.0
        for row in ROWS:
            items = [(obj, w, d, stack) for r, obj, w, d, stack in self.placed if r == row]
            if not items:
                continue
            depth = max(d for _, _, d, _ in items)
            x, stacks = 0.0, {}
            for obj, w, _, stack in items:
                if stack is None or stack not in stacks:
                    stacks[stack] = round(x + w / 2, 3)
                    x += w + GAP
                obj["Transform"]["posX"] = stacks[stack]
                obj["Transform"]["posZ"] = round(z - depth / 2, 3)
            z -= depth + 2 * GAP
        for _, obj, _, _, _ in self.placed:
            self.add(obj)

    def add(self, obj: dict) -> dict:
        obj["GUID"] = self.unique(obj)
        for child in obj.get("ContainedObjects", []):
            child["GUID"] = self.unique(child)
        self.objects.append(obj)
        return obj

    def unique(self, obj: dict) -> str:
        content = {k: v for k, v in obj.items() if k not in ("GUID", "ContainedObjects")}
        n = 0
        while (g := guid(content, n)) in self.guids:
            n += 1
        self.guids.add(g)
        return g


def game_key(game) -> str:
    """What tells one game from another for its deck ids: its folder's name, its title and its edition."""
    from pnp.export.target import edition_of

    title = game.game.title if game.game else ""
    lang = edition_of(game)
    return f"{game.name}\n{title}" + (f"\n{lang}" if lang else "")


def export(game, step=None, image_url: str | None = None) -> dict[str, bytes]:
    """The saved object, its thumbnail and its images; IMAGE_URL is where they will be (default: relative file
    names). No files at all for a game without pieces."""
    from pnp.export.cutout import thumbnail

    from pnp.export.target import edition_name, edition_of, edition_title

    name = slug(edition_name(game, game.name), "game")  # an edition's save is named after it: lantern-de.json
    lang = edition_of(game)
    save = Save(image_url or "", game_key(game), reserved=(f"{name}.json", f"{name}.png"), edition=lang)
    title = edition_title(game)
    titles = {k: f"{v} [{lang}]" if lang else v for k, v in component_titles(game).items()}  # "Markt [de]"
    for (what, component), pieces in group_pieces(game_pieces(game)).items():
        folder = slug(component, what)
        if what == "card":
            _deck(save, folder, pieces, step, titles.get(component, component))
        elif what == "die":
            for piece in pieces:
                _die(save, folder, piece, step)
        else:
            _tiles(save, folder, pieces, step, titles.get(component, component))
    if not save.placed:
        return {}
    save.lay_out()
    save.files[f"{name}.json"] = (json.dumps(saved_object(title, save.objects), indent=2, ensure_ascii=False)
                                  + "\n").encode()
    save.files[f"{name}.png"] = thumbnail(save.first_face)
    return save.files


def component_titles(game) -> dict[str, str]:
    """Each component's name (`Piece.component`) to the title players read (its spec's `title:`, else its
    name): a deck or a bag on the table is called what the box calls it, not by the spec's id."""
    out = {}
    for component in getattr(game, "components", ()):
        spec = getattr(component.model, "spec", component.model)
        name = getattr(spec, "name", None)
        if isinstance(name, str):
            title = getattr(spec, "title", None)
            out[name] = title if isinstance(title, str) and title.strip() else name
    return out


def _faces(pieces, size_px, step) -> dict[tuple[int, int], bytes]:
    """Each face of each piece, trimmed, at SIZE_PX (a function of the piece): {(piece index, face): picture}."""
    out = {}
    index = {id(p): i for i, p in enumerate(pieces)}
    with PieceRaster(pieces) as raster:
        for ref in raster.refs:
            px = size_px(ref.piece)
            out[index[id(ref.piece)], ref.face] = raster.render(ref, px, px)
            if step:
                step()
    return out


def _units(points: float) -> float:
    return mm(points) / UNIT_MM


def _deck(save: Save, folder: str, cards: list, step, title: str) -> None:
    from PIL import Image

    first = cards[0]
    cols0, rows0 = grid_for(min(len(cards), PER_SHEET))
    cw, ch = card_px(first.width, first.height, cols0, rows0)
    images = _faces(cards, lambda piece: (cw, ch), step)
    blank = Image.new("RGB", (cw, ch), BLANK)
    fronts = [images.get((i, 0), blank) for i in range(len(cards))]
    backs = [images.get((i, 1), blank) for i in range(len(cards))]
    save.first_face = save.first_face or fronts[0]
    back_pngs = [png(b) for b in backs]
    unique_backs = len(set(back_pngs)) > 1
    shared_back = None if unique_backs else save.image(f"{folder}-back.png", back_pngs[0])
    kind = CARD_TYPE.get(first.shape, 0)
    scale = card_scale(first.height)
    where = transform(0.0, 0.0, scale, flipped=True)
    contained, deck_ids, custom = [], [], {}
    for n, start in enumerate(range(0, len(cards), PER_SHEET), 1):
        chunk = range(start, min(start + PER_SHEET, len(cards)))
        cols, rows = grid_for(len(chunk))
        face_url = save.image(f"{folder}-{n}.png", png(_sheet([fronts[i] for i in chunk], cols, rows, cw, ch)))
        back_url = shared_back or save.image(f"{folder}-{n}-backs.png",
                                             png(_sheet([backs[i] for i in chunk], cols, rows, cw, ch)))
        sheet_id = deck_id(save.game_key, first.component, n, save.deck_ids)
        info = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
                "BackIsHidden": True, "UniqueBack": unique_backs, "Type": kind}
        custom[str(sheet_id)] = info
        for slot, i in enumerate(chunk):
            card = cards[i]
            obj = base_object("Card", card.name, card.description, dict(where))
            obj.update({"CardID": sheet_id * 100 + slot, "SidewaysCard": card.width > card.height,
                        "HideWhenFaceDown": True, "Hands": True, "CustomDeck": {str(sheet_id): info}})
            contained.append(obj)
            deck_ids.append(sheet_id * 100 + slot)
    size = (_units(first.width), _units(first.height))
    if len(contained) == 1:
        save.place("card", contained[0], *size)
        return
    deck = base_object("DeckCustom", title, "", where)
    deck.update({"SidewaysCard": first.width > first.height, "HideWhenFaceDown": True, "Hands": False,
                 "DeckIDs": deck_ids, "CustomDeck": custom, "ContainedObjects": contained})
    save.place("card", deck, *size)


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


def _die(save: Save, folder: str, die, step) -> None:
    if len(die.faces) != len(D6_TEMPLATE):
        _die_as_tiles(save, folder, die, step)
        return
    faces = _faces([die], lambda piece: _die_face_px(piece), step)
    save.first_face = save.first_face or faces[0, 0]
    url = save.image(f"{folder}-{slug(die.key or die.name, 'die')}.png",
                     png(d6_image([faces[0, i] for i in range(len(die.faces))])))
    scale = die_scale(die.width)
    obj = base_object("Custom_Dice", die.name, die.description, transform(0.0, 0.0, scale, sy=scale))
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                          "CustomDice": {"Type": DICE_TYPE[6]}}
    obj["RotationValues"] = rotation_values(face_names(die))
    save.place("die", obj, _units(die.width), _units(die.height))


def face_names(die) -> list[str]:
    """What each face of a die says, in the order of its spec: its text, else its place on the die."""
    texts = list(die.facts.get("faces") or [])
    return [str(texts[i]).strip() if i < len(texts) and str(texts[i]).strip() else str(i + 1)
            for i in range(len(die.faces))]


def rotation_values(names: list[str]) -> list[dict]:
    """A d6's RotationValues: face i of the spec is the template's face i, shown on top by D6_ROTATIONS[i]."""
    return [{"Value": name, "Rotation": {"x": float(x), "y": float(y), "z": float(z)}}
            for name, (x, y, z) in zip(names, D6_ROTATIONS)]


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


def _die_as_tiles(save: Save, folder: str, die, step) -> None:
    """A die whose template pnp does not know: one tile per face, named by its place on the die."""
    faces = _faces([die], _square_px, step)
    save.first_face = save.first_face or faces[0, 0]
    key = slug(die.key or die.name, "die")
    scale = tile_scale(die.width, die.height)
    for i in range(len(die.faces)):
        url = save.image(f"{folder}-{key}-face-{i + 1}.png", png(faces[0, i]))
        obj = base_object("Custom_Tile", f"{die.name}, face {i + 1}", die.description, transform(0.0, 0.0, scale))
        obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": url, "ImageScalar": 1.0, "WidthScale": 0.0,
                              "CustomTile": {"Type": TILE_TYPE["rect"], "Thickness": THICKNESS, "Stackable": False,
                                             "Stretch": True}}
        save.place("die", obj, _units(die.width), _units(die.height))


def _tiles(save: Save, folder: str, pieces: list, step, title: str) -> None:
    """Tokens, player boards and boards: a Custom_Token cut to its outline, or a Custom_Tile, per copy. A
    token set of more than one token goes into a bag named after the set, as a boxed game keeps them."""
    faces = _faces(pieces, _square_px, step)
    tokens = [p for p in pieces if p.what == "token"]
    bag = None
    if sum(max(1, p.count) for p in tokens) > 1:
        bag = base_object("Bag", title, "", transform(0.0, 0.0, 1.0))
        bag.update({"MaterialIndex": -1, "MeshIndex": -1, "Bag": {"Order": 0}, "ContainedObjects": []})
        save.place("tile", bag, BAG_UNITS, BAG_UNITS)
    for i, piece in enumerate(pieces):
        key = slug(piece.key or piece.name, piece.what)
        front = faces[i, 0]
        save.first_face = save.first_face or front
        back = faces.get((i, 1))
        one_look = back is None or back.tobytes() == front.tobytes()
        board = piece.what == "board"
        if piece.shape in CUT_SHAPES and piece.cut is not None and one_look:
            obj, row = _token(save, folder, key, piece, front), "tile"
        else:
            obj, row = _tile(save, folder, key, piece, front, back, board), "board" if board else "tile"
        for copy in range(max(1, piece.count)):
            one = json.loads(json.dumps(obj))
            one["Transform"]["posY"] = round(1.0 + 0.2 * copy, 3)
            if bag is not None and piece.what == "token":
                save.count_contained(1)
                bag["ContainedObjects"].append(one)
            else:
                save.place(row, one, _units(piece.width), _units(piece.height), stack=f"{piece.what}/{folder}/{i}")


def _tile(save: Save, folder: str, key: str, piece, front, back, board: bool) -> dict:
    url = save.image(f"{folder}-{key}-front.png", png(front))
    back_url = save.image(f"{folder}-{key}-back.png", png(back)) if back is not None else url
    obj = base_object("Custom_Tile", piece.name, piece.description,
                      transform(0.0, 0.0, tile_scale(piece.width, piece.height)))
    obj["Locked"] = board  # a board lies where it is put (as the game's own Custom Board does)
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
                          "CustomTile": {"Type": TILE_TYPE.get(piece.shape, 0), "Thickness": THICKNESS,
                                         "Stackable": not board, "Stretch": True}}
    return obj


def _token(save: Save, folder: str, key: str, piece, front) -> dict:
    """A Custom_Token: the front, transparent outside the piece's cut line; scaled so the cut-out is the print."""
    from pnp.export.cutout import cut_mask, cut_out, rgba_png

    picture = cut_out(front, cut_mask(piece, front.size))
    url = save.image(f"{folder}-{key}-token.png", rgba_png(picture))
    opaque = front.size[1] / picture.size[1]  # the rest is the MARGIN_PX border
    obj = base_object("Custom_Token", piece.name, piece.description,
                      transform(0.0, 0.0, token_scale(piece.height, opaque)))
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                          "CustomToken": {"Thickness": THICKNESS, "MergeDistancePixels": MERGE_PX,
                                          "StandUp": False, "Stackable": True}}
    return obj
