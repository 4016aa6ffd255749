"""What a simulation returns: its figures, each with what it was measured over and its 95 % interval,
a summary and charts, drawn into balance.pdf by pnp/referee/balance.py; and the one number format
every word of the report uses (`number`, `percent`, `rate_text`).

Intervals: a rate (a share of games, seats or players) gets the Wilson score interval, which stays
inside 0–100 % and is honest for small counts and rates near 0 or 1; a mean gets mean ± 1.96·s/√n
from its own samples (s the sample standard deviation), the normal approximation, sound for the
hundreds of games a report plays. A figure the rules fix (a distance on the board) or an extreme
(the highest score) has no interval.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

Z95 = 1.96


@dataclass
class Chart:
    title: str
    kind: str  # "histogram" (values: list of numbers) or "bars" (values: {label: number})
    values: list[float] | dict[str, float]
    x_label: str = ""
    y_label: str = ""
    percent: bool = False   # bars in percent: each labelled as the report writes a percentage
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)  # a bar's 95 % interval, in its units


@dataclass(frozen=True)
class Spread:
    """How sure a simulated figure is: the trials (games, seats or players) it was measured over and its
    95 % interval, in the figure's own units; `method` is "wilson" (a rate) or "mean"."""

    trials: int
    low: float
    high: float
    method: str


@dataclass
class SimResult:
    family: str
    games: int
    seed: int
    summary: list[str] = field(default_factory=list)  # short sentences for the report
    charts: list[Chart] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)  # named numbers, for --json and tests
    labels: dict[str, str] = field(default_factory=dict)     # a figure's name in words, for balance.pdf
    spreads: dict[str, Spread] = field(default_factory=dict)  # a simulated figure's trials and 95 % interval
    units: dict[str, str] = field(default_factory=dict)       # "share" (0–1) or "percent" (0–100): a rate
    outcomes: list = field(default_factory=list)   # one `pnp.referee.decisions.Outcome` a game, when the family records them

    @property
    def intervals(self) -> dict[str, tuple[float, float]]:
        """Each simulated figure's 95 % interval, in its own units."""
        return {name: (s.low, s.high) for name, s in self.spreads.items()}

    def interval(self, name: str, scale: float = 1.0) -> tuple[float, float]:
        """Figure NAME's 95 % interval times `scale` (a chart's units), for a bar's whisker."""
        spread = self.spreads[name]
        return spread.low * scale, spread.high * scale

    def rate(self, name: str, successes: float, trials: int, percent: bool = False) -> float:
        """Record figure NAME as the rate successes / trials with its Wilson interval: a share (0–1), or
        in percent rounded to 0.1 when `percent`. Returns the figure."""
        p = successes / trials if trials else 0.0
        low, high = wilson(successes, trials)
        scale = 100.0 if percent else 1.0
        value = round(100 * p, 1) if percent else p
        self.figures[name] = value
        self.units[name] = "percent" if percent else "share"
        if trials:   # the interval holds the figure as written, rounding included
            self.spreads[name] = Spread(trials, min(low * scale, value), max(high * scale, value), "wilson")
        return value

    def mean(self, name: str, samples: list[float], digits: int | None = None) -> float:
        """Record figure NAME as the mean of `samples` with mean ± 1.96·s/√n (rounded to `digits` when
        given, as the family reports it). Returns the figure."""
        n = len(samples)
        m = sum(samples) / n if n else 0.0
        value = round(m, digits) if digits is not None else m
        self.figures[name] = value
        if n >= 2:
            s = math.sqrt(sum((x - m) ** 2 for x in samples) / (n - 1))
            half = Z95 * s / math.sqrt(n)
            self.spreads[name] = Spread(n, min(m - half, value), max(m + half, value), "mean")
        return value


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a rate: honest for small counts and rates near 0 or 1.

    A shared victory counts as a fraction of a win, so `successes` may be fractional."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * ((p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if successes <= 0 else low), (1.0 if successes >= trials else high)  # exact at the ends


# --------------------------------------------------------------------------- the one number format

def number(v: float, decimals: bool | None = None) -> str:
    """A number as the report writes it: thousands grouped with a comma ("2,000"), one decimal wherever
    the value is not whole (or `decimals` asks for it: one style along a row or chart)."""
    whole = float(v).is_integer() if decimals is None else not decimals
    return f"{round(v):,}" if whole else f"{v:,.1f}"


def percent(share: float) -> str:
    """A share (0–1) as the report writes a percentage: one decimal, a space, the sign ("27.6 %")."""
    return f"{100 * share:,.1f} %"


def span(low: float, high: float) -> str:
    """A 95 % interval of two shares: "25.5–30.6 %"."""
    return f"{100 * low:,.1f}–{100 * high:,.1f} %"


def rate_text(successes: float, trials: int) -> str:
    """'41.2 % (95 % CI 38.1–44.4 %)'."""
    lo, hi = wilson(successes, trials)
    p = successes / trials if trials else 0.0
    return f"{percent(p)} (95 % CI {span(lo, hi)})"
