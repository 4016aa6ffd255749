"""Count sentences held to what they name: a deck, one pile of it, or the cards of one kind.

"The harbour deck holds 42 cards. The storms deck holds 12 cards." Both sentences match the phrase
"deck holds # cards"; a player reads each against the deck it names. So every count the decks fix is
a `Statement` with a `Target` — the deck, and the pile or the choice of a field it counts — and a
match is held to it only when its sentence names that target (`names_other`):

- the names of a target are the deck's `name`, its title and the distinctive words of the title (the
  edition's own, when translated), the game's synonyms (`referee: {names: {harbour: [Hafen]}}`), and
  for a pile or a choice the field's value;
- the most specific things a sentence names win: a sentence naming a pile is about that pile, not the
  whole deck; one naming a deck is about that deck;
- a sentence naming nothing is read against the section it stands in (its heading), else against the
  game's only deck; in a game of several decks such a count names nothing and is not held to any.

The phrases are the phrase table's `whole` entries of every language read (`pnp.referee.wording`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.kinds import offering
from pnp.referee.text import Statement
from pnp.referee.wording import NUMBER, Wording, wording

_STOP = frozenset("the a an of and or in on to for with der die das den dem des ein eine und oder im am zum zur "
                  "le la les un une des du de et ou au aux en".split())
_SENTENCE_END = re.compile(r"[.!?;:](?=\s)|\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)]|#|>)\s)|\|")
_HEADING = re.compile(r"(?m)^#{1,6}[ \t]+(.+)$")
MAX_SENTENCE = 400     # characters either side of a count read for the names it holds


@dataclass(frozen=True)
class Target:
    """What a count statement counts: a deck (`pile` None), or the cards of it whose `field` is `pile`."""

    deck: str
    pile: str | None
    field: str | None
    names: re.Pattern          # finds a name of this target in a sentence
    rivals: tuple["Target", ...] = ()   # filled by `card_count_statements`: every target of the game

    def names_other(self, m: re.Match, start: int, base: int) -> bool:
        """Whether the count at START of match M is about something else than this target (`names_other`)."""
        return names_other(self, m, start, base)

    def __hash__(self) -> int:
        return hash((self.deck, self.pile, self.field))

    def __eq__(self, other) -> bool:
        return isinstance(other, Target) and (self.deck, self.pile, self.field) == (other.deck, other.pile, other.field)


def _name_pattern(names: list[str], glued: str = "") -> re.Pattern | None:
    """A pattern finding any of NAMES as words; GLUED: an alternation of words a compound may add
    ("Marktstapel" names the market deck in German)."""
    words = sorted({n.strip().lower() for n in names if n and len(n.strip()) >= 2}, key=len, reverse=True)
    if not words:
        return None
    body = "|".join(r"[\s\-_]+".join(re.escape(p) for p in re.split(r"[\s\-_]+", w)) for w in words)
    # a plural or an inflected form ("storms", "Hafens", "harbour's") names it too
    tails = "s|es|n|en|e|er|'s|’s" + (f"|{glued}" if glued else "")
    return re.compile(rf"(?<![\w])(?:{body})(?:{tails})?(?![\w])", re.I)


def _title_words(title: str) -> list[str]:
    """The title whole and each of its distinctive words ("Tidewatch — Storms" → storms, tidewatch)."""
    parts = [title] + [p for p in re.split(r"\s*[—–:·|/]\s*|\s+-\s+", title) if p]
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", title) if len(w) >= 3 and w.lower() not in _STOP]
    return parts + words


def targets(game) -> list[tuple[Target, int, str]]:
    """(target, its count, what it is in words) of every deck, pile and choice of a field."""
    synonyms = _synonyms(game)
    reading = wording(game)
    glued = "|".join(x for x in (reading.alternation("deck"), reading.alternation("cards")) if x)
    decks = [c.model for c in offering(game, "cards") if hasattr(c.model, "expanded")]
    word_decks: dict[str, set[str]] = {}
    for deck in decks:
        for w in _title_words(deck.spec.title or "") + [deck.name]:
            word_decks.setdefault(w.lower(), set()).add(deck.name)
    out = []
    for deck in decks:
        title = deck.spec.title or deck.name
        own = [deck.name, deck.name.replace("-", " ")] + synonyms.get(deck.name, [])
        own += [w for w in _title_words(deck.spec.title or "") if word_decks.get(w.lower()) == {deck.name}]
        pattern = _name_pattern(own, glued)
        if pattern is None:
            continue
        out.append((Target(deck.name, None, None, pattern), deck.total, f"the number of cards in deck '{title}'"))
        split = {f: {} for f, d in (deck.field_defs or {}).items() if d.choices}
        piles = getattr(deck.spec, "piles", None)
        if piles:
            split.setdefault(piles, {})
        for entry, _copy in deck.expanded():
            front = entry.front.fields if entry.front else {}
            for f, counts in split.items():
                value = front.get(f)
                if isinstance(value, (str, int)) and str(value):
                    counts[str(value)] = counts.get(str(value), 0) + 1
        for f, counts in split.items():
            for value, n in counts.items():
                names = _name_pattern([value, value.replace("-", " ")] + synonyms.get(value, []), glued)
                if names is None:
                    continue
                what = "pile" if f == piles else "cards"
                out.append((Target(deck.name, value, f, names), n,
                            f"the number of cards in deck '{title}' whose {f} is {value}"
                            + (" (a pile)" if what == "pile" else "")))
    return out


def _synonyms(game) -> dict[str, list[str]]:
    """The game's other names for its decks, piles and kinds: `referee: {names: {harbour: [Hafen, port]}}`."""
    referee = getattr(getattr(game, "game", None), "referee", None)
    names = getattr(referee, "names", None) or {}
    return {str(k): [str(v) for v in (vs if isinstance(vs, list) else [vs])] for k, vs in names.items()}


_COUNT_PATTERNS: dict[tuple, tuple[re.Pattern, tuple]] = {}


def count_pattern(reading: Wording, decks: tuple[str, ...] = ()) -> tuple[re.Pattern, tuple]:
    """The table's `whole` phrases of the languages read as one pattern, and their words (`phrase_words`):
    `{cards}` any card word, `{deck}` any deck word or the name of one of DECKS ("die Spielhilfe hat 2
    Karten"), `{what}` up to two words naming what is counted (an "item" in "48 item cards"), which
    `names_other` reads."""
    key = (reading.langs, decks)
    if key not in _COUNT_PATTERNS:
        from pnp.referee.text import GAP, phrase_words

        named = "|".join(r"[\s\-_]+".join(map(re.escape, d.split())) for d in sorted(decks, key=len, reverse=True))
        slots = {"{cards}": f"(?:{reading.alternation('cards')})",       # a compound may glue words before a
                 "{deck}": rf"(?:[^\W\d_]*?(?:{reading.alternation('deck')})" + (f"|{named}" if named else "") + ")"}
        what = rf"(?:[^\W\d_][\w'’-]*{GAP}){{0,2}}"
        what_last = rf"(?:{GAP}[^\W\d_][\w'’-]*){{0,2}}"     # French puts it after: "32 cartes objet"
        alternatives, literal = [], []
        for i, phrase in enumerate(reading.words.get("whole", ())):
            parts, words = [], []
            for token in phrase.split():
                if token == "#":
                    parts.append(rf"[*_]*(?P<n{i}>{NUMBER})[*_]*")
                elif token == "{what}":
                    parts.append(None)
                else:
                    parts.append(slots.get(token) or re.escape(token))
                    if token not in slots:
                        words.append(token)
            body = ""
            for j, part in enumerate(parts):
                last = j + 1 == len(parts)
                if part is None:
                    body += what_last if last else what
                else:
                    before_last_what = j + 2 == len(parts) and parts[-1] is None
                    body += part + ("" if last or before_last_what else GAP)
            alternatives.append(rf"(?:(?<![\w.]){body}(?![\w]))")
            literal.append(" ".join(words))
        if len(_COUNT_PATTERNS) > 256:
            _COUNT_PATTERNS.clear()
        _COUNT_PATTERNS[key] = (re.compile("|".join(alternatives), re.I), phrase_words(literal) if all(literal) else ())
    return _COUNT_PATTERNS[key]


def card_count_statements(game) -> list[Statement]:
    """A statement of each deck's, pile's and choice's count (rule `card-count`), each with its target."""
    reading = wording(game)
    found = targets(game)
    every = tuple(t for t, _, _ in found)
    names = tuple(sorted({n for c in offering(game, "cards") if hasattr(c.model, "expanded")
                          for n in (c.model.spec.title, c.model.name) if n and len(n) >= 3}))
    pattern, words = count_pattern(reading, names)
    fix = "the deck's cards fix it: print it from the deck"
    return [Statement("card-count", float(count), what, pattern, None, (), fix, words, reading,
                      Target(target.deck, target.pile, target.field, target.names, every))
            for target, count, what in found]


def names_other(target: Target, m: re.Match, start: int, base: int) -> bool:
    """Whether the count at START of match M (in a text that starts at BASE of the string matched) is
    about something else than TARGET: what its sentence names nearest to the number, else its
    section's heading; see the module's docstring."""
    string = m.string
    lo = max(base, start - MAX_SENTENCE)
    sentence_start, sentence = _sentence(string, start, lo, min(len(string), start + MAX_SENTENCE))
    about = _nearest(target.rivals, sentence, start - sentence_start)
    if about is None:
        heading = _heading(string, base, start)
        about = _nearest(target.rivals, heading, len(heading)) if heading else None
    if about is None:
        decks = {r.deck for r in target.rivals}
        return not (target.pile is None and len(decks) == 1)
    return about != target


def _nearest(rivals: tuple[Target, ...], sentence: str, at: int) -> Target | None:
    """The target SENTENCE names nearest to offset AT: a pile or a kind of the nearest deck named, if the
    sentence names one ("the power pile of the harbour deck"), else that deck."""
    distance: dict[Target, int] = {}
    for r in rivals:
        for found in r.names.finditer(sentence):
            d = at - found.end() if found.end() <= at else found.start() - at
            distance[r] = min(distance.get(r, d), d)
    if not distance:
        return None
    nearest = min(distance, key=lambda r: (distance[r], r.pile is None))
    if nearest.pile is None:
        parts = [r for r in distance if r.pile is not None and r.deck == nearest.deck]
        if parts:
            nearest = min(parts, key=lambda r: distance[r])
    return nearest


def _sentence(string: str, at: int, lo: int, hi: int) -> tuple[int, str]:
    """(where it starts, the sentence) holding STRING[AT], looked for between LO and HI."""
    ends = [m.end() for m in _SENTENCE_END.finditer(string, lo, at)]
    start = ends[-1] if ends else lo
    m = _SENTENCE_END.search(string, at, hi)
    return start, string[start:m.start() if m else hi]


def _heading(string: str, base: int, at: int) -> str:
    last = None
    for m in _HEADING.finditer(string, base, at):
        last = m
    return last.group(1) if last else ""


def parts_statements(game) -> list[Statement]:
    """How many faces each die has, as text states it ("the Monster die has 6 faces", "die with six sides";
    rule `dice`): a count of a thing's parts, read as such, and never as a count of the things."""
    from pnp.referee.text import statement

    reading = wording(game)
    parts = [p for p in reading.words.get("parts", ()) if p]
    out = []
    sizes: dict[int, int] = {}
    for comp in offering(game, "faces"):
        for die in getattr(comp.model, "dice", ()):
            n = len(getattr(die, "faces", ()) or ())
            name = str(getattr(die, "name", "") or "")
            if not n or not name:
                continue
            sizes[n] = sizes.get(n, 0) + 1
            says = [f"{name} {verb} # {p}" for verb in ("has", "hat", "a", "with", "mit") for p in parts]
            says += [f"# {p} of the {name}" for p in parts]
            out.append(statement("dice", n, f"the number of faces of the {name}", says,
                                 "the dice file fixes it: print it from the dice", reading))
    if len(sizes) == 1:          # every die alike: "each die has 6 faces"
        (n, _), = sizes.items()
        says = [f"{each} {d} {verb} # {p}" for each in ("each", "every", "jeder", "chaque") for d in reading.words.get("dice", ())
                for verb in ("has", "hat", "a") for p in parts]
        out.append(statement("dice", n, "the number of faces of each die", says,
                             "the dice file fixes it: print it from the dice", reading))
    return out
