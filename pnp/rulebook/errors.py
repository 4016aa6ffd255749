"""The rulebook's own error: a helper or a file it names refused, with the text to point at."""
from __future__ import annotations


class RuleError(Exception):
    """A helper refused its arguments; `needle` is the text to point the column at."""

    def __init__(self, message: str, needle: str | None = None):
        super().__init__(message)
        self.message = message
        self.needle = needle
