"""Whether an edition's fonts can draw its scripts, checked once for every text it prints.

Every printed text of the edition (its translations, else the source; its rulebook; pnp's own
words in its language) is read for the characters no font of the game could draw: neither the
edition's own font (`language_fonts:`), nor the built-in faces, nor `fallback_fonts:`. A script
none of whose characters any font draws (Arabic with no Arabic font, Japanese with none) is one
warning per edition and script, at the language in `languages:`, listing each character once and
saying where a font goes, instead of a warning on every box that holds one. A few characters a
font of the script lacks are warned where they are written, as before.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from pnp.draw import fonts
from pnp.errors import Collector, Pos, display_path

_RANGES = (  # the blocks one font of a script draws together, punctuation of the script included
    ("Arabic", ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))),
    ("Hebrew", ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))),
    ("Korean", ((0xAC00, 0xD7AF), (0x1100, 0x11FF), (0x3130, 0x318F))),
    ("CJK", ((0x2E80, 0x2FDF), (0x3000, 0x30FF), (0x31F0, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
             (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF))),
)
_CJK_NAMES = {"ja": "Japanese", "zh": "Chinese", "ko": "Korean"}
FACES = ("sans", "sans-bold", "serif", "condensed")  # what layouts and the rulebook set text in


def script_of(ch: str, lang: str = "") -> str:
    """A character's script as a designer names it: Arabic, Hebrew, Korean; Japanese, Chinese or
    "Chinese, Japanese and Korean" for the CJK blocks as the edition's language reads them (kana, Han and
    their punctuation alike); else the first word of its Unicode name ("GREEK SMALL LETTER…" → Greek)."""
    code = ord(ch)
    for script, ranges in _RANGES:
        if any(low <= code <= high for low, high in ranges):
            if script == "CJK":
                return _CJK_NAMES.get(lang.split("-")[0], "Chinese, Japanese and Korean")
            return script
    try:
        first = unicodedata.name(ch).split()[0]
    except ValueError:
        return "other symbols"
    return first.capitalize() if first.isalpha() and len(first) > 2 else "other symbols"


def _drawn(own_font: str | None) -> set[int]:
    """The code points the game's own face (when it names one) and pnp's faces, with their fallbacks, draw."""
    faces: list[str] = []
    for name in ((own_font,) if own_font else ()) + FACES:
        for face in fonts.chain(name):
            if face not in faces:
                faces.append(face)
    drawn: set[int] = set()
    for face in faces:
        drawn |= fonts._codepoints(face)
    return drawn


def missing_by_script(texts: list[str], own_font: str | None, lang: str = "") -> dict[str, str]:
    """script → the characters of `texts` (each once, in order of appearance) no face can draw, for each
    script the faces draw none of (the edition lacks a font for it)."""
    drawn = _drawn(own_font)
    found: dict[str, dict[str, None]] = {}
    present: set[str] = set()  # scripts some face draws some character of
    for text in texts:
        for ch in text:
            if ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Mn", "Zs"):
                continue
            if ord(ch) in drawn:
                if not ch.isascii():
                    present.add(script_of(ch, lang))
                continue
            found.setdefault(script_of(ch, lang), {})[ch] = None
    # a script the fonts draw part of is not lacking: its few missing characters are warned at their places
    return {script: "".join(chars) for script, chars in found.items() if script not in present}


def _undrawn(texts: list[str], own_font: str | None) -> str:
    """Every character of `texts` no face can draw (each once), whatever its script."""
    drawn = _drawn(own_font)
    found: dict[str, None] = {}
    for text in texts:
        for ch in text:
            if ord(ch) not in drawn and not ch.isspace() and unicodedata.category(ch) not in ("Cc", "Cf", "Mn", "Zs"):
                found[ch] = None
    return "".join(found)


def pnp_words(edition) -> list[str]:
    """pnp's own words in the edition's language (its table, and the game's `words:` for it)."""
    from pnp.models.phrases import table, table_language

    code = table_language(edition.lang) if edition.lang != "en" else "en"
    words = dict(table(code) or {}) if code else {}
    words.update(edition.words.get(edition.lang, {}))
    out: list[str] = []
    for value in words.values():
        out.extend(value.values() if isinstance(value, dict) else [value])
    return out


def edition_texts(game_dir: Path, edition, texts: list, rules: str | None) -> list[str]:
    """What the edition prints: its texts (`pnp.models.printedtexts.collect`'s, translated or not), its
    rulebook, pnp's own words for it."""
    from pnp.models.printedtexts import ParagraphPlace
    from pnp.reading.safepath import read_game_text

    out = [t.translation or t.source for t in texts if not isinstance(t.place, ParagraphPlace)]
    if rules:
        stem, dot, ext = rules.rpartition(".")
        own = f"{stem}.{edition.lang}.{ext}" if dot and not edition.is_source else rules
        name = own if (Path(game_dir) / own).is_file() else rules
        if (Path(game_dir) / name).is_file():
            out.append(read_game_text(game_dir, name, Pos(display_path(Path(game_dir) / name)), what="rulebook")[1])
    return out + pnp_words(edition)


def warn_scripts(game_dir: Path, edition, texts: list, raw: Any, rules: str | None, errors: Collector) -> None:
    """One warning per script the edition's fonts lack, at its language in `languages:`."""
    from pnp.reading.load import LDict, locate

    own = edition.fonts.get(edition.lang) or edition.fonts.get(edition.base)
    missing = missing_by_script(edition_texts(game_dir, edition, texts, rules), own, edition.lang)
    listed = raw.get("languages") if isinstance(raw, LDict) else None
    where = locate(raw, ["languages", listed.index(edition.lang)]) \
        if isinstance(listed, list) and edition.lang in listed else getattr(raw, "pos", Pos("game.yaml"))
    game_texts = edition_texts(game_dir, edition, texts, rules)[: -len(pnp_words(edition)) or None]
    in_game = set(_undrawn(game_texts, own))
    lacking = set("".join(missing.values()))
    own_words = "".join(c for c in _undrawn(pnp_words(edition), own) if c not in in_game and c not in lacking)
    if own_words:  # pnp's words have no place in the game to warn at: they are named here, once
        shown = ", ".join(f"U+{ord(c):04X} '{c}'" for c in own_words)
        errors.warn(where, f"pnp's own {edition.lang} words hold {len(own_words)} characters the {edition.lang} "
                           f"edition's fonts lack, which would print as empty boxes: {shown} (use a font that has "
                           f"them under `language_fonts:`, or give those words under `words: {edition.lang}:`)")
    for script, chars in missing.items():
        shown = ", ".join(f"U+{ord(c):04X} '{c}'" for c in chars)
        errors.warn(where, f"the {edition.lang} edition has no font for {script}: add one under `language_fonts:` "
                           f"in game.yaml (`{edition.lang}: <a font of `fonts:` that has them>`); these "
                           f"{len(chars)} characters would print as empty boxes: {shown}"
                           f" ({NO_FONT_FOR})")


NO_FONT_FOR = "every box holding them is left out of the warnings"
