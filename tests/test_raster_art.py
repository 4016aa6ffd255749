"""Raster art (PNG, JPEG, WebP, GIF) on cards: where it lands, how sharp it prints, stored once, hostile files refused.

Pictures are made with Pillow in each test; pages are rendered with pdfium and
looked at, pixel by pixel, at known millimetre positions on the card.
"""
from __future__ import annotations

import io
import json
import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from conftest import line_of
from workbound import cpu_seconds

RED, BLUE, WHITE, GREEN = (255, 0, 0), (0, 0, 255), (255, 255, 255), (0, 160, 0)
BLEED_MM = 3.0
DPI = 150

GAME = "title: Pictures\nplayers: 1\ncomponents: [cards.yaml]\n{extra}"
DECK = """\
kind: deck
name: pics
size: poker
layout: face
layouts:
  face:
    background: "#ffffff"
    boxes:
      pic: {{type: image, src: {src}, x: 10mm, y: 10mm, width: 40mm, height: 40mm{keys}}}
cards:
{cards}"""


def two_colour(size=(200, 100), mode="RGB", left=RED, right=BLUE) -> Image.Image:
    """Left half `left`, right half `right`: where each half lands shows fit, alignment and turn."""
    im = Image.new("RGB", size, right)
    im.paste(left, (0, 0, size[0] // 2, size[1]))
    return im.convert(mode)


def make_game(tmp_path: Path, pictures: dict[str, bytes | Image.Image], src="art/two.png", keys="", cards=None,
              game_extra="") -> Path:
    game = tmp_path / "pics"
    (game / "art").mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(GAME.format(extra=game_extra))
    for name, picture in pictures.items():
        if isinstance(picture, Image.Image):
            picture.save(game / "art" / name)
        else:
            (game / "art" / name).write_bytes(picture)
    (game / "cards.yaml").write_text(DECK.format(src=src, keys=keys, cards=cards or "  - {id: one}\n"))
    return game


def build(run_cli, game: Path, *extra, code=0):
    out = game.parent / "out"
    result = run_cli("build", game, "--out", out, "--force", *extra)
    assert result.exit_code == code, result.output
    return out / game.name, result.output


def card_page(out: Path, index: int = 0) -> Image.Image:
    """The print-shop file's page for one card face (trim plus 3 mm bleed), as RGB pixels."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(out / "cards-printshop.pdf")
    return doc[index].render(scale=DPI / 72).to_pil().convert("RGB")


def at(page: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at (x, y) millimetres from the card's top-left trim corner."""
    k = DPI / 25.4
    return page.getpixel((round((x_mm + BLEED_MM) * k), round((y_mm + BLEED_MM) * k)))


def near(colour, expected, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def png_bytes(im: Image.Image, **options) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="PNG", **options)
    return buf.getvalue()


def jpeg_bytes(im: Image.Image, **options) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="JPEG", quality=95, **options)
    return buf.getvalue()


# fit, alignment, turn, crop: where the picture lands -----------------------------------------------------------
# The box is 40 × 40 mm at (10, 10); the picture is 200 × 100 pixels, red left half, blue right half.
PLACEMENTS = {
    # contain: 40 × 20 mm, centred: blank above and below
    "contain": ("", [((15, 15), WHITE), ((15, 30), RED), ((45, 30), BLUE), ((45, 45), WHITE)]),
    # cover: 80 × 40 mm centred, cut to the box: the red half fills its left, nothing outside the box
    "cover": (", fit: cover", [((15, 15), RED), ((45, 45), BLUE), ((5, 30), WHITE), ((55, 30), WHITE)]),
    # stretch: the whole box, aspect ratio ignored
    "stretch": (", fit: stretch", [((15, 12), RED), ((45, 48), BLUE), ((29, 48), RED), ((31, 12), BLUE)]),
    # none: 200 px at 300 ppi = 16.9 mm wide, 8.5 mm tall, centred at (30, 30)
    "none": (", fit: none", [((24, 30), RED), ((36, 30), BLUE), ((20, 30), WHITE), ((30, 25), WHITE)]),
    # contain, top-left: 40 × 20 mm at the top of the box
    "align": (", align: top-left", [((15, 15), RED), ((45, 15), BLUE), ((15, 35), WHITE)]),
    # cover, right: the picture's right 40 mm show, all blue (centred, the left half of the box is red)
    "cover-right": (", fit: cover, align: right", [((12, 30), BLUE), ((45, 30), BLUE), ((5, 30), WHITE)]),
    # a quarter turn clockwise: the red half goes to the top, 20 × 40 mm centred
    "turn": (", turn: 90", [((30, 15), RED), ((30, 45), BLUE), ((15, 30), WHITE), ((45, 30), WHITE)]),
    # crop to the blue half (100 × 100 px): a square, contained, fills the box
    "crop": (", crop: {x: 100, y: 0, width: 100, height: 100}", [((12, 12), BLUE), ((48, 48), BLUE)]),
}


@pytest.mark.parametrize("name", PLACEMENTS)
def test_each_fit_puts_the_picture_where_the_designer_expects(run_cli, tmp_path, name):
    keys, probes = PLACEMENTS[name]
    game = make_game(tmp_path, {"two.png": two_colour()}, keys=keys)
    out, _ = build(run_cli, game)
    page = card_page(out)
    for (x, y), colour in probes:
        assert near(at(page, x, y), colour), f"{name}: at ({x}, {y}) mm {at(page, x, y)} is not {colour}"


def test_a_box_with_bleed_fills_the_bleed(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.png": two_colour((1200, 1600), left=GREEN, right=GREEN)}, keys=", fit: cover")
    text = (game / "cards.yaml").read_text().replace("x: 10mm, y: 10mm, width: 40mm, height: 40mm", "bleed: true")
    (game / "cards.yaml").write_text(text)
    out, _ = build(run_cli, game)
    page = card_page(out)
    for x, y in ((-2.5, -2.5), (65.5, 90.5), (31, 44)):  # the bleed's corners and the middle
        assert near(at(page, x, y), GREEN), (x, y, at(page, x, y))


def test_templated_src_picks_each_cards_own_picture(run_cli, tmp_path):
    cards = "  - {id: r}\n  - {id: b}\n"
    pictures = {"r.png": two_colour(left=RED, right=RED), "b.png": two_colour(left=BLUE, right=BLUE)}
    game = make_game(tmp_path, pictures, src='"art/{{ card.id }}.png"', cards=cards)
    out, _ = build(run_cli, game, "--duplex", "none")
    assert near(at(card_page(out, 0), 30, 30), RED) and near(at(card_page(out, 1), 30, 30), BLUE)


# formats ------------------------------------------------------------------------------------------------------
def test_png_transparency_shows_the_card_beneath(run_cli, tmp_path):
    im = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    im.paste((255, 0, 0, 255), (0, 0, 100, 200))
    game = make_game(tmp_path, {"two.png": im}, keys=", fit: stretch")
    game.joinpath("cards.yaml").write_text(game.joinpath("cards.yaml").read_text().replace('"#ffffff"', '"#00a000"'))
    out, _ = build(run_cli, game)
    page = card_page(out)
    assert near(at(page, 15, 30), RED) and near(at(page, 45, 30), GREEN)


@pytest.mark.parametrize("kind,save", [
    ("webp", lambda im, f: im.save(f, format="WEBP", lossless=True)),
    ("gif", lambda im, f: im.save(f, format="GIF")),
    ("jpg", lambda im, f: im.save(f, format="JPEG", quality=95, progressive=True)),
])
def test_webp_gif_and_progressive_jpeg_are_drawn(run_cli, tmp_path, kind, save):
    buf = io.BytesIO()
    save(two_colour(), buf)
    game = make_game(tmp_path, {f"two.{kind}": buf.getvalue()}, src=f"art/two.{kind}", keys=", fit: stretch")
    out, _ = build(run_cli, game)
    page = card_page(out)
    assert near(at(page, 15, 30), RED) and near(at(page, 45, 30), BLUE)


def image_objects(pdf: Path) -> list:
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    found = []
    for generation in reader.xref.values():
        for num in generation:
            obj = reader.get_object(num)
            if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
                found.append(obj)
    return found


@pytest.mark.parametrize("mode,space", [("RGB", "/DeviceRGB"), ("L", "/DeviceGray"), ("CMYK", "/DeviceCMYK")])
def test_a_jpeg_is_embedded_as_its_own_bytes(run_cli, tmp_path, mode, space):
    data = jpeg_bytes(two_colour(mode=mode), progressive=mode == "RGB")
    game = make_game(tmp_path, {"two.jpg": data}, src="art/two.jpg", keys=", fit: stretch")
    out, _ = build(run_cli, game)
    [image] = image_objects(out / "cards-printshop.pdf")
    assert image["/Filter"] == "/DCTDecode" and image["/ColorSpace"] == space
    assert image._data == data  # passed through: not decoded and compressed again
    page = card_page(out)
    left, right = at(page, 15, 30), at(page, 45, 30)
    if mode == "L":
        assert left[0] < right[0] + 60 and abs(left[0] - 76) < 30  # red and blue as grey (76, 29)
    else:  # CMYK inks are shown through the viewer's own conversion: red stays red, blue stays blue
        assert left[0] > left[2] + 100 and right[2] > right[0] + 60, (left, right)


def test_exif_orientation_is_honoured(run_cli, tmp_path):
    # stored landscape, red left; orientation 6 says "turn 90° clockwise to view": red on top
    im = two_colour()
    exif = Image.Exif()
    exif[0x0112] = 6
    data = jpeg_bytes(im, exif=exif.tobytes())
    game = make_game(tmp_path, {"two.jpg": data}, src="art/two.jpg")
    out, _ = build(run_cli, game)
    page = card_page(out)
    assert near(at(page, 30, 15), RED, 60) and near(at(page, 30, 45), BLUE, 60) and near(at(page, 15, 30), WHITE)


# print quality --------------------------------------------------------------------------------------------------
def test_a_picture_below_the_resolution_threshold_is_a_located_warning(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.png": two_colour()})
    out, output = build(run_cli, game)
    line = line_of(game / "cards.yaml", "src: art/two.png")
    # 200 px across the 40 mm box: 127 ppi
    assert re.search(rf"cards\.yaml:{line}:\d+: warning: image 'art/two\.png' \(200 × 100 pixels\) prints at "
                     r"127 ppi in this box, below 300 ppi", output), output
    assert output.count("prints at") == 1


def test_the_threshold_is_the_games_print_min_ppi(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.png": two_colour()}, game_extra="print: {min_ppi: 120}\n")
    _, output = build(run_cli, game)
    assert "ppi" not in output
    big = make_game(tmp_path / "big", {"two.png": two_colour((600, 300))})  # 381 ppi: sharp enough
    _, output = build(run_cli, big)
    assert "ppi" not in output


def test_each_picture_is_stored_once_however_many_cards_use_it(run_cli, tmp_path, monkeypatch):
    """200 cards share 5 pictures: 5 images in the sheets, also when the PDF is written in chunks."""
    from pnp.draw.pdf import ChunkedPdfSurface

    colours = [(255, 0, 0), (0, 0, 255), (0, 160, 0), (200, 200, 0), (120, 0, 120)]
    pictures = {f"p{i}.png": Image.new("RGB", (500, 500), c) for i, c in enumerate(colours)}
    cards = "".join(f"  - {{id: c{i}, fields: {{n: {i % 5}}}}}\n" for i in range(200))
    game = make_game(tmp_path, pictures, src='"art/p{{ n }}.png"', cards=cards)
    text = (game / "cards.yaml").read_text().replace("layout: face\n", "layout: face\nfields:\n  n: {type: int}\n")
    (game / "cards.yaml").write_text(text)
    out, _ = build(run_cli, game, "--duplex", "none")
    assert len(image_objects(out / "cards.pdf")) == 5
    assert len(image_objects(out / "cards-printshop.pdf")) == 5
    monkeypatch.setattr(ChunkedPdfSurface, "pages_per_chunk", 4)  # 23 sheets: 6 chunks, each drawing all 5
    out, _ = build(run_cli, game, "--duplex", "none")
    import pypdfium2

    assert len(pypdfium2.PdfDocument(out / "cards.pdf")) == 23
    assert len(image_objects(out / "cards.pdf")) == 5
    page = pypdfium2.PdfDocument(out / "cards.pdf")[22].render(scale=1).to_pil().convert("RGB")
    assert any(near(page.getpixel((x, y)), c, 10) for x in range(0, page.width, 7) for y in range(0, page.height, 7)
               for c in colours)


def test_svg_output_holds_each_picture_once(run_cli, tmp_path):
    cards = "".join(f"  - {{id: c{i}}}\n" for i in range(4))
    game = make_game(tmp_path, {"two.png": two_colour()}, cards=cards)
    out, _ = build(run_cli, game, "--format", "svg", "--duplex", "none")
    svgs = sorted(out.rglob("*.svg"))
    assert svgs
    sheet = max(svgs, key=lambda p: p.read_text().count("<use"))
    text = sheet.read_text()
    assert text.count("<image") == 1 and "data:image/png;base64," in text
    image_id = re.search(r'<image[^>]* id="([^"]+)"', text).group(1)
    assert text.count(f'"#{image_id}"') >= 1


def test_svg_art_with_an_embedded_bitmap_says_what_to_do(run_cli, tmp_path):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="x.png" width="10" height="10"/></svg>'
    game = make_game(tmp_path, {"a.svg": svg}, src="art/a.svg")
    _, output = build(run_cli, game)  # the rest of the art draws; the bitmap is a warning saying what to do
    assert "a.svg:1:" in output and "<image>" in output and ".png" in output and "image box" in output
    _, output = build(run_cli, game, "--strict", code=2)
    assert "<image>" in output


# hostile pictures -------------------------------------------------------------------------------------------------
def _png(width: int, height: int, rows: int | None = None, bit_depth: int = 1) -> bytes:
    """A greyscale PNG whose header says width × height; `rows` rows of zeros follow (a bomb compresses to little)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\0" + b"\0" * ((width * bit_depth + 7) // 8)
    z = zlib.compressobj(9)
    body = b"".join(z.compress(row) for _ in range(height if rows is None else rows)) + z.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def _animated_gif(frames: int) -> bytes:
    buf = io.BytesIO()
    pics = [Image.new("RGB", (16, 16), (i % 256, (i * 7) % 256, 255 - i % 256)) for i in range(frames)]
    pics[0].save(buf, format="GIF", save_all=True, append_images=pics[1:], duration=10)
    return buf.getvalue()


HOSTILE = {
    # 40 000 × 40 000 pixels (1.6 billion) in 200 kB: refused from the header, before any decoding
    "bomb": (lambda: _png(40_000, 40_000), "has more than 25,000,000 pixels"),
    # just over the limit: Pillow's own warning band (1× to 2× its limit) is an error too
    "over-the-limit": (lambda: _png(6000, 6000), "has more than 25,000,000 pixels"),
    # a header claiming 100 000 × 10 pixels: too long a side, whatever the pixel count
    "huge-side": (lambda: _png(100_000, 10, rows=1), "at most 25,000,000 pixels and 30,000 on a side"),
    "truncated": (lambda: png_bytes(two_colour((300, 300)).effect_spread(20))[:3000], "cannot be decoded"),
    "jpeg-named-png": (lambda: jpeg_bytes(two_colour()), "is a JPEG file although its name ends in .png: rename it "
                                                         "to end in .jpg"),
    "text-named-png": (lambda: b"hello, I am not a picture\n", "is not a PNG, JPEG, WebP or GIF image although its "
                                                               "name ends in .png"),
    "animated": (lambda: _animated_gif(300), "is an animated GIF"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_picture_is_a_located_error_at_the_src(run_cli, tmp_path, name):
    make, message = HOSTILE[name]
    suffix = "gif" if name == "animated" else "png"
    game = make_game(tmp_path, {f"bad.{suffix}": make()}, src=f"art/bad.{suffix}")
    with cpu_seconds() as spent:
        _, output = build(run_cli, game, code=2)
    assert spent.seconds < 60, spent.seconds  # processor time, far above the real figure: decoding the bomb takes minutes
    line = line_of(game / "cards.yaml", "src: art/bad")
    assert re.search(rf"cards\.yaml:{line}:\d+: image 'art/bad\.{suffix}' ", output), output
    assert message in output, output
    assert "Traceback" not in output


MEASURE = """
import resource, sys, time
sys.path.insert(0, {tests!r})
from test_raster_art import HOSTILE
from pnp.draw.raster import read_raster
from pnp.errors import Pos, SpecErrors


def peak_kb():
    # this process's own high-water mark: ru_maxrss survives exec on Linux, so a child of a big
    # test worker would report the worker's peak; VmHWM belongs to this address space alone
    try:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


data = HOSTILE[{name!r}][0]()
base = peak_kb()
started = time.process_time()  # processor time, not the clock: a busy machine must not fail the test
try:
    read_raster(data, "bad", Pos("cards.yaml", 1, 1), {fmt!r})
    print("accepted")
except SpecErrors as e:
    peak = peak_kb()
    print("refused", time.process_time() - started, peak / 1024, (peak - base) / 1024)
"""


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_picture_is_refused_within_processor_seconds_and_memory(name):
    fmt = "GIF" if name == "animated" else "PNG"
    code = MEASURE.format(tests=str(Path(__file__).parent), name=name, fmt=fmt)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    words = result.stdout.split()
    assert words and words[0] == "refused", result.stdout + result.stderr
    seconds, peak_mb, added_mb = float(words[1]), float(words[2]), float(words[3])
    print(f"{name}: refused after {seconds:.3f} processor seconds, process peak {peak_mb:.0f} MB (+{added_mb:.0f} MB reading it)")
    assert peak_mb < 300 and seconds < 60  # memory is the bound that counts; the time only catches a hang


def test_a_crop_outside_the_picture_is_a_located_error(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.png": two_colour()}, keys=", crop: {x: 150, y: 0, width: 100, height: 100}")
    _, output = build(run_cli, game, code=2)
    line = line_of(game / "cards.yaml", "crop:")
    assert re.search(rf"cards\.yaml:{line}:\d+: crop 150, 0, 100 × 100 is not inside 'art/two.png', which is "
                     r"200 × 100 pixels", output), output


def test_a_picture_named_svg_is_told_its_real_type(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.svg": png_bytes(two_colour())}, src="art/two.svg")
    _, output = build(run_cli, game, code=2)
    assert "is a PNG picture although its name ends in .svg: rename it to end in .png" in output


def test_the_same_game_builds_byte_identical(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.png": two_colour(), "b.jpg": jpeg_bytes(two_colour())})
    out, _ = build(run_cli, game)
    first = (out / "cards.pdf").read_bytes()
    out, _ = build(run_cli, game)
    assert (out / "cards.pdf").read_bytes() == first
    assert json.loads((out / "manifest.json").read_text())


def _mode_picture(mode: str) -> bytes:
    if mode == "P+transparency":
        im = Image.new("P", (20, 10), 1)
        im.putpalette([255, 0, 0, 0, 0, 255] + [0] * 762)
        im.paste(0, (0, 0, 10, 10))
        return png_bytes(im, transparency=1)
    if mode == "I;16":
        return png_bytes(Image.linear_gradient("L").resize((20, 10)).convert("I").point(lambda v: v * 256).convert("I;16"))
    return png_bytes(two_colour((20, 10), mode=mode))


@pytest.mark.parametrize("mode,space,alpha", [
    ("1", "DeviceGray", False), ("L", "DeviceGray", False), ("LA", "DeviceGray", False), ("P", "DeviceRGB", False),
    ("P+transparency", "DeviceRGB", True), ("RGB", "DeviceRGB", False), ("RGBA", "DeviceRGB", False),
    ("I;16", "DeviceGray", False),
])
def test_every_png_mode_becomes_printable_samples(mode, space, alpha):
    """Colour spaces a PDF takes; a soft mask only where something is really transparent."""
    from pnp.draw.raster import read_raster
    from pnp.errors import Pos

    picture = read_raster(_mode_picture(mode), "p.png", Pos("cards.yaml", 1, 1), "PNG")
    assert (picture.colorspace, picture.alpha is not None) == (space, alpha)
    assert picture.filter == "FlateDecode" and (picture.width, picture.height) == (20, 10)
    channels = 1 if space == "DeviceGray" else 3
    samples = zlib.decompress(picture.data)
    assert len(samples) == 20 * 10 * channels
    if mode == "I;16":  # 16-bit greys scaled to 8 bits, not clipped to white
        assert min(samples) < 50 and max(samples) > 200


def test_a_recorded_resolution_sets_the_natural_size():
    from pnp.draw.raster import fitted, read_raster
    from pnp.errors import Pos

    picture = read_raster(png_bytes(two_colour(), dpi=(150, 150)), "p.png", Pos("c.yaml", 1, 1), "PNG")
    assert picture.ppi == 150
    placed = fitted((picture.width, picture.height), 0, 0, 500, 500, "none", natural_ppi=picture.ppi)
    assert abs(placed.w - 200 / 150 * 72) < 1e-6 and abs(placed.ppi - 150) < 1e-6


def test_cover_at_an_odd_angle_still_covers_the_whole_box(run_cli, tmp_path):
    game = make_game(tmp_path, {"two.png": two_colour()}, keys=", fit: cover, turn: 30")
    out, _ = build(run_cli, game)
    page = card_page(out)
    for x, y in ((10.4, 10.4), (49.6, 10.4), (10.4, 49.6), (49.6, 49.6)):  # the box's corners
        assert near(at(page, x, y), RED) or near(at(page, x, y), BLUE), (x, y, at(page, x, y))
    assert near(at(page, 9, 30), WHITE) and near(at(page, 51, 30), WHITE)  # nothing outside the box


def test_a_rulebook_picture_may_be_webp_and_is_turned_by_its_exif(run_cli, tmp_path):
    exif = Image.Exif()
    exif[0x0112] = 6
    buf = io.BytesIO()
    two_colour((400, 200)).save(buf, format="WEBP", lossless=True, exif=exif.tobytes())
    game = make_game(tmp_path, {"two.png": two_colour((800, 400)), "tom.webp": buf.getvalue()})
    (game / "rules.md").write_text("# Rules\n\nOld Tom:\n\n![Old Tom](art/tom.webp)\n")
    out, output = build(run_cli, game)
    [image] = [im for im in image_objects(out / "rulebook.pdf") if im.get("/Width") in (200, 400)]
    assert (image["/Width"], image["/Height"]) == (200, 400)  # stood up as the camera said
