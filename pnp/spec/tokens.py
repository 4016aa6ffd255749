"""`kind: tokens` — sheets of shaped pieces: tokens with counts, one or two sides, player boards with
tracks, and radial charts (a star chart: arms of spaces around a centre).

Backs can be named once under `backs:` and shared, so that pieces which must be
shuffled face down (tomes) are guaranteed identical from behind.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import WithJsonSchema, BeforeValidator, Field
from typing_extensions import Annotated

from pnp.errors import Collector, did_you_mean
from pnp.spec.load import locate
from pnp.spec.deck import Size
from pnp.spec.types import _LENGTH_SCHEMA, Color, PositiveLength, Spec
from pnp.spec.validate import validate

MAX_TOKENS = 100_000  # pieces printed from one file, counts included: as many as the largest deck has cards

Shape = Literal["square", "rounded", "circle", "hexagon", "rect"]


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
    label: str | None = Field(default=None, description="a name printed at the foot")
    value: str | int | None = Field(default=None, description="a number or word in a corner badge (e.g. Health)")
    text: str | None = Field(default=None, description="small print: a rule or a reminder (**bold**, :icons:)")


class Track(Spec):
    """A row of numbered boxes on a player board, from 0 to `max`; a marker shows the current value."""

    name: str
    icon: str | None = None
    max: int = Field(ge=1, le=30)
    start: int | None = Field(default=None, description="where the marker starts (default: max)")
    color: Color = "#c62828"
    zero: str | None = Field(default=None, description="what happens at 0, printed under the 0 box")


class Chart(Spec):
    """A radial track: `arms` arms of `spaces` spaces each, leading to one centre space."""

    arms: int = Field(default=4, ge=1, le=8)
    spaces: int = Field(ge=1, le=12)
    icon: str | None = Field(default=None, description="drawn on each arm's outermost space (where a marker starts)")
    centre_icon: str | None = None
    centre_label: str | None = None


class Piece(Spec):
    id: str
    name: str | None = None
    shape: Shape = "rounded"
    size: Annotated[Size, BeforeValidator(_size), WithJsonSchema(_TOKEN_SIZE_SCHEMA)]
    count: int = Field(default=1, ge=0, le=500)
    front: Side = Field(default_factory=Side)
    back: Side | str | None = Field(default=None, description="a side, or the name of a shared back under `backs:`")
    tracks: list[Track] = Field(default_factory=list)
    chart: Chart | None = None


class Tokens(Spec):
    kind: Literal["tokens"]
    name: str
    title: str | None = None
    backs: dict[str, Side] = Field(default_factory=dict, description="named backs shared by several pieces")
    pieces: list[Piece]


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


@dataclass
class TokenSet:
    spec: Tokens
    raw: Any
    path: Path
    pieces: list[ResolvedPiece]

    def by_id(self, piece_id: str) -> ResolvedPiece | None:
        return next((p for p in self.pieces if p.spec.id == piece_id), None)


def load_tokens(path: Path, raw: Any, errors: Collector, icons: set[str]) -> TokenSet | None:
    spec = validate(Tokens, raw, errors)
    if spec is None:
        return None
    before = len(errors.errors)
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
        for j, t in enumerate(p.tracks):
            _check_icon(raw, where + ["tracks", j, "icon"], t.icon, errors, icons)
            if t.start is not None and not 0 <= t.start <= t.max:
                errors.error(locate(raw, where + ["tracks", j, "start"]), f"track '{t.name}': start {t.start} is "
                                                                          f"outside 0–{t.max}")
        if p.chart:
            _check_icon(raw, where + ["chart", "icon"], p.chart.icon, errors, icons)
            _check_icon(raw, where + ["chart", "centre_icon"], p.chart.centre_icon, errors, icons)
        pieces.append(ResolvedPiece(p, i, back, key))
    for name, side in spec.backs.items():
        _check_icons(raw, ["backs", name], side, errors, icons)
    total = sum(p.count for p in spec.pieces)
    if total > MAX_TOKENS:
        errors.error(locate(raw, ["pieces"]), f"the pieces come to {total:,} tokens (counts included); a tokens "
                                              f"file prints at most {MAX_TOKENS:,}")
    if len(errors.errors) > before:
        return None
    return TokenSet(spec, raw, path, pieces)


def _check_icons(raw, where: list, side: Side, errors: Collector, icons: set[str]) -> None:
    _check_icon(raw, where + ["icon"], side.icon, errors, icons)


def _check_icon(raw, where: list, name: str | None, errors: Collector, icons: set[str]) -> None:
    if name is not None and name not in icons:
        errors.error(locate(raw, where), f"unknown icon '{name}'{did_you_mean(name, icons)}")
