"""Card decks: size, bleed, layouts of named boxes, typed fields, cards, and rows of CSV files or spreadsheets."""
from __future__ import annotations

from typing import Any, ClassVar, Literal, Union

from pydantic import BeforeValidator, Discriminator, Field, Tag, WithJsonSchema, field_validator
from typing_extensions import Annotated

from pnp.models.types import (_LENGTH_SCHEMA, Angle, Color, DashPattern, NonNegLength, NonNegPoints, Number,
                             PositiveLength, PositivePoints, Spec, TemplatedColor, Text)
from pnp.models.paint import Fill
from pnp.models.validate import RawCheck, warn_once
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


def _dim(value: Any) -> Any:
    """A box coordinate: a length, or a percentage of the card (resolved at layout time)."""
    result = parse_length(value, allow_percent=True)
    return list(result) if isinstance(result, tuple) else result


_DIM_SCHEMA = {"anyOf": [{"type": "number", "description": "millimetres"},
                         {"type": "string", "pattern": r"^\s*-?(\d+(\.\d+)?|\.\d+)\s*(mm|cm|in|pt|%)?\s*$"}],
               "description": "a length (a bare number is mm) or a percentage of the card"}
Dim = Annotated[Any, BeforeValidator(_dim), WithJsonSchema(_DIM_SCHEMA)]

def _font(value: Any) -> str:
    from pnp.models.fontnames import check_font_name

    return check_font_name(value)  # built-in names and the game's own families


BoxType = Literal["text", "icons", "image", "shape"]
ShapeName = Literal["rect", "rounded", "circle", "ellipse", "line", "hexagon", "diamond"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
Font = Annotated[str, BeforeValidator(_font)]


class BoxBase(Spec):
    """The keys every box has: its type, where it is, when it shows and how it is turned.

    Positions are from the card's top-left trim corner.
    """

    type: str = "text"
    x: Dim = Field(default=0, description="a length (a bare number is mm) or a percentage of the card, such as \"50%\"")
    y: Dim = Field(default=0, description="a length (a bare number is mm) or a percentage of the card")
    width: Dim = Field(default=["%", 1.0], description="a length (a bare number is mm) or a percentage of the card",
                       json_schema_extra={"default": "100%"})
    height: Dim = Field(default=["%", 1.0], description="a length (a bare number is mm) or a percentage of the card",
                        json_schema_extra={"default": "100%"})
    show_if: str | None = Field(default=None, description="a field name or Jinja2 expression; the box is drawn only when it is true")
    rotate: Angle = Field(default=0, description="degrees, clockwise")


class _Lettering(Spec):
    """The keys of a box that writes text."""

    text: Text | None = Field(default=None, description="Jinja2 template over the card's fields; :icon: inline, **bold**, *italic*")
    font: Font = "sans"
    size: PositivePoints = Field(default=9.0, description="the font size (a bare number is points)")
    min_size: PositivePoints = Field(default=6.0, description="the smallest size the text may shrink to so that it fits "
                                                              "(a bare number is points)")
    color: TemplatedColor = "#000000"
    align: Align = "left"
    valign: VAlign = "top"
    leading: float = Field(default=1.2, ge=0.8, le=3, description="line height, as a multiple of the font size")


class TextBox(_Lettering, BoxBase):
    """`type: text` (the default): text in the card's fonts, shrunk to fit."""

    type: Literal["text"] = "text"
    # keys of other box types, read by code that walks every box: never set on a text box
    icons: ClassVar[None] = None
    src: ClassVar[None] = None
    fill: ClassVar[None] = None
    stroke: ClassVar[None] = None


class IconsBox(BoxBase):
    """`type: icons`: a row of icons, shrunk to fit the box's width."""

    type: Literal["icons"] = "icons"
    icons: str | list[str] | None = Field(default=None, description="icon names, or a field name holding them")
    icon_size: PositiveLength | None = Field(default=None, description="the side of one icon (default: the box's height)")
    gap: NonNegLength = Field(default=1.0, description="the space between icons", json_schema_extra={"default": "1pt"})
    color: TemplatedColor = "#000000"
    align: Align = "left"
    valign: VAlign = "top"
    text: ClassVar[None] = None
    src: ClassVar[None] = None
    fill: ClassVar[None] = None
    stroke: ClassVar[None] = None


Fit = Literal["contain", "cover", "stretch", "none"]
PictureAlign = Literal["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]


class Crop(Spec):
    """The part of a picture to show, in its pixels (an SVG's own units), from its top-left corner."""

    x: float = Field(default=0, ge=0, le=1_000_000)
    y: float = Field(default=0, ge=0, le=1_000_000)
    width: float = Field(gt=0, le=1_000_000)
    height: float = Field(gt=0, le=1_000_000)


class ImageBox(BoxBase):
    """`type: image`: a picture from the game folder (SVG, PNG, JPEG, WebP or GIF), or one icon, fitted to the box."""

    type: Literal["image"] = "image"
    src: Text | None = Field(default=None, description="art/<file> (.svg, .png, .jpg, .webp, .gif), or icon:<name>; "
                                                       "may use Jinja2, e.g. art/{{ id }}.png")
    color: TemplatedColor = Field(default="#000000", description="the colour of an icon:<name> picture")
    fit: Fit = Field(default="contain", description="contain: all of it, as large as fits; cover: fill the box, "
                                                    "cutting off what sticks out; stretch: fill the box, aspect "
                                                    "ratio ignored; none: the picture's own print size")
    align: PictureAlign = Field(default="center", description="where the picture sits when it does not fill the box "
                                                              "(or which part shows with cover)")
    turn: Angle = Field(default=0, description="degrees clockwise: the picture turned inside its box before it is "
                                               "fitted (`rotate` turns the whole box)")
    crop: Crop | None = Field(default=None, description="show only this part of the picture (pixels)")
    bleed: bool = Field(default=False, description="stretch the box out to the bleed edge on every side where it "
                                                   "touches the card's edge (full-art cards)")
    text: ClassVar[None] = None
    icons: ClassVar[None] = None
    fill: ClassVar[None] = None
    stroke: ClassVar[None] = None


class ShapeBox(_Lettering, BoxBase):
    """`type: shape`: a filled or stroked shape, with optional text inside (the text keys apply only with `text`)."""

    type: Literal["shape"] = "shape"
    shape: ShapeName = "rect"
    fill: Fill | None = Field(default=None, description="a colour, a template like {{ color }}, or a gradient: "
                                                         "{linear: {angle, stops}} or {radial: {center, radius, stops}}")
    stroke: TemplatedColor | None = None
    stroke_width: NonNegPoints = Field(default=0.5, description="the width of the outline (a bare number is points)")
    radius: NonNegLength = Field(default=0, description="corner radius of a rect or rounded shape")
    dash: DashPattern | None = Field(default=None, description="dash lengths in points, on and off in turn")
    opacity: float = Field(default=1.0, ge=0, le=1)
    icons: ClassVar[None] = None
    src: ClassVar[None] = None


BOX_MODELS: dict[str, type[BoxBase]] = {"text": TextBox, "icons": IconsBox, "image": ImageBox, "shape": ShapeBox}
# keys of a shape that only matter when it writes text
_LETTERING_ONLY = frozenset(_Lettering.model_fields) - {"text", "color"}


def _box_type(value: Any) -> str | None:
    """The model a box is checked against: its `type`, text when it has none."""
    kind = value.get("type", "text") if isinstance(value, dict) else getattr(value, "type", None)
    return f"{kind} box" if isinstance(kind, str) and kind in BOX_MODELS else None


def box_keys(raw: Any, errors) -> Any:
    """Before a box is validated: an unknown `type` is an error; a key of another box type is a warning and dropped.

    A key no box type has is left in place, so validation reports it with a did-you-mean.
    """
    from pnp.errors import did_you_mean
    from pnp.reading.load import LDict, locate

    if not isinstance(raw, LDict):
        return raw
    kind = raw.get("type", "text")
    if not isinstance(kind, str) or kind not in BOX_MODELS:
        errors.error(locate(raw, ["type"]), f"'type' must be one of {', '.join(BOX_MODELS)}, got {kind!r}"
                                            f"{did_you_mean(str(kind), BOX_MODELS)}")
        return None
    own = set(BOX_MODELS[kind].model_fields)
    lettering = kind != "shape" or raw.get("text") is not None
    foreign = [k for k in raw if (k not in own and any(k in m.model_fields for m in BOX_MODELS.values()))
               or (not lettering and k in _LETTERING_ONLY)]
    if not foreign:
        return raw
    for key in foreign:
        if key in own:
            message = f"'{key}' does not apply to a shape box without `text`; it is ignored"
        else:
            where = ", ".join(k for k, m in BOX_MODELS.items() if key in m.model_fields)
            message = f"'{key}' does not apply to a{'n' if kind[0] in 'aeiou' else ''} {kind} box; it is ignored " \
                      f"(it is a key of {where} boxes)"
        warn_once(errors, locate(raw, [key], key=True), message)
    kept = LDict((k, v) for k, v in raw.items() if k not in foreign)
    kept.share_positions(raw)
    return kept


class _AnyBoxType:
    """In JSON Schema a box may match several types: a child's override without `type` fits more than one."""

    def __get_pydantic_json_schema__(self, core_schema, handler):
        schema = handler(core_schema)
        if "oneOf" in schema:
            schema["anyOf"] = schema.pop("oneOf")
        return schema


Box = Annotated[Union[Annotated[TextBox, Tag("text box")], Annotated[IconsBox, Tag("icons box")],
                      Annotated[ImageBox, Tag("image box")], Annotated[ShapeBox, Tag("shape box")]],
                Discriminator(_box_type), _AnyBoxType(), RawCheck(box_keys)]


def _as_given(value: Any) -> Any:
    return value


# Boxes stay raw mappings here (a child layout's box and a card's override are merged key by key before
# they are checked as a Box), but the JSON Schema describes them as boxes so that editors complete their keys.
BoxMap = Annotated[dict[str, dict], BeforeValidator(_as_given, json_schema_input_type=dict[str, Box])]


class Layout(Spec):
    extends: str | None = None
    background: Color | None = None
    boxes: BoxMap = Field(default_factory=dict, description="name → box; a child layout's box overrides the parent's keys")


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
    default: Any = None
    description: str | None = None


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
    """One table whose rows become cards: a CSV file, or sheets of an .xlsx or .ods workbook."""

    file: str = Field(description="a .csv, .xlsx or .ods file in the game folder")
    sheet: str | list[str] | None = Field(default=None, description="the workbook's sheet, or several, by name "
                                                                   "(by default its first sheet)")
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

    @field_validator("bleed")
    @classmethod
    def _bleed_a_print_shop_uses(cls, value: float) -> float:
        if value > MAX_BLEED:
            raise ValueError(f"a bleed of {value / parse_length('1mm'):g} mm is more than any print shop asks for "
                             f"(at most {MAX_BLEED / parse_length('1mm'):g} mm; 3 mm is usual)")
        return value
