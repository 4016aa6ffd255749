"""Sheets used well, counted in the PDFs: a bundled deck takes no more sheets than any arrangement of its
cards on the paper would need, and token bands sit close enough that a row of boards never spills onto
a sheet of its own (Miskatonic's tokens: one duplex sheet and one single sheet, on A4 and on Letter)."""
from __future__ import annotations

import io
import math
from functools import lru_cache

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions
from pnp.game import load_game
from pnp.kinds import deck as deck_kind
from pnp.kinds import tokens as tokens_kind
from pnp.geometry.impose import MARK_ROOM
from pnp.geometry.paper import MIN_MARGIN, paper_size
from pnp.kinds.deck.pages import edges_differ
from pnp.paths import EXAMPLES
from pnp.kinds.tokens.draw import BAND_GAP, crop_marks, layout_pages
from pnp.models.units import mm

PAPERS = ["a4", "letter"]


def most_cards(width: int, height: int, card_w: int, card_h: int) -> int:
    """The most cards (whole millimetres) any guillotine arrangement puts in width × height, each card
    either way up: an upper bound for a sheet (no bleed, no gutter, no room for marks counted)."""
    @lru_cache(None)
    def best(w: int, h: int) -> int:
        n = max((w // card_w) * (h // card_h), (w // card_h) * (h // card_w))
        cuts = {a * card_w + b * card_h for a in range(w // card_w + 1) for b in range(w // card_h + 1)}
        for cut in cuts:
            if 0 < cut < w:
                n = max(n, best(cut, h) + best(w - cut, h))
            if 0 < cut < h:
                n = max(n, best(w, cut) + best(w, h - cut))
        return n

    return best(width, height)


def test_the_bound_counts_known_arrangements():
    assert most_cards(200, 287, 63, 88) == 9          # poker cards on A4 inside 5 mm: 3 × 3, nothing better
    assert most_cards(88 * 2 + 63, 88, 63, 88) == 3   # two landscape and one portrait side by side
    assert most_cards(176, 126, 63, 88) == 4


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["blorg", "cave", "miskatonic"])
def test_no_deck_takes_a_sheet_any_arrangement_could_save(name, paper):
    """Miskatonic's 12 poker cards leave a last sheet of 3: no arrangement fits more than 9 poker cards
    inside the printable part of A4 or Letter, so 12 cards need two sheets however they are laid."""
    game = load_game(EXAMPLES / name)
    options = BuildOptions(paper=paper).for_game(game)
    pdf = PdfReader(io.BytesIO(deck_kind.build(game, game.of_kind("deck"), options)["cards.pdf"]))
    per_sheet = 2 if options.duplex.value in ("long", "short") else 1
    w, h = (int(v / mm(1)) for v in paper_size(paper))
    needed = 0
    for c in game.of_kind("deck"):
        deck = c.model
        cw, ch = math.ceil(deck.width / mm(1)), math.ceil(deck.height / mm(1))
        if edges_differ(deck):
            # cards whose edges differ never share a cut (issue 42): upright, at least 2 mm apart, and
            # margins that hold a crop mark; any such grid holds no more than this
            room = int(MARK_ROOM / mm(1))
            fit = ((w - 2 * room + 2) // (cw + 2)) * ((h - 2 * room + 2) // (ch + 2))
        else:
            fit = most_cards(w - 2 * int(MIN_MARGIN / mm(1)), h - 2 * int(MIN_MARGIN / mm(1)), cw, ch)
        needed += math.ceil(sum(1 for _ in deck.expanded()) / fit)
    assert len(pdf.pages) / per_sheet == needed


@pytest.fixture(scope="module")
def miskatonic():
    return load_game(EXAMPLES / "miskatonic")


@pytest.mark.parametrize("paper", PAPERS)
def test_tokens_take_one_duplex_sheet_and_one_single_sheet(miskatonic, paper):
    out = tokens_kind.build(miskatonic, miskatonic.of_kind("tokens"), BuildOptions(paper=paper, duplex="long"))
    pdf = PdfReader(io.BytesIO(out["tokens.pdf"]))
    assert len(pdf.pages) == 3  # fronts, their backs, then the boards and the Star Chart (one-sided)


@pytest.mark.parametrize("paper", PAPERS)
def test_marks_of_neighbouring_bands_stay_apart(miskatonic, paper):
    """Bands share the gap between them for their crop marks, end to end: a mark of one band never
    reaches a mark, or the bleed, of the next."""
    tokens = miskatonic.of_kind("tokens")[0].model
    for bands in layout_pages(tokens.pieces, *paper_size(paper), tokens.spec.bleed):
        for upper, lower in zip(bands, bands[1:]):
            upper_bleed = upper.y0 + upper.rows * (upper.h + 2 * upper.bleed) - upper.bleed
            lower_bleed = lower.y0 - lower.bleed
            assert lower_bleed - upper_bleed == pytest.approx(BAND_GAP)
            downs = [max(m.y1, m.y2) for m in crop_marks(upper) if m.x1 == m.x2 and min(m.y1, m.y2) >= upper_bleed]
            ups = [min(m.y1, m.y2) for m in crop_marks(lower) if m.x1 == m.x2 and max(m.y1, m.y2) <= lower_bleed]
            assert downs and ups
            assert min(ups) - max(downs) >= mm(1) - 1e-6
            assert max(downs) < lower_bleed and min(ups) > upper_bleed
