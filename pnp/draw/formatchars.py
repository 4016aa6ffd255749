"""Format characters: the invisible characters that steer breaking, joining and direction.

Unicode's format characters (category Cf) and variation selectors draw nothing: a zero-width space
is a break opportunity, a word joiner or a BOM forbids one, a soft hyphen is a break point that
shows a hyphen only where a line ends at it, ZWJ and ZWNJ ask a shaper to join letters or not,
and the bidi controls set direction. pnp never draws one as a glyph (a font rarely has one, so it
would print as an empty box) and never warns that a font lacks one.
"""
from __future__ import annotations

import unicodedata

SOFT_HYPHEN = "\u00ad"
ZERO_WIDTH_SPACE = "\u200b"


def invisible(ch: str) -> bool:
    """A format character (category Cf) or a variation selector: never drawn, never warned about."""
    return unicodedata.category(ch) == "Cf" or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def visible(text: str) -> str:
    """`text` without its invisible characters (what a font must be able to draw)."""
    if text.isascii():
        return text
    return "".join(ch for ch in text if not invisible(ch))
