"""A game's texts as a gettext PO file (babel's `pofile`), and a PO file read back.

One message per text: msgctxt says where it is in the game (unique), msgid is the source text,
msgstr the translation so far; `#:` names its file and line, `#.` notes say what a translator
should know (the box that prints it, about how many characters fit, what must be kept). The
header carries the language and its CLDR plural rule. The dates are fixed so the same game gives
the same bytes.
"""
from __future__ import annotations

import io
from datetime import datetime, timezone
from pathlib import Path

from pnp.errors import Pos, SpecError, SpecErrors, display_path
from pnp.models.printedtexts import Text

FIXED_DATE = datetime(2000, 1, 1, tzinfo=timezone.utc)
MAX_PO_BYTES = 16 * 1024 * 1024  # a game's PO file is kilobytes; babel reads 16 MB in about 15 s


def write(texts: list[Text], lang: str, source: str, project: str, version: str) -> bytes:
    """The PO file of `texts` for a translator into `lang`."""
    from babel import Locale
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(locale=Locale.parse(lang.replace("-", "_")), project=project, version=version,
                      copyright_holder="", msgid_bugs_address="the game's designer", creation_date=FIXED_DATE,
                      revision_date=FIXED_DATE, last_translator="the translator", language_team=lang, fuzzy=False,
                      header_comment=f"# {project}: the texts to translate from {source} into {lang}.\n"
                                     f"# Written by `pnp translate export`; read back by `pnp translate import`.")
    for text in texts:
        catalog.add(text.source, text.translation or "", locations=[text.location],
                    auto_comments=text.notes, context=text.context)
    out = io.BytesIO()
    write_po(out, catalog, width=76, sort_output=False, sort_by_file=False, include_previous=False)
    return out.getvalue()


def read(path: Path) -> tuple[str | None, dict[str, tuple[str, str]]]:
    """(the language the file says, context → (source text, translation)) of a PO file; fuzzy and
    empty translations are left out. A file babel cannot read is an error at it."""
    from babel.messages.pofile import PoFileError, read_po

    shown = display_path(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise SpecErrors([SpecError(Pos(shown), f"cannot read this PO file: {e.strerror or e}")]) from None
    if len(data) > MAX_PO_BYTES:
        raise SpecErrors([SpecError(Pos(shown), f"a PO file of more than {MAX_PO_BYTES // 2 ** 20} MB is not "
                                                f"one pnp wrote")])
    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True)
    except (PoFileError, ValueError, UnicodeDecodeError) as e:
        line = getattr(e, "lineno", None) or 1
        raise SpecErrors([SpecError(Pos(shown, line), f"this is not a PO file babel can read: {e}")]) from None
    found: dict[str, tuple[str, str]] = {}
    for message in catalog:
        if not message.id or not message.context or message.fuzzy or not isinstance(message.string, str):
            continue
        if message.string:
            found[message.context] = (message.id, message.string)
    lang = str(catalog.locale).replace("_", "-") if catalog.locale else None
    return lang, found
