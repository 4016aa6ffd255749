"""Located errors: every mistake in a spec names its file, line and column.

A `SpecError` is one finding; `SpecErrors` is raised when a stage collected
one or more of them, so the user sees every error of a file at once.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable


@dataclass(frozen=True, order=True, slots=True)
class Pos:
    """A 1-based position in a file; in a spreadsheet also its cell, such as `Ships!C12`."""

    path: str
    line: int = 1
    col: int = 1
    cell: str = ""  # a spreadsheet's row and column are `line` and `col`; this is how a designer names them

    def __str__(self) -> str:
        return f"{self.path}:{self.cell}" if self.cell else f"{self.path}:{self.line}:{self.col}"

    @staticmethod
    def of_offset(path: str, text: str, offset: int) -> "Pos":
        """The line and column of character `offset` of `text`, the whole text of the file `path`."""
        line = text.count("\n", 0, offset) + 1
        return Pos(path, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


@dataclass(frozen=True, slots=True)
class SpecError:
    pos: Pos
    message: str

    def __str__(self) -> str:
        return f"{self.pos}: {self.message}"


class SpecErrors(Exception):
    """One or more located errors; the CLI prints them and exits with code 2."""

    def __init__(self, errors: Iterable[SpecError], order: dict[str, int] | None = None):
        """`order` ranks files (game.yaml 0, layouts 1): errors print in that order, each file's by line."""
        rank = order or {}
        rest = max(rank.values(), default=-1) + 1
        self.errors = sorted(set(errors), key=lambda e: (rank.get(e.pos.path, rest), e.pos.path,
                                                         e.pos.line, e.pos.col, e.message))
        super().__init__("\n".join(str(e) for e in self.errors))


@dataclass
class Collector:
    """Gathers errors and warnings during a stage instead of stopping at the first."""

    errors: list[SpecError] = field(default_factory=list)
    warnings: list[SpecError] = field(default_factory=list)
    order: dict[str, int] = field(default_factory=dict)  # files whose errors come first, as SpecErrors takes it

    def error(self, pos: Pos, message: str) -> None:
        self.errors.append(SpecError(pos, message))

    def warn(self, pos: Pos, message: str) -> None:
        self.warnings.append(SpecError(pos, message))

    def raise_if_any(self) -> None:
        if self.errors:
            raise SpecErrors(self.errors, self.order)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a near name exists, else ''."""
    close = difflib.get_close_matches(str(word), sorted(set(map(str, choices))), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def known_list(choices: Iterable[str], most: int = 8) -> str:
    items = sorted(set(map(str, choices)))
    shown = ", ".join(items[:most])
    return f"known: {shown}{', …' if len(items) > most else ''}"


def display_path(path: Path | str) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)
