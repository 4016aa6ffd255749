"""The papers beyond A4 and Letter (issue 52): A3, A5, Legal and Tabloid, from `--paper` and from
game.yaml's `print.paper`, each measured in the PDFs: the sheets are the paper's size and the card
grid uses the larger page."""
from __future__ import annotations

import pytest

from pdfmeasure import MM, reader
from test_cards_pdf import build, card_rects

SIZES = {"a3": (297 * MM, 420 * MM), "a5": (148 * MM, 210 * MM), "legal": (612.0, 1008.0), "tabloid": (792.0, 1224.0)}
PER_SHEET = {"a3": 16, "a5": 4, "legal": 9, "tabloid": 16}  # 63 × 88 mm cards that abut, inside margins with crop marks


@pytest.mark.parametrize("paper", ["a3", "a5", "legal", "tabloid"])
def test_paper_flag_builds_sheets_of_that_paper(run_cli, mini_game, tmp_path, paper):
    (mini_game / "rules.md").write_text("# How to play\n\nDeal the cards.\n")
    out = build(run_cli, mini_game, tmp_path / "out", "--paper", paper)
    pages = reader(out / "cards.pdf").pages
    for page in pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(SIZES[paper], abs=0.01)
    assert len(card_rects(pages[0])) == min(11, PER_SHEET[paper])
    rulebook = reader(out / "rulebook.pdf").pages[0]
    # a book is read at A4, Letter or A5 size: A3 and Tabloid halve to A4 and Letter, Legal takes Letter
    expected = {"a3": (210 * MM, 297 * MM), "a5": SIZES["a5"], "legal": (612.0, 792.0), "tabloid": (612.0, 792.0)}
    assert (float(rulebook.mediabox.width), float(rulebook.mediabox.height)) == pytest.approx(expected[paper], abs=0.01)


def test_game_yaml_names_tabloid(run_cli, mini_game, tmp_path):
    text = (mini_game / "game.yaml").read_text()
    (mini_game / "game.yaml").write_text(text + "\nprint:\n  paper: tabloid\n" if "print:" not in text
                                         else text.replace("print:", "print:\n  paper: tabloid", 1))
    out = build(run_cli, mini_game, tmp_path / "out")
    page = reader(out / "cards.pdf").pages[0]
    assert float(page.mediabox.height) == pytest.approx(1224.0, abs=0.01)


def test_an_unknown_paper_names_every_paper(run_cli, mini_game, tmp_path):
    result = run_cli("build", mini_game, "--out", tmp_path / "out", "--paper", "b5")
    assert result.exit_code == 2
    assert "a4, letter, a3, a5, legal or tabloid" in result.output
