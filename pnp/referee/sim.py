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
