"""A board's rulebook line groups its locations by the space type in front of them; it reads as a
sentence in every language pnp's phrases know ("12 locations: 9 with a bookshelf, 2 without a
bookshelf (the Store), and the Sanitarium"), joined by the language's own list pattern (CLDR,
read through babel: the outside standard the lists are checked against)."""
from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from babel import Locale
from babel.lists import format_list

from pnp.build import BuildOptions, render
from pnp.game import load_game
from pnp.kinds.board import rulebook_items
from pnp.models.edition import Edition, editing
from pnp.models.phrases import catalogue, counted, listed
from pnp.paths import EXAMPLES


@pytest.fixture(scope="module")
def valley():
    game = load_game(EXAMPLES / "miskatonic")
    return game, game.of_kind("board")[0]


def groups(board) -> list[tuple[str, int]]:
    """(printed name, locations) of each space type in front of a location, in the spec's order, from the spec."""
    spec = board.spec
    by_type = Counter(board.location_space(loc) for loc in spec.locations if board.location_space(loc))
    return [(spec.spaces[k].name or k, by_type[k]) for k in spec.spaces if k in by_type]


def test_the_english_list_is_cldrs():
    for n in range(1, 6):
        items = [f"item {i}" for i in range(n)]
        assert listed(items, "en") == format_list(items, locale="en")


def test_miskatonics_printed_rulebook_counts_its_locations_in_a_sentence(valley):
    game, component = valley
    found = groups(component.model)
    assert [n for _, n in found] == [9, 2, 1], "the valley has nine bookshelves, the Store's two fronts, the Sanitarium"
    pdf = render(game, BuildOptions().for_game(game)).files["rulebook.pdf"]
    from pypdf import PdfReader

    text = re.sub(r"\s+", " ", " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages))
    parts = [f"{n} {name}" if n > 1 else name for name, n in found]
    sentence = f"{sum(n for _, n in found)} locations: " + format_list(parts, locale="en")
    assert sentence in text
    assert not re.search(r"\d+ × with", text), "no multiplication sign before a feature"


@pytest.mark.parametrize("lang", sorted(catalogue()))
def test_every_language_with_phrases_joins_the_groups_by_its_list_pattern(valley, lang):
    game, component = valley
    found = groups(component.model)
    with editing(Edition(lang, "en", ("en", lang))):
        line = rulebook_items(game, component)[1]
        head = counted("location", sum(n for _, n in found))
    assert line.startswith(head + ": ") and "×" not in line
    listing = line[len(head) + 2:]
    end = Locale.parse(lang.replace("-", "_")).list_patterns["standard"]["end"]  # "{0}, and {1}", "{0} und {1}", "{0} و{1}", "{0}、{1}"
    joiner = end.replace("{0}", "").replace("{1}", "")
    assert listing.endswith(joiner + found[-1][0]), (lang, listing)  # the lone Sanitarium is named, not counted
    for name, n in found[:-1]:  # every group's number sits beside its name, written as the language writes it
        form = catalogue()[lang]["location_group"]
        assert form.format(n=n, name=name) in listing, (lang, listing)
        assert str(n) in form.format(n=n, name=name)
