"""The words pnp writes itself, in the edition's language, with CLDR plural rules (babel).

`counted("card", 7)` is "7 cards" in English, "7 Karten" in German, "7 بطاقات" in Arabic,
"カード7枚" in Japanese: the form is the one for the CLDR plural category of the number in that
language (`babel.Locale.plural_form`). The phrases are data (`pnp/data/phrases.yaml`); one a
language lacks is taken from English. Outside a language edition the language is English and
babel is not imported (English has two categories: one for exactly 1, other for the rest).
"""
from __future__ import annotations

from functools import lru_cache

from pnp.paths import data_yaml
from pnp.models.edition import current as current_edition

SOURCE = "en"


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, object]]:
    return data_yaml("phrases.yaml")


def language() -> str:
    edition = current_edition()
    return edition.base if edition is not None else SOURCE


@lru_cache(maxsize=64)
def category(n: int, lang: str) -> str:
    """The CLDR plural category of `n` in `lang` (zero, one, two, few, many, other)."""
    if lang == SOURCE:
        return "one" if n == 1 else "other"
    from babel import Locale

    return Locale.parse(lang).plural_form(n)


def _entry(key: str, lang: str):
    table = catalogue()
    found = table.get(lang, {}).get(key)
    if found is None:
        return table[SOURCE][key], SOURCE
    return found, lang


def counted(key: str, n: int, number: str | None = None, lang: str | None = None, **values) -> str:
    """The phrase `key` for `n` things, `{n}` written as `number` (default: `n` itself)."""
    forms, lang = _entry(key, lang or language())
    form = forms[category(n, lang)] if isinstance(forms, dict) else forms
    return form.format(n=number if number is not None else n, **values)


def phrase(key: str, lang: str | None = None) -> str:
    """A phrase without a number."""
    return _entry(key, lang or language())[0]


def times(n: int, name: str, number: str | None = None) -> str:
    """A thing the designer named, counted without inflecting the name: "6 × Gem"."""
    return f"{number if number is not None else n} × {name}"


def listed(items: list[str], lang: str | None = None) -> str:
    """Items joined as the language lists them ("A, B, and C", "A, B und C", "A、B、C"): CLDR's list
    patterns through babel, English's written here so a game without languages never imports babel."""
    lang = lang or language()
    if lang not in catalogue():
        lang = SOURCE  # the phrases around the list are English too
    if lang == SOURCE or len(items) < 2:
        return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + ", and " + items[-1]
    from babel.lists import format_list

    return format_list(items, locale=lang)
