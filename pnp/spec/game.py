"""game.yaml: the game's identity, its component files, print defaults and declared checks."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from pnp.spec.types import NonNegLength, Spec


class PrintDefaults(Spec):
    paper: Literal["a4", "letter"] = "a4"
    duplex: Literal["long", "short", "gutterfold", "none"] = "long"
    gutter: Literal["auto"] | NonNegLength = Field(
        default="auto", description="space between cards on home-printer sheets, each card with bleed all round: "
                                    "a length (0 lets cards abut and share each cut), or auto: a gutter where "
                                    "neighbouring cards can differ in edge colour, none where they cannot")

    @field_validator("gutter")
    @classmethod
    def _gutter_at_most_20mm(cls, value):
        if value != "auto" and value > 20 * 72 / 25.4 + 1e-9:
            raise ValueError("a gutter is at most 20mm (a sheet needs no more to keep every card apart)")
        return value


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
