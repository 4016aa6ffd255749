"""One finding of a rules referee: where, which rule, and what is wrong.

Shared by every referee module so reports from different games read alike.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import Pos


@dataclass(frozen=True)
class Finding:
    pos: Pos
    rule: str      # a short stable name, e.g. "event-position", for tests and filters
    message: str

    def __str__(self) -> str:
        return f"{self.pos}: [{self.rule}] {self.message}"
