"""game.yaml: the game's identity, its component files, print defaults and declared checks."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.spec.types import Spec


class PrintDefaults(Spec):
    paper: Literal["a4", "letter"] = "a4"
    duplex: Literal["long", "short", "gutterfold", "none"] = "long"
    min_ppi: float = Field(default=300, ge=50, le=2400, description="a picture printing below this resolution "
                                                                  "(pixels per inch where it is placed) is a warning")


class DeclaredCheck(Spec):
    """An invariant written by the designer as a sandboxed Jinja2 expression over the specs."""

    name: str
    expect: str = Field(description="a Jinja2 expression that must be true, e.g. \"decks.items.cards | length == 54\"")
    message: str | None = None


class Game(Spec):
    title: str
    subtitle: str | None = None
    players: str | int = Field(description="how many players, e.g. 1 or \"2-5\"")
    time: str | None = Field(default=None, description="playing time, e.g. \"20-30 minutes\"")
    ages: str | None = None
    designer: str | None = None
    credits: list[str] = []
    version: str = "1.0"
    license: str | None = None
    components: list[str] | None = Field(
        default=None, description="component spec files, in build order; default: every other *.yaml in the folder")
    rules: str | None = Field(default="rules.md", description="the rulebook source")
    family: str | None = Field(default=None, description="the rule family whose checks and simulations apply "
                                                          "(a registered `pnp.families` name; see docs/referee.md)")
    print: PrintDefaults = PrintDefaults()
    checks: list[DeclaredCheck] = []
