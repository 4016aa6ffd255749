"""`pnp export tts` writes a saved object in the format Tabletop Simulator writes, and it holds every piece.

FORMAT below says, for each field checked, what it must be and where its meaning comes from:
- KB: Tabletop Simulator knowledge base, "Save File Format"
  (https://kb.tabletopsimulator.com/custom-content/save-file-format/) and "Custom Deck"
  (https://kb.tabletopsimulator.com/custom-content/custom-deck/: Width/Height of a card sheet, Unique Backs,
  Back is Hidden — "instead of using the last card from the card sheet as the hidden card");
- SAVED: "Saved Object" (TTS Mod Manager, saved-object-feature.md): a save whose outer fields are empty;
- TYPED: the serialized object data declared by typed-tabletop-simulator
  (github.com/Sebaestschjin/typed-tabletop-simulator, packages/declaration/lua/language-server/object/
  object-data.d.lua, deck.d.lua, card.d.lua, die.d.lua, tile.d.lua, misc.d.lua);
- API: Tabletop Simulator's scripting API documentation (github.com/Berserk-Games/Tabletop-Simulator-API,
  docs/custom-game-objects.md "Custom Dice": type 0..5 = 4-, 6-, 8-, 10-, 12-, 20-sided, default 1;
  docs/object.md setRotationValues: one value per face, the one nearest "up" is shown);
- KB-DICE: the knowledge base's "Custom Dice" page (github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base,
  docs/custom-content/custom-dice.md): the templates ship with the game in Modding/Dice Templates; its
  pictures docs/img/custom-dice/ps1.png (D6.png open in an editor: a square of 3 × 3 cells, the top row
  empty, 2 4 5 in the middle row, 1 3 6 in the bottom row with the 1 and the 6 upside down), ps2.png (the
  same six cells recoloured) and folder.png (the six templates side by side).
"""
from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from pnp.paths import EXAMPLES

SAVE_FIELDS = {  # field: (type, source)
    "SaveName": (str, "SAVED: empty in a saved object"),
    "Date": (str, "SAVED: empty"),
    "VersionNumber": (str, "SAVED: empty"),
    "GameMode": (str, "SAVED: empty"),
    "Gravity": (float, "SAVED: default 0.5"),
    "PlayArea": (float, "SAVED: default 0.5"),
    "Table": (str, "SAVED: empty"),
    "Sky": (str, "SAVED: empty"),
    "Note": (str, "KB Save File Format: the on-screen note"),
    "TabStates": (dict, "SAVED: empty {}"),
    "LuaScript": (str, "SAVED: empty"),
    "XmlUI": (str, "SAVED: empty"),
    "ObjectStates": (list, "KB Save File Format: the objects"),
}
OBJECT_FIELDS = {
    "GUID": (str, "TYPED object-data.d.lua: GUID (six hex digits as the game writes them)"),
    "Name": (str, "TYPED: the object's type (Card, DeckCustom, Custom_Tile, Custom_Board, Custom_Dice)"),
    "Transform": (dict, "KB Save File Format: posX..posZ, rotX..rotZ, scaleX..scaleZ"),
    "Nickname": (str, "TYPED: the name in the tooltip"),
    "Description": (str, "TYPED: the description in the tooltip"),
}
TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")  # KB Save File Format
CUSTOM_DECK = {  # TYPED deck.d.lua tts.Deck.Data.Info; KB Custom Deck
    "FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool, "UniqueBack": bool,
    "Type": int,
}
MAX_WIDTH, MAX_HEIGHT = 10, 7  # KB Custom Deck: the largest card sheet
CUSTOM_IMAGE = {"ImageURL": str, "ImageSecondaryURL": str}  # TYPED object-data.d.lua tts.Object.Data.CustomImage
CUSTOM_TILE = {"Type": int, "Thickness": float, "Stackable": bool, "Stretch": bool}  # TYPED tile.d.lua
# SCED-SAVES: the fields of every Custom_Token Tabletop Simulator wrote in argonui/SCED's objects/
CUSTOM_TOKEN = {"Thickness": float, "MergeDistancePixels": float, "StandUp": bool, "Stackable": bool}
TILE_TYPES = {0, 1, 2, 3}  # TYPED tile.d.lua: Box, Hex, Circle, Rounded
DICE_TYPES = {0: 4, 1: 6, 2: 8, 3: 10, 4: 12, 5: 20}  # TYPED die.d.lua and API custom-game-objects.md: Type → faces
D6_CELLS = {  # KB-DICE ps1.png: face → (column, row, degrees it is turned) in the 3 × 3 square; row 0 is unused
    1: (0, 2, 180), 2: (0, 1, 0), 3: (1, 2, 0), 4: (1, 1, 0), 5: (2, 1, 0), 6: (2, 2, 180),
}
NAMES = {"Card", "DeckCustom", "Custom_Tile", "Custom_Token", "Custom_Board", "Custom_Dice", "Bag"}  # TYPED bag.d.lua


def check_object(obj: dict, guids: set[str]) -> None:
    for field, (kind, _) in OBJECT_FIELDS.items():
        assert isinstance(obj[field], kind), (field, obj.get("Name"))
    assert obj["Name"] in NAMES
    assert re.fullmatch(r"[0-9a-f]{6}", obj["GUID"]) and obj["GUID"] not in guids
    guids.add(obj["GUID"])
    t = obj["Transform"]
    assert set(TRANSFORM) <= set(t) and all(isinstance(t[k], float) and math.isfinite(t[k]) for k in TRANSFORM)
    if obj["Name"] in ("Card", "DeckCustom"):
        for deck_id, info in obj["CustomDeck"].items():
            assert int(deck_id) > 0
            for field, kind in CUSTOM_DECK.items():
                assert isinstance(info[field], kind), field
            assert 1 <= info["NumWidth"] <= MAX_WIDTH and 1 <= info["NumHeight"] <= MAX_HEIGHT
            assert info["BackIsHidden"] is True  # so every slot of the sheet holds a card
    if obj["Name"] == "Card":
        deck_id, slot = divmod(obj["CardID"], 100)  # TYPED card.d.lua / deck.d.lua: CardID = deck id × 100 + slot
        info = obj["CustomDeck"][str(deck_id)]
        assert slot < info["NumWidth"] * info["NumHeight"]
    if obj["Name"] == "DeckCustom":
        assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]  # TYPED deck.d.lua: same order
        for card in obj["ContainedObjects"]:
            assert card["Name"] == "Card"
            check_object(card, guids)
            assert set(card["CustomDeck"]) <= set(obj["CustomDeck"])
    if obj["Name"] == "Bag":  # TYPED bag.d.lua / container.d.lua: a container of object data
        assert obj["ContainedObjects"]
        for piece in obj["ContainedObjects"]:
            assert piece["Name"] in {"Custom_Tile", "Custom_Token"}
            check_object(piece, guids)
    if obj["Name"].startswith("Custom_"):
        for field, kind in CUSTOM_IMAGE.items():
            assert isinstance(obj["CustomImage"][field], kind), field
    if obj["Name"] == "Custom_Tile":
        tile = obj["CustomImage"]["CustomTile"]
        for field, kind in CUSTOM_TILE.items():
            assert isinstance(tile[field], kind), field
        assert tile["Type"] in TILE_TYPES and tile["Thickness"] > 0
    if obj["Name"] == "Custom_Token":
        token = obj["CustomImage"]["CustomToken"]
        for field, kind in CUSTOM_TOKEN.items():
            assert isinstance(token[field], kind), field
        assert token["Thickness"] > 0 and token["MergeDistancePixels"] > 0
    if obj["Name"] == "Custom_Dice":
        assert obj["CustomImage"]["CustomDice"]["Type"] in DICE_TYPES  # TYPED die.d.lua: CustomImage.CustomDice


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from pnp.commands.export import export_game

    root = tmp_path_factory.mktemp("tts")
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", root / "src" / "miskatonic"))
    folder, _ = export_game("tts", game, root / "out")
    return game, root, folder


def test_the_save_has_the_saved_object_format(exported):
    _, _, folder = exported
    save = json.loads((folder / "miskatonic.json").read_text())
    for field, (kind, _) in SAVE_FIELDS.items():
        assert isinstance(save[field], kind), field
    assert save["SaveName"] == save["Date"] == save["Table"] == ""
    guids: set[str] = set()
    for obj in save["ObjectStates"]:
        check_object(obj, guids)


def test_every_kind_is_an_object_and_images_are_where_the_urls_say(exported):
    _, _, folder = exported
    save = json.loads((folder / "miskatonic.json").read_text())
    names = [o["Name"] for o in save["ObjectStates"]]
    # the board, and the Star Chart (a token piece with a radial track, which the tokens kind lists as a board):
    # locked tiles, as the play mats of SCED's saves are
    assert names.count("DeckCustom") == 1 and names.count("Custom_Dice") == 2 and "Custom_Board" not in names
    boards = [o["Nickname"] for o in save["ObjectStates"] if o["Name"] == "Custom_Tile" and o["Locked"]]
    assert len(boards) == 2
    assert any("Star Chart" in n for n in boards) and len(set(boards)) == 2
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert len(deck["ContainedObjects"]) == 12  # 4 items x 2 copies + 4 reference cards
    revolver = deck["ContainedObjects"][0]
    assert revolver["Nickname"] == "Revolver" and "back to the Store" in revolver["Description"]  # from the spec's fields
    base = "file://" + folder.resolve().as_posix() + "/"  # raw, as Tabletop Simulator writes a local path
    urls = [info[k] for info in deck["CustomDeck"].values() for k in ("FaceURL", "BackURL")]
    urls += [o["CustomImage"]["ImageURL"] for o in save["ObjectStates"] if "CustomImage" in o]
    for url in urls:
        assert url.startswith(base) and (folder / url[len(base):]).is_file(), url
    (info,) = deck["CustomDeck"].values()
    with Image.open(folder / info["FaceURL"][len(base):]) as sheet:
        cw, ch = sheet.width // info["NumWidth"], sheet.height // info["NumHeight"]
        assert sheet.size == (info["NumWidth"] * cw, info["NumHeight"] * ch)
        assert abs(cw / ch - 63 / 88) < 0.01  # poker cards, trimmed
    die = next(o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice")
    assert die["CustomImage"]["CustomDice"]["Type"] == 1 and DICE_TYPES[1] == 6
    with Image.open(folder / die["CustomImage"]["ImageURL"][len(base):]) as image:
        assert image.width == image.height and image.width % 3 == 0  # KB-DICE: the d6 template is a square of 3 x 3


def test_a_die_image_is_the_d6_template(exported):
    """Each face of the spec sits in the template's cell for its number, turned as the template turns it;
    the unused row stays blank."""
    from PIL import ImageChops

    from pnp.export import tts
    from pnp.export.raster import game_pieces
    from pnp.game import load_game

    game_dir, _, folder = exported
    save = json.loads((folder / "miskatonic.json").read_text())
    base = "file://" + folder.resolve().as_posix() + "/"  # raw, as Tabletop Simulator writes a local path
    game = load_game(game_dir)
    dice = {p.name: p for p in game_pieces(game) if p.what == "die"}
    for obj in (o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice"):
        die = dice[obj["Nickname"]]
        faces = tts._faces([die], tts._die_face_px, None)  # the faces alone, as the export draws them
        with Image.open(folder / obj["CustomImage"]["ImageURL"][len(base):]) as image:
            image = image.convert("RGB")
            side = image.width // 3
            assert all(faces[0, i].size == (side, side) for i in range(6))
            for number, (column, row, turned) in D6_CELLS.items():
                cell = image.crop((column * side, row * side, (column + 1) * side, (row + 1) * side))
                want = faces[0, number - 1].convert("RGB").rotate(turned)
                assert ImageChops.difference(cell, want).getbbox() is None, (die.name, number)
            unused = image.crop((0, 0, 3 * side, side))
            assert unused.getextrema() == ((255, 255), (255, 255), (255, 255))
        distinct = {faces[0, i].tobytes() for i in range(6)}
        assert len(distinct) > 1, "the die's faces differ, so a misplaced face would be caught"


def test_same_input_same_bytes_and_image_url(exported, tmp_path, run_cli):
    game, root, folder = exported
    from pnp.commands.export import export_game

    again, _ = export_game("tts", game, root / "out")
    assert (again / "miskatonic.json").read_bytes() == (folder / "miskatonic.json").read_bytes()
    r = run_cli("export", "tts", game, "--out", tmp_path, "--image-url", "https://example.org/misk", "-q")
    assert r.exit_code == 0, r.output
    text = (tmp_path / "miskatonic/export/tts/miskatonic.json").read_text()
    assert "file://" not in text and '"https://example.org/misk/miskatonic-1.png"' in text


@pytest.mark.parametrize("url", ["javascript:alert(1)", "https://exa mple.org/", 'https://x.org/"a', "ftp://x.org/",
                                 "https://", "a" * 3000])
def test_a_bad_image_url_is_a_usage_error(run_cli, tmp_path, url):
    r = run_cli("export", "tts", EXAMPLES / "cave", "--out", tmp_path, "--image-url", url)
    assert r.exit_code == 2 and "--image-url" in r.output
    assert not (tmp_path / "cave").exists()


def test_image_url_is_only_for_targets_that_name_images(run_cli, tmp_path):
    r = run_cli("export", "tgc", EXAMPLES / "cave", "--out", tmp_path, "--image-url", "https://example.org/")
    assert r.exit_code == 2 and "--image-url" in r.output


def test_tokens_become_tiles_with_both_faces_in_a_bag(monkeypatch):
    """A kind that lists token pieces gets a Custom_Tile per copy, without the export knowing the kind; the
    copies of a token set lie in one bag named after the set, as in the game's box."""
    from types import SimpleNamespace

    from pnp.errors import Collector
    from pnp.export import tts
    from pnp.kinds.kind import Piece

    def face(color):
        return lambda s: s.rect(0, 0, 100, 100, fill=color)

    pieces = [Piece(name="Clue", what="token", component="markers", width=72, height=72, bleed=0, count=3,
                    faces=(face("#ff0000"), face("#0000ff")), shape="circle", key="clue")]
    monkeypatch.setattr(tts, "game_pieces", lambda game: pieces)
    game = SimpleNamespace(name="g", game=None, errors=Collector())
    files = tts.export(game, image_url="https://example.org/g/")
    save = json.loads(files["g.json"])
    guids: set[str] = set()
    for obj in save["ObjectStates"]:
        check_object(obj, guids)
    (bag,) = save["ObjectStates"]
    assert bag["Name"] == "Bag" and bag["Nickname"] == "markers"
    tiles = bag["ContainedObjects"]
    assert len(tiles) == 3 and {t["Name"] for t in tiles} == {"Custom_Tile"}
    assert len({t["GUID"] for t in tiles}) == 3
    image = tiles[0]["CustomImage"]
    assert image["CustomTile"]["Type"] == 2  # a circle
    assert image["ImageURL"].endswith("markers-clue-front.png") and image["ImageSecondaryURL"].endswith("-back.png")
    assert "markers-clue-front.png" in files and "markers-clue-back.png" in files


def test_a_die_without_six_faces_becomes_a_tile_per_face(monkeypatch):
    """Only the d6 template is known (KB-DICE); a die of another size is not squeezed into it."""
    from types import SimpleNamespace

    from pnp.errors import Collector
    from pnp.export import tts
    from pnp.kinds.kind import Piece

    def face(color):
        return lambda s: s.rect(0, 0, 100, 100, fill=color)

    d4 = Piece(name="Fate", what="die", component="dice", width=45, height=45, bleed=0, count=1,
               faces=tuple(face(c) for c in ("#ff0000", "#00ff00", "#0000ff", "#000000")), key="fate")
    monkeypatch.setattr(tts, "game_pieces", lambda game: [d4])
    game = SimpleNamespace(name="g", game=None, errors=Collector())
    save = json.loads(tts.export(game, image_url="https://example.org/g/")["g.json"])
    objects = save["ObjectStates"]
    guids: set[str] = set()
    for obj in objects:
        check_object(obj, guids)
    assert [o["Name"] for o in objects] == ["Custom_Tile"] * 4
    assert [o["Nickname"] for o in objects] == [f"Fate, face {i}" for i in range(1, 5)]


def test_a_card_description_is_the_text_on_the_card_not_its_layout_fields(tmp_path):
    """A field that only chooses a picture or a colour is not text a player reads on the card."""
    from pnp.commands.export import export_game

    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("title: G\nplayers: 1\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text(
        "kind: deck\nname: g\nsize: poker\nlayout: face\n"
        "fields:\n  name: {type: text}\n  art: {type: text}\n  tint: {type: text}\n  rule: {type: text}\n"
        "layouts:\n  face:\n    boxes:\n"
        "      band: {type: shape, shape: rect, x: 0mm, y: 0mm, width: 63mm, height: 12mm, fill: '{{ tint }}'}\n"
        "      title: {text: '{{ name }}', x: 3mm, y: 2mm, width: 57mm, height: 8mm}\n"
        "      picture: {type: image, src: 'icon:{{ art }}', x: 3mm, y: 14mm, width: 57mm, height: 30mm}\n"
        "      body: {text: '{{ rule }}', x: 3mm, y: 50mm, width: 57mm, height: 30mm}\n"
        "cards:\n"
        "  - {id: a, fields: {name: Lamp, art: star, tint: '#ff0000', rule: 'Gain **2** :star: light.'}}\n"
        "  - {id: b, fields: {name: Rope, art: circle, tint: '#00ff00', rule: Climb one level.}}\n")
    folder, _ = export_game("tts", game, tmp_path / "out")
    save = json.loads((folder / "g.json").read_text())
    cards = {c["Nickname"]: c["Description"] for c in save["ObjectStates"][0]["ContainedObjects"]}
    assert cards == {"Lamp": "Gain 2 [star] light.", "Rope": "Climb one level."}
