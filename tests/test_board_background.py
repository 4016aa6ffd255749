"""A board may carry the designer's painting as its background: it covers the board to the edges."""
from __future__ import annotations

import pypdfium2 as pdfium
from PIL import Image

from pnp.build import BuildOptions, build_game
from pnp.scaffold import create


def test_a_background_picture_covers_the_board_under_its_spaces(tmp_path):
    game = create("trails", tmp_path, template="routes").dir
    (game / "art").mkdir(exist_ok=True)
    Image.new("RGB", (3600, 2800), (200, 30, 40)).save(game / "art" / "map.png")
    board = game / "board.yaml"
    text = board.read_text()
    board.write_text(text.replace("\nname:", "\nbackground: art/map.png\nname:", 1))
    result = build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert not [w for w in result.warnings if "map.png" in str(w)], [str(w) for w in result.warnings]
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "trails" / "board-printshop.pdf"))
    page = doc[0]
    image = page.render(scale=30 / 72).to_pil().convert("RGB")
    w, h = image.size
    reds = sum(1 for x in range(0, w, 4) for y in range(0, h, 4) if image.getpixel((x, y)) == (200, 30, 40))
    assert reds > 0.3 * (w // 4) * (h // 4)  # the painting shows across the map, under the routes and towns
    doc.close()


def test_a_missing_background_is_located_at_its_key(tmp_path):
    import pytest

    from pnp.errors import SpecErrors

    game = create("trails", tmp_path, template="routes").dir
    board = game / "board.yaml"
    board.write_text(board.read_text().replace("\nname:", "\nbackground: art/none.png\nname:", 1))
    with pytest.raises(SpecErrors) as e:
        build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert any(err.pos.path.endswith("board.yaml") and "none.png" in err.message for err in e.value.errors)
