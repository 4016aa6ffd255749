"""No bundled token or score sheet prints a placeholder (issue 42, item 3; card faces: test_blorg_cards.py
and test_finish_round2.py). Over every bundled game (cardspecs/*) and every starter (templates/*):
the words on every token and sheet page, read from the PDF, hold no placeholder phrase; every token
side, drawn alone and rendered, prints something inside its frame besides its fill; every section of a
sheet prints something below its heading (measured from pixels)."""
from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions
from pnp.draw.pdf import PdfSurface
from pnp.game import load_game
from pnp.kinds import sheet as sheet_kind
from pnp.kinds import tokens as tokens_kind
from pnp.kinds.sheet.draw import TITLE_H, draw_sheet
from pnp.kinds.tokens.bands import sheet_items
from pnp.kinds.tokens.draw import draw_item, symbol_name
from pnp.paths import EXAMPLES
from pnp.scaffold import create

PLACEHOLDER = re.compile(r"nothing (here|to show)|\bno\b[^.\n]{0,40}\bon this side\b|placeholder|lorem ipsum|"
                         r"\bTBD\b|\bTODO\b|\(empty\)|coming soon|(your|some) text here|\bN/A\b", re.IGNORECASE)
SCALE = 150 / 72        # pixels per point


def games(root) -> dict:
    """Every bundled game and every starter, loaded."""
    out = {f"cardspecs/{d.name}": load_game(d) for d in sorted(EXAMPLES.iterdir()) if (d / "game.yaml").is_file()}
    from importlib.resources import files

    starters = sorted(d.name for d in Path(str(files("pnp.templates"))).iterdir() if (d / "game.yaml").is_file())
    for name in ["default", *starters]:      # the folder's own top level is the default starter
        out[f"templates/{name}"] = load_game(create(f"s-{name}", root, template=name).dir)
    return out


@pytest.fixture(scope="module")
def every_game(tmp_path_factory):
    return games(tmp_path_factory.mktemp("starters"))


def page_texts(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def render(pdf: bytes) -> np.ndarray:
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    return np.asarray(doc[0].render(scale=SCALE).to_pil().convert("RGB")).astype(int)


def test_every_bundled_game_and_starter_is_covered(every_game):
    assert {f"templates/{n}" for n in ("default", "art", "editions", "hex", "routes")} <= set(every_game)
    with_tokens = [n for n, g in every_game.items() if g.of_kind("tokens")]
    with_sheets = [n for n, g in every_game.items() if g.of_kind("sheet")]
    assert "cardspecs/miskatonic" in with_tokens and "templates/default" in with_tokens
    assert "cardspecs/blob" in with_sheets and "templates/default" in with_sheets


def test_no_token_or_sheet_page_prints_a_placeholder_phrase(every_game):
    found = []
    for name, game in every_game.items():
        for module, kind in ((tokens_kind, "tokens"), (sheet_kind, "sheet")):
            if not game.of_kind(kind):
                continue
            with game.own_fonts():
                files = module.build(game, game.of_kind(kind), BuildOptions(paper="a4", duplex="long"))
            for file, data in files.items():
                if file.endswith(".pdf"):
                    for i, text in enumerate(page_texts(data)):
                        found += [(name, file, i + 1, m.group(0)) for m in PLACEHOLDER.finditer(text)]
    assert not found, found


def test_the_phrases_are_caught():
    for text in ("No time-line events on this side", "Nothing here", "placeholder", "TODO", "Lorem ipsum"):
        assert PLACEHOLDER.search(text), text
    for text in ("Neither blob fits? Write X: no eating, no growing.", "0: back to the Sanitarium", "Health"):
        assert not PLACEHOLDER.search(text), text


def side_prints_something(pdf: bytes, w: float, h: float, b: float) -> float:
    """The share of the side's middle (half its width and height, inside any frame) inked in a colour
    other than the side's own fill."""
    img = render(pdf)
    x0, y0 = int((b + w / 4) * SCALE), int((b + h / 4) * SCALE)
    x1, y1 = int((b + 3 * w / 4) * SCALE), int((b + 3 * h / 4) * SCALE)
    middle = img[y0:y1, x0:x1].reshape(-1, 3)
    fill = np.asarray(img[int(b * SCALE / 2), int(b * SCALE / 2)])     # the bleed: the side's fill
    return float((np.abs(middle - fill).sum(axis=1) > 90).mean())


def test_every_token_side_prints_something_inside_its_frame(every_game):
    empty, seen = [], set()
    for name, game in every_game.items():
        for component in game.of_kind("tokens"):
            tokens = component.model
            b = tokens.spec.bleed
            for item in sheet_items(tokens.pieces):
                for side in ("front", "back") if item.has_back else ("front",):
                    key = (name, symbol_name(tokens, item, side))
                    if key in seen or item.part != "face":
                        continue
                    seen.add(key)
                    s = PdfSurface()
                    s.begin_page(item.w + 2 * b, item.h + 2 * b)
                    with game.own_fonts():
                        draw_item(s, tokens, item, side, game.assets)
                    s.end_page()
                    share = side_prints_something(s.finish(), item.w, item.h, b)
                    if share < 0.02:
                        empty.append((name, item.piece.spec.id, side, round(share, 3)))
    assert seen and not empty, empty


def test_every_sheet_section_prints_something_below_its_heading(every_game):
    empty = []
    for name, game in every_game.items():
        for component in game.of_kind("sheet"):
            s = PdfSurface()
            with game.own_fonts():
                geo = draw_sheet(s, component.model, "a4")
            img = render(s.finish())
            for section, (x, y, w, h) in geo.sections.items():
                top = y + (TITLE_H if section != "title" else 0)
                box = img[int(top * SCALE):int((y + h) * SCALE), int(x * SCALE):int((x + w) * SCALE)]
                inked = (np.abs(box - 255).sum(axis=2) > 90).mean() if box.size else 0.0
                if inked < 0.01:
                    empty.append((name, section, round(float(inked), 4)))
    assert not empty, empty
