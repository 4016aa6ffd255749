"""Format characters, isolates, deep embeddings and long runs of marks in a language edition.

A soft hyphen, ZWSP, ZWJ, ZWNJ, a word joiner, a BOM, every bidi control (isolates included), 130
nested embeddings and 3,000 overrides, written in a card's CSV cell, a deck title and
`rules.ar.md`, build in every edition without a traceback, a warning about a glyph or a box drawn
for them; each does what Unicode says (a break, no break, joining, a hyphen shown only where a
line ends at it). 15,000 combining marks in one card name build in under 5 s of processor time.
"""
from __future__ import annotations

import csv
import re
import resource
import subprocess
import sys
import zlib
from pathlib import Path

import pypdfium2
import pytest

from editionstarter import cards_only

from pnp.models.edition import Edition, editing

FORMAT = ("\u00ad\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c"  # SHY ZWSP ZWNJ ZWJ WJ BOM LRM RLM ALM
          "\u2066x\u2069 \u2067y\u2069 \u2068z\u2069 "  # the isolates LRI, RLI, FSI … PDI
          "\u202aa\u202c \u202bb\u202c \u202dc\u202c \u202ed\u202c")  # LRE RLE LRO RLO … PDF
DEEP = "\u202b" * 130 + "deep" + "\u202c" * 130  # 130 nested embeddings: past the 125-level limit
OVERRIDES = "\u202e" * 3000 + "over"


def _run(*args) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def _starter(tmp_path: Path) -> Path:
    """The editions starter with its cards and rulebooks (the kinds a text reaches)."""
    return cards_only(tmp_path, remove_files=True)


def _edit_cards(game: Path, edit) -> None:
    rows = list(csv.reader((game / "cards.csv").open(encoding="utf-8")))
    edit(rows[0], rows)
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The starter with every format character in a CSV cell, a deck title and rules.ar.md, built in all four editions."""
    game = _starter(tmp_path_factory.mktemp("hostile"))

    def edit(head, rows):
        rows[1][head.index("name")] = "Lamp" + FORMAT
        rows[1][head.index("name@ar")] = "مشعل" + FORMAT
        rows[1][head.index("name@ja")] = "点灯係" + FORMAT
        rows[1][head.index("text")] = "Light " + DEEP + " " + OVERRIDES
        rows[1][head.index("text@ar")] = "أشعل " + "\u2067" * 130 + "(d6)" + "\u2069" * 130
        rows[1][head.index("text@de")] = "Zünde " + FORMAT + " an."
    _edit_cards(game, edit)
    cards = (game / "cards.yaml").read_text(encoding="utf-8")
    (game / "cards.yaml").write_text(cards.replace("title@ar: سوق الفوانيس", "title@ar: \"سوق\u2066 (d6)\u2069 الفوانيس\u00ad\""),
                                     encoding="utf-8")
    with (game / "rules.ar.md").open("a", encoding="utf-8") as f:
        f.write("\n\nفقرة " + FORMAT + " (d6) " + DEEP + " " + OVERRIDES + "\n")
    out = game.parent / "out"
    code, output = _run("build", str(game), "--lang", "all", "--out", str(out))
    return game, out / "lantern", code, output


def test_every_format_character_builds_in_every_edition_without_a_warning(hostile):
    game, out, code, output = hostile
    assert code == 0, output
    assert "Traceback" not in output and "warning" not in output, output
    for lang in ("en", "de", "ar", "ja"):
        assert {"cards.pdf", "rulebook.pdf"} <= {p.name for p in (out / lang).iterdir()}, lang


def _shaped_glyph_ids(pdf: Path) -> list[int]:
    """Every glyph id drawn through pnp's shaped Type 0 fonts (/PS…) in a PDF."""
    ids = []
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf.read_bytes(), re.S):
        try:
            stream = zlib.decompress(m.group(1))
        except zlib.error:
            continue
        for block in re.findall(rb"BT (.*?) ET", stream, re.S):
            if re.search(rb"/PS\d+ [\d.]+ Tf", block):
                ids += [int(g, 16) for g in re.findall(rb"<([0-9A-F]{4})>", block)]
    return ids


def test_no_format_character_is_drawn_as_a_box_and_the_text_around_them_copies(hostile):
    _, out, _, _ = hostile
    for lang in ("en", "ar", "ja"):
        drawn = _shaped_glyph_ids(out / lang / "cards.pdf")
        assert drawn and 0 not in drawn, lang  # glyph 0 is .notdef, the empty box
        doc = pypdfium2.PdfDocument(str(out / lang / "cards.pdf"))
        text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        assert {"en": "Lamp", "ar": "مشعل", "ja": "点灯係"}[lang] in text
        assert not re.search("[\u00ad\u200b-\u200f\u2060\ufeff\u202a-\u202e\u2066-\u2069]", text), lang
    rules = pypdfium2.PdfDocument(str(out / "ar" / "rulebook.pdf"))
    text = "".join(rules[i].get_textpage().get_text_range() for i in range(len(rules)))
    # the paragraph is there: its embedded word, and the overridden one (drawn right to left: "revo")
    assert "فقرة" in text and "deep" in text and ("over" in text or "revo" in text)


def _lines(text: str, width: float, lang: str = "en") -> list[str]:
    from pnp.draw.text import set_text

    with editing(Edition(lang, "en", ("en", lang), fonts={})):
        lay = set_text(text, "sans", 10, 10, width, 1000)
    return ["".join(r.text for r in line) for line in lay.lines]


def test_a_soft_hyphen_is_a_break_that_shows_a_hyphen_only_where_the_line_ends():
    word = "Laternen\u00adanzünderin"
    assert _lines(word, 400) == [word]  # not used: no hyphen drawn (HarfBuzz removes it)
    assert _lines(word, 60) == ["Laternen-", "anzünderin"]


def test_a_zero_width_space_breaks_and_a_word_joiner_or_bom_does_not():
    from pnp.draw.linebreak import breaks

    assert _lines("abcdefgh\u200bijklmnop", 50) == ["abcdefgh\u200b", "ijklmnop"]
    assert breaks("ab-cd ef") == [3, 6]  # after a hyphen, after a space
    for joiner in ("\u2060", "\ufeff"):
        assert breaks("ab-" + joiner + "cd ef") == [7]  # the joiner holds "ab-" to "cd"
        assert breaks("ab" + joiner + "\u200bcd") == [4]  # … but a ZWSP after it still breaks


def test_zwj_and_zwnj_reach_the_shaper_with_their_letters():
    """In an Arabic edition a ZWJ keeps the letter before it in its joining form and is drawn by
    no glyph: 'ب' + ZWJ has the same glyphs as the letter's initial form alone."""
    from pnp.draw.complextext import _Para, _line
    from pnp.draw.textruns import ICON_EM

    with editing(Edition("ar", "en", ("en", "ar"), fonts={})):
        ed = Edition("ar", "en", ("en", "ar"), fonts={})
        joined = _line(_Para([("ب\u200d", "sans", False)], ed), 0, 2, False, 10, ICON_EM)[0]
        alone = _line(_Para([("ب", "sans", False)], ed), 0, 1, False, 10, ICON_EM)[0]
        cut = _line(_Para([("بب", "sans", False)], ed), 0, 2, False, 10, ICON_EM)[0]
        kept_apart = _line(_Para([("ب\u200cب", "sans", False)], ed), 0, 3, False, 10, ICON_EM)[0]
    gids = lambda runs: [g.gid for r in runs for g in r.glyphs.glyphs]  # noqa: E731
    assert len(gids(joined)) == 1 and gids(joined) != gids(alone)  # the joining form; ZWJ drew nothing
    assert gids(kept_apart) != gids(cut) and len(gids(kept_apart)) == 2  # ZWNJ: two unjoined letters


def test_fifteen_thousand_combining_marks_in_one_name_build_in_under_five_seconds(tmp_path):
    game = _starter(tmp_path)

    def edit(head, rows):
        rows[1][head.index("name")] = "Lamp" + "\u0301" * 15_000
        rows[1][head.index("name@ar")] = "مشعل" + "\u0651" * 15_000
    _edit_cards(game, edit)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code, output = _run("build", str(game), "--lang", "ar", "--out", str(tmp_path / "out"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert code == 0, output
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert cpu < 5.0, cpu  # the bound; quadratic breaking took more than 60 s


def test_breaking_is_linear_in_runs_of_marks_and_spaces():
    """uniseg looks back over a whole run of marks or spaces at each of its characters; pnp hands it
    each run cut to its two ends, so the work done grows with the text, not its square."""
    from pnp.draw.linebreak import _squeezed, breaks

    for run in ("\u0301", " ", "\u200d"):
        short, where = _squeezed("a" + run * 15_000 + "b")
        assert len(short) <= 4 and where[-1] == 15_002
    assert breaks("a" + "\u0301" * 15_000 + " b") == [15_002]
    assert breaks("a b") == [2] and breaks("(" + " " * 10_000 + "a") == []  # LB14 sees any number of spaces


def test_a_game_without_languages_leaves_format_characters_out_and_breaks_at_a_zero_width_space():
    from pnp.draw.text import set_text

    lay = set_text("Lamp" + FORMAT, "sans", 10, 10, 400, 100)  # the plain path: no edition
    drawn = "".join(r.text for line in lay.lines for r in line)
    assert not lay.missing and not re.search("[\u00ad\u200b-\u200f\u2060\ufeff\u202a-\u202e\u2066-\u2069\u061c]",
                                             drawn)
    assert drawn.startswith("Lamp")
    lines = set_text("abcdefgh\u200bijklmnop", "sans", 10, 10, 50, 100).lines
    assert ["".join(r.text for r in line) for line in lines] == ["abcdefgh", "ijklmnop"]
    assert lines[0][-1].x + lines[0][-1].width < 50  # no space's width added at the break


def test_cutting_a_very_long_word_at_its_hyphenation_points_is_linear(monkeypatch):
    """A word far wider than its box is cut line by line; each line shapes only the prefixes it tries
    (counted here), never the whole rest of the word again."""
    import pnp.draw.complextext as complextext
    from pnp.draw.text import set_text

    shaped_chars = []
    real = complextext.shape

    def counted(text, *args):
        shaped_chars.append(len(text))
        return real(text, *args)
    monkeypatch.setattr(complextext, "shape", counted)
    work = {}
    for n in (80, 160):
        shaped_chars.clear()
        with editing(Edition("de", "en", ("en", "de"), fonts={})):
            lay = set_text("Marktaufsicht" * n, "sans", 10, 10, 150, 100_000)
        assert len(lay.lines) > n // 3 and all(r.text for r in lay.lines[0])
        work[n] = sum(shaped_chars)
    assert work[160] < 2.6 * work[80], work  # twice the word, about twice the work (it was four times)
