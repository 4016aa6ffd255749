"""The text a line copies as: its logical string, arranged so that pdfium's extraction gives it back.

A shaped line is drawn glyph by glyph in visual order, and a PDF reader that copies it has to
guess the reading order back. pdfium (Chrome's and Edge's viewer, pypdfium2) does not run UAX #9
on what it extracts, not even on a marked-content `/ActualText`: it cuts the line into segments of
one direction class (L; R and AL; the weak classes EN, AN, NSM, CS, ES, ET, BN; the rest
neutral); when the right-to-left segments outnumber the left-to-right ones it takes the segments
in reverse order; and it mirrors (without reversing) every right-to-left segment and every neutral
one met while the direction in force is right to left. So glyphs that copy as their own clusters,
read left to right, come out scrambled for mixed text ("(d6)" as "(6d (").

That procedure, as measured on pypdfium2's pdfium (tests/test_copy_order.py holds it to 32 mixed
strings), is `pdfium_extract`; `for_pdfium` inverts it. A `/ActualText` span is not used: pdfium
meets a span at whichever of its text objects it sorts first, beside other labels of the same
baseline, and reads it forwards or backwards by how that one object reads. Instead each line
holding a right-to-left character deals the inverted string out to its glyphs, left to right, as
per-glyph ToUnicode text (`glyph_copy_texts`, through CIDs of their own: one glyph can copy as
different text on different lines), so brackets, numbers, ranges, quotes and URLs copy in logical
order; a line without one keeps each cluster's own characters, which every reader copies as
written. A reader that reorders a line by another rule gets the arranged string for those
lines: pnp follows the reader its tests can run.
"""
from __future__ import annotations

import unicodedata

from pnp.draw.bidiorder import mirror

_LEFT, _WEAK, _RIGHT, _NEUTRAL = "L", "W", "R", "N"


def _direction(ch: str) -> str:
    cls = unicodedata.bidirectional(ch)
    if cls == "L":
        return _LEFT
    if cls in ("R", "AL"):
        return _RIGHT
    if cls in ("EN", "AN", "NSM", "CS", "ES", "ET", "BN"):
        return _WEAK
    return _NEUTRAL


def _mirrored(piece: str) -> str:
    return "".join(mirror(ch) for ch in piece)


def segments(text: str) -> list[tuple[str, str]]:
    """`text` cut into runs of one direction class, as pdfium cuts a line."""
    out: list[tuple[str, str]] = []
    for ch in text:
        d = _direction(ch)
        if out and out[-1][0] == d:
            out[-1] = (d, out[-1][1] + ch)
        else:
            out.append((d, ch))
    return out


def reads_right_to_left(text: str) -> bool:
    """pdfium's verdict on a line or a text object: more right-to-left segments than left-to-right ones."""
    parts = segments(text)
    return sum(d == _RIGHT for d, _ in parts) > sum(d == _LEFT for d, _ in parts)


def _treated(parts: list[tuple[str, str]], right: bool) -> list[str]:
    """Each segment as pdfium emits it, in the order given: reversed and mirrored while right to left."""
    current, out = (_RIGHT if right else _LEFT), []
    for d, piece in parts:
        if d == _RIGHT or (d == _NEUTRAL and current == _RIGHT):
            current = _RIGHT
            out.append(_mirrored(piece[::-1]))
        else:
            if d != _WEAK:
                current = _LEFT
            out.append(piece)
    return out


def pdfium_extract(collected: str) -> str:
    """What pdfium makes of a line whose glyphs, read left to right, copy as `collected` (the model
    `for_pdfium` inverts)."""
    text = _single_spaces(collected)
    parts = segments(text)
    right = reads_right_to_left(text)
    return "".join(_treated(list(reversed(parts)) if right else parts, right))


def for_pdfium(text: str, keep_spaces: bool = False) -> str:
    """What a line's glyphs must copy as, left to right, for pdfium to extract `text` (runs of
    spaces read as one, as pdfium reads them; `keep_spaces` keeps them, so the result is as long
    as `text`)."""
    text = text if keep_spaces else _single_spaces(text)
    right = reads_right_to_left(text)
    pieces = _treated(segments(text), right)  # reversing and mirroring undo themselves; the classes stay
    return "".join(reversed(pieces)) if right else "".join(pieces)


def _single_spaces(text: str) -> str:
    while "  " in text:
        text = text.replace("  ", " ")
    return text


def needs_arranging(text: str) -> bool:
    """Whether a line holds a right-to-left character (only such a line is reordered on extraction)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def glyph_copy_texts(runs) -> list[list[str] | None]:
    """For a line of shaped runs (`pnp.draw.textruns.Run`s, in any order), what each glyph of each
    run copies as, in the run's drawing order; None for a run left to its clusters' own text (every
    run of a line with no right-to-left character, or one whose glyphs outnumber its characters).

    pdfium reads a line's glyphs from left to right, each as the text its CID stands for, and then
    reorders the whole (`pdfium_extract`); so the line's arranged string (`for_pdfium`) is dealt
    out to its glyphs from left to right, each glyph as many characters as its cluster has where
    the counts agree, else one each and the rest to the last. A glyph given characters other than
    its cluster's is drawn through a CID of its own (`pnp.draw.pdfglyphs.ShapedFont.cid`)."""
    from pnp.draw.formatchars import visible

    none: list[list[str] | None] = [None] * len(runs)
    if not any(run.glyphs is not None for run in runs):
        return none
    logical = visible("".join(run.text for run in sorted(runs, key=lambda r: r.logical) if not run.icon))
    if not needs_arranging(logical):
        return none
    from pnp.draw.pdfglyphs import drawing_order

    arranged = for_pdfium(logical, keep_spaces=True)
    drawn = [i for i in sorted(range(len(runs)), key=lambda i: runs[i].x) if runs[i].glyphs is not None]
    own: list[int] = []  # each glyph's own share, left to right
    for i in drawn:
        shaped = runs[i].glyphs
        starts = sorted({g.cluster for g in shaped.glyphs}) + [len(shaped.text)]
        size = {a: len(visible(shaped.text[a:b])) for a, b in zip(starts, starts[1:])}
        seen: set[int] = set()
        for g, _ in drawing_order(shaped):
            own.append(0 if g.cluster in seen else size[g.cluster])
            seen.add(g.cluster)
    if not own or len(own) > len(arranged):
        return none
    if min(own) < 1 or sum(own) != len(arranged):
        own = [1] * len(own)
        own[-1] += len(arranged) - len(own)
    out, at, k = list(none), 0, 0
    for i in drawn:
        count = len(runs[i].glyphs.glyphs)
        shares = own[k:k + count]
        share = arranged[at:at + sum(shares)]
        at, k = at + sum(shares), k + count
        out[i] = _dealt(share, shares)
    return out


def _dealt(text: str, shares: list[int]) -> list[str]:
    out, at = [], 0
    for n in shares:
        out.append(text[at:at + n])
        at += n
    return out


def with_copy_texts(runs) -> list[tuple]:
    """A line's runs to draw, each with what its glyphs copy as (None: their clusters' own text).

    In a line arranged for copying, neighbouring runs in one face are drawn as one (one text
    object): pdfium adds a space, or drops a character, where a text object ends amid characters
    dealt across it, and a line of one face then has no such seam."""
    copies = glyph_copy_texts(runs)
    if all(c is None for c in copies):
        return list(zip(runs, copies))
    from dataclasses import replace

    from pnp.draw.shaping import Shaped

    out: list[tuple] = []
    for run, copy in zip(runs, copies):
        prev = out[-1] if out else None
        if (prev is not None and copy is not None and prev[1] is not None and prev[0].glyphs is not None
                and run.glyphs is not None and prev[0].glyphs.face == run.glyphs.face
                and abs(prev[0].x + prev[0].width - run.x) < 1e-6):
            a, b = prev[0].glyphs, run.glyphs
            shift = len(a.text)
            glyphs = a.glyphs + tuple(replace(g, cluster=g.cluster + shift) for g in b.glyphs)
            joined = Shaped(a.text + b.text, a.face, False, glyphs, a.upem)
            out[-1] = (replace(prev[0], text=a.text + b.text, width=prev[0].width + run.width, glyphs=joined),
                       prev[1] + copy)
        else:
            out.append((run, copy))
    return out
