"""The `:icon-name:` syntax of spec text: one rule for validation and for drawing."""
from __future__ import annotations

import re

ICON_RE = re.compile(r":([a-z0-9][a-z0-9_-]*):")


def icons_in(text: str) -> list[str]:
    """Every icon name written in `text`, in order."""
    return ICON_RE.findall(text)


def plain_text(text: str) -> str:
    """TEXT as a tooltip or a listing shows it: no `**` or `*` emphasis, each icon as `[its name]`, white
    space folded within a line. What a tabletop's description field needs: it shows Markdown as typed."""
    import re

    lines = []
    for line in text.splitlines():
        line = ICON_RE.sub(lambda m: f"[{m.group(1).replace('-', ' ').replace('_', ' ')}]", line)
        line = re.sub(r"\*\*(.+?)\*\*|\*(\S(?:.*?\S)?)\*|__(.+?)__|(?<!\w)_(\S(?:.*?\S)?)_(?!\w)",
                      lambda m: next(g for g in m.groups() if g is not None), line)
        lines.append(" ".join(line.split()))
    return "\n".join(line for line in lines if line)
