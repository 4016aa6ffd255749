"""Exports for Tabletop Simulator, The Game Crafter, MakePlayingCards and Tabletopia: sizes, grids, counts, JSON."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from pnp.export import mpc, tabletopia, tgc, tts
from pnp.game import load_game

RED = (0xC6, 0x28, 0x28)  # pnp's "red"


def make_game(root: Path, cards: str, size: str = "poker", bleed: str = "3mm", name: str = "tiny") -> Path:
    """A one-deck game: red fronts with a big number, blue backs naming the card."""
    game = root / name
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("title: Tiny\nplayers: 2\ncomponents: [deck.yaml]\n")
    (game / "deck.yaml").write_text(f"""kind: deck
name: tiny
size: {size}
bleed: {bleed}
layout: face
back: {{layout: back}}
fields:
  n: {{type: int}}
layouts:
  face:
    background: red
    boxes:
      n: {{text: "{{{{ n }}}}", x: 5mm, y: 20mm, width: 50mm, height: 30mm, size: 40pt, color: white, align: center}}
  back:
    background: blue
    boxes:
      label: {{text: "back", x: 5mm, y: 20mm, width: 50mm, height: 20mm, size: 20pt, color: white}}
cards:
{cards}
""")
    return game


THREE = """  - {id: a, count: 2, fields: {n: 1}}
  - {id: b, fields: {n: 2}}
  - {id: c, fields: {n: 3}}"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    return load_game(make_game(tmp_path_factory.mktemp("g"), THREE))


def image(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


# Tabletop Simulator (the saved object's structure is tested against the format in test_tts_save.py) -----

def save_of(files: dict) -> dict:
    (name,) = [n for n in files if n.endswith(".json")]
    return json.loads(files[name])


def test_tts_small_deck_sheet_grid_and_back(tiny):
    files = tts.export(tiny)
    (deck,) = save_of(files)["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and len(deck["ContainedObjects"]) == 4
    (info,) = deck["CustomDeck"].values()
    assert (info["NumWidth"], info["NumHeight"]) == (2, 2) and info["UniqueBack"] is False
    assert info["FaceURL"] == "tiny-1.png" and info["BackURL"] == "tiny-back.png"  # no --image-url: plain names
    cw, ch = 744, 1039  # 63 x 88 mm trimmed at the 300 dpi cap
    im = image(files["tiny-1.png"])
    assert im.mode == "RGB" and im.size == (2 * cw, 2 * ch) and max(im.size) <= 4096
    assert not im.info  # no metadata chunks
    assert im.getpixel((1, 1)) == RED  # trimmed: a front's corner is its red background
    back = image(files["tiny-back.png"])
    assert back.size == (cw, ch) and back.getpixel((cw // 2, 5))[2] > 100
    assert set(files) == {"tiny.json", "tiny.png", "tiny-1.png", "tiny-back.png"}  # tiny.png: the thumbnail


def test_tts_grid_rules():
    assert tts.grid_for(70) == (10, 7)
    assert tts.grid_for(1) == (1, 1)  # a lone card on a 1 x 1 sheet, as 550 sheets of SCED's saves
    assert tts.grid_for(2) == (2, 2)
    for n in range(1, 71):
        cols, rows = tts.grid_for(n)
        assert cols <= 10 and rows <= 7 and cols * rows >= n


def test_tts_70_cards_per_sheet_with_10x7_grid(tmp_path):
    game = load_game(make_game(tmp_path, "  - {id: x, count: 75, fields: {n: 7}}"))
    files = tts.export(game)
    (deck,) = save_of(files)["ObjectStates"]
    one, two = deck["CustomDeck"]  # the sheets' ids, in order
    first, second = deck["CustomDeck"][one], deck["CustomDeck"][two]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7) and (second["NumWidth"], second["NumHeight"]) == (3, 2)
    one, two = int(one), int(two)
    assert deck["DeckIDs"] == [one * 100 + i for i in range(70)] + [two * 100 + i for i in range(5)]
    big = image(files["tiny-1.png"])
    assert big.size == (10 * 409, 7 * 571) and big.mode == "RGB"  # 4096 // 10 wide, aspect kept
    assert image(files["tiny-2.png"]).size == (3 * 409, 2 * 571)


def test_tts_unique_backs_get_back_sheets(tmp_path):
    cards = """  - {id: a, front: {fields: {n: 1}}, back: {layout: back, boxes: {label: {text: "A"}}}}
  - {id: b, front: {fields: {n: 2}}, back: {layout: back, boxes: {label: {text: "B"}}}}"""
    game = load_game(make_game(tmp_path, cards))
    files = tts.export(game)
    (deck,) = save_of(files)["ObjectStates"]
    (info,) = deck["CustomDeck"].values()
    assert info["UniqueBack"] is True and info["BackURL"] == "tiny-1-backs.png"
    assert image(files["tiny-1-backs.png"]).size == image(files["tiny-1.png"]).size
    assert "tiny-back.png" not in files


# print on demand ---------------------------------------------------------------------------

def test_tgc_poker_825x1125_one_png_per_face(tiny):
    files = tgc.export(tiny)
    pngs = sorted(n for n in files if n.endswith(".png"))
    # copies of a that look the same share one file; one shared back
    assert pngs == ["tiny/001-a-front.png", "tiny/002-b-front.png", "tiny/003-c-front.png", "tiny/back.png"]
    for name in pngs:
        im = image(files[name])
        assert im.size == (825, 1125) and im.mode == "RGB"
        assert round(im.info["dpi"][0]) == 300
    front = image(files["tiny/001-a-front.png"])
    assert front.getpixel((0, 0)) == RED and front.getpixel((824, 1124)) == RED  # bleed filled to the edge
    meta = json.loads(files["cards.json"])
    deck = meta["components"][0]
    assert deck["product"] == "poker" and deck["pixels"] == [825, 1125] and deck["pieces"] == 4
    assert [(f["id"], f["count"]) for f in deck["faces"]] == [("a", 2), ("b", 1), ("c", 1)]
    assert all(f["back"] == "tiny/back.png" for f in deck["faces"])


def test_tgc_other_sizes_from_trim_plus_bleed(tmp_path):
    sq = load_game(make_game(tmp_path, "  - {id: a, fields: {n: 1}}", size="square"))  # 70 x 70 mm
    assert tgc.size_for(sq.components[0].model)[1] == (902, 902)  # 70/25.4*300 + 2*37.5
    bridge = load_game(make_game(tmp_path, "  - {id: a, fields: {n: 1}}", size="bridge", name="b"))
    assert tgc.size_for(bridge.components[0].model)[1] == (750, 1125)
    files = tgc.export(bridge)
    assert image(files["tiny/001-a-front.png"]).size == (750, 1125)


def test_mpc_poker_822x1122(tiny):
    files = mpc.export(tiny)
    pngs = [n for n in files if n.endswith(".png")]
    assert len(pngs) == 4
    for name in pngs:
        im = image(files[name])
        assert im.size == (822, 1122) and im.mode == "RGB"
    assert json.loads(files["cards.json"])["components"][0]["bleed_px"] == 36


def test_tabletopia_every_face_same_size(tiny):
    files = tabletopia.export(tiny)
    sizes = {image(d).size for n, d in files.items() if n.endswith(".png")}
    assert sizes == {(744, 1039)}
    assert len([n for n in files if n.endswith(".png")]) == 4


def test_exports_are_deterministic(tiny):
    assert tgc.export(tiny) == tgc.export(tiny)
    assert tts.export(tiny) == tts.export(tiny)


def test_bleed_is_generated_when_the_deck_has_none(tmp_path):
    game = load_game(make_game(tmp_path, "  - {id: a, fields: {n: 1}}", bleed="0mm"))
    im = image(tgc.export(game)["tiny/001-a-front.png"])
    assert im.size == (825, 1125) and im.getpixel((0, 0)) == RED


# the command -------------------------------------------------------------------------------

def test_cli_writes_under_out_game_export_target(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import _register_commands, app

    _register_commands()
    game = make_game(tmp_path, THREE)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["export", "tts", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    target = out / "tiny" / "export" / "tts"
    assert (target / "tiny.json").is_file() and (target / "tiny-1.png").is_file()
    assert "3 images for tts" in result.output  # two sheets and the thumbnail
    bad = CliRunner().invoke(app, ["export", "vassal", str(game)])
    assert bad.exit_code == 2


def test_a_second_export_replaces_the_first_as_a_set(tmp_path):
    """Images of a card that is gone go with the old set; what the old manifest did not list stays."""
    from typer.testing import CliRunner

    from pnp.cli import _register_commands, app

    _register_commands()
    game = make_game(tmp_path, THREE)
    out = tmp_path / "out"
    target = out / "tiny" / "export" / "tgc"
    assert CliRunner().invoke(app, ["export", "tgc", str(game), "--out", str(out)]).exit_code == 0
    assert (target / "tiny" / "003-c-front.png").is_file()
    (target / "upload-notes.txt").write_text("uploaded on Monday")
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text().replace("  - {id: c, fields: {n: 3}}\n", ""))
    assert CliRunner().invoke(app, ["export", "tgc", str(game), "--out", str(out)]).exit_code == 0
    assert not (target / "tiny" / "003-c-front.png").exists()
    assert (target / "upload-notes.txt").read_text() == "uploaded on Monday"
    listed = {e["file"] for e in json.loads((target / "manifest.json").read_text())["files"]}
    on_disk = {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()}
    assert on_disk - listed == {"manifest.json", "upload-notes.txt"} and listed <= on_disk
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".pnp-")]


# every kind's pieces in the print-shop file, SVG and the per-piece exports ---------------------------

@pytest.fixture(scope="module")
def misk_built(tmp_path_factory):
    import shutil

    from pnp.build import BuildOptions, build_game
    from pnp.paths import EXAMPLES

    root = tmp_path_factory.mktemp("misk")
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", root / "src" / "miskatonic"))
    build_game(game, BuildOptions(out=root / "out", formats=("pdf", "svg")))
    return game, root / "out" / "miskatonic"


def test_dice_and_boards_in_a_print_shop_file_with_trim_and_bleed(misk_built):
    import pypdfium2 as pdfium

    _, out = misk_built
    dice = pdfium.PdfDocument(str(out / "dice-printshop.pdf"))
    assert len(dice) == 12  # two dice, six faces each, one per page
    l, b, r, t = dice[0].get_trimbox()
    # a LEGO tile face drawn with 0.6 mm bleed, carried out to the 3 mm a print shop asks for
    assert abs((r - l) / 72 * 25.4 - 15.8) < 0.05 and abs(l / 72 * 25.4 - 3.0) < 0.05
    assert dice[0].get_bleedbox() == dice[0].get_mediabox()
    board = pdfium.PdfDocument(str(out / "board-printshop.pdf"))
    l, b, r, t = board[0].get_trimbox()  # the frame is its edge, stretched 3 mm out
    assert len(board) == 1 and abs(l / 72 * 25.4 - 3.0) < 0.05 and board[0].get_bleedbox() == board[0].get_mediabox()
    assert (out / "cards-printshop.pdf").is_file() and not (out / "deck-printshop.pdf").exists()  # decks keep their own


def test_dice_and_boards_as_svg_faces(misk_built):
    _, out = misk_built
    assert len(list((out / "svg" / "dice").glob("*-face-*.svg"))) == 12
    assert (out / "svg" / "valley" / "valley-front.svg").is_file()
    assert not list((out / "svg" / "miskatonic").glob("*-1-front.svg"))  # a deck writes its own SVG faces


def test_per_piece_targets_take_the_pieces_their_service_prints(misk_built):
    game, _ = misk_built
    g = load_game(game)
    tgc_files, mpc_files = tgc.export(g), mpc.export(g)
    whats = {c["what"] for c in json.loads(tgc_files["cards.json"])["components"]}
    assert whats == {"card", "die", "board", "token", "player board"}
    assert {c["what"] for c in json.loads(mpc_files["cards.json"])["components"]} == {"card"}
    die = next(c for c in json.loads(tgc_files["cards.json"])["components"] if c["what"] == "die")
    assert die["faces"][0]["faces"][0].endswith("face-1.png") and len(die["faces"][0]["faces"]) == 6
    face = image(tgc_files[die["faces"][0]["faces"][0]])
    assert face.size == (round(15.8 / 25.4 * 300 + 75), round(15.8 / 25.4 * 300 + 75))  # trim + 1/8 in bleed a side


def test_a_face_too_large_to_render_is_a_located_error_not_a_memory_error(run_cli, tmp_path):
    """A board of 120 × 120 spaces at TGC's 300 dpi is half a billion pixels: gigabytes, then a MemoryError."""
    game = tmp_path / "huge"
    game.mkdir()
    rows = "\n".join("  " + "." * 120 for _ in range(120))
    (game / "board.yaml").write_text("kind: board\nname: map\ncell: 16mm\nspaces:\n  road: {walk: true}\n"
                                     f"map: |\n{rows}\nlegend:\n  '.': road\n")
    (game / "game.yaml").write_text("title: Huge\nplayers: 2\ncomponents: [board.yaml]\n")
    result = run_cli("export", "tgc", game, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "board.yaml:2:7: board 'map' is 22,866 × 22,866 pixels for tgc" in text and "at most 80 million" in text
    assert not (tmp_path / "out" / "huge" / "export" / "tgc").exists()
