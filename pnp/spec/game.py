"""game.yaml: the game's identity, its component files, print defaults and declared checks."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator

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
    min_ppi: float = Field(default=300, ge=50, le=2400, description="a picture printing below this resolution "
                                                                  "(pixels per inch where it is placed) is a warning")


class DeclaredCheck(Spec):
    """An invariant written by the designer as a sandboxed Jinja2 expression over the specs."""

    name: str
    expect: str = Field(description="a Jinja2 expression that must be true, e.g. \"decks.items.cards | length == 54\"")
    message: str | None = None


class FontFamily(Spec):
    """A family of the game's own: one TrueType or OpenType file per style, in the game folder."""

    regular: str = Field(description="the upright file, e.g. fonts/IMFell.ttf (TTF or OTF)")
    bold: str | None = Field(default=None, description="`**bold**` text and the name '<family>-bold'")
    italic: str | None = Field(default=None, description="`*italic*` text and the name '<family>-italic'")
    bold_italic: str | None = Field(default=None, alias="bold-italic",
                                    description="bold italic text and the name '<family>-bolditalic'")


def _family(value: Any) -> Any:
    """`IM Fell: fonts/IMFell.ttf` is short for `IM Fell: {regular: fonts/IMFell.ttf}`."""
    return {"regular": value} if isinstance(value, str) else value


FamilyEntry = Annotated[FontFamily, BeforeValidator(_family)]


class RulebookFonts(Spec):
    """The rulebook's two faces: any built-in font or one of the game's `fonts:` families."""

    body: str = Field(default="serif", description="running text (its family's bold and italic serve **/*)")
    headings: str = Field(default="sans", description="headings, the title and the page furniture (set bold)")


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
    fonts: dict[str, FamilyEntry] = Field(
        default={}, description="the game's own font families: a name → its files (a path, or regular/bold/italic/"
                                "bold-italic); specs then use the name like a built-in font")
    fallback_fonts: list[str] = Field(
        default=[], description="fonts (built-in or the game's) that draw a character the chosen font lacks, "
                                "tried in order, e.g. a CJK font")
    rulebook_fonts: RulebookFonts = RulebookFonts()
