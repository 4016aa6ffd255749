"""Text judged as it prints: sizes and contrasts measured in built PDFs, pixels and all.

The measuring (`pnp.referee.inkcontrast`) is first held to PDFs drawn here by hand, where the
true answer is known from how they were drawn; then every bundled game and every starter is
built once and must carry no text under 6 pt or under WCAG's contrast against what is under it.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from conftest import write_game
from pnp.build import BuildOptions, editions_to_build
from pnp.game import load_game
from pnp.models.edition import Edition, editing
from pnp.paths import EXAMPLES
from pnp.referee.inkcontrast import measure_pdf
from pnp.commands.check import printed_outputs
from pnp.referee.legibility import contrast, measure_outputs, printed_text_findings
from test_legibility import findings_of

BUNDLED = ["blob", "blorg", "cave", "miskatonic"]


def _pdf(draw) -> bytes:
    """A one-page A6 PDF drawn by `draw(canvas)` (reportlab's y runs up)."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(298, 420))
    draw(c)
    c.showPage()
    c.save()
    return out.getvalue()


def _runs(data: bytes, text: str):
    return [r for r in measure_pdf(data) if r.text == text]


# --------------------------------------------------------------------------- the measuring itself

def test_the_printed_size_is_the_font_size_times_the_drawings_scale():
    def draw(c):
        c.setFont("Helvetica", 12)
        c.drawString(20, 380, "Full size")
        c.saveState()
        c.scale(0.5, 0.5)
        c.drawString(40, 600, "Half size")
        c.restoreState()

    data = _pdf(draw)
    (full,), (half,) = _runs(data, "Full size"), _runs(data, "Half size")
    assert full.size == pytest.approx(12, abs=0.01) and full.scale == pytest.approx(1)
    assert half.size == pytest.approx(6, abs=0.01) and half.scale == pytest.approx(0.5)


def test_contrast_is_read_from_the_pixels_under_the_text_not_from_its_colour_alone():
    def draw(c):
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.rect(0, 300, 298, 60, stroke=0, fill=1)          # a dark band the text stands on
        c.setFillColorRGB(0.2, 0.2, 0.2)
        c.setFont("Helvetica", 10)
        c.drawString(20, 325, "Dark on dark")
        c.drawString(20, 200, "Dark on paper")

    data = _pdf(draw)
    (lost,), (read,) = _runs(data, "Dark on dark"), _runs(data, "Dark on paper")
    assert lost.under == "#1a1a1a" and lost.contrast == pytest.approx(contrast("#333333", "#1a1a1a"), abs=0.05)
    assert read.under == "#ffffff" and read.contrast == pytest.approx(contrast("#333333", "#ffffff"), abs=0.05)


def test_text_clipped_away_is_not_measured():
    def draw(c):
        c.saveState()
        p = c.beginPath()
        p.rect(0, 0, 100, 420)
        c.clipPath(p, stroke=0, fill=0)
        c.setFont("Helvetica", 10)
        c.drawString(20, 300, "Inside the clip")
        c.drawString(150, 300, "Outside the clip")
        c.restoreState()

    data = _pdf(draw)
    assert len(_runs(data, "Inside the clip")) == 1 and _runs(data, "Outside the clip") == []


def test_measuring_stops_at_its_page_bound_and_says_so(monkeypatch):
    from pnp.referee import inkcontrast
    from pnp.referee.legibility import unmeasured_notes

    out = io.BytesIO()
    c = Canvas(out, pagesize=(298, 420))
    for page in (1, 2, 3):
        c.setFont("Helvetica", 10)
        c.drawString(20, 300, f"Page {page}")
        c.showPage()
    c.save()
    monkeypatch.setattr(inkcontrast, "MAX_PAGES", 2)
    assert [r.text for r in measure_pdf(out.getvalue())] == ["Page 1", "Page 2"]
    assert unmeasured_notes({"deck": {"cards.pdf": out.getvalue()}}) == [
        "text as printed measured on the first 2 of the 3 pages of cards.pdf"]


# --------------------------------------------------------------------------- a designer's cases

def test_five_point_text_is_reported_and_six_point_text_is_not(tmp_path):
    game = write_game(tmp_path, cards=2)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text()
                    .replace("size: 9pt}", "size: 5pt, min_size: 5pt}")
                    .replace("      row:", '      note: {text: "Six points read", x: 5mm, y: 62mm, width: 53mm, '
                                           'height: 6mm, size: 6pt, min_size: 6pt}\n      row:'))
    findings = findings_of(game)
    assert [f.rule for f in findings] == ["small-text"], [str(f) for f in findings]
    assert "'Power 0' prints at 5.0 pt" in findings[0].message or "'Power 1' prints at 5.0 pt" in findings[0].message
    assert all("Six points" not in f.message for f in findings)


def test_dark_text_on_a_dark_picture_is_reported_though_its_declared_colours_are_fine(tmp_path):
    game = write_game(tmp_path, cards=1)
    (game / "art").mkdir()
    Image.new("RGB", (64, 64), (28, 24, 40)).save(game / "art" / "night.png")   # a dark painted picture
    deck = game / "cards.yaml"
    text = deck.read_text()
    assert contrast("#000000", "#fff3e0") >= 4.5   # black title on the declared background: fine on paper
    deck.write_text(text.replace("      title:", "      sky: {type: image, src: art/night.png, x: 0, y: 0, "
                                                 "width: 63mm, height: 30mm, fit: cover}\n      title:"))
    findings = findings_of(game)
    assert [f.rule for f in findings] == ["contrast"], [str(f) for f in findings]
    assert "'Card 0' in #000000 on #1c1828" in findings[0].message
    assert findings[0].pos.path.endswith("cards.yaml")


# --------------------------------------------------------------------------- every bundled output

def _judged(game, outputs) -> tuple[list[str], dict[str, int]]:
    """The findings of the printed text and how many runs of text each measured file holds."""
    measured = measure_outputs(outputs)
    with game.own_fonts():
        found = [str(f) for f in printed_text_findings(game, outputs, measured)]
    return found, {f"{unit}/{name}": len(runs) for (unit, name), runs in measured.items()}


@pytest.fixture(scope="module")
def bundled():
    """Each bundled game built once, in memory."""
    games = {}
    for name in BUNDLED:
        game = load_game(EXAMPLES / name)
        with game.own_fonts():
            games[name] = (game, printed_outputs(game))
    return games


@pytest.mark.parametrize("name", BUNDLED)
def test_every_text_of_a_bundled_game_prints_legibly(bundled, name):
    found, runs = _judged(*bundled[name])
    assert found == []
    assert runs and all(runs.values()), runs   # every measured file had text to measure


def _starter_names() -> list[str]:
    """Every starter `pnp new --template` offers, read from the installed folder: its top level is
    the default one, each subfolder with a game.yaml another."""
    from importlib.resources import files

    folder = Path(str(files("pnp.templates")))
    return ["default", *sorted(d.name for d in folder.iterdir() if (d / "game.yaml").is_file())]


@pytest.fixture(scope="module")
def starters(tmp_path_factory):
    """Each starter made as `pnp new` makes it and built once, every language edition of it."""
    from pnp.scaffold import create

    root = tmp_path_factory.mktemp("starters")
    built = {}
    for starter in _starter_names():
        folder = create(f"{starter}-game", root, template=starter).dir
        for lang in editions_to_build(folder, BuildOptions()) or [None]:
            with editing(Edition(lang, lang, (lang,)) if lang else None):
                game = load_game(folder)
                with game.own_fonts():
                    built[starter if lang is None else f"{starter} ({lang})"] = (game, printed_outputs(game))
    return built


def test_every_starter_prints_every_text_legibly(starters):
    assert {name.split(" ")[0] for name in starters} == set(_starter_names())
    assert {"default", "hex", "routes", "art", "editions"} <= set(_starter_names())
    assert any("(" in name for name in starters)   # a starter with languages is judged in each of them
    for name, (game, outputs) in starters.items():
        with editing(game.edition):
            found, runs = _judged(game, outputs)
        assert found == [], name
        assert runs and all(runs.values()), (name, runs)

def _ink_around(data: bytes, word: str, ink: str, margin: float = 1.0, dpi: int = 200) -> int:
    """Pixels of `ink` within `margin` points of the letters of `word`, on its page rendered with
    every text hidden: what else of that colour (a ring, an icon) touches the word."""
    import numpy as np
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(data)
    page = next(p for p in pdf if word in p.get_textpage().get_text_range())
    textpage = page.get_textpage()
    at = textpage.get_text_range().find(word)
    boxes = [textpage.get_charbox(i) for i in range(at, at + len(word)) if word[i - at] != " "]
    x0, y0 = min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin
    x1, y1 = max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + margin
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_TEXT,), max_depth=15):
        raw.FPDFTextObj_SetTextRenderMode(obj.raw, raw.FPDF_TEXTRENDERMODE_INVISIBLE)
    scale, (left, _, _, top) = dpi / 72, page.get_bbox()
    bitmap = page.render(scale=scale, force_bitmap_format=raw.FPDFBitmap_BGRx).to_numpy()[:, :, 2::-1].astype(int)
    region = bitmap[int((top - y1) * scale):int((top - y0) * scale), int((x0 - left) * scale):int((x1 - left) * scale)]
    colour = np.array([int(ink[i:i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(region - colour).sum(axis=2) < 90).sum())


def test_a_radial_tracks_centre_word_is_six_points_or_more_and_clear_of_its_ring(starters, bundled):
    for (game, outputs), word in ((starters["default"], "GAME OVER"), (bundled["miskatonic"], "AWAKENING")):
        tokens = next(files["tokens.pdf"] for files in outputs.values() if "tokens.pdf" in files)
        (run,) = [r for r in measure_pdf(tokens) if r.text == word]
        assert run.size >= 6.0
        assert _ink_around(tokens, word, run.ink) == 0, word   # no ring (nor icon) within 1 pt of its letters
