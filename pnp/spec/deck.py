"""Card decks: size, bleed, layouts of named boxes, typed fields, cards and CSV rows."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, field_validator
from typing_extensions import Annotated

from pnp.spec.types import _LENGTH_SCHEMA, Color, NonNegLength, PositiveLength, Spec, TemplatedColor
from pnp.spec.units import parse_length

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


Dim = Annotated[Any, BeforeValidator(_dim)]

def _font(value: Any) -> str:
    from pnp.draw.fonts import FONT_FILES
    from pnp.errors import did_you_mean

    if not isinstance(value, str) or value not in FONT_FILES:
        raise ValueError(f"unknown font {value!r}{did_you_mean(str(value), FONT_FILES)} (fonts: {', '.join(FONT_FILES)})")
    return value


BoxType = Literal["text", "icons", "image", "shape"]
ShapeName = Literal["rect", "rounded", "circle", "ellipse", "line", "hexagon", "diamond"]


class Box(Spec):
    """One named region of a layout. Positions are from the card's top-left trim corner."""

    type: BoxType = "text"
    x: Dim = 0
    y: Dim = 0
    width: Dim = ["%", 1.0]
    height: Dim = ["%", 1.0]
    show_if: str | None = Field(default=None, description="a field name or Jinja2 expression; the box is drawn only when it is true")
    rotate: float = 0
    # text
    text: str | None = Field(default=None, description="Jinja2 template over the card's fields; :icon: inline, **bold**, *italic*")
    font: Annotated[str, BeforeValidator(_font)] = "sans"
    size: PositiveLength = 9.0
    min_size: PositiveLength = 6.0
    color: TemplatedColor = "#000000"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: float = Field(default=1.2, ge=0.8, le=3)
    # icons
    icons: str | list[str] | None = Field(default=None, description="icon names, or a field name holding them")
    icon_size: PositiveLength | None = None
    gap: NonNegLength = 1.0
    # image
    src: str | None = Field(default=None, description="art/<file>.svg, or icon:<name>; may use Jinja2")
    # shape
    shape: ShapeName = "rect"
    fill: TemplatedColor | None = None
    stroke: TemplatedColor | None = None
    stroke_width: NonNegLength = 0.5
    radius: NonNegLength = 0
    dash: list[float] | None = None
    opacity: float = Field(default=1.0, ge=0, le=1)


def _boxes_schema() -> dict:
    """Boxes are merged as raw mappings (for `extends`), but editors should still complete their keys."""
    schema = Box.model_json_schema()
    schema.pop("title", None)
    return {"type": "object", "additionalProperties": schema}


BoxMap = Annotated[dict[str, dict], WithJsonSchema(_boxes_schema())]


class Layout(Spec):
    extends: str | None = None
    background: Color | None = None
    boxes: BoxMap = Field(default_factory=dict, description="name → box; a child layout's box overrides the parent's keys")


FieldType = Literal["text", "int", "number", "bool", "icons", "list", "any"]


class FieldDef(Spec):
    """Declares a card field, so a mistyped field name or a wrong value is an error."""

    type: FieldType = "text"
    required: bool = False
    min: float | None = None
    max: float | None = None
    choices: list[str] | None = None
    default: Any = None
    description: str | None = None


class Side(Spec):
    layout: str | None = None
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


class Deck(Spec):
    kind: Literal["deck"]
    name: str
    title: str | None = None
    size: Annotated[Size, BeforeValidator(_size), WithJsonSchema(_SIZE_SCHEMA)] = Field(
        description="a preset (poker, bridge, tarot, mini-euro, mini-us, square) or {width, height}")
    bleed: NonNegLength = Field(default=parse_length("3mm"), json_schema_extra={"default": "3mm"})
    safe: NonNegLength = Field(default=parse_length("3mm"), json_schema_extra={"default": "3mm"})
    corner_radius: NonNegLength = Field(default=parse_length("3mm"), json_schema_extra={"default": "3mm"})
    layout: str | None = Field(default=None, description="default layout of every front")
    back: Side | None = Field(default=None, description="the shared back of every card without its own")
    layouts: dict[str, Layout] = Field(default_factory=dict)
    fields: dict[str, FieldDef] = Field(default_factory=dict)
    cards: list[Card] = Field(default_factory=list)
    data: str | None = Field(default=None, description="a CSV file whose rows become cards (columns: fields; id and count special)")
    data_layout: str | None = None
