"""Generated text in each language with CLDR plural rules (babel): the component list of every kind."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel import Locale

from pnp.scaffold import create
from pnp.models.edition import Edition, editing
from pnp.models.phrases import catalogue, counted

LANGUAGES = ("en", "de", "ar", "ja")
KIND_NOUNS = ("card", "die", "token", "board", "location", "sheet")
COUNTS = (0, 1, 2, 5, 21)


def _categories(lang: str) -> set[str]:
    return set(Locale.parse(lang.replace("-", "_")).plural_form.tags) | {"other"}


@pytest.mark.parametrize("lang", sorted(catalogue()))
def test_every_counted_phrase_has_exactly_the_cldr_categories_of_its_language(lang):
    for key, forms in catalogue()[lang].items():
        if isinstance(forms, dict):
            assert set(forms) == _categories(lang), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_kind_noun_takes_the_form_of_its_cldr_category(lang):
    locale = Locale.parse(lang)
    for key in KIND_NOUNS:
        forms = catalogue()[lang][key]  # every bundled language names every kind's pieces itself
        for n in COUNTS:
            assert counted(key, n, lang=lang) == forms[locale.plural_form(n)].format(n=n)


def test_the_words_read_right():
    assert [counted("die", n, lang="en") for n in (0, 1, 2)] == ["0 dice", "1 die", "2 dice"]
    assert [counted("card", n, lang="en") for n in (1, 21)] == ["1 card", "21 cards"]
    assert counted("plain_die", 1, lang="en", sides=6).startswith("1 ordinary 6-sided die ")
    assert [counted("board", n, lang="de") for n in (1, 5)] == ["1 Spielplan", "5 Spielpläne"]
    # Arabic: the dual for 2, the plural for 3–10, the singular from 11 on
    assert [counted("card", n, lang="ar") for n in (2, 5, 21)] == ["2 بطاقتان", "5 بطاقات", "21 بطاقة"]
    assert counted("card", 1, lang="ja") == "カード1枚"


def _lines(game: Path, lang: str | None) -> list[str]:
    from pnp.game import load_game
    from pnp.rulebook.specs import component_lines

    loaded = load_game(game)
    with loaded.own_fonts():
        if lang is None:
            return component_lines(loaded)
        with editing(Edition(lang, "en", ("en", lang))):
            return component_lines(loaded)


@pytest.mark.parametrize("n", COUNTS)
def test_the_component_list_counts_every_kind_rightly(tmp_path, n):
    create("g", tmp_path)
    game = tmp_path / "g"
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    deck = re.sub(r"count: \d+", "count: 0", deck)
    deck = deck.replace("{id: five, fields", f"{{id: five, count: {n}, fields")
    (game / "deck.yaml").write_text(deck, encoding="utf-8")
    tokens = (game / "tokens.yaml").read_text(encoding="utf-8").replace("count: 8", f"count: {n}")
    (game / "tokens.yaml").write_text(tokens, encoding="utf-8")
    sheet = (game / "sheet.yaml").read_text(encoding="utf-8")
    slots = min(n, 4)
    (game / "sheet.yaml").write_text(re.sub(r"slots: \d", f"slots: {slots}", sheet), encoding="utf-8")
    english = _lines(game, None)
    assert f"**{n}** {'card' if n == 1 else 'cards'}: " in "\n".join(english)
    assert (f"**{n}** {'token' if n == 1 else 'tokens'}: Coin" in english) == (n > 0)
    if slots:
        die = "die" if slots == 1 else "dice"
        assert f"{slots} ordinary 6-sided {die} and a pencil per player (not printed)" in english
    assert not any(re.search(r"\b1 (cards|dice|locations|pieces|points)\b", line) for line in english)
    for lang in LANGUAGES[1:]:
        lines = _lines(game, lang)
        assert any(line.startswith(counted("card", n, f"**{n}**", lang=lang) + ":") for line in lines), lang
