"""Where a line may break: UAX #14 (uniseg) for every script, hyphenation by language (pyphen).

uniseg implements the Unicode line breaking algorithm, which already holds the Japanese and
Chinese kinsoku rules the standard encodes: a break between ideographs and kana, none before a
closing bracket (CL, CP), a full stop or comma (。、 are CL), a small kana (CJ, resolved as NS by
rule LB1) or the prolonged sound mark ー, none after an opening bracket (OP). A word too long for
its box is cut at a point pyphen's dictionary for the edition's language allows, with a hyphen.
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1024)
def units(text: str) -> tuple[str, ...]:
    """`text` cut at every line break opportunity; each piece keeps its trailing spaces.

    Remembered: fitting a text to its box breaks it again at each size tried, and uniseg's
    rules, written in Python, were a third of an edition's build time."""
    from uniseg.linebreak import line_break_units

    return tuple(line_break_units(text))


@lru_cache(maxsize=16)
def _dictionary_name(language: str) -> str | None:
    """The name of pyphen's dictionary for `language`, without reading it."""
    import pyphen

    return pyphen.language_fallback(language.replace("-", "_"))


@lru_cache(maxsize=16)
def _dictionary(language: str):
    """Read only when a word is cut: reading one takes a third of a second."""
    import pyphen

    found = _dictionary_name(language)
    return pyphen.Pyphen(lang=found, left=2, right=2) if found else None


def hyphen_points(word: str, language: str) -> list[int]:
    """Positions inside `word` where the language's dictionary allows a hyphen (none without one)."""
    dic = _dictionary(language)
    return list(dic.positions(word)) if dic is not None else []


def can_hyphenate(language: str) -> bool:
    return _dictionary_name(language) is not None
