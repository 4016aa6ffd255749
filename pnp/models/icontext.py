"""The `:icon-name:` syntax of spec text: one rule for validation and for drawing."""
from __future__ import annotations

import re

ICON_RE = re.compile(r":([a-z0-9][a-z0-9_-]*):")


def icons_in(text: str) -> list[str]:
    """Every icon name written in `text`, in order."""
    return ICON_RE.findall(text)
