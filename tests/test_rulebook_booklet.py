"""The booklet's blank pages never fall inside the last chapter (a reference stays whole, facing)."""
from __future__ import annotations

import pytest

from pnp.rulebook.booklet import booklet_order


def reading_order(sides) -> list:
    """Logical pages 1..n in reading order, from the (left, right) sides of each sheet."""
    n = len(sides) * 2
    logical = [None] * n
    for k in range(n // 4):
        front, back = sides[2 * k], sides[2 * k + 1]
        logical[n - 2 * k - 1], logical[2 * k] = front
        logical[2 * k + 1], logical[n - 2 * k - 2] = back
    return logical


@pytest.mark.parametrize("pages", range(2, 21))
def test_every_page_once_and_a_tail_unbroken_from_a_left_hand_page(pages):
    for tail in [None] + list(range(2, pages + 1)):
        order = reading_order(booklet_order(pages, tail))
        assert len(order) % 4 == 0 and [p for p in order if p] == list(range(1, pages + 1))
        if tail is None or tail == pages:
            assert order[-1] == pages  # the last page keeps the back cover
            continue
        at = order.index(tail)
        assert order[at:at + pages - tail + 1] == list(range(tail, pages + 1)), (tail, order)
        if len(order) > pages or tail % 2 == 0:  # with a blank to spare, or already there
            assert (at + 1) % 2 == 0, "a tail of two or more pages opens on a left-hand page"


def test_the_cave_booklet_keeps_its_reference_whole():
    import pypdfium2 as pdfium

    from pnp.build import RULEBOOK, BuildOptions, render
    from pnp.game import load_game
    from pnp.paths import EXAMPLES

    game = load_game(EXAMPLES / "cave")
    files = render(game, BuildOptions(booklet=True).for_game(game)).units[RULEBOOK]
    doc = pdfium.PdfDocument(files["rulebook-booklet.pdf"])
    sides = []
    for page in doc:
        w, h = page.get_size()
        text = page.get_textpage()
        sides.append((text.get_text_bounded(0, 0, w / 2, h).strip(), text.get_text_bounded(w / 2, 0, w, h).strip()))
    doc.close()
    halves = reading_order(sides)
    assert all(halves), "no blank page: the booklet's padding is ruled for notes"
    first = next(i for i, t in enumerate(halves) if t.startswith("Reference"))  # the chapter's heading opens its page
    reference = [i for i in range(first, len(halves)) if not halves[i].startswith("Notes")]
    assert reference == list(range(first, first + len(reference))), "the reference stays whole"
    if len(reference) > 1:
        assert (first + 1) % 2 == 0, "a reference of two pages opens on a left-hand page, facing its second"
    else:
        assert first == len(halves) - 1, "a one-page reference keeps the back cover"
    assert all(t.startswith("Notes") for t in halves[first + len(reference):]), "only notes follow the reference"
