"""Language editions, read from the built PDFs: the poster's key, the scenario's sentence, the score
sheet's own words and the component list's lines of boards, tokens and sheets are in the edition's
language; every PDF of an edition names its language (`/Lang`); a right-to-left edition sets the
kinds' header and foot lines from the right margin and its contents entries from the right, the
page number on the left.

One build of the editions starter (every edition), its board, token set and score sheet replaced by the default
starter's board (with pieces and a scenario, so the poster's key has them), a token set with a standee and the
default starter's score sheet, serves every test.
"""
from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import yaml

from pnp.paths import DATA, SCAFFOLD
from pnp.scaffold import create
from test_edition_sheets import TOKENS as SHEET_TOKENS

TEMPLATES = SCAFFOLD  # the starters: board.yaml and sheet.yaml are the board and sheet added here
SCENARIO = """pieces:
  raider: {name: Raider, icon: skull, health: 2, mark: true}
scenarios:
  - id: first
    name: First night
    pieces: [{piece: raider, at: E5, to: market}]
"""
# the edition sheets' tokens (a coin with a back, a standee), and a piece with two different sides
TOKENS = SHEET_TOKENS + """  - {id: gem, shape: circle, size: 16mm, front: {fill: "#fff8e1", value: 1}, back: {fill: "#fff8e1", value: 3}}
"""
LANGS = ("en", "de", "ar", "ja")
TABLE = """
## أمثلة
| البطاقة | العدد |
|---|---|
| بائع الشاي | 2 |

> **مثال:** تلعب بطاقة بائع الشاي وتأخذ عملتين.
"""


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("words")
    create("lantern", root, template="editions")
    game = root / "lantern"
    board = (TEMPLATES / "board.yaml").read_text(encoding="utf-8").replace("__TITLE__", "Market")
    (game / "board.yaml").write_text(board + SCENARIO, encoding="utf-8")
    sheet = (TEMPLATES / "sheet.yaml").read_text(encoding="utf-8").replace("__TITLE__", "Lantern Town")
    sheet = re.sub(r"(?m)^fields:.*$", "", sheet)  # pnp's own write-in line ("Name") is printed
    (game / "sheet.yaml").write_text(sheet, encoding="utf-8")
    (game / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    with (game / "rules.ar.md").open("a", encoding="utf-8") as f:
        f.write(TABLE)
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(game), "--lang", "all", "--out", str(root / "out")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    # the board, score sheet and tokens written here in English only: each of their texts is a warning
    # that it prints in English in the other editions, and nothing else is
    said = (done.stdout + done.stderr).splitlines()
    others = [line for line in said if "warning" in line and "translation of" not in line and " name for " not in line
              and not line.endswith("(--strict makes them errors)")]
    assert not others, "\n".join(others)
    return root / "out" / "lantern"


# --------------------------------------------------------------------------- reading the PDFs

class Page:
    """The characters pdfium extracts from one page, with their boxes (PDF points, y up)."""

    def __init__(self, doc, index: int):
        self.doc, self.page = doc, doc[index]  # the document is kept open while the page is read
        self.tp = self.page.get_textpage()
        self.text = self.tp.get_text_range()
        self.width = self.page.get_width()

    def box(self, chars: range) -> tuple[float, float, float, float]:
        boxes = [self.tp.get_charbox(i) for i in chars if not self.text[i].isspace()]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def line(self, word: str) -> tuple[float, float, float, float]:
        """The box of the whole extracted line holding `word`."""
        at = self.text.find(word)
        assert at >= 0, f"{word!r} not in {self.text!r}"
        start = max(self.text.rfind("\n", 0, at) + 1, 0)
        end = self.text.find("\r", at) if "\r" in self.text[at:] else len(self.text)
        end = min(end, self.text.find("\n", at) if "\n" in self.text[at:] else len(self.text))
        return self.box(range(start, end))


def _page(pdf: Path, index: int = 0) -> Page:
    return Page(pypdfium2.PdfDocument(str(pdf)), index)


def _text(pdf: Path) -> str:
    doc = pypdfium2.PdfDocument(str(pdf))
    return "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def _letters(s: str) -> str:
    return "".join(c for c in s if not c.isspace() and unicodedata.category(c) != "Mn")


def _phrases() -> dict:
    return yaml.safe_load((DATA / "phrases.yaml").read_text(encoding="utf-8"))


def _words(sentence: str) -> list[str]:
    """The words of a phrase, its `{placeholders}` left out."""
    return [w for w in re.findall(r"\w+", re.sub(r"\{\w+\}", " ", sentence)) if len(w) > 1 or not w.isascii()]


def _forms(entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


# --------------------------------------------------------------------------- the words

WORDS = {  # file: the phrase keys whose words it prints
    "board-poster.pdf": ("key_heading", "role_walk", "role_blocked", "role_front", "a_location", "health",
                         "piece_note", "piece_marked", "scenario_sentence", "scenario_goal", "badge_start",
                         "badge_goal"),
    "sheet.pdf": ("sheet_foot", "sheet_name", "points_short"),
    "rulebook.pdf": ("board_item", "board_squares", "board_track", "board_scenario", "token_standee",
                     "token_two_sided", "sheet_grid_pieces", "sheet_use", "plain_die", "piece", "point"),
}


@pytest.mark.parametrize("lang", ["de", "ar", "ja"])
def test_the_key_the_sheet_and_the_component_lines_are_in_the_editions_language(out, lang):
    table = _phrases()
    for name, keys in WORDS.items():
        text = _text(out / lang / name)
        flat = _letters(text)
        for key in keys:
            assert key in table[lang], (lang, key)  # never the English fallback
            # a counted phrase: the words of one of its forms (the form of the number printed)
            assert any(all(_letters(w) in flat for w in _words(form)) for form in _forms(table[lang][key])), \
                (name, key, table[lang][key])
            if table[lang][key] == table["en"][key]:  # the same word in both ("Name", "START")
                continue
            for form in _forms(table["en"][key]):  # none of the English sentence is left
                for piece in re.split(r"\{\w+\}", form):
                    piece = piece.replace("*", "").strip(" ,;.()")
                    if len(re.findall(r"[A-Za-z]", piece)) >= 4:
                        assert piece not in text, (lang, name, key, piece)
        for english in ("Starting pieces", "figures move through", "print at 100", "as tiles to tape",
                        "with its base", "two-sided", " pts"):
            assert english not in text, (lang, name, english)


def test_the_english_edition_keeps_its_english_words(out):
    table = _phrases()
    for name, keys in WORDS.items():
        flat = _letters(_text(out / "en" / name))
        for key in keys:
            assert any(all(w in flat for w in _words(form)) for form in _forms(table["en"][key])), (name, key)


# --------------------------------------------------------------------------- /Lang

@pytest.mark.parametrize("lang", LANGS)
def test_every_pdf_of_an_edition_names_its_language(out, lang):
    pdfs = sorted((out / lang).glob("*.pdf"))
    assert {"cards-printshop.pdf", "rulebook.pdf", "board-poster.pdf", "sheet.pdf", "tokens.pdf"} <= {p.name for p in pdfs}
    for pdf in pdfs:
        with pikepdf.open(pdf) as doc:
            assert str(doc.Root.get("/Lang")) == lang, pdf.name


def test_joined_chunks_keep_the_language_and_a_game_without_languages_has_none():
    """Chunks joined into one file (a large deck's sheets) keep the catalogue's language; without an
    edition no PDF names one. (A print-shop file made from the sheets' forms is measured above.)"""
    import io

    from pnp.draw.pdf import PdfSurface
    from pnp.draw.pdfmerge import merge_pdfs
    from pnp.models.edition import Edition, editing

    def chunk() -> bytes:
        s = PdfSurface(title="t")
        s.begin_page(100, 100)
        s.rect(10, 10, 20, 20, fill="#000000")
        s.end_page()
        return s.finish()

    for edition, expected in ((Edition("ar", "en", ("en", "ar")), "ar"), (None, None)):
        with editing(edition):
            joined = bytes(merge_pdfs([chunk(), chunk()]))
        with pikepdf.open(io.BytesIO(joined)) as doc:
            assert len(doc.pages) == 2
            assert (str(doc.Root.Lang) if "/Lang" in doc.Root else None) == expected


# --------------------------------------------------------------------------- right to left

def _mm(v: float) -> float:
    return v * 72 / 25.4


def test_arabic_dice_pages_set_their_header_and_foot_from_the_right(out):
    from pnp.kinds.dice.draw import CHECK_BAR, MARGIN

    table = _phrases()
    for lang in ("ar", "ja"):
        page = _page(out / lang / "dice-nets.pdf")
        note = _words(table[lang]["dice_nets_note"])[1]
        bar = _words(table[lang]["bar_check"])[1]
        lines = [page.line("Lantern"), page.line(note)]
        foot, number = page.line(bar), page.box(range(page.text.rfind("1 / "), page.text.rfind("1 / ") + 5))
        W = page.width
        if lang == "ar":
            for left, _, right, _ in lines:
                assert abs(right - (W - MARGIN)) < 2 and left > MARGIN + _mm(5)
            assert abs(foot[2] - (W - MARGIN - CHECK_BAR - _mm(3))) < 2  # its words left of the bar on the right
            assert abs(number[0] - MARGIN) < 2  # the page number on the left
        else:
            for left, *_ in lines:
                assert abs(left - MARGIN) < 2
            assert abs(foot[0] - (MARGIN + CHECK_BAR + _mm(3))) < 2
            assert abs(number[2] - (W - MARGIN)) < 2


def test_arabic_board_tiles_token_sheets_and_score_sheets_set_their_lines_from_the_right(out):
    from pnp.geometry.paper import MIN_MARGIN
    from pnp.kinds.sheet.draw import MARGIN as SHEET_MARGIN

    table = _phrases()
    tiles = {lang: _page(out / lang / "board-tiles.pdf") for lang in ("ar", "ja")}
    word = {lang: _words(table[lang]["tile_foot"])[-1] for lang in ("ar", "ja")}
    ja_left = tiles["ja"].line(word["ja"])[0]
    ar_foot, ar_title = tiles["ar"].line(word["ar"]), tiles["ar"].line(_words(table["ar"]["tile_title"])[0])
    W = tiles["ar"].width
    assert abs(ar_foot[2] - (W - ja_left)) < 2 and abs(ar_title[2] - (W - ja_left)) < 2  # the mirror of Japanese
    tokens = _page(out / "ar" / "tokens.pdf")
    foot = tokens.line(_words(table["ar"]["token_fronts"])[0])
    assert abs(foot[2] - (tokens.width - MIN_MARGIN)) < 2
    ja_tokens = _page(out / "ja" / "tokens.pdf")
    ja_foot = ja_tokens.line(table["ja"]["token_fronts"])
    assert abs((ja_foot[0] + ja_foot[2]) / 2 - ja_tokens.width / 2) < 2  # centred, as before
    for lang in ("ar", "ja"):
        sheet = _page(out / lang / "sheet.pdf")
        left, _, right, _ = sheet.line(_words(table[lang]["sheet_foot"])[1])
        if lang == "ar":
            assert abs(right - (sheet.width - SHEET_MARGIN)) < 2
        else:
            assert abs(left - SHEET_MARGIN) < 2
        name = sheet.line(table[lang]["sheet_name"])
        assert (name[0] > sheet.width / 2) == (lang == "ar")  # the write-in label at the reading side


def test_the_arabic_posters_key_reads_from_the_right(out):
    table = _phrases()
    ar, ja = _page(out / "ar" / "board-poster.pdf"), _page(out / "ja" / "board-poster.pdf")
    heading = ar.line(table["ar"]["key_heading"])
    ja_heading = ja.line(table["ja"]["key_heading"])
    assert abs(heading[2] - (ar.width - ja_heading[0])) < 2
    # the first entry (the first space type) stands in the rightmost column, its swatch right of its words
    road = ar.box(range(ar.text.find("Road"), ar.text.find("Road") + 4))
    assert road[0] > ar.width * 0.75
    ja_road = ja.box(range(ja.text.find("Road"), ja.text.find("Road") + 4))
    assert ja_road[2] < ja.width * 0.25


def test_arabic_contents_entries_are_set_from_the_right_with_the_page_number_on_the_left(out):
    heading = {"ar": "نظرة عامة", "ja": None}
    source = (out.parent.parent / "lantern" / "rules.ja.md").read_text(encoding="utf-8")
    heading["ja"] = re.search(r"(?m)^## (.+)$", source).group(1).strip()
    for lang in ("ar", "ja"):
        page = _page(out / lang / "rulebook.pdf")
        at = page.text.find(heading[lang])
        assert at >= 0, page.text
        words = page.box(range(at, at + len(heading[lang])))
        line_end = page.text.find("\r", at)
        digits = [i for i in range(at, line_end) if page.text[i].isdigit()]
        assert digits, page.text[at:line_end]
        number = page.box(range(digits[-1], digits[-1] + 1))  # the page number, after the leader
        dots = [page.box(range(i, i + 1)) for i in range(at, line_end) if page.text[i] == "."]
        assert dots
        if lang == "ar":
            assert number[2] < words[0] and all(number[2] <= d[0] and d[2] <= words[0] for d in dots)
        else:
            assert number[0] > words[2] and all(words[2] <= d[0] and d[2] <= number[0] for d in dots)
    ar, ja = _page(out / "ar" / "rulebook.pdf"), _page(out / "ja" / "rulebook.pdf")
    first_ar = ar.box(range(ar.text.find(heading["ar"]), ar.text.find(heading["ar"]) + 3))
    first_ja = ja.box(range(ja.text.find(heading["ja"]), ja.text.find(heading["ja"]) + 1))
    assert first_ar[0] > ar.width / 2 and first_ja[2] < ja.width / 2  # the first column on the reading side


def test_an_arabic_table_reads_from_the_right_and_an_example_box_has_its_bar_on_the_right(out):
    import pypdfium2.raw as pdfium_c

    pdf = out / "ar" / "rulebook.pdf"
    doc = pypdfium2.PdfDocument(str(pdf))
    index = next(i for i in range(len(doc)) if "عملتين" in doc[i].get_textpage().get_text_range())
    page = Page(doc, index)
    first, second = (page.box(range(page.text.find(w), page.text.find(w) + len(w))) for w in ("البطاقة", "العدد"))
    assert first[0] > second[2]  # the first column on the right
    row = page.box(range(page.text.find("بائع الشاي"), page.text.find("بائع الشاي") + 10))
    assert row[0] > second[2]  # its cells under it
    example = page.line("عملتين")
    bars = [b for b in (o.get_bounds() for o in page.page.get_objects(max_depth=3)
                        if o.type == pdfium_c.FPDF_PAGEOBJ_PATH)
            if b[2] - b[0] < 6 and b[3] - b[1] > 8 and b[1] <= example[1] and b[3] >= example[3]]
    assert bars and all(b[0] > example[2] for b in bars)  # the example's bar right of its words
