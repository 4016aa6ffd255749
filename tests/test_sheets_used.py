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
from pnp.kinds.deck.pages import edge_keys, edges_differ
from pnp.paths import EXAMPLES
from pnp.kinds.tokens.bands import BAND_GAP, crop_marks, layout_pages
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


def least_sheets(deck, paper: str) -> int:
    """The fewest sheets any arrangement of the deck's cards needs on `paper`, worked out here in whole
    millimetres (the printable part rounded up, the card rounded down: never more than the truth).
    Cards whose edge carries a picture never share a cut (2 mm apart, inside margins that hold a crop
    mark); cards whose edges are each one colour may abut, inside the 5 mm a printer cannot print."""
    w, h = (math.ceil(v / mm(1)) for v in paper_size(paper))
    cw, ch = math.floor(deck.width / mm(1) + 1e-6), math.floor(deck.height / mm(1) + 1e-6)
    pictures = edges_differ(deck) and edge_keys(deck) is None
    if pictures:
        room = math.floor(MARK_ROOM / mm(1))
        fit = most_cards(w - 2 * room + 2, h - 2 * room + 2, cw + 2, ch + 2)
    else:
        room = math.floor(MIN_MARGIN / mm(1))
        fit = most_cards(w - 2 * room, h - 2 * room, cw, ch)
    return math.ceil(sum(1 for _ in deck.expanded()) / fit)


@pytest.fixture(scope="module")
def starters(tmp_path_factory):
    from pnp.scaffold import create

    root = tmp_path_factory.mktemp("starters")
    for name in ("default", "art", "editions"):
        create(name, root, template=name)
    return root


def sheets_in_pdf(game_dir, paper: str) -> tuple[int, list]:
    game = load_game(game_dir)
    with game.own_fonts():
        options = BuildOptions(paper=paper).for_game(game)
        pdf = PdfReader(io.BytesIO(deck_kind.build(game, game.of_kind("deck"), options)["cards.pdf"]))
        decks = [c.model for c in game.of_kind("deck")]
        per_sheet = 2 if options.duplex.value in ("long", "short") and all(d.double_sided for d in decks) else 1
        return len(pdf.pages) // per_sheet, [least_sheets(d, paper) for d in decks]


@pytest.mark.parametrize("name", ["blorg", "cave", "miskatonic", "default", "art", "editions"])
def test_cards_take_the_least_sheets_possible_and_letter_no_more_than_a4(name, starters):
    """Every bundled game's and starter's cards take the least sheets any arrangement could on A4 and on
    Letter, counted in the PDF against a bound worked out here (the cave game's 62 cards: 7 sheets on
    Letter as on A4, where they once took 11); Letter then takes no more sheets than A4."""
    game_dir = EXAMPLES / name if (EXAMPLES / name).is_dir() else starters / name
    used = {}
    for paper in PAPERS:
        sheets, least = sheets_in_pdf(game_dir, paper)
        assert sheets == sum(least), (name, paper)
        used[paper] = sheets
    assert used["letter"] <= used["a4"]


def test_the_bound_of_a_deck_with_pictures_at_its_edges_keeps_gutters():
    assert most_cards(201 + 2, 264 + 2, 63 + 2, 88 + 2) == 8  # poker cards 2 mm apart on Letter: 2 × 4 turned
    assert most_cards(201, 264, 63, 88) == 9


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


def test_the_build_summary_gives_the_sheets_against_the_least_possible(run_cli, mini_game, tmp_path):
    """11 poker cards: two sheets on A4, the least possible; on A5 (four a sheet) three."""
    result = run_cli("build", mini_game, "--out", tmp_path / "out")
    assert "cards: 2 sheets (the least possible: 2)" in result.output, result.output
    result = run_cli("build", mini_game, "--out", tmp_path / "a5", "--paper", "a5")
    assert "cards: 3 sheets (the least possible: 3)" in result.output, result.output
