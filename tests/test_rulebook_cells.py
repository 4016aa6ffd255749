"""Shapes drawn in rulebook text with cells(): squares on the page, not characters of a font."""
from __future__ import annotations

import io
import shutil

import pypdf
import pypdfium2 as pdfium
import pytest

from pnp.build import RULEBOOK, BuildOptions, render
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.paths import EXAMPLES

RULES = """# Shapes

| Name | Shape |
|:-:|:-:|
| ell | {{ cells(["#.", "##"]) }} |
"""


def rulebook(game_dir, rules=None) -> bytes:
    if rules is not None:
        (game_dir / "rules.md").write_text(rules)
    game = load_game(game_dir)
    return render(game, BuildOptions().for_game(game)).units[RULEBOOK]["rulebook.pdf"]


@pytest.fixture
def cave(tmp_path):
    shutil.copytree(EXAMPLES / "cave", tmp_path / "cave")
    return tmp_path / "cave"


def dark_squares(pdf: bytes) -> int:
    """Filled squares of ink on the pages after the title page (the contents draw none), counted as dark
    blobs in a raster."""
    doc = pdfium.PdfDocument(pdf)
    count = 0
    for index in range(1, len(doc)):
        image = doc[index].render(scale=150 / 72).to_pil().convert("L")
        w, h = image.size
        px = image.load()
        seen = set()
        for y in range(0, h, 2):
            for x in range(0, w, 2):
                if px[x, y] < 80 and (x, y) not in seen:
                    stack, size, xs, ys = [(x, y)], 0, [], []
                    while stack:
                        cx, cy = stack.pop()
                        if (cx, cy) in seen or not (0 <= cx < w and 0 <= cy < h) or px[cx, cy] >= 80:
                            continue
                        seen.add((cx, cy))
                        size += 1
                        xs.append(cx)
                        ys.append(cy)
                        stack += [(cx + 2, cy), (cx - 2, cy), (cx, cy + 2), (cx, cy - 2)]
                    bw, bh = max(xs) - min(xs) + 2, max(ys) - min(ys) + 2
                    if 15 <= bw <= 40 and abs(bw - bh) <= 4 and size * 4 >= 0.8 * bw * bh:  # a solid square
                        count += 1
    doc.close()
    return count


def test_cells_draws_one_solid_square_per_hash(cave):
    pdf = rulebook(cave, RULES)
    assert dark_squares(pdf) == 3
    text = "".join(p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "■" not in text and "#" not in text


@pytest.mark.parametrize("call, why", [
    ('cells(["#x"])', "# (a square) and . (a gap)"),
    ("cells([])", "give 1 to 12 rows"),
    ('cells(["' + "#" * 13 + '"])', "up to 12 characters"),
])
def test_a_bad_shape_is_located_in_rules_md(cave, call, why):
    with pytest.raises(SpecErrors) as e:
        rulebook(cave, f"# Shapes\n\nThe shape: {{{{ {call} }}}}\n")
    err = e.value.errors[0]
    assert err.pos.path.endswith("rules.md") and err.pos.line == 3 and why in err.message


def test_the_blob_rulebook_draws_its_shapes():
    text = "".join(p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(rulebook(EXAMPLES / "blob"))).pages)
    assert "■" not in text and "□" not in text
