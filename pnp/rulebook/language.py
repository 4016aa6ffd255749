"""rules.md → blocks: sandboxed Jinja2 over the specs, then the Markdown stage (`pnp.rulebook.blocks`).

Jinja2 runs in pnp's bounded sandbox with StrictUndefined, so a name that does not resolve, or an
attempt to reach Python internals, is a build error located at `rules.md:LINE:COL`, never a blank.
The helpers a template calls (`pnp.rulebook.helpers`) return private-use markers that stand for
figures. This module also bounds what the rendered text may ask of the layout (long headings,
words, paragraphs, tables), warns about characters no font draws, and loads the Markdown pictures.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.errors import Pos, SpecError, SpecErrors, display_path
from pnp.models.retiredicons import icon_hint
from pnp.rulebook.blocks import (
    CELLS_MARK_RE, FIG_OPEN, FIG_RE, ICON_MARK_RE, RESERVED, Compiled, Heading, ImageRef, ListBlock, Para, Quote,
    Table, icons_used, parse,
)
from pnp.rulebook.errors import RuleError
from pnp.rulebook.helpers import Helpers
from pnp.rulebook.tablerows import check_table_rows


# Jinja2 -----------------------------------------------------------------------------------------
def environment(game_dir: Path):
    """pnp's bounded sandbox (see pnp.sandbox.bounded) with a document's limits, loading from the game
    folder; a source compiled before in this process is not compiled again (`pnp.sandbox.compiledcache`)."""
    from pnp.rulebook.sources import GameFolderLoader
    from pnp.sandbox.compiledcache import compiled_templates
    from pnp.sandbox.bounded import DOCUMENT_LIMITS, bounded_environment, circled

    env = bounded_environment(DOCUMENT_LIMITS, keep_trailing_newline=True, loader=GameFolderLoader(game_dir),
                              bytecode_cache=compiled_templates())
    env.filters["icons"] = lambda names: " ".join(f":{n}:" for n in (names or []))
    env.filters["circled"] = circled
    return env


def render(game, files: dict, source_name: str = "rules.md") -> tuple[str, Helpers]:
    """Render rules.md with the game's specs; errors become located SpecErrors."""
    from jinja2 import TemplateSyntaxError

    from pnp.rulebook.specs import context

    env = environment(game.dir)
    helpers = Helpers(game, files)
    ctx = context(game, list(files))
    ctx.update(helpers.globals())
    try:
        template = env.get_template(source_name)
        text = template.render(ctx)
    except SpecErrors:
        raise  # an included file that is not text: already located in that file
    except TemplateSyntaxError as e:
        from pnp.sandbox.templatewords import explain

        path = e.filename or str(game.dir / source_name)
        mistake = explain(e, "", env=env)
        message = f"template {mistake.message}" if mistake.message.startswith("syntax error") else mistake.message
        raise SpecErrors([SpecError(_pos(path, e.lineno, mistake.word), message)])
    except RecursionError:
        raise SpecErrors([SpecError(Pos(display_path(game.dir / source_name)), "template error: recursion too deep")])
    except Exception as e:  # noqa: BLE001 — every failure of a designer's template is reported, located
        raise SpecErrors([_located(e, game.dir / source_name, env, ctx)])
    return text, helpers


def _located(e: Exception, default: Path, env=None, ctx=()) -> SpecError:
    """The error at its file and line (an included file's own), in a designer's words."""
    from jinja2 import UndefinedError

    from pnp.rulebook.sources import source_lines
    from pnp.sandbox.templatewords import explain

    path, line = str(default), 1
    tb = e.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith((".md", ".j2")) and Path(name).is_file():
            path, line = name, tb.tb_lineno
        tb = tb.tb_next
    message = getattr(e, "message", None) or str(e)
    needle = getattr(e, "needle", None)
    if not isinstance(e, RuleError):
        lines = source_lines(path) or []
        mistake = explain(e, lines[line - 1] if 0 < line <= len(lines) else "", ctx, env)
        message, needle = mistake.message, mistake.word
        if isinstance(e, UndefinedError) and "did you mean" not in message:
            message += " (an unknown name: check its spelling against the specs)"
    return SpecError(_pos(path, line, needle), message)


def _pos(path: str, line: int | None, needle: str | None) -> Pos:
    """A position in a template file; the column points at `needle` inside a Jinja2 tag when it can."""
    from pnp.rulebook.sources import source_lines

    line = line or 1
    lines = source_lines(path)
    if not lines or line > len(lines):
        return Pos(display_path(path), line, 1)
    text = lines[line - 1]
    col = 0
    tags = [m.start() for m in re.finditer(r"\{\{|\{%", text)]
    if needle:
        for m in re.finditer(re.escape(needle), text):
            if any(t <= m.start() for t in tags) or not tags:
                col = m.start() + 1
                break
    if not col:
        col = (tags[0] + 1) if tags else 1
    return Pos(display_path(path), line, col)


def compile_rules(game, files: dict, source_name: str = "rules.md") -> Compiled:
    """The whole language stage: render, parse, check icons (unknown ones located in the source)."""
    text, helpers = render(game, files, source_name)
    path = game.dir / source_name
    check_table_rows(path)
    _check_markers(text, len(helpers.figures), path)
    refs: list[ImageRef] = []
    blocks = parse(text, refs)
    _check_layout_bounds(blocks, path)
    _warn_missing_glyphs(game, blocks, path)
    unknown = sorted(n for n in icons_used(blocks) if not game.assets.has_icon(n))
    if unknown:
        errors = []
        for name in unknown:
            line, needle = _find_line(path, f":{name}:")
            errors.append(SpecError(_pos(str(path), line, needle), f"unknown icon '{name}'"
                                    f"{icon_hint(name, game.assets.icon_names())}"))
        raise SpecErrors(errors)
    return Compiled(blocks, helpers.figures, helpers.cover, text, _images(game, refs, path))


MAX_HEADING = 200  # characters: a heading is set again in the contents, the outline and every running header
MAX_HEADINGS = 1_000  # each is an entry of the contents, laid out again on every pass of the book
MAX_WORD = 1_000  # characters without a space: reportlab breaks such a word one character at a time
MAX_TABLE_CELLS = 10_000  # a table is laid out whole before it is split across pages
# characters of one paragraph (or list item, or table cell): reportlab wraps the whole rest of a
# paragraph again on every page it reaches, so its time grows with the square of its length
# (400,000 characters took 47 s). The bundled rulebooks' longest is about 4,200.
MAX_PARAGRAPH = 20_000


def _check_layout_bounds(blocks: list, path: Path) -> None:
    """Bounds on what reportlab lays out slowly, each an error where it is written: a heading of 50,000
    characters, 20,000 headings, a word of 250,000 characters, a table of 180,000 cells or a
    paragraph of 400,000 characters took minutes."""
    errors = []
    headings = 0

    def error(needle: str, message: str) -> None:
        line, found = _find_line(path, needle[:40])
        errors.append(SpecError(_pos(str(path), line, found), message))

    def long_text(text: str) -> None:
        if long_word(text):
            return
        plain = re.sub(r"<[^>]*>", "", text)
        if len(plain) > MAX_PARAGRAPH:
            error(plain.lstrip()[:40], f"a paragraph of {len(plain):,} characters; a paragraph is at most "
                                       f"{MAX_PARAGRAPH:,} (a blank line starts a new one)")

    def long_word(text: str) -> bool:
        from pnp.draw.formatchars import visible

        m = re.search(r"\S{%d,}" % (MAX_WORD + 1), visible(text))  # format characters draw nothing: not counted
        if m:
            error(re.sub(r"<[^>]*>", "", m.group())[:40] or m.group(), f"a word of {len(m.group()):,} characters "
                  f"without a space; a word is at most {MAX_WORD:,} (reportlab breaks it a character at a time)")
        return m is not None

    def walk(items):
        nonlocal headings
        for b in items:
            if isinstance(b, Heading):
                headings += 1
                if len(b.plain) > MAX_HEADING:
                    error(b.plain, f"this heading is {len(b.plain):,} characters long; a heading is at most "
                                   f"{MAX_HEADING}")
                elif headings == MAX_HEADINGS + 1:
                    error(b.plain, f"more than {MAX_HEADINGS:,} headings: the contents could not be laid out in "
                                   "reasonable time")
            elif isinstance(b, Para):
                long_text(b.text)
            elif isinstance(b, Quote):
                walk(b.blocks)
            elif isinstance(b, ListBlock):
                for item in b.items:
                    walk(item)
            elif isinstance(b, Table):
                cells = len(b.head) * (len(b.rows) + 1)
                if cells > MAX_TABLE_CELLS:
                    error(b.head[0] if b.head else "|", f"this table has {cells:,} cells ({len(b.rows) + 1:,} rows of "
                                                        f"{len(b.head)}); a table has at most {MAX_TABLE_CELLS:,}")
                else:
                    for cell in b.head + [c for r in b.rows for c in r]:
                        long_text(cell)

    walk(blocks)
    if errors:
        raise SpecErrors(errors[:100])


def _warn_missing_glyphs(game, blocks: list, path: Path) -> None:
    """Characters of the rules' text that neither the body font nor a fallback can draw: a warning at the first.

    Checked against the body font (headings in another font are checked with it too; code uses DejaVu).
    """
    import html

    from pnp.draw import fonts

    from pnp.rulebook.blocks import block_texts

    texts = block_texts(blocks)
    plain = html.unescape(re.sub(r"<[^>]*>", "", ICON_MARK_RE.sub("", "\n".join(texts))))
    body = fonts.active().rulebook[0]
    chars = fonts.missing_glyphs("".join(c for c in plain if c not in RESERVED), body)
    if chars:
        line, needle = _find_line(path, chars[0])
        game.errors.warn(_pos(str(path), line, needle), f"the rulebook: {fonts.describe_missing(chars, body)}")


def _check_markers(text: str, figures: int, path: Path) -> None:
    """The private-use characters pnp marks figures and icons with must come from the helpers alone.

    Written into rules.md or a spec value, one could stand for a figure that does not exist.
    """
    found = [int(n) for n in FIG_RE.findall(text)]
    stray = CELLS_MARK_RE.sub("", re.sub(FIG_RE, "", text))  # a well-formed row of cells draws squares, nothing more
    bad = next((c for c in stray if c in RESERVED), None)
    if bad is None and all(n < figures for n in found):
        return
    char = bad or FIG_OPEN
    line, needle = _find_line(path, char)
    raise SpecErrors([SpecError(_pos(str(path), line, needle), f"the character U+{ord(char):04X} is reserved by pnp "
                                                              "(it marks figures and icons); remove it")])


# Markdown pictures in one rulebook, each use counted: each is decoded, drawn and (in the web page) rendered
# again, so one picture of 2 MB written 300 times took 37 s and 830 MB for the PDF, 150 s and 2.8 GB for the page
MAX_IMAGES = 100


def _images(game, refs: list[ImageRef], path: Path) -> list:
    """Each Markdown image loaded from the game folder, or one located error per image that cannot be.

    A picture used again is read and decoded once (the PDF holds it once either way)."""
    from dataclasses import replace
    from urllib.parse import unquote

    from pnp.rulebook.figures import PictureFigure, image_figure

    out, errors, pictures = [], [], {}
    for n, ref in enumerate(refs, 1):
        line, found = _find_line(path, f"]({ref.src}")
        pos = _pos(str(path), line, ref.src if found else None)
        if n > MAX_IMAGES:
            errors.append(SpecError(_nth_picture_line(path, n, pos), f"more than {MAX_IMAGES} pictures in the "
                                    "rulebook (each use counts); a picture is drawn again each time it is used"))
            break
        src = unquote(ref.src)
        try:
            if src in pictures:
                out.append(replace(pictures[src], caption=ref.alt.strip() or None))
                continue
            figure = image_figure(game, src, ref.alt, pos)
        except SpecErrors as e:
            errors.extend(e.errors)
            continue
        if isinstance(figure, PictureFigure):
            pictures[src] = figure
        out.append(figure)
    if errors:
        raise SpecErrors(errors)
    return out


def _nth_picture_line(path: Path, n: int, default: Pos) -> Pos:
    """Where the `n`-th Markdown picture (`![`) of the rulebook's source is, or `default` when it is not found."""
    from pnp.rulebook.sources import source_lines

    seen = 0
    for number, line in enumerate(source_lines(path) or [], 1):
        at = line.find("![")
        while at >= 0:
            seen += 1
            if seen == n:
                return Pos(default.path, number, at + 1)
            at = line.find("![", at + 2)
    return default


def _find_line(path: Path, needle: str) -> tuple[int, str | None]:
    from pnp.rulebook.sources import source_lines

    for n, line in enumerate(source_lines(path) or [], 1):
        if needle in line:
            return n, needle
    return 1, None
