"""The Tabletop Simulator save plays as the printed game: pieces at their printed sizes, dice that name their
faces, decks that keep their own faces beside another game's, tokens cut to their outline.

Every check parses the saved object and its images, and compares them with the game's specs or with what
Tabletop Simulator itself writes. Sources (docs/formats.md, "Tabletop Simulator saved object"):
- SCED: argonui/SCED, the Arkham Horror LCG mod, whose objects/ folder is 5,111 objects as the game saved them;
  objects/ObjectSourceBag.830bd0/Custom_Dice.loladie.json is a custom d6 with its six RotationValues;
- KB: Tabletop Simulator's knowledge base (Berserk-Games/Tabletop-Simulator-Knowledge-Base): a unit of the
  table is "about an inch" (custom-tile.md); a token cuts out its picture's transparency (custom-token.md);
- SURVEY: a public survey of the Clank! Legacy mod's save against the printed game (its cards at scale 1 are
  3.5 units tall; its 29 in board, a Custom_Tile, is at scale 22: 1.318 units of tile per unit of scale);
- DECKCONVERTER: jeandeaual/tts-deckconverter: a saved object's thumbnail is `<name>.png`, 256 x 256, beside it.
"""
from __future__ import annotations

import io
import json
import math
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from pnp.paths import EXAMPLES

INCH = 25.4
UNIT_MM = INCH                # KB: a unit is about an inch
CARD_TALL = 3.5 * UNIT_MM     # SURVEY / SCED: a poker card (88.9 mm) is scale 1
TILE_DEEP = 1.318 * UNIT_MM   # SURVEY: a Custom_Tile's depth at scale 1 (its 20 x 29 in board: 29 in at scale 22)
TOKEN_DEEP = TILE_DEEP        # a Custom_Token's picture's depth at scale 1 (taken as a tile's)
DIE_EDGE = 1.0 * UNIT_MM      # a Custom_Dice's edge at scale 1
# SCED Custom_Dice.loladie.json: the rotation showing each of faces 1..6 of a type-1 (d6) Custom_Dice
SCED_D6 = [(-90, 0, 0), (0, 0, 0), (0, 0, -90), (0, 0, 90), (0, 0, -180), (90, 0, 0)]
GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "game.yaml").is_file())


def export(game_dir: Path) -> dict[str, bytes]:
    from pnp.export import tts
    from pnp.game import load_game

    game = load_game(game_dir)
    with game.own_fonts():
        return tts.export(game)


def pieces_of(game_dir: Path) -> list:
    from pnp.export.raster import game_pieces
    from pnp.game import load_game

    game = load_game(game_dir)
    with game.own_fonts():
        return game_pieces(game)


def picture(files: dict, url: str) -> Image.Image:
    image = Image.open(io.BytesIO(files[url]))
    image.load()
    return image


def footprint(obj: dict, files: dict) -> tuple[float, float]:
    """How large Tabletop Simulator draws OBJ, in mm (width, depth), from its scale, its type's size at scale 1
    and its picture's proportions (a token: the opaque part of its picture, which is what the game cuts)."""
    t, name = obj["Transform"], obj["Name"]
    if name in ("Card", "DeckCustom"):
        (info,) = list(obj["CustomDeck"].values())[:1]
        with picture(files, info["FaceURL"]) as sheet:
            cell = (sheet.width / info["NumWidth"]) / (sheet.height / info["NumHeight"])
        tall = t["scaleZ"] * CARD_TALL
        return tall * cell * t["scaleX"] / t["scaleZ"], tall
    if name == "Custom_Dice":
        return t["scaleX"] * DIE_EDGE, t["scaleZ"] * DIE_EDGE
    # KB (Custom Tile): the game keeps a tile's depth and makes its width follow the picture's proportions
    with picture(files, obj["CustomImage"]["ImageURL"]) as image:
        deep = image.height
        if name == "Custom_Token":
            left, top, right, bottom = image.getchannel("A").point(lambda a: 255 if a > 127 else 0).getbbox()
            w, h = right - left, bottom - top
            return t["scaleX"] * TOKEN_DEEP * w / deep, t["scaleZ"] * TOKEN_DEEP * h / deep
        return t["scaleX"] * TILE_DEEP * image.width / deep, t["scaleZ"] * TILE_DEEP * image.height / deep


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """Every bundled game's export (files by name), from a copy of it."""
    root = tmp_path_factory.mktemp("tts-games")
    out = {}
    for name in GAMES:
        game = Path(shutil.copytree(EXAMPLES / name, root / name))
        out[name] = (game, export(game))
    return out


def objects_of(files: dict) -> list[dict]:
    """Every piece of the save: those on the table, and the tokens in its bags."""
    (name,) = [n for n in files if n.endswith(".json")]
    out = []
    for obj in json.loads(files[name])["ObjectStates"]:
        out.extend(obj["ContainedObjects"] if obj["Name"] == "Bag" else [obj])
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_piece_is_at_its_printed_size_relative_to_every_other(saves, name):
    """Must show 1: the ratio of any two pieces' sizes on the table is the ratio of their printed sizes (5 %)."""
    game, files = saves[name]
    if not files:
        assert not pieces_of(game)  # a game without pieces has no save (see the test below)
        return
    from pnp.export.tts import component_titles
    from pnp.game import load_game

    titles = component_titles(load_game(game))
    printed = {}
    for p in pieces_of(game):
        size = (p.width / 72 * INCH, p.height / 72 * INCH)
        printed.setdefault(titles[p.component] if p.what == "card" else p.name, set()).add(size)
    ratios = []
    for obj in objects_of(files):
        sizes = printed[obj["Nickname"]]
        assert len(sizes) == 1, obj["Nickname"]
        ((w_mm, h_mm),) = sizes
        w, h = footprint(obj, files)
        if obj["Name"] == "Custom_Token":  # cut to its outline: as wide as its trim (a hexagon is less tall)
            ratios.append(max(w, h) / max(w_mm, h_mm))
            continue
        ratios += [w / w_mm, h / h_mm]
        assert abs(w / h - w_mm / h_mm) <= 0.05 * (w_mm / h_mm), obj["Nickname"]  # its own proportions
    assert len(ratios) >= 2
    assert max(ratios) / min(ratios) <= 1.05, (min(ratios), max(ratios))


def test_cards_keep_their_size_classes(tmp_path):
    """Mini (41 x 63), poker (63 x 88) and tarot (70 x 120) decks: mini < poker < tarot, each in proportion."""
    game = tmp_path / "sizes"
    game.mkdir()
    decks = {"mini": "mini-us", "poker": "poker", "tarot": "tarot"}
    (game / "game.yaml").write_text(f"title: Sizes\nplayers: 2\ncomponents: [{', '.join(f'{d}.yaml' for d in decks)}]\n")
    for name, size in decks.items():
        (game / f"{name}.yaml").write_text(
            f"kind: deck\nname: {name}\nsize: {size}\nlayout: face\n"
            "layouts:\n  face:\n    background: red\n    boxes:\n"
            "      t: {text: x, x: 2mm, y: 2mm, width: 20mm, height: 10mm}\n"
            "cards:\n  - {id: a, count: 2}\n")
    files = export(game)
    tall = {o["Nickname"]: footprint(o, files)[1] for o in objects_of(files)}
    assert tall["mini"] < tall["poker"] < tall["tarot"]
    assert abs(tall["tarot"] / tall["poker"] - 120 / 88) < 0.05 * 120 / 88
    assert abs(tall["mini"] / tall["poker"] - 63 / 88) < 0.05 * 63 / 88
    scale = {o["Nickname"]: o["Transform"]["scaleZ"] for o in objects_of(files)}
    assert abs(scale["poker"] - 1.0) < 0.02  # SCED: poker cards are scale 1, as 1,889 of its 2,071 cards


def euler_up(x: float, y: float, z: float) -> tuple[int, int, int]:
    """Which of the die's own axes points up after Unity's rotation (z, then x, then y, about the world's axes)."""
    def rot(axis, deg):
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        return {"x": [[1, 0, 0], [0, c, -s], [0, s, c]], "y": [[c, 0, s], [0, 1, 0], [-s, 0, c]],
                "z": [[c, -s, 0], [s, c, 0], [0, 0, 1]]}[axis]

    def mul(a, b):
        return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]

    m = mul(rot("y", y), mul(rot("x", x), rot("z", z)))
    up_local = [m[1][0], m[1][1], m[1][2]]  # row 1 of R: which local axis maps onto world up
    return tuple(round(v) for v in up_local)


def test_dice_name_their_faces_in_tabletop_simulators_d6_order(saves):
    """Must show 2: RotationValues hold each face's name (the spec's order is the template's face order) with
    the rotation Tabletop Simulator writes for that face of a d6 (SCED)."""
    game, files = saves["miskatonic"]
    dice = {p.name: p for p in pieces_of(game) if p.what == "die"}
    objects = [o for o in objects_of(files) if o["Name"] == "Custom_Dice"]
    assert len(objects) == len(dice) == 2
    for obj in objects:
        die = dice[obj["Nickname"]]
        values = obj["RotationValues"]
        assert [v["Value"] for v in values] == die.facts["faces"]
        assert [(v["Rotation"]["x"], v["Rotation"]["y"], v["Rotation"]["z"]) for v in values] == SCED_D6
    ups = [euler_up(*r) for r in SCED_D6]
    assert len(set(ups)) == 6  # each rotation shows another face
    for a, b in ((0, 5), (1, 4), (2, 3)):  # 1 and 6, 2 and 5, 3 and 4 opposite: a die's faces sum to 7
        assert ups[a] == tuple(-v for v in ups[b])


def card_ids(files: dict) -> list[int]:
    ids = []
    for obj in objects_of(files):
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]
            ids += obj["DeckIDs"]
        elif obj["Name"] == "Card":
            ids.append(obj["CardID"])
    return ids


def deck_ids(files: dict) -> set[str]:
    return {k for o in objects_of(files) for k in o.get("CustomDeck", {})}


def test_deck_ids_are_stable_per_game_and_apart_across_games(saves, tmp_path):
    """Must show 3: a save that loads two pnp games (cave and blorg, both poker decks of many cards) has every
    CardID once; the ids do not count from 1, and exporting again gives the same ones."""
    _, cave = saves["cave"]
    _, blorg = saves["blorg"]
    both = card_ids(cave) + card_ids(blorg)
    assert len(both) == len(set(both)) and len(both) > 60
    assert not deck_ids(cave) & deck_ids(blorg)
    for files in (cave, blorg):
        for deck_id in deck_ids(files):
            assert 1 <= int(deck_id) <= 21_474_835  # CardID = id x 100 + slot stays a 32-bit int
            assert int(deck_id) > 1000  # not counted from 1
    game, _ = saves["cave"]
    assert deck_ids(export(game)) == deck_ids(cave)  # stable
    moved = Path(shutil.copytree(game, tmp_path / "elsewhere" / "cave"))
    assert deck_ids(export(moved)) == deck_ids(cave)  # from the game, not from where its folder lies


def test_a_lone_card_is_a_card_on_a_one_by_one_sheet(tmp_path):
    game = tmp_path / "one"
    game.mkdir()
    (game / "game.yaml").write_text("title: One\nplayers: 1\ncomponents: [deck.yaml]\n")
    (game / "deck.yaml").write_text("kind: deck\nname: solo\nsize: poker\nlayout: face\nlayouts:\n  face:\n"
                                    "    background: blue\n    boxes: {}\ncards:\n  - {id: a}\n")
    files = export(game)
    (card,) = objects_of(files)
    (info,) = card["CustomDeck"].values()
    assert card["Name"] == "Card" and (info["NumWidth"], info["NumHeight"]) == (1, 1)
    with picture(files, info["FaceURL"]) as sheet:
        assert abs(sheet.width / sheet.height - 63 / 88) < 0.01  # the sheet is the one card


def test_tokens_with_a_shaped_outline_are_cut_out_tokens(saves):
    """Must show 4: a circle or hexagon token whose two sides look alike is a Custom_Token whose picture is
    transparent outside its outline (KB: the game cuts a token out of its picture's transparency); one whose
    back differs stays a two-sided tile; a rounded square is a tile."""
    game, files = saves["miskatonic"]
    by_name = {p.name: p for p in pieces_of(game)}
    tokens = [o for o in objects_of(files) if o["Name"] == "Custom_Token"]
    assert {by_name[o["Nickname"]].shape for o in tokens} == {"circle", "hexagon"}
    # the part of the outline's bounding box it fills, and the box's width over its height
    fill = {"circle": (math.pi / 4, 1.0), "hexagon": (0.75, 2 / math.sqrt(3))}  # corners left and right
    for obj in tokens:
        area, aspect = fill[by_name[obj["Nickname"]].shape]
        with picture(files, obj["CustomImage"]["ImageURL"]) as image:
            assert image.mode == "RGBA"
            alpha = image.getchannel("A")
            w, h = image.size
            assert alpha.getpixel((w // 2, h // 2)) == 255
            assert all(alpha.getpixel(c) == 0 for c in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)))
            opaque = alpha.point(lambda a: 255 if a > 127 else 0).histogram()[255]
            left, top, right, bottom = alpha.point(lambda a: 255 if a > 127 else 0).getbbox()
            assert abs(opaque / ((right - left) * (bottom - top)) - area) < 0.02
            assert abs((right - left) / (bottom - top) - aspect) < 0.03
    for obj in objects_of(files):
        piece = by_name.get(obj["Nickname"])
        if piece is not None and piece.what == "token" and obj["Name"] == "Custom_Tile":
            image = obj["CustomImage"]
            assert piece.shape not in ("circle", "hexagon") or image["ImageSecondaryURL"] != image["ImageURL"]


def test_a_custom_outline_token_is_cut_to_that_outline(tmp_path):
    game = tmp_path / "star"
    (game / "art").mkdir(parents=True)
    (game / "art" / "star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<path d="M50 0 L61 38 L100 38 L69 61 L80 100 L50 76 L20 100 L31 61 L0 38 L39 38 Z"/></svg>')
    (game / "game.yaml").write_text("title: Star\nplayers: 1\ncomponents: [tokens.yaml]\n")
    (game / "tokens.yaml").write_text("kind: tokens\nname: t\npieces:\n"
                                      "  - {id: s, name: Star, shape: custom, outline: art/star.svg, size: 30mm,\n"
                                      "     front: {fill: '#ffd54f', ink: '#000000', label: Star}}\n")
    files = export(game)
    (token,) = objects_of(files)
    assert token["Name"] == "Custom_Token"
    with picture(files, token["CustomImage"]["ImageURL"]) as image:
        alpha = image.getchannel("A")
        w, h = image.size

        def inner(fx, fy):
            return alpha.getpixel((round(w * fx), round(h * fy)))

        assert inner(0.5, 0.5) == 255 and inner(0.5, 0.06) > 0  # the centre and the top point
        assert inner(0.15, 0.15) == 0 and inner(0.5, 0.85) == 0  # between the arms: cut away
    w_mm, h_mm = footprint(token, files)
    assert abs(w_mm - 30) < 1.5 and abs(h_mm - 30) < 1.5


def test_a_thumbnail_lies_beside_the_save(saves):
    """DECKCONVERTER: `<name>.png`, 256 x 256, beside `<name>.json` in Saved Objects."""
    _, files = saves["cave"]
    assert "cave.json" in files
    with picture(files, "cave.png") as thumb:
        assert thumb.size == (256, 256) and thumb.mode == "RGBA"
        assert thumb.getpixel((0, 0))[3] == 0 and thumb.getpixel((128, 128))[3] == 255


def test_a_game_without_pieces_writes_no_save_and_says_so(run_cli, tmp_path):
    """Must show 5: blob is score sheets only."""
    assert export(EXAMPLES / "blob") == {}
    result = run_cli("export", "tts", EXAMPLES / "blob", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "no pieces to export" in result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.json"))


def test_export_with_no_folder_takes_the_game_here(run_cli, tmp_path, monkeypatch):
    """Must show 5: `pnp export tts` in a game's folder exports that game, as `pnp build` builds it."""
    game = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "cave"))
    monkeypatch.chdir(game)
    result = run_cli("export", "tts", "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "cave" / "export" / "tts" / "cave.json").is_file()


def test_a_tile_keeps_its_depth_and_its_width_follows_its_picture(monkeypatch):
    """KB (Custom Tile): four tiles of different widths, one depth: the game fixes a tile's depth at a scale and
    takes its width from the picture. A landscape piece is scaled by its height, so it is as large as printed
    (scaling it by its longer side made it too large by its aspect ratio)."""
    from types import SimpleNamespace

    from pnp.errors import Collector
    from pnp.export import tts
    from pnp.kinds.kind import Piece

    def face(surface):
        surface.rect(0, 0, 400, 400, fill="#336699")

    mm = 72 / 25.4
    sizes = {"wide": (240, 60), "tall": (60, 240), "square": (80, 80)}
    pieces = [Piece(name=n, what="player board", component=n, width=w * mm, height=h * mm, bleed=0, count=1,
                    faces=(face,), key=n) for n, (w, h) in sizes.items()]
    monkeypatch.setattr(tts, "game_pieces", lambda game: pieces)
    files = tts.export(SimpleNamespace(name="g", game=None, errors=Collector()), image_url="")
    for obj in objects_of(files):
        w, h = sizes[obj["Nickname"]]
        t = obj["Transform"]
        assert abs(t["scaleZ"] * TILE_DEEP - h) < 0.01 * h, obj["Nickname"]  # its depth is its printed height
        with picture(files, obj["CustomImage"]["ImageURL"]) as image:
            assert abs(t["scaleX"] * TILE_DEEP * image.width / image.height - w) < 0.01 * w  # and its width


def test_local_pictures_are_raw_paths_as_the_game_writes_them(tmp_path):
    """Tabletop Simulator writes a local picture's address as the path itself (spaces kept): a percent-encoded
    `%20` names another file."""
    from pnp.commands.export import export_game

    game = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "my games" / "cave"))
    folder, _ = export_game("tts", game, tmp_path / "my games" / "out")
    save = json.loads((folder / "cave.json").read_text())
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    urls = [info[k] for info in deck["CustomDeck"].values() for k in ("FaceURL", "BackURL")]
    for url in urls:
        assert url.startswith("file:///") and "%20" not in url and "my games" in url
        assert Path(url[len("file://"):]).is_file(), url


def test_decks_and_bags_carry_titles_and_descriptions_are_plain_text(saves):
    """A deck is called by its spec's title (what the box says), not its id; a tooltip shows text as typed, so
    no Markdown marks reach it."""
    import yaml

    game, files = saves["cave"]
    spec = yaml.safe_load((game / "cards.yaml").read_text())
    (name,) = [n for n in files if n.endswith(".json")]
    save = json.loads(files[name])
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["Nickname"] == spec["title"] != spec["name"]
    misk_game, misk = saves["miskatonic"]
    tokens = yaml.safe_load((misk_game / "tokens.yaml").read_text())
    (bag,) = [o for o in json.loads(misk[next(n for n in misk if n.endswith(".json"))])["ObjectStates"]
              if o["Name"] == "Bag"]
    assert bag["Nickname"] == tokens["title"]
    for obj in objects_of(misk) + objects_of(files):
        assert not any(mark in obj["Description"] for mark in ("**", "__")), obj["Description"]
        assert not re.search(r":[a-z0-9_-]+:", obj["Description"]), obj["Description"]


def test_markdown_becomes_plain_text_with_icons_named():
    from pnp.models.icontext import plain_text

    assert plain_text("Gain **2** :gold-coin: and *one* _more_ snake_case\n\nthen  rest") == \
        "Gain 2 [gold coin] and one more snake_case\nthen rest"


def test_tabletopia_round_and_hex_tokens_are_cut_out(saves):
    """Tabletopia shows a picture's transparency as the piece's edge: a round or hexagonal token is transparent
    outside its cut line (no background in its corners), a square piece stays opaque."""
    from pnp.export import tabletopia
    from pnp.game import load_game

    game_dir, _ = saves["miskatonic"]
    game = load_game(game_dir)
    with game.own_fonts():
        files = tabletopia.export(game)
    listing = json.loads(files["cards.json"])
    fill = {"circle": math.pi / 4, "hexagon": 0.75}
    shapes = {str(p.facts.get("id", p.key or p.name)): p.shape for p in pieces_of(game_dir)}  # cards.json's ids
    checked = set()
    for component in listing["components"]:
        for row in component["faces"]:
            shape = shapes.get(str(row["id"]))
            for side in ("front", "back"):
                name = row.get(side)
                if not name or component["what"] != "token":
                    continue
                with Image.open(io.BytesIO(files[name])) as image:
                    if shape in fill:
                        alpha = image.getchannel("A")
                        w, h = image.size
                        assert image.mode == "RGBA" and alpha.getpixel((w // 2, h // 2)) == 255
                        assert all(alpha.getpixel(c) == 0 for c in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)))
                        solid = alpha.point(lambda a: 255 if a > 127 else 0)
                        left, top, right, bottom = solid.getbbox()
                        box = (right - left) * (bottom - top)  # a hexagon's box is less tall than the trim
                        assert abs(solid.histogram()[255] / box - fill[shape]) < 0.03, (name, shape)
                        checked.add(shape)
                    elif shape in ("rect", "rounded"):
                        assert image.mode == "RGB"
    assert checked == {"circle", "hexagon"}
