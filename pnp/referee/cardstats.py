"""A card's numbers stated in prose, checked against the card (rule `card-stats`), and worked examples
that name a card no deck has (rule `examples`).

"A Silver Lamp (volume 3, weight 4)", "Brass Key: value 5", "the Brass Key is worth 5", "the value of the
Brass Key is 5": each number of a numeric field the deck declares, said of a card named by its `name`,
must be that card's. A worked example (`> **Example.** …`) that gives a card's numbers beside a name no
deck has any more is a finding at the name, with the likely name.
"""
from __future__ import annotations

import re

from pnp.errors import Pos, did_you_mean
from pnp.kinds import offering
from pnp.referee.findings import Finding
from pnp.referee.text import MAX_TEXT, _pos_in, _shown, texts

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
                      + r")\b[\s*_:]*(?:of[\s*_]+)?(\d+(?:\.\d+)?)(?!\w|\.\d)", re.I)
    reverse = re.compile(r"(?i:\b(" + "|".join(re.escape(f) for f in sorted(fields, key=len, reverse=True))
                         + r")[\s*_]+of[\s*_]+(?:(?:the|a|an)[\s*_]+)?)(" + "|".join(
                             re.escape(n) for n in sorted(named, key=len, reverse=True))
                         + r")(?i:[\s*_]+is[\s*_]+)(\d+(?:\.\d+)?)(?!\w|\.\d)")
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
            opening = window.lstrip(" *_")
            if not (opening.startswith(("(", ":", ",", "—", "–", "-")) or _STATED_BY.match(opening)):
                continue       # the numbers must stand by the name: "Silver Lamp (volume 2, …)", "Silver Lamp: value 5",
            found = [(s.group(1), s.group(2), s.start(2)) for s in stat.finditer(window)]   # "Silver Lamp is worth 5"
            worth = _WORTH.search(window)
            if worth and not found:
                found.append((worth.group(1), worth.group(2), worth.start(2)))
            for word, said, at in found:
                field = _stat_field(word, stats)
                if field is None or float(said) == float(stats[field]):
                    continue
                pos = _pos_in(t, m.end() + at, said)
                out.setdefault(pos, Finding(pos, "card-stats",
                                            f"the text gives {m.group(1)} {word} {said}, but the card in "
                                            f"deck '{title}' has {field} {_shown(float(stats[field]))}"))
        for r in reverse.finditer(t.text):     # "the value of the Brass Key is 5"
            title, stats = named[r.group(2)]
            field = _stat_field(r.group(1), stats)
            if field is None or float(r.group(3)) == float(stats[field]):
                continue
            pos = _pos_in(t, r.start(3), r.group(3))
            out.setdefault(pos, Finding(pos, "card-stats", f"the text gives the {r.group(1)} of {r.group(2)} as "
                                                           f"{r.group(3)}, but the card in deck '{title}' has {field} "
                                                           f"{_shown(float(stats[field]))}"))
    return list(out.values())


# how prose states a card's value beside its name: "the Brass Key is worth 5", "a Brass Key, with value 5"
_STATED_BY = re.compile(r"(?:is\s+worth|worth|has(?:\s+an?)?|with(?:\s+an?)?|is|scores?|gives?)\b", re.I)
_WORTH = re.compile(r"\b(worth|scores?|gives?)[\s*_]+(\d+(?:\.\d+)?)(?!\w|\.\d)", re.I)
_VALUE_FIELDS = ("value", "points", "worth", "score", "coins", "vp")


def _stat_field(word: str, stats: dict) -> str | None:
    """The numeric field WORD names among a card's STATS ("worth", "scores" name its value or points)."""
    low = word.lower()
    exact = next((f for f in stats if f.lower() == low), None)
    if exact is not None or low not in ("worth", "score", "scores", "give", "gives"):
        return exact
    return next((f for f in stats if f.lower() in _VALUE_FIELDS), None)


_EXAMPLE_NAME = r"(?P<name>(?:[^\W\d_][\w'’-]*[ \t]+){0,3}[^\W\d_][\w'’-]*)"
_ARTICLES = re.compile(r"^(?:(?:a|an|the|one|your|her|his|their|ein|eine|einen|der|die|das|den|un|une|le|la|les)\s+)+",
                       re.I)


def example_findings(game) -> list[Finding]:
    """A worked example that gives a card's numbers beside a name no deck has ("You dig up a Silver Lamp
    (volume 3, weight 4)" after the Silver Lamp left the deck): a finding at the name (rule `examples`)."""
    from pnp.referee.wording import wording

    known: set[str] = set()
    fields: set[str] = set()
    values: dict[str, set[float]] = {}       # numeric field → every value a card has
    kinds: set[str] = {"card", "cards"}      # the words for one card: "a card of value 7", "an item with value 7"
    for comp in offering(game, "cards"):
        deck = comp.model
        defs = getattr(deck, "field_defs", None) or {}
        mine = {k for k, d in defs.items() if d.type in ("int", "number")}
        fields |= mine
        kinds |= {str(c).lower() for d in defs.values() for c in (d.choices or ()) if isinstance(c, str)}
        for entry in deck.cards:
            front = entry.front.fields if entry.front else {}
            known |= {str(v).lower() for v in (front.get("name"), entry.id) if v}
            for k in mine:
                if isinstance(front.get(k), (int, float)):
                    values.setdefault(k, set()).add(float(front[k]))
    if not fields or not known:
        return []
    heads = wording(game).alternation("example") or "example"
    block = re.compile(rf"(?m)^>[ \t]*[*_]*(?:{heads})\b[^\n]*(?:\n>[^\n]*)*", re.I)
    stated = re.compile(_EXAMPLE_NAME + r"[ \t*_]*[(:][\s*_>]*(?:" + "|".join(map(re.escape, sorted(fields))) + r")\b", re.I)
    one_card = re.compile(r"\b(?:an?|one|the)[\s*_]+(?:" + "|".join(map(re.escape, sorted(kinds, key=len, reverse=True)))
                          + r")s?[\s*_]+(?:of|with)[\s*_]+(?:an?[\s*_]+)?(" + "|".join(map(re.escape, sorted(values)))
                          + r")[\s*_]+(\d+(?:\.\d+)?)(?!\w|\.\d)", re.I) if values else None
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        if not t.exact:
            continue
        for b in block.finditer(t.text):
            for m in one_card.finditer(b.group(0)) if one_card else ():   # "an item of value 7": a card no deck has
                field = next(f for f in values if f.lower() == m.group(1).lower())
                if float(m.group(2)) not in values[field]:
                    pos = _pos_in(t, b.start() + m.start(2), m.group(2))
                    shown = ", ".join(_shown(v) for v in sorted(values[field]))
                    out.setdefault(pos, Finding(pos, "examples", f"the worked example uses a card of {field} "
                                                                 f"{m.group(2)}, which no card has ({field}: {shown})"))
            for m in stated.finditer(b.group(0)):
                name = _ARTICLES.sub("", m.group("name")).strip()
                words = name.split()
                # the name is the longest run of its last words that starts with a capital ("dig up a Silver Lamp")
                while words and not words[0][:1].isupper():
                    words.pop(0)
                name = " ".join(words)
                if not name or name.lower() in known or any(k.endswith(name.lower()) for k in known):
                    continue
                at = b.start() + m.start("name") + m.group("name").rfind(name)
                pos = _pos_in(t, at, name)
                out.setdefault(pos, Finding(pos, "examples", f"the worked example gives the numbers of '{name}', "
                                                             f"which no deck has{did_you_mean(name, sorted(known))}"))
    return list(out.values())
