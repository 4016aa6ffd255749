"""Language editions, read from the PDFs: a right-to-left or CJK rulebook keeps bold, italic, inline
icons and list bullets on the reading side; the kinds' own sheet words (print notes, cutting and
assembly steps) are printed in the edition's language.

One build of the editions starter, its board and token set replaced by a small board and a set with a standee,
serves every test.
"""
from __future__ import annotations

import ctypes
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pikepdf
import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
import uharfbuzz as hb
import yaml

from pnp.paths import DATA, SCAFFOLD
from pnp.scaffold import create

FONTS = SCAFFOLD / "editions" / "fonts"
BOARD = """kind: board
name: map
title: Market
cell: 16mm
spaces:
  road: {walk: true, fill: "#e9dfc7"}
  water: {fill: "#4fa3d9", pattern: waves}
map: |
  ....~~....
  ..........
legend:
  '.': road
  '~': water
"""
TOKENS = """kind: tokens
name: tokens
title: Coins
backs:
  loot: {fill: "#4e342e", ink: "#ffcc80", icon: coin}
pieces:
  - {id: coin, shape: circle, size: 16mm, count: 4, back: loot, front: {fill: "#fff8e1", icon: coin, value: 1}}
  - {id: guard, shape: rect, size: {width: 20mm, height: 30mm}, standee: {}, front: {fill: "#e3f2fd", icon: coin},
     back: {fill: "#bbdefb", icon: coin}}
"""
ORDERED = "\n## الترتيب\n1. اخلط البطاقات.\n2. وزع البطاقات على اللاعبين.\n"


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sheets")
    create("lantern", root, template="editions")
    game = root / "lantern"
    (game / "board.yaml").write_text(BOARD, encoding="utf-8")  # in place of the starter's own (game.yaml lists both)
    (game / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    with (game / "rules.ar.md").open("a", encoding="utf-8") as f:
        f.write(ORDERED)
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(game), "--lang", "all", "--out", str(root / "out")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    # the board and tokens written here in English only warn that their titles print in English; nothing else does
    others = [line for line in (done.stdout + done.stderr).splitlines() if "warning" in line
              and "translation of" not in line and " name for " not in line
              and not line.endswith("(--strict makes them errors)")]
    assert not others, "\n".join(others)
    return root / "out" / "lantern"


# --------------------------------------------------------------------------- reading the PDFs

class Chars:
    """The characters pdfium extracts from one page, each with its box and its font."""

    def __init__(self, doc, page):
        self.doc, self.page = doc, page  # kept open while the text page is read
        self.tp = page.get_textpage()
        self.text = self.tp.get_text_range()
        self.height = page.get_height()

    def find(self, word: str) -> range:
        at = self.text.find(word)
        assert at >= 0, f"{word!r} not in {self.text!r}"
        return range(at, at + len(word))

    def font(self, i: int) -> tuple[str, int]:
        buf = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        pdfium_c.FPDFText_GetFontInfo(self.tp.raw, i, buf, 256, ctypes.byref(flags))
        return buf.value.decode("latin-1"), pdfium_c.FPDFText_GetFontWeight(self.tp.raw, i)

    def box(self, chars: range) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) around these characters (spaces and marks left out)."""
        boxes = [self.tp.get_charbox(i) for i in chars if not self.text[i].isspace()]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _pages(pdf: Path) -> list[Chars]:
    doc = pypdfium2.PdfDocument(str(pdf))
    return [Chars(doc, doc[i]) for i in range(len(doc))]


def _page_with(pdf: Path, word: str) -> Chars:
    return next(p for p in _pages(pdf) if word in p.text)


def _bold(chars: Chars, word: str) -> list[bool]:
    """For each letter of `word` on the page: is it drawn in a bold face (name and weight)?"""
    out = []
    for i in chars.find(word):
        name, weight = chars.font(i)
        out.append("Bold" in name and weight >= 700)
    return out


def _letters(s: str) -> str:
    return "".join(c for c in s if not c.isspace() and unicodedata.category(c) != "Mn")


# --------------------------------------------------------------------------- the rulebook

def test_a_bold_word_of_the_arabic_rulebook_is_drawn_in_the_bold_face(out):
    page = _page_with(out / "ar" / "rulebook.pdf", "اسحب")
    assert all(_bold(page, "اسحب"))  # **اسحب** in rules.ar.md
    assert not any(_bold(page, "الكومة"))  # the plain text around it stays regular


def test_the_japanese_rulebook_keeps_bold_too(out):
    page = _page_with(out / "ja" / "rulebook.pdf", "引きます")
    assert all(_bold(page, "引きます"))  # **引きます**
    assert not any(_bold(page, "山札"))


def test_bold_arabic_glyphs_are_the_ones_harfbuzz_gives_in_the_bold_face(out):
    face = hb.Face(hb.Blob((FONTS / "NotoSansArabic-Bold-editions.ttf").read_bytes()))
    buf = hb.Buffer()
    buf.add_str("اسحب")
    buf.guess_segment_properties()
    hb.shape(hb.Font(face), buf, {"kern": True, "liga": True})
    expected = [i.codepoint for i in buf.glyph_infos]
    drawn = []  # the glyph ids of each text block (BT … ET) on the pages
    with pikepdf.open(out / "ar" / "rulebook.pdf") as pdf:
        for page in pdf.pages:
            for block in re.findall(rb"BT (.*?) ET", page.obj.Contents.read_bytes(), re.S):
                drawn.append([int(g, 16) for g in re.findall(rb"<([0-9A-F]{4})>", block)])
    n = len(expected)
    assert any(run[k:k + n] == expected for run in drawn for k in range(len(run) - n + 1))


def _icon_boxes(pdf: Path, page_no: int) -> list[tuple[float, float, float, float]]:
    """Bounds of the vector drawings on a page that are not text (the icons, rules and boxes)."""
    doc = pypdfium2.PdfDocument(str(pdf))
    page = doc[page_no]
    return [obj.get_bounds() for obj in page.get_objects(max_depth=3)
            if obj.type in (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM)]


@pytest.mark.parametrize("lang, before, after", [("ar", "الرمز", "على النرد"), ("ja", "サイコロの", "は")])
def test_an_inline_icon_is_drawn_at_its_place_in_the_line(out, lang, before, after):
    """`… الرمز :sun: على النرد …`: a drawing between the two words, on their line."""
    pdf = out / lang / "rulebook.pdf"
    pages = _pages(pdf)
    page_no = next(i for i, p in enumerate(pages) if before in p.text and after in p.text)
    page = pages[page_no]
    first = page.find(before)
    at = page.text.find(after, first.stop)
    assert 0 <= at - first.stop <= 3, repr(page.text[first.start - 20:first.stop + 30])  # the icon is not text
    b, a = page.box(first), page.box(range(at, at + len(after)))
    gap = (a[2], b[0]) if lang == "ar" else (b[2], a[0])  # right to left: the word read first is on the right
    assert gap[1] - gap[0] > 5  # room kept for the icon between the two words
    line = (min(a[1], b[1]), max(a[3], b[3]))
    inside = [box for box in _icon_boxes(pdf, page_no)
              if gap[0] - 1 <= box[0] and box[2] <= gap[1] + 1 and box[1] < line[1] and box[3] > line[0]]
    assert inside, "no drawing between the two words on their line"


def test_arabic_bullets_and_numbers_stand_right_of_their_text_and_english_ones_left(out):
    page = _page_with(out / "ar" / "rulebook.pdf", "اسحب")
    item = page.box(page.find("اسحب بطاقة"))
    bullets = [i for i, c in enumerate(page.text) if c == "\u2022"]
    on_line = [page.box(range(i, i + 1)) for i in bullets]
    on_line = [b for b in on_line if b[1] < item[3] and b[3] > item[1]]
    assert on_line and all(b[0] > item[2] for b in on_line)
    numbered = page.box(page.find("اخلط البطاقات"))
    digits = [page.box(range(i, i + 1)) for i, c in enumerate(page.text) if c == "1"]
    assert any(d[0] > numbered[2] and d[1] < numbered[3] and d[3] > numbered[1] for d in digits)
    en = _page_with(out / "en" / "rulebook.pdf", "Draw")
    text = en.box(en.find("Draw"))
    dots = [en.box(range(i, i + 1)) for i, c in enumerate(en.text) if c == "\u2022"]
    assert any(d[2] < text[0] and d[1] < text[3] and d[3] > text[1] for d in dots)


def test_arabic_rulebook_copies_as_the_logical_text(out):
    """Each line copies as written, vowel marks (a shadda over its letter) in place, and a list
    item's bullet or number before its text, not inside it."""
    lines = "".join(p.text for p in _pages(out / "ar" / "rulebook.pdf")).splitlines()
    source = (out.parent.parent / "lantern" / "rules.ar.md").read_text(encoding="utf-8").replace("**", "")
    for item in ("العب بطاقة واحدة ونفّذ ما عليها.", "اسحب بطاقة.", "اخلط البطاقات."):
        assert item in source
        assert any(line.strip().endswith(item) and line.strip()[:-len(item)].strip() in ("•", ".1", ".2")
                   for line in lines), item
    assert any("عندما تنفد الكومة أو تبلغ العلامة" in line for line in lines)
    flat = " ".join(" ".join(lines).split())  # numbers inside a sentence copy in their place, too
    for sentence in ("تساوي العملة 1 على أحد وجهيها و5 على الوجه الآخر", "أو تبلغ العلامة الخانة 8 من المسار"):
        assert sentence in source and sentence in flat, sentence


def test_an_arabic_vowel_mark_is_drawn_over_its_letter(out):
    """The shadda of ونفّذ is drawn (as its outline) over the word's line, inside the word."""
    pdf = out / "ar" / "rulebook.pdf"
    pages = _pages(pdf)
    page_no = next(i for i, p in enumerate(pages) if "ونفّذ" in p.text)
    word = pages[page_no].box(pages[page_no].find("ونفّذ"))
    middle = (word[1] + word[3]) / 2
    marks = [b for b in _icon_boxes(pdf, page_no)
             if word[0] <= b[0] and b[2] <= word[2] and b[1] > middle and b[1] < word[3] + 4]
    assert marks


# --------------------------------------------------------------------------- the kinds' sheet words

SHEETS = {  # file: the phrase keys whose words it prints
    "dice-nets.pdf": ("dice_nets_note", "glue", "bar_check"),
    "dice-tiles.pdf": ("dice_tiles_note", "bar_check"),
    "board-tiles.pdf": ("tile_foot", "bar", "assembly_title", "assembly_1", "assembly_2", "assembly_3",
                        "assembly_4"),
    "board-poster.pdf": ("poster_note",),
    "tokens.pdf": ("print_foot_tokens", "token_fronts", "token_backs_long", "fold", "cut_slot"),
}


def _words(sentence: str) -> list[str]:
    """The words of a phrase, its `{placeholders}` left out."""
    return [w for w in re.findall(r"\w+", re.sub(r"\{\w+\}", " ", sentence)) if len(w) > 1 or not w.isascii()]


def _phrases() -> dict:
    return yaml.safe_load((DATA / "phrases.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["de", "ar", "ja"])
def test_the_kinds_sheet_words_are_in_the_editions_language(out, lang):
    table = _phrases()
    for name, keys in SHEETS.items():
        text = "".join(p.text for p in _pages(out / lang / name))
        flat = _letters(text)
        for key in keys:
            own = table[lang][key]
            assert own != table["en"][key]
            for word in _words(own):
                assert _letters(word) in flat, (name, key, word)
        for key in keys:  # none of the English sentence is left
            for piece in re.split(r"\{\w+\}", table["en"][key]):
                if len(re.findall(r"[A-Za-z]", piece)) >= 4:
                    assert piece.strip() not in text, (name, key, piece)
        assert "rint at 100" not in text and "glue" not in text


def test_the_english_edition_keeps_its_english_sheet_words(out):
    table = _phrases()
    for name, keys in SHEETS.items():
        flat = _letters("".join(p.text for p in _pages(out / "en" / name)))
        for key in keys:
            for word in _words(table["en"][key]):
                assert word in flat, (name, key, word)


# --------------------------------------------------------------------------- reading order of the kinds' sheets

def _x_of(page: Chars, pattern: str) -> float:
    """The left edge of the first run of text matching PATTERN (a regular expression) on the page."""
    found = re.search(pattern, page.text)
    assert found, f"{pattern!r} not in {page.text!r}"
    return page.box(range(found.start(), found.end()))[0]


def test_a_right_to_left_score_sheet_sums_from_the_right(out):
    """Night 1 + Night 2 + Night 3 = Total reads from the right in Arabic: the first box rightmost, the total
    leftmost; the English sheet reads from the left. The section's title stands where its reader starts."""
    ar = _pages(out / "ar" / "sheet.pdf")[0]
    xs = [_x_of(ar, rf"الليلة {n}") for n in (1, 2, 3)] + [_x_of(ar, "المجموع(?!ة)\\s*$|المجموع\r")]
    assert xs == sorted(xs, reverse=True), xs
    title, tally = _x_of(ar, "النتيجة النهائية"), _x_of(ar, "عدّ العملات")
    assert tally > ar.page.get_width() / 2  # a section's heading at its right edge
    en = _pages(out / "en" / "sheet.pdf")[0]
    xs = [_x_of(en, rf"Night {n}") for n in (1, 2, 3)] + [_x_of(en, r"Total")]
    assert xs == sorted(xs), xs
    assert _x_of(en, "Coin tally".upper()) < en.page.get_width() / 2


def test_right_to_left_dice_sets_are_numbered_from_the_right(out):
    for lang, order in (("ar", "desc"), ("en", "asc")):
        doc = pypdfium2.PdfDocument(str(out / lang / "dice-tiles.pdf"))
        page = Chars(doc, doc[0])
        word = "المجموعة" if lang == "ar" else "Set"
        xs = [_x_of(page, rf"{word} {n}(?!\d)") for n in (1, 2)]
        assert (xs[0] > xs[1]) == (order == "desc"), (lang, xs)
