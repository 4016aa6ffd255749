"""Text that fits its box: word wrap, shrink-to-fit, **bold**, *italic* and inline :icons:.

Layout is pure measurement (cached), drawing is a separate step, so the
same laid-out text goes to PDF and SVG alike. A layout also lists the
characters its fonts cannot draw, so callers can warn instead of printing
empty boxes, and it never measures more than MAX_CHARS characters.
"""
from __future__ import annotations

import re
from dataclasses import replace

from pnp.draw import fonts
from pnp.draw.copytext import with_copy_texts
from pnp.draw.formatchars import ZERO_WIDTH_SPACE, visible
from pnp.draw.textcache import text_cache
from pnp.draw.textruns import ICON_EM, Run, TextLayout  # noqa: F401  (where they were first)
from pnp.models.edition import current as current_edition
from pnp.models.fontnames import active
from pnp.models.icontext import ICON_RE, icons_in  # noqa: F401  (re-exported for drawing code)

_TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9][a-z0-9_-]*:|\s+|[^\s*:]+|[*:])")
SHRINK_STEP = 0.25
MAX_CHARS = 20_000  # far more than any box holds at a legible size; beyond it a text is not laid out (fits=False)


def _words(text: str, font: str, plain: bool = True) -> list[list[tuple[str, str, bool]]]:
    """Paragraphs of (text, font, is_icon) tokens, spaces kept as ' '. On the `plain` path (no
    language edition) a zero-width space is a break of no width, and the other format characters
    are left out (never drawn as boxes); an edition's path keeps them for its breaker and shaper."""
    paragraphs = []
    bold = italic = False
    for para in text.split("\n"):
        tokens = []
        for tok in _TOKEN.findall(para):
            if tok == "**":
                bold = not bold
            elif tok == "*":
                italic = not italic
            elif tok.isspace():
                tokens.append((" ", font, False))
            elif ICON_RE.fullmatch(tok):
                tokens.append((tok[1:-1], font, True))
            else:
                styled = fonts.style_variant(font, bold, italic)
                if not plain:
                    tokens.append((tok, styled, False))
                    continue
                for k, part in enumerate(tok.split(ZERO_WIDTH_SPACE)):
                    if k:
                        tokens.append((ZERO_WIDTH_SPACE, styled, False))  # a break opportunity of no width
                    if visible(part):
                        tokens.append((visible(part), styled, False))
        paragraphs.append(tokens)
    return paragraphs


def set_text(text: str, font: str, size: float, min_size: float, width: float, height: float,
                leading: float = 1.2) -> TextLayout:
    """Wrap `text` into `width`, shrinking from `size` towards `min_size` until it fits `height`.

    Only the first MAX_CHARS characters of a longer text are laid out, and it never fits.
    Font names mean the active game's faces, so the cache is keyed by that set too.
    """
    edition = current_edition()
    if edition is not None:
        from pnp.draw.complextext import needs_engine

        if needs_engine(text, edition):
            return _edition_layout(active().key, edition.lang, tuple(sorted(edition.fonts.items())), text, font,
                                   size, min_size, width, height, leading)
    return _set_text(active().key, text, font, size, min_size, width, height, leading)


@text_cache(1024)
def _edition_layout(fonts_key: str, lang: str, lang_fonts: tuple, text: str, font: str, size: float, min_size: float,
                    width: float, height: float, leading: float) -> TextLayout:
    """A language edition's text, shaped and broken by its language (`pnp.draw.complextext`)."""
    from pnp.draw.complextext import fit

    lay = fit(_words(text[:MAX_CHARS], font, plain=False), font, size, min_size, width, height, leading, current_edition(),
              SHRINK_STEP)
    if len(text) > MAX_CHARS:
        lay = replace(lay, fits=False)
    missing = uncovered(lay)
    return replace(lay, missing=missing) if missing else lay


@text_cache(1024)  # bounded: one deck's texts, not every text of a 50,000-card deck
def _set_text(fonts_key: str, text: str, font: str, size: float, min_size: float, width: float, height: float,
                 leading: float) -> TextLayout:
    cut = len(text) > MAX_CHARS
    lay = _fit(text[:MAX_CHARS] if cut else text, font, size, min_size, width, height, leading)
    if cut:
        lay = replace(lay, fits=False, overflow=max(lay.overflow, 0.0))
    missing = uncovered(lay)
    return replace(lay, missing=missing) if missing else lay


def uncovered(layout: TextLayout) -> tuple[tuple[str, str], ...]:
    """(font, characters it has no glyph for) for each font of a laid-out text that lacks some."""
    by_font: dict[str, list[str]] = {}
    for line in layout.lines:
        for run in line:
            if not run.icon:
                by_font.setdefault(run.font, []).append(run.text)
    out = []
    for font, texts in by_font.items():
        chars = fonts.missing_glyphs("".join(texts), font)
        if chars:
            out.append((font, chars))
    return tuple(out)


def _fit(text: str, font: str, size: float, min_size: float, width: float, height: float,
         leading: float) -> TextLayout:
    paragraphs = _words(text, font)
    best = _wrap(paragraphs, size, width, leading)
    if best.height <= height + 0.01 and best.fits:
        return best
    # binary search on the quarter-point grid between min_size and size
    lo, hi = 0, int((size - min_size) / SHRINK_STEP + 1e-9)
    found = None
    while lo <= hi:
        mid = (lo + hi) // 2
        trial = _wrap(paragraphs, size - mid * SHRINK_STEP, width, leading)
        if trial.fits and trial.height <= height + 0.01:
            found, hi = trial, mid - 1
        else:
            lo = mid + 1
    if found:
        return found
    smallest = _wrap(paragraphs, min_size, width, leading)
    return TextLayout(smallest.size, smallest.lines, smallest.line_widths, smallest.line_height, smallest.height,
                      False, max(0.0, smallest.height - height))


def _wrap(paragraphs, size: float, width: float, leading: float) -> TextLayout:
    lines: list[tuple[Run, ...]] = []
    widths: list[float] = []
    fits = True
    fonts_key = active().key
    for tokens in paragraphs:
        p_lines, p_widths, p_fits = _paragraph(fonts_key, tuple(tokens), size, width)
        lines += p_lines
        widths += p_widths
        fits = fits and p_fits
    line_height = size * leading
    asc, desc = fonts.ascent_descent("sans")
    height = (len(lines) - 1) * line_height + size * (asc + desc) if lines else 0.0
    return TextLayout(size, tuple(lines), tuple(widths), line_height, height, fits, 0.0)


@text_cache(4096)  # a paragraph many cards share (a rule's reminder, a flavour line) is wrapped once
def _paragraph(fonts_key: str, tokens: tuple, size: float, width: float) -> tuple[tuple, tuple, bool]:
    """One paragraph's lines, their widths, and whether every word fits the width; a paragraph's
    lines do not depend on the paragraphs around it once its tokens (fonts included) are known.
    `fonts_key` names the active fonts, which the widths depend on."""
    lines: list[tuple[Run, ...]] = []
    widths: list[float] = []
    fits = True
    icon_w = size * ICON_EM
    chains: dict[str, tuple[str, ...]] = {}  # font → its faces, looked up once per paragraph

    def measure(text: str, font: str) -> float:
        faces = chains.get(font)
        if faces is None:
            faces = chains[font] = fonts.chain(font)
        return fonts.chain_width(text, faces, size)

    line: list[Run] = []
    x = 0.0
    for space, gap, word in _groups(tokens):
        pieces = [(t, f, icon, icon_w if icon else measure(t, f)) for t, f, icon in word]
        word_w = sum(p[3] for p in pieces)
        space_w = measure(" ", space) if (line and space and gap == " ") else 0.0
        if line and x + space_w + word_w > width + 0.01:
            lines.append(tuple(line))
            widths.append(x)
            line, x, space_w = [], 0.0, 0.0
        if space_w:
            line.append(Run(" ", space, x, space_w))
            x += space_w
        if word_w > width + 0.01:
            fits = False
        for text, font, is_icon, w in pieces:
            line.append(Run(text, font, x, w, is_icon))
            x += w
    lines.append(tuple(line))
    widths.append(x)
    return tuple(lines), tuple(widths), fits


def _groups(tokens):
    """Words that must not break inside (e.g. '**21**,'), each with the font and the text of the
    gap before it (a space, or a zero-width space: a break that adds no width)."""
    space, gap, word = None, None, []
    for tok in tokens:
        if tok[0] in (" ", ZERO_WIDTH_SPACE) and not tok[2]:
            if word:
                yield space, gap, word
                word = []
                gap = None
            space = tok[1]
            gap = " " if gap == " " or tok[0] == " " else ZERO_WIDTH_SPACE
        else:
            word.append(tok)
    if word:
        yield space, gap, word


def draw_text(surface, layout: TextLayout, x: float, y: float, width: float, height: float, *,
              align: str = "left", valign: str = "top", color: str = "#000000", place_icon=None) -> None:
    """Draw a laid-out text in its box; `place_icon(name, x, y, size)` draws inline icons."""
    size = layout.size
    asc, _ = fonts.ascent_descent("sans")
    edition = current_edition()
    if edition is not None and edition.rtl:  # a right-to-left edition: left means the start, the right side
        align = {"left": "right", "right": "left"}.get(align, align)
    if valign == "middle":
        top = y + (height - layout.height) / 2
    elif valign == "bottom":
        top = y + height - layout.height
    else:
        top = y
    baseline = top + size * asc
    for line, line_w in zip(layout.lines, layout.line_widths):
        if align == "center":
            left = x + (width - line_w) / 2
        elif align == "right":
            left = x + width - line_w
        else:
            left = x
        # merge consecutive runs of one font into one text call (fewer PDF operators); a line with
        # right-to-left text: what each glyph copies as
        chunk, chunk_x, chunk_font = "", 0.0, None
        pairs = with_copy_texts(line) if getattr(surface, "glyphs", None) else [(run, None) for run in line]
        for run, copy in pairs:
            if run.icon:
                if chunk:
                    surface.text(left + chunk_x, baseline, chunk, font=chunk_font, size=size, fill=color)
                    chunk = ""
                side = size * ICON_EM * 0.92
                if place_icon:  # centred on the capital height, a little below the baseline
                    place_icon(run.text, left + run.x + size * ICON_EM * 0.04, baseline - size * 0.36 - side / 2, side)
                continue
            if run.glyphs is not None:  # a language edition's shaped run: drawn by glyph id
                if chunk:
                    surface.text(left + chunk_x, baseline, chunk, font=chunk_font, size=size, fill=color)
                    chunk = ""
                draw_glyphs = getattr(surface, "glyphs", None)
                if draw_glyphs is not None:
                    draw_glyphs(left + run.x, baseline, run.glyphs, size=size, fill=color, copy=copy)
                else:
                    surface.text(left + run.x, baseline, run.text, font=run.font, size=size, fill=color)
                continue
            if chunk and run.font == chunk_font:
                chunk += run.text
            else:
                if chunk:
                    surface.text(left + chunk_x, baseline, chunk, font=chunk_font, size=size, fill=color)
                chunk, chunk_x, chunk_font = run.text, run.x, run.font
        if chunk:
            surface.text(left + chunk_x, baseline, chunk, font=chunk_font, size=size, fill=color)
        baseline += layout.line_height
