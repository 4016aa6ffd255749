"""Text of a language edition that needs more than the plain path: shaped, bidirectional, broken by language.

`pnp.draw.text.set_text` sends a text here only inside a language edition (a game listing
`languages:`) whose language or characters need it (`needs_engine`): right-to-left and CJK
editions, any text holding a right-to-left or CJK character, and every edition whose language
pyphen can hyphenate. Lines break where UAX #14 allows (`pnp.draw.linebreak`); a piece wider than
the box is hyphenated at a point the language's dictionary allows, else cut between characters.
Each line is then ordered by the bidi algorithm and shaped run by run (`pnp.draw.shaping`), so a
`Run` here carries its glyphs; `pnp.draw.text.draw_text` hands those to the surface.
"""
from __future__ import annotations

from pnp.draw import fonts
from pnp.draw.bidiorder import BidiParagraph, analyse, visual_order
from pnp.draw.formatchars import SOFT_HYPHEN, invisible, visible
from pnp.draw.linebreak import can_hyphenate, hyphen_points, units
from pnp.draw.shaping import shape
from pnp.draw.textruns import ICON_EM, Run, TextLayout

OBJECT = "\ufffc"  # stands for an inline icon while breaking and ordering a line


def needs_engine(text: str, edition) -> bool:
    """Whether this text in this edition takes the shaped path."""
    if edition.rtl or edition.cjk or can_hyphenate(edition.lang):
        return True
    return any(_complex(ch) or invisible(ch) for ch in text)


def _complex(ch: str) -> bool:
    o = ord(ch)
    return 0x0590 <= o <= 0x08FF or 0xFB1D <= o <= 0xFEFF or 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF \
        or 0xFF00 <= o <= 0xFFEF or 0x0900 <= o <= 0x0DFF


def _face_for(ch: str, font: str, edition) -> tuple[str, str]:
    """(pnp font name, PDF face) drawing `ch`: the edition's own font for its script's characters, else
    the chosen font's chain (fallbacks included)."""
    own = edition.fonts.get(edition.lang) or edition.fonts.get(edition.base)
    if own and _complex(ch):
        own = fonts.style_variant(own, *fonts.emphasis(font))  # a bold run's Arabic or CJK in the bold face
        face = fonts.chain(own)[0]
        if ch.isspace() or ord(ch) in fonts._codepoints(face):
            return own, face
    faces = fonts.chain(font)
    return font, next((f for f in faces if ord(ch) in fonts._codepoints(f)), faces[0])


class _Para:
    """One paragraph as characters, each with its font (and icons as OBJECT)."""

    def __init__(self, tokens, edition):
        self.text = ""
        self.fonts: list[tuple[str, str]] = []
        self.icons: dict[int, str] = {}
        for tok, font, icon in tokens:
            if icon:
                self.icons[len(self.text)] = tok
                self.text += OBJECT
                self.fonts.append((font, fonts.chain(font)[0]))
                continue
            for ch in tok:
                if invisible(ch) and self.fonts and self.text[-1] != OBJECT:
                    chosen = self.fonts[-1]  # in the run it steers: ZWJ and ZWNJ reach the shaper with their letters
                elif invisible(ch):
                    chosen = _face_for("a", font, edition)
                else:
                    chosen = _face_for(ch, font, edition)
                    if self.fonts and not ch.isalnum() and self.text[-1] != OBJECT and \
                            ord(ch) in fonts._codepoints(self.fonts[-1][1]):
                        chosen = self.fonts[-1]  # a space or a sign goes on in the font before it: one run, shaped whole
                self.text += ch
                self.fonts.append(chosen)
        self.edition = edition
        self._bidi: BidiParagraph | None = None

    def bidi(self) -> BidiParagraph:
        """The paragraph's levels (UAX #9, rules up to I2), worked out once for all its lines; its
        direction is its first strong character's, else the edition's."""
        if self._bidi is None:
            self._bidi = analyse(self.text, None, bool(self.edition.rtl))
        return self._bidi


def wrap(paragraphs: list[_Para], size: float, width: float, leading: float, hyphenate: bool = True):
    """Lines of every paragraph at `size` in `width`: (lines, widths, fits); a word wider than the
    box is hyphenated when `hyphenate`, else it makes the text not fit."""
    lines, widths, fits = [], [], True
    for para in paragraphs:
        p_lines, p_fits = _break(para, size, width, ICON_EM, hyphenate)
        fits = fits and p_fits
        for start, end, hyphen in p_lines:
            runs, w = _line(para, start, end, hyphen, size, ICON_EM)
            lines.append(runs)
            widths.append(w)
    return lines, widths, fits


def _width(para: _Para, start: int, end: int, size: float, icon_em: float, hyphen: bool = False) -> float:
    """Logical width of characters start..end (shaped per font, in the paragraph's direction)."""
    total = 0.0
    i = start
    while i < end:
        j = i
        while j < end and para.fonts[j] == para.fonts[i] and para.text[j] != OBJECT:
            j += 1
        if para.text[i] == OBJECT:
            total += size * icon_em
            i += 1
            continue
        piece = para.text[i:j]
        if j == end and piece.endswith(SOFT_HYPHEN) and _breaks_at_soft_hyphen(para, end):
            piece = piece[:-1] + "-"  # the line would end at this soft hyphen: it shows
        piece += "-" if hyphen and j == end else ""
        total += shape(piece, para.fonts[i][1], _is_rtl(piece), para.edition.lang).width(size)
        i = j
    return total


def _breaks_at_soft_hyphen(para: _Para, end: int) -> bool:
    """Whether a line ending at `end` breaks at a soft hyphen: one ends it and text follows."""
    return para.text[:end].endswith(SOFT_HYPHEN) and bool(para.text[end:].strip(" "))


def _is_rtl(text: str) -> bool:
    return any(0x0590 <= ord(c) <= 0x08FF or 0xFB1D <= ord(c) <= 0xFEFF for c in text)


def _break(para: _Para, size: float, width: float, icon_em: float, hyphenate: bool = True):
    """(start, end, hyphenated) of each line, greedily; False when some piece is wider than the box."""
    lines, fits = [], True
    start = pos = 0
    for piece in units(para.text) if para.text else []:
        trimmed = pos + len(piece.rstrip())
        if start < pos and _width(para, start, trimmed, size, icon_em) > width + 0.01:
            ended = len(para.text[:pos].rstrip(" "))
            lines.append((start, pos, _breaks_at_soft_hyphen(para, ended)))  # the piece goes on a new line
            start = pos
        if start == pos and _width(para, pos, trimmed, size, icon_em) > width + 0.01:
            if hyphenate:
                start, ok = _hyphenate(para, pos, trimmed, size, width, icon_em, lines)
            else:
                ok = False
            fits = fits and ok
        pos += len(piece)
    lines.append((start, pos, False))
    return lines, fits


def _hyphenate(para: _Para, start: int, end: int, size: float, width: float, icon_em: float, lines: list):
    """Cut characters start..end into lines at hyphenation points; returns (start of the rest, fits).

    Each line shapes only the prefixes it tries (widths grow with the prefix, so the first point
    too wide ends the search) and the rest of the word only once no point is too wide: the work
    grows with the word's length, not its square."""
    points = [start + p for p in hyphen_points(para.text[start:end], para.edition.lang)]
    k = 0  # the first point past the current line's start
    while k < len(points):
        cut = None
        for j in range(k, len(points)):
            if _width(para, start, points[j], size, icon_em, hyphen=True) > width + 0.01:
                break
            cut = j
        else:  # every point left fits on this line: the rest may fit whole
            if _width(para, start, end, size, icon_em) <= width + 0.01:
                return start, True
        if cut is None:
            return start, False
        lines.append((start, points[cut], True))
        start, k = points[cut], cut + 1
    return start, _width(para, start, end, size, icon_em) <= width + 0.01


def _line(para: _Para, start: int, end: int, hyphen: bool, size: float, icon_em: float):
    """One line's runs in visual order, each shaped, with x from the line's left; and its width.
    Levels come from the whole paragraph; rules L1 and L2 are applied to this line."""
    text = para.text[start:end].rstrip(" ")
    if hyphen and text.endswith(SOFT_HYPHEN):
        text = text[:-1]  # the soft hyphen the line breaks at: drawn as the hyphen added below
    end = start + len(text)
    bidi = para.bidi()
    lv = bidi.line_levels(start, end)
    if hyphen:
        text += "-"
        lv.append(lv[-1] if lv else bidi.level)
    if all(invisible(ch) for ch in text):
        return (), 0.0
    faces = para.fonts[start:end] + ([_hyphen_face(para, end)] if hyphen else [])
    runs = []  # (start, end) within text, split by level, font and icon
    i = 0
    while i < len(text):
        j = i + 1
        if text[i] != OBJECT:
            while j < len(text) and lv[j] == lv[i] and faces[j] == faces[i] and text[j] != OBJECT:
                j += 1
        runs.append((i, j))
        i = j
    out, x = [], 0.0
    for k in visual_order([lv[a] for a, _ in runs]):
        a, b = runs[k]
        font, face = faces[a]
        if text[a] == OBJECT:
            w = size * icon_em
            out.append(Run(para.icons[start + a], font, x, w, True, logical=a))
        else:
            shaped = shape(text[a:b], face, bool(lv[a] % 2), para.edition.lang)
            w = shaped.width(size)
            out.append(Run(text[a:b], font, x, w, glyphs=shaped, logical=a))
        x += w
    return tuple(out), x


def _hyphen_face(para: _Para, end: int) -> tuple[str, str]:
    """The face of a hyphen ending a line: the last character's, if it has a hyphen."""
    font, face = para.fonts[max(end - 1, 0)]
    return (font, face) if ord("-") in fonts._codepoints(face) else _face_for("-", font, para.edition)


def fit(tokens_by_para, font: str, size: float, min_size: float, width: float, height: float, leading: float,
        edition, shrink_step: float):
    """The largest size on the quarter-point grid from `size` down to `min_size` whose lines fit the
    box without hyphenating; else the largest that fits with hyphenation (a word too long at
    `min_size` is cut at a dictionary point rather than overflowing)."""
    from dataclasses import replace

    paras = [_Para(tokens, edition) for tokens in tokens_by_para]
    asc, desc = fonts.ascent_descent("sans")

    def at(s: float, hyphenate: bool) -> TextLayout:
        lines, widths, fits = wrap(paras, s, width, leading, hyphenate)
        h = (len(lines) - 1) * s * leading + s * (asc + desc) if lines else 0.0
        return TextLayout(s, tuple(lines), tuple(widths), s * leading, h, fits, 0.0)

    def ok(lay: TextLayout) -> bool:
        return lay.fits and lay.height <= height + 0.01

    for hyphenate in (False, True):
        best = at(size, hyphenate)
        if ok(best):
            return _without_widow(best, at, size, min_size, shrink_step, edition, hyphenate, ok)
        lo, hi, found = 0, int((size - min_size) / shrink_step + 1e-9), None
        while lo <= hi:
            mid = (lo + hi) // 2
            trial = at(size - mid * shrink_step, hyphenate)
            if ok(trial):
                found, hi = trial, mid - 1
            else:
                lo = mid + 1
        if found:
            return found
    smallest = at(min_size, True)
    return replace(smallest, fits=False, overflow=max(0.0, smallest.height - height))


WIDOW_SHRINK = 0.8  # a CJK text shrinks at most to 80 % of its size to keep a lone character off a line


def _without_widow(lay: TextLayout, at, size: float, min_size: float, shrink_step: float, edition, hyphenate: bool,
                   ok) -> TextLayout:
    """In Japanese, Chinese or Korean, a text whose last line holds a single character (a name breaking
    to 「ム」 alone) is set at the largest smaller size, down to WIDOW_SHRINK of it, whose lines end with two
    or more characters or that needs fewer lines; `lay` when none does. Western text keeps its size: a
    short last word is ordinary there."""
    if not getattr(edition, "cjk", False) or len(lay.lines) < 2 or _last_line_chars(lay) != 1:
        return lay
    floor = max(min_size, size * WIDOW_SHRINK)
    steps = int((size - floor) / shrink_step + 1e-9)
    for k in range(1, steps + 1):
        trial = at(size - k * shrink_step, hyphenate)
        if ok(trial) and (len(trial.lines) < len(lay.lines) or _last_line_chars(trial) > 1):
            return trial
    return lay


def _last_line_chars(lay: TextLayout) -> int:
    """How many visible characters (an icon counts one) the layout's last line holds."""
    return sum(1 if run.icon else sum(1 for c in run.text if not c.isspace()) for run in lay.lines[-1])


def line_runs(string: str, font: str, size: float, edition):
    """One line of a label a kind sets itself (a die's name, a token's label), shaped and in visual
    order, without breaking: (runs, width)."""
    para = _Para([(string, font, False)], edition)
    runs, width = _line(para, 0, len(string), False, size, ICON_EM)
    for run in runs:  # a character no font of the run's chain has: warned by the unit, as a plain label's is
        if not run.icon:
            fonts.note_drawn(visible(run.text), run.font)
    return runs, width


def needs_shaping(string: str) -> bool:
    """A label holding a character of a script that joins, runs right to left or is CJK, or a
    format character (a bidi control orders it, a ZWJ joins; none is drawn)."""
    return any(_complex(ch) or invisible(ch) for ch in string)
