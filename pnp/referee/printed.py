"""What the players read: the rulebook and the card faces as they are printed, each line traced to its source.

The referee's text checks (`pnp.referee.text`) read the source texts, with Jinja2 blanked: a number a
template computes or sets (`{% set limit = 12 %}` … `{{ limit }} in volume`) is invisible there. This
module gives them the printed text as well:

- the rulebook rendered by the rulebook's own Jinja2 stage (`pnp.rulebook.language`: the same sandbox,
  context and helpers; a figure of another output is left out, a card figure's faces are read below).
  Before rendering, every source line that does not start inside a tag gets an invisible marker
  naming its file and line; the markers are taken out of the result and kept as a map from each
  printed character to the source line that printed it (a loop's lines map to the loop's body, a
  macro's to the macro, `component_list()` to the line that calls it);
- each card face's text boxes as printed for that card (`printed_faces`, the "cards" offer).

A number found in printed text is placed where it was made: a number typed on its source line is the
source checks' (they place it exactly), so it is `TYPED` here and dropped; a number set by `{% set
name = … %}` and printed by a tag on the line is placed at the set; anything else at the line's first
tag (a rulebook) or the template of the box (a card).
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Callable, Iterator

from pnp.errors import Pos
from pnp.kinds import kind_module, offering

TYPED = Pos("<typed in the source>", 0, 0)   # a place the source checks already cover: findings there are dropped
MARK_OPEN, MARK_CLOSE = "\ue010", "\ue011"   # private-use characters: never in a designer's text (the rulebook refuses them)
_MARK = re.compile(f"{MARK_OPEN}(\\d+):(\\d+):(\\d+){MARK_CLOSE}")
_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_RAW = re.compile(r"\{%-?\s*raw\s*-?%\}.*?\{%-?\s*endraw\s*-?%\}", re.S)
MAX_FACES = 2_000   # card faces read per game (each box rendered once a face)


@dataclass
class Printed:
    """One printed text and how to place an offset of it in its source."""

    text: str
    pos: Pos                                   # where the text comes from, as a whole
    place: Callable[[int, str], Pos]           # (offset, the characters found there) → where they were made
    from_data: Callable[[int], bool] = lambda offset: False   # printed by a tag that reads the specs' data only


def printed_texts(game) -> list[Printed]:
    """The rendered rulebook and card faces, made once per loaded game."""
    cache = vars(game).setdefault("_printed_texts", {})
    if "texts" not in cache:
        out = []
        rulebook = _rulebook(game)
        if rulebook is not None:
            out.append(rulebook)
        out += list(_faces(game))
        cache["texts"] = out
    return cache["texts"]


# --------------------------------------------------------------------------- the rulebook

_OPENS = re.compile(r"\{%-?\s*(macro|call|filter|set\s+[A-Za-z_][\w, ]*?\s*-?%\})")
_CLOSES = re.compile(r"\{%-?\s*end(macro|call|filter|set)\b")


def _captured(text: str) -> list[tuple[int, int]]:
    """The spans of macros, call and filter blocks and block sets: what they print is captured as a value
    (`{% set n = piece('page') | int %}`), so no marker may go inside."""
    spans, stack = [], []
    for m in _TAG.finditer(text):
        if _OPENS.match(m.group(0)):
            stack.append(m.start())
        elif _CLOSES.match(m.group(0)) and stack:
            start = stack.pop()
            if not stack:
                spans.append((start, m.end()))
    return spans + [(start, len(text)) for start in stack[:1]]


def mark_lines(text: str, file: int, tags_too: bool = True) -> str:
    """TEXT with a marker at the start of every line that does not start inside a Jinja2 tag, a raw block
    or a captured block (a macro, a block set), and one before every `{{ … }}` outside those (its
    column, unless not TAGS_TOO), so a printed character maps to its line and tag."""
    skip = [(m.start(), m.end()) for m in _TAG.finditer(text) if not m.group(0).startswith("{{")]
    skip += [(m.start(), m.end()) for m in _RAW.finditer(text)] + _captured(text)
    tags = [m.start() for m in _TAG.finditer(text) if tags_too and m.group(0).startswith("{{")
            and not any(s < m.start() < e for s, e in skip)]
    inside = skip + [(m.start(), m.end()) for m in _TAG.finditer(text) if m.group(0).startswith("{{")]
    starts = sorted(s for s, _ in inside)
    ends = {s: e for s, e in inside}
    marks: list[tuple[int, str]] = []
    offset = 0
    for line, piece in enumerate(text.split("\n"), 1):
        i = bisect_right(starts, offset) - 1
        if not any(s < offset < ends[s] for s in starts[max(0, i - 8):i + 1]):
            marks.append((offset, f"{MARK_OPEN}{file}:{line}:0{MARK_CLOSE}"))
        offset += len(piece) + 1
    for at in tags:
        line = text.count("\n", 0, at) + 1
        marks.append((at, f"{MARK_OPEN}{file}:{line}:{at - (text.rfind(chr(10), 0, at) + 1) + 1}{MARK_CLOSE}"))
    out, last = [], 0
    for at, mark in sorted(marks):
        out += [text[last:at], mark]
        last = at
    out.append(text[last:])
    return "".join(out)


def unmark(rendered: str) -> tuple[str, list[int], list[tuple[int, int, int]]]:
    """Rendered text without markers, plus where each marker stood: (clean text, offsets, (file, line, column of
    the tag or 0) there)."""
    clean, offsets, places, last = [], [], [], 0
    length = 0
    for m in _MARK.finditer(rendered):
        piece = rendered[last:m.start()]
        clean.append(piece)
        length += len(piece)
        offsets.append(length)
        places.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
        last = m.end()
    clean.append(rendered[last:])
    return "".join(clean), offsets, places


def _rulebook(game) -> Printed | None:
    from pnp.errors import display_path

    source = game.rules_source()
    if not source or game.rules_path is None:
        return None
    name = game.game.rules if game.game and game.game.rules else "rules.md"
    files = [display_path(game.rules_path)]
    sources = {files[0]: source.split("\n")}
    try:
        plain = _render(game, name, source, [], {}, marks=None)
        for marks in (True, False):     # markers at lines and tags, else at lines only
            files[1:] = []
            text, offsets, places = unmark(_render(game, name, source, files, sources, marks=marks))
            if text.split() == plain.split():   # the markers changed no word that is printed (a marker
                break                           # may keep the spaces before a block tag that lstrip_blocks drops)
        else:
            return None
    except Exception:  # noqa: BLE001 — a rulebook that does not render is the build's error to report, located
        return None

    def line_of(offset: int) -> tuple[str, int, int]:
        i = bisect_right(offsets, offset) - 1
        file, line, col = places[i] if i >= 0 else (0, 1, 0)
        return files[file], line, col

    def place(offset: int, found: str) -> Pos:
        path, line, col = line_of(offset)
        return _in_line(path, sources.get(path, []), line, col, found)

    def from_data(offset: int) -> bool:
        path, line, col = line_of(offset)
        return _reads_data_only(sources.get(path, []), line, col)

    return Printed(text, Pos(files[0], 1, 1), place, from_data)


def _render(game, name: str, source: str, files: list[str], sources: dict, marks: bool | None) -> str:
    """The rulebook rendered as the build renders it; MARKS: with markers at lines and tags (True), at
    lines only (False), or none (None)."""
    from pnp.errors import display_path
    from pnp.rulebook.language import Helpers, environment
    from pnp.rulebook.sources import GameFolderLoader
    from pnp.rulebook.specs import context

    class Marked(GameFolderLoader):
        """The game folder's templates with their lines marked; the main one as the game loaded it."""

        def get_source(self, environment, template: str):
            if template == name:
                return (source if marks is None else mark_lines(source, 0, marks)), str(game.rules_path), None
            text, path, uptodate = super().get_source(environment, template)
            if marks is None:
                return text, path, uptodate
            shown = display_path(path)
            files.append(shown)
            sources[shown] = text.split("\n")
            return mark_lines(text, len(files) - 1, marks), path, uptodate

    class Reading(Helpers):
        """The rulebook's helpers, but a figure of another output is not drawn: it holds no words to read."""

        def figure(self, *args, **kwargs) -> str:
            return ""

    env = environment(game.dir)
    env.loader = Marked(game.dir)
    helpers = Reading(game, {})
    ctx = context(game, [])
    ctx.update(helpers.globals())
    return env.get_template(name).render(ctx)


def _tag_names(text: str, col: int) -> set[str]:
    """The names the `{{ … }}` at column COL of a source line reads (COL 0: every such tag of the line)."""
    tags = [text[col - 1:]] if col else [text]
    return {n for tag in tags for body in re.findall(r"\{\{(.*?)\}\}", tag)[:1 if col else None]
            for n in re.findall(r"[A-Za-z_]\w*", body)}


def _in_line(path: str, lines: list[str], line: int, col: int, found: str) -> Pos:
    """Where FOUND, printed from source line LINE (by its tag at COL, if not 0), was made: TYPED when it is
    typed there outside the tags."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    blank = _TAG.sub(lambda m: " " * len(m.group(0)), text)
    if re.search(rf"(?<![\w.]){re.escape(found)}(?![\w])", blank, re.I):
        return TYPED
    names = _tag_names(text, col)
    for n, other in enumerate(lines, 1):   # `{% set name = 12 %}`: the number was written at the set
        for m in re.finditer(r"\{%-?\s*set\s+([A-Za-z_]\w*)\s*=(.*?)-?%\}", other):
            if m.group(1) in names:
                number = re.search(rf"(?<![\w.]){re.escape(found)}(?![\w.])", m.group(2), re.I)
                if number:
                    return Pos(path, n, m.start(2) + number.start() + 1)
    if col:
        return Pos(path, line, col)
    tag = re.search(r"\{\{|\{%", text)
    if tag:
        return Pos(path, line, tag.start() + 1)
    return Pos(path, line, len(text) - len(text.lstrip()) + 1)


def _reads_data_only(lines: list[str], line: int, col: int = 0) -> bool:
    """The tags of source line LINE read the specs' data (a deck's cards, a sheet's grid), not a rule
    parameter nor a number set by hand: what they print is the data's, held by the checks of the data,
    so it is not a statement of a rule parameter ("volume from 2 to 5" printed from the items)."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    names = _tag_names(text, col)
    if not names or "parameters" in names:
        return False
    sets = {m.group(1): m.group(2) for other in lines
            for m in re.finditer(r"\{%-?\s*set\s+([A-Za-z_]\w*)\s*=(.*?)-?%\}", other)}
    for name in names & set(sets):
        if "parameters" in sets[name] or re.search(r"(?<![\w.])\d", sets[name]):
            return False
    return True


# --------------------------------------------------------------------------- card faces

def _faces(game) -> Iterator[Printed]:
    budget = MAX_FACES
    for comp in offering(game, "cards"):
        if budget <= 0:
            return
        printed = kind_module(comp.kind).printed_faces(game, comp, budget)
        budget -= len(printed.faces)
        for face in printed.faces:
            for t in face.texts:
                if "{" not in t.template:
                    continue    # the words as written: the source checks read them
                reads_rules = "parameters" in t.template
                yield Printed(t.text, t.where, _face_place(t.template, t.where, printed.values | face.values),
                              lambda offset, data=not reads_rules: data)


def _face_place(source: str, where: Pos, typed: set[str]) -> Callable[[int, str], Pos]:
    from pnp.reading.load import locate_within

    blank = _TAG.sub(lambda m: " " * len(m.group(0)), source)

    def place(offset: int, found: str) -> Pos:
        word = re.compile(rf"(?<![\w.]){re.escape(found)}(?![\w])", re.I)
        if word.search(blank) or any(word.search(v) for v in typed):
            return TYPED       # written in the box's text or a card's field: read where it is written
        return locate_within(where, r"\{\{|\{%", len(source) + 200)

    return place
