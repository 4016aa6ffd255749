"""The cave's treasure pictures: every item shows what it is, and its icon reads in any ink.

A player reads the picture before the name, so items of different kinds must not share one;
the icons are one-ink drawings whose detail is cut out (holes, gaps), never painted white,
so a white icon on a dark card shows the same shape as a dark icon on parchment.
"""
from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.render.assets import Assets

CAVE = EXAMPLES / "cave"
MM = 72 / 25.4
ART_BOX_MM = (22, 6, 19, 19)  # the item layout's art box: x, y, width, height from the trim corner
DARK = "#3e2723"  # the seismograph's ground


def items() -> list[dict]:
    with open(CAVE / "items.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def words(text: str) -> set[str]:
    """Lower-case words with a plural s dropped: 'Bag of Gold Coins' → {bag, of, gold, coin}."""
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in re.findall(r"[a-z]+", text.lower())}


def test_every_item_has_an_icon_the_game_can_draw():
    assets = Assets(CAVE)
    missing = [(row["id"], row["art"]) for row in items() if not assets.has_icon(row["art"])]
    assert missing == []


def test_items_of_different_kinds_do_not_share_a_picture():
    rows = items()
    by_icon: dict[str, list[dict]] = {}
    for row in rows:
        by_icon.setdefault(row["art"], []).append(row)
    assert len(rows) == 48 and len(by_icon) >= 40, f"{len(by_icon)} distinct icons for {len(rows)} items"
    # a shared icon is allowed only when its name says what every item sharing it is ("coin-bag": two bags of coins)
    for icon, sharing in by_icon.items():
        if len(sharing) > 1:
            for row in sharing:
                assert words(icon.replace("-", " ")) <= words(row["name"]), (icon, row["name"])


def test_no_item_uses_one_of_the_old_shared_eight_pictures():
    old = {"idol", "gem", "coin", "vase", "crown", "lantern", "pickaxe", "art"}  # still drawn on backs and badges
    own = {p.stem for p in (CAVE / "art" / "icons").glob("*.svg")}
    used = {row["art"] for row in items()}
    assert used and not used & old and used <= own


def _art_boxes(game_dir: Path, scale: float = 4.0) -> dict[str, object]:
    """Each item's art box, rendered from the deck's print-shop pages (bleed included), as greyscale."""
    import pypdfium2 as pdfium

    from pnp.build import BuildOptions, render

    game = load_game(game_dir)
    (deck,) = [c.model for c in game.of_kind("deck")]
    files = render(game, BuildOptions().for_game(game)).units["deck"]
    doc = pdfium.PdfDocument(bytes(files["cards-printshop.pdf"]))
    x, y, w, h = (v * MM * scale for v in ART_BOX_MM)
    b = deck.bleed * scale
    ids = {row["id"] for row in items()}
    boxes = {}
    page = 0
    try:
        for entry, copy in deck.expanded():  # the print-shop file: each copy's front, then its back
            if copy == 1 and entry.id in ids:
                image = doc[page].render(scale=scale).to_pil().convert("L")
                boxes[entry.id] = image.crop((round(b + x), round(b + y), round(b + x + w), round(b + y + h)))
            page += 1 + (entry.back is not None)
    finally:
        doc.close()
    return boxes


@pytest.fixture(scope="module")
def light_and_dark(tmp_path_factory):
    """The item art boxes as shipped (dark grey on parchment) and on a dark card in white ink."""
    dark = Path(shutil.copytree(CAVE, tmp_path_factory.mktemp("cave") / "cave"))
    layouts = dark / "layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    text = text.replace("  item:\n    background: parchment\n", f"  item:\n    background: \"{DARK}\"\n", 1)
    art_line = next(line for line in text.splitlines() if line.strip().startswith("art:"))
    text = text.replace(art_line, art_line.replace("color: darkgrey", "color: white"), 1)
    layouts.write_text(text, encoding="utf-8")
    return _art_boxes(CAVE), _art_boxes(dark)


def test_every_icon_reads_in_white_on_a_dark_card_with_its_detail(light_and_dark):
    light, dark = light_and_dark
    assert set(light) == set(dark) == {row["id"] for row in items()}
    for item, box in dark.items():
        ink = [p > 200 for p in box.tobytes()]  # white ink
        ground = [p < 90 for p in box.tobytes()]  # the dark card shows through
        share = sum(ink) / len(ink)
        assert 0.08 < share < 0.8, f"{item}: ink covers {share:.0%} of its box"
        # detail: ground inside the drawing's own bounding box, not only round it
        cols = [i % box.width for i, on in enumerate(ink) if on]
        rows = [i // box.width for i, on in enumerate(ink) if on]
        inside = [ground[r * box.width + c] for r in range(min(rows), max(rows) + 1)
                  for c in range(min(cols), max(cols) + 1)]
        assert sum(inside) / len(inside) > 0.1, f"{item}: no ground shows inside the drawing"


def test_every_icon_has_the_same_shape_in_dark_and_in_white_ink(light_and_dark):
    """Detail painted white would vanish in white ink: the two renderings must cover the same pixels."""
    light, dark = light_and_dark
    for item in light:
        on_light = [p < 150 for p in light[item].tobytes()]  # dark grey ink on parchment
        on_dark = [p > 150 for p in dark[item].tobytes()]  # white ink on the dark ground
        either = sum(a or b for a, b in zip(on_light, on_dark))
        differ = sum(a != b for a, b in zip(on_light, on_dark))
        assert differ / either < 0.05, f"{item}: {differ / either:.0%} of its pixels change with the ink"
