"""The closed sets of values a build option takes: paper, duplex and output format.

String-valued enums, so a member equals (and prints as) its spelling in game.yaml
and on the command line; light to import, because the CLI checks flags with them.
"""
from __future__ import annotations

from enum import StrEnum


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"
    A3 = "a3"
    A5 = "a5"
    LEGAL = "legal"
    TABLOID = "tabloid"


class Duplex(StrEnum):
    LONG = "long"      # flip on the long edge
    SHORT = "short"    # flip on the short edge
    GUTTERFOLD = "gutterfold"  # fronts and backs side by side, folded
    NONE = "none"      # fronts only


class Format(StrEnum):
    PDF = "pdf"
    SVG = "svg"
    PNG = "png"    # pictures rasterised from the PDFs (`--dpi`)
    HTML = "html"  # the rulebook also as one self-contained web page


def spelled(choices: type[StrEnum]) -> str:
    """'a, b or c': the values of CHOICES as the help and error texts write them."""
    values = [c.value for c in choices]
    return ", ".join(values[:-1]) + " or " + values[-1]
