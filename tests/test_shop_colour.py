"""Colour as it will print (issue 49): every colour and picture through the shop's profile, measured.

A small game holds a CMYK picture inked at 330 %, three grey squares and a square of #00ff00. Its
DriveThruCards and PDF/X-4 files are rendered to their inks by Ghostscript (`tiff32nc`, a RIP's
separations), and the inks read back through the file's own output intent with littleCMS: total ink per
pixel, the greys' lightness as printed. Gamut warnings, the proof folder and profile errors are read
from the command line, as a designer sees them.
"""
from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from pnp.paths import EXAMPLES
from test_print_shops import run

PT_PER_MM = 72 / 25.4
GREYS = {"#1c1c1c": (12, 42), "#555555": (32, 42), "#aaaaaa": (52, 42)}  # fill → centre on the card (mm)
GREEN_AT = (31.5, 70)

GAME = """title: Inks
players: 2
components:
  - cards.yaml
print:
  paper: a4
"""
CARDS = """kind: deck
name: inks
size: poker
bleed: 3mm
layout: face
layouts:
  face:
    background: "#ffffff"
    boxes:
      picture: {type: image, src: art/heavy.jpg, x: 0, y: 0, width: 100%, height: 30mm, fit: cover, bleed: true}
      dark: {type: shape, x: 4mm, y: 34mm, width: 16mm, height: 16mm, fill: "#1c1c1c"}
      mid: {type: shape, x: 24mm, y: 34mm, width: 16mm, height: 16mm, fill: "#555555"}
      light: {type: shape, x: 44mm, y: 34mm, width: 16mm, height: 16mm, fill: "#aaaaaa"}
      green: {type: shape, x: 4mm, y: 60mm, width: 55mm, height: 20mm, fill: "#00ff00"}
cards:
  - {id: one}
"""
HEAVY = (255, 230, 230, 255)  # C 100 M 90 Y 90 K 100: 380 %
STRIPE = (220, 200, 180, 240)  # 330 %


def make_game(root: Path) -> Path:
    game = root / "inks"
    (game / "art").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "cards.yaml").write_text(CARDS)
    picture = Image.new("CMYK", (760, 380), HEAVY)
    for x in range(0, 760, 40):
        picture.paste(STRIPE, (x, 0, x + 20, 380))
    picture.save(game / "art" / "heavy.jpg", quality=95)  # a CMYK JPEG, as Photoshop writes one
    return game


@pytest.fixture(scope="module")
def inks(tmp_path_factory):
    root = tmp_path_factory.mktemp("inks")
    game = make_game(root)
    out = root / "out"
    logs = {}
    for shop in ("drivethrucards", "pdfx4"):
        code, logs[shop] = run("build", game, "--shop", shop, "--out", out, "--proof")
        assert code == 0, logs[shop]
    return game, out, logs


def inks_of(path: Path, dpi: int = 150) -> Image.Image:
    """The first page's four inks per pixel, as Ghostscript separates them."""
    tif = path.parent / f".{path.stem}.tif"
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{dpi}", "-dLastPage=1",
                    "-o", str(tif), str(path)], check=True, capture_output=True)
    with Image.open(tif) as picture:
        out = picture.convert("CMYK").copy()
    tif.unlink()
    return out


def intent_lab(path: Path):
    """A CMYK → Lab transform through the PDF's own output intent."""
    with pikepdf.open(path) as pdf:
        data = pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    transform = ImageCms.buildTransform(profile, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    return lambda cmyk: ImageCms.applyTransform(Image.new("CMYK", (1, 1), cmyk), transform).getpixel((0, 0))


def at(path: Path, picture: Image.Image, mm: tuple[float, float], dpi: int = 150):
    """The pixel at a point of the card (mm from its trim's top-left), on the shop's page."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0]
        trim = [float(v) for v in page.TrimBox]
        height = float(page.MediaBox[3])
    scale = (trim[2] - trim[0]) / (63 * PT_PER_MM)  # the card as scaled to the product
    x = trim[0] + mm[0] * PT_PER_MM * scale
    y = height - trim[3] + mm[1] * PT_PER_MM * scale
    return picture.getpixel((round(x / 72 * dpi), round(y / 72 * dpi)))


def design_lightness(hexa: str) -> float:
    from pnp.printshop.colour import srgb_lab

    return srgb_lab(tuple(int(hexa[i:i + 2], 16) / 255 for i in (1, 3, 5)))[0]


# --- Must show 1: CMYK art inked at 330 % ---------------------------------------------------------------

def test_cmyk_art_at_330_percent_prints_within_240_and_passes_preflight(inks):
    game, out, _ = inks
    path = out / "inks" / "shop" / "drivethrucards" / "inks.pdf"
    with Image.open(game / "art" / "heavy.jpg") as art:
        assert max(sum(p) for p in art.get_flattened_data()) / 255 * 100 > 329  # the art as the designer gave it
    picture = inks_of(path)
    totals = [sum(p) for p in picture.get_flattened_data()]
    assert max(totals) / 255 * 100 <= 240
    assert max(totals) / 255 * 100 > 230  # the picture still prints dark, not washed out
    striped = at(path, picture, (10, 10)), at(path, picture, (31.5, 15))
    assert all(sum(p) > 200 * 2.55 for p in striped)
    code, text = run("preflight", path, "--shop", "drivethrucards")
    assert code == 0, text
    pdfx4 = out / "inks" / "shop" / "pdfx4" / "inks.pdf"
    assert max(sum(p) for p in inks_of(pdfx4, 72).get_flattened_data()) / 255 * 100 <= 300
    assert run("preflight", pdfx4, "--shop", "pdfx4")[0] == 0


def test_a_cmyk_picture_is_separated_again_not_only_cut():
    """CMYK → Lab → CMYK: the picture keeps its look (ΔE small) while its ink comes down."""
    from pnp.printshop.colour import Cmyk, default_profile_bytes
    from pnp.printshop.gamut import delta_e_2000

    cmyk = Cmyk(default_profile_bytes(240), 240)
    source = Image.new("CMYK", (3, 1))
    source.putdata([(200, 40, 0, 60), (20, 180, 200, 30), (220, 200, 180, 240)])
    again = cmyk.cmyk_image(source)
    assert all(sum(p) <= 240 * 2.55 for p in again.get_flattened_data())
    assert list(again.get_flattened_data())[:2] != list(source.get_flattened_data())[:2]
    fogra = Cmyk(default_profile_bytes(), 300)  # the source read as FOGRA39, the separated as printed at 240 %
    for before, after in list(zip(source.get_flattened_data(), again.get_flattened_data()))[:2]:
        seen = fogra.printed_lab(tuple(v / 255 for v in before))
        printed = cmyk.printed_lab(tuple(v / 255 for v in after))
        assert delta_e_2000(seen, printed) < 3, (before, after)


# --- Must show 2: greys at their lightness --------------------------------------------------------------

@pytest.mark.parametrize("shop", ["pdfx4", "drivethrucards"])
def test_greys_print_at_their_lightness_through_the_files_output_intent(inks, shop):
    _, out, _ = inks
    path = out / "inks" / "shop" / shop / "inks.pdf"
    lab = intent_lab(path)
    picture = inks_of(path)
    for hexa, where in GREYS.items():
        inkset = at(path, picture, where)
        printed = lab(inkset)
        lightness = printed[0] / 2.55
        assert abs(lightness - design_lightness(hexa)) <= 3, (shop, hexa, inkset, lightness, design_lightness(hexa))
        assert abs(printed[1] - 128) <= 3 and abs(printed[2] - 128) <= 3  # neutral: no colour cast
        assert inkset[0] > 0  # on the neutral axis, not black ink alone
        assert sum(inkset) <= (240 if shop == "drivethrucards" else 300) * 2.55
    # the measurement can fail: the same greys on black ink alone, (1 − v) K, print 10–20 L* lighter
    assert lab((0, 0, 0, round(255 * (1 - 0x55 / 255))))[0] / 2.55 - design_lightness("#555555") > 10
    assert lab((0, 0, 0, round(255 * (1 - 0x1c / 255))))[0] / 2.55 - design_lightness("#1c1c1c") > 10


def test_black_ink_greys_only_where_the_designer_asks_and_pure_black_is_100_k():
    from pnp.printshop.colour import Cmyk, default_profile_bytes

    profile = default_profile_bytes(240)
    usual, asked = Cmyk(profile, 240), Cmyk(profile, 240, greys="black-ink")
    assert usual.colour(0, 0, 0) == asked.colour(0, 0, 0) == (0, 0, 0, 1)
    grey = 0x55 / 255
    assert usual.colour(grey, grey, grey)[0] > 0
    c, m, y, k = asked.colour(grey, grey, grey)
    assert (c, m, y) == (0, 0, 0)
    assert abs(asked.printed_lab((0, 0, 0, k))[0] - design_lightness("#555555")) <= 1.5  # at its lightness


def test_no_speckle_exactly_grey_pixels_print_like_their_neighbours():
    from pnp.printshop.colour import Cmyk, default_profile_bytes

    cmyk = Cmyk(default_profile_bytes(240), 240)
    row = [(v + d, v, v) for v in (40, 90, 128, 200) for d in (0, 1)]  # each grey beside a hair off grey
    photo = Image.new("RGB", (len(row), 1))
    photo.putdata(row)
    printed = [cmyk.printed_lab(tuple(c / 255 for c in p)) for p in cmyk.image(photo).get_flattened_data()]
    for i in range(0, len(printed), 2):
        assert abs(printed[i][0] - printed[i + 1][0]) < 1.0, (row[i], printed[i], printed[i + 1])


# --- Must show 3: gamut warnings -------------------------------------------------------------------------

def test_pure_green_is_a_warning_at_its_line_naming_delta_e_and_the_printable_nearest(inks):
    game, out, logs = inks
    line = next(n for n, text in enumerate(CARDS.splitlines(), 1) if "#00ff00" in text)
    column = CARDS.splitlines()[line - 1].index('"#00ff00"') + 1
    for text in (logs["drivethrucards"], run("validate", game, "--shop", "drivethrucards")[1]):
        flat = " ".join(text.split())
        assert f"cards.yaml:{line}:{column}: warning: #00ff00 is outside what DriveThruCards prints" in flat
        assert "ΔE00 18." in flat and "prints as #6bb539 (CMYK 64 0 99 0)" in flat
        assert "#555555" not in flat and "#aaaaaa" not in flat and "#1c1c1c" not in flat  # greys print as designed
    assert "outside" not in run("validate", game)[1]  # without --shop, no press to compare with
    code, text = run("validate", game, "--shop", "kinkos")
    assert code == 2 and "drivethrucards" in text


def test_the_bundled_games_in_gamut_colours_give_no_warning():
    from pnp.game import load_game
    from pnp.printshop.build import shop_cmyk
    from pnp.printshop.gamut import colour_places, gamut_warnings, rgb_of, shift
    from pnp.printshop.profiles import SHOPS

    checked = blacks = 0
    for name in ("cave", "miskatonic", "blob", "blorg"):
        game = load_game(EXAMPLES / name)
        cmyk = shop_cmyk(game, SHOPS["drivethrucards"])
        warned = {str(w.pos) for w in gamut_warnings(game, cmyk, "DriveThruCards")}
        for text, pos in colour_places(game):
            moved = shift(rgb_of(text), cmyk)
            black = rgb_of(text) == (0, 0, 0)  # 100 % K by rule, never a warning
            assert (str(pos) in warned) == (moved.delta_e > 5 and not black), (str(pos), text, moved.delta_e)
            checked += moved.delta_e <= 5
            blacks += black
    assert checked > 50  # many colours of the four games were looked at and print as designed
    assert blacks and shift((0, 0, 0), cmyk).delta_e > 5
    near_black = shift((8 / 255, 4 / 255, 4 / 255), cmyk)  # darker than 240 % of ink prints: said so
    assert near_black.outside and near_black.words("DriveThruCards").startswith(
        "#080404 is darker than DriveThruCards prints (L* 1; within its ink limit the darkest is L* 11)")


def test_delta_e_2000_matches_sharmas_published_pairs():
    from pnp.printshop.gamut import delta_e_2000

    pairs = [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425), ((50, 0, 0), (50, -1, 2), 2.3669),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
             ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
             ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
             ((50, 2.5, 0), (73, 25, -18), 27.1492), ((50, 2.5, 0), (50, 3.2592, 0.335), 1.0)]
    for one, two, expected in pairs:
        assert delta_e_2000(one, two) == pytest.approx(expected, abs=1e-4)


# --- the proof -----------------------------------------------------------------------------------------

def test_the_proof_lives_beside_the_shop_folder_with_delta_e_flags_and_the_output_intent(inks):
    import pypdfium2 as pdfium

    _, out, _ = inks
    shop, proof = out / "inks" / "shop" / "drivethrucards", out / "inks" / "proof" / "drivethrucards"
    assert sorted(p.name for p in shop.iterdir()) == ["inks.pdf", "manifest.json"]
    swatches = proof / "swatches.pdf"
    with pikepdf.open(swatches) as pdf:
        intent = pdf.Root.OutputIntents[0]
        with pikepdf.open(shop / "inks.pdf") as printed:
            assert intent.DestOutputProfile.read_bytes() == printed.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    doc = pdfium.PdfDocument(str(swatches))
    try:
        text = " ".join(doc[0].get_textpage().get_text_range().split())
    finally:
        doc.close()
    assert "RGB #00ff00 → #6bb539" in text and "OUT OF GAMUT" in text
    assert text.count("OUT OF GAMUT") == 1 and "RGB #555555 → #555555" in text and "ΔE00 0.0" in text
    code, said = run("preflight", *sorted(shop.glob("*.pdf")), "--shop", "drivethrucards")
    assert code == 0, said  # nothing in the upload folder that the shop would turn away


def test_build_proof_writes_each_page_as_printed(inks):
    from pnp.printshop.colour import Cmyk, default_profile_bytes

    _, out, _ = inks
    with Image.open(out / "inks" / "proof" / "drivethrucards" / "inks-p1.png") as picture:
        proof = picture.convert("RGB")
    path = out / "inks" / "shop" / "drivethrucards" / "inks.pdf"
    with pikepdf.open(path) as pdf:
        width_in = float(pdf.pages[0].MediaBox[2]) / 72
    assert proof.width == round(width_in * 100)
    green = at(path, proof, GREEN_AT, dpi=100)
    expected = Cmyk(default_profile_bytes(240), 240).as_printed(Image.new("CMYK", (1, 1), at(path, inks_of(path, 100), GREEN_AT, 100)))
    assert max(abs(a - b) for a, b in zip(green, expected.getpixel((0, 0)))) <= 2
    assert abs(green[0] - 0x6b) <= 6 and abs(green[1] - 0xb5) <= 6  # the dull green it prints, not #00ff00
    assert run("build", out, "--proof", "--out", out)[0] == 2  # a proof is of a shop's files


# --- the shop's own profile ------------------------------------------------------------------------------

@pytest.mark.parametrize("damage", ["truncated", "garbage"])
def test_a_damaged_print_profile_is_an_error_at_its_line(tmp_path, damage):
    from pnp.printshop.colour import default_profile_bytes

    game = make_game(tmp_path)
    data = default_profile_bytes()
    (game / "shop.icc").write_bytes(data[:len(data) // 3] if damage == "truncated" else b"\x00" * 128 + data[:64])
    (game / "game.yaml").write_text(GAME.replace("print:\n", "print:\n  profile: shop.icc\n"))
    line = GAME.replace("print:\n", "print:\n  profile: shop.icc\n").splitlines().index("  profile: shop.icc") + 1
    for args in (("validate", game), ("build", game, "--shop", "drivethrucards", "--out", tmp_path / "out")):
        code, text = run(*args)
        assert code == 2, text
        assert f"game.yaml:{line}:12: print.profile 'shop.icc'" in text and "Traceback" not in text
    assert not (tmp_path / "out" / "inks" / "shop").exists()


# --- picture shops ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("shop", ["tgc", "mpc"])
def test_picture_shops_pictures_are_tagged_srgb(tmp_path, shop):
    game = make_game(tmp_path)
    code, text = run("build", game, "--shop", shop, "--out", tmp_path / "out")
    assert code == 0, text
    pictures = sorted((tmp_path / "out" / "inks" / "shop" / shop).rglob("*.png"))
    assert pictures
    standard = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")
    for path in pictures:
        with Image.open(path) as picture:
            data = picture.info.get("icc_profile")
            assert data, path.name
            profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
            assert profile.profile.xcolor_space.strip() == "RGB"
            tagged = ImageCms.buildTransform(profile, ImageCms.createProfile("LAB"), "RGB", "LAB")
            for rgb in ((255, 0, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128)):  # the sRGB primaries and grey
                one = Image.new("RGB", (1, 1), rgb)
                assert ImageCms.applyTransform(one, tagged).getpixel((0, 0)) == \
                    ImageCms.applyTransform(one, standard).getpixel((0, 0))
    assert "outside what" in text  # a picture shop's press gets the gamut check too


def test_a_colour_in_a_table_cell_is_warned_at_its_cell(tmp_path):
    game = tmp_path / "cells"
    game.mkdir()
    (game / "game.yaml").write_text("title: Cells\nplayers: 2\ncomponents:\n  - cards.yaml\n")
    (game / "cards.yaml").write_text(
        "kind: deck\nname: cells\nsize: poker\nlayout: face\nfields:\n  name: {type: text}\n  ink: {type: text}\n"
        "data: cards.csv\nlayouts:\n  face:\n    background: \"#ffffff\"\n    boxes:\n"
        "      band: {type: shape, x: 0, y: 20mm, width: 63mm, height: 20mm, fill: \"{{ ink }}\"}\n")
    (game / "cards.csv").write_text("id,name,ink\nsea,Sea,#1565c0\nneon,Neon,#ff00ff\n")
    code, text = run("validate", game, "--shop", "printninja")
    flat = " ".join(text.split())
    assert code == 0, text
    assert "cards.csv:3:11: warning: #ff00ff is outside what PrintNinja prints" in flat
    assert "#1565c0" not in flat  # a blue the press prints


def test_without_ghostscript_the_proof_says_so_and_the_build_exits_2(inks, monkeypatch, tmp_path):
    import shutil

    game, _, _ = inks
    real = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "gs" else real(name, *a, **k))
    code, text = run("build", game, "--shop", "drivethrucards", "--proof", "--out", tmp_path / "out")
    assert code == 2 and "Traceback" not in text
    assert "no proof: the soft proof needs Ghostscript" in " ".join(text.split())
    assert not (tmp_path / "out" / "inks" / "shop").exists()  # nothing half made
