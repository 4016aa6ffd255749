"""`kind: dice` — custom dice: the file's model, and faces resolved into parts with located errors.

A face is written as one string whose parts are joined with `+` (`hit+skull+4`):
each part is a number, a symbol declared under `symbols:`, or a built-in icon.
Resolving turns every face into `Face` parts once, so the drawing code, the
referee and the rulebook all read the same thing and never re-parse strings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema

from pnp.errors import Collector, did_you_mean
from pnp.reading.load import locate
from pnp.models.types import Line, Color, PositiveLength, Spec
from pnp.models.units import mm, parse_length
from pnp.models.retiredicons import icon_hint

FACES = 6
MAX_PARTS = 3      # more parts than this are not legible on a 15.8 mm tile
MAX_COLOURS = 2    # one colour fills the tile, two split it diagonally
TILE_PRESETS = {"lego-2x2": mm(15.8), "lego-1x1": mm(7.8), "d6-16mm": mm(16)}
DEFAULT_NET_EDGE = mm(20)
_NUMBER = re.compile(r"^\d{1,3}$")


def _tile(value: Any) -> float:
    if isinstance(value, str) and value.strip().lower() in TILE_PRESETS:
        return TILE_PRESETS[value.strip().lower()]
    try:
        points = parse_length(value)
    except ValueError as e:
        raise ValueError(f"{e}; or a preset: {', '.join(TILE_PRESETS)}"
                         f"{did_you_mean(str(value), TILE_PRESETS)}") from None
    if not mm(3) <= points <= mm(60):
        raise ValueError(f"a tile must be between 3 mm and 60 mm, got '{value}'")
    return points


def _face_text(value: Any) -> Any:
    """A bare number is a face too (`faces: [1, 2, 3, 4, 5, 6]`)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


Tile = Annotated[float, BeforeValidator(_tile), WithJsonSchema({
    "anyOf": [{"enum": list(TILE_PRESETS)}, {"type": "number"}, {"type": "string"}],
    "description": "lego-2x2 (15.8 mm), lego-1x1 (7.8 mm), d6-16mm, or a length such as 18mm"})]
FaceText = Annotated[str, BeforeValidator(_face_text), WithJsonSchema({
    "type": ["string", "integer"], "description": "parts joined with +: a number, a symbol or an icon, e.g. hit+6"})]


class DiceSymbol(Spec):
    """A name used in faces: an icon, a tile colour, and the words it stands for."""

    icon: str | None = Field(default=None, description="a built-in icon (or one from art/icons/)")
    color: Color | None = Field(default=None, description="the tile's colour when this symbol is on a face")
    label: Line | None = Field(default=None, description="what it means, shown in the key; drawn when there is no icon")


class Die(Spec):
    id: str = Field(min_length=1, description="a short name the rules and referee use, e.g. investigator")
    name: Line | None = Field(default=None, description="printed beside the tiles and the net, e.g. Investigator die")
    faces: list[FaceText] = Field(description="six faces; face i is opposite face 7-i on the paper die")


class DiceFile(Spec):
    kind: Literal["dice"]
    tile: Tile = Field(default=TILE_PRESETS["lego-2x2"], description="face size on the tile sheet",
                       json_schema_extra={"default": "lego-2x2"})
    net_edge: PositiveLength = Field(default=DEFAULT_NET_EDGE, description="edge of the paper die (cube net)")
    symbols: dict[str, DiceSymbol] = Field(default_factory=dict)
    dice: list[Die] = Field(min_length=1)


@dataclass(frozen=True)
class Part:
    """One part of a face: a number, or a symbol (an icon and/or a colour)."""

    name: str                 # as written: "6", "hit", "red"
    number: int | None = None
    icon: str | None = None
    color: str | None = None
    label: str | None = None


@dataclass(frozen=True)
class Face:
    text: str                 # normalised: parts joined with "+"
    parts: tuple[Part, ...]

    @property
    def number(self) -> int | None:
        return next((p.number for p in self.parts if p.number is not None), None)

    @property
    def names(self) -> tuple[str, ...]:
        """The non-number parts, as written (the referee asks `"skull" in face.names`)."""
        return tuple(p.name for p in self.parts if p.number is None)

    @property
    def colors(self) -> tuple[str, ...]:
        return tuple(p.color for p in self.parts if p.color and p.color != "none")

    @property
    def icons(self) -> tuple[Part, ...]:
        """Parts drawn as a picture: an icon, or (without one) a label."""
        return tuple(p for p in self.parts if p.number is None and (p.icon or (p.label and not p.color)))


@dataclass(frozen=True)
class ResolvedDie:
    id: str
    name: str
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class ResolvedDice:
    """What `kind: dice` loads to: every die with resolved faces, and the sizes to print at."""

    tile: float       # points
    net_edge: float   # points
    dice: tuple[ResolvedDie, ...]
    symbols: dict     # name → DiceSymbol, for the key
    source: str       # the file, as shown in errors

    def die(self, die_id: str) -> ResolvedDie:
        return next(d for d in self.dice if d.id == die_id)


def resolve_dice(spec: DiceFile, raw: Any, icon_names: set[str], errors: Collector, source: str) -> ResolvedDice | None:
    """Check symbols and faces, reporting each mistake at its place in the file."""
    before = len(errors.errors)
    for name, sym in spec.symbols.items():
        if sym.icon and sym.icon not in icon_names:
            errors.error(locate(raw, ["symbols", name, "icon"]),
                         f"unknown icon '{sym.icon}'{icon_hint(sym.icon, icon_names) or ' (see `pnp icons`)'}")
        if not (sym.icon or sym.color or sym.label):
            errors.error(locate(raw, ["symbols", name], key=True),
                         f"symbol '{name}' needs an icon, a color or a label")
        if _NUMBER.match(str(name)) or "+" in str(name):
            errors.error(locate(raw, ["symbols", name], key=True),
                         f"a symbol name cannot be a number or contain '+': '{name}'")
    seen: dict[str, int] = {}
    dice = []
    for i, die in enumerate(spec.dice):
        if die.id in seen:
            first = locate(raw, ["dice", seen[die.id], "id"])
            errors.error(locate(raw, ["dice", i, "id"]), f"duplicate die id '{die.id}' (first at line {first.line})")
        seen.setdefault(die.id, i)
        if len(die.faces) != FACES:
            where = ["dice", i, "faces", FACES] if len(die.faces) > FACES else ["dice", i, "faces"]
            errors.error(locate(raw, where), f"die '{die.id}' has {len(die.faces)} faces; a die has {FACES}")
        faces = []
        for j, text in enumerate(die.faces):
            face = _resolve_face(text, spec.symbols, icon_names, errors, locate(raw, ["dice", i, "faces", j]))
            if face is not None:
                faces.append(face)
        dice.append(ResolvedDie(die.id, die.name or die.id.replace("-", " ").capitalize(), tuple(faces)))
    if len(errors.errors) > before:
        return None
    return ResolvedDice(spec.tile, spec.net_edge, tuple(dice), dict(spec.symbols), source)


def _resolve_face(text: str, symbols: dict[str, DiceSymbol], icon_names: set[str], errors: Collector,
                  pos) -> Face | None:
    names = [p.strip() for p in str(text).split("+")]
    if any(not n for n in names):
        errors.error(pos, f"face '{text}' has an empty part (parts are joined with a single '+')")
        return None
    parts, ok = [], True
    for n in names:
        if _NUMBER.match(n):
            parts.append(Part(n, number=int(n)))
        elif n in symbols:
            s = symbols[n]
            parts.append(Part(n, icon=s.icon, color=s.color, label=s.label))
        elif n in icon_names:
            parts.append(Part(n, icon=n))
        else:
            hint = did_you_mean(n, set(symbols) | icon_names) or \
                " (declare it under `symbols:` or use a built-in icon; see `pnp icons`)"
            errors.error(pos, f"unknown symbol '{n}' in face '{text}'{hint}")
            ok = False
    if not ok:
        return None
    face = Face("+".join(names), tuple(parts))
    if len(parts) > MAX_PARTS:
        errors.error(pos, f"face '{text}' has {len(parts)} parts; at most {MAX_PARTS} stay legible on a tile")
    elif sum(p.number is not None for p in parts) > 1:
        errors.error(pos, f"face '{text}' has more than one number")
    elif len(face.colors) > MAX_COLOURS:
        errors.error(pos, f"face '{text}' has {len(face.colors)} colours; a tile shows at most {MAX_COLOURS}")
    return face
