"""A game's own versions of pnp's words (game.yaml `words:`), for any language.

pnp prints words of its own (PLAYERS, Contents, "62 cards", the dice pages' notes) from its tables
(`pnp.models.phrases`). A game may give any of them for any language, inline or in a file of the
game folder named there:

    words:                       # or `words: words.yaml`, a file holding the same mapping
      fr:
        players: "joueurs"
        card: {one: "{n} carte", many: "{n} de cartes", other: "{n} cartes"}
      sv:
        contents: "Innehåll"

A word is one of pnp's keys (those of `pnp/data/phrases.yaml`'s English table); a counted one
gives the CLDR plural categories of its language (or one text for all of them), and its `{blanks}`
are the English phrase's. The words win over pnp's own in that language's edition.
"""
from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from pnp.errors import Collector, Pos, did_you_mean
from pnp.reading.load import LDict, load_yaml, locate

MAX_PHRASE = 500  # characters: a phrase is a line or a sentence, never a page
MAX_LANGUAGES = 100


def words_file(raw: Any) -> str | None:
    """The file game.yaml's `words:` names, when it names one (kept out of the components)."""
    value = raw.get("words") if isinstance(raw, LDict) else None
    return value if isinstance(value, str) else None


def read_words(game_dir: Path, raw: Any, errors: Collector) -> dict[str, dict[str, Any]]:
    """language → word → its text (or plural forms), as game.yaml's `words:` gives them, checked;
    {} when it gives none. Every mistake is a located error."""
    if not isinstance(raw, LDict) or raw.get("words") is None:
        return {}
    root, path = raw, ["words"]
    tree = raw["words"]
    if isinstance(tree, str):
        from pnp.reading.safepath import safe_game_path

        where = locate(raw, ["words"])
        try:
            tree = load_yaml(safe_game_path(game_dir, tree, where, what="words file"))
        except Exception as e:  # SpecErrors: a missing, unreadable or malformed file, located by the gate
            errors.errors.extend(getattr(e, "errors", []))
            return {}
        root, path = tree, []
    if not isinstance(tree, LDict):
        errors.error(locate(raw, ["words"]), "`words:` maps each language to pnp's words in it "
                                             "(e.g. `fr: {players: joueurs}`), or names a file that does")
        return {}
    return _checked(root, path, errors)


def _checked(root: LDict, path: list, errors: Collector) -> dict[str, dict[str, Any]]:
    """The words under `path` of `root` (game.yaml, or the words file), checked and located in it."""
    from pnp.models.langcodes import CodeError, check
    from pnp.models.phrases import SOURCE, table

    english = table(SOURCE)
    out: dict[str, dict[str, Any]] = {}
    tree = root
    for lang_count, (lang, words) in enumerate(tree_get(root, path).items()):
        if lang_count >= MAX_LANGUAGES:
            errors.error(locate(tree, path + [lang], key=True), f"`words:` gives at most {MAX_LANGUAGES} languages")
            break
        try:
            check(lang)
        except CodeError as e:
            errors.error(locate(tree, path + [lang], key=True), str(e))
            continue
        if not isinstance(words, LDict):
            errors.error(locate(tree, path + [lang]), f"the {lang} words are a mapping of pnp's words to their "
                                                      f"text (e.g. `players: …`)")
            continue
        own = {}
        for key, value in words.items():
            at = path + [lang, key]
            if key not in english:
                errors.error(locate(tree, at, key=True), f"'{key}' is none of pnp's words{did_you_mean(key, english)} "
                                                         f"(they are listed in docs/languages.md)")
                continue
            checked = _word(tree, at, lang, english[key], value, errors)
            if checked is not None:
                own[key] = checked
        out[lang] = own
    return out


def _word(tree: LDict, at: list, lang: str, english: Any, value: Any, errors: Collector) -> Any:
    key = at[-1]
    blanks = _blanks(english if isinstance(english, str) else " ".join(english.values()))
    if isinstance(english, dict):
        from pnp.models.phrases import plural_categories

        wanted = plural_categories(lang)
        if isinstance(value, str):
            value = {c: value for c in wanted}  # one text for every form: a language without inflection
        elif isinstance(value, LDict):
            missing = [c for c in wanted if c not in value]
            extra = [c for c in value if c not in wanted]
            if extra:
                errors.error(locate(tree, at + [extra[0]], key=True),
                             f"'{key}' in {lang} has no '{extra[0]}' form: CLDR gives {lang} {', '.join(wanted)}")
                return None
            if missing:
                errors.error(locate(tree, at), f"'{key}' in {lang} needs its {', '.join(missing)} form"
                                               f"{'s' if len(missing) > 1 else ''} (CLDR gives {lang} {', '.join(wanted)})")
                return None
        else:
            errors.error(locate(tree, at), f"'{key}' is counted: give its text, or one per plural form "
                                           f"({', '.join(plural_categories(lang))})")
            return None
        for form, text in value.items():
            where = at + [form] if isinstance(tree_get(tree, at), LDict) else at
            if not _text_ok(tree, where, key, text, blanks, errors):
                return None
        return dict(value)
    if not _text_ok(tree, at, key, value, blanks, errors):
        return None
    return value


def tree_get(tree: Any, at: list) -> Any:
    for step in at:
        tree = tree[step]
    return tree


def _text_ok(tree: LDict, at: list, key: str, text: Any, blanks: set[str], errors: Collector) -> bool:
    if not isinstance(text, str) or not text.strip():
        errors.error(locate(tree, at), f"'{key}' needs a text")
        return False
    if len(text) > MAX_PHRASE:
        errors.error(locate(tree, at), f"'{key}' is too long: at most {MAX_PHRASE} characters, got {len(text):,}")
        return False
    try:
        used = _blanks(text)
    except ValueError:
        errors.error(locate(tree, at), f"'{key}': a brace that opens no blank (write `{{{{` for a brace "
                                       f"itself; the blanks of this word are {_shown(blanks)})")
        return False
    unknown = sorted(used - blanks)
    if unknown:
        errors.error(locate(tree, at), f"'{key}' has no blank '{{{unknown[0]}}}'{did_you_mean(unknown[0], blanks)}: "
                                       f"its blanks are {_shown(blanks)}")
        return False
    return True


def _blanks(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _shown(blanks: set[str]) -> str:
    return ", ".join(f"{{{b}}}" for b in sorted(blanks)) or "none"


def left_in_english(raw: Any, lang: str, own: dict, errors: Collector) -> None:
    """One warning, at the language in `languages:`, when pnp has no words in `lang` and the game's own
    `words:` do not give them all: it names every word that prints in English."""
    from pnp.models.phrases import untranslated

    missing = untranslated(lang, own)
    if not missing:
        return
    listed = raw.get("languages") if isinstance(raw, LDict) else None
    index = listed.index(lang) if isinstance(listed, list) and lang in listed else None
    where = locate(raw, ["languages", index]) if index is not None else getattr(raw, "pos", Pos("game.yaml"))
    errors.warn(where, f"pnp has no words of its own in {lang}: {len(missing)} print in English "
                       f"({', '.join(missing)}); give them under `words: {lang}:` in game.yaml (docs/languages.md)")
