"""Card decks: size, bleed, layouts of named boxes, typed fields, cards, and rows of CSV files or spreadsheets."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, field_validator, model_validator
from typing_extensions import Annotated

# The boxes a layout is made of are the layout engine's (`pnp.layout.boxes`), named here too, as the
# deck's file format reads them.
from pnp.layout.boxes import (BOX_MODELS, Align, Box, BoxBase, BoxMap, BoxType, Crop, Dim, Fit, Font,  # noqa: F401
                              IconsBox, ImageBox, Layout, PictureAlign, ShapeBox, ShapeName, TextBox, VAlign,
                              box_keys)
from pnp.models.types import _LENGTH_SCHEMA, NonNegLength, Number, PositiveLength, Spec
from pnp.models.units import parse_length

MAX_BLEED = parse_length("10mm")  # print shops ask 3 mm, a few 5 mm; more is a slip (1000 read as mm)

# Trim sizes in millimetres (see PRINTING.md).
SIZE_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63, 88), "bridge": (57, 89), "tarot": (70, 120), "mini-euro": (44, 68),
    "mini-us": (41, 63), "square": (70, 70), "business": (50.8, 88.9),
    "poker-us": (63.5, 88.9), "token-30": (30, 30),
}


def _size(value: Any) -> Any:
    if isinstance(value, str):
        key = value.strip().lower()
        if key not in SIZE_PRESETS:
            from pnp.errors import did_you_mean

            raise ValueError(f"unknown card size '{value}'{did_you_mean(key, SIZE_PRESETS)} "
                             f"(presets: {', '.join(SIZE_PRESETS)}; or {{width: 63mm, height: 88mm}})")
        w, h = SIZE_PRESETS[key]
        return {"width": f"{w}mm", "height": f"{h}mm"}
    return value


class Size(Spec):
    width: PositiveLength
    height: PositiveLength


_SIZE_SCHEMA = {"anyOf": [
    {"type": "string", "enum": sorted(SIZE_PRESETS)},
    {"type": "object", "properties": {"width": _LENGTH_SCHEMA, "height": _LENGTH_SCHEMA},
     "required": ["width", "height"], "additionalProperties": False},
], "description": "a preset name or {width, height}"}


FieldType = Literal["text", "int", "number", "bool", "length", "icons", "list", "any"]


class FieldDef(Spec):
    """Declares a card field, so a mistyped field name or a wrong value is an error."""

    type: FieldType = Field(default="text", description="text, int, number, bool (true/false, yes/no), length "
                                                        "(12mm, 1in, 9pt; a bare number is mm; the value is in mm), "
                                                        "icons, list or any")
    required: bool = False
    min: Number | None = None
    max: Number | None = None
    choices: list[str] | None = None
    labels: dict[str, Annotated[str, Field(max_length=200)]] | None = Field(
        default=None, description="what the rulebook's component list calls the cards of each choice of a `kind` "
        "field: {item: item cards} reads \"48 item cards\" ({n} places the number); translate each with "
        "`item@fr:` beside it (docs/languages.md)")
    default: Any = None
    description: str | None = None

    @model_validator(mode="after")
    def _labels_name_choices(self):
        unknown = [k for k in (self.labels or {}) if k not in (self.choices or [])]
        if unknown:
            raise ValueError(f"`labels:` names '{unknown[0]}', which is not one of `choices:` "
                             f"({', '.join(self.choices or []) or 'none'})")
        return self


TEMPLATED_LAYOUT = "a layout name, or a template over the card's fields such as \"{{ type }}\""


class Side(Spec):
    layout: str | None = Field(default=None, description=TEMPLATED_LAYOUT)
    fields: dict[str, Any] = Field(default_factory=dict)
    boxes: BoxMap = Field(default_factory=dict, description="per-card overrides of layout boxes")


class Card(Spec):
    id: str | None = None
    count: int = Field(default=1, ge=0, le=10_000)
    # single-sided shorthand: the front
    layout: str | None = None
    fields: dict[str, Any] = Field(default_factory=dict)
    boxes: BoxMap = Field(default_factory=dict)
    # double-sided
    front: Side | None = None
    back: Side | None = None

    @field_validator("id")
    @classmethod
    def _id(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            raise ValueError("must not be empty")
        return v


class DataSource(Spec):
    """One table whose rows become cards: a CSV file, or worksheets of an .xlsx or .ods workbook."""

    file: str = Field(description="a .csv, .xlsx or .ods file in the game folder")
    sheet: str | list[str] | None = Field(default=None, description="the workbook's worksheet (tab), or several, by "
                                                                   "name (by default its first)")
    where: str | None = Field(default=None, description="only the rows where this is true become cards: an "
                                                        "expression over the columns, such as "
                                                        "\"{{ type == 'ship' }}\"")
    layout: str | None = Field(default=None, description="the front layout of these rows (" + TEMPLATED_LAYOUT
                                                         + "); a row's `layout` column comes first")
    back: str | None = Field(default=None, description="the back layout of these rows (a name or a template); "
                                                       "a row's `back` column comes first")


def _data_sources(value: Any) -> Any:
    """`data: items.csv`, `data: {file: …}` and a list of either all become a list of sources."""
    if value is None:
        return None
    items = value if isinstance(value, list) else [value]
    for item in items:
        if not isinstance(item, (str, dict)):
            raise ValueError(f"each entry must be a file name or {{file: …, sheet: …}}, got {item!r}")
    return [{"file": item} if isinstance(item, str) else item for item in items]


def _side(value: Any) -> Any:
    """`back: name` is short for `back: {layout: name}`."""
    if isinstance(value, str):
        return {"layout": value}
    if value is not None and not isinstance(value, dict):
        raise ValueError(f"must be a layout name or {{layout: …, fields: …}}, got {value!r}")
    return value


class _OneOrList:
    """JSON Schema of a list that may also be written as a single item or a file name."""

    def __get_pydantic_json_schema__(self, core_schema, handler):
        schema = handler(core_schema)
        return {"anyOf": [{"type": "string", "description": "a file name"}, schema["items"], schema]}


class _OrLayoutName:
    """JSON Schema of a side that may also be written as just its layout's name."""

    def __get_pydantic_json_schema__(self, core_schema, handler):
        return {"anyOf": [{"type": "string", "description": TEMPLATED_LAYOUT}, handler(core_schema)]}


DataSources = Annotated[list[DataSource], BeforeValidator(_data_sources), _OneOrList()]
DeckBack = Annotated[Side, BeforeValidator(_side), _OrLayoutName()]


class Deck(Spec):
    kind: Literal["deck"]
    name: str
    title: str | None = None
    size: Annotated[Size, BeforeValidator(_size), WithJsonSchema(_SIZE_SCHEMA)] = Field(
        description="a preset (poker, bridge, tarot, mini-euro, mini-us, square) or {width, height}")
    bleed: NonNegLength = Field(default=parse_length("3mm"), json_schema_extra={"default": "3mm"},
                                description="how far the art runs past the cut (print shops ask 3 mm, some 5; "
                                            "at most 10 mm)")
    safe: NonNegLength = Field(default=parse_length("3mm"), json_schema_extra={"default": "3mm"})
    corner_radius: NonNegLength = Field(default=parse_length("3mm"), json_schema_extra={"default": "3mm"})
    layout: str | None = Field(default=None, description="the layout of every front without its own: "
                                                         + TEMPLATED_LAYOUT)
    back: DeckBack | None = Field(default=None, description="the back of every card without its own: a layout "
                                                            "name or template, or {layout, fields}")
    layouts: dict[str, Layout] = Field(default_factory=dict)
    fields: dict[str, FieldDef] = Field(default_factory=dict)
    cards: list[Card] = Field(default_factory=list)
    data: DataSources | None = Field(default=None, description="tables whose rows become cards: a file name, "
                                                        "{file, sheet, where, layout, back}, or a list of them; "
                                                        "columns are fields, except id, count, layout and back")
    data_layout: str | None = Field(default=None, description="the front layout of every data row without a "
                                                              "`layout` column (" + TEMPLATED_LAYOUT + ")")
    piles: str | None = Field(default=None, description="a declared field whose value splits the deck into piles, "
                                                        "each shuffled face down on its own: the backs of one pile "
                                                        "must look alike, and may differ from another pile's")

    @field_validator("piles")
    @classmethod
    def _piles_name_a_field(cls, value: str | None, info) -> str | None:
        """`piles:` names a declared field (the referee splits the deck by its values): a misspelt one is
        a spec error at it, with the likely name."""
        from pnp.errors import did_you_mean

        fields = info.data.get("fields") or {}
        if value is not None and value not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise ValueError(f"'{value}' is not a field of the deck{did_you_mean(value, sorted(fields))} "
                             f"(its fields: {known})")
        return value

    @field_validator("bleed")
    @classmethod
    def _bleed_a_print_shop_uses(cls, value: float) -> float:
        if value > MAX_BLEED:
            raise ValueError(f"a bleed of {value / parse_length('1mm'):g} mm is more than any print shop asks for "
                             f"(at most {MAX_BLEED / parse_length('1mm'):g} mm; 3 mm is usual)")
        return value
