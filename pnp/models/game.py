"""game.yaml: the game's identity, its component files, print defaults and declared checks."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, field_validator

from pnp.models.types import NonNegLength, Spec


class PrintDefaults(Spec):
    paper: Literal["a4", "letter", "a3", "a5", "legal", "tabloid"] = "a4"
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
    profile: str | None = Field(default=None, description="the print shop's CMYK ICC profile, a file in the game "
                                "folder (`pnp build --shop`; default: pnp's own FOGRA39 profile)")
    greys: Literal["as-printed", "black-ink"] = Field(
        default="as-printed", description="how a print shop's file prints greys (R = G = B): as-printed, on the "
                                          "profile's neutral axis at their lightness; black-ink, on the black plate "
                                          "alone (pure black is 100 % K either way; `pnp build --shop`)")
    products: dict[str, str] = Field(default_factory=dict, description="a print shop product size by component "
                                     "name, e.g. {Items: poker} (`pnp build --shop`; see docs/print-shops.md)")


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


# the schema offers both forms, as pnp accepts both: an editor must not mark the short one red
FamilyEntry = Annotated[FontFamily, BeforeValidator(_family, json_schema_input_type=str | FontFamily)]


class RulebookFonts(Spec):
    """The rulebook's two faces: any built-in font or one of the game's `fonts:` families."""

    body: str = Field(default="serif", description="running text (its family's bold and italic serve **/*)")
    headings: str = Field(default="sans", description="headings, the title and the page furniture (set bold)")
# A rule's number: finite and of a sane size (a count, a limit, a share).
RuleNumber = Annotated[float, Field(ge=-1e9, le=1e9, allow_inf_nan=False)]


class RuleParameter(Spec):
    """One number the rules fix, declared once: the rulebook, cards, checks and simulators read it.

    `says` lists the phrases that state it in prose, `#` where the number stands
    ("# or more", "hand limit of #"): a literal number in such a phrase that
    disagrees with `value` is a referee finding. `limit` with `of` makes it a bound
    on quantities ("max" of [volume, weight]) that worked examples must respect.
    """

    value: RuleNumber = Field(description="the number the rules fix")
    means: str = Field(description="what it is, in the game's own words (quoted in findings)")
    says: list[str] = Field(default=[], max_length=50, description="phrases that state it in text, `#` where the number "
                                                    "stands, e.g. \"# or more\", \"hand limit of #\"")
    limit: Literal["max", "min"] | None = Field(default=None, description="the value bounds the quantities "
                                                                          "in `of` (in worked examples)")
    of: list[str] = Field(default=[], max_length=50, description="the words naming the bounded quantities, e.g. [volume, weight]")
    variant: Annotated[str, Field(min_length=1, max_length=80)] | None = Field(
        default=None, description="the variant this number belongs to, a word of its section's heading (Solo): "
                                  "text states it only there, and the base rules are not held there")


class BalanceExpectation(Spec):
    """A figure the game's own simulation must keep within bounds (`pnp simulate` names the figures)."""

    name: str
    figure: str = Field(description="a simulation figure, e.g. greedy_stuck_rate")
    at_most: RuleNumber | None = None
    at_least: RuleNumber | None = None
    message: str | None = None
    level: Literal["target", "rule"] = Field(default="target", description="`target` (the default): a design aim, "
                                             "a warning that fails only `pnp check --strict`; `rule`: the game's rules "
                                             "promise it, so a figure out of bounds fails `pnp check`")


class Balance(Spec):
    """What `pnp check` expects of the game's simulation: how many games, which seed, which bounds."""

    games: int = Field(default=300, ge=1, le=10_000, description="games the simulation plays (at most 10,000)")
    seed: int = 1
    expect: list[BalanceExpectation] = Field(default=[], max_length=100)


# The identity lines are printed on the rulebook's title page (players, time and ages in one table row
# that cannot split across pages), in its running header and on the web page: a bounded length keeps a
# pasted-in novel from costing minutes of line breaking or a layout that cannot be made.
Line = Annotated[str, Field(max_length=200)]
Fact = Annotated[str, Field(max_length=60)]


def _at_most_60(value: str | int) -> str | int:
    if isinstance(value, str) and len(value) > 60:
        raise ValueError(f"at most 60 characters, got {len(value):,}")
    return value


def _language_code(value: Any) -> Any:
    from pnp.models.langcodes import check

    return check(value)  # a ValueError naming what to write instead (jp → ja)


LanguageCode = Annotated[str, AfterValidator(_language_code)]


Words = list[Annotated[str, Field(min_length=1, max_length=80)]]


class RefereePhrases(Spec):
    """One language's additions to the referee's phrase table (pnp/data/referee/words.yaml; docs/referee.md)."""

    numbers: dict[Annotated[str, Field(min_length=1, max_length=80)], Annotated[int, Field(ge=0, le=10**9)]] = Field(
        default={}, max_length=200, description="number words pnp does not spell, e.g. {a score: 20}")
    cards: Words = Field(default=[], max_length=50, description="words for cards")
    deck: Words = Field(default=[], max_length=50, description="words for a deck or a pile")
    whole: Words = Field(default=[], max_length=50, description="phrases that count a whole deck, pile or kind: "
                         "`#` the number, `{cards}` a card word, `{deck}` a deck word, `{what}` what is counted")
    range: Words = Field(default=[], max_length=50, description="words joining a range's ends")
    at_least: Words = Field(default=[], max_length=50, description="words before a least (at least 3)")
    at_most: Words = Field(default=[], max_length=50, description="words before a most (up to 3)")
    or_more: Words = Field(default=[], max_length=50, description="words after a least (3 or more)")
    or_less: Words = Field(default=[], max_length=50, description="words after a most (3 or fewer)")
    parts: Words = Field(default=[], max_length=50, description="words for the parts of a thing (faces, sides)")
    dice: Words = Field(default=[], max_length=50, description="words for a die")
    example: Words = Field(default=[], max_length=50, description="the first word of a worked example")
    variant: Words = Field(default=[], max_length=50, description="heading words that mark a variant's section")
    not_fit: Words = Field(default=[], max_length=50, description="words saying an example's thing does not fit")
    players: Words = Field(default=[], max_length=50, description="words for players")
    minutes: Words = Field(default=[], max_length=50, description="words for minutes")


class RefereeReading(Spec):
    """How the referee reads the game's texts beyond pnp's own phrase table (docs/referee.md)."""

    names: dict[str, Words] = Field(default={}, max_length=200, description="other names the text uses for a deck, "
                                    "a pile or a kind, by the deck's name or the field value: {harbour: [Hafen, port]}")
    phrases: dict[LanguageCode, RefereePhrases] = Field(default={}, max_length=50,
                                                       description="phrases by language, added to pnp's own")


TargetName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9_-]*$")]


class Release(Spec):
    """What `pnp release` ships besides the home-print kits (docs/release.md)."""

    shops: list[TargetName] = Field(default=["pdfx4"], max_length=10, description="the print shops whose files "
                                    "each edition's release holds (`pnp build --shop` names: drivethrucards, tgc, "
                                    "mpc, printninja, pdfx4); default [pdfx4]")
    tables: list[TargetName] = Field(default=[], max_length=10, description="the tabletop exports each edition's "
                                     "release holds (`pnp export` targets: tts, cgs, tabletopia, …)")


class Game(Spec):
    title: Line
    subtitle: Line | None = None
    players: Annotated[str | int, AfterValidator(_at_most_60)] = Field(description="how many players, e.g. 1 or \"2-5\"")
    time: Fact | None = Field(default=None, description="playing time, e.g. \"20-30 minutes\"")
    ages: Fact | None = None
    designer: Line | None = None
    credits: list[Annotated[str, Field(max_length=500)]] = Field(default=[], max_length=100)
    version: Fact = "1.0"
    license: Line | None = None
    components: list[str] | None = Field(
        default=None, description="component spec files, in build order; default: every other *.yaml in the folder")
    rules: str | None = Field(default="rules.md", description="the rulebook source")
    strict: bool = Field(default=False, description="every warning fails the build, as `--strict` does (text that "
                                                    "does not fit, a missing glyph, …); without it, text that does "
                                                    "not fit is clipped to its box and marked there")
    family: str | None = Field(default=None, description="the rule family whose checks and simulations apply "
                                                          "(a registered `pnp.families` name; see docs/referee.md)")
    print: PrintDefaults = PrintDefaults()
    release: Release = Release()
    checks: list[DeclaredCheck] = []
    fonts: dict[str, FamilyEntry] = Field(
        default={}, description="the game's own font families: a name → its files (a path, or regular/bold/italic/"
                                "bold-italic); specs then use the name like a built-in font")
    fallback_fonts: list[str] = Field(
        default=[], description="fonts (built-in or the game's) that draw a character the chosen font lacks, "
                                "tried in order, e.g. a CJK font")
    rulebook_fonts: RulebookFonts = RulebookFonts()
    parameters: dict[str, RuleParameter | RuleNumber] = Field(
        default={}, max_length=500, description="the numbers the rules fix, by name (a number, or {value, means, says}); "
                                "templates read them as `parameters.NAME`; see docs/referee.md")
    balance: Balance | None = Field(default=None, description="simulation bounds `pnp check` holds the game to")
    referee: RefereeReading = Field(default_factory=RefereeReading, description="how the referee reads the game's "
                                    "texts: other names for decks and piles, phrases by language (docs/referee.md)")
    languages: list[LanguageCode] = Field(
        default=[], max_length=50, description="the languages of the game's editions, e.g. [en, de, ar, ja]: "
        "`pnp build` writes one edition each in output/<game>/<lang>/; translations are `key@lang` (docs/languages.md)")
    source_language: LanguageCode | None = Field(
        default=None, description="the language the designer writes in (default: the first of `languages`)")
    language_fonts: dict[LanguageCode, str] = Field(
        default={}, max_length=50, description="a font (built-in or the game's) for each language's own script, "
                                               "e.g. {ar: Noto Arabic, ja: Noto JP}; other characters keep their font")

    words: dict[str, Any] | str | None = Field(
        default=None, description="pnp's own words (players, Contents, \"62 cards\"…) as this game gives them, by "
                                  "language, e.g. {fr: {players: joueurs}}; or a file of the game folder holding that "
                                  "mapping (docs/languages.md)")

    @field_validator("source_language")
    @classmethod
    def _source_is_listed(cls, value, info):
        langs = info.data.get("languages") or []
        if value is not None and "languages" in info.data and value not in langs:
            raise ValueError(f"the source language '{value}' is not one of `languages` ({', '.join(langs) or 'none'})")
        return value

    @field_validator("parameters")
    @classmethod
    def _names_are_identifiers(cls, value: dict) -> dict:
        bad = [k for k in value if not str(k).isidentifier()]
        if bad:
            raise ValueError(f"a parameter name is a word of letters, digits and _ (templates read "
                             f"`parameters.NAME`), not '{bad[0]}'")
        return value

    def parameter_values(self) -> dict[str, int | float]:
        """name → value, what templates and simulators read."""
        values = {k: (v.value if isinstance(v, RuleParameter) else v) for k, v in self.parameters.items()}
        return {k: int(v) if float(v).is_integer() else v for k, v in values.items()}
