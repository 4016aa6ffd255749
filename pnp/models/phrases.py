"""The words pnp writes itself, in the edition's language, with CLDR plural rules (babel).

`counted("card", 7)` is "7 cards" in English, "7 Karten" in German, "7 بطاقات" in Arabic,
"カード7枚" in Japanese: the form is the one for the CLDR plural category of the number in that
language (`babel.Locale.plural_form`). The phrases are data: `pnp/data/phrases.yaml` (en, de, ar,
ja) and one file a language in `pnp/data/phrases/` (fr, es, it, pt, nl, pl, zh-Hans, ko), read only
when an edition asks. A game's own `words:` (game.yaml) win over them; a phrase nobody gives in a
language is taken from English. Outside a language edition the language is English and
babel is not imported (English has two categories: one for exactly 1, other for the rest).
"""
from __future__ import annotations

from functools import lru_cache

from pnp.paths import data_yaml
from pnp.models.edition import current as current_edition

SOURCE = "en"
DATA_FOLDER = "phrases"  # pnp/data/phrases/<code>.yaml: one table per language beyond those in phrases.yaml


@lru_cache(maxsize=1)
def _first_tables() -> dict[str, dict[str, object]]:
    return data_yaml("phrases.yaml")


@lru_cache(maxsize=1)
def known_languages() -> tuple[str, ...]:
    """Every language pnp has a table of words for."""
    from pnp.paths import DATA

    more = sorted(p.stem for p in (DATA / DATA_FOLDER).glob("*.yaml"))
    return tuple(_first_tables()) + tuple(more)


@lru_cache(maxsize=32)
def table(code: str) -> dict[str, object] | None:
    """pnp's own words in `code` (a key of `known_languages()`), read only when an edition asks."""
    first = _first_tables()
    if code in first:
        return first[code]
    if code not in known_languages():
        return None
    return data_yaml(f"{DATA_FOLDER}/{code}.yaml")


def catalogue() -> dict[str, dict[str, object]]:
    """Every table, by language (the tests read them all; a build reads only its edition's, `table`)."""
    return {code: table(code) for code in known_languages()}


@lru_cache(maxsize=64)
def table_language(lang: str) -> str | None:
    """The table that serves `lang`: its own, else its script's (`zh`, `zh-CN` → `zh-Hans`, by CLDR's
    likely subtags), else its language's (`pt-BR` → `pt`); None when pnp has none."""
    if lang in known_languages():
        return lang
    parts = lang.replace("_", "-").split("-")
    base = parts[0].lower()
    if lang != SOURCE and base != SOURCE:
        from babel.core import get_global

        likely = get_global("likely_subtags").get(lang.replace("-", "_")) or get_global("likely_subtags").get(base)
        if likely:
            script = [p for p in likely.split("_")[1:] if len(p) == 4]
            if script and f"{base}-{script[0]}" in known_languages():
                return f"{base}-{script[0]}"
    return base if base in known_languages() else None


def language() -> str:
    edition = current_edition()
    return edition.lang if edition is not None else SOURCE


@lru_cache(maxsize=64)
def category(n: int, lang: str) -> str:
    """The CLDR plural category of `n` in `lang` (zero, one, two, few, many, other)."""
    if lang == SOURCE:
        return "one" if n == 1 else "other"
    from babel import Locale

    return Locale.parse(lang.replace("-", "_")).plural_form(n)


@lru_cache(maxsize=64)
def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of `lang`, in CLDR's order (`other` last)."""
    if lang == SOURCE:
        return ("one", "other")
    from babel import Locale

    tags = Locale.parse(lang.replace("-", "_")).plural_form.tags
    return tuple(c for c in ("zero", "one", "two", "few", "many") if c in tags) + ("other",)


def _game_words(lang: str) -> dict:
    """The words the game being built gives for `lang` (game.yaml `words:`), which win over pnp's."""
    edition = current_edition()
    words = getattr(edition, "words", None) or {}
    return words.get(lang) or {}


def _entry(key: str, lang: str):
    """(the phrase `key` for `lang`, the language whose plural rules it follows)."""
    own = _game_words(lang)
    if key in own:
        return own[key], lang
    code = table_language(lang) if lang != SOURCE else SOURCE
    found = table(code).get(key) if code is not None else None
    if found is None:
        english = _game_words(SOURCE)
        return (english[key] if key in english else table(SOURCE)[key]), SOURCE
    return found, lang


def untranslated(lang: str, own: dict | None = None) -> list[str]:
    """pnp's words that print in English in an edition in `lang`: none when pnp has a table for it,
    else every word the game's own `words:` for it (`own`) does not give."""
    if lang == SOURCE or table_language(lang) is not None:
        return []
    return [k for k in table(SOURCE) if k not in (own or {})]


def counted(key: str, n: int, number: str | None = None, lang: str | None = None, **values) -> str:
    """The phrase `key` for `n` things, `{n}` written as `number` (default: `n` itself)."""
    forms, lang = _entry(key, lang or language())
    form = forms[category(n, lang)] if isinstance(forms, dict) else forms
    return form.format(n=number if number is not None else n, **values)


def phrase(key: str, lang: str | None = None) -> str:
    """A phrase without a number."""
    return _entry(key, lang or language())[0]


def times(n: int, name: str, number: str | None = None) -> str:
    """A thing the designer named, counted without inflecting the name ("6 Gem", 「Gem6個」): pnp cannot
    know the plural of a word it did not write."""
    return phrase("named_count").format(n=number if number is not None else n, name=name)


def listed(items: list[str], lang: str | None = None) -> str:
    """Items joined as the language lists them ("A, B, and C", "A, B und C", "A、B、C"): CLDR's list
    patterns through babel, English's written here so a game without languages never imports babel."""
    lang = lang or language()
    if lang != SOURCE and table_language(lang) is None and not _game_words(lang):
        lang = SOURCE  # the phrases around the list are English too
    if lang == SOURCE or len(items) < 2:
        return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + ", and " + items[-1]
    from babel.lists import format_list

    return format_list(items, locale=lang.replace("-", "_"))
