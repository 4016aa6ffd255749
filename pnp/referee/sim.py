"""What a simulation returns: a summary and charts, drawn into balance.pdf by pnp/referee/balance.py."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Chart:
    title: str
    kind: str  # "histogram" (values: list of numbers) or "bars" (values: {label: number})
    values: list[float] | dict[str, float]
    x_label: str = ""
    y_label: str = ""


@dataclass
class SimResult:
    family: str
    games: int
    seed: int
    summary: list[str] = field(default_factory=list)  # short sentences for the report
    charts: list[Chart] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)  # named numbers, for --json and tests
    labels: dict[str, str] = field(default_factory=dict)     # a figure's name in words, for balance.pdf
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)  # a figure's 95 % interval, when known
    outcomes: list = field(default_factory=list)   # one `pnp.referee.decisions.Outcome` a game, when the family records them


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a rate: honest for small counts and rates near 0 or 1.

    A shared victory counts as a fraction of a win, so `successes` may be fractional."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * ((p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(successes: float, trials: int) -> str:
    """'41.2 % (95 % CI 38.1–44.4 %)'."""
    lo, hi = wilson(successes, trials)
    p = successes / trials if trials else 0.0
    return f"{100 * p:.1f} % (95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)"
