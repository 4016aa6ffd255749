"""The work preflight allows itself on one file, counted, so that anybody's PDF is answered in
seconds and within a few hundred megabytes: drawing operators read, pixels decoded, bytes inflated,
and how deep forms, patterns, glyphs, colour spaces and functions may nest."""
from __future__ import annotations

MAX_FILE = 1024 * 1024 * 1024       # larger than any print file a designer uploads
MAX_OPERATORS = 600_000             # drawing operators per file (a 500-card deck uses about a fifth)
MAX_PIXELS = 150_000_000            # picture pixels decoded per file
MAX_STREAM_BYTES = 48 * 1024 * 1024  # one content stream, inflated
MAX_DEPTH = 32                      # forms in forms, patterns, glyphs, soft masks; colour spaces in colour spaces
MAX_FUNCTION_STEPS = 4_000_000      # PostScript calculator steps and samples per file


class TooMuch(Exception):
    """The file asks for more work than preflight allows itself: said once, in words."""


class Budget:
    """The counted work of one file. Each `spend_*` raises `TooMuch` with its own sentence when
    the file goes past its allowance."""

    def __init__(self) -> None:
        self.operators = 0
        self.pixels = 0
        self.steps = 0

    def operators_left(self) -> int:
        return MAX_OPERATORS - self.operators

    def spend_operators(self, n: int) -> None:
        self.operators += n
        if self.operators > MAX_OPERATORS:
            raise TooMuch(f"more than {MAX_OPERATORS:,} drawing operators: too much to check in full "
                          "(export the pages in several files)")

    def spend_pixels(self, n: int) -> None:
        self.pixels += n
        if self.pixels > MAX_PIXELS:
            raise TooMuch(f"more than {MAX_PIXELS // 1_000_000} million picture pixels to decode: "
                          "too much to check in full (export the pages in several files)")

    def spend_steps(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > MAX_FUNCTION_STEPS:
            raise TooMuch("its colour functions take too many steps to evaluate: too much to check in full")
