"""rules.md → blocks: sandboxed Jinja2 over the specs, then Markdown (markdown-it-py) into a small block tree.

Jinja2 runs in a SandboxedEnvironment with StrictUndefined, so a name that does
not resolve, or an attempt to reach Python internals, is a build error located
at `rules.md:LINE:COL`, never a blank. Helpers (`card`, `figure`, ...) return
private-use markers that stand for figures; the Markdown stage turns them back
into figure blocks. Inline markup becomes reportlab paragraph markup, with icons
left as markers for the story stage, which knows the font size.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Pos, SpecError, SpecErrors, did_you_mean, display_path
from pnp.rulebook.errors import RuleError  # noqa: F401  (raised by helpers; re-exported)
from pnp.rulebook.tablerows import check_table_rows
from pnp.models.retiredicons import icon_hint
from pnp.kinds import offering

FIG_OPEN, FIG_CLOSE = "\ue000", "\ue001"
ICON_OPEN, ICON_CLOSE = "\ue002", "\ue003"
IMG_OPEN, IMG_CLOSE = "\ue004", "\ue005"
FIG_RE = re.compile(f"{FIG_OPEN}(\\d+){FIG_CLOSE}")
SPLIT_RE = re.compile(f"{FIG_OPEN}(\\d+){FIG_CLOSE}|{IMG_OPEN}(\\d+){IMG_CLOSE}")
RESERVED = "".join(chr(c) for c in range(0xE000, 0xE006))  # marker characters: never allowed from a template
ICON_MARK_RE = re.compile(f"{ICON_OPEN}([^{ICON_CLOSE}]+){ICON_CLOSE}")
CELLS_OPEN, CELLS_CLOSE = "\ue004", "\ue005"  # one row of a shape drawn with cells(): '#' filled, '.' empty
CELLS_MARK_RE = re.compile(f"{CELLS_OPEN}([#.]+){CELLS_CLOSE}")
MAX_CELLS = 12  # rows and columns of one shape drawn in text
ICON_RE = re.compile(r":([a-z][a-z0-9_-]*):")  # a letter first, so "1:2:3" stays text


# blocks ---------------------------------------------------------------------------------------
@dataclass
class Heading:
    level: int
    text: str  # inline markup
    plain: str
    number: str | None


@dataclass
class Para:
    text: str


@dataclass
class ListBlock:
    ordered: bool
    start: int
    items: list[list]


@dataclass
class Table:
    head: list[str]
    rows: list[list[str]]
    align: list[str]


@dataclass
class Quote:
    blocks: list


@dataclass
class FigureBlock:
    figure: Any  # a request from pnp.rulebook.figures


@dataclass
class ImageBlock:
    image: int  # index into Compiled.images


@dataclass
class ImageRef:
    """A Markdown image `![alt](src)` standing alone in a paragraph, to be loaded from the game folder."""

    src: str
    alt: str


@dataclass
class PageBreak:
    pass


@dataclass
class Rule:
    pass


@dataclass
class Code:
    text: str


@dataclass
class Compiled:
    """rules.md compiled: the blocks, the figures the helpers asked for, and the cover cards."""

    blocks: list
    figures: list
    cover: Any = None
    markdown: str = ""
    images: list = field(default_factory=list)  # requests from pnp.rulebook.figures, for ImageBlock


# Jinja2 -----------------------------------------------------------------------------------------
def environment(game_dir: Path):
    """pnp's bounded sandbox (see pnp.sandbox.templating) with a document's limits, loading from the game
    folder; a source compiled before in this process is not compiled again (`pnp.sandbox.compiledcache`)."""
    from pnp.rulebook.sources import GameFolderLoader
    from pnp.sandbox.compiledcache import compiled_templates
    from pnp.sandbox.templating import DOCUMENT_LIMITS, bounded_environment, circled

    env = bounded_environment(DOCUMENT_LIMITS, keep_trailing_newline=True, loader=GameFolderLoader(game_dir),
                              bytecode_cache=compiled_templates())
    env.filters["icons"] = lambda names: " ".join(f":{n}:" for n in (names or []))
    env.filters["circled"] = circled
    return env


class Helpers:
    """The functions a rules.md can call; each validates its arguments when called."""

    def __init__(self, game, files: dict):
        from pnp.rulebook import specs

        self.game = game
        self.files = files
        self.figures: list = []
        self.cover = None
        self._specs = specs
        # a page shown again is read and rendered once: 400 figures of one page held 2 GB of pixels
        self._pdfs: dict[str, tuple[bytes, int]] = {}  # output → its bytes and page count
        self._page_images: dict[tuple, dict] = {}  # (output, page, crop) → its images by width

    def _marker(self, request) -> str:
        self.figures.append(request)
        return f"\n\n{FIG_OPEN}{len(self.figures) - 1}{FIG_CLOSE}\n\n"

    def _deck(self, name: str):
        decks = {c.model.name: c.model for c in offering(self.game, "cards")}
        if name not in decks:
            raise RuleError(f"no deck named '{name}'{did_you_mean(name, decks)} (decks: {', '.join(decks) or 'none'})",
                            name)
        return decks[name]

    def _card_ids(self, deck, ids) -> list[str]:
        ids = [ids] if isinstance(ids, str) else list(ids)
        known = [e.id for e in deck.cards]
        for card_id in ids:
            if card_id not in known:
                raise RuleError(f"deck '{deck.name}' has no card '{card_id}'{did_you_mean(card_id, known)}", card_id)
        if not ids:
            raise RuleError("card(): give at least one card id")
        return ids

    def card(self, deck: str, ids, side: str = "front", width: str = "40mm", caption: str | None = None) -> str:
        """A figure of one card (or a row of cards) drawn as vector art from the deck."""
        from pnp.rulebook.figures import CardFigure

        d = self._deck(deck)
        ids = self._card_ids(d, ids)
        if side not in ("front", "back", "both"):
            raise RuleError(f"side must be front, back or both, not '{side}'", side)
        return self._marker(CardFigure(d, self.game, ids, side, _length(width), caption))

    def figure(self, name: str, page: int = 1, width: str = "120mm", caption: str | None = None,
               crop: bool = True) -> str:
        """A figure of one page of another output of this build, rasterised."""
        from pnp.draw.pngpages import page_count
        from pnp.rulebook.figures import PageFigure

        from pnp.spool import Spooled, contents

        pdfs = sorted(k for k, v in self.files.items() if k.endswith(".pdf") and isinstance(v, (bytes, bytearray, Spooled)))
        if name not in pdfs:
            raise RuleError(f"no output '{name}' in this build{did_you_mean(name, pdfs)} "
                            f"(outputs: {', '.join(pdfs) or 'none'})", name)
        if name not in self._pdfs:  # a large card file arrives spooled to disk; pdfium wants bytes
            data = bytes(contents(self.files[name]))
            self._pdfs[name] = data, page_count(data)
        data, n = self._pdfs[name]
        if not isinstance(page, int) or not 1 <= page <= n:
            raise RuleError(f"'{name}' has {n} page(s); page {page} does not exist", str(page))
        images = self._page_images.setdefault((name, page, bool(crop)), {})
        return self._marker(PageFigure(name, data, page, _length(width), caption, bool(crop), _scaled=images))

    def component_list(self) -> str:
        lines = self._specs.component_lines(self.game)
        return "\n\n" + "\n".join(f"- {line}" for line in lines) + "\n\n"

    def page_break(self) -> str:
        return self._marker(PageBreak())

    def cover_cards(self, deck: str, ids, side: str = "front") -> str:
        """Cards shown on the title page instead of the default (the first card of the first deck)."""
        d = self._deck(deck)
        self.cover = (d, self._card_ids(d, ids), side)
        return ""

    def cells(self, rows) -> str:
        """A shape of squares drawn in the text (a table cell, a sentence): one string per row,
        `#` a square and `.` an empty place, as sheets write polyominoes."""
        rows = [rows] if isinstance(rows, str) else list(rows or [])
        if not rows or len(rows) > MAX_CELLS or any(not isinstance(r, str) for r in rows):
            raise RuleError(f"cells(): give 1 to {MAX_CELLS} rows, each a string of # and .", str(rows)[:40])
        width = max(len(r) for r in rows)
        bad = next((r for r in rows if not r or set(r) - {"#", ".", " "} or len(r) > MAX_CELLS), None)
        if bad is not None or width == 0:
            raise RuleError(f"cells(): a row is up to {MAX_CELLS} characters of # (a square) and . (a gap), "
                            f"not '{bad}'", str(bad))
        return "<br>".join(f"{CELLS_OPEN}{r.replace(' ', '.').ljust(width, '.')}{CELLS_CLOSE}" for r in rows)

    def globals(self) -> dict:
        return {"card": self.card, "figure": self.figure, "component_list": self.component_list,
                "page_break": self.page_break, "cover": self.cover_cards, "cells": self.cells}


def _length(value) -> float:
    from pnp.models.units import parse_length

    try:
        return float(parse_length(value))
    except ValueError as e:
        raise RuleError(str(e), str(value))


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


# Markdown -----------------------------------------------------------------------------------------
def parse(markdown: str, images: list | None = None) -> list:
    """Markdown → blocks, with headings numbered 1, 1.1 (a heading ending in `{-}` is not numbered).

    Character references (`&lt;`, `&amp;`) are not decoded: text is printed as
    written, like on the components. Images in paragraphs are collected into
    `images` (as ImageRef) when a list is given; elsewhere they print their alt text.
    """
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable("entity")
    md.validateLink = lambda url: True  # every image reaches the file gate, which refuses URLs with a located error
    tokens = md.parse(markdown)
    if images is not None:
        _collect_images(tokens, images)
    blocks, _ = _blocks(tokens, 0, None)
    _number(blocks)
    return blocks


def _blocks(tokens, i: int, close: str | None) -> tuple[list, int]:
    out: list = []
    while i < len(tokens):
        t = tokens[i]
        if close and t.type == close:
            return out, i + 1
        if t.type == "heading_open":
            text = _inline(tokens[i + 1])
            out.append(Heading(int(t.tag[1]), text, _plain(tokens[i + 1]), None))
            i += 3
        elif t.type == "paragraph_open":
            out.extend(_paragraph(_inline(tokens[i + 1])))
            i += 3
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            ordered = t.type == "ordered_list_open"
            start = int(t.attrGet("start") or 1) if ordered else 1
            items, i = _list_items(tokens, i + 1, t.type.replace("_open", "_close"))
            out.append(ListBlock(ordered, start, items))
        elif t.type == "blockquote_open":
            inner, i = _blocks(tokens, i + 1, "blockquote_close")
            out.append(Quote(inner))
        elif t.type == "table_open":
            table, i = _table(tokens, i + 1)
            out.append(table)
        elif t.type == "hr":
            out.append(Rule())
            i += 1
        elif t.type in ("fence", "code_block"):
            out.append(Code(t.content.rstrip("\n")))
            i += 1
        elif t.type == "html_block":
            if not t.content.lstrip().startswith("<!--"):
                out.append(Para(_escape(t.content.strip())))
            i += 1
        else:
            i += 1
    return out, i


def _collect_images(tokens, images: list) -> None:
    """Turn each image of a paragraph into a marker text, recording what it names."""
    for before, t in zip(tokens, tokens[1:]):
        if before.type != "paragraph_open" or t.type != "inline":
            continue
        for child in t.children or []:
            if child.type == "image":
                images.append(ImageRef(str(child.attrGet("src") or ""), child.content))
                child.type, child.content, child.children = "image_marker", f"{IMG_OPEN}{len(images) - 1}{IMG_CLOSE}", None


def _list_items(tokens, i: int, close: str) -> tuple[list, int]:
    items = []
    while i < len(tokens) and tokens[i].type != close:
        if tokens[i].type == "list_item_open":
            item, i = _blocks(tokens, i + 1, "list_item_close")
            items.append(item)
        else:
            i += 1
    return items, i + 1


def _table(tokens, i: int) -> tuple[Table, int]:
    head: list[str] = []
    rows: list[list[str]] = []
    align: list[str] = []
    row: list[str] | None = None
    in_head = False
    while tokens[i].type != "table_close":
        t = tokens[i]
        if t.type == "thead_open":
            in_head = True
        elif t.type == "tbody_open":
            in_head = False
        elif t.type == "tr_open":
            row = []
        elif t.type == "tr_close":
            (head.extend if in_head else rows.append)(row)
        elif t.type in ("th_open", "td_open"):
            if in_head:
                style = t.attrGet("style") or ""
                align.append(style.split(":")[-1] if "text-align" in style else "left")
            row.append(_inline(tokens[i + 1]))
        i += 1
    return Table(head, rows, align), i + 1


def _paragraph(text: str) -> list:
    """A paragraph, split around any figure and image markers it holds."""
    out: list = []
    pos = 0
    for m in SPLIT_RE.finditer(text):
        before = text[pos:m.start()].strip()
        if before and before != "<br/>":
            out.append(Para(before))
        out.append(FigureBlock(int(m.group(1))) if m.group(1) is not None else ImageBlock(int(m.group(2))))
        pos = m.end()
    rest = text[pos:].strip()
    if rest and rest != "<br/>":
        out.append(Para(rest))
    return out


_TAGS = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>",
         "s_open": "<strike>", "s_close": "</strike>", "softbreak": " ", "hardbreak": "<br/>"}


def _inline(token) -> str:
    parts = []
    for child in token.children or []:
        if child.type == "text":
            parts.append(_icons(_text_markup(child.content)))
        elif child.type in _TAGS:
            parts.append(_TAGS[child.type])
        elif child.type == "code_inline":
            parts.append(f'<font name="{_code_font()}">{_escape(child.content)}</font>')
        elif child.type == "image":
            parts.append(_escape(child.content))
        elif child.type == "image_marker":
            parts.append(child.content)
        elif child.type == "html_inline":
            parts.append("<br/>" if re.fullmatch(r"<br\s*/?>", child.content.strip()) else _escape(child.content))
    return "".join(parts)


def _plain(token) -> str:
    """A heading as plain text (for the contents, the outline and the running header): what it prints, unstyled."""
    parts = []
    for c in token.children or []:
        if c.type in ("text", "code_inline"):
            parts.append(c.content)
        elif c.type == "html_inline":
            parts.append(" " if re.fullmatch(r"<br\s*/?>", c.content.strip()) else c.content)
    text = "".join(parts)
    return ICON_RE.sub(lambda m: m.group(1).replace("-", " "), text).strip()


def _icons(text: str) -> str:
    return ICON_RE.sub(lambda m: f"{ICON_OPEN}{m.group(1)}{ICON_CLOSE}", text)


def _escape(text: str) -> str:
    """Text made safe for reportlab paragraph markup: every `&`, `<` and `>` escaped, once, where text meets markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text_markup(text: str) -> str:
    """Escaped text; a run the body font cannot draw but a fallback font can is set in that font."""
    from pnp.draw import fonts

    body = fonts.active().rulebook[0]
    return "".join(_escape(piece) if face is None else f'<font name="{face}">{_escape(piece)}</font>'
                   for face, piece in fonts.fallback_runs(text, body))


def _code_font() -> str:
    from pnp.draw import fonts

    return fonts.register("condensed")


def _number(blocks: list) -> None:
    counters = [0, 0]
    for b in blocks:
        if not isinstance(b, Heading):
            continue
        if b.plain.endswith("{-}"):
            b.plain = b.plain[:-3].rstrip()
            b.text = b.text.replace("{-}", "").rstrip()
            continue
        if b.level == 1:
            counters = [counters[0] + 1, 0]
            b.number = str(counters[0])
        elif b.level == 2:
            counters[1] += 1
            b.number = f"{counters[0]}.{counters[1]}" if counters[0] else str(counters[1])


def icons_used(blocks: list) -> set[str]:
    """Every icon name in the blocks' text (to check them all before drawing)."""
    found: set[str] = set()

    def walk(items):
        for b in items:
            if isinstance(b, (Heading, Para)):
                found.update(ICON_MARK_RE.findall(b.text))
            elif isinstance(b, ListBlock):
                for item in b.items:
                    walk(item)
            elif isinstance(b, Quote):
                walk(b.blocks)
            elif isinstance(b, Table):
                for cell in b.head + [c for r in b.rows for c in r]:
                    found.update(ICON_MARK_RE.findall(cell))

    walk(blocks)
    return found


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

    texts: list[str] = []

    def walk(items):
        for b in items:
            if isinstance(b, (Heading, Para)):
                texts.append(b.text)
            elif isinstance(b, ListBlock):
                for item in b.items:
                    walk(item)
            elif isinstance(b, Quote):
                walk(b.blocks)
            elif isinstance(b, Table):
                texts.extend(b.head + [c for r in b.rows for c in r])

    walk(blocks)
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
