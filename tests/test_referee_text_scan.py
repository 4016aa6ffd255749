"""The referee's quick search for rule phrases (`pnp.referee.text.Scan`) finds exactly what each
phrase's pattern finds in each text on its own, whatever the texts hold: the words of the phrases
in any case (and the letters re.I matches to ASCII ones: İ ı ſ K), numbers, Markdown emphasis,
:icons:, clause ends and the character that joins the texts."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.referee.text import Scan, Text, phrase_matches, statement
from pnp.errors import Pos

PHRASES = [
    ["all # Stars", "# Stars in all", "supply of # Stars"],
    ["hand limit of #", "# or more"],
    ["deck of # cards", "# cards in the deck"],
    ["Elder Sign: move up to #, and a star"],   # holds a clause end: read whole
    ["#"],                                      # no word: read whole
    ["# 1-Health monsters in all"],
]
RULES = [statement(f"rule{i}", 4, "a number", says) for i, says in enumerate(PHRASES)]
PIECES = ["all", "ALL", "stars", "Stars", "ſtars", "in", "supply", "of", "hand", "limit", "l\u0130mit", "lımit", "or",
          "more", "deck", "cards", "the", "Elder", "Sign:", "move", "up", "to", "and", "a", "star", "1-Health",
          "monsters", "\u212aey", "4", "7", "12", "2.5", "four", "seven", "twenty", " ", " ", "\n", "**", "_", ":star:",
          ",", ";", "(", ")", "|", "!", "?", '"', "\u2014", ".", "-", "é", "日本"]


ODD_CASE = {"s": "\u017f", "i": "\u0131", "I": "\u0130", "k": "\u212a"}   # what re.I also takes for s, i, I, k


@st.composite
def phrase_said(draw) -> str:
    """One of the phrases as a text may print it: a number for `#`, any case, now and then the
    letters re.I matches to ASCII ones."""
    said = draw(st.sampled_from([p for says in PHRASES for p in says])).replace("#", draw(st.sampled_from(["4", "9", "four", "2.5"])))
    how = draw(st.sampled_from(["as is", "upper", "lower", "odd"]))
    if how == "odd":
        return "".join(ODD_CASE.get(c, c) for c in said)
    return said.upper() if how == "upper" else said.lower() if how == "lower" else said


TEXT = st.lists(st.one_of(st.sampled_from(PIECES), phrase_said()), max_size=30).map(lambda ws: " ".join(ws))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(TEXT, max_size=6))
def test_the_quick_search_finds_what_each_pattern_finds_in_each_text(words):
    texts = [Text(w, Pos("t.md"), False) for w in words]
    found = Scan(texts).matches(RULES)
    for text, mine in zip(words, found):
        # each phrase's matches in the text alone, each with a number where its `#` stands (`phrase_matches`)
        expected = [(s.name, m.span()) for s in RULES for m in phrase_matches(s, text, 0, len(text))]
        assert [(s.name, (m.start() - base, m.end() - base)) for s, m, base in mine] == expected, text


def test_a_phrase_with_a_clause_end_or_no_word_reads_each_text_whole():
    assert RULES[0].words and RULES[1].words and RULES[5].words
    assert not RULES[3].words and not RULES[4].words


def test_the_search_finds_a_wrong_number_anywhere_in_a_long_rulebook():
    rulebook = "Shuffle the deck, then deal. " * 2000 + "There are **all 5 Stars**, (ALL 4 STARS)."
    (found,) = Scan([Text(rulebook, Pos("rules.md"), True)]).matches(RULES[:1])
    assert [m.group(0) for _, m, _ in found] == ["all 5 Stars", "ALL 4 STARS"]
