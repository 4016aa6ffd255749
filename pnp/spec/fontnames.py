"""The font names a spec may use, and the file and SVG face behind each.

A catalogue, not a loader: specs validate names against it, and `pnp.draw.fonts`
registers the files with reportlab.
"""
from __future__ import annotations

# name → (file, SVG family, SVG weight, SVG style)
FONT_FILES: dict[str, tuple[str, str, str, str]] = {
    "sans": ("DejaVuSans.ttf", "DejaVu Sans", "normal", "normal"),
    "sans-bold": ("DejaVuSans-Bold.ttf", "DejaVu Sans", "bold", "normal"),
    "sans-italic": ("DejaVuSans-Oblique.ttf", "DejaVu Sans", "normal", "oblique"),
    "sans-bolditalic": ("DejaVuSans-BoldOblique.ttf", "DejaVu Sans", "bold", "oblique"),
    "condensed": ("DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed", "bold", "normal"),
    "serif": ("DejaVuSerif.ttf", "DejaVu Serif", "normal", "normal"),
    "serif-bold": ("DejaVuSerif-Bold.ttf", "DejaVu Serif", "bold", "normal"),
    "serif-italic": ("DejaVuSerif-Italic.ttf", "DejaVu Serif", "normal", "italic"),
}
