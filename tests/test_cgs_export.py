"""`pnp export cgs` writes a game folder Card Game Simulator loads, as its specification describes one.

SPEC: the Card Game Simulator card game specification (github.com/finol-digital/FinolDigital.Cgs.Json):
README.md "Custom game folder structure" (cgs.json, AllCards.json, AllSets.json, CardBack.<type>,
backs/<id>.<type>, decks/<name>.<deckFileType>, sets/<set code>/<card id>.<cardImageFileType>) and the
JSON Schemas in schema/: cgs.json (`name` required; `cardSize` an object of numbers x and y, in inches;
`cardBackFaceImageUrls` objects with only `id` and `url`; `cardProperties` objects with `name` and a
`type` among string, integer, …; `deckFileType` one of dec, hsd, lor, txt, ydk; `deckFileTxtId` id or set),
AllCards.json (a list of cards, each with its id; `backs` a list of ids of cardBackFaceImageUrls) and
AllSets.json (a list of sets, each with its code).
TOTXT: FinolDigital.Cgs.Json/Deck.cs `ToTxt`: a first line `### <game> Deck: <deck>`, then per card
`<count> [<id>] <name>` when names are not unique and deckFileTxtId is id.
REAL: a game shipped with Card Game Simulator, finol-digital/Card-Game-Simulator docs/games/CenturyOfTrust
(its AllSets.json `[{"code":"COT","name":"Century of Trust"}]`; its cards `{"set", "name", "id", …}` with
their pictures in sets/COT/<id>.png; its deck file `1 Ace of Clubs` a line after a `###` line).
"""
from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from pnp.paths import EXAMPLES

PROPERTY_TYPES = {"string", "escapedString", "integer", "boolean", "object", "stringEnum", "stringList",
                  "stringEnumList", "objectEnum", "objectList", "objectEnumList"}  # SPEC cgs.json PropertyType
DECK_LINE = re.compile(r"(\d+) \[([^\]]+)\] (.+)")  # TOTXT


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    from pnp.commands.export import export_game

    root = tmp_path_factory.mktemp("cgs")
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", root / "miskatonic"))
    done = export_game("cgs", game, root / "out")
    assert done is not None
    return game, done[0]


def test_the_folder_follows_the_specification(folder):
    _, out = folder
    spec = json.loads((out / "cgs.json").read_text())
    assert isinstance(spec["name"], str) and spec["name"] == "Miskatonic Valley"
    assert set(spec["cardSize"]) == {"x", "y"}
    assert abs(spec["cardSize"]["x"] - 63 / 25.4) < 0.01 and abs(spec["cardSize"]["y"] - 88 / 25.4) < 0.01
    assert spec["deckFileType"] in {"dec", "hsd", "lor", "txt", "ydk"} and spec["deckFileTxtId"] in {"id", "set"}
    assert all(set(p) <= {"name", "type", "display"} and p["type"] in PROPERTY_TYPES for p in spec["cardProperties"])
    backs = {b["id"] for b in spec.get("cardBackFaceImageUrls", [])}
    assert all(set(b) <= {"id", "url"} for b in spec.get("cardBackFaceImageUrls", []))
    sets = json.loads((out / "AllSets.json").read_text())
    cards = json.loads((out / "AllCards.json").read_text())
    codes = {s["code"] for s in sets}
    assert len(codes) == len(sets) and all(isinstance(s["name"], str) for s in sets)
    assert len({c["id"] for c in cards}) == len(cards)  # SPEC: every card has a unique id
    for card in cards:
        assert card["set"] in codes
        ext = spec["cardImageFileType"]
        with Image.open(out / "sets" / card["set"] / f"{card['id']}.{ext}") as image:  # SPEC folder structure
            assert abs(image.width / image.height - 63 / 88) < 0.01
        for back in card.get("backs", []):
            assert back in backs and (out / "backs" / f"{back}.{spec['cardBackImageFileType']}").is_file()
    assert (out / f"CardBack.{spec['cardBackImageFileType']}").is_file()


def test_decks_are_written_as_the_format_writes_them_and_hold_every_card(folder):
    """Each deck file reads as Deck.ToTxt writes one, names cards by id, and counts every printed card."""
    from pnp.export.raster import game_pieces
    from pnp.game import load_game

    game_dir, out = folder
    spec = json.loads((out / "cgs.json").read_text())
    cards = {c["id"]: c for c in json.loads((out / "AllCards.json").read_text())}
    assert spec["cardNameIsUnique"] is False and spec["deckFileTxtId"] == "id"  # so TOTXT writes [id]
    game = load_game(game_dir)
    with game.own_fonts():
        printed = [p for p in game_pieces(game) if p.what == "card"]
    counted = 0
    for deck in sorted((out / "decks").glob(f"*.{spec['deckFileType']}")):
        first, *lines = deck.read_text().splitlines()
        assert first.startswith(f"### {spec['name']} Deck: ")
        for line in lines:
            count, card_id, name = DECK_LINE.fullmatch(line).groups()
            assert cards[card_id]["name"] == name
            counted += int(count)
    assert counted == len(printed)
    names = {p.name for p in printed}
    assert {c["name"] for c in cards.values()} == names


def test_a_game_without_cards_exports_nothing(run_cli, tmp_path):
    result = run_cli("export", "cgs", EXAMPLES / "blob", "--out", tmp_path / "out")
    assert result.exit_code == 0 and "no pieces to export" in result.output
    assert not (tmp_path / "out" / "blob" / "export" / "cgs").exists()


def test_cards_that_print_alike_are_one_card_and_a_different_back_is_listed(tmp_path):
    from pnp.export import cgs
    from pnp.game import load_game

    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("title: G\nplayers: 2\ncomponents: [deck.yaml]\n")
    (game / "deck.yaml").write_text(
        "kind: deck\nname: d\nsize: poker\nlayout: face\nback: {layout: back}\n"
        "layouts:\n  face:\n    background: red\n    boxes: {}\n  back:\n    background: blue\n    boxes: {}\n"
        "  odd:\n    background: green\n    boxes: {}\n"
        "cards:\n  - {id: a, count: 3}\n  - {id: b, back: {layout: odd}}\n")
    files = cgs.export(load_game(game))
    assert cgs.export(load_game(game)) == files  # the same bytes again
    cards = json.loads(files["AllCards.json"])
    assert [c["id"] for c in cards] == ["d-a", "d-b"]
    assert files["decks/d.txt"].decode().splitlines()[1:] == ["3 [d-a] a", "1 [d-b] b"]
    assert "backs" not in cards[0] and cards[1]["backs"] == ["back-1"]
    with Image.open(io.BytesIO(files["CardBack.png"])) as back:
        assert back.convert("RGB").getpixel((back.width // 2, back.height // 2))[2] > 150  # the deck's blue back
    with Image.open(io.BytesIO(files["backs/back-1.png"])) as odd:
        assert odd.convert("RGB").getpixel((odd.width // 2, odd.height // 2))[1] > 100  # the green one
    # every back cgs.json lists names its file, and the game is never "updated" from URLs it does not have
    spec = json.loads(files["cgs.json"])
    assert spec["cardBackFaceImageUrls"] == [{"id": "back-1", "url": "backs/back-1.png"}]
    assert all(b["url"] in files for b in spec["cardBackFaceImageUrls"])


def test_a_game_on_disk_is_never_auto_updated(folder):
    """Card Game Simulator updates a game whose `autoUpdate` is 0 or more (its default: 30 days) from the game's
    URLs, and a folder on disk has none: the update clears the cards. -1 is the schema's "never"."""
    _, out = folder
    spec = json.loads((out / "cgs.json").read_text())
    assert spec["autoUpdate"] == -1
    for back in spec.get("cardBackFaceImageUrls", []):
        assert back["url"] == f"backs/{back['id']}.{spec['cardBackImageFileType']}"
        assert (out / back["url"]).is_file()
