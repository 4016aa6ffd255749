"""The rulebook as one self-contained web page (`rulebook.html`, with `--format html`).

It is made from the very compiled document the PDF is made from (`language.compile_rules`:
the same Jinja2 sandbox, the same numbers from the specs, the same blocks), so the page and the
PDF cannot disagree. Nothing outside the file is ever fetched: figures are drawn as the PDF
draws them (each figure's own flowable on a page of its size) and embedded as PNG `data:` URIs,
icons as SVG `data:` URIs, the style sheet inline, and a Content-Security-Policy forbids
anything else (no script, no external URL, no font or frame).

Inline text reaches here as the small markup the language stage writes for reportlab, in which
every `<`, `>` and `&` of the designer's text is already escaped; `_inline` turns the few tags
that markup has (bold, italic, strike, code, line break, icon marks) into HTML and escapes any
other tag, so HTML written in rules.md shows as text, never as markup.
"""
from __future__ import annotations

import base64
import html
import io
import re

from pnp.models.phrases import phrase
from pnp.rulebook import blocks as L
from pnp.rulebook.document import compiled_meta

FIGURE_WIDTH = 440.0   # points: the widest figure (about the text column of an A4 page)
FIGURE_DPI = 144       # sharp on a phone's screen without a heavy file

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"

CSS = """
:root { color-scheme: light; }
body { margin: 0 auto; max-width: 44em; padding: 1em 1.5em 4em; font: 17px/1.55 Georgia, "DejaVu Serif", serif;
       color: #222; background: #fffdf8; }
h1, h2, h3, h4 { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; line-height: 1.25; color: #3e2723; }
h1.title { font-size: 2.1em; margin-bottom: .1em; text-align: center; }
p.subtitle { text-align: center; font-style: italic; margin-top: 0; }
.facts { display: flex; flex-wrap: wrap; justify-content: center; gap: .4em 1.6em; border-top: 1px solid #d7ccc8;
         border-bottom: 1px solid #d7ccc8; padding: .5em 0; margin: 1em 0; font-family: sans-serif; }
.facts span { text-transform: uppercase; font-size: .75em; color: #6d6d6d; display: block; }
.credits { text-align: center; font-size: .9em; color: #555; }
nav ol { list-style: none; padding-left: 1.1em; } nav > ol { padding-left: 0; } nav li { margin: .15em 0; } nav a { color: #5d4037; text-decoration: none; }
.num { color: #a1887f; margin-right: .5em; }
table { border-collapse: collapse; margin: .6em 0 1.2em; width: 100%; }
th { background: #f3ede4; border-bottom: 2px solid #8d6e63; text-align: left; }
th, td { padding: .3em .5em; vertical-align: top; border-bottom: 1px solid #e0d8cc; }
blockquote { margin: 1em 0; padding: .6em 1em; background: #f3ede4; border-left: 4px solid #8d6e63; }
figure { margin: 1.2em 0; text-align: center; }
figure img { max-width: 100%; height: auto; }
figcaption { font-size: .9em; color: #555; margin-top: .3em; }
img.icon { height: 1.15em; width: 1.15em; vertical-align: -0.2em; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: .9em; }
pre { white-space: pre-wrap; background: #f6f6f6; padding: .6em; }
hr { border: 0; border-top: 1px solid #d7ccc8; width: 40%; margin: 1.5em auto; }
@media (max-width: 600px) {
  body { font-size: 16px; padding: .5em .9em 3em; }
  h1.title { font-size: 1.6em; }
  table { display: block; overflow-x: auto; }
}
"""

_TAG_RE = re.compile(r"<[^>]*>")
_SIMPLE = {"<b>": "<strong>", "</b>": "</strong>", "<i>": "<em>", "</i>": "</em>", "<strike>": "<s>",
           "</strike>": "</s>", "<br/>": "<br>"}
_FONT_RE = re.compile(r'<font name="[A-Za-z0-9_-]+">')


class Page:
    """Builds the page's HTML from the compiled blocks."""

    def __init__(self, game, compiled: L.Compiled):
        self.game = game
        self.compiled = compiled
        self.icons: dict[str, str] = {}
        self.figure_no = 0
        self.heading_no = 0
        self.toc: list[tuple[int, str, str]] = []  # (level, anchor, text)
        self.drawn: dict[int, tuple] = {}  # id of a Markdown picture's pixels or art → (them, its data URI and size)

    # inline ------------------------------------------------------------------------------------
    def inline(self, text: str) -> str:
        """The language stage's markup → HTML: its own few tags translated, any other tag escaped. A run
        in the code font is `<code>`; a run in a fallback font (Arabic or Japanese words the body font
        has no glyphs for) is ordinary text, left to the browser's fonts."""
        opened: list[str] = []

        def tag(m: re.Match) -> str:
            t = m.group(0)
            if t == "</font>":
                return opened.pop() if opened else ""
            if t in _SIMPLE:
                return _SIMPLE[t]
            if _FONT_RE.fullmatch(t):
                code = t == f'<font name="{L.code_font()}">'
                opened.append("</code>" if code else "")
                return "<code>" if code else ""
            return html.escape(t)

        out = _TAG_RE.sub(tag, text)
        return L.ICON_MARK_RE.sub(lambda m: self.icon(m.group(1)), out)

    def icon(self, name: str) -> str:
        if name not in self.icons:
            from pnp.draw.svg import SvgSurface

            surface = SvgSurface(title=name)
            surface.begin_page(100, 100)
            self.game.assets.place_icon(surface, name, 0, 0, 100, "#3e2723")
            surface.end_page()
            svg = surface.finish()[0]
            self.icons[name] = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
        return f'<img class="icon" src="{self.icons[name]}" alt="{html.escape(name.replace("-", " "))}">'

    # blocks ------------------------------------------------------------------------------------
    def blocks(self, blocks: list) -> str:
        return "\n".join(filter(None, (self.block(b) for b in blocks)))

    def block(self, b) -> str:
        if isinstance(b, L.Heading):
            return self.heading(b)
        if isinstance(b, L.Para):
            return f"<p>{self.inline(b.text)}</p>"
        if isinstance(b, L.ListBlock):
            items = "".join(f"<li>{self._item(item)}</li>" for item in b.items)
            if b.ordered:
                start = f' start="{int(b.start)}"' if b.start != 1 else ""
                return f"<ol{start}>{items}</ol>"
            return f"<ul>{items}</ul>"
        if isinstance(b, L.Table):
            return self.table(b)
        if isinstance(b, L.Quote):
            return f"<blockquote>{self.blocks(b.blocks)}</blockquote>"
        if isinstance(b, L.FigureBlock):
            return self.figure(self.compiled.figures[b.figure])
        if isinstance(b, L.ImageBlock):
            return self.figure(self.compiled.images[b.image])
        if isinstance(b, L.Rule):
            return "<hr>"
        if isinstance(b, L.Code):
            return f"<pre>{html.escape(b.text)}</pre>"
        return ""

    def _item(self, blocks: list) -> str:
        if len(blocks) == 1 and isinstance(blocks[0], L.Para):  # a tight item: no paragraph around it
            return self.inline(blocks[0].text)
        return self.blocks(blocks)

    def heading(self, b: L.Heading) -> str:
        self.heading_no += 1
        anchor = f"s{self.heading_no}"
        level = min(max(b.level, 1), 4) + 1  # the page title is the one h1
        number = f'<span class="num">{html.escape(b.number)}</span>' if b.number else ""
        if b.level <= 2:
            self.toc.append((b.level, anchor, (f"{b.number} " if b.number else "") + b.plain))
        return f'<h{level} id="{anchor}">{number}{self.inline(b.text)}</h{level}>'

    def table(self, b: L.Table) -> str:
        ncols = max([len(b.head)] + [len(r) for r in b.rows])
        align = [a if a in ("left", "center", "right") else "left" for a in (b.align + ["left"] * ncols)[:ncols]]

        def cells(row, tag):
            row = row + [""] * (ncols - len(row))
            styles = ["" if a == "left" else f' style="text-align:{a}"' for a in align]
            return "".join(f"<{tag}{styles[i]}>{self.inline(t)}</{tag}>" for i, t in enumerate(row))

        head = f"<thead><tr>{cells(b.head, 'th')}</tr></thead>" if any(_TAG_RE.sub("", t).strip() for t in b.head) else ""
        body = "".join(f"<tr>{cells(r, 'td')}</tr>" for r in b.rows)
        return f"<table>{head}<tbody>{body}</tbody></table>"

    def figure(self, request) -> str:
        if isinstance(request, L.PageBreak):
            return ""
        self.figure_no += 1
        drawn = getattr(request, "picture", None) or getattr(request, "art", None)  # a picture or art used again
        if drawn is None:
            uri, (w, h) = figure_png(self.game, request)
        else:  # is drawn once: the same pixels each time
            if id(drawn) not in self.drawn:
                self.drawn[id(drawn)] = drawn, figure_png(self.game, request)
            uri, (w, h) = self.drawn[id(drawn)][1]
        label = phrase("figure").format(n=self.figure_no)  # in the edition's language
        alt = html.escape(str(request.caption or getattr(request, "name", "") or label))
        caption = ""
        if request.caption:
            text = self.inline(L._icons(L._escape(str(request.caption))))
            caption = f"<figcaption><strong>{html.escape(label)}.</strong> {text}</figcaption>"
        return f'<figure><img src="{uri}" width="{w}" height="{h}" alt="{alt}">{caption}</figure>'

    # the page ---------------------------------------------------------------------------------
    def render(self) -> str:
        meta = compiled_meta(self.game)
        body = self.blocks(self.compiled.blocks)
        title = html.escape(str(meta["title"]))
        head = [f'<h1 class="title">{title}</h1>']
        if meta.get("subtitle"):
            head.append(f'<p class="subtitle">{html.escape(str(meta["subtitle"]))}</p>')
        facts = [(k, meta.get(k)) for k in ("players", "time", "ages") if meta.get(k)]
        if facts:
            head.append('<div class="facts">' + "".join(f"<div><span>{html.escape(phrase(k))}</span>"
                                                       f"<strong>{html.escape(str(v))}</strong></div>"
                                                       for k, v in facts) + "</div>")
        credits = ([meta["designer"]] if meta.get("designer") else []) + list(meta.get("credits") or [])
        if credits:
            head.append('<p class="credits">' + "<br>".join(html.escape(str(c)) for c in credits) + "</p>")
        toc = ""
        if self.toc:
            items, open_sub = [], False
            for level, anchor, text in self.toc:
                link = f'<a href="#{anchor}">{html.escape(text)}</a>'
                if level == 1:
                    if open_sub:
                        items.append("</ol></li>")
                        open_sub = False
                    items.append(f"<li>{link}")
                    items.append("</li>")
                else:
                    if items and items[-1] == "</li>":
                        items.pop()
                        items.append("<ol>")
                        open_sub = True
                    items.append(f"<li>{link}</li>")
            if open_sub:
                items.append("</ol></li>")
            contents = html.escape(phrase("contents"))
            toc = f'<nav aria-label="{contents}"><h2>{contents}</h2><ol>' + "".join(items) + "</ol></nav>"
        return (f"<!DOCTYPE html>\n<html {page_language(self.game)}>\n<head>\n<meta charset=\"utf-8\">\n"
                f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<header>\n"
                + "\n".join(head) + "\n</header>\n" + toc + "\n<main>\n" + body + "\n</main>\n</body>\n</html>\n")


def page_language(game) -> str:
    """The `<html>` element's attributes: an edition's language and writing direction (`lang="ar" dir="rtl"`);
    a game without editions is English (`lang="en"`)."""
    edition = getattr(game, "edition", None)
    if edition is None:
        return 'lang="en"'
    return f'lang="{edition.lang}" dir="{"rtl" if edition.rtl else "ltr"}"'


def figure_png(game, request) -> tuple[str, tuple[int, int]]:
    """A figure drawn exactly as in the PDF (its own flowable on a page of its size), as a PNG data URI
    and its size in CSS pixels."""
    import pypdfium2 as pdfium

    from pnp.draw.pngpages import png
    from pnp.rulebook.document import RulebookCanvas

    flowable = request.flowable(FIGURE_WIDTH)
    w, h = flowable.wrap(FIGURE_WIDTH, 10_000)
    w, h = max(w, 1.0), max(h, 1.0)
    buf = io.BytesIO()
    canvas = RulebookCanvas(buf, pagesize=(w, h), assets=game.assets)
    flowable.drawOn(canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        image = doc[0].render(scale=FIGURE_DPI / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    finally:
        doc.close()
    data = png(image)
    css = (round(w * 96 / 72), round(h * 96 / 72))
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii"), css


def render_html(game, compiled: L.Compiled) -> bytes:
    """The whole page, UTF-8; byte-identical for the same input."""
    return Page(game, compiled).render().encode("utf-8")
