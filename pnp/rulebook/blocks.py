"""The rulebook's block tree: Markdown (markdown-it-py) read into headings, paragraphs, lists, tables and figures.

The Jinja2 stage (`pnp.rulebook.language`) leaves private-use markers where a helper asked for a
figure, a picture, an icon or a row of cells; this module turns the rendered Markdown into small
blocks, keeps those markers for the story stage (which knows the font size), and makes inline
markup reportlab paragraph markup.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

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
            parts.append(f'<font name="{code_font()}">{_escape(child.content)}</font>')
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


def code_font() -> str:
    """The registered name of the font inline code is set in."""
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


def block_texts(blocks: list) -> list[str]:
    """The text of every heading, paragraph, list item, quote and table cell, in order (as written,
    marks and icons included)."""
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
    return texts


def icons_used(blocks: list) -> set[str]:
    """Every icon name in the blocks' text (to check them all before drawing)."""
    return {name for text in block_texts(blocks) for name in ICON_MARK_RE.findall(text)}


