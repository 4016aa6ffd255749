"""Legibility for every player: text contrast, text size, and faces told apart by colour alone.

No card tool checks these, and each one hurts a real player: dark text on a dark band,
5 pt rules on a tarot card, or two die faces that only a player with full colour vision
can tell apart. Every finding is a warning (`pnp check` prints it; it never fails the
check), naming the output file, page and text, located where the spec sets the text.

- Text is judged as it prints, in the game's built PDFs (`pnp.referee.inkcontrast` says how it
  is measured): its size on paper, at least MIN_TEXT_SIZE, and the WCAG 2.x contrast of its
  colour against the pixels actually under it — paper, fills, gradients and pictures alike — at
  least 4.5:1 (WCAG's level AA for text, held for every size: print is read at arm's length).
- Colour vision: the common deficiencies (protanopia, deuteranopia, tritanopia) are simulated
  with the matrices of Machado, Oliveira & Fernandes (2009, severity 1) in linear RGB; two
  colours closer than ALIKE (CIE76 ΔE) after simulation look the same to that player. The
  nine numbers per matrix are the published ones, so they are kept here rather than pulling
  in a colour-science package for three matrix products.
"""
from __future__ import annotations

import math
from typing import Iterable

from pnp.draw.wcag import channels as _rgb, contrast, linear as _linear
from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.reading.load import locate
from pnp.kinds import kind_module, offering

MIN_TEXT_SIZE = 6.0      # points: below this most players cannot read print
ALIKE = 20.0             # CIE76 ΔE under which two simulated colours are taken for one (blue and purple to a deuteranope: 18)

DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


# --------------------------------------------------------------------------- colour maths

def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


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

def legibility_findings(game, outputs: dict[str, dict[str, bytes]]) -> list[Finding]:
    """Every legibility warning of a loaded game, one per fault (not one per card): text as it prints,
    measured in `outputs` (unit → file name → bytes, the game as built: `pnp check` builds it in
    memory, a layer above this one), and die faces told apart by colour alone."""
    found: dict[tuple, Finding] = {}
    for finding in printed_text_findings(game, outputs):
        found.setdefault((finding.pos, finding.rule, finding.message), finding)
    for finding in _dice_colours(game):
        found.setdefault((finding.pos, finding.rule, finding.message), finding)
    return sorted(found.values(), key=lambda f: (f.pos.path, f.pos.line, f.pos.col, f.rule, f.message))


def _is_rulebook(game, unit: str) -> bool:
    """The build's one unit that is not a kind of the game's components: its rulebook."""
    return all(c.kind != unit for c in game.components)


def measured_files(outputs: dict[str, dict[str, bytes]]) -> list[tuple[str, str]]:
    """(unit, file name) of the PDFs whose text is measured: all but the print-shop files, which place
    the very faces the home-print sheets draw, at the same size, one per page."""
    return [(unit, name) for unit, files in outputs.items() for name in sorted(files)
            if name.endswith(".pdf") and not name.endswith("printshop.pdf")]


def measure_outputs(outputs: dict[str, dict[str, bytes]]) -> dict[tuple[str, str], list]:
    """(unit, file name) → the runs of text measured in it (`inkcontrast.PrintedRun`)."""
    from pnp.referee.inkcontrast import measure_pdf

    return {(unit, name): measure_pdf(outputs[unit][name]) for unit, name in measured_files(outputs)}


def unmeasured_notes(outputs: dict[str, dict[str, bytes]]) -> list[str]:
    """What the measuring left out for its bound: the pages of a file past MAX_PAGES."""
    from pnp.draw.pngpages import page_count
    from pnp.referee.inkcontrast import MAX_PAGES

    notes = []
    for unit, name in measured_files(outputs):
        pages = page_count(outputs[unit][name])
        if pages > MAX_PAGES:
            notes.append(f"text as printed measured on the first {MAX_PAGES} of the {pages} pages of {name}")
    return notes


def printed_text_findings(game, outputs: dict[str, dict[str, bytes]], measured: dict | None = None) -> list[Finding]:
    """Text under MIN_TEXT_SIZE on paper, or under WCAG's contrast against the pixels under it.

    Text drawn smaller than its own size is a picture of a piece (a card in the rulebook, the
    board on its assembly page): it is not judged in a rulebook, nor where the same words print
    at their full size elsewhere in the build, which is where they are judged."""
    from pnp.referee.inkcontrast import MIN_CONTRAST

    measured = measure_outputs(outputs) if measured is None else measured
    full_size = {run.text for runs in measured.values() for run in runs if run.scale >= 0.99}
    texts: dict[tuple, list] = {}     # (rule, unit, text) → where it prints so
    for (unit, name), runs in measured.items():
        for run in runs:
            if run.scale < 0.99 and (_is_rulebook(game, unit) or run.text in full_size):
                continue
            if run.size < MIN_TEXT_SIZE - 0.01:
                texts.setdefault(("small-text", unit, run.text), []).append((name, run))
            if run.contrast < MIN_CONTRAST - 1e-9:
                texts.setdefault(("contrast", unit, run.text), []).append((name, run))
    faults: dict[tuple, list] = {}    # one fault: one spec place, one size or one pair of colours
    decks: dict = {}
    for (rule, unit, text), places in texts.items():
        pos, who = _spec_place(game, unit, text, rule, decks)
        run = places[0][1]
        look = (round(run.size, 1),) if rule == "small-text" else (run.ink, run.under)
        faults.setdefault((pos, rule, look, who), []).append((text, places))
    out = []
    for (pos, rule, _, who), found in faults.items():
        text, places = found[0]
        name, run = places[0]
        more = sum(len(p) for _, p in found) - 1
        where = f"{name} page {run.page}" + (f" (and {more} more)" if more else "") + (f", {who}" if who else "")
        quoted = text if len(text) <= 40 else text[:39] + "…"
        if rule == "small-text":
            message = (f"{where}: '{quoted}' prints at {math.floor(run.size * 10) / 10:.1f} pt, under the "
                       f"{MIN_TEXT_SIZE:g} pt most players can read (make it larger or give it more room)")
        else:
            message = (f"{where}: '{quoted}' in {run.ink} on {run.under} (as printed) has a contrast of "
                       f"{_below(run.contrast)}:1; players need at least {MIN_CONTRAST:g}:1 "
                       f"(make one of them lighter or darker)")
        out.append(Finding(pos, rule, message))
    return out


def _below(contrast: float) -> str:
    """A contrast under the minimum, shown as under it: 4.46 is "4.4", never "4.5" beside "needs 4.5"."""
    return f"{math.floor(contrast * 10) / 10:.1f}"


# --------------------------------------------------------------------------- where a printed text is set

def _spec_place(game, unit: str, text: str, rule: str, decks: dict) -> tuple[Pos, str]:
    """The spec key that sets a printed text, as near as it can be told, and what prints it ("deck
    'markers', box 'name'", or ""): the rulebook line holding it; the deck box whose text prints it (its
    `color` or `size` where that box writes it, in the deck's own file when the deck gives the box);
    a value of the unit's spec files holding it (the `color` or `size` beside it, when there is one);
    else the unit's first file."""
    from pnp.errors import display_path

    needle = _words(text)
    if _is_rulebook(game, unit):
        source = game.rules_source() or ""
        at = source.casefold().find(text.casefold()) if len(needle) >= 3 else -1
        return (Pos.of_offset(display_path(game.rules_path), source, at) if at >= 0
                else Pos(display_path(game.rules_path))), ""
    components = game.of_kind(unit)
    key = "size" if rule == "small-text" else "color"
    if needle:
        cards = offering(game, "cards")
        for comp in components:
            if comp in cards:
                if id(comp) not in decks:
                    decks[id(comp)] = _deck_texts(game, comp)
                # a short text (a rank, "3") is found only as a box's whole text
                rb = next((rb for words, rb in decks[id(comp)]
                           if (needle in words if len(needle) >= 3 else needle == words)), None)
                if rb is not None:
                    raw = rb.raw
                    who = f"deck '{comp.model.name}', box '{rb.name}'"
                    if raw is not None and key in raw:
                        at, own = locate(raw, [key]), getattr(raw, "pos", None)
                        if own is not None and own.path != at.path:
                            return own, who  # the deck's own box prints it; its colour came from a shared layout
                        return at, who
                    return getattr(raw, "pos", None) or Pos(display_path(comp.path)), who
        for comp in components:  # a short text (a marker's rank "3"): the value written as exactly it
            path = _holding(comp.raw, needle, exact=len(needle) < 3)
            if path is not None:
                return _key_beside(comp.raw, path, key), ""
    return (Pos(display_path(components[0].path)) if components else Pos(display_path(game.dir))), ""


def _words(text: str) -> str:
    return " ".join(text.casefold().split())


def _holding(node, needle: str, path: tuple = (), depth: int = 0, exact: bool = False):
    """The path to the first string in a loaded tree whose words hold `needle` (`exact`: the first value,
    text or number, written as `needle` itself)."""
    if depth > 40:
        return None
    if exact and isinstance(node, (str, int, float)) and not isinstance(node, bool):
        return path if _words(str(node)) == needle else None
    if isinstance(node, str):
        return path if needle in _words(_unmarked(node)) else None
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        found = _holding(v, needle, path + (k,), depth + 1, exact)
        if found is not None:
            return found
    return None


def _unmarked(text: str) -> str:
    """Text without its `**bold**`, `*italic*` and `:icon:` marks, as it prints."""
    import re

    from pnp.models.icontext import ICON_RE

    text = ICON_RE.sub(" ", text)
    return re.sub(r"\*\*(.+?)\*\*|\*(\S(?:.*?\S)?)\*", lambda m: m.group(1) or m.group(2), text)


def _key_beside(raw, path: tuple, key: str) -> Pos:
    """The position of `key` in the mapping holding the value at `path`, else of the value itself."""
    node = raw
    for step in path[:-1]:
        node = node[step]
    if isinstance(node, dict) and key in node:
        return locate(raw, [*path[:-1], key])
    return locate(raw, list(path))


FACES_READ = 400   # a deck's faces looked through for the box that prints a text: bounded work


def _deck_texts(game, comp) -> list:
    """(the words it prints, its layout box) of every text box of a deck's first FACES_READ faces."""
    from itertools import islice

    from pnp.errors import Collector

    deck = comp.model
    drawer = kind_module(comp.kind).card_drawer(game, deck, Collector())
    faces = ((entry, face) for entry in deck.cards for face in (entry.front, entry.back) if face is not None)
    return [(_words(_unmarked(prepared.text)), prepared.box)
            for entry, face in islice(faces, FACES_READ) for prepared in drawer.prepare(face, entry, 1)
            if prepared.text]


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
