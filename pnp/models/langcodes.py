"""Language codes as a game writes them (`languages:`, `key@lang`, `--lang`): BCP 47 tags that CLDR knows.

A code names a folder, a PDF's `/Lang` and the column a translator fills, so a typo must stop the
build at the place it was written rather than make an edition of English words tagged `jp`. A code
is checked against CLDR's locales through babel; one CLDR does not know gets a suggestion: the
official language of a country written in its place (`jp` → `ja`, `cn` → `zh`), a language written
by its English name (`German` → `de`), the language alone when its region is unknown (`en-XX` →
`en`), CLDR's spelling when only the letter case or `_` differs (`pt-br` → `pt-BR`). Codes are
compared ignoring case when a list is checked for repeats, as BCP 47 compares them.
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

MAX_LENGTH = 35  # BCP 47 advises that tags up to 35 characters be supported; longer is a mistake here
_SHAPE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$")


class CodeError(ValueError):
    """A language code CLDR does not know, with what to write instead when one is near."""

    def __init__(self, message: str, suggestion: str | None = None):
        super().__init__(message + (f" (did you mean '{suggestion}'?)" if suggestion else ""))
        self.suggestion = suggestion


def canonical(code: str) -> str:
    """The code as CLDR spells it (`pt-br` → `pt-BR`, `zh-hans` → `zh-Hans`); CodeError when it is no
    language CLDR knows, or is too long."""
    return _canonical(code) if isinstance(code, str) else _refuse(code)


def _refuse(code) -> str:
    raise CodeError(f"a language is a code such as en, de, ar, ja or pt-BR, not '{code}'")


@lru_cache(maxsize=256)
def _canonical(code: str) -> str:
    if len(code) > MAX_LENGTH:
        raise CodeError(f"a language code has at most {MAX_LENGTH} characters (this one has {len(code):,})")
    if not _SHAPE.match(code):
        raise CodeError(f"a language is a code such as en, de, ar, ja or pt-BR, not '{code}'",
                        _by_name(code))
    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(code.replace("_", "-"), sep="-")
    except (UnknownLocaleError, ValueError):
        raise CodeError(f"'{code}' is not a language CLDR knows", _suggest(code)) from None
    written = re.split(r"[-_]", code)[0].lower()
    spelled = "-".join(p for p in (locale.language, locale.script, locale.territory, locale.variant) if p)
    if locale.language != written or written == "und":  # an old alias (iw → he) or `und`, which babel reads as English
        raise CodeError(f"'{code}' is not a language code to write", locale.language if written != "und" else None)
    return spelled


def check(code) -> str:
    """`code` itself when CLDR knows it as written; CodeError (with a suggestion) otherwise."""
    spelled = canonical(code)
    if spelled != code:
        raise CodeError("a language code is written as CLDR spells it", spelled)
    return code


def suggestion(code: str) -> str | None:
    """What to write instead of `code`, when one is near; None when `code` is fine or nothing is."""
    try:
        spelled = canonical(code)
    except CodeError as e:
        return e.suggestion
    return None if spelled == code else spelled


def _suggest(code: str) -> str | None:
    from babel import Locale, UnknownLocaleError
    from babel.languages import get_official_languages

    parts = re.split(r"[-_]", code)
    if len(parts) > 1:
        try:
            return _canonical(parts[0])  # the language is known, its region or script is not
        except CodeError:
            pass
    official = get_official_languages(parts[0].upper())  # a country's code written for its language: jp, cn, gr
    if official:
        return official[0]
    named = _by_name(code)
    if named:
        return named
    try:
        Locale.parse(parts[0].lower())
    except (UnknownLocaleError, ValueError):
        close = difflib.get_close_matches(parts[0].lower(), _languages(), n=1, cutoff=0.75)
        return close[0] if close else None
    return None


def _by_name(text: str) -> str | None:
    """The code of a language written by its English name: 'German' → 'de'."""
    wanted = text.strip().lower()
    return _names().get(wanted)


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    from babel import Locale

    known = set(_languages())
    return {name.lower(): code for code, name in Locale("en").languages.items() if code in known}


@lru_cache(maxsize=1)
def _languages() -> tuple[str, ...]:
    from babel.localedata import locale_identifiers

    return tuple(sorted(i for i in locale_identifiers() if "_" not in i and i != "root"))


def repeats(codes: list) -> list[tuple[int, int]]:
    """(index, index of its first appearance) for each code that repeats an earlier one, ignoring case
    and `_` against `-`: `[en, pt-BR, pt-br]` → [(2, 1)]."""
    first: dict[str, int] = {}
    found = []
    for i, code in enumerate(codes):
        if not isinstance(code, str):
            continue
        key = code.replace("_", "-").lower()
        if key in first:
            found.append((i, first[key]))
        else:
            first[key] = i
    return found
