"""Where rules.md and the files it includes come from: the game folder, through the one file gate.

Jinja2's own FileSystemLoader follows symlinks and opens whatever it is
given (a pipe would hang it, `/dev/zero` would exhaust memory), so templates
load through `pnp.reading.safepath` instead: inside the game folder, regular
files only, at most `TEXT_BYTES`, UTF-8.
"""
from __future__ import annotations

import os
import re
from itertools import islice
from pathlib import Path

from jinja2 import BaseLoader, TemplateNotFound

from pnp.errors import Pos, SpecError, SpecErrors, display_path
from pnp.rulebook.errors import RuleError
from pnp.reading.safepath import TEXT_BYTES, decode_text, read_regular, safe_game_path


class IncludeRefused(RuleError):
    """A template name the gate refused; located where the include is written (see language._located)."""


class IncludeMissing(TemplateNotFound, RuleError):
    """A template that is not there: still a TemplateNotFound, so `ignore missing` and lists of names work."""

    def __init__(self, name: str, message: str):
        TemplateNotFound.__init__(self, name, message)
        self.needle = name


# `{{ … }}` and `{% … %}` tags in rules.md and every file it includes, together: Jinja2 compiles each
# into Python, and 200,000 took it 28 s and 2.4 GB. The bundled rulebooks have at most 226.
MAX_TAGS = 5_000
_TAG = re.compile(r"\{\{|\{%")


class GameFolderLoader(BaseLoader):
    """Loads `{% include %}`, `{% import %}`, `{% from %}` and `{% extends %}` targets from the game folder only."""

    def __init__(self, game_dir: Path):
        self.game_dir = Path(game_dir)
        self.tags = 0  # tags in every source loaded so far (MAX_TAGS)

    def get_source(self, environment, template: str):
        what = "included file"
        try:
            path = safe_game_path(self.game_dir, template, Pos(template), what)
            data = read_regular(path, Pos(template), f"{what} '{template}'", TEXT_BYTES)
        except SpecErrors as e:
            message = e.errors[0].message
            if not os.path.lexists(self.game_dir / template):
                raise IncludeMissing(template, message) from None
            raise IncludeRefused(message, template) from None
        # a file that is not text is reported where its bad byte is
        text = decode_text(data, display_path(path))
        self._count_tags(text, path)
        return text, str(path), None

    def _count_tags(self, text: str, path: Path) -> None:
        """Add the source's tags to the rulebook's; past MAX_TAGS, an error at the first tag over."""
        before = self.tags
        self.tags += len(_TAG.findall(text))
        if self.tags <= MAX_TAGS:
            return
        first_over = next(islice(_TAG.finditer(text), MAX_TAGS - before, None))  # this source's tag past the bound
        raise SpecErrors([SpecError(Pos.of_offset(display_path(path), text, first_over.start()),
                                    f"more than {MAX_TAGS:,} template tags ({{{{ … }}}} and {{% … %}}) in the rulebook "
                                    "and the files it includes; put repeated text in a loop or a macro")])


def source_lines(path: str | Path) -> list[str] | None:
    """The lines of a template file, to point an error at a column; None when it cannot be read safely."""
    try:
        return decode_text(read_regular(Path(path), Pos(str(path)), "template", TEXT_BYTES), str(path)).splitlines()
    except SpecErrors:
        return None
