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
    variant: str | None = None                # the variant whose number it is (held only in that variant's section)


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
        out.append(Statement(name, s.value, s.means, s.pattern, p.limit, tuple(p.of), s.hint, s.words, reading,
                             variant=p.variant))
    return out


def translated_says(game) -> dict[str, list[str]]:
    """parameter → the phrases its `says` and `says@<lang>` give for the languages this edition reads, from
    game.yaml as written: an edition's load keeps only its own language's list."""
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
        for key, phrases in p.items():      # the source's phrases too: an edition may keep a text untranslated
            if isinstance(key, str) and (key == "says" or key.startswith("says@")
                                         and key[5:].split("-")[0].lower() in langs) and isinstance(phrases, list):
                out.setdefault(name, []).extend(str(s) for s in phrases if isinstance(s, str))
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
        shared: dict[tuple, list[tuple[int, re.Match, int]]] = {}   # statements of one pattern (a deck's
        for s in rules:                                              # counts) share its search
            if s.pattern is None:
                continue
            key = (id(s.pattern), s.reading.langs if s.reading else None, s.target is not None)
            if key not in shared:
                shared[key] = list(self._search(s))
            for i, m, base in shared[key]:
                found[i].append((s, m, base))
        return found

    def _search(self, s: Statement) -> Iterator[tuple[int, re.Match, int]]:
        """(text index, match, where the text starts in the string matched) of S's phrases."""
        if not s.words:  # a phrase with no word to look for, or holding a clause end: each text whole
            for i, text in enumerate(self.texts):
                yield from ((i, m, 0) for m in phrase_matches(s, text, 0, len(text)))
            return
        for start, end in sorted(set(self._clauses(s.words))):
            # up to and with the clause end: the pattern's look-ahead sees it, as in the text
            for m in phrase_matches(s, self.joined, start, min(end + 1, len(self.joined))):
                i = bisect_right(self.starts, m.start()) - 1
                yield i, m, self.starts[i]

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
    reading = s.reading or make_wording(("en",))
    head = trail or s.target is not None
    got = reading.read(number, tail=lead, head=head)
    skip = 0
    if got is None and s.target is not None and (b := _bound_patterns_of(reading)["lead_bound"].match(number)):
        skip = b.end()           # "holds at least 9 cards": a bound's words before a count's number
        got = reading.read(number[skip:], tail=False, head=head)
    return None if got is None else (group, m.start(group) + skip + got[0], m.start(group) + skip + got[1], got[2])


def _bound_patterns_of(reading: Wording) -> dict[str, re.Pattern]:
    return _BOUND_PATTERNS.setdefault(reading.langs, _bound_patterns(reading))


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
    low, high, first = _bounds(reading, m, start, start + len(found), said, m.span(group), s.name != "dice", data_too)
    if low <= s.value <= high or (not data_too and t.from_data is not None and t.from_data(at)):
        return None
    if _names_other(s, t, m, start, base) or not _in_force(s, m.string, base, start, reading):
        return None
    if first != start:            # a range: the finding is at its first number
        found, at = m.string[first:stop], first - base
    pos = _pos_in(t, at, found.split()[0] if first != start else found)
    meaning = "" if low == high or first != start else (f" (at least {_shown(low)})" if high == float("inf") else
                                      f" (at most {_shown(high)})" if low == float("-inf") else
                                      f" (from {_shown(low)} to {_shown(high)})")
    return Finding(pos, s.name, f"the text says {found}{meaning} in '{_quoted(m.string[start if m.start(group) == m.start() else m.start():m.end()])}', but "
                                f"{s.means} is {_shown(s.value)}" + (f" ({s.hint})" if s.hint else ""))


def _bounds(reading: Wording, m: re.Match, start: int, end: int, said: float, group: tuple[int, int],
            parts_too: bool = True, counted: bool = True) -> tuple[float, float, int]:
    """What the number at START:END of the matched string says, as (least, most, where what says it
    starts): a range ("2 to 4", unless the phrase's own words hold it: "from * to #"), and for a count
    (COUNTED) a bound ("at least 3", "3 or more", "up to 3"), or nothing at all for a count of parts
    ("6 faces of …"). GROUP: the span of the phrase's number, which may hold the range's other end."""
    text = m.string
    before = _BEFORE_END.split(text[max(0, start - 60):start])[-1]
    after = text[end:end + 40]
    cache = _bound_patterns_of(reading)
    if parts_too and counted and cache["parts"].match(after):
        return float("-inf"), float("inf"), start   # "6 faces of the dice": a count of parts says nothing of the things
    r = cache["range"].search(before)
    lo = reading.read(r.group("lo")) if r else None
    lo_at = start - len(before) + r.start("lo") + lo[0] if lo else 0   # where the range's first number is
    if lo and (lo_at < m.start() or lo_at >= group[0]) and lo[2] < said:
        return lo[2], said, lo_at
    r = cache["range_after"].match(after)
    if r and (end < group[1] or end + r.start() >= m.end()) \
            and (hi := reading.read(r.group("hi"), tail=False, head=True)) is not None and hi[2] > said:
        return said, hi[2], start  # "2 to 5 cards": the range's words ran on with the number, or follow the phrase
    if not counted or cache["own"].search(text[m.start():group[0]] + text[group[1]:m.end()]):
        return said, said, start   # a rule's number, or "# or more", "move up to #": the phrase says what it means
    if cache["at_least"].search(before):
        return said, float("inf"), start
    if cache["at_most"].search(before):
        return float("-inf"), said, start
    if cache["or_more"].match(after):
        return said, float("inf"), start
    if cache["or_less"].match(after):
        return float("-inf"), said, start
    return said, said, start


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
        "lead_bound": re.compile(rf"(?:{reading.alternation('at_least')}|{reading.alternation('at_most')})"
                                 rf"[\s\u00a0\u2011-]+(?=\w)", re.I),
        "range_after": re.compile(rf"{gap}(?:{reading.alternation('range')}){gap}(?P<hi>{NUMBER})", re.I),
        "parts": re.compile(rf"{gap}(?:[^\W\d_]+{gap})?(?:{reading.alternation('parts')})[\s*_]+(?:of|on|von|auf|de|du|des)(?!\w)", re.I),
        "own": re.compile(rf"(?<!\w)(?:{'|'.join(reading.alternation(k) for k in ('at_least', 'at_most', 'or_more', 'or_less'))})(?!\w)", re.I),
    }


_HEADING = re.compile(r"(?m)^(#{1,6})[ \t]+(.+)$")


def _in_force(s: Statement, string: str, base: int, at: int, reading: Wording) -> bool:
    """Whether S holds where the text says it (STRING[AT], in a text starting at BASE): the base rules hold
    outside variants; inside a variant's section (a heading with a variant word: "Variant: Solo") or a
    sentence that says it is one, only the parameters of that variant (`variant:` naming a heading word)."""
    section = ""
    level = 7
    for h in reversed(list(_HEADING.finditer(string, base, at))):   # the nearest heading, then the ones above it
        if len(h.group(1)) < level:
            level = len(h.group(1))
            section += " " + h.group(2)
    sentence = re.split(r"[.!?\n]\s", string[max(base, at - 200):at])[-1]
    words = reading.alternation("variant")
    marked = bool(words) and re.search(rf"(?<!\w)(?:{words})(?!\w)", section + " " + sentence, re.I) is not None
    if s.variant is None:
        return not marked
    return re.search(rf"(?<!\w){re.escape(s.variant)}(?!\w)", section + " " + sentence, re.I) is not None


def _names_other(s: Statement, t: Text, m: re.Match, start: int, base: int) -> bool:
    """Whether the phrase or sentence around a count names something else than what S counts (`pnp.referee.counts`)."""
    return s.target is not None and s.target.names_other(m, start, base)


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
