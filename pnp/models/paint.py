"""Gradient fills a spec may write: `fill: {linear: {angle, stops}}` or `fill: {radial: {center, radius, stops}}`.

A stop is a colour with an optional place along the gradient, `"#ffb300 40%"`;
stops without a place are spread evenly between their neighbours (as CSS
does), the first at 0% and the last at 100%. The resolved stops are
`(fraction 0..1, '#rrggbb')` pairs, which `pnp.draw.gradient` draws. A stop may be see-through,
`#rrggbbaa` (`#26323800` fades to nothing): the PDF draws its opacities as a soft mask, the SVG as
`stop-opacity`, and a PDF/X-1a print-shop file, which may hold no transparency, flattens that page.
"""
from __future__ import annotations

import re
from typing import Any, Union

from pydantic import BeforeValidator, Discriminator, Field, Tag, WithJsonSchema, field_validator, model_validator
from typing_extensions import Annotated

from pnp.models.types import Angle, SeeThroughColor, Spec, parse_color_with_alpha

MAX_STOPS = 16
_STOP_RE = re.compile(r"^\s*(.*?)(?:\s+(-?\d+(?:\.\d+)?|-?\.\d+)\s*%)?\s*$")


def _stop(value: Any) -> tuple[float | None, str]:
    """'colour' or 'colour NN%' → (fraction or None, '#rrggbb'); a see-through colour (`#26323800`, its last
    two digits the opacity) → '#rrggbbaa'."""
    if not isinstance(value, str):
        raise ValueError(f"a stop is a colour with an optional place, like \"#ffb300 40%\", got {value!r}")
    m = _STOP_RE.match(value)
    colour, place = (m.group(1), m.group(2)) if m else (value, None)
    if colour.strip().lower() == "none":
        raise ValueError("a gradient stop needs a colour, not none")
    hex_colour = parse_color_with_alpha(colour)
    if place is None:
        return None, hex_colour
    fraction = float(place) / 100
    if not 0 <= fraction <= 1:
        raise ValueError(f"the place of stop '{value.strip()}' must be between 0% and 100%")
    return fraction, hex_colour


Stop = Annotated[Any, BeforeValidator(_stop),
                 WithJsonSchema({"type": "string", "description": "a colour (#rrggbbaa for a see-through one), optionally "
                                                                  "followed by its place along the gradient, such as "
                                                                  "\"#ffb300 40%\""})]


def _fraction(value: Any) -> float:
    """'50%' → 0.5."""
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*%\s*", value) if isinstance(value, str) else None
    if not m:
        raise ValueError(f"expected a percentage such as \"50%\", got {value!r}")
    return float(m.group(1)) / 100


Percent = Annotated[float, BeforeValidator(_fraction),
                    WithJsonSchema({"type": "string", "pattern": r"^\s*-?(\d+(\.\d+)?|\.\d+)\s*%\s*$",
                                    "description": "a percentage such as \"50%\""})]


def spread(stops: list[tuple[float | None, str]]) -> tuple[tuple[float, str], ...]:
    """Give every stop a place: first 0, last 1, the unplaced evenly between placed neighbours."""
    places = [p for p, _ in stops]
    if places[0] is None:
        places[0] = 0.0
    if places[-1] is None:
        places[-1] = 1.0
    i = 0
    while i < len(places):
        if places[i] is None:
            j = i
            while places[j] is None:
                j += 1
            lo, hi = places[i - 1], places[j]
            for k in range(i, j):
                places[k] = lo + (hi - lo) * (k - i + 1) / (j - i + 1)
            i = j
        i += 1
    return tuple((p, colour) for p, (_, colour) in zip(places, stops))


class _Stops(Spec):
    stops: list[Stop] = Field(min_length=2, max_length=MAX_STOPS,
                              description="two or more colours, each optionally with its place, such as "
                                          "[\"#fff8e1\", \"#ffb300 60%\", \"#e65100\"]")

    @field_validator("stops")
    @classmethod
    def _places_rise(cls, stops: list) -> tuple:
        placed = [p for p, _ in stops if p is not None]
        for a, b in zip(placed, placed[1:]):
            if b < a:
                raise ValueError(f"stop places must not go backwards ({a * 100:g}% comes before {b * 100:g}%)")
        return spread(stops)


class LinearFill(_Stops):
    """Colours running in a straight line across the shape's box."""

    angle: Angle = Field(default=90, description="the direction the colours run, in degrees clockwise from "
                                                 "left-to-right: 0 runs left to right, 90 top to bottom")


class RadialFill(_Stops):
    """Colours running out in circles from a centre."""

    center: tuple[Percent, Percent] = Field(default=(0.5, 0.5), description="the centre, as percentages of the box's "
                                                                           "width and height",
                                            json_schema_extra={"default": ["50%", "50%"]})
    radius: Percent = Field(default=1.0, description="where the last colour is reached, as a percentage of half the "
                                                     "box's shorter side (100% is the edge of a circle shape)",
                        json_schema_extra={"default": "100%"})

    @field_validator("radius")
    @classmethod
    def _positive(cls, value: float) -> float:
        if not 0 < value <= 10:
            raise ValueError("the radius must be more than 0% and at most 1000%")
        return value


class GradientFill(Spec):
    """A gradient paint: exactly one of `linear` or `radial`."""

    linear: LinearFill | None = None
    radial: RadialFill | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> "GradientFill":
        if (self.linear is None) == (self.radial is None):
            raise ValueError("a gradient fill has exactly one of 'linear' or 'radial'")
        return self


def _fill_kind(value: Any) -> str:
    return "fill" if isinstance(value, (dict, GradientFill)) else "colour"  # "fill": how an error names a gradient


Fill = Annotated[Union[Annotated[SeeThroughColor, Tag("colour")], Annotated[GradientFill, Tag("fill")]],
                 Discriminator(_fill_kind)]
