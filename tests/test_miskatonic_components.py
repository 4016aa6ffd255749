"""Miskatonic's printed components agree with its rules and with each other, read from the PDFs the
build prints: the Monster die's coloured faces are described alike on the dice, the rulebook and the
reference card, with the colour named wherever the die's colour decides and drawn on the card's
key; opening a tome moves a star
in the components' text and in the simulation; the Revolver's first use can be marked on its card."""
from __future__ import annotations

import random
import re

import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions, render
from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.families import miskatonic
from pnp.models.units import mm

GAME = EXAMPLES / "miskatonic"
DPI = 300


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def printed(game):
    """Every PDF the game prints, as pdfium documents."""
    files = render(game, BuildOptions().for_game(game)).files
    return {name: pdfium.PdfDocument(bytes(data)) for name, data in files.items() if name.endswith(".pdf")}


def page_texts(doc) -> list[str]:
    """Each page's text with its line breaks and runs of spaces made single spaces."""
    return [re.sub(r"\s+", " ", doc[i].get_textpage().get_text_range()) for i in range(len(doc))]


def coloured_symbols(game) -> dict[str, tuple[str, str]]:
    """The dice's coloured symbols: name (the colour word) -> (icon, what the face does)."""
    dice = game.of_kind("dice")[0].model
    return {name: (s.icon, s.label) for name, s in dice.symbols.items() if s.color}


def test_the_dice_give_each_colour_the_icon_the_texts_use(game):
    symbols = coloured_symbols(game)
    assert symbols == {"red": ("health", "lose 1 Health"), "blue": ("wits", "lose 1 Wits")}
    deck = game.of_kind("deck")[0].model
    back = next(c for c in deck.cards if c.id == "reference").back
    rule = str(back.fields["rule"])
    for colour, (icon, label) in symbols.items():  # the reference card pairs the same icon with the same colour
        assert f":{icon}: ({colour}) {label}" in rule


# (dice-tiles.pdf's key lists each symbol by its label alone, beside its tile drawn in the symbol's own colour)
@pytest.mark.parametrize("where", ["rulebook.pdf", "cards.pdf"])
def test_every_monster_die_face_of_a_colour_names_its_colour(game, printed, where):
    """Wherever the Monster die's coloured faces are explained, the colour is named beside what the face
    does, so a reader holding the die (red and blue tiles) reads the same thing on the page."""
    symbols = coloured_symbols(game)
    both = " and ".join(symbols)
    labels = {label: colour for colour, (_, label) in symbols.items()}
    found = 0
    for number, text in enumerate(page_texts(printed[where]), 1):
        for m in re.finditer(r"lose 1 (Health|Wits)( and 1 Wits)?(?! or)", text):  # not "1 Health or Wits per Curse"
            before = text[max(0, m.start() - 24):m.start()]
            want = both if m.group(2) else labels[m.group(0)]
            if "Monster die" not in text and where != "dice-tiles.pdf":
                continue  # a page that does not explain the die
            assert want in before, f"{where} page {number}: '{before}{m.group(0)}' does not name its colour"
            found += 1
    assert found >= 2


def test_the_reference_card_says_which_colour_heals_what(printed):
    """'The colour says what you heal' is only of use on a card that says which colour is which."""
    monster = next(t for t in page_texts(printed["cards-printshop.pdf"]) if t.startswith("The Monster die"))
    assert "the colour says what you heal" in monster
    assert "(red) lose 1 Health" in monster and "(blue) lose 1 Wits" in monster


def test_the_monster_die_card_shows_each_colour_as_the_die_prints_it(game, printed):
    """The card's key draws each coloured face's tile in the die's own colour beside what it heals,
    measured in pixels: the tile left of 'red: Health' is the red of dice.yaml, and so for blue."""
    shop = printed["cards-printshop.pdf"]
    page = next(shop[i] for i, t in enumerate(page_texts(shop)) if t.startswith("The Monster die"))
    image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    dice = game.of_kind("dice")[0].model
    for colour, (_, label) in coloured_symbols(game).items():
        words = f"{colour}: {label.split()[-1]}"
        found = page.get_textpage().search(words).get_next()
        assert found is not None, f"no '{words}' on the card"
        left, bottom, right, top = page.get_textpage().get_charbox(found[0])
        middle = page.get_height() - (top + bottom) / 2
        x, y = left - mm(6), middle - mm(2.4)  # a corner of the 6 mm tile just left of the words
        got = image.getpixel((int(x * DPI / 72), int(y * DPI / 72)))
        want = tuple(int(dice.symbols[colour].color[k:k + 2], 16) for k in (1, 3, 5))
        assert max(abs(a - b) for a, b in zip(got, want)) <= 8, f"{words}: tile {got}, the die's {want}"


def test_opening_a_tome_moves_a_star_on_the_star_chart_and_in_the_rulebook(printed):
    """The rules: any time a tome is opened, one star moves one space in, even the free look on pickup."""
    chart = " ".join(page_texts(printed["tokens.pdf"]))
    assert re.search(r"a tome opened: one star moves in", chart)
    book = " ".join(page_texts(printed["rulebook.pdf"]))
    assert "a star still moves one space in, as it does whenever a tome is opened" in book
    assert re.search(r"Each tome you open costs you \d+ Wits and moves one star one space in", book)


def test_the_simulation_moves_a_star_when_a_tome_is_taken_and_looked_into():
    setup = miskatonic._setup(load_game(GAME))  # a game of its own: a build lets go of the specs' raw text
    play = miskatonic._Game(setup, 2, random.Random(1))
    shelf = next(iter(play.tomes))
    before = sum(play.stars)
    play.take_tome(0, shelf)
    assert sum(play.stars) == before - 1 and shelf not in play.tomes
    assert play.pages[0] + play.curses[0] == 1


def test_the_revolver_card_has_a_box_to_mark_its_first_use(printed):
    """The Revolver goes back after its second use: a box on the card, under 'used once', records the first.
    Measured on the print-shop faces: a white square with a dark outline just above the words, on the
    Revolver and on no other item."""
    shop = printed["cards-printshop.pdf"]
    texts = page_texts(shop)
    fronts = {t.split(" ")[0]: i for i, t in reversed(list(enumerate(texts))) if not t.startswith(("THE STORE", "The "))}
    assert set(fronts) == {"Revolver", "Axe", "Needle", "Turkey"}
    for name, index in fronts.items():
        page = shop[index]
        found = page.get_textpage().search("used once").get_next()
        if name != "Revolver":
            assert found is None, f"{name}: a use box on an item that goes back after one use"
            continue
        assert found is not None
        textpage = page.get_textpage()
        boxes = [textpage.get_charbox(i) for i in range(found[0], found[0] + found[1])]
        left, right, top = min(b[0] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)
        image = page.render(scale=DPI / 72).to_pil().convert("L")
        cx, words_top = (left + right) / 2, page.get_height() - top  # the box is centred over the words

        def at(x: float, y: float) -> int:
            return image.getpixel((int(round(x * DPI / 72)), int(round(y * DPI / 72))))

        inside = [at(cx + dx, words_top - mm(3)) for dx in (-mm(1), 0.0, mm(1))]
        assert all(v > 235 for v in inside), f"the box is not white inside: {inside}"
        column = [at(cx, words_top - mm(d / 10)) for d in range(80)]  # 8 mm straight up from the words
        edges = sum(1 for a, b in zip(column, column[1:]) if a > 128 >= b)
        assert edges == 2, f"{edges} dark lines above the words: the box's two edges expected"
        square = [at(cx + mm(d / 10), words_top - mm(3)) for d in range(-40, 41)]  # 8 mm across its middle
        assert sum(1 for a, b in zip(square, square[1:]) if a > 128 >= b) == 2
