"""A roll-and-write sheet may place the game's picture as one of its sections."""
from __future__ import annotations

import shutil

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.paths import EXAMPLES


def blob_with_picture(tmp_path, src="art/banner.png"):
    game = tmp_path / "blob"
    shutil.copytree(EXAMPLES / "blob", game)
    (game / "art").mkdir(exist_ok=True)
    Image.new("RGB", (1200, 300), (20, 120, 200)).save(game / "art" / "banner.png")
    sheet = game / "sheet.yaml"
    text = sheet.read_text()
    text = text.replace("\nlayout:", f"\npictures:\n  banner: {{src: {src}, width: 40mm, height: 10mm, fit: stretch}}\nlayout:", 1)
    text = text.replace("  - [title, rounds]\n", "  - [[title, banner], rounds]\n", 1)
    sheet.write_text(text)
    return game


def test_a_picture_section_prints_the_games_picture_at_its_size(tmp_path):
    game = blob_with_picture(tmp_path)
    result = build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert not [w for w in result.warnings if "banner" in str(w)]
    page = pdfium.PdfDocument(str(tmp_path / "out" / "blob" / "sheet.pdf"))[0]
    image = page.render(scale=100 / 72).to_pil().convert("RGB")
    blue = [(x, y) for x in range(0, image.width, 2) for y in range(0, image.height, 2)
            if image.getpixel((x, y)) == (20, 120, 200)]
    assert blue
    xs, ys = [p[0] for p in blue], [p[1] for p in blue]
    width_mm, height_mm = (max(xs) - min(xs)) / 100 * 25.4, (max(ys) - min(ys)) / 100 * 25.4
    assert width_mm == pytest.approx(40, abs=1.5) and height_mm == pytest.approx(10, abs=1.5)


def test_a_missing_picture_is_located_at_its_src(tmp_path):
    game = blob_with_picture(tmp_path, src="art/none.png")
    with pytest.raises(SpecErrors) as e:
        build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert any(err.pos.path.endswith("sheet.yaml") and "none.png" in err.message for err in e.value.errors)
