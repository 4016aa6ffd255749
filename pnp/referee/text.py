"""Reading the words: printed text that states a rule number must agree with game.yaml's `parameters:`.

A parameter declares the phrases that state it (`says: ["# or more", "hand limit
of #"]`, `#` where its number stands, `*` for any other number). The referee
scans every text a game prints — the rulebook source and every string in its
spec files (card text, layouts, sheet and token labels, titles) — for those
phrases with a *literal* number in place of `#`. Text inside Jinja2 (`{{ … }}`,
`{% … %}`, `{# … #}`) reads the parameter, so it is never flagged; a literal
that agrees is fine; a literal that disagrees is a finding at its `file:line:col`.

Worked examples are Markdown block quotes whose first words are "Example"
(`> **Example.** …`). A parameter with `limit: max` (or `min`) and `of:
[volume, weight]` bounds those quantities: a sentence of an example giving a
bounded quantity beyond the limit is a finding, unless the sentence says it
does not fit (not, too, over, exceed, cannot …).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from pnp.errors import Pos
from pnp.referee.findings import Finding

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_NUMBER = r"\d+(?:\.\d+)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_GAP = r"[\s*_]+"                      # spaces, line breaks and Markdown emphasis between the words of a phrase
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_NEGATION = re.compile(r"\b(not|too|over|exceeds?|exceeding|cannot|can't|doesn't|won't|never|fails?)\b", re.I)
MAX_TEXT = 2_000_000                   # characters of text scanned per game, at most


@dataclass(frozen=True)
class Statement:
    """One parameter's phrases compiled: `pattern` finds a phrase with a literal number in group `n`."""

    name: str
    value: float
    means: str
    pattern: re.Pattern | None
    limit: str | None
    of: tuple[str, ...]


def phrase_pattern(phrase: str) -> str:
    """'# or more' → a regex matching '21 or more', '**21 or more**', 'twenty-one'-free digits or number words."""
    parts = []
    for token in phrase.split():
        piece = ""
        for bit in re.split(r"([#*])", token):
            piece += (rf"[*_]*(?P<n>{_NUMBER})[*_]*" if bit == "#" else rf"[*_]*(?:{_NUMBER})[*_]*" if bit == "*"
                      else re.escape(bit))
        parts.append(piece)
    return r"(?<![\w.])" + _GAP.join(parts) + r"(?![\w])"


def statements(game) -> list[Statement]:
    from pnp.spec.game import RuleParameter

    out = []
    for name, p in (game.game.parameters.items() if game.game else ()):
        if not isinstance(p, RuleParameter):
            continue
        says = [s for s in p.says if s.count("#") == 1]
        pattern = re.compile("|".join(f"(?:{phrase_pattern(s)})".replace("(?P<n>", f"(?P<n{i}>")
                                      for i, s in enumerate(says)), re.I) if says else None
        out.append(Statement(name, float(p.value), p.means, pattern, p.limit, tuple(p.of)))
    return out


def _number(text: str) -> float:
    word = text.lower()
    return float(NUMBER_WORDS[word]) if word in NUMBER_WORDS else float(text)


def _quoted(text: str) -> str:
    return " ".join(text.replace("*", " ").replace("_", " ").split())


def _shown(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)


def blank_jinja(text: str) -> str:
    """Jinja2 replaced by spaces (line breaks kept), so positions in the source still hold."""
    return _JINJA.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


# --------------------------------------------------------------------------- the texts a game prints

@dataclass
class Text:
    text: str          # Jinja2 already blanked
    pos: Pos           # where the text starts
    exact: bool        # True: offsets in `text` are offsets in the file from `pos` (a whole file)


def texts(game) -> Iterator[Text]:
    """The rulebook source, then every string of game.yaml and of each component spec."""
    from pnp.errors import display_path
    from pnp.spec.load import source_text

    if game.rules_path is not None:
        shown = display_path(game.rules_path)
        source = (game.rules_source() or source_text(shown))[:MAX_TEXT]
        yield Text(blank_jinja(source), Pos(shown, 1, 1), True)
    skip = {("parameters",), ("checks",), ("balance",)}
    yield from _strings(game.raw, (), skip)
    for comp in game.components:
        yield from _strings(comp.raw, (), set())


def _strings(node, path: tuple, skip: set) -> Iterator[Text]:
    from pnp.spec.load import LDict, LList

    if path[:1] in skip:
        return
    if isinstance(node, LDict):
        for k, v in node.items():
            if isinstance(v, str):
                if (path + (k,))[:1] not in skip:
                    yield Text(blank_jinja(v), node.value_pos[k], False)
            else:
                yield from _strings(v, path + (k,), skip)
    elif isinstance(node, LList):
        for i, v in enumerate(node):
            if isinstance(v, str):
                yield Text(blank_jinja(v), node.item_pos[i], False)
            else:
                yield from _strings(v, path + (i,), skip)


def _pos_in(t: Text, offset: int, found: str) -> Pos:
    """Where offset `offset` of text `t` is in its file."""
    from pnp.spec.load import locate_within

    if t.exact:
        line = t.text.count("\n", 0, offset) + 1
        col = offset - (t.text.rfind("\n", 0, offset) + 1) + 1
        return Pos(t.pos.path, t.pos.line + line - 1, col if line > 1 else t.pos.col + col - 1)
    return locate_within(t.pos, r"(?<![\w.])" + re.escape(found) + r"(?![\w])", len(t.text) + 200)


# --------------------------------------------------------------------------- the checks

def text_findings(game) -> list[Finding]:
    """Every printed number that states a parameter and disagrees with it, and every worked example
    that breaks a limit; one finding per number, at the number."""
    rules = statements(game)
    if not rules:
        return []
    out: dict[Pos, Finding] = {}
    budget = MAX_TEXT
    for t in texts(game):
        budget -= len(t.text)
        if budget < 0:
            break
        for s in rules:
            for f in _stated(t, s):
                out.setdefault(f.pos, f)
        if t.exact:
            for f in _examples(t, rules):
                out.setdefault(f.pos, f)
    return list(out.values())


def _stated(t: Text, s: Statement) -> Iterator[Finding]:
    if s.pattern is None:
        return
    for m in s.pattern.finditer(t.text):
        group = next(g for g, v in m.groupdict().items() if v is not None)
        said = _number(m.group(group))
        if said == s.value:
            continue
        pos = _pos_in(t, m.start(group), m.group(group))
        yield Finding(pos, s.name, f"the text says {m.group(group)} in '{_quoted(m.group(0))}', but "
                                   f"{s.means} is {_shown(s.value)} (write {{{{ parameters.{s.name} }}}} to "
                                   f"print the rule's number)")


_EXAMPLE = re.compile(r"(?m)^>[ \t]*[*_]*example\b[^\n]*(?:\n>[^\n]*)*", re.I)
_SENTENCE = re.compile(r"[^.!?;:]+")


def _examples(t: Text, rules: list[Statement]) -> Iterator[Finding]:
    bounded = [s for s in rules if s.limit and s.of]
    if not bounded:
        return
    for block in _EXAMPLE.finditer(t.text):
        for sentence in _SENTENCE.finditer(block.group(0)):
            words = sentence.group(0)
            if _NEGATION.search(words):
                continue
            for s in bounded:
                names = "|".join(re.escape(w) for w in s.of)
                for m in re.finditer(rf"\b(?:{names})\b[\s*_]+(?P<n>\d+(?:\.\d+)?)(?![\w.])", words, re.I):
                    n = float(m.group("n"))
                    if (s.limit == "max" and n > s.value) or (s.limit == "min" and n < s.value):
                        at = block.start() + sentence.start() + m.start("n")
                        side = "more" if s.limit == "max" else "less"
                        yield Finding(_pos_in(t, at, m.group("n")), s.name,
                                      f"the worked example has {_quoted(m.group(0))}, {side} than the "
                                      f"rules allow: {s.means} is {_shown(s.value)}")
