"""The preview of a game that lists `languages:`: which edition a file is of, and the language choice.

`pnp build` writes such a game as one folder per edition (`<game>/de/cards.pdf`), and so does the
build loop behind `pnp serve`. The page shows one edition at a time: the one its address asks for
(`/?lang=de`, or the path form `/de/`), else the game's source language, with a link to every
other edition, each named in its own language ("Deutsch", "العربية", "日本語"). A game that lists
no languages has no editions and is shown as before.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

# a language code as game.yaml's `languages:` takes it (pnp.models.edition.LANG_CODE), bounded in length
ASKED = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}")
PATH_FORM = re.compile(r"/(" + ASKED.pattern + r")/?")


def asked_language(value: str | None) -> str | None:
    """A `?lang=` value or a path's language, when it is written like a language code; else None."""
    return value if value and ASKED.fullmatch(value) else None


def edition_of(name: str, editions: list[str]) -> str | None:
    """The edition whose folder holds the file `name` (None: a file of a game without editions)."""
    head, _, rest = name.partition("/")
    return head if rest and head in editions else None


def shown(name: str, editions: list[str]) -> bool:
    """The files the page shows: the PDFs at the top of the game's output folder, or of an edition's."""
    if not name.endswith(".pdf"):
        return False
    if "/" not in name:
        return True
    head, _, rest = name.partition("/")
    return head in editions and "/" not in rest


@lru_cache(maxsize=64)
def language_name(code: str) -> str:
    """The language's name in itself, for the choice on the page (CLDR's, through babel); the code when
    babel does not know it."""
    try:
        from babel import Locale, UnknownLocaleError

        try:
            name = Locale.parse(code.replace("-", "_")).get_display_name()
        except (UnknownLocaleError, ValueError, TypeError):
            return code
    except ImportError:  # babel comes with pnp; an unusual install without it still lists the codes
        return code
    return (name[:1].upper() + name[1:]) if name else code


def declared(game_dir: Path) -> tuple[tuple[str, ...], str | None]:
    """(languages, source language) as the game's game.yaml says now; ((), None) when it lists none
    or cannot be read (the build reports why)."""
    import os

    from pnp.errors import SpecErrors
    from pnp.models.edition import declared_languages
    from pnp.reading.load import load_yaml

    game_file = Path(game_dir) / "game.yaml"
    if not os.path.isfile(game_file) or os.path.islink(game_file):
        return (), None
    try:
        return declared_languages(load_yaml(game_file))
    except (SpecErrors, OSError):
        return (), None


def source_language(game_dir: Path) -> str | None:
    """The game's source language (None when it lists no languages)."""
    return declared(game_dir)[1]
