"""How a player reads numbers, in each edition's language: number words, ranges, bounds and count phrases.

The referee reads every text of every edition (`rules.de.md`, `text@de`, `says@de`), so a number phrase
cannot be English only. This module gives the text checks (`pnp.referee.text`, `pnp.referee.counts`)
one `Wording` per loaded game: the languages it reads (the edition's, the source's, and English, which
an untranslated text keeps), a regular expression for one number in any of them — digits in any script,
or words — and the phrase table of those languages (`pnp/data/referee/words.yaml`, extended by the
game's `referee: {phrases: …}` in game.yaml).

Number words are spelled by num2words (CLDR-style spelling for some fifty languages) from 0 to 1,000,
so "twenty-one", "einundzwanzig" and "quatre-vingt-dix-sept" are each one number, never their last
word; the table adds what spelling does not make ("eine", "a dozen").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

SPELLED_UP_TO = 1000          # number words spelled for each language: 0 … this
TABLE_KEYS = ("numbers", "cards", "deck", "whole", "range", "at_least", "at_most", "or_more", "or_less", "parts",
              "dice", "example", "variant", "not_fit", "players", "minutes")
_DIGITS = r"\d+(?:\.\d+)?"
# One number as a phrase pattern matches it: digits in any script, or a run of up to seven words (a
# compound number word: "one hundred and ninety-nine", "quatre-vingt-dix-sept"), which `Wording.read`
# then reads — from its longest tail that is a number word, so "the first twenty-one" reads 21.
NUMBER = r"(?:\d+\.\d+|\w+(?:[\s\u00a0\u2011-]+\w+){0,6})"


_WORD_START = re.compile(r"(?<![^\W_])[^\W_]")
_WORD_END = re.compile(r"[^\W_](?![^\W_])")


def _normal(words: str) -> str:
    """A number word as looked up: lower case, hyphens and runs of spaces as one space."""
    return " ".join(words.lower().replace("-", " ").replace("\u2011", " ").split())


@lru_cache(maxsize=None)
def table() -> dict[str, dict[str, Any]]:
    """pnp's own phrase table, by language (read as pnp reads all its data: `pnp.paths.data_yaml`)."""
    from pnp.paths import data_yaml

    return data_yaml("referee/words.yaml")


@lru_cache(maxsize=None)
def spelled(lang: str) -> dict[str, int]:
    """Every number word of LANG from 0 to SPELLED_UP_TO, normalised (`_normal`) → its value; {} for a
    language num2words does not spell."""
    try:
        from num2words import num2words
        num2words(1, lang=lang)
    except (ImportError, NotImplementedError, OverflowError, KeyError, ValueError):
        return {}
    out: dict[str, int] = {}
    for n in range(SPELLED_UP_TO + 1):
        try:
            word = _normal(num2words(n, lang=lang))
        except Exception:  # noqa: BLE001 — a converter without a form for n: that number is read as digits
            continue
        out.setdefault(word, n)
        if lang == "en" and " and " in word:
            out.setdefault(word.replace(" and ", " "), n)      # "one hundred one" as well as "one hundred and one"
        if lang == "de" and word.startswith("ein") and ("hundert" in word[:10] or "tausend" in word[:10]):
            out.setdefault(word[3:], n)                         # "hundertzwei" as well as "einhundertzwei"
    return out


@dataclass(frozen=True)
class Wording:
    """The number words and phrase table of the languages one edition's texts are read in."""

    langs: tuple[str, ...]
    numbers: dict[str, int]            # normalised number word → value
    words: dict[str, tuple[str, ...]]  # table key → its entries in every language read (the game's first)

    def read(self, text: str, tail: bool = True, head: bool = False) -> tuple[int, int, float] | None:
        """(start, end, value) of the number in TEXT, a match of `NUMBER`: TEXT whole, or with TAIL its
        longest tail that is a number ("the first twenty-one" → 21, when the phrase starts at the number),
        with HEAD its longest head ("20 or more" → 20, when the phrase ends at it); None if none is."""
        starts = [m.start() for m in _WORD_START.finditer(text)] if tail else [0]
        ends = sorted({m.end() for m in _WORD_END.finditer(text)}, reverse=True) if head else [len(text)]
        for s in starts:
            for e in ends:
                if e > s and (got := self.value(text[s:e])) is not None:
                    return s, e, got
        return None

    def value(self, text: str) -> float | None:
        """The number TEXT says ("21", "twenty-one", "einundzwanzig", "٢١"), or None."""
        clean = text.strip("*_ ")
        if re.fullmatch(_DIGITS, clean):
            try:
                return float(clean.replace(",", "."))
            except ValueError:
                return None
        found = self.numbers.get(_normal(clean))
        return None if found is None else float(found)

    def alternation(self, key: str) -> str:
        """The entries of table KEY as one regex alternation, longest first (spaces match any run of spaces)."""
        entries = sorted(set(self.words.get(key, ())), key=len, reverse=True)
        return "|".join(r"[\s\u00a0]+".join(re.escape(p) for p in e.split()) for e in entries if e.strip())


def reading_languages(game) -> tuple[str, ...]:
    """The languages a loaded game's texts are read in: its edition's, its source language, English."""
    edition = getattr(game, "edition", None)
    langs = []
    if edition is not None:
        langs += [edition.base, re.split(r"[-_]", edition.source)[0].lower()]
    langs.append("en")
    return tuple(dict.fromkeys(langs))


def wording(game) -> Wording:
    """The game's `Wording`, made once per loaded game (its edition's languages, its own phrases)."""
    cache = vars(game).setdefault("_wording", {})
    if "w" not in cache:
        cache["w"] = make_wording(reading_languages(game), game_phrases(game))
    return cache["w"]


def game_phrases(game) -> dict[str, dict[str, Any]]:
    """The game's own additions to the phrase table: `referee: {phrases: {<lang>: {key: [...]}}}` in game.yaml."""
    referee = getattr(getattr(game, "game", None), "referee", None)
    phrases = getattr(referee, "phrases", None) or {}
    return {lang: dict(v) for lang, v in phrases.items()}


def make_wording(langs: tuple[str, ...], extra: dict[str, dict[str, Any]] | None = None) -> Wording:
    return _make(langs, _frozen(extra or {}))


def _frozen(extra: dict) -> tuple:
    return tuple(sorted((lang, tuple(sorted((k, tuple(sorted(v.items())) if isinstance(v, dict) else tuple(v))
                                          for k, v in d.items()))) for lang, d in extra.items()))


@lru_cache(maxsize=32)
def _make(langs: tuple[str, ...], extra: tuple) -> Wording:
    added = {lang: {k: (dict(v) if k == "numbers" else list(v)) for k, v in d} for lang, d in extra}
    numbers: dict[str, int] = {}
    words: dict[str, list[str]] = {k: [] for k in TABLE_KEYS if k != "numbers"}
    for lang in langs:
        own = table().get(lang, {})
        mine = added.get(lang, {})
        for source in (mine, own):
            for word, n in (source.get("numbers") or {}).items():
                numbers.setdefault(_normal(str(word)), int(n))
            for key in words:
                words[key] += [str(w) for w in source.get(key) or ()]
        for word, n in spelled(lang).items():
            numbers.setdefault(word, n)
    return Wording(langs, numbers, {k: tuple(dict.fromkeys(v)) for k, v in words.items()})
