"""Which imposition a deck's cards get on home-printer sheets, and the paper it costs.

With `gutter: auto` two plans are weighed: gutters on both axes (every card keeps bleed all
round; an axis without room for one takes a card fewer), and gutters only where they cost no
card, the cards abutting on the other axis with alike edges sorted together (`grouped`). The
plan with the fewest sheets wins; on a tie, the one with fewer cuts shared by cards whose edges
differ, then the one holding more cards a sheet. Cards whose edges carry a picture or a gradient
never share a cut. `SheetsUsed` is the figure the build summary prints: sheets used against the
least any arrangement of the cards on that paper could use (`pnp.geometry.impose.least_sheets`).
"""
from __future__ import annotations

from dataclasses import replace

from pnp.geometry.impose import SheetsUsed, auto_gutters, least_sheets, sharing_gutters
from pnp.geometry.paper import paper_size
from pnp.kinds.deck.loading import ResolvedDeck
from pnp.kinds.deck.pages import Imposition, PageOptions, edge_keys, edges_differ, grouped_order
from pnp.models.units import mm

LEAST_GUTTER = mm(2)  # the narrowest gutter that keeps two cards' bleeds apart (1 mm each)


def sheet_options(deck: ResolvedDeck, base: PageOptions, gutter) -> PageOptions:
    """`base` with the gutters and order this deck's sheets use: `gutter` is "auto", or a width in
    points the designer chose (then the cards stand that far apart in the deck's own order)."""
    if base.duplex == "gutterfold":
        return replace(base, gutter=(0.0, 0.0))
    if gutter != "auto":
        return replace(base, gutter=(gutter, gutter))
    if not edges_differ(deck):
        return replace(base, gutter=(0.0, 0.0))
    page_w, page_h = paper_size(base.paper)
    strict = replace(base, gutter=auto_gutters(page_w, page_h, deck.width, deck.height, deck.bleed, LEAST_GUTTER))
    if edge_keys(deck) is None:
        return strict
    sharing = replace(base, gutter=sharing_gutters(page_w, page_h, deck.width, deck.height, deck.bleed,
                                                   LEAST_GUTTER), grouped=True)
    if sharing.gutter == strict.gutter:
        return strict

    def cost(opts: PageOptions) -> tuple[int, int, int]:
        imposition = Imposition(deck, opts)
        return len(imposition.sheets()), differing_cuts(imposition), -imposition.per_sheet

    return min((strict, sharing), key=cost)


def differing_cuts(imposition: Imposition) -> int:
    """How many cuts between two abutting cards whose edges differ the imposition asks for."""
    if not imposition.opts.grouped:
        return 0
    keys = dict(zip(grouped_order(imposition.deck), _sorted_keys(imposition.deck)))
    grid, (gx, gy) = imposition.grid, imposition.opts.gutter
    count = 0
    for sheet in imposition.sheets():
        at = {imposition.cells[k]: keys[pair] for k, pair in enumerate(sheet)}
        for cell, key in at.items():
            r, c = divmod(cell, grid.cols)
            right, below = at.get(cell + 1) if c + 1 < grid.cols else None, at.get(cell + grid.cols)
            count += (gx == 0 and right is not None and right != key) + (gy == 0 and below is not None and below != key)
    return count


def _sorted_keys(deck: ResolvedDeck) -> list:
    keys = edge_keys(deck) or []
    first: dict = {}
    for key in keys:
        first.setdefault(key, len(first))
    return sorted(keys, key=lambda k: first[k])


def sheets_used(deck: ResolvedDeck, opts: PageOptions) -> SheetsUsed:
    """The sheets this deck takes with `opts`, against the least possible on that paper: cards
    that may share cuts abut in the bound, the others stand `LEAST_GUTTER` apart."""
    imposition = Imposition(deck, opts)
    count = sum(deck.copies(i) for i in range(len(deck.cards)))
    page_w, page_h = paper_size(opts.paper)
    if opts.duplex == "gutterfold":
        # fronts and backs share each sheet: the bound places every face
        least = least_sheets(2 * count, page_w, page_h, deck.width, deck.height)
    else:
        apart = edges_differ(deck) and edge_keys(deck) is None
        least = least_sheets(count, page_w, page_h, deck.width, deck.height, LEAST_GUTTER if apart else 0.0)
    return SheetsUsed(len(imposition.sheets()), least)
