"""One finding of a rules referee: where, which rule, and what is wrong.

Shared by every referee module so reports from different games read alike. A finding has a level:
a rule the game breaks (exit 1), or advice (a design target such as balance or game length, measured
with its interval), printed as a warning.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import Pos


@dataclass(frozen=True)
class Finding:
    pos: Pos
    rule: str      # a short stable name, e.g. "event-position", for tests and filters
    message: str
    level: str = "rule"   # "rule": breaks the game's rules, fails `pnp check`; "advice": a design target missed,
                          # a warning that fails only `pnp check --strict`

    def __str__(self) -> str:
        return f"{self.pos}: [{self.rule}] {self.message}"
