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
    cuts = breaks(text)
    return tuple(text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)]) if b > a)


def breaks(text: str) -> list[int]:
    """Positions inside `text` (0 < i < len) where a line may break: UAX #14 (uniseg) with pnp's
    tailoring, in time linear in the text's length."""
    if not text:
        return []
    from uniseg.linebreak import line_break_boundaries

    short, where = _squeezed(text)
    cuts = [where[b] for b in line_break_boundaries(short) if 0 < b < len(short)]
    return [i for i in cuts if not _counter(text, i)]


def _squeezed(text: str) -> tuple[str, list[int]]:
    """`text` with every run of more than two combining marks (ZWJ with them) or spaces cut to its
    first and last character, and where each kept character stood.

    UAX #14 never breaks inside such a run (rule LB9 joins a mark to the one before it, LB7 keeps
    spaces together) and its rules see only a run's ends (LB9, LB10, LB8a) or "any number of
    spaces" (LB14–LB17), so the breaks are the same; uniseg looks back over the whole run at each
    character of it, which made 15,000 marks in one name take minutes."""
    from uniseg.linebreak import line_break

    kept: list[str] = []
    where: list[int] = []
    i, n = 0, len(text)
    while i < n:
        group = _run_group(line_break(text[i]).name)
        j = i + 1
        if group:
            while j < n and _run_group(line_break(text[j]).name) == group:
                j += 1
        if j - i > 2:
            kept += [text[i], text[j - 1]]
            where += [i, j - 1]
        else:
            kept += text[i:j]
            where += range(i, j)
        i = j
    where.append(n)
    return "".join(kept), where


def _run_group(cls: str) -> str | None:
    return "mark" if cls in ("CM", "ZWJ") else "space" if cls == "SP" else None


def _counter(text: str, i: int) -> bool:
    """pnp's tailoring of UAX #14: no break between a number and the Japanese or Chinese character
    after it, its counter or unit (コインを2枚 keeps 2枚 together; 3人, ２個, 10分), as JIS X 4051
    keeps a number with its unit."""
    before, after = text[i - 1], text[i]
    return _digit(before) and _han_or_kana(after)


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9" or "\uff10" <= ch <= "\uff19"


def _han_or_kana(ch: str) -> bool:
    o = ord(ch)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF \
        or 0xFF66 <= o <= 0xFF9F or 0x20000 <= o <= 0x3FFFF


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
