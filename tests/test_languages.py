"""Language editions: the editions template builds in every language, shaped Arabic, hyphenated
German, Japanese kinsoku, and missing translations named by language and key."""
from __future__ import annotations

import re
import zlib
from pathlib import Path

import pyphen
import uharfbuzz as hb
import subprocess
import sys

from pnp.scaffold import create
from pnp.spec.edition import Edition, editing

FONTS = Path(__file__).resolve().parents[1] / "pnp/data/scaffold/editions/fonts"


def _game(tmp_path: Path) -> Path:
    create("lantern", tmp_path, template="editions")
    return tmp_path / "lantern"


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


def test_every_edition_builds_without_a_warning(tmp_path):
    game = _game(tmp_path)
    result = _Run(*["build", str(game), "--lang", "all", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    for lang in ("en", "de", "ar", "ja"):
        folder = tmp_path / "out" / "lantern" / lang
        assert {"cards.pdf", "rulebook.pdf", "dice-nets.pdf"} <= {p.name for p in folder.iterdir()}
        assert f"/Lang ({lang})".encode() in (folder / "cards.pdf").read_bytes()


def test_arabic_glyphs_are_the_ones_harfbuzz_gives(tmp_path):
    game = _game(tmp_path)
    _Run(*["build", str(game), "--lang", "ar", "--out", str(tmp_path / "out")])
    pdf = (tmp_path / "out/lantern/ar/cards.pdf").read_bytes()
    drawn = {}
    for stream in _streams(pdf):
        for m in re.finditer(rb"/ActualText <FEFF([0-9A-F]*)>>> BDC(.*?)EMC", stream, re.S):
            text = bytes.fromhex(m.group(1).decode()).decode("utf-16-be")
            drawn[text] = [int(g, 16) for g in re.findall(rb"<([0-9A-F]{4})>", m.group(2))]
    assert "مشعل" in drawn
    face = hb.Face(hb.Blob((FONTS / "NotoSansArabic-editions.ttf").read_bytes()))
    for word in ("مشعل", "الفوانيس"):
        buf = hb.Buffer()
        buf.add_str(word)
        buf.guess_segment_properties()
        hb.shape(hb.Font(face), buf, {"kern": True, "liga": True})
        expected = [i.codepoint for i in buf.glyph_infos]  # visual order; the PDF draws them logically
        assert drawn[word] == list(reversed(expected))
        assert len(set(expected)) > 1 and all(g > 0 for g in expected)


def _edition(lang: str) -> Edition:
    return Edition(lang, "en", ("en", lang))


def test_a_german_word_too_long_is_hyphenated_at_a_dictionary_point():
    from pnp.draw.text import layout_text

    word = "Marktaufsichtsbehördenvertreterin"
    with editing(_edition("de")):
        lay = layout_text(word, "sans", 10, 9, 90, 200)
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
    from pnp.draw.text import layout_text

    text = "カードを1枚出して効果（カードに書かれたこと）を行い、その後カードを1枚引きます。ちょっと待ってください。"
    forbidden = set("）」』。、ゃゅょっぁぃぅぇぉャュョッァィゥェォー")
    with editing(Edition("ja", "en", ("en", "ja"), fonts={})):
        for width in range(40, 160, 7):
            lay = layout_text(text, "sans", 9, 9, width, 1000)
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
