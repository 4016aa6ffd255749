"""`pnp build GAME --shop NAME`: what each print shop's published rules ask of the files, measured.

The PDFs are opened with pikepdf (markers, boxes, every colour operator of every content stream and
form, images, fonts) and rendered to CMYK with Ghostscript (`tiff32nc`: the four separations of each
pixel), the way a shop's RIP sees them. The PNG shops' pictures are measured in pixels.
"""
from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageCms, ImageMath

from pnp.paths import EXAMPLES

PT_PER_MM = 72 / 25.4
GAMES = ("cave", "miskatonic", "blob", "blorg")
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "scn", "SC", "SCN", "cs", "CS"}


def run(*args) -> tuple[int, str]:
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    result = CliRunner().invoke(cli.app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The bundled games copied (cardspecs/<game>, as a designer has them), built for PDF/X-4 and The
    Game Crafter; and cave for the home printer and DriveThruCards (the tests compare and read cave's
    files of those, and flattening every game's pages to X-1a would take most of this module's time)."""
    root = tmp_path_factory.mktemp("shops")
    for game in GAMES:
        shutil.copytree(EXAMPLES / game, root / "cardspecs" / game)
    out = root / "output"
    games = [root / "cardspecs" / g for g in GAMES]
    logs = {}
    assert run("build", games[0], "--out", out, "-q")[0] == 0
    for shop, these in (("drivethrucards", games[:1]), ("pdfx4", games), ("tgc", games)):
        code, logs[shop] = run("build", *these, "--shop", shop, "--out", out)
        assert code == 0, logs[shop]
    return out, logs


def content_ops(pdf) -> list[tuple[list, str]]:
    """Every operator of every page's content and of every form and pattern it draws (each once)."""
    seen, ops = set(), []

    def walk(obj):
        if obj.objgen != (0, 0):
            if obj.objgen in seen:
                return
            seen.add(obj.objgen)
        ops.extend((list(operands), str(op)) for operands, op in pikepdf.parse_content_stream(obj))
        res = obj.get("/Resources") or {}
        for x in (res.get("/XObject") or {}).values():
            if x.get("/Subtype") == "/Form":
                walk(x)
        for p in (res.get("/Pattern") or {}).values():
            if p.get("/PatternType") == 1:
                walk(p)

    for page in pdf.pages:
        walk(page.obj)
    return ops


def images(pdf) -> list:
    return [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]


def separations_max_ink(path: Path, dpi: int = 72) -> float:
    """The most ink (per cent, C + M + Y + K) at any pixel of any page, rendered to CMYK by Ghostscript."""
    work = path.parent / f".sep-{path.stem}"
    work.mkdir(exist_ok=True)
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{dpi}",
                    "-o", str(work / "p%03d.tif"), str(path)], check=True, capture_output=True)
    worst = 0
    for tif in sorted(work.glob("p*.tif")):
        c, m, y, k = (band.convert("I") for band in Image.open(tif).split())
        total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
        worst = max(worst, total.getextrema()[1])
    shutil.rmtree(work)
    return worst / 255 * 100


def page_text(path: Path, index: int) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        return doc[index].get_textpage().get_text_range().strip()
    finally:
        doc.close()


# --- Must show 1: DriveThruCards ------------------------------------------------------------------------

def test_drivethrucards_cave_is_pdfx1a_2003_with_its_markers(built):
    out, _ = built
    path = out / "cave" / "shop" / "drivethrucards" / "cave.pdf"
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version <= "1.4"  # PDF/X-1a:2003 is PDF 1.4
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert info["/Trapped"] == pikepdf.Name("/False")
        assert str(info["/Title"]).strip() and str(info["/CreationDate"]).startswith("D:")
        intents = pdf.Root.OutputIntents
        assert len(intents) == 1 and intents[0].S == "/GTS_PDFX"
        assert str(intents[0].OutputConditionIdentifier)
        profile = intents[0].DestOutputProfile
        assert int(profile.N) == 4
        cms = ImageCms.ImageCmsProfile(io.BytesIO(profile.read_bytes()))
        assert cms.profile.xcolor_space.strip() == "CMYK"
        assert pdf.trailer.ID[0] == pdf.trailer.ID[1] or len(pdf.trailer.ID) == 2


def test_drivethrucards_every_colour_is_device_cmyk(built):
    out, _ = built
    with pikepdf.open(out / "cave" / "shop" / "drivethrucards" / "cave.pdf") as pdf:
        ops = content_ops(pdf)
        used = {op for _, op in ops if op in COLOUR_OPS}
        assert used and used <= {"k", "K"}, used  # no rg/RG, no grey, no colour spaces at all
        assert sum(1 for _, op in ops if op == "k") > 100
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) or isinstance(obj, pikepdf.Stream):
                assert obj.get("/ColorSpace") in (None, pikepdf.Name.DeviceCMYK)
                if "/ExtGState" in obj:
                    for gs in obj.ExtGState.values():
                        assert float(gs.get("/ca", 1)) == 1 and float(gs.get("/CA", 1)) == 1
        assert all(x.ColorSpace == "/DeviceCMYK" for x in images(pdf))
        for obj in pdf.objects:  # every font embedded
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and obj.get("/Subtype") != "/Type0":
                descriptor = obj.get("/FontDescriptor")
                assert descriptor is not None and ("/FontFile2" in descriptor or "/FontFile3" in descriptor
                                                   or "/FontFile" in descriptor), obj.get("/BaseFont")


def test_drivethrucards_total_ink_at_most_240_at_every_pixel(built):
    out, _ = built
    assert separations_max_ink(out / "cave" / "shop" / "drivethrucards" / "cave.pdf") <= 240
    # the measurement can fail: the RGB print-shop file, through Ghostscript's own CMYK, goes well over
    assert separations_max_ink(out / "cave" / "cards-printshop.pdf") > 240


def test_drivethrucards_poker_pages_are_2_75_by_3_75_in_back_before_front(built):
    out, _ = built
    shop = out / "cave" / "shop" / "drivethrucards" / "cave.pdf"
    home = out / "cave" / "cards-printshop.pdf"
    with pikepdf.open(shop) as pdf, pikepdf.open(home) as rgb:
        assert len(pdf.pages) == len(rgb.pages)
        for page in pdf.pages:
            assert [round(float(v) / 72, 4) for v in page.MediaBox] == [0, 0, 2.75, 3.75]
            assert [round(float(v) / 72, 4) for v in page.TrimBox] == [0.125, 0.125, 2.625, 3.625]
            assert [float(v) for v in page.BleedBox] == [float(v) for v in page.MediaBox]
    for i in (0, 2, 40):  # the RGB file has each card's front then back; the shop's has the back first
        assert page_text(shop, i) == page_text(home, i + 1)
        assert page_text(shop, i + 1) == page_text(home, i)
    assert page_text(shop, 0) != page_text(shop, 1)


def test_pure_black_stays_100_percent_k(built):
    out, _ = built
    source_blacks = 0
    with pikepdf.open(out / "cave" / "cards-printshop.pdf") as rgb:
        source_blacks = sum(1 for operands, op in content_ops(rgb)
                            if op in ("rg", "RG") and all(float(v) == 0 for v in operands))
    with pikepdf.open(out / "cave" / "shop" / "drivethrucards" / "cave.pdf") as pdf:
        ops = content_ops(pdf)
    blacks = [operands for operands, op in ops if op in ("k", "K") and float(operands[3]) == 1]
    assert source_blacks and len(blacks) >= source_blacks
    assert all(float(v) == 0 for operands in blacks for v in operands[:3])  # K alone, not rich black


def test_preflight_accepts_the_shop_file_and_rejects_the_rgb_one(built):
    out, _ = built
    code, text = run("preflight", out / "cave" / "shop" / "drivethrucards" / "cave.pdf", "--shop", "drivethrucards")
    assert code == 0, text
    code, text = run("preflight", out / "cave" / "cards-printshop.pdf", "--shop", "drivethrucards")
    assert code == 1
    for reason in ("GTS_PDFXVersion", "output intent", "RGB fill colour", "bleed 3.0 mm", "pages 1–"):
        assert reason in text, reason


# --- Must show 2: PDF/X-4 for all four games ----------------------------------------------------------

def shop_pdfs(out: Path, shop: str) -> list[Path]:
    return sorted(p for game in GAMES for p in (out / game / "shop" / shop).glob("*.pdf") if p.name != "swatches.pdf")


def test_pdfx4_for_every_game_every_page_boxed_cmyk_with_3mm_bleed(built):
    out, _ = built
    files = shop_pdfs(out, "pdfx4")
    names = {p.relative_to(out).as_posix() for p in files}
    for piece in ("valley", "dice", "miskatonic-token", "miskatonic-board", "miskatonic-player-board"):
        assert f"miskatonic/shop/pdfx4/{piece}.pdf" in names  # boards, dice and tokens too
    assert "cave/shop/pdfx4/cave.pdf" in names and "blorg/shop/pdfx4/blorg.pdf" in names
    assert "blob/shop/pdfx4/sheet.pdf" in names  # a score pad lists no pieces: its sheets, each at its size
    for path in files:
        with pikepdf.open(path) as pdf:
            assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4"
            assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4<" in pdf.Root.Metadata.read_bytes()
            assert pdf.Root.OutputIntents[0].S == "/GTS_PDFX" and int(pdf.Root.OutputIntents[0].DestOutputProfile.N) == 4
            used = {op for _, op in content_ops(pdf) if op in COLOUR_OPS}
            assert used <= {"k", "K"}, (path, used)
            assert all(x.ColorSpace == "/DeviceCMYK" for x in images(pdf))
            for page in pdf.pages:
                trim = [float(v) for v in page.TrimBox]
                bleed = [float(v) for v in page.BleedBox]
                sides = (trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
                assert min(sides) >= 3 * PT_PER_MM, (path, sides)


def test_every_pieces_art_runs_to_the_edge_of_the_shops_bleed(built):
    """The bleed shows the colour of the art at the cut, whatever bleed the piece was drawn with: the
    board none, the dice 0.6 mm, the tokens 2 mm, the cards 3 mm (a white band would show on a miscut)."""
    out, _ = built
    files = shop_pdfs(out, "pdfx4") + [out / "cave" / "shop" / "drivethrucards" / "cave.pdf"]
    checked = 0
    for path in files:
        doc = pdfium.PdfDocument(str(path))
        try:
            for index in range(0, len(doc), max(1, len(doc) // 3)):
                page = doc[index]
                scale = 4
                picture = page.render(scale=scale).to_pil().convert("RGB")
                trim = [float(v) * scale for v in page.get_trimbox()]
                w, h = picture.size
                inside = round(trim[0]) + 2  # just inside the cut
                for outer, inner in (((1, h // 2), (inside, h // 2)), ((w - 2, h // 2), (w - 1 - inside, h // 2)),
                                     ((w // 2, 1), (w // 2, inside)), ((w // 2, h - 2), (w // 2, h - 1 - inside))):
                    a, b = picture.getpixel(outer), picture.getpixel(inner)
                    assert max(abs(x - y) for x, y in zip(a, b)) < 40, (path.name, index, outer, a, b)
                    checked += 1
        finally:
            doc.close()
    assert checked > 40


def test_pdfx4_ink_stays_under_300_percent_where_transparent_art_blends(built):
    from pnp.printshop.pdfx import has_transparency

    out, _ = built
    chart = out / "miskatonic" / "shop" / "pdfx4" / "miskatonic-board.pdf"  # the star chart's faded stars
    with pikepdf.open(chart) as pdf:  # PDF/X-4 keeps transparency (and the vectors)
        assert has_transparency(pdf.pages[0].obj)
    for path in (chart, out / "miskatonic" / "shop" / "pdfx4" / "miskatonic-token.pdf"):
        assert separations_max_ink(path, dpi=100) <= 300


def test_pdfx1a_flattens_transparent_pages_into_cmyk_pictures(tmp_path):
    from pnp.printshop.pdfx import has_transparency

    out = tmp_path / "out"
    code, log = run("build", EXAMPLES / "miskatonic", "--shop", "printninja", "--out", out)
    assert code == 0, log
    path = out / "miskatonic" / "shop" / "printninja" / "miskatonic-board.pdf"
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        flat = 0
        for page in pdf.pages:
            assert not has_transparency(page.obj)
            xobjects = page.Resources.get("/XObject") or {}
            if "/Flat" in xobjects:
                flat += 1
                image = xobjects.Flat
                assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image
                width_in = float(page.MediaBox[2]) / 72
                assert int(image.Width) / width_in >= 299  # flattened at the shop's 300 dpi
        assert flat == len(pdf.pages) == 1
    assert separations_max_ink(path, dpi=100) <= 300
    assert run("preflight", path, "--shop", "printninja")[0] == 0
    tokens = out / "miskatonic" / "shop" / "printninja" / "miskatonic-token.pdf"
    with pikepdf.open(tokens) as pdf:  # pages with nothing transparent keep their vectors and fonts
        assert not any("/Flat" in (page.Resources.get("/XObject") or {}) for page in pdf.pages)


# --- Must show 3: The Game Crafter --------------------------------------------------------------------

TGC_CANVASES = {(825, 1125), (750, 1125), (900, 1500), (600, 825), (1125, 1125), (825, 825), (675, 1125),
                (1125, 1725), (450, 600), (225, 225), (300, 300), (375, 375), (450, 450), (825, 750),
                (1200, 1050), (1575, 1575), (2475, 2475), (2775, 5475), (188, 188)}


def test_tgc_every_picture_is_a_products_exact_size(built):
    out, _ = built
    sizes = {}
    for game in GAMES:
        for png in (out / game / "shop" / "tgc").rglob("*.png"):
            with Image.open(png) as im:
                size = im.size
            sizes[png] = size
            assert size in TGC_CANVASES or size[::-1] in TGC_CANVASES, (png, size)
    listing = json.loads((out / "cave" / "shop" / "tgc" / "cards.json").read_text())
    assert listing["components"][0]["pixels"] == [825, 1125]
    misk = json.loads((out / "miskatonic" / "shop" / "tgc" / "cards.json").read_text())
    by_what = {c["what"]: c for c in misk["components"]}
    assert by_what["die"]["pixels"] == [188, 188]
    assert {"card", "die", "token", "board"} <= set(by_what)


def test_tgc_pieces_no_product_fits_are_located_warnings_naming_the_nearest(built):
    out, logs = built
    text = " ".join(logs["tgc"].split())
    tokens = EXAMPLES / "miskatonic" / "tokens.yaml"
    line = next(n for n, l in enumerate(tokens.read_text().splitlines(), 1) if l.startswith("name:"))
    assert f"tokens.yaml:{line}:7: warning: token 'miskatonic' (15.0 × 15.0 mm) matches no The Game Crafter " \
           "product: printed as the nearest, small-chit (12.7 × 12.7 mm)" in text
    assert "board 'valley' (368.0 × 272.0 mm) matches no The Game Crafter product" in text
    assert "card 'cave'" not in text  # a 63 × 88 mm card is TGC's poker card


def test_mpc_cards_at_its_poker_size_and_nothing_it_does_not_print(tmp_path):
    code, log = run("build", EXAMPLES / "miskatonic", "--shop", "mpc", "--out", tmp_path)
    assert code == 0, log
    folder = tmp_path / "miskatonic" / "shop" / "mpc"
    sizes = set()
    for png in folder.rglob("*.png"):
        with Image.open(png) as im:
            sizes.add(im.size)
    assert sizes == {(822, 1122)}
    flat = " ".join(log.split())
    assert "MakePlayingCards prints cards only: left out the die '" in flat  # the pieces by name
    assert "dice.yaml:1:1: warning" in flat


def test_a_game_chooses_a_product_by_name(tmp_path):
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", tmp_path / "misk"))
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("print:\n", "print:\n  products: {valley: medium-square-board, dice: die-stickr, vally: poker}\n", 1))
    assert "products:" in (game / "game.yaml").read_text()
    code, log = run("build", game, "--shop", "tgc", "--out", tmp_path / "out")
    assert code == 0, log
    flat = " ".join(log.split())
    assert "board 'valley'" not in flat
    assert "sells no product 'die-stickr' (did you mean 'die-sticker'?)" in flat and "game.yaml:" in flat
    assert "print.products names 'vally', which is no component's name (did you mean 'valley'?)" in flat
    listing = json.loads((tmp_path / "out" / "misk" / "shop" / "tgc" / "cards.json").read_text())
    assert next(c for c in listing["components"] if c["component"] == "valley")["pixels"] == [2475, 2475]


# --- Must show 4: colour ------------------------------------------------------------------------------

def test_swatches_show_each_palette_colour_in_rgb_beside_its_cmyk(built):
    out, _ = built
    path = out / "cave" / "proof" / "drivethrucards" / "swatches.pdf"  # beside the shop's folder, not in it
    assert not (out / "cave" / "shop" / "drivethrucards" / "swatches.pdf").exists()
    with pikepdf.open(path) as pdf:
        ops = content_ops(pdf)
    fills_rgb = [tuple(float(v) for v in o) for o, op in ops if op == "rg"]
    fills_cmyk = [tuple(float(v) for v in o) for o, op in ops if op == "k"]
    with pikepdf.open(out / "cave" / "cards-printshop.pdf") as rgb:
        palette = {tuple(round(float(v), 4) for v in o) for o, op in content_ops(rgb) if op in ("rg", "RG")}
    assert palette <= {tuple(round(v, 4) for v in c) for c in fills_rgb}  # each as designed (and as printed)
    assert all(sum(c) <= 2.4 for c in fills_cmyk)
    assert (0, 0, 0, 1) in fills_cmyk  # the words: 100 % K
    # the page shows the two side by side: the CMYK square renders in the CMYK colour pdfium derives
    doc = pdfium.PdfDocument(str(path))
    try:
        assert "CMYK" in doc[0].get_textpage().get_text_range()
    finally:
        doc.close()


def test_ink_limit_holds_for_the_darkest_saturated_colours():
    from pnp.printshop.colour import Cmyk, default_profile_bytes

    cmyk = Cmyk(default_profile_bytes(), 240)
    for rgb in [(0.02, 0.01, 0.01), (0.1, 0.05, 0.05), (0, 0, 0.5), (0.2, 0, 0.3), (0.05, 0.1, 0.05), (1, 0, 0)]:
        assert sum(cmyk.colour(*rgb)) <= 2.4
    assert cmyk.colour(0, 0, 0) == (0, 0, 0, 1)
    assert Cmyk(default_profile_bytes(), 240, greys="black-ink").colour(0.5, 0.5, 0.5)[:3] == (0, 0, 0)
    picture = cmyk.image(Image.new("RGB", (4, 4), (5, 3, 3)))
    assert max(sum(picture.getpixel((x, y))) for x in range(4) for y in range(4)) <= 240 * 255 / 100
    unlimited = Cmyk(default_profile_bytes(), 400)
    assert sum(unlimited.colour(0.02, 0.01, 0.01)) > 2.4  # the limit is what brought it down
    assert max(sum(unlimited.image(Image.new("RGB", (1, 1), (5, 3, 3))).getpixel((0, 0))) for _ in (0,)) > 240 * 255 / 100


# --- the shop's own profile, and bad input -------------------------------------------------------------

def test_a_shops_own_profile_is_used_and_named_custom(tmp_path, cave_copy):
    from pnp.printshop.colour import default_profile_bytes

    (cave_copy / "shop.icc").write_bytes(default_profile_bytes())
    text = (cave_copy / "game.yaml").read_text()
    (cave_copy / "game.yaml").write_text(text.replace("print:\n", "print:\n  profile: shop.icc\n", 1))
    code, log = run("build", cave_copy, "--shop", "drivethrucards", "--out", tmp_path / "out")
    assert code == 0, log
    with pikepdf.open(tmp_path / "out" / "cave" / "shop" / "drivethrucards" / "cave.pdf") as pdf:
        intent = pdf.Root.OutputIntents[0]
        assert str(intent.OutputConditionIdentifier) == "Custom"
        assert intent.DestOutputProfile.read_bytes() == default_profile_bytes()


def test_a_profile_that_is_not_cmyk_is_a_located_error(tmp_path, cave_copy):
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    (cave_copy / "screen.icc").write_bytes(srgb)
    (cave_copy / "junk.icc").write_bytes(b"not a profile at all")
    text = (cave_copy / "game.yaml").read_text()
    for name, says in (("screen.icc", "is a RGB profile; a print shop's profile is CMYK"),
                       ("junk.icc", "is not an ICC profile littleCMS can read"),
                       ("../outside.icc", "")):
        (cave_copy / "game.yaml").write_text(text.replace("print:\n", f"print:\n  profile: {name}\n", 1))
        code, log = run("build", cave_copy, "--shop", "pdfx4", "--out", tmp_path / "out")
        assert code == 2, log
        assert "game.yaml:" in log and "Traceback" not in log
        assert says in " ".join(log.split())
    assert not (tmp_path / "out" / "cave" / "shop").exists()


def test_an_unknown_shop_is_refused_with_the_known_ones(tmp_path):
    code, log = run("build", EXAMPLES / "cave", "--shop", "kinkos", "--out", tmp_path)
    assert code == 2 and "drivethrucards" in log and "pdfx4" in log


def test_shop_files_are_the_same_bytes_every_time(tmp_path):
    outs = []
    for n in (1, 2):
        assert run("build", EXAMPLES / "cave", "--shop", "pdfx4", "--out", tmp_path / str(n), "-q")[0] == 0
        outs.append({p.name: p.read_bytes() for p in (tmp_path / str(n) / "cave" / "shop" / "pdfx4").iterdir()})
    assert outs[0] == outs[1]


def test_pictures_gradients_and_transparency_of_the_art_starter_become_cmyk(tmp_path, monkeypatch):
    """`pnp new --template art`: a painted picture, gradients, a see-through text panel and a font of its own."""
    from pnp.printshop.pdfx import has_transparency

    monkeypatch.chdir(tmp_path)
    assert run("new", "look", "--template", "art")[0] == 0
    game = tmp_path / "look"
    for shop, version in (("drivethrucards", "PDF/X-1a:2003"), ("pdfx4", "PDF/X-4")):
        code, log = run("build", game, "--shop", shop, "--out", tmp_path / "out")
        assert code == 0, log
        pdfs = [p for p in (tmp_path / "out" / "look" / "shop" / shop).glob("*.pdf") if p.name != "swatches.pdf"]
        assert pdfs
        for path in pdfs:
            with pikepdf.open(path) as pdf:
                assert str(pdf.docinfo["/GTS_PDFXVersion"]) == version
                assert {op for _, op in content_ops(pdf) if op in COLOUR_OPS} <= {"k", "K"}
                assert images(pdf) and all(x.ColorSpace == "/DeviceCMYK" for x in images(pdf))
                shadings = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and "/ShadingType" in o]
                assert all(s.ColorSpace == "/DeviceCMYK" for s in shadings)
                if shop == "drivethrucards":
                    assert not any(has_transparency(page.obj) for page in pdf.pages)
            assert separations_max_ink(path) <= (240 if shop == "drivethrucards" else 300)
            assert run("preflight", path, "--shop", shop)[0] == 0


def _tgc_pictures_keep_their_pieces_whole(game_dir: Path, folder: Path) -> int:
    """Each front picture The Game Crafter gets holds its piece's whole trim: the middle of the picture, as large
    as the piece fits inside its product's trim, is the piece's own face (compared small, so a pixel of rounding
    does not count). A piece scaled to cover a product of another shape loses its edges and fails this."""
    from PIL import ImageChops, ImageFilter, ImageStat

    from pnp.export.raster import PieceRaster, game_pieces
    from pnp.game import load_game
    from pnp.printshop.profiles import SHOPS, fit

    shop = SHOPS["tgc"]
    game = load_game(game_dir)
    chosen = dict(game.game.print.products) if game.game else {}
    listing = json.loads((folder / "cards.json").read_text())
    checked = 0
    with game.own_fonts():
        pieces = [p for p in game_pieces(game) if p.what in {"card", "token", "board", "player board", "die"}]
        by_id = {}
        for p in pieces:
            by_id.setdefault((p.component, str(p.facts.get("id", p.key or p.name))), p)
        for component in listing["components"]:
            for row in component["faces"][:4]:  # a few of each component: they share their size and product
                piece = by_id.get((component["component"], str(row["id"])))
                name = row.get("front") or (row.get("faces") or [None])[0]
                if piece is None or not name:
                    continue
                product = fit(shop, piece, chosen.get(piece.component)).product
                k = min(product.width / piece.width, product.height / piece.height)  # whole inside its trim
                with Image.open(folder / name) as shot:
                    W, H = shot.size
                    tw, th = piece.width * k / 72 * shop.dpi, piece.height * k / 72 * shop.dpi
                    middle = shot.convert("RGB").crop((round((W - tw) / 2), round((H - th) / 2),
                                                       round((W + tw) / 2), round((H + th) / 2)))
                longer = max(piece.width, piece.height)
                side = max(300, min(800, round(max(tw, th))))  # about as fine as the picture
                drawn = (max(40, round(side * piece.width / longer)), max(40, round(side * piece.height / longer)))
                with PieceRaster([piece]) as raster:
                    own = raster.render(raster.refs[0], drawn, drawn).convert("RGB")
                middle = middle.resize(drawn, Image.Resampling.LANCZOS)
                blur = ImageFilter.GaussianBlur(3)  # so that a hairline a pixel off does not count, a lost edge does
                diff = ImageStat.Stat(ImageChops.difference(middle.filter(blur), own.filter(blur))).mean
                assert max(diff) < 7, (name, diff)
                checked += 1
    return checked


def test_tgc_never_crops_a_piece_to_a_product_of_another_shape(built):
    """Must show 7: every bundled game's The Game Crafter pictures hold their pieces' whole trims; a piece no
    product fits is placed whole inside the nearest, and the warning says by how much it was scaled."""
    out, logs = built
    checked = sum(_tgc_pictures_keep_their_pieces_whole(EXAMPLES / game, out / game / "shop" / "tgc")
                  for game in GAMES if (out / game / "shop" / "tgc" / "cards.json").is_file())  # blob: a score pad, no pieces
    assert checked >= 12
    text = " ".join(logs["tgc"].split())
    assert "board 'valley' (368.0 × 272.0 mm) matches no The Game Crafter product: printed as the nearest" in text
    assert "whole inside it at" in text and "of its size, its bleed filling the rest" in text


@pytest.mark.parametrize("starter", ["routes", "hex"])
def test_tgc_keeps_the_starters_pieces_whole(tmp_path, starter):
    """The routes starter's landscape trains and the hex starter's chits, which match no product's shape."""
    game = tmp_path / starter
    assert run("new", starter, "--dir", tmp_path, "--template", starter)[0] == 0
    code, log = run("build", game, "--shop", "tgc", "--out", tmp_path / "out")
    assert code == 0, log
    assert _tgc_pictures_keep_their_pieces_whole(game, tmp_path / "out" / starter / "shop" / "tgc") >= 3
