"""The board spec as the designer writes it: the game's own space types, its map (a square or hex
text map, or named nodes joined by routes), locations, pieces placed per scenario, and tracks.

Nothing here names a game: every space type, location and piece is declared in the spec with its
look, so a hex wargame, a route game and a town map are all described with the same keys.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from pnp.models.fontnames import FontName
from pnp.models.types import Line, Color, Length, NonNegLength, PositiveLength, Spec
from pnp.models.units import parse_length

Pattern = Literal["studs", "waves", "planks", "shelves", "cross", "hatch", "dots"]
MAX_HEALTH = 99


class SpaceType(Spec):
    """One kind of space, named by the game: how it looks and what a figure may do there."""

    name: Line | None = Field(default=None, description="the name the rulebook uses (default: the type's id)")
    walk: bool = Field(default=False, description="a figure can stand on and move through it")
    footprint: bool = Field(default=False, description="part of a location's building: drawn as one block "
                                                       "with the location's name and icon; never walked on")
    front: bool = Field(default=False, description="the space in front of a location, where a figure stops to "
                                                   "visit it (needs walk: true and must touch the footprint)")
    fill: Color | None = Field(default=None, description="the space's colour")
    pattern: Pattern | None = Field(default=None, description="drawn over the fill: studs, waves, planks, shelves, "
                                                               "cross, hatch or dots")
    pattern_color: Color | None = Field(default=None, description="the pattern's colour")
    outline: Color | None = Field(default=None, description="a line round the space")
    icon: str | None = Field(default=None, description="an icon drawn in the middle (`pnp icons` lists them)")
    icon_color: Color | None = None
    image: str | None = Field(default=None, description="a picture in the game folder (e.g. art/ruin.svg) fitted in the space")
    label: Line | None = Field(default=None, description="a short text printed on the space")

    @model_validator(mode="after")
    def _consistent(self) -> "SpaceType":
        if self.footprint and (self.walk or self.front):
            raise ValueError("a footprint space is part of a building: it cannot also be walk or front")
        if self.front and not self.walk:
            raise ValueError("a front space is where a figure stops: give it walk: true")
        return self


def _or_a_type_name(schema: dict) -> None:
    """In the JSON Schema, a legend entry may also be written as just the space type's name."""
    entry = dict(schema)
    schema.clear()
    schema.update({"title": entry.get("title", "LegendEntry"),
                   "anyOf": [{"type": "string", "description": "a space type declared under `spaces:`"}, entry]})


class LegendEntry(Spec):
    """What one map character means: a space type, and the location it belongs to."""

    model_config = ConfigDict(**Spec.model_config, json_schema_extra=_or_a_type_name)

    space: str = Field(description="a space type declared under `spaces:`")
    location: str | None = Field(default=None, description="the location a footprint or front space belongs to")
    color: Color | None = Field(default=None, description="repaints this character's spaces")

    @model_validator(mode="before")
    @classmethod
    def _bare_name(cls, data: Any) -> Any:
        if isinstance(data, dict) and "kind" in data and "space" not in data:
            raise ValueError("a legend entry names a space type declared under `spaces:` (e.g. `space: road`); "
                             "`kind:` and `style:` are gone: declare each kind of space with its look instead")
        return {"space": data} if isinstance(data, str) else data


class Location(Spec):
    name: Line
    short: str | None = Field(default=None, description="the label printed on the board (default: name)")
    color: Color | None = Field(default=None, description="the building's roof colour")
    icon: str | None = None


class Piece(Spec):
    """A figure or marker a scenario places on the board (a monster, an army, a ship)."""

    name: Line | None = Field(default=None, description="its name in texts (default: the piece's id)")
    icon: str | None = None
    color: Color | None = Field(default=None, description="the colour of its marks on the board")
    health: int = Field(default=1, ge=1, le=MAX_HEALTH, description="its health when a scenario gives none")
    mark: bool = Field(default=False, description="print where the first scenario places it (and where it goes) "
                                                  "on the board itself")


class Placement(Spec):
    piece: str = Field(description="a piece declared under `pieces:`")
    at: str = Field(description="where it starts: a location id (its front space), a space such as C7, or a node")
    to: str | None = Field(default=None, description="where it heads, if it moves towards a goal")
    health: int | None = Field(default=None, ge=1, le=MAX_HEALTH)


class Scenario(Spec):
    id: str
    name: Line
    text: str | None = None
    pieces: list[Placement] = Field(default_factory=list)


class HexGrid(Spec):
    """How a hex map's text rows become hexes."""

    orientation: Literal["flat", "pointy"] = Field(default="flat", description="flat-top or pointy-top hexes")
    offset: Literal["odd", "even"] = Field(default="odd", description="which columns (flat) or rows (pointy) "
                                                                       "are shoved half a hex")
    coords: Literal["offset", "axial"] = Field(default="offset", description="labels as column letter + row "
                                                                               "(C7) or as axial q,r")
    labels: bool = Field(default=True, description="print each hex's coordinate in it")


class Node(Spec):
    """A named place on a point-to-point map."""

    at: tuple[Length, Length] = Field(description="x, y from the map's top-left corner, e.g. [40mm, 25mm]")
    space: str = Field(description="a space type declared under `spaces:` (its look)")
    label: Line | None = Field(default=None, description="printed by the node (default: the node's id)")


class Connection(Spec):
    """A route between two nodes."""

    start: str = Field(alias="from", description="a node id")
    end: str = Field(alias="to", description="a node id")
    segments: int = Field(default=0, ge=0, le=20, description="drawn as this many equal boxes along the route "
                                                               "(0: a plain line)")
    bend: Length = Field(default=0.0, description="how far the route's middle bows sideways (0: straight)")
    color: Color | None = Field(default=None, description="the line or boxes' colour")


class Track(Spec):
    """A numbered track: a score track round the board's edge, or a turn track in rows under the map."""

    name: Line
    first: int = Field(default=0, ge=0, le=999, alias="from")
    last: int = Field(alias="to", ge=0, le=999)
    layout: Literal["edge", "rows"] = Field(default="edge", description="edge: round the board, clockwise "
                                                                         "from the top-left; rows: under the map")
    space: PositiveLength = Field(default=parse_length("12mm"), description="one track space (at most 40 mm)")
    every: int = Field(default=5, ge=1, le=999, description="every Nth space is marked bigger")
    color: Color | None = None

    @field_validator("space")
    @classmethod
    def _space(cls, value: float) -> float:
        if not parse_length("4mm") <= value <= parse_length("40mm"):
            raise ValueError("a track space is 4 to 40 mm")
        return value


class BoardFonts(Spec):
    """The faces a board prints in: pnp's built-in fonts or the game's own (`fonts:` in game.yaml)."""

    title: FontName = Field(default="serif-bold", description="the board's title on its poster")
    heading: FontName = Field(default="sans-bold", description="the assembly page's heading and the key's")
    names: FontName = Field(default="condensed", description="names on the map: locations, nodes, badges "
                                                             "(a narrow face, so that they fit)")
    bold: FontName = Field(default="sans-bold", description="coordinates round the frame, space labels, track "
                                                            "names and numbers, tile labels")
    text: FontName = Field(default="sans", description="the scale note, the key's words, a scenario's words, "
                                                       "the assembly page's instructions")


class Board(Spec):
    kind: Literal["board"]
    name: Line
    title: Line | None = None
    shape: Literal["square", "hex", "points"] = Field(default="square", description="square: a text map of "
                                                      "squares; hex: a text map of hexes; points: nodes and routes")
    cell: PositiveLength = Field(default=parse_length("16mm"), description="the side of one square, or a hex's "
                                 "flat-to-flat width, or a node's diameter (at most 100 mm)")
    cell_note: str | None = Field(default=None, description="what a space's size is, for the assembly page "
                                                            "(e.g. a LEGO 2 x 2 tile)")
    border: NonNegLength = Field(default=parse_length("8mm"), description="frame around the map (coordinates)")
    background: str | None = Field(default=None, description="a picture in the game folder (art/map.jpg, PNG, "
                                                             "JPEG, WebP, GIF or SVG) covering the whole board "
                                                             "under its spaces; on a points map, the map itself")
    spaces: dict[str, SpaceType] = Field(description="the game's space types, by the names the game uses")
    start: str | None = Field(default=None, description="where figures start: every walkable space must be "
                                                        "reachable from it (a location id, a space or a node)")
    map: str | list[str] | None = Field(default=None, description="square and hex: one text row per board "
                                                                  "row, one character per space")
    legend: dict[str, LegendEntry] = Field(default_factory=dict)
    hex: HexGrid = Field(default_factory=HexGrid)
    size: tuple[PositiveLength, PositiveLength] | None = Field(default=None, description="points: the map's "
                                                                                        "width and height")
    nodes: dict[str, Node] = Field(default_factory=dict)
    connections: list[Connection] = Field(default_factory=list)
    locations: dict[str, Location] = Field(default_factory=dict)
    pieces: dict[str, Piece] = Field(default_factory=dict)
    scenarios: list[Scenario] = Field(default_factory=list)
    tracks: list[Track] = Field(default_factory=list)
    fonts: BoardFonts = Field(default_factory=BoardFonts, description="the faces the board prints in")

    @field_validator("cell")
    @classmethod
    def _cell_size(cls, value: float) -> float:
        if value > parse_length("100mm"):
            raise ValueError(f"a space of {value / parse_length('1mm'):g} mm is too large (at most 100 mm)")
        return value
