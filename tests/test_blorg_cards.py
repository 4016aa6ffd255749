"""Blorg's printed cards, measured on the print-shop faces: a side with no time-line events prints
neither an empty grey panel nor a placeholder nor an empty time-line strip (its picture takes that
room), and every side with events keeps its panel and its time line."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions, render
from pnp.game import load_game
from pnp.paths import EXAMPLES

STRIP = "TIME LINE"
REPAIR = "Repair your saucer"
PANEL = (0xEE, 0xEE, 0xEE)  # the events panel's fill


@pytest.fixture(scope="module")
def faces():
    game = load_game(EXAMPLES / "blorg")
    doc = pdfium.PdfDocument(bytes(render(game, BuildOptions().for_game(game)).files["cards-printshop.pdf"]))
    out = []
    for page in doc:
        image = page.render(scale=60 / 72).to_pil().convert("RGB")
        data = image.tobytes()
        panel = sum(1 for i in range(0, len(data), 3) if max(abs(data[i + k] - PANEL[k]) for k in range(3)) <= 3)
        out.append((page.get_textpage().get_text_range(), panel / (image.width * image.height)))
    return out


def test_a_side_without_events_prints_no_panel(faces):
    quiet = [(text, share) for text, share in faces if STRIP not in text and REPAIR not in text]
    assert len(faces) == 18 and len(quiet) == 8  # eight of the nine cards' eighteen sides have no event
    assert all(share < 0.005 for _, share in quiet), quiet
    assert not any("No time-line" in text for text, _ in faces)  # no placeholder either


def test_every_side_with_events_keeps_its_panel(faces):
    busy = [share for text, share in faces if STRIP in text or REPAIR in text]
    assert len(busy) == 10
    assert all(share > 0.10 for share in busy), busy
