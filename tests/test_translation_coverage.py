"""Coverage counts every printed text: a deck no language translates is not "100 % translated", and
each of its texts left in the source language is one located warning per edition."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from editionstarter import cards_only

from pnp.game import load_game
from pnp.models.edition import Edition, editing
from pnp.scaffold import create


@pytest.fixture(scope="module")
def untranslated_deck(tmp_path_factory) -> Path:
    """The editions starter (cards and rules) with its card table stripped of every translation column."""
    base = tmp_path_factory.mktemp("coverage")
    game = cards_only(base)
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    assert "\ncredits:" not in spec
    spec += "credits: [Set with pnp, Rules by you]\ncredits@de: [Gesetzt mit pnp, Regeln von dir]\n"
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    rows = list(csv.reader(io.StringIO((game / "cards.csv").read_text(encoding="utf-8"), newline="")))
    keep = [i for i, h in enumerate(rows[0]) if "@" not in h]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[r[i] for i in keep] for r in rows])
    (game / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    return game


def _starts(line: str) -> list[int]:
    """Where each cell of a CSV line starts (0-based), a comma inside quotes being the cell's own."""
    starts, quoted = [0], False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            starts.append(i + 1)
    return starts


def _load(game: Path, lang: str):
    with editing(Edition(lang, "en", ("en", "de", "ar", "ja"))):
        return load_game(game)


def test_a_deck_no_language_translates_is_counted_and_warned_cell_by_cell(untranslated_deck):
    loaded = _load(untranslated_deck, "de")
    told = [w for w in loaded.errors.warnings if w.message.startswith("no de translation of")]
    cells = [w for w in told if w.pos.path.endswith("cards.csv")]
    lines = (untranslated_deck / "cards.csv").read_text(encoding="utf-8").splitlines()
    header, rows = lines[0].split(","), len(lines) - 1
    assert rows == 6 and len(cells) == 2 * rows  # six rows of cards, each a name and a text
    assert {(w.pos.line, w.pos.col) for w in cells} == {(row, _starts(lines[row - 1])[header.index(col)] + 1)
                                                        for row in range(2, rows + 2) for col in ("name", "text")}
    assert all("fill a 'name@de' column" in w.message or "fill a 'text@de' column" in w.message for w in cells)
    assert len({(w.pos.path, w.pos.line, w.pos.col) for w in told}) == len(told)  # one warning a text
    coverage = loaded.edition.coverage
    assert coverage.total - coverage.translated == len(told) + (0 if (untranslated_deck / "rules.de.md").exists() else 1)
    assert coverage.percent() < 80
    source = _load(untranslated_deck, "en").edition.coverage
    assert source.translated == source.total and source.total >= 12


def test_credits_translate_as_a_list(untranslated_deck):
    assert _load(untranslated_deck, "de").game.credits == ["Gesetzt mit pnp", "Regeln von dir"]
    assert _load(untranslated_deck, "en").game.credits == ["Set with pnp", "Rules by you"]


def test_an_edition_whose_fonts_lack_its_script_is_one_warning_listing_each_character_once(untranslated_deck, tmp_path):
    import re
    import shutil

    from pnp.build import BuildOptions
    from pnp.validate_game import validate_game

    game = tmp_path / "lantern"
    shutil.copytree(untranslated_deck, game)
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    spec = re.sub(r"(?m)^fallback_fonts:.*$", "fallback_fonts: []", spec)
    spec = re.sub(r"(?ms)^language_fonts:.*?(?=^\S)", "language_fonts: {ar: Noto Arabic}\n", spec)
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    warnings = validate_game(game, BuildOptions(lang="ja"))
    script = [w for w in warnings if "has no font for" in w.message]
    assert len(script) == 1, [w.message for w in warnings]
    said = script[0].message
    assert "the ja edition has no font for Japanese: add one under `language_fonts:`" in said
    line = next(i for i, text in enumerate(spec.splitlines(), 1) if text.startswith("languages:"))
    assert (script[0].pos.line, script[0].pos.col) == (line, spec.splitlines()[line - 1].index("ja") + 1)
    listed = re.findall(r"U\+([0-9A-F]{4,6}) '", said)
    assert len(listed) == len(set(listed)) > 100  # each character once
    for ch in "目次人数イラスト":  # pnp's own words in Japanese are checked too (the contents, the title page, a caption)
        assert f"U+{ord(ch):04X}" in said, ch
    rules_ja = (game / "rules.ja.md").read_text(encoding="utf-8")
    assert all(f"U+{ord(ch):04X}" in said for ch in set(rules_ja) if 0x3040 <= ord(ch) <= 0x30FF)
    assert not [w for w in warnings if "has no glyph for" in w.message]  # no box repeats it


def test_an_id_printed_for_want_of_a_name_is_warned_at_it_in_each_other_edition(tmp_path):
    create("ids", tmp_path)  # the default starter: its board's space types mostly have no name
    game = tmp_path / "ids"
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(spec.replace("\ntitle:", "\nlanguages: [en, fr]\ntitle:", 1), encoding="utf-8")
    board = (game / "board.yaml").read_text(encoding="utf-8").splitlines()
    start = next(j for j, text in enumerate(board, 1) if text.startswith("spaces:"))
    end = next(j for j, text in enumerate(board, 1) if j > start and text[:1].isalpha())  # the next top-level key
    unnamed = {line.split(":")[0].strip(): i for i, line in enumerate(board, 1)
               if start < i < end and line.startswith("  ") and ": {" in line and "name:" not in line
               and "footprint: true" not in line}  # a footprint is not in the key
    assert {"road", "woods", "water"} <= set(unnamed) and "door" not in unnamed
    with editing(Edition("fr", "en", ("en", "fr"))):
        loaded = load_game(game)
    told = {w.message.split("'")[1]: w.pos for w in loaded.errors.warnings if "no fr name for space type" in w.message}
    assert {k: (p.line, p.col) for k, p in told.items()} == {k: (line, 3) for k, line in unnamed.items()}
    with editing(Edition("en", "en", ("en", "fr"))):
        assert not [w for w in load_game(game).errors.warnings if "name for" in w.message]  # the source edition prints them as written


def test_a_decks_kind_values_without_labels_are_warned_at_its_choices(tmp_path):
    import shutil

    from pnp.paths import EXAMPLES

    game = tmp_path / "blorg"
    shutil.copytree(EXAMPLES / "blorg", game, ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(spec.replace("\ntitle:", "\nlanguages: [en, fr]\ntitle:", 1), encoding="utf-8")

    def kinds_told() -> list:
        with editing(Edition("fr", "en", ("en", "fr"))):
            return [w for w in load_game(game).errors.warnings if "card kind" in w.message]

    assert kinds_told() == []  # blorg names its kinds (labels:), which are translated like any text
    cards = (game / "cards.yaml").read_text(encoding="utf-8")
    labelled = next(line for line in cards.splitlines() if line.strip().startswith("labels:"))
    cards = cards.replace(labelled + "\n", "")
    (game / "cards.yaml").write_text(cards, encoding="utf-8")
    choices = next((i, line) for i, line in enumerate(cards.splitlines(), 1) if line.strip().startswith("choices:"))
    told = kinds_told()
    assert [(w.pos.line, w.pos.col) for w in told] == [(choices[0], choices[1].index(word) + 1)
                                                       for word in ("location", "item")]
    assert "give the field `labels: {item: …}` and `item@fr:`" in told[1].message


def test_pnp_words_a_font_lacks_are_named_once_at_the_edition(untranslated_deck, tmp_path):
    import shutil

    game = tmp_path / "lantern"
    shutil.copytree(untranslated_deck, game)
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(spec + "words:\n  ja:\n    contents: 龘次\n", encoding="utf-8")  # 龘: not in the cut font
    told = [w for w in _load(game, "ja").errors.warnings if "pnp's own ja words" in w.message]
    assert len(told) == 1 and "U+9F98 '龘'" in told[0].message and "U+6B21" not in told[0].message
    line = next(i for i, text in enumerate(spec.splitlines(), 1) if text.startswith("languages:"))
    assert told[0].pos.line == line
    assert not [w for w in _load(untranslated_deck, "ja").errors.warnings if "pnp's own" in w.message]
