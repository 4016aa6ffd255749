"""The boxes a layout is made of — text, icons, image, shape — and where a box lies in a piece.

The one engine's models (docs/layout-engine.md): a card's layouts, the `kind: layouts` file and a
token's, die's, space's or cell's `layout:` are all made of these. Positions are from the piece's
top-left corner: a length, or a percentage of the piece.
"""
from __future__ import annotations

from typing import Any, ClassVar, Literal, Union

from pydantic import BeforeValidator, Discriminator, Field, Tag, WithJsonSchema
from typing_extensions import Annotated

from pnp.models.paint import Fill
from pnp.models.types import (Angle, Color, DashPattern, NonNegLength, NonNegPoints, PositiveLength, PositivePoints,
                              Spec, TemplatedColor, Text)
from pnp.models.units import parse_length
from pnp.models.validate import RawCheck, warn_once


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


def box_geometry(box: Box, piece_w: float, piece_h: float) -> tuple[float, float, float, float]:
    """A box's x, y, width, height in points, percentages resolved against the piece."""

    def dim(value, full: float) -> float:
        return value[1] * full if isinstance(value, list) else float(value)

    return dim(box.x, piece_w), dim(box.y, piece_h), dim(box.width, piece_w), dim(box.height, piece_h)
