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

The same texts are held to what the specs fix without a parameter: a deck's size and the
cards of each choice of a field (`card-count`), a tokens file's counts (`token-count`), a
card's numbers written beside its name (`card-stats`), player counts and playing times
against game.yaml's `players:` and `time:` (`players`, `time`), and written-out sums
(`arithmetic`). Families add counts of their own through `stated_findings`.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Callable, Iterator

from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.referee.wording import NUMBER, Wording, make_wording, wording
from pnp.kinds import offering

_NUMBER = NUMBER
_GAP = GAP = r"(?:[\s*_]|:[a-z][a-z0-9-]*:)+"   # spaces, line breaks, Markdown emphasis and :icons: between the words of a phrase
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
    hint: str = ""     # how to mend it, appended to the finding's message
    words: tuple[tuple[str, ...], ...] = ()   # each phrase's words (`phrase_words`); () when a text is read whole
    reading: Wording | None = None            # the number words and bounds of the languages read; None: English
    target: object = None                     # what the count is of (`pnp.referee.counts.Target`); None: a rule's number


def statement(name: str, value: float, means: str, says, hint: str = "", reading: Wording | None = None,
              target: object = None) -> Statement:
    """A rule number's phrases compiled (`#` its number, `*` any other): what `stated_findings` reads."""
    says = [s for s in dict.fromkeys(says) if s.count("#") == 1]
    pattern = _compiled(tuple(says)) if says else None
    return Statement(name, float(value), means, pattern, None, (), hint, phrase_words(says), reading, target)


_PATTERNS: dict[tuple, re.Pattern] = {}


def _compiled(says: tuple[str, ...]) -> re.Pattern:
    """The phrases' one pattern, compiled once per run (every edition of a game shares its phrases)."""
    if says not in _PATTERNS:
        if len(_PATTERNS) > 4096:
            _PATTERNS.clear()
        _PATTERNS[says] = re.compile("|".join(f"(?:{phrase_pattern(s)})".replace("(?P<n>", f"(?P<n{i}>")
                                              for i, s in enumerate(says)), re.I)
    return _PATTERNS[says]


# Punctuation that ends a clause: no phrase match runs across one unless a phrase holds it
CLAUSE_ENDS = ',;()[]{}!?"|<>=+\u201c\u201d\u00ab\u00bb\u2013\u2014'
_CLAUSE_END = re.compile("[" + re.escape(CLAUSE_ENDS) + "]")
# the letters re.I matches to an ASCII one besides its two cases (every other lower() keeps one character)
_AS_ASCII = {0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}


def phrase_words(says: list[str]) -> tuple[tuple[str, ...], ...]:
    """Each phrase's literal words in lower case, the ASCII ones (re.I matches a few other letters
    to ASCII ones, and a plain search must find all that the pattern can); () when some phrase has
    none, or holds a clause end: then each text is read whole (`Scan.matches`)."""
    words = []
    for phrase in says:
        if _CLAUSE_END.search(phrase):
            return ()
        found = tuple(bit.lower() for bit in re.split(r"[#*\s]+", phrase) if bit and bit.isascii())
        if not found:
            return ()
        words.append(found)
    return tuple(words)


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
    """The rule parameters' statements, with each edition's own phrases (`says@de`) beside `says`."""
    from pnp.models.game import RuleParameter

    out = []
    reading = wording(game)
    translated = translated_says(game)
    for name, p in (game.game.parameters.items() if game.game else ()):
        if not isinstance(p, RuleParameter):
            continue
        s = statement(name, p.value, p.means, list(p.says) + translated.get(name, []),
                      f"write {{{{ parameters.{name} }}}} to print the rule's number", reading)
        out.append(Statement(name, s.value, s.means, s.pattern, p.limit, tuple(p.of), s.hint, s.words, reading))
    return out


def translated_says(game) -> dict[str, list[str]]:
    """parameter → the phrases its `says@<lang>` gives for the languages this edition reads. An edition's
    load keeps only the translations of single texts, so game.yaml's parameters are read here as written."""
    from pnp.reading.load import LDict, load_yaml

    langs = set(wording(game).langs)
    path = getattr(game, "dir", None)
    try:
        raw = load_yaml(path / "game.yaml") if path is not None and (path / "game.yaml").is_file() else None
    except Exception:  # noqa: BLE001 — game.yaml loaded once already: what it cannot give here, it reported there
        return {}
    params = raw.get("parameters") if isinstance(raw, LDict) else None
    out: dict[str, list[str]] = {}
    for name, p in (params.items() if isinstance(params, LDict) else ()):
        if not isinstance(p, LDict):
            continue
        for key, phrases in p.items():
            if isinstance(key, str) and key.startswith("says@") and key[5:].split("-")[0].lower() in langs:
                out.setdefault(name, []).extend(str(s) for s in phrases or () if isinstance(s, str))
    return out


def _number(text: str, reading: Wording | None = None) -> float:
    got = (reading or make_wording(("en",))).read(text)
    return got[2] if got is not None else float("nan")


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
    place: Callable[[int, str], Pos] | None = None   # printed text (pnp.referee.printed): offset → where it was made
    from_data: Callable[[int], bool] | None = None   # printed text: is the number at an offset the specs' data's


def texts(game) -> Iterator[Text]:
    """The rulebook source, then every string of game.yaml and of each component spec, then the same
    words as printed: the rendered rulebook and card faces (`pnp.referee.printed`; a number typed in
    a source is placed by the source's reading, so its printed twin is placed at `TYPED` and dropped)."""
    from pnp.errors import display_path
    from pnp.referee.printed import printed_texts
    from pnp.reading.load import source_text

    if game.rules_path is not None:
        shown = display_path(game.rules_path)
        source = (game.rules_source() or source_text(shown))[:MAX_TEXT]
        yield Text(blank_jinja(source), Pos(shown, 1, 1), True)
    skip = {("parameters",), ("checks",), ("balance",)}
    yield from _strings(game.raw, (), skip)
    for comp in game.components:
        yield from _strings(comp.raw, (), set())
    yield from _cells(game)
    for p in printed_texts(game):
        yield Text(p.text[:MAX_TEXT], p.pos, False, p.place, p.from_data)


def read_texts(game) -> Iterator[Text]:
    """`texts(game)` until MAX_TEXT characters have been read: what one check reads is bounded."""
    budget = MAX_TEXT
    for t in texts(game):
        budget -= len(t.text)
        if budget < 0:
            return
        yield t


MAX_ROWS = 2_000     # data rows of a deck whose text cells are read


def _cells(game) -> Iterator[Text]:
    """The text cells of each deck's data table (a spreadsheet or CSV), each at its cell: the words a
    card prints from its row ("Take 2 coins.") are read where the designer typed them (in an edition,
    at its translation's cell, `text@de`, when the table has one)."""
    edition = getattr(game, "edition", None)
    for comp in offering(game, "cards"):
        deck = comp.model
        rows = getattr(deck, "data_rows", None)
        if not rows:
            continue
        text_fields = [k for k, d in (getattr(deck, "field_defs", None) or {}).items() if d.type == "text"]
        for n, entry in enumerate(deck.cards):
            if n >= MAX_ROWS:
                break
            if entry.id not in rows or entry.front is None:
                continue
            place = rows[entry.id]
            for name in text_fields:
                value = entry.front.fields.get(name)
                if isinstance(value, str) and any(ch.isdigit() or ch.isalpha() for ch in value):
                    column = f"{name}@{edition.lang}" if edition is not None and not edition.is_source else name
                    yield Text(blank_jinja(value), place.cols.get(column) or place.pos_of(name), False)


def _unprinted(path: tuple) -> bool:
    """A deck field's `description` tells the designer (and an editor) what the field is for: it
    is never printed, so it states nothing of the rules."""
    return len(path) == 3 and path[0] == "fields" and path[2] == "description"


def _strings(node, path: tuple, skip: set) -> Iterator[Text]:
    from pnp.reading.load import LDict, LList

    if path[:1] in skip:
        return
    if isinstance(node, LDict):
        for k, v in node.items():
            if isinstance(v, str):
                if (path + (k,))[:1] not in skip and not _unprinted(path + (k,)):
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
    from pnp.reading.load import locate_within

    if t.place is not None:
        return t.place(offset, found)
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
    texts = list(read_texts(game))
    for t, found in zip(texts, Scan(texts).matches(rules)):
        for s, m, base in found:
            if (f := _stated(t, s, m, base, data_too=False)) is not None:
                out.setdefault(f.pos, f)
        if t.exact or t.place is not None:
            for f in _examples(t, rules):
                out.setdefault(f.pos, f)
    return list(out.values())


class Scan:
    """A game's texts made quick to search for phrases.

    Running each phrase pattern over each text was most of `pnp check`'s reading: thousands of short
    strings, and a rulebook searched at every character. Here the texts are joined by a clause end
    into one string, and a pattern runs only on the clauses (the text between two `CLAUSE_ENDS`)
    that hold all the words of one of its phrases (`phrase_words`). No match runs across a clause
    end, and the pattern's look-behind and look-ahead see one as they see a text's start and end, so
    the matches are those of each pattern over each text."""

    JOIN = "|"

    def __init__(self, texts: list[Text]):
        self.texts = [t.text for t in texts]
        self.starts = []
        at = 0
        for text in self.texts:
            self.starts.append(at)
            at += len(text) + 1
        self.joined = self.JOIN.join(self.texts)
        self.lowered = self.joined.translate(_AS_ASCII).lower()   # as long as `joined`: offsets agree
        self.ends = [m.start() for m in _CLAUSE_END.finditer(self.joined)]

    def matches(self, rules: list[Statement]) -> list[list[tuple[Statement, re.Match, int]]]:
        """For each text, (statement, match, where the text starts in the string matched) of every
        match, by statement in the order of RULES, then by place."""
        found: list[list] = [[] for _ in self.texts]
        for s in rules:
            if s.pattern is None:
                continue
            if not s.words:  # a phrase with no word to look for, or holding a clause end: each text whole
                for i, text in enumerate(self.texts):
                    found[i] += [(s, m, 0) for m in phrase_matches(s, text, 0, len(text))]
                continue
            for start, end in sorted(set(self._clauses(s.words))):
                # up to and with the clause end: the pattern's look-ahead sees it, as in the text
                for m in phrase_matches(s, self.joined, start, min(end + 1, len(self.joined))):
                    i = bisect_right(self.starts, m.start()) - 1
                    found[i].append((s, m, self.starts[i]))
        return found

    def _clauses(self, words: tuple[tuple[str, ...], ...]) -> Iterator[tuple[int, int]]:
        low = self.lowered
        for phrase in words:
            anchor = max(phrase, key=len)
            at = low.find(anchor)
            while at >= 0:
                i = bisect_right(self.ends, at)
                start = self.ends[i - 1] + 1 if i else 0
                end = self.ends[i] if i < len(self.ends) else len(low)
                if all(low.find(w, start, end) >= 0 for w in phrase):
                    yield start, end
                at = low.find(anchor, end)


def phrase_matches(s: Statement, string: str, start: int, end: int) -> Iterator[re.Match]:
    """The matches of S's phrases in STRING[START:END] whose number reads as one (`read_number`). A
    phrase's number may be a run of words ("twenty-one"), so a match whose run holds more than its
    number ("the outermost space of each of the 5 arms" for "the # arms") is tried again one
    character on, where the phrase's words may start again ("the 5 arms")."""
    at = start
    while at < end:
        m = s.pattern.search(string, at, end)
        if m is None:
            return
        if read_number(s, m) is not None:
            yield m
            at = max(m.end(), m.start() + 1)
        else:
            at = m.start() + 1


def read_number(s: Statement, m: re.Match) -> tuple[str, int, int, float] | None:
    """(its group, start, end, value) of the number of match M of S's phrases: its whole group, or —
    where the phrase starts at its number — the group's longest tail that is a number, or — where it
    ends there, or for a count that runs on into what it counts ("48 item cards") — its longest head."""
    group = next(g for g, v in m.groupdict().items() if v is not None)
    number = m.group(group)
    lead = not m.string[m.start():m.start(group)].strip("*_ \t")
    trail = not m.string[m.end(group):m.end()].strip("*_ \t")
    got = (s.reading or make_wording(("en",))).read(number, tail=lead, head=trail or s.target is not None)
    return None if got is None else (group, m.start(group) + got[0], m.start(group) + got[1], got[2])


def _stated(t: Text, s: Statement, m: re.Match, base: int, data_too: bool = True) -> Finding | None:
    """The finding of match M of S's phrases in T (T starting at BASE of the string matched), if its
    number disagrees. A rule parameter (`data_too=False`) is not held against a printed number the
    specs' data made (`Text.from_data`): the data's own checks hold that number.

    The number is read as a player reads it: a range's end ("2 to 4 cards") states the range, a
    number after "at least" or before "or more" a least, after "up to" a most — each held to its
    meaning, not as an exact count; a count of parts ("6 faces of …") is no count of the things."""
    reading = s.reading or make_wording(("en",))
    got = read_number(s, m)
    if got is None:
        return None
    group, start, stop, said = got
    found = m.string[start:stop]
    at = start - base
    # a count is read as a player reads it (a range, a least, a most); a rule's number in its own phrase is exact
    low, high = _bounds(reading, m, start, start + len(found), said) if data_too else (said, said)
    if low <= s.value <= high or (not data_too and t.from_data is not None and t.from_data(at)):
        return None
    if _names_other(s, t, m, start, base):
        return None
    pos = _pos_in(t, at, found)
    meaning = "" if low == high else (f" (at least {_shown(low)})" if high == float("inf") else
                                      f" (at most {_shown(high)})" if low == float("-inf") else
                                      f" (from {_shown(low)} to {_shown(high)})")
    return Finding(pos, s.name, f"the text says {found}{meaning} in '{_quoted(m.string[start if m.start(group) == m.start() else m.start():m.end()])}', but "
                                f"{s.means} is {_shown(s.value)}" + (f" ({s.hint})" if s.hint else ""))


def _bounds(reading: Wording, m: re.Match, start: int, end: int, said: float) -> tuple[float, float]:
    """What the number at START:END of the matched string says, as (least, most): a range, a bound, or exact."""
    text = m.string
    before = _BEFORE_END.split(text[max(0, start - 60):start])[-1]
    after = text[end:end + 30]
    cache = _BOUND_PATTERNS.setdefault(reading.langs, _bound_patterns(reading))
    if cache["own"].search(text[m.start():start] + text[end:m.end()]):
        return said, said        # "# or more", "move up to #": the phrase says what the number means
    if (r := cache["range"].search(before)) and (lo := reading.read(r.group("lo"))) is not None and lo[2] < said:
        return lo[2], said
    if cache["at_least"].search(before):
        return said, float("inf")
    if cache["at_most"].search(before):
        return float("-inf"), said
    if cache["or_more"].match(after):
        return said, float("inf")
    if cache["or_less"].match(after):
        return float("-inf"), said
    return said, said


_BOUND_PATTERNS: dict[tuple, dict[str, re.Pattern]] = {}
_BEFORE_END = re.compile(r"[,;()\[\]{}!?\"|<>=\u201c\u201d\u00ab\u00bb]")   # the clause ends that are not a range's dash


def _bound_patterns(reading: Wording) -> dict[str, re.Pattern]:
    gap = r"[\s*_]*"
    return {
        "range": re.compile(rf"(?<![\w.])(?P<lo>{NUMBER}){gap}(?:{reading.alternation('range')}){gap}$", re.I),
        "at_least": re.compile(rf"(?<!\w)(?:{reading.alternation('at_least')}){gap}$", re.I),
        "at_most": re.compile(rf"(?<!\w)(?:{reading.alternation('at_most')}){gap}$", re.I),
        "or_more": re.compile(rf"{gap}(?:{reading.alternation('or_more')})(?!\w)", re.I),
        "or_less": re.compile(rf"{gap}(?:{reading.alternation('or_less')})(?!\w)", re.I),
        "own": re.compile(rf"(?<!\w)(?:{'|'.join(reading.alternation(k) for k in ('at_least', 'at_most', 'or_more', 'or_less'))})(?!\w)", re.I),
    }


def _names_other(s: Statement, t: Text, m: re.Match, start: int, base: int) -> bool:
    """Whether the phrase or sentence around a count names something else than what S counts (`pnp.referee.counts`)."""
    if s.target is None:
        return False
    from pnp.referee.counts import names_other

    return names_other(s.target, m, start, base)


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


# --------------------------------------------------------------------------- counts the specs fix

def stated_findings(game, rules: list[Statement]) -> list[Finding]:
    """Every printed number in one of RULES' phrases that disagrees with its value, at the number.

    For numbers the specs themselves fix (a family's counts of what a sheet or a deck holds), which
    game.yaml does not declare: the rule name of a finding is the statement's `name`."""
    rules = [s for s in rules if s.pattern is not None]
    out: dict[Pos, Finding] = {}
    texts = list(read_texts(game)) if rules else []
    for t, found in zip(texts, Scan(texts).matches(rules)):
        for s, m, base in found:
            if (f := _stated(t, s, m, base)) is not None:
                out.setdefault(f.pos, f)
    return list(out.values())


def count_statements(game, counts: list | None = None) -> list[Statement]:
    """What the components fix of numbers a rulebook may state: how many cards a deck holds, how many
    of each token there are — whatever each kind counts with phrases (`Kind.counted`; `counts` when
    the caller has them)."""
    from pnp.kinds import counted

    reading = wording(game)
    return [statement(c.rule, c.count, c.what, list(c.says), c.fix, reading)
            for c in (counted(game) if counts is None else counts) if c.says]


def card_stats_findings(game) -> list[Finding]:
    """A card named in text with its numbers beside it ("a Silver Lamp (volume 3, weight 4)"): each
    number of a field the deck declares as a number must be the card's own (rule `card-stats`)."""
    named: dict[str, tuple[str, dict]] = {}     # card name → (deck title, its numeric fields), one value per name
    fields: set[str] = set()
    for comp in offering(game, "cards"):
        deck = comp.model
        numeric = [k for k, d in (getattr(deck, "field_defs", None) or {}).items() if d.type in ("int", "number")]
        if not numeric:
            continue
        fields |= set(numeric)
        for entry in deck.cards:
            front = entry.front.fields if entry.front else {}
            name = front.get("name")
            if not isinstance(name, str) or len(name) < 3:
                continue
            stats = {k: front[k] for k in numeric if isinstance(front.get(k), (int, float))}
            if name in named and named[name][1] != stats:
                named[name] = (named[name][0], {})      # two cards of one name that differ: say nothing
                continue
            named[name] = (deck.spec.title or deck.name, stats)
    named = {k: v for k, v in named.items() if v[1]}
    if not named:
        return []
    names = re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in sorted(named, key=len, reverse=True)) + r")(?![\w-])")
    stat = re.compile(r"\b(" + "|".join(re.escape(f) for f in sorted(fields, key=len, reverse=True))
                      + r")\b[\s*_:]*(?:of[\s*_]+)?(\d+(?:\.\d+)?)(?![\w.])", re.I)
    out: dict[Pos, Finding] = {}
    budget = MAX_TEXT
    for t in texts(game):
        budget -= len(t.text)
        if budget < 0:
            break
        for m in names.finditer(t.text):
            title, stats = named[m.group(1)]
            tail = t.text[m.end():m.end() + 120]
            cut = re.search(r"\)|[.!?;](?:\s|$)|\n\s*\n", tail)
            window = tail[:cut.start()] if cut else tail
            other = names.search(window)
            window = window[:other.start()] if other else window     # the next card named has numbers of its own
            if not window.lstrip(" *_").startswith(("(", ":", ",", "—", "-")):
                continue       # the numbers must stand by the name: "Silver Lamp (volume 2, …)", "Silver Lamp: value 5"
            for s in stat.finditer(window):
                field = next(f for f in stats if f.lower() == s.group(1).lower()) if any(
                    f.lower() == s.group(1).lower() for f in stats) else None
                if field is None or float(s.group(2)) == float(stats[field]):
                    continue
                pos = _pos_in(t, m.end() + s.start(2), s.group(2))
                out.setdefault(pos, Finding(pos, "card-stats",
                                            f"the text gives {m.group(1)} {s.group(1)} {s.group(2)}, but the card in "
                                            f"deck '{title}' has {field} {_shown(float(stats[field]))}"))
    return list(out.values())


# --------------------------------------------------------------------------- players and sums

_DECLARED_PLAYERS = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|to)\s*(\d+))?\s*(\+)?\s*$")


def declared_players(game) -> tuple[int, float] | None:
    """game.yaml's `players:` as (fewest, most): "2-5" → (2, 5), "1" → (1, 1), "1-100+" → (1, inf); None if unreadable."""
    text = str(getattr(game.game, "players", "") or "") if game.game else ""
    m = _DECLARED_PLAYERS.match(text)
    if not m:
        return None
    lo = int(m.group(1))
    hi = float("inf") if m.group(3) else float(m.group(2) or lo)
    return lo, hi


_RANGE_PATTERNS: dict[tuple, tuple[re.Pattern, ...]] = {}


def _range_patterns(reading: Wording) -> tuple[re.Pattern, ...]:
    """(a range of players, one count of players, a range of minutes, one time) in the languages read."""
    if reading.langs not in _RANGE_PATTERNS:
        g = r"[\s*_]"
        joins = reading.alternation("range").replace("|or|", "|").replace("|and|", "|")
        players, minutes = reading.alternation("players"), reading.alternation("minutes")
        rng = rf"(?<![\w.])(?P<lo>{NUMBER}){g}*(?:{joins}){g}*(?P<hi>{NUMBER})(?P<plus>\+)?{g}+"
        _RANGE_PATTERNS[reading.langs] = (
            re.compile(rng + rf"(?:{players})(?!\w)", re.I),
            re.compile(rf"(?<!\w)(?:for|with|of|für|mit|von|pour|avec|de){g}+(?P<n>{NUMBER}){g}+(?:{players})(?!\w)", re.I),
            re.compile(rng + rf"(?:{minutes})(?!\w)", re.I),
            re.compile(rf"(?<!\w)(?:about|takes|lasts|in|around|of|etwa|dauert|ungefähr|rund|environ|dure|en)"
                       rf"{g}+(?P<n>{NUMBER}){g}+(?:{minutes})(?!\w)", re.I))
    return _RANGE_PATTERNS[reading.langs]


def _read(reading: Wording, m: re.Match, group: str) -> tuple[float, int, str] | None:
    """(value, where it starts, its words) of a number group of M (words before it may be the
    sentence's: "takes about 45"), or None when it holds no number."""
    got = reading.read(m.group(group))
    return None if got is None else (got[2], m.start(group) + got[0], m.group(group)[got[0]:got[1]])


def players_findings(game) -> list[Finding]:
    """Printed player counts must agree with game.yaml's `players:` (rule `players`): a range ("2 to 5 players",
    "2-5 players") or a single count ("for 3 players", "with 6 players") must lie within the declared range."""
    declared = declared_players(game)
    if declared is None:
        return []
    lo, hi = declared
    shown = str(game.game.players)
    reading = wording(game)
    ranges, ones, _, _ = _range_patterns(reading)
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        if not t.exact and t.pos == _players_pos(game):
            continue
        for m in ranges.finditer(t.text):
            a, b = _read(reading, m, "lo"), _read(reading, m, "hi")
            if a is None or b is None:
                continue
            top = float("inf") if m.group("plus") else b[0]
            if a[0] < lo or top > hi:        # a narrower range ("best with 3 to 4 players") is advice, not a contradiction
                pos = _pos_in(t, a[1], a[2])
                out.setdefault(pos, Finding(pos, "players", f"the text says '{_quoted(t.text[a[1]:m.end()])}', but "
                                                            f"game.yaml gives players: {shown}"))
        for m in ones.finditer(t.text):
            n = _read(reading, m, "n")
            if n is not None and not lo <= n[0] <= hi:
                pos = _pos_in(t, n[1], n[2])
                out.setdefault(pos, Finding(pos, "players", f"the text speaks of a game '{_quoted(m.group(0))}', but "
                                                            f"game.yaml gives players: {shown}"))
    return list(out.values())


_WHOLE_GAME = re.compile(r"\b(?:games?|play|playing|plays|session|spiel|spielt|partie|partien|jeu|joue)\b", re.I)
_DECLARED_TIME = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|to|bis|à)\s*(\d+))?\s*[^\W\d]*\.?\s*$", re.I)   # "20-30 minutes", "15 Minuten", "15分"


def time_findings(game) -> list[Finding]:
    """Printed playing times must lie within game.yaml's `time:` ("20-30 minutes"; rule `time`): a range
    ("45 to 60 minutes") or a single time ("takes about 25 minutes"), in a sentence about a whole game
    (game, play, session near it)."""
    m = _DECLARED_TIME.match(str(getattr(game.game, "time", "") or "") if game.game else "")
    if not m:
        return []
    lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
    shown = str(game.game.time)
    reading = wording(game)
    _, _, ranges, ones = _range_patterns(reading)
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        found = [(m, _read(reading, m, "lo"), _read(reading, m, "hi")) for m in ranges.finditer(t.text)]
        found += [(m, _read(reading, m, "n"), _read(reading, m, "n")) for m in ones.finditer(t.text)]
        for m, a, b in found:
            if a is None or b is None or (lo <= a[0] and b[0] <= hi):
                continue
            before = t.text[max(0, m.start() - 80):m.start()]
            before = re.split(r"[.!?\n]\s", before)[-1]
            if not _WHOLE_GAME.search(before) and not _WHOLE_GAME.search(t.text[m.end():m.end() + 30].split(".")[0]):
                continue      # "a round takes about 2 minutes": not the length of a game
            pos = _pos_in(t, a[1], a[2])
            out.setdefault(pos, Finding(pos, "time", f"the text says '{_quoted(t.text[a[1]:m.end()])}', but game.yaml "
                                                     f"gives time: {shown}"))
    return list(out.values())


def _players_pos(game) -> Pos | None:
    from pnp.reading.load import LDict

    raw = game.raw
    return raw.value_pos.get("players") if isinstance(raw, LDict) and "players" in raw else None


_SUM = re.compile(r"(?<![\w.+])(?P<terms>\d+(?:[ \t*_]*\+[ \t*_]*\d+)+)[ \t*_]*=[ \t*_]*(?P<total>\d+)(?![\w.])")
_LISTED_TOTAL = re.compile(r"(?<![\w.])(?P<terms>\d+(?:,[ \t]*\d+)*,?[ \t]+and[ \t]+\d+)[ \t]*\([ \t]*total[ \t]+(?P<total>\d+)[ \t]*\)", re.I)


def arithmetic_findings(game) -> list[Finding]:
    """Sums written out in text ("3 + 4 = 7", "5, 4, 4 and 3 (total 16)") must add up (rule `arithmetic`)."""
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        for pattern in (_SUM, _LISTED_TOTAL):
            for m in pattern.finditer(t.text):
                terms = [int(x) for x in re.findall(r"\d+", m.group("terms"))]
                if sum(terms) == int(m.group("total")):
                    continue
                pos = _pos_in(t, m.start("total"), m.group("total"))
                out.setdefault(pos, Finding(pos, "arithmetic", f"the text gives {' + '.join(map(str, terms))} as "
                                                               f"{m.group('total')}, but it makes {sum(terms)}"))
    return list(out.values())
