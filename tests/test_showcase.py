"""`pnp showcase`: PNG pictures of the size asked, with cards that cast shadows, a fanned hand whose
cards are turned, a tilt that leans the table back, a box-contents picture with one of every
component, and the same bytes for the same input. Measured on the pictures' pixels: the test
deck's faces are flat red, green and blue, easy to find on the green table."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from conftest import dedent

TABLE = (0x2E, 0x4A, 0x3F)
COLOURS = {"red": (0xE0, 0x10, 0x10), "green": (0x10, 0xC0, 0x10), "blue": (0x10, 0x10, 0xE0)}


@pytest.fixture
def colours(tmp_path: Path) -> Path:
    game = tmp_path / "colours"
    game.mkdir()
    (game / "game.yaml").write_text("title: Colours\nplayers: 2\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text(dedent("""
        kind: deck
        name: colours
        size: poker
        layout: red
        layouts:
          red: {background: "#e01010"}
          green: {background: "#10c010"}
          blue: {background: "#1010e0"}
          back: {background: "#f0e020"}
        back: {layout: back}
        cards:
          - {id: red, layout: red}
          - {id: green, layout: green}
          - {id: blue, layout: blue}
        """))
    return game


def picture(run_cli, game: Path, out: Path, *args: str, name: str) -> Image.Image:
    result = run_cli("showcase", game, "--out", out, *args)
    assert result.exit_code == 0, result.output
    return Image.open(out / game.name / "showcase" / f"{name}.png").convert("RGB")


def mask(image: Image.Image, colour, tolerance: int = 40) -> set[tuple[int, int]]:
    """Pixels within `tolerance` of a colour on every channel."""
    from PIL import ImageChops

    difference = ImageChops.difference(image, Image.new("RGB", image.size, colour))
    near = [band.point(lambda v: 255 if v <= tolerance else 0) for band in difference.split()]
    both = ImageChops.darker(ImageChops.darker(near[0], near[1]), near[2])
    w = image.width
    return {(i % w, i // w) for i, v in enumerate(both.tobytes()) if v}


def bbox(points) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def left_edge_slope(points) -> float:
    """dx/dy of a region's left edge over its middle rows: 0 for an upright card, ±tan(angle) for a turned one."""
    top, bottom = min(p[1] for p in points), max(p[1] for p in points)
    lefts = {}
    for x, y in points:
        lefts[y] = min(x, lefts.get(y, x))
    rows = [y for y in sorted(lefts) if top + 0.3 * (bottom - top) <= y <= top + 0.7 * (bottom - top)]
    n = len(rows)
    my, mx = sum(rows) / n, sum(lefts[y] for y in rows) / n
    return sum((y - my) * (lefts[y] - mx) for y in rows) / sum((y - my) ** 2 for y in rows)


def darkness(pixel) -> int:
    return sum(TABLE) - sum(pixel)


def test_pictures_have_the_size_asked_and_go_under_out_only(run_cli, colours, tmp_path):
    before = set(tmp_path.iterdir())
    out = tmp_path / "out"
    result = run_cli("showcase", colours, "--out", out, "--size", "900x500")
    assert result.exit_code == 0, result.output
    folder = out / "colours" / "showcase"
    for name in ("hand", "spread", "contents"):
        assert Image.open(folder / f"{name}.png").size == (900, 500)
    assert set(tmp_path.iterdir()) - before == {out}
    assert sorted(p.name for p in folder.iterdir()) == ["contents.png", "hand.png", "manifest.json", "spread.png"]


def test_same_input_gives_the_same_bytes(run_cli, colours, tmp_path):
    args = ("--layout", "hand,spread,contents", "--size", "640x400", "--tilt", "20")
    for out in ("a", "b"):
        assert run_cli("showcase", colours, "--out", tmp_path / out, *args).exit_code == 0
    for name in ("hand", "spread", "contents"):
        a = (tmp_path / "a" / "colours" / "showcase" / f"{name}.png").read_bytes()
        assert a == (tmp_path / "b" / "colours" / "showcase" / f"{name}.png").read_bytes(), name


def test_a_card_casts_a_shadow_on_the_table(run_cli, colours, tmp_path):
    image = picture(run_cli, colours, tmp_path / "out", "--layout", "spread", "--cards", "red", "--size", "800x600",
                    name="spread")
    assert image.getpixel((0, 0)) == TABLE  # the table, far from the card
    left, top, right, bottom = bbox(mask(image, COLOURS["red"]))
    mid_x, mid_y = (left + right) // 2, (top + bottom) // 2
    below = [image.getpixel((mid_x, bottom + d)) for d in (3, 6, 10)]
    beside = [image.getpixel((right + d, mid_y)) for d in (3, 6, 10)]
    assert all(darkness(p) > 30 for p in below + beside), (below, beside)
    assert darkness(below[0]) > darkness(below[-1]) > 0, "the shadow fades away from the card"
    far = [image.getpixel((mid_x, min(bottom + 60, image.height - 1))), image.getpixel((max(left - 60, 0), mid_y))]
    assert all(p == TABLE for p in far)


def test_a_hand_is_fanned(run_cli, colours, tmp_path):
    image = picture(run_cli, colours, tmp_path / "out", "--layout", "hand", "--cards", "red,green,blue", "--size", "900x600",
                    name="hand")
    regions = {c: mask(image, rgb) for c, rgb in COLOURS.items()}
    boxes = {c: bbox(r) for c, r in regions.items()}
    assert len(set(boxes.values())) == 3
    assert boxes["red"][0] < boxes["green"][0] < boxes["blue"][0], "left to right in the order asked"
    slopes = {c: left_edge_slope(r) for c, r in regions.items()}
    assert abs(slopes["green"]) < 0.02, "the middle card stands upright"
    assert slopes["red"] > 0.05 and slopes["blue"] < -0.05, "the outer cards lean outwards"
    assert abs(slopes["red"] + slopes["blue"]) < 0.03, "the fan is symmetric"


def test_tilt_leans_the_table_back(run_cli, colours, tmp_path):
    def widths(image):
        region = mask(image, COLOURS["red"])
        top, bottom = min(p[1] for p in region), max(p[1] for p in region)
        def width_at(y):
            xs = [x for x, yy in region if yy == y]
            return max(xs) - min(xs)
        return width_at(top + (bottom - top) // 5), width_at(bottom - (bottom - top) // 5)

    args = ("--layout", "spread", "--cards", "red", "--size", "600x600")
    flat = widths(picture(run_cli, colours, tmp_path / "flat", *args, name="spread"))
    tilted = widths(picture(run_cli, colours, tmp_path / "tilted", *args, "--tilt", "40", name="spread"))
    assert abs(flat[0] - flat[1]) <= 1
    assert tilted[0] < tilted[1] * 0.95, "the far edge looks narrower"


def test_contents_shows_one_of_every_component():
    """Miskatonic prints cards, a board, tokens, dice and a rulebook: each is in the picture, the board,
    tokens and dice as pieces cut from their print-shop files (issue 50: not sheets with crop marks)."""
    from pnp.game import load_game
    from pnp.paths import EXAMPLES
    from pnp.showcase import ShowcaseOptions, make_showcase

    shown = make_showcase(load_game(EXAMPLES / "miskatonic"), ShowcaseOptions(layout="contents", size=(800, 500)))
    labels = [label for label, _ in shown.placed]
    pages = sorted(set(label for label in labels if label.endswith(".pdf")))
    assert pages == ["board-printshop.pdf", "dice-printshop.pdf", "rulebook.pdf", "tokens-printshop.pdf"]
    assert labels.count("tokens-printshop.pdf") > 1 and labels.count("dice-printshop.pdf") > 1  # a few pieces each
    backs = [label for label in labels if label.endswith("(back)")]
    fronts = [label for label in labels if label.endswith("(front)")]
    assert len(backs) == 1 and len(fronts) == 3
    table = (0x2E, 0x4A, 0x3F)
    for label, corners in shown.placed:  # every item really drawn where it was placed
        cx = sum(x for x, _ in corners) / 4
        cy = sum(y for _, y in corners) / 4
        assert shown.image.getpixel((round(cx), round(cy))) != table, label
    for _, corners in shown.placed:
        assert all(0 <= x <= 800 and 0 <= y <= 500 for x, y in corners)


def test_earlier_pictures_stay_and_a_name_picks_the_file(run_cli, colours, tmp_path):
    out = tmp_path / "out"
    picture(run_cli, colours, out, "--layout", "hand", "--size", "300x200", name="hand")
    picture(run_cli, colours, out, "--layout", "spread", "--cards", "blue", "--name", "blue", "--size", "300x200",
            name="blue")
    assert sorted(p.name for p in (out / "colours" / "showcase").glob("*.png")) == ["blue.png", "hand.png"]


@pytest.mark.parametrize("args, message", [
    (("--cards", "red,gren"), "did you mean 'green'"),
    (("--size", "10x10"), "64 to 8000"),
    (("--size", "big"), "WIDTHxHEIGHT"),
    (("--size", "8000x4000"), "pixels in all"),
    (("--layout", "fan"), "unknown layout"),
    (("--layout", "hand", "--name", "../x"), "cannot be a file name"),
    (("--background", "plaid"), "colour"),
])
def test_bad_options_are_refused(run_cli, colours, tmp_path, args, message):
    result = run_cli("showcase", colours, "--out", tmp_path / "out", *args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "out").exists()


def test_a_game_without_cards_has_only_a_contents_picture(run_cli, tmp_path):
    import shutil

    from pnp.paths import EXAMPLES

    blob = Path(shutil.copytree(EXAMPLES / "blob", tmp_path / "blob"))
    result = run_cli("showcase", blob, "--out", tmp_path / "out", "--layout", "hand")
    assert result.exit_code == 2 and "no cards" in result.output


def test_a_broken_spec_is_located_and_nothing_is_written(run_cli, colours, tmp_path):
    cards = colours / "cards.yaml"
    cards.write_text(cards.read_text().replace("size: poker", "size: pokr"))
    result = run_cli("showcase", colours, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.yaml:3:" in result.output
    assert not (tmp_path / "out").exists()


def test_png_has_no_timestamp_chunks(run_cli, colours, tmp_path):
    image = picture(run_cli, colours, tmp_path / "out", "--layout", "spread", "--size", "200x200", name="spread")
    data = (tmp_path / "out" / "colours" / "showcase" / "spread.png").read_bytes()
    assert b"tIME" not in data and b"tEXt" not in data
    assert Image.open(io.BytesIO(data)).size == image.size
