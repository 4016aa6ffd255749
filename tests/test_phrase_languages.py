"""pnp's own words in twelve languages, with CLDR plurals and list patterns (babel), and a game's
own words (game.yaml `words:`) winning over pnp's; a language pnp has no words in is one warning."""
from __future__ import annotations

import string
from pathlib import Path

import pypdfium2
import pytest

from pnp.errors import SpecErrors
from pnp.models.edition import Edition, editing
from pnp.models.phrases import (catalogue, counted, known_languages, listed, phrase, plural_categories,
                                table, table_language)

TWELVE = ("en", "de", "ar", "ja", "fr", "es", "it", "pt", "nl", "pl", "zh-Hans", "ko")
COUNTS = (0, 1, 2, 5, 21, 101)
# "card" at 0, 1, 2, 5, 21 and 101, written out by hand from each language's grammar (not from the
# tables): a table with a wrong form, or a category chosen wrongly, fails here.
CARDS = {
    "en": ["0 cards", "1 card", "2 cards", "5 cards", "21 cards", "101 cards"],
    "de": ["0 Karten", "1 Karte", "2 Karten", "5 Karten", "21 Karten", "101 Karten"],
    "ar": ["0 بطاقة", "1 بطاقة", "2 بطاقتان", "5 بطاقات", "21 بطاقة", "101 بطاقة"],
    "ja": ["カード0枚", "カード1枚", "カード2枚", "カード5枚", "カード21枚", "カード101枚"],
    "fr": ["0 carte", "1 carte", "2 cartes", "5 cartes", "21 cartes", "101 cartes"],
    "es": ["0 cartas", "1 carta", "2 cartas", "5 cartas", "21 cartas", "101 cartas"],
    "it": ["0 carte", "1 carta", "2 carte", "5 carte", "21 carte", "101 carte"],
    "pt": ["0 carta", "1 carta", "2 cartas", "5 cartas", "21 cartas", "101 cartas"],
    "nl": ["0 kaarten", "1 kaart", "2 kaarten", "5 kaarten", "21 kaarten", "101 kaarten"],
    "pl": ["0 kart", "1 karta", "2 karty", "5 kart", "21 kart", "101 kart"],
    "zh-Hans": ["0张卡牌", "1张卡牌", "2张卡牌", "5张卡牌", "21张卡牌", "101张卡牌"],
    "ko": ["카드 0장", "카드 1장", "카드 2장", "카드 5장", "카드 21장", "카드 101장"],
}
DICE = {  # a second noun, where the languages differ from "card"'s pattern
    "pl": ["0 kostek", "1 kostka", "2 kostki", "5 kostek", "21 kostek", "101 kostek"],
    "fr": ["0 dé", "1 dé", "2 dés", "5 dés", "21 dés", "101 dés"],
    "nl": ["0 dobbelstenen", "1 dobbelsteen", "2 dobbelstenen", "5 dobbelstenen", "21 dobbelstenen",
           "101 dobbelstenen"],
}
LISTS = {"fr": "A, B et C", "es": "A, B y C", "it": "A, B e C", "pt": "A, B e C", "nl": "A, B en C",
         "pl": "A, B i C", "zh-Hans": "A、B和C", "ko": "A, B 및 C", "de": "A, B und C", "en": "A, B, and C"}


def test_pnp_speaks_at_least_twelve_languages():
    assert set(TWELVE) <= set(known_languages()) and len(known_languages()) >= 12


@pytest.mark.parametrize("lang", TWELVE)
def test_card_counts_follow_the_languages_plural_rules(lang):
    assert [counted("card", n, lang=lang) for n in COUNTS] == CARDS[lang]
    if lang in DICE:
        assert [counted("die", n, lang=lang) for n in COUNTS] == DICE[lang]


def test_polish_few_and_the_romance_many_forms():
    assert [counted("card", n, lang="pl") for n in (3, 4, 12, 22, 24, 25)] == \
        ["3 karty", "4 karty", "12 kart", "22 karty", "24 karty", "25 kart"]
    assert counted("card", 1_000_000, number="1 000 000", lang="fr") == "1 000 000 de cartes"
    assert counted("card", 1_000_000, number="1.000.000", lang="es") == "1.000.000 de cartas"


PUNCTUATION = {"location_group", "list_comma", "version", "scenario_health", "scenario_join", "ruler_x", "ruler_y",
               "locations_all",
               "size_mm", "named_count",
               "kit_step_item",  # "{name}: {step}"
               "kit_paper_a4"}  # ISO 216's name, written "A4" in every language
SPELLED_ALIKE = {"it": {"board_scenario"}, "pl": {"badge_start"}, "fr": {"figure", "sheet_notes"},
                 "nl": {"route", "dice_tiles_set", "dice_nets_set", "badge_start", "board_scenario", "kit_paper_letter"}}


def _blanks(text: str) -> set[str]:
    return {n for _, n, _, _ in string.Formatter().parse(text) if n is not None}


@pytest.mark.parametrize("lang", TWELVE[4:])
def test_each_new_table_gives_every_word_with_the_english_blanks(lang):
    english, own = table("en"), table(lang)
    assert set(own) == set(english)
    for key, value in own.items():
        source = english[key]
        if isinstance(source, dict):
            assert isinstance(value, dict) and tuple(value) == plural_categories(lang), (lang, key)
            for form, text in value.items():
                assert _blanks(text) == _blanks(source["one" if form in ("one",) else "other"]), (lang, key, form)
        else:
            assert isinstance(value, str) and _blanks(value) == _blanks(source), (lang, key)
            # a word left in English by mistake fails, unless it is punctuation or spelled alike
            assert value != source or key in PUNCTUATION or key in SPELLED_ALIKE.get(lang, ()), (lang, key)


@pytest.mark.parametrize("lang", sorted(LISTS))
def test_lists_are_joined_by_cldr_patterns(lang):
    assert listed(["A", "B", "C"], lang=lang) == LISTS[lang]


def test_a_region_or_a_plain_code_finds_its_table():
    assert table_language("pt-BR") == "pt" and table_language("zh") == "zh-Hans"
    assert table_language("zh-CN") == "zh-Hans" and table_language("sv") is None
    with editing(Edition("pt-BR", "en", ("en", "pt-BR"))):
        assert counted("card", 1_000_000, number="1.000.000") == "1.000.000 de cartas"
        assert phrase("contents") == "Sumário"


# a game's own words: a tiny game in English, French and Swedish (pnp has no Swedish words)
GAME = """title: Tiny
players: 2-4
time: 20 min
languages: [en, fr, sv]
components: []
words:
  fr:
    players: joueuses et joueurs
    card: {one: "{n} carte à jouer", many: "{n} de cartes à jouer", other: "{n} cartes à jouer"}
  sv:
    contents: Innehåll
"""


def _tiny(tmp_path: Path, game: str = GAME) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    for name in ("rules.md", "rules.fr.md", "rules.sv.md"):
        (folder / name).write_text("# Tiny\n\nPlay.\n", encoding="utf-8")
    return folder


def test_a_games_own_word_wins_and_a_language_without_words_is_one_warning(tmp_path):
    from pnp.build import BuildOptions, build_game

    folder = _tiny(tmp_path)
    result = build_game(folder, BuildOptions(out=tmp_path / "out"))
    text = {}
    for lang in ("en", "fr", "sv"):
        pdf = pypdfium2.PdfDocument(tmp_path / "out" / "tiny" / lang / "rulebook.pdf")
        text[lang] = pdf[0].get_textpage().get_text_range()
    assert "JOUEUSES ET JOUEURS" in text["fr"] and "DURÉE" in text["fr"] and "Sommaire" in text["fr"]
    assert "PLAYERS" in text["en"] and "Contents" in text["en"]
    assert "Innehåll" in text["sv"] and "PLAYERS" in text["sv"]
    told = [w for w in result.warnings if "no words of its own" in w.message]
    assert len(told) == 1 and "sv" in told[0].message and (told[0].pos.line, told[0].pos.col) == (4, "languages: [en, fr, sv]".index("sv") + 1)
    assert "players, time, ages" in told[0].message and "contents," not in told[0].message
    from pnp.game import load_game
    from pnp.models.edition import editing as editing_

    with editing_(Edition("fr", "en", ("en", "fr", "sv"))):
        loaded = load_game(folder)
    with loaded.own_fonts():
        assert [counted("card", n) for n in (1, 2)] == ["1 carte à jouer", "2 cartes à jouer"]
        assert counted("die", 2) == "2 dés"  # pnp's own where the game gives none


@pytest.mark.parametrize("words, where, says", [
    ("  fr:\n    playrs: joueurs\n", (8, 5), "'playrs' is none of pnp's words (did you mean 'players'?)"),
    ("  fr:\n    card: {one: '{n} carte', other: '{n} cartes'}\n", (8, 11), "needs its many form"),
    ("  fr:\n    card: {one: '{n} carte', two: '{n} cartes', many: '{n} de cartes', other: '{n} cartes'}\n",
     (8, 30), "has no 'two' form"),
    ("  fr:\n    version: 'Version {version}'\n", (8, 14), "has no blank '{version}'"),
    ("  jp:\n    players: 人数\n", (7, 3), "did you mean 'ja'?"),
])
def test_a_wrong_word_is_a_located_error(tmp_path, words, where, says):
    from pnp.game import load_game

    game = GAME.split("words:\n")[0] + "words:\n" + words
    folder = _tiny(tmp_path, game)
    with pytest.raises(SpecErrors) as e:
        load_game(folder)
    hits = [x for x in e.value.errors if says in x.message]
    assert len(hits) == 1, [x.message for x in e.value.errors]
    assert (hits[0].pos.line, hits[0].pos.col) == where


def test_words_may_live_in_their_own_file(tmp_path):
    from pnp.game import load_game

    game = GAME.split("words:\n")[0] + "words: words.yaml\n"
    folder = _tiny(tmp_path, game)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game.replace("components: []\n", ""), encoding="utf-8")  # every *.yaml is a component
    (folder / "words.yaml").write_text("fr:\n  contents: Table des matières\n", encoding="utf-8")
    with editing(Edition("fr", "en", ("en", "fr", "sv"))):
        loaded = load_game(folder)
    assert loaded.components == []
    with loaded.own_fonts():
        assert phrase("contents") == "Table des matières"


def test_no_table_gives_a_word_twice():
    """YAML keeps the last of two equal keys without a word: a word written twice is a mistake found here."""
    import re

    from pnp.paths import DATA

    files = [DATA / "phrases.yaml"] + sorted((DATA / "phrases").glob("*.yaml"))
    for path in files:
        seen: dict[tuple[str, str], int] = {}
        section = ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            top = re.match(r"^([\w-]+):(.*)$", line)
            if top and path.name == "phrases.yaml" and not top.group(2).strip():
                section = top.group(1)
                continue
            key = re.match(r"^ {2}(\w+):" if path.name == "phrases.yaml" else r"^(\w+):", line)
            if key:
                assert (section, key.group(1)) not in seen, (path.name, section, key.group(1), number)
                seen[(section, key.group(1))] = number
