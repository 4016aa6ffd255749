"""`kind: tokens` — sheets of shaped pieces: tokens with counts, one or two sides, standees, player
boards with tracks, and radial tracks (arms of spaces leading from the rim to a centre).

Backs can be named once under `backs:` and shared, so that pieces which must be
shuffled face down are guaranteed identical from behind. Every piece is printed with
bleed (its edge colour runs past the cut), so a cut a little off shows no white.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import WithJsonSchema, BeforeValidator, Field
from typing_extensions import Annotated

from pnp.errors import Collector, did_you_mean
from pnp.reading.load import locate
from pnp.kinds.deck.models import Font, Size
from pnp.models.types import Line, _LENGTH_SCHEMA, Color, NonNegLength, Spec
from pnp.models.units import mm
from pnp.models.validate import validate
from pnp.models.retiredicons import icon_hint

MAX_TOKENS = 100_000  # pieces printed from one file, counts included: as many as the largest deck has cards
MAX_SIDE = mm(400)    # no piece is larger than the largest paper a kind prints on
MAX_BLEED = mm(6)
DEFAULT_BLEED = mm(2)  # less than a card's 3 mm: tokens are small, and each piece gets its own bleed all round

Shape = Literal["square", "rounded", "circle", "hexagon", "rect", "custom"]


def _size(value: Any) -> Any:
    """`16mm` (a square) or {width, height}."""
    if isinstance(value, (int, float, str)):
        return {"width": value, "height": value}
    return value


_TOKEN_SIZE_SCHEMA = {"anyOf": [_LENGTH_SCHEMA, {
    "type": "object", "properties": {"width": _LENGTH_SCHEMA, "height": _LENGTH_SCHEMA},
    "required": ["width", "height"], "additionalProperties": False}], "description": "a length (a square) or {width, height}"}


class Side(Spec):
    """One face of a piece."""

    fill: Color = "#ffffff"
    ink: Color = Field(default="#1c1c1c", description="colour of the icon, the label and the outline")
    icon: str | None = None
    label: Line | None = Field(default=None, description="a name printed at the foot")
    value: str | int | None = Field(default=None, description="a number or word in a corner badge (e.g. Health)")
    text: str | None = Field(default=None, description="small print: a rule or a reminder (**bold**, :icons:)")
    font: Font = Field(default="sans", description="the font of `text` (the label uses its condensed bold)")
    image: str | None = Field(default=None, description="an SVG in the game folder (art/…) drawn in the icon's place")


class Track(Spec):
    """A row of numbered spaces on a player board, from 0 to `max`; a marker shows the current value.

    Long tracks wrap onto more rows when the board has the room; one that cannot fit is an
    error at the track."""

    name: Line
    icon: str | None = None
    max: int = Field(ge=1, le=100)
    start: int | None = Field(default=None, description="where the marker starts (default: max)")
    every: int | None = Field(default=None, ge=2, le=100, description="every Nth space is marked (e.g. 5)")
    color: Color = "#c62828"
    zero: str | None = Field(default=None, description="what happens at 0, printed under the 0 box")


class Centre(Spec):
    """The space every arm of a radial track leads to."""

    icon: str | None = None
    label: Line | None = None
    fill: Color | None = Field(default=None, description="default: the side's fill, darkened")


class Radial(Spec):
    """A radial track: `arms` arms of `spaces` spaces each, from the rim in to one centre space.

    Spaces are numbered from the centre out (1 next to the centre) unless `labels` names them (in
    the same order). Around the spaces: `rings` dotted circles and `dots` seeded specks, both
    optional decoration; the side's label and text go in the gaps between arms, on knock-outs
    nothing else is drawn over."""

    arms: int = Field(default=4, ge=2, le=12)
    spaces: int = Field(ge=1, le=20)
    labels: list[str] | None = Field(default=None, description="one word per space, the one next to the centre first")
    icon: str | None = Field(default=None, description="drawn beside each arm's rim space (where a marker starts)")
    space: Color | None = Field(default=None, description="colour of a space (default: the side's fill, darkened)")
    start: Color | None = Field(default=None, description="colour of the rim space (default: as `space`)")
    centre: Centre = Field(default_factory=Centre)
    rings: int = Field(default=0, ge=0, le=10)
    dots: int = Field(default=0, ge=0, le=2000)
    dot_color: Color = "#ffffff"


class Standee(Spec):
    """A piece that stands up: front and back printed joined at a fold line (fold, glue), and a separate
    base strip with a marked slot the folded piece pushes into."""

    base: NonNegLength = Field(default=mm(20), description="depth of the base strip (its width is the piece's)")


class Piece(Spec):
    id: str
    name: Line | None = None
    shape: Shape = "rounded"
    size: Annotated[Size, BeforeValidator(_size), WithJsonSchema(_TOKEN_SIZE_SCHEMA)]
    outline: str | None = Field(default=None, description="`shape: custom`: an SVG in the game folder whose "
                                                          "paths are the cut line, stretched to the size")
    count: int = Field(default=1, ge=0, le=500)
    front: Side = Field(default_factory=Side)
    back: Side | str | None = Field(default=None, description="a side, or the name of a shared back under `backs:`")
    tracks: list[Track] = Field(default_factory=list, max_length=12)
    radial: Radial | None = None
    standee: Standee | None = None


class Tokens(Spec):
    kind: Literal["tokens"]
    name: Line
    title: Line | None = None
    bleed: NonNegLength = Field(default=DEFAULT_BLEED, json_schema_extra={"default": "2mm"},
                                description="the fill runs this far past every cut; pieces are spaced twice this")
    backs: dict[str, Side] = Field(default_factory=dict, description="named backs shared by several pieces")
    pieces: list[Piece] = Field(max_length=1000)


@dataclass
class ResolvedPiece:
    spec: Piece
    index: int
    back: Side | None
    back_key: str | None   # the shared back's name, or the piece's own id; equal keys draw the same art

    @property
    def w(self) -> float:
        return self.spec.size.width

    @property
    def h(self) -> float:
        return self.spec.size.height

    @property
    def name(self) -> str:
        return self.spec.name or self.spec.front.label or self.spec.id


@dataclass
class TokenSet:
    spec: Tokens
    raw: Any
    path: Path
    pieces: list[ResolvedPiece]

    def by_id(self, piece_id: str) -> ResolvedPiece | None:
        return next((p for p in self.pieces if p.spec.id == piece_id), None)


def load_tokens(path: Path, raw: Any, errors: Collector, icons: set[str]) -> TokenSet | None:
    before = len(errors.errors)
    spec = validate(Tokens, raw, errors, provisional=True)  # its faults, and the pieces' own, at once
    if spec is None:
        return None
    seen: dict[str, int] = {}
    pieces = []
    for i, p in enumerate(spec.pieces):
        where = ["pieces", i]
        if p.id in seen:
            errors.error(locate(raw, where + ["id"]), f"piece id '{p.id}' is used twice (first: piece {seen[p.id] + 1})")
        seen.setdefault(p.id, i)
        back, key = p.back, None
        if isinstance(back, str):
            if back not in spec.backs:
                errors.error(locate(raw, where + ["back"]), f"piece '{p.id}': unknown back '{back}'"
                                                          f"{did_you_mean(back, spec.backs)} (named backs: "
                                                          f"{', '.join(spec.backs) or 'none'})")
                continue
            back, key = spec.backs[back], f"backs:{back}"
        elif back is not None:
            key = f"piece:{p.id}"
        _check_icons(raw, where + ["front"], p.front, errors, icons)
        if isinstance(p.back, Side):
            _check_icons(raw, where + ["back"], p.back, errors, icons)
        for axis in ("width", "height"):
            if getattr(p.size, axis) > MAX_SIDE:
                errors.error(locate(raw, where + ["size"]), f"piece '{p.id}': {axis} "
                                                            f"{getattr(p.size, axis) / mm(1):.0f} mm is more than "
                                                            f"{MAX_SIDE / mm(1):.0f} mm")
        if (p.shape == "custom") != (p.outline is not None):
            errors.error(locate(raw, where + (["outline"] if p.outline else ["shape"])),
                         f"piece '{p.id}': `shape: custom` and `outline:` (an SVG cut line) go together")
        kinds = [k for k in ("tracks", "radial", "standee") if getattr(p, k)]
        if len(kinds) > 1:
            errors.error(locate(raw, where + [kinds[1]]), f"piece '{p.id}': a piece is a board with tracks, a "
                                                           f"radial track or a standee, not {' and '.join(kinds)}")
        for j, t in enumerate(p.tracks):
            _check_icon(raw, where + ["tracks", j, "icon"], t.icon, errors, icons)
            if t.start is not None and not 0 <= t.start <= t.max:
                errors.error(locate(raw, where + ["tracks", j, "start"]), f"track '{t.name}': start {t.start} is "
                                                                          f"outside 0–{t.max}")
        if p.radial:
            r = p.radial
            _check_icon(raw, where + ["radial", "icon"], r.icon, errors, icons)
            _check_icon(raw, where + ["radial", "centre", "icon"], r.centre.icon, errors, icons)
            from pnp.models.icontext import icons_in

            for key, words in [(["labels", k], w) for k, w in enumerate(r.labels or [])] + \
                              [(["centre", "label"], r.centre.label or "")]:
                for name in dict.fromkeys(icons_in(words)):
                    _check_icon(raw, where + ["radial"] + key, name, errors, icons)
            if r.labels is not None and len(r.labels) != r.spaces:
                errors.error(locate(raw, where + ["radial", "labels"]), f"piece '{p.id}': {len(r.labels)} labels "
                                                                         f"for {r.spaces} spaces (one per space)")
        if p.standee and p.back is None:
            errors.error(locate(raw, where + ["standee"]), f"piece '{p.id}': a standee needs a `back:` "
                                                            f"(the side seen from behind)")
        pieces.append(ResolvedPiece(p, i, back, key))
    for name, side in spec.backs.items():
        _check_icons(raw, ["backs", name], side, errors, icons)
    total = sum(p.count for p in spec.pieces)
    if total > MAX_TOKENS:
        errors.error(locate(raw, ["pieces"]), f"the pieces come to {total:,} tokens (counts included); a tokens "
                                              f"file prints at most {MAX_TOKENS:,}")
    if spec.bleed > MAX_BLEED:
        errors.error(locate(raw, ["bleed"]), f"bleed {spec.bleed / mm(1):.1f} mm is more than "
                                             f"{MAX_BLEED / mm(1):.0f} mm")
    if len(errors.errors) > before:
        return None
    return TokenSet(spec, raw, path, pieces)


def _check_icons(raw, where: list, side: Side, errors: Collector, icons: set[str]) -> None:
    """The side's icon and every :icon: written in its label and text."""
    from pnp.models.icontext import icons_in

    _check_icon(raw, where + ["icon"], side.icon, errors, icons)
    for key in ("label", "text"):
        for name in dict.fromkeys(icons_in(getattr(side, key) or "")):
            _check_icon(raw, where + [key], name, errors, icons)


def _check_icon(raw, where: list, name: str | None, errors: Collector, icons: set[str]) -> None:
    if name is not None and name not in icons:
        errors.error(locate(raw, where), f"unknown icon '{name}'{icon_hint(name, icons)}")
