"""Legibility for every player: text contrast, text size, and faces told apart by colour alone.

No card tool checks these, and each one hurts a real player: dark text on a dark band,
6 pt rules on a tarot card, or two die faces that only a player with full colour vision
can tell apart. Every finding is a warning (`pnp check` prints it; it never fails the
check), located at the key that sets the colour or the size.

- Contrast follows WCAG 2.x: the relative luminance of the text colour against the colour
  under it, at least 4.5:1 (3:1 for large text: 18 pt, or 14 pt bold).
- What lies under a card's text is read from its layout, in drawing order: the background,
  then every filled shape box that covers the text box's centre. Text over a picture is not
  judged (its colours are not known here).
- Colour vision: the common deficiencies (protanopia, deuteranopia, tritanopia) are simulated
  with the matrices of Machado, Oliveira & Fernandes (2009, severity 1) in linear RGB; two
  colours closer than ALIKE (CIE76 ΔE) after simulation look the same to that player. The
  nine numbers per matrix are the published ones, so they are kept here rather than pulling
  in a colour-science package for three matrix products.
"""
from __future__ import annotations

import math
from typing import Iterable

from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.reading.load import locate
from pnp.kinds import kind_module, offering

MIN_CONTRAST = 4.5
MIN_CONTRAST_LARGE = 3.0
LARGE_TEXT = 18.0        # points; bold text counts as large from LARGE_BOLD
LARGE_BOLD = 14.0
MIN_TEXT_SIZE = 6.0      # points: below this most players cannot read print
ALIKE = 20.0             # CIE76 ΔE under which two simulated colours are taken for one (blue and purple to a deuteranope: 18)

DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


# --------------------------------------------------------------------------- colour maths

def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def luminance(colour: str) -> float:
    """WCAG relative luminance of #rrggbb."""
    r, g, b = (_linear(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def simulate(colour: str, deficiency: str) -> str:
    """How `colour` looks to a player with `deficiency` (a key of DEFICIENCIES)."""
    lin = [_linear(v) for v in _rgb(colour)]
    out = [sum(m * v for m, v in zip(row, lin)) for row in DEFICIENCIES[deficiency]]
    return "#" + "".join(f"{round(_gamma(v) * 255):02x}" for v in out)


def _lab(colour: str) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in _rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(a: str, b: str) -> float:
    """CIE76 ΔE between two colours (about 2.3 is the least a trained eye sees)."""
    return math.dist(_lab(a), _lab(b))


def confused_by(a: str, b: str) -> list[str]:
    """The deficiencies under which two colours that differ to full colour vision look alike."""
    if difference(a, b) < ALIKE:
        return []
    return [name for name in DEFICIENCIES if difference(simulate(a, name), simulate(b, name)) < ALIKE]


# --------------------------------------------------------------------------- the checks

def legibility_findings(game) -> list[Finding]:
    """Every legibility warning of a loaded game, one per fault (not one per card)."""
    found: dict[tuple, Finding] = {}
    for finding in _card_text(game):
        found.setdefault((finding.pos, finding.rule), finding)
    for finding in _dice_colours(game):
        found.setdefault((finding.pos, finding.rule, finding.message), finding)
    return sorted(found.values(), key=lambda f: (f.pos.path, f.pos.line, f.pos.col, f.rule))


def _card_text(game) -> Iterable[Finding]:
    from pnp.errors import Collector

    for comp in offering(game, "cards"):
        deck = comp.model
        drawer = kind_module(comp.kind).card_drawer(game, deck, Collector())
        seen: set[tuple] = set()
        for entry in deck.cards:
            for face in (entry.front, entry.back):
                if face is None:
                    continue
                for finding in _face_text(drawer, deck, face, entry, seen):
                    yield finding


def _colours_of(paint) -> tuple[str, ...]:
    """The colours text may stand on where `paint` is under it: a colour, or every stop of a
    gradient (the text may sit on any of them); none for a picture."""
    if paint is None:
        return ()
    if isinstance(paint, str):
        return (paint,)
    gradient = paint.linear or paint.radial
    return tuple(dict.fromkeys(c for _, c in gradient.stops if isinstance(c, str) and c.startswith("#")))


def _face_text(drawer, deck, face, entry, seen: set) -> Iterable[Finding]:
    from pnp.draw.text import set_text
    from pnp.layout.boxes import box_geometry

    painted: list[tuple[tuple[float, float, float, float], str | None]] = [
        ((-1e9, -1e9, 2e9, 2e9), face.layout.background or "#ffffff")]
    for prepared in drawer.prepare(face, entry, 1):
        rb, box = prepared.box, prepared.box.box
        x, y, w, h = box_geometry(box, deck.width, deck.height)
        if box.type == "image":
            painted.append(((x, y, w, h), None))
        if box.type == "shape" and box.fill and getattr(box, "opacity", 1.0) >= 0.99:
            painted.append(((x, y, w, h), box.fill))
        if not prepared.text or not prepared.text.strip():
            continue
        under = next((colour for rect, colour in reversed(painted) if _covers(rect, x + w / 2, y + h / 2)), "#ffffff")
        ink = getattr(box, "color", None) or "#000000"
        where = _box_pos(rb, "color" if "color" in (rb.raw or {}) else None)
        bold = "bold" in str(getattr(box, "font", ""))
        large = box.size >= LARGE_TEXT or (bold and box.size >= LARGE_BOLD)
        need = MIN_CONTRAST_LARGE if large else MIN_CONTRAST
        colours = _colours_of(under)
        if colours and (rb.name, ink, colours) not in seen:
            seen.add((rb.name, ink, colours))
            ratio, worst = min((contrast(ink, c), c) for c in colours)
            if ratio < need - 1e-9:
                on = worst if len(colours) == 1 else f"{worst} (the weakest colour of the gradient under it)"
                yield Finding(where, "contrast",
                              f"{face.label}, box '{rb.name}': text {ink} on {on} has a contrast of {ratio:.1f}:1; "
                              f"players need at least {need:g}:1 to read it (make one of them lighter or darker)")
        if (rb.name, "size") not in seen:
            lay = set_text(prepared.text, box.font, box.size, box.min_size, w, h, box.leading)
            if lay.size < MIN_TEXT_SIZE - 1e-9:
                seen.add((rb.name, "size"))
                key = "size" if box.size < MIN_TEXT_SIZE else "min_size"
                yield Finding(_box_pos(rb, key if key in (rb.raw or {}) else None), "small-text",
                              f"{face.label}, box '{rb.name}': text prints at {lay.size:.1f} pt, under the "
                              f"{MIN_TEXT_SIZE:g} pt most players can read (shorten it, widen the box or raise "
                              f"its min_size)")


def _covers(rect, px: float, py: float) -> bool:
    x, y, w, h = rect
    return x <= px <= x + w and y <= py <= y + h


def _box_pos(rb, key: str | None) -> Pos:
    raw = rb.raw
    if key is not None and raw is not None:
        return locate(raw, [key])
    return getattr(raw, "pos", None) or Pos("?")


def _dice_colours(game) -> Iterable[Finding]:
    """Faces of one die whose only difference is their colour, where a colour-vision deficiency merges it."""
    for comp in offering(game, "faces"):
        resolved = comp.model
        symbols = resolved.symbols
        for d, die in enumerate(resolved.dice):
            looks: dict[tuple, list[tuple[int, str]]] = {}
            for i, face in enumerate(die.faces):
                colours = tuple(sorted({c for c in (_symbol_colour(symbols, n) for n in face.names) if c}))
                shape = tuple(sorted(_symbol_shape(symbols, n) for n in face.names)) + (face.number,)
                if colours:
                    looks.setdefault(shape, []).append((i, colours[0]))
            for shape, faces in looks.items():
                for (i, a), (j, b) in ((p, q) for k, p in enumerate(faces) for q in faces[k + 1:]):
                    confused = confused_by(a, b)
                    if confused:
                        where = locate(comp.raw, ["dice", d, "faces", j]) if comp.raw is not None else Pos(str(comp.path))
                        yield Finding(where, "colour-only",
                                      f"die '{die.id}': faces {i + 1} and {j + 1} differ only in colour "
                                      f"({a} and {b}), which look alike with {' or '.join(confused)}; "
                                      "give one of them its own icon or mark")


def _symbol_colour(symbols: dict, name: str) -> str | None:
    symbol = symbols.get(name)
    return symbol.color if symbol is not None else None


def _symbol_shape(symbols: dict, name: str) -> str:
    """What a symbol looks like apart from its colour: its icon, else its label, else its name."""
    symbol = symbols.get(name)
    if symbol is None:
        return name
    return symbol.icon or symbol.label or ""
