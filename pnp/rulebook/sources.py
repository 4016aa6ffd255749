"""Where rules.md and the files it includes come from: the game folder, through the one file gate.

Jinja2's own FileSystemLoader follows symlinks and opens whatever it is
given (a pipe would hang it, `/dev/zero` would exhaust memory), so templates
load through `pnp.spec.safepath` instead: inside the game folder, regular
files only, at most `TEXT_BYTES`, UTF-8.
"""
from __future__ import annotations

import os
from pathlib import Path

from jinja2 import BaseLoader, TemplateNotFound

from pnp.errors import Pos, SpecErrors, display_path
from pnp.rulebook.errors import RuleError
from pnp.spec.safepath import TEXT_BYTES, decode_text, read_regular, safe_game_path


class IncludeRefused(RuleError):
    """A template name the gate refused; located where the include is written (see language._located)."""


class IncludeMissing(TemplateNotFound, RuleError):
    """A template that is not there: still a TemplateNotFound, so `ignore missing` and lists of names work."""

    def __init__(self, name: str, message: str):
        TemplateNotFound.__init__(self, name, message)
        self.needle = name


class GameFolderLoader(BaseLoader):
    """Loads `{% include %}`, `{% import %}`, `{% from %}` and `{% extends %}` targets from the game folder only."""

    def __init__(self, game_dir: Path):
        self.game_dir = Path(game_dir)

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
        return decode_text(data, display_path(path)), str(path), None


def source_lines(path: str | Path) -> list[str] | None:
    """The lines of a template file, to point an error at a column; None when it cannot be read safely."""
    try:
        return decode_text(read_regular(Path(path), Pos(str(path)), "template", TEXT_BYTES), str(path)).splitlines()
    except SpecErrors:
        return None
