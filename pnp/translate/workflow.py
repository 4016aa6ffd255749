"""`pnp translate export | import | status`: the steps of a translator's round trip, as functions.

The language asked for must be one the game lists in `languages:` other than its source language
(a near miss is asked back: `--lang FR` → did you mean 'fr'?), so that what `import` writes is read
by the next build.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import Pos, SpecError, SpecErrors, display_path
from pnp.kinds import offered_by
from pnp.models import printedtexts as found_texts
from pnp.translate import po, writeback


@dataclass
class Imported:
    changed: list[str]  # the game's files written
    problems: list[str]  # translations not imported, and why
    translations: int  # translations the PO file held


def target_language(game_dir: Path, lang: str | None) -> tuple[str, str, str, str]:
    """(lang, source language, the game's title, its version), `lang` checked against `languages:`."""
    from pnp.models.edition import declared_languages
    from pnp.models.langcodes import suggestion
    from pnp.reading.load import LDict, load_yaml, locate

    game_file = Path(game_dir) / "game.yaml"
    if not game_file.is_file():
        raise SpecErrors([SpecError(Pos(display_path(game_file)), "a game folder needs a game.yaml")])
    raw = load_yaml(game_file)
    langs, source = declared_languages(raw)
    where = locate(raw, ["languages"]) if isinstance(raw, LDict) and "languages" in raw else \
        getattr(raw, "pos", None) or Pos(display_path(game_file))
    if not langs:
        raise SpecErrors([SpecError(where, "this game lists no `languages:`: add the language to translate into "
                                           "(e.g. `languages: [en, fr]`, docs/languages.md)")])
    if not lang:
        raise SpecErrors([SpecError(where, f"say which language to translate into: --lang "
                                           f"{' | '.join(x for x in langs if x != source)}")])
    if lang not in langs:
        near = [x for x in langs if x.lower() == lang.lower()] or [x for x in langs if x == suggestion(lang)]
        hint = f" (did you mean '{near[0]}'?)" if near else f"; add it to `languages:` first"
        raise SpecErrors([SpecError(where, f"--lang {lang}: the game's languages are {', '.join(langs)}{hint}")])
    if lang == source:
        raise SpecErrors([SpecError(where, f"{lang} is the language the game is written in: translate into "
                                           f"{' or '.join(x for x in langs if x != source)}")])
    title = raw.get("title") if isinstance(raw.get("title"), str) else Path(game_dir).resolve().name
    version = raw.get("version") if isinstance(raw.get("version"), (str, int, float)) else "1.0"
    return lang, source, title, str(version)


def export(game_dir: Path, lang: str | None) -> tuple[bytes, int, int]:
    """(the PO file's bytes, texts in it, texts already translated)."""
    lang, source, title, version = target_language(game_dir, lang)
    texts = found_texts.collect(game_dir, lang, offered_by("cards"))
    return po.write(texts, lang, source, title, version), len(texts), sum(1 for t in texts if t.translation)


def import_po(game_dir: Path, po_file: Path, lang: str | None) -> Imported:
    """The PO file's translations written into the game (see `pnp.translate.writeback`)."""
    said, translated = po.read(po_file)
    lang, *_ = target_language(game_dir, lang or said)
    if said and lang and said.lower() != lang.lower():
        raise SpecErrors([SpecError(Pos(display_path(po_file)), f"this PO file is in {said}, not {lang}")])
    texts = found_texts.collect(game_dir, lang, offered_by("cards"))
    changed, problems = writeback.apply(Path(game_dir), lang, texts, translated)
    return Imported(changed, problems, len(translated))


def status(game_dir: Path, lang: str | None) -> tuple[str, list[found_texts.Text], int]:
    """(lang, the texts still untranslated, every text), counted as a build counts them: the
    paragraphs of a `rules.<lang>.md` that does not split as the source does count as translated
    (the build warns once about that file)."""
    lang, *_ = target_language(game_dir, lang)
    texts = found_texts.collect(game_dir, lang, offered_by("cards"))
    return lang, [t for t in texts if not t.translation and not t.unaligned], len(texts)
