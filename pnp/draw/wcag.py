"""WCAG 2.x relative luminance and contrast of `#rrggbb` colours.

One formula for all that need it: the referee's legibility check judges printed text by it, a
board picks the ink that reads on a fill by it (`pnp.kinds.board.art`), and a die face whether its
black ink needs a white halo (`pnp.kinds.dice.draw`)."""
from __future__ import annotations


def channels(colour: str) -> tuple[float, float, float]:
    """#rrggbb → (r, g, b), each 0..1."""
    c = colour.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def linear(v: float) -> float:
    """An sRGB channel (0..1) as linear light."""
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG relative luminance of #rrggbb."""
    r, g, b = (linear(v) for v in channels(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
