"""Language editions: the editions template builds in every language, shaped Arabic, hyphenated
German, Japanese kinsoku, and missing translations named by language and key."""
from __future__ import annotations

import csv
import re
import zlib
from pathlib import Path

import pyphen
import pypdfium2
import uharfbuzz as hb
import subprocess
import sys
import unicodedata

import yaml

from pnp.kinds import kind_names, shared_kinds
from pnp.paths import SCAFFOLD
from pnp.scaffold import create
from pnp.models.edition import Edition, editing

FONTS = SCAFFOLD / "editions" / "fonts"  # the editions template's own fonts


def _game(tmp_path: Path, every_kind: bool = False) -> Path:
    """A copy of the editions starter; unless EVERY_KIND, with its cards, dice and rulebooks only (what
    the tests of texts, translations and fit read: the board, tokens and score sheet would only
    lengthen each build)."""
    create("lantern", tmp_path, template="editions")
    game = tmp_path / "lantern"
    if not every_kind:
        spec = (game / "game.yaml").read_text(encoding="utf-8")
        for kept_out in ("board.yaml", "tokens.yaml", "sheet.yaml"):
            assert f"  - {kept_out}\n" in spec
            spec = spec.replace(f"  - {kept_out}\n", "")
        (game / "game.yaml").write_text(spec, encoding="utf-8")
    return game


class _Run:
    def __init__(self, *args):
        done = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=600)
        self.exit_code, self.output = done.returncode, done.stdout + done.stderr


def _streams(pdf: bytes) -> list[bytes]:
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            out.append(zlib.decompress(m.group(1)))
        except zlib.error:
            pass
    return out


_BUILT: dict = {}


def _built(tmp_path: Path) -> tuple[Path, Path, "_Run"]:
    """(the starter game, its output folder, the run) of `pnp build --lang all` on the editions starter,
    made once for this module (in the first asking test's folder): the tests below only read it."""
    if not _BUILT:
        game = _game(tmp_path, every_kind=True)
        result = _Run(*["build", str(game), "--lang", "all", "--out", str(tmp_path / "out")])
        _BUILT.update(game=game, out=tmp_path / "out", result=result)
    return _BUILT["game"], _BUILT["out"], _BUILT["result"]


# what each kind prints in an edition's folder (a layouts file prints nothing of its own)
KIND_FILES = {"deck": {"cards.pdf"}, "dice": {"dice-nets.pdf", "dice-tiles.pdf"},
              "board": {"board-tiles.pdf", "board-poster.pdf"}, "tokens": {"tokens.pdf"}, "sheet": {"sheet.pdf"}}
# a text each file prints, as (spec file, where in it): the edition's own words must be in that PDF
PRINTED = {"cards.pdf": ("cards.yaml", ["title"]), "dice-nets.pdf": ("dice.yaml", ["dice", 0, "name"]),
           "board-tiles.pdf": ("board.yaml", ["title"]), "board-poster.pdf": ("board.yaml", ["locations", "spice", "name"]),
           "tokens.pdf": ("tokens.yaml", ["pieces", 1, "front", "label"]), "sheet.pdf": ("sheet.yaml", ["title"])}


def _written(game: Path, file: str, where: list, lang: str) -> str:
    """The text at `where` in a spec file, in `lang` (`key@lang`, the source's `key` for en)."""
    node = yaml.safe_load((game / file).read_text(encoding="utf-8"))
    for step in where[:-1]:
        node = node[step]
    return node[where[-1] if lang == "en" else f"{where[-1]}@{lang}"]


def test_every_edition_builds_without_a_warning(tmp_path):
    game, out, result = _built(tmp_path)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    spec = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    kinds = {yaml.safe_load((game / c).read_text(encoding="utf-8"))["kind"] for c in spec["components"]}
    assert kinds == set(kind_names()) - shared_kinds() == set(KIND_FILES)  # the example has one of every kind
    for lang in ("en", "de", "ar", "ja"):
        folder = out / "lantern" / lang
        made = {p.name for p in folder.iterdir()}
        assert {"rulebook.pdf"}.union(*KIND_FILES.values()) <= made, (lang, made)
        assert f"/Lang ({lang})".encode() in (folder / "cards.pdf").read_bytes()
        for name, (file, where) in PRINTED.items():  # each file is in the edition's language, not the source's
            doc = pypdfium2.PdfDocument(str(folder / name))
            text = " ".join("".join(doc[i].get_textpage().get_text_range() for i in range(len(doc))).split())
            words, source = _written(game, file, where, lang), _written(game, file, where, "en")
            assert words in text, (lang, name, words)
            assert lang == "en" or source not in text, (lang, name, source)


def test_the_score_sheets_subtitle_is_set_from_the_margin_its_edition_reads_from(tmp_path):
    """The subtitle starts where the title does: at the left margin in English, the right one in Arabic."""
    game, out, result = _built(tmp_path)
    assert result.exit_code == 0, result.output
    sheet = yaml.safe_load((game / "sheet.yaml").read_text(encoding="utf-8"))
    for lang, title, subtitle in (("en", sheet["title"], sheet["subtitle"]),
                                  ("ar", sheet["title@ar"], sheet["subtitle@ar"])):
        page = pypdfium2.PdfDocument(str(out / "lantern" / lang / "sheet.pdf"))[0]
        tp = page.get_textpage()
        text = tp.get_text_range()

        def edges(words: str) -> tuple[float, float]:
            at = text.find(words)
            assert at >= 0, (lang, words)
            boxes = [tp.get_charbox(i) for i in range(at, at + len(words)) if not text[i].isspace()]
            return min(b[0] for b in boxes), max(b[2] for b in boxes)

        (t_left, t_right), (s_left, s_right) = edges(title), edges(subtitle.split(".")[0])
        assert s_right - s_left < page.get_width() / 2  # a short line, so the side it stands on shows
        if lang == "ar":
            assert abs(s_right - t_right) < 3 and s_left > page.get_width() / 2
        else:
            assert abs(s_left - t_left) < 3 and s_right < page.get_width() / 2


def _arabic_cards(tmp_path: Path) -> tuple[Path, list[list[str]]]:
    game, out, result = _built(tmp_path)
    assert result.exit_code == 0, result.output
    rows = list(csv.reader((game / "cards.csv").read_text(encoding="utf-8").splitlines()))
    return out / "lantern/ar/cards.pdf", rows


def test_arabic_glyphs_are_the_ones_harfbuzz_gives(tmp_path):
    pdf, rows = _arabic_cards(tmp_path)
    blocks = []  # the glyph ids of each shaped run drawn (one BT … ET each)
    for stream in _streams(pdf.read_bytes()):
        for block in re.findall(rb"BT (.*?) ET", stream, re.S):
            if re.search(rb"/PS\d+ [\d.]+ Tf", block):
                blocks.append([int(g, 16) for g in re.findall(rb"<([0-9A-F]{4})>", block)])
    face = hb.Face(hb.Blob((FONTS / "NotoSansArabic-editions.ttf").read_bytes()))
    names = [row[rows[0].index("name@ar")] for row in rows[1:]]
    for name in names:  # each title is one right-to-left run, in one font
        buf = hb.Buffer()
        buf.add_str(name)
        buf.guess_segment_properties()
        hb.shape(hb.Font(face), buf, {"kern": True, "liga": True})
        expected = [i.codepoint for i in buf.glyph_infos]
        assert expected in blocks, name
    # joined forms: the same letter is drawn with different glyphs in different places of a word
    buf = hb.Buffer()
    buf.add_str("ببب")
    buf.guess_segment_properties()
    hb.shape(hb.Font(face), buf, {})
    assert len({i.codepoint for i in buf.glyph_infos}) == 3


def test_arabic_text_copies_as_the_logical_string(tmp_path):
    pdf, rows = _arabic_cards(tmp_path)
    doc = pypdfium2.PdfDocument(str(pdf))
    text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    # the whole logical string, vowel marks (harakat) in their place: a mark's glyph stays in the
    # line of text (pnp/draw/pdfglyphs.py), and a line holding right-to-left text deals its
    # logical string out to its glyphs as pdfium reads them back (pnp/draw/copytext.py), so even a
    # mark written between the lam and alef of a lam-alef ligature («مماثلًا») copies in its place;
    # only line breaks and the spaces around them differ from the cell
    def words(s: str) -> str:
        return " ".join(s.split())

    flat = words(text.replace("\r\n", " ").replace("\n", " "))
    marked = 0
    for column in ("name@ar", "text@ar"):
        for row in rows[1:]:
            written = row[rows[0].index(column)]
            marked += any(unicodedata.category(c) == "Mn" for c in written)
            assert words(written) in flat, written
    assert marked  # the starter's Arabic has vowel marks, so the test compares them


def _edition(lang: str) -> Edition:
    return Edition(lang, "en", ("en", lang))


def test_a_german_word_too_long_is_hyphenated_at_a_dictionary_point():
    from pnp.draw.text import set_text

    word = "Marktaufsichtsbehördenvertreterin"
    with editing(_edition("de")):
        lay = set_text(word, "sans", 10, 9, 90, 200)
    assert lay.fits and lay.size >= 9
    pieces = ["".join(r.text for r in line) for line in lay.lines]
    assert len(pieces) > 1 and all(p.endswith("-") for p in pieces[:-1])
    cuts, at = [], 0
    for p in pieces[:-1]:
        at += len(p) - 1
        cuts.append(at)
    allowed = set(pyphen.Pyphen(lang="de_DE", left=2, right=2).positions(word))
    assert set(cuts) <= allowed


def test_japanese_breaks_between_characters_never_before_closing_or_small_kana():
    from pnp.draw.text import set_text

    text = "カードを1枚出して効果（カードに書かれたこと）を行い、その後カードを1枚引きます。ちょっと待ってください。"
    forbidden = set("）」』。、ゃゅょっぁぃぅぇぉャュョッァィゥェォー")
    with editing(Edition("ja", "en", ("en", "ja"), fonts={})):
        for width in range(40, 160, 7):
            lay = set_text(text, "sans", 9, 9, width, 1000)
            lines = ["".join(r.text for r in line) for line in lay.lines]
            assert "".join(lines) == text
            assert len(lines) > 1
            assert not any(line[0] in forbidden for line in lines[1:]), lines


def test_a_missing_translation_is_a_warning_naming_language_and_key(tmp_path):
    game = _game(tmp_path)
    csv = (game / "cards.csv").read_text(encoding="utf-8").replace("Teehaus", "")
    (game / "cards.csv").write_text(csv, encoding="utf-8")
    yaml = (game / "dice.yaml").read_text(encoding="utf-8").replace("    name@ja: 市場のサイコロ\n", "")
    (game / "dice.yaml").write_text(yaml, encoding="utf-8")
    result = _Run(*["build", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert re.search(r"cards\.csv:\d+:\d+: warning: no de translation of 'name'", result.output)
    assert re.search(r"dice\.yaml:\d+:\d+: warning: no ja translation of 'name'", result.output)
    assert "no ar translation" not in result.output


def test_a_game_without_languages_refuses_lang(tmp_path):
    create("plain", tmp_path)
    result = _Run(*["build", str(tmp_path / "plain"), "--lang", "de", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "lists no `languages:`" in result.output


def test_an_overflow_in_one_language_names_that_language(tmp_path):
    game = _game(tmp_path)
    csv_text = (game / "cards.csv").read_text(encoding="utf-8")
    long = " ".join(["Nimm 1 Münze von einer anderen Person und lege sie in die Schachtel zurück."] * 6)
    (game / "cards.csv").write_text(csv_text.replace("Nimm 1 Münze von einer anderen Person.", long), encoding="utf-8")
    result = _Run("build", str(game), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    overflows = [line for line in result.output.splitlines() if "does not fit" in line]
    assert overflows and all("warning: de edition: " in line for line in overflows), result.output


def test_validate_reports_each_languages_coverage(tmp_path):
    game = _game(tmp_path)
    csv_text = (game / "cards.csv").read_text(encoding="utf-8").replace(",すり,", ",,")
    (game / "cards.csv").write_text(csv_text, encoding="utf-8")
    (game / "rules.ar.md").unlink()
    result = _Run("validate", str(game))
    assert result.exit_code == 0, result.output
    shown = dict(re.findall(r"^\s+(\w+): (\d+)% translated", result.output, re.M))
    assert set(shown) == {"en", "de", "ar", "ja"}
    assert shown["en"] == shown["de"] == "100"
    assert int(shown["ar"]) < 100 and int(shown["ja"]) < 100
    assert re.search(r"game\.yaml:\d+:\d+: warning: no ar rulebook \('rules\.ar\.md'\)", result.output)
    assert re.search(r"cards\.csv:\d+:\d+: warning: no ja translation of 'name'", result.output)


def _letters(s: str) -> str:
    return "".join(c for c in s if not c.isspace() and unicodedata.category(c) != "Mn")


def _prose(markdown: str) -> list[str]:
    """The rulebook source's running paragraphs (not headings, not template lines), as printed:
    without emphasis marks and inline icons."""
    return [re.sub(r"\*+|:[a-z][a-z0-9_-]*:", "", p).strip() for p in markdown.split("\n\n")
            if p.strip() and not p.lstrip().startswith(("#", "{"))]


def test_the_arabic_and_japanese_rulebooks_copy_as_written_and_japanese_keeps_kinsoku(tmp_path):
    game, out, result = _built(tmp_path)
    assert result.exit_code == 0, result.output
    forbidden_first = set("）」』。、ゃゅょっぁぃぅぇぉャュョッァィゥェォー")
    for lang in ("ar", "ja"):
        doc = pypdfium2.PdfDocument(str(out / f"lantern/{lang}/rulebook.pdf"))
        pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
        flat = _letters("".join(pages))
        for para in _prose((game / f"rules.{lang}.md").read_text(encoding="utf-8")):
            assert _letters(para) in flat, (lang, para)
        if lang == "ja":
            lines = [line for page in pages for line in page.splitlines() if line.strip()]
            assert not any(line.strip()[0] in forbidden_first for line in lines), lines


def test_a_game_without_languages_takes_none_of_the_new_paths(tmp_path):
    # (reportlab itself imports uharfbuzz and pyphen when they are installed, for its own optional features)
    create("plain", tmp_path)
    code = ("import sys; from pnp.build import BuildOptions, build_game; "
            f"build_game({str(tmp_path / 'plain')!r}, BuildOptions(out={str(tmp_path / 'out')!r})); "
            "print(sorted(m for m in ('bidi', 'uniseg', 'babel', 'pnp.draw.shaping', 'pnp.draw.complextext', "
            "'pnp.draw.pdfglyphs') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
    assert not (tmp_path / "out/plain/en").exists() and (tmp_path / "out/plain/cards.pdf").exists()


def test_a_translation_of_nothing_or_in_an_unlisted_language_is_an_error_at_its_place(tmp_path):
    game = _game(tmp_path)
    dice = (game / "dice.yaml").read_text(encoding="utf-8")
    (game / "dice.yaml").write_text(dice.replace("    name@ja: 市場のサイコロ\n", "    name@fr: Dé\n    nme@de: x\n"),
                                    encoding="utf-8")
    csv_text = (game / "cards.csv").read_text(encoding="utf-8")
    (game / "cards.csv").write_text(csv_text.replace("text@ja", "txt@ja", 1), encoding="utf-8")
    result = _Run("validate", str(game))
    assert result.exit_code == 2
    assert re.search(r"dice\.yaml:\d+:5: .*'name@fr' is in fr, which is not one of `languages:`", result.output)
    assert re.search(r"dice\.yaml:\d+:5: .*'nme@de' translates 'nme', but there is no 'nme' here", result.output)
    assert re.search(r"cards\.csv:1:\d+: .*column 'txt@ja' translates 'txt', but the table has no 'txt' column",
                     result.output)
    assert "Traceback" not in result.output


def test_the_rulebooks_die_line_names_its_faces_in_the_editions_words(tmp_path):
    """The face list reads each symbol's label in the edition's language, never the designer's id
    (`lamp`), joined with the language's own comma."""
    _, out, result = _built(tmp_path)
    assert result.exit_code == 0, result.output
    words = {"en": ("lantern", ", "), "de": ("Laterne", ", "), "ar": ("فانوس", "، "), "ja": ("ランタン", "、")}
    for lang, (label, comma) in words.items():
        doc = pypdfium2.PdfDocument(str(out / f"lantern/{lang}/rulebook.pdf"))
        text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        flat = text.replace("\r\n", " ")
        assert "lamp" not in flat and label in flat, lang
        # "3" followed by the language's comma (pdfium gives an Arabic line in the order it is drawn)
        assert f"3{comma}" in flat or f"{comma.strip()}3" in flat, (lang, flat)
