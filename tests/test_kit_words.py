"""The home-print kit's first page in the edition's words: drawn through pnp's text path, so Arabic is
shaped and set from the right, the fonts are embedded, and the sheet total counts the poster apart."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import uharfbuzz as hb

from pnp.models.phrases import table
from pnp.scaffold import create

PAGES = {"calibration.pdf": 2, "rulebook.pdf": 4, "cards.pdf": 6, "tokens.pdf": 2, "market-tiles.pdf": 4,
         "market-poster.pdf": 1, "dice-nets.pdf": 2, "sheet.pdf": 1}


OWN_STEP = "اقرأ القواعد قبل اللعب"


def _blank(pages: int) -> bytes:
    pdf = pikepdf.new()
    for _ in range(pages):
        pdf.add_blank_page()
    buf = io.BytesIO()
    pdf.save(buf)
    return buf.getvalue()


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """The first page of the editions starter's A4 kit in en, ar and ja, from the kit code on a loaded edition
    (the kit's files stand in as blank PDFs of known page counts: the page reads only their counts)."""
    from pnp.game import load_game
    from pnp.models.edition import loading
    from pnp.release.kit import home_kit, printed

    root = tmp_path_factory.mktemp("kit")
    create("lantern", root, template="editions")
    with (root / "lantern" / "game.yaml").open("a", encoding="utf-8") as f:  # a game's own word wins over pnp's
        f.write(f"\nwords:\n  ar:\n    kit_rulebook_step: \"{OWN_STEP}\"\n")
    files = {name: _blank(n) for name, n in PAGES.items()}
    out = {}
    for lang in ("en", "ar", "ja"):
        with loading(lang):
            game = load_game(root / "lantern")
            with game.own_fonts():
                _, first = home_kit(game.game.title, lang, "a4", "long", files)
                items = printed(files, "long")
                again = home_kit(game.game.title, lang, "a4", "long", files)[1]
        assert again == first  # the same bytes on a second drawing
        out[lang] = (first, items)
    out["fonts"] = root / "lantern" / "fonts"
    return out


def _text(pdf: bytes) -> str:
    doc = pypdfium2.PdfDocument(pdf)
    try:
        return " ".join(doc[0].get_textpage().get_text_range().split())
    finally:
        doc.close()


def _english_sentences() -> list[str]:
    """Every English kit phrase's longest stretch of plain words (placeholders cut out)."""
    out = []
    for key, value in table("en").items():
        if key.startswith("kit_") and not key.startswith("kit_paper"):
            for form in (value.values() if isinstance(value, dict) else [value]):
                out += [p.strip() for p in re.split(r"\{\w+\}|--back-offset", form) if len(p.strip()) > 6]
    return out


@pytest.mark.parametrize("lang", ["ar", "ja"])
def test_the_page_is_in_the_editions_words(kits, lang):
    first, _ = kits[lang]
    text = _text(first)
    assert table(lang)["kit_print_heading"] in text and table(lang)["kit_cut_heading"] in text
    assert table(lang)["kit_cards_step"].replace(" ", "") in text.replace(" ", "")  # a kanji the font lacked would copy as another
    english = [s for s in _english_sentences() if s in text]
    assert not english, english
    assert "In all" not in text and " sheets " not in text


def test_english_stays_english(kits):
    text = _text(kits["en"][0])
    assert "What to print, in this order" in text and "cards.pdf: Cut the card sheets" in text


@pytest.mark.parametrize("lang", ["en", "ar", "ja"])
def test_the_sheet_total_is_the_sum_over_the_files_with_the_poster_apart(kits, lang):
    first, items = kits[lang]
    text = _text(first)
    numbers = re.findall(r"\d+", text.replace("A4", ""))
    # calibration 1 (two-sided), rulebook 4, cards 3, tokens 1, tiles 4, dice 2, sheet 1: the poster apart
    without = sum(i.sheets for i in items if i.name != "market-poster.pdf")
    with_poster = without - 4 + 1
    assert without == 1 + 4 + 3 + 1 + 4 + 2 + 1
    from pnp.release.kit import sheet_totals

    assert sheet_totals(items) == (without, with_poster)
    assert f"{without}" in numbers and f"{with_poster}" in numbers  # "In all: 16 sheets … Or 13 sheets with the poster …"


def test_arabic_is_shaped_as_harfbuzz_shapes_it(kits):
    first, _ = kits["ar"]
    heading = table("ar")["kit_cut_heading"]
    font = next(kits["fonts"].glob("NotoSansArabic-Bold*.ttf"))
    buf = hb.Buffer()
    buf.add_str(heading)
    buf.guess_segment_properties()
    hb.shape(hb.Font(hb.Face(hb.Blob(font.read_bytes()))), buf, {"kern": True, "liga": True})
    expected = [i.codepoint for i in buf.glyph_infos]
    with pikepdf.open(io.BytesIO(first)) as pdf:
        content = pdf.pages[0].obj.Contents.read_bytes()
        drawn = [[int(g, 16) for g in re.findall(rb"<([0-9A-F]{4})>", block)]
                 for block in re.findall(rb"BT (.*?) ET", content, re.S)]
    assert any(run[k:k + len(expected)] == expected for run in drawn for k in range(len(run)))


@pytest.mark.parametrize("lang", ["en", "ar", "ja"])
def test_every_font_is_embedded_and_the_bytes_repeat(kits, lang):
    first, _ = kits[lang]
    with pikepdf.open(io.BytesIO(first)) as pdf:
        fonts = list(pdf.pages[0].Resources.Font.values())
        assert fonts
        for font in fonts:
            descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            descriptor = descendant.FontDescriptor
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font


def test_arabic_lines_are_numbered_on_the_right(kits):
    first, _ = kits["ar"]
    doc = pypdfium2.PdfDocument(first)
    try:
        tp, width = doc[0].get_textpage(), doc[0].get_width()
        text = tp.get_text_range()
        name = text.find("rulebook.pdf")  # the second file to print
        bottom = tp.get_charbox(name)[1]
        line = [i for i in range(len(text)) if not text[i].isspace() and abs(tp.get_charbox(i)[1] - bottom) < 3]
        rightmost = sorted(line, key=lambda i: tp.get_charbox(i)[2])[-2:]  # "2" and its full stop
        assert {text[i] for i in rightmost} == {"2", "."}
        assert min(tp.get_charbox(i)[0] for i in rightmost) > tp.get_charbox(name + 11)[2]
        assert max(tp.get_charbox(i)[2] for i in rightmost) > width - 60  # at the right margin (50 pt)
    finally:
        doc.close()


def test_a_games_own_word_wins(kits):
    text = _text(kits["ar"][0])
    assert OWN_STEP in text and table("ar")["kit_rulebook_step"] not in text


def test_a_kit_of_many_files_goes_on_to_a_second_page():
    from pnp.release.kit import Printed, read_me

    items = [Printed(f"sheet-{n:02}.pdf", "score sheets or other sheets", 1, 1, "one-sided",
                     "Nothing to cut: one sheet per player per game.") for n in range(60)]
    doc = pypdfium2.PdfDocument(read_me("Many", None, "a4", "long", items))
    try:
        assert len(doc) >= 2
        text = " ".join(" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc)))
        assert all(f"sheet-{n:02}.pdf:" in text for n in range(60)) and "In all: 60 sheets of A4 paper." in text
        for i in range(len(doc)):  # every line inside the page's margins
            tp = doc[i].get_textpage()
            boxes = [tp.get_charbox(k) for k in range(tp.count_chars()) if not tp.get_text_range(k, 1).isspace()]
            assert min(b[1] for b in boxes) > 40
    finally:
        doc.close()
