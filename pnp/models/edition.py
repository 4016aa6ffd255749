"""Language editions: which language a load or a build is for, and translations as data.

A game that lists `languages:` in game.yaml is built once per language (an *edition*). Its
translations sit beside the source text they translate, in the same file, under the same key
with `@` and the language: `name@de:` in YAML, a `name@de` column in a spreadsheet or CSV file.
A translator then sees the source next to the cell or key to fill in, and never touches a layout.

`localize(tree)` makes the edition's copy of a loaded YAML tree: `key@<lang>` replaces `key`
(keeping where it was written), every other `key@…` is dropped, and a translatable key without
its translation is a located warning naming the language and the key (the source text is used).
The same happens to a table's columns (`TableColumns`). With no edition active (a game with no
`languages:`) nothing here runs, so such a game loads and builds exactly as before.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import Collector, Pos

_TAGGED = re.compile(r"^(?P<key>[^@\s]+)@(?P<lang>[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)$")
LANG_CODE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
RTL_LANGUAGES = frozenset({"ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"})
CJK_LANGUAGES = frozenset({"ja", "zh", "ko"})


@dataclass
class Coverage:
    """How many translatable texts an edition translates, for `pnp validate`."""

    translated: int = 0
    total: int = 0

    def percent(self) -> float:
        return 100.0 if not self.total else 100.0 * self.translated / self.total


@dataclass
class Edition:
    """One language of a game: its code, the game's source language and all its languages."""

    lang: str
    source: str
    languages: tuple[str, ...]
    warnings: Collector | None = None  # where a missing translation is reported
    coverage: Coverage = field(default_factory=Coverage)
    fonts: dict[str, str] = field(default_factory=dict)  # language or script → font (game.yaml `language_fonts:`)
    words: dict = field(default_factory=dict)  # language → pnp's words as the game gives them (game.yaml `words:`)
    refused: bool = False  # `languages:` lists a code refused there: a key tagged with another language is not news

    @property
    def is_source(self) -> bool:
        return self.lang == self.source

    @property
    def base(self) -> str:
        """The language without its region: `pt-BR` → `pt`."""
        return re.split(r"[-_]", self.lang)[0].lower()

    @property
    def rtl(self) -> bool:
        return self.base in RTL_LANGUAGES

    @property
    def cjk(self) -> bool:
        return self.base in CJK_LANGUAGES

    def missing(self, pos: Pos, key: str) -> None:
        if self.warnings is not None:
            self.warnings.warn(pos, f"no {self.lang} translation of '{key}': the {self.source} text is used "
                                    f"(add '{key}@{self.lang}')")


_CURRENT: ContextVar[Edition | None] = ContextVar("pnp_edition", default=None)


def current() -> Edition | None:
    """The edition being loaded or built; None for a game that declares no languages."""
    return _CURRENT.get()


def language() -> str | None:
    edition = _CURRENT.get()
    return edition.lang if edition else None


def right_to_left() -> bool:
    """Whether the edition being loaded or built reads from the right (Arabic, Hebrew …): the pages'
    own lines, lists, tables and a fanned hand start on the right."""
    edition = _CURRENT.get()
    return edition is not None and edition.rtl


def loading(lang: str | None):
    """The `editing` block to load a game as its edition `lang` (None: as a game without editions):
    `load_game` makes the whole edition (fonts, direction, the other languages) from game.yaml."""
    return editing(Edition(lang, lang, (lang,)) if lang else None)


@contextmanager
def editing(edition: Edition | None) -> Iterator[Edition | None]:
    """A `with` block in which loads and drawings are for `edition` (None: no edition)."""
    token = _CURRENT.set(edition)
    try:
        yield edition
    finally:
        _CURRENT.reset(token)


def split_key(key: Any) -> tuple[str, str] | None:
    """('name', 'de') for 'name@de'; None for a key with no language."""
    if not isinstance(key, str) or "@" not in key:
        return None
    m = _TAGGED.match(key)
    return (m["key"], m["lang"]) if m else None


def needs_translation(value: Any) -> bool:
    """Text a reader reads: a string holding a letter (ids of digits, colours and sizes hold none that matter),
    or a list of such strings (`credits:`, a parameter's `says:`), translated as a whole list."""
    if isinstance(value, list):
        return any(needs_translation(v) for v in value)
    return isinstance(value, str) and any(ch.isalpha() for ch in value) and not value.startswith("#")


def _translated_hint(key: str, lang: str, tree) -> str:
    """" (did you mean 'title@de'?)" for `titel@de` beside `title:`: the key it most likely translates."""
    from pnp.errors import did_you_mean

    hint = did_you_mean(key, [k for k in tree if isinstance(k, str) and not split_key(k)])
    if not hint:
        return ""
    close = hint.split("'")[1]
    return f" (did you mean '{close}@{lang}'?)"


def _texts(value: Any) -> bool:
    """A list of texts a reader reads (a score sheet's `fields: [Player, Colour]`): translated as one value."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value) \
        and any(needs_translation(v) for v in value)


def localize(tree: Any, edition: Edition | None = None) -> Any:
    """The edition's copy of a loaded YAML tree (see the module's docstring); the tree itself when
    no edition is active or the tree holds no `@` key."""
    edition = edition or current()
    if edition is None or not _has_tagged(tree):
        return tree
    return _localize(tree, edition)


def _has_tagged(tree: Any) -> bool:
    from pnp.reading.load import LDict, LList

    if isinstance(tree, LDict):
        return any(split_key(k) for k in tree) or any(_has_tagged(v) for v in tree.values())
    if isinstance(tree, LList):
        return any(_has_tagged(v) for v in tree)
    return False


def _localize(tree: Any, edition: Edition) -> Any:
    from pnp.reading.load import LDict, LList

    if isinstance(tree, LList):
        out = LList(_localize(v, edition) for v in tree)
        out.share_positions(tree)
        return out
    if not isinstance(tree, LDict):
        return tree
    tagged: dict[str, dict[str, str]] = {}  # key → language → the tagged key
    for k in tree:
        parts = split_key(k)
        if parts:
            tagged.setdefault(parts[0], {})[parts[1]] = k
    if edition.warnings is not None:
        for key, langs in tagged.items():
            for lang, k in langs.items():
                if key not in tree:
                    edition.warnings.error(tree.key_pos[k], f"'{k}' translates '{key}', but there is no '{key}' "
                                                            f"here{_translated_hint(key, lang, tree)}")
                elif lang not in edition.languages and not edition.refused:
                    edition.warnings.error(tree.key_pos[k], f"'{k}' is in {lang}, which is not one of `languages:` "
                                                            f"({', '.join(edition.languages)})")
    out = LDict()
    out.share_positions(tree)
    out._at = {}
    for k, v in tree.items():
        if split_key(k):
            continue
        langs = tagged.get(k)
        out[k] = _localize(v, edition)
        out._at[k] = tree._at.get(k, (tree.pos, tree.pos))
        if langs is None or not (needs_translation(v) or _texts(v)):
            continue
        edition.coverage.total += 1
        if edition.is_source:
            edition.coverage.translated += 1
            continue
        chosen = langs.get(edition.lang)
        if chosen is None or tree[chosen] in (None, ""):
            edition.missing(tree.key_pos[k], k)
            continue
        edition.coverage.translated += 1
        out[k] = _localize(tree[chosen], edition)
        out._at[k] = tree._at[chosen]
    return out


class TableColumns:
    """A table's `field@lang` columns for one edition: which column each field's text is read from.

    `columns(names)` gives the names the rest of the table reading sees (a translation column is
    nameless, so it is never a field of its own); `pick(cells, pos_of)` puts each translated
    cell in its field's place, warning at the empty translation cell of a text the source has."""

    def __init__(self, names: list[str | None], edition: Edition):
        self.edition = edition
        index = {n: i for i, n in enumerate(names) if n is not None}
        self.pairs: list[tuple[str, int, int | None]] = []  # field, source column, this edition's column
        for i, n in enumerate(names):
            parts = split_key(n)
            if parts and parts[0] in index:
                key = parts[0]
                if not any(p[0] == key for p in self.pairs):
                    wanted = index.get(f"{key}@{edition.lang}")
                    self.pairs.append((key, index[key], wanted))
        self.names = [None if split_key(n) else n for n in names]
        self.problems: list[tuple[int, str]] = []  # (column, what is wrong with its header)
        for i, n in enumerate(names):
            parts = split_key(n)
            if parts and parts[0] not in index:
                self.problems.append((i, f"column '{n}' translates '{parts[0]}', but the table has no "
                                         f"'{parts[0]}' column{_translated_hint(parts[0], parts[1], index)}"))
            elif parts and parts[1] not in edition.languages and not edition.refused:
                self.problems.append((i, f"column '{n}' is in {parts[1]}, which is not one of `languages:` "
                                         f"({', '.join(edition.languages)})"))

    def pick(self, cells: list, pos_of, errors: Collector | None, read_from: list[int] | None = None) -> list:
        """The row's cells with each translated text in its field's column; `read_from[i]`, when given,
        becomes the column field i's text was read from (so a warning about it points at that cell)."""
        if not self.pairs:
            return cells
        cells = list(cells)
        for key, src, col in self.pairs:
            value = cells[src]
            if not needs_translation(value):
                continue
            counted = errors is not None  # a row made again later (a large deck) was counted the first time
            self.edition.coverage.total += counted
            if self.edition.is_source:
                self.edition.coverage.translated += counted
            elif col is not None and cells[col] not in (None, ""):
                cells[src] = cells[col]
                if read_from is not None:
                    read_from[src] = col
                self.edition.coverage.translated += counted
            elif errors is not None:
                errors.warn(pos_of(col if col is not None else src),
                            f"no {self.edition.lang} translation of '{key}': the {self.edition.source} text "
                            f"is used (fill the '{key}@{self.edition.lang}' column)")
        return cells


def declared_languages(raw: Any) -> tuple[tuple[str, ...], str | None]:
    """(languages, source language) as game.yaml lists them, read before validation (a build asks
    which editions to make before loading the game); ((), None) when it lists none."""
    from pnp.reading.load import LDict

    if not isinstance(raw, LDict):
        return (), None
    from pnp.models.langcodes import CodeError, check

    listed = raw.get("languages")
    if not isinstance(listed, list):
        return (), None
    langs: list[str] = []
    for code in listed:  # a code CLDR does not know, or a repeat, is an error of game.yaml (pnp.models.game):
        try:             # no edition is made of it, and the others still read their `@` keys
            if check(code).lower() not in (x.lower() for x in langs):
                langs.append(code)
        except CodeError:
            continue
    if not langs:
        return (), None
    source = raw.get("source_language", langs[0])
    return tuple(langs), source if source in langs else langs[0]


def enter(edition: Edition | None):
    """Make `edition` current until `leave(token)` (for a function that learns its edition half-way)."""
    return _CURRENT.set(edition)


def leave(token) -> None:
    _CURRENT.reset(token)


def edition_for(raw: Any, errors: Collector) -> Edition | None:
    """The edition a game.yaml's load is for: the one asked for (`editing`), else the source
    language's, for a game that lists languages; None for a game that lists none."""
    langs, source = declared_languages(raw)
    asked = current()
    if not langs:
        return None
    if asked is not None and asked.lang in langs:
        edition = Edition(asked.lang, source, langs, errors)
    else:
        edition = Edition(source, source, langs, errors)
    listed = raw.get("languages")
    edition.refused = isinstance(listed, list) and len(listed) != len(langs)
    edition.fonts = {k: v for k, v in (raw.get("language_fonts") or {}).items() if isinstance(v, str)} \
        if isinstance(raw.get("language_fonts"), dict) else {}
    return edition


def in_edition(found, lang: str, source: str | None = None, common=frozenset()) -> list:
    """Errors or warnings of one edition's build, each naming the edition (an overflow that only the
    German text has says so), except those that already name the language, and those that are not the
    edition's: every one of the source edition (`source`: the game as written), and any of another
    edition that the source edition has too (`common`: its (pos, message) pairs)."""
    from pnp.errors import SpecError

    found = _without_boxes_a_script_warning_names(found)
    if lang == source:
        return found
    return [e if f"no {lang} " in e.message or (e.pos, e.message) in common
            else SpecError(e.pos, f"{lang} edition: {e.message}") for e in found]


_CODE = re.compile(r"U\+([0-9A-F]{4,6})")


def _without_boxes_a_script_warning_names(found: list) -> list:
    """The edition's warnings without those of one box or unit lacking glyphs that an edition-wide
    warning of a missing script (`pnp.draw.scriptcoverage`) already lists, character by character."""
    named = {c for e in found if "edition has no font for" in e.message for c in _CODE.findall(e.message)}
    if not named:
        return list(found)
    return [e for e in found if "has no glyph for" not in e.message or not set(_CODE.findall(e.message)) <= named]
