"""A deck on paper: home-printer sheets (duplex, gutterfold), the print-shop file, the calibration page, SVGs."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.kinds.deck.face import FaceDrawer
from pnp.geometry.impose import back_placement, card_grid, crop_marks, fill_order, gutterfold_layout
from pnp.geometry.paper import paper_size
from pnp.kinds.deck.loading import ResolvedDeck
from pnp.models.units import mm

MARK_COLOR = "#000000"
MARK_WIDTH = 0.4
GUIDE_COLOR = "#9e9e9e"


@dataclass(frozen=True)
class PageOptions:
    paper: str = "a4"
    duplex: str = "long"  # long, short, gutterfold, none
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to backs pages
    gutter: tuple[float, float] = (0.0, 0.0)  # across, down, in points; 0 = cards abut and share a cut
    grouped: bool = False  # alike edges together: cards sorted by `edge_keys`, filling abutting runs first


def edges_differ(deck: ResolvedDeck) -> bool:
    """Whether two cards of the deck can differ in colour along their edges, so that abutting
    them would show one card's colour on the other after a slightly missed cut.

    A face's edge is its layout's background (white when none) unless a shape or an image
    box reaches the trim edge; a box colour or picture that depends on the card's fields
    counts as differing (it may, and the gutter only costs paper). A picture or a gradient
    that reaches the trim never matches: one card's left edge would meet its neighbour's
    right edge, so the art would jump at the cut even on identical cards."""
    for side in ("front", "back"):
        for face, _card_id, _count in deck.face_groups(side).values():
            if any(_varies_along_edge(rb.box) and _reaches_edge(rb.box, deck.width, deck.height)
                   for rb in face.boxes):
                return True  # fronts neighbour fronts on a sheet, backs neighbour backs
        seen: set = set()
        # faces sharing their boxes (a layout's, not overridden) and background share an edge, unless it varies
        for face, card_id, count in deck.face_groups(side).values():
            signature = _edge_signature(face, deck, card_id)
            if count > 1 and any(isinstance(c, tuple) for c in signature[1]):  # ("varies", card): each card its own
                return True
            seen.add(signature)
            if len(seen) > 1:
                return True
    return False


def _edge_signature(face, deck: ResolvedDeck, card_id: str) -> tuple:
    covering = []
    for rb in face.boxes:
        box = rb.box
        if box.type not in ("shape", "image") or not _reaches_edge(box, deck.width, deck.height):
            continue
        paint = box.fill if box.type == "shape" else box.src
        if paint is None:
            continue
        paint = str(paint)
        covering.append(paint if "{{" not in paint and rb.box.show_if is None else ("varies", card_id))
    return (face.layout.background or "#ffffff", tuple(covering))


def _varies_along_edge(box) -> bool:
    """A picture, or a shape filled with a gradient: its colour changes from one edge to the other."""
    if box.type == "image":
        return box.src is not None
    return box.type == "shape" and box.fill is not None and not isinstance(box.fill, str)


def _reaches_edge(box, width: float, height: float) -> bool:
    def size(value, total: float) -> float:
        return value[1] * total if isinstance(value, list) else float(value)

    x, y = size(box.x, width), size(box.y, height)
    w, h = size(box.width, width), size(box.height, height)
    near = mm(0.5)
    return x <= near or y <= near or x + w >= width - near or y + h >= height - near


def edge_keys(deck: ResolvedDeck) -> list[tuple] | None:
    """Each physical card's edges (in `expanded()` order) as a key: cards with equal keys look
    alike along every edge of both faces, so they may share a cut. None where no card may share
    a cut with another that differs: a picture or a gradient reaching some card's trim, or a deck
    kept as table rows (too large to sort)."""
    from pnp.kinds.deck.cards import DeckCards

    if isinstance(deck.cards, DeckCards):
        return None
    keys = []
    for entry in deck.cards:
        faces = [f for f in (entry.front, entry.back) if f is not None]
        if any(_varies_along_edge(rb.box) and _reaches_edge(rb.box, deck.width, deck.height)
               for face in faces for rb in face.boxes):
            return None
        key = tuple(_edge_signature(face, deck, entry.id) for face in faces)
        varies = any(isinstance(c, tuple) for sig in key for c in sig[1])  # a colour written per card
        keys += [(key, copy) if varies else (key, 0) for copy in range(1, entry.count + 1)]
    return keys


def grouped_order(deck: ResolvedDeck) -> list[tuple[int, int]]:
    """The deck's (card index, copy) pairs with cards of alike edges together, each group where
    its first card stands (a stable sort: within a group, the deck's order)."""
    keys = edge_keys(deck) or []
    pairs = [(i, copy) for i in range(len(deck.cards)) for copy in range(1, deck.copies(i) + 1)]
    first: dict = {}
    for key in keys:
        first.setdefault(key, len(first))
    if len(keys) != len(pairs):
        return pairs
    return [pair for _, pair in sorted(zip((first[k] for k in keys), pairs), key=lambda t: t[0])]


def draw_marks(surface, marks) -> None:
    for m in marks:
        surface.line(m.x1, m.y1, m.x2, m.y2, stroke=MARK_COLOR, width=MARK_WIDTH)


class Imposition:
    """Where a deck's cards go on home-printer sheets, worked out once: which cards each sheet
    holds (`sheets()`), how many pages a sheet takes, and drawing one sheet (`draw`).

    Sheets are independent of one another, so any run of them can be drawn into its own
    document (`pnp.kinds.deck.page_chunks` draws runs in parallel)."""

    def __init__(self, deck: ResolvedDeck, opts: PageOptions):
        self.deck, self.opts = deck, opts
        self.page_w, self.page_h = paper_size(opts.paper)
        if opts.duplex == "gutterfold":
            self.fold = gutterfold_layout(self.page_w, self.page_h, deck.width, deck.height, deck.bleed)
            self.per_sheet, self.pages_per_sheet = len(self.fold.fronts), 1
        else:
            self.fold = None
            self.grid = card_grid(self.page_w, self.page_h, deck.width, deck.height, deck.bleed, gutter=opts.gutter)
            self.with_backs = opts.duplex in ("long", "short") and deck.double_sided
            self.per_sheet, self.pages_per_sheet = self.grid.per_page, 2 if self.with_backs else 1
        # a column of abutting cards between gutters is filled first, so alike cards share its cuts
        gx, gy = opts.gutter
        self.down_first = self.fold is None and opts.grouped and gy == 0 < gx
        self.cells = fill_order(self.grid.cols, self.grid.rows, self.down_first) if self.fold is None else []

    def sheets(self) -> list[tuple]:
        """Each sheet as (its first card's index in the deck, that card's first copy on it, how many
        cards it holds): a plan of 50,000 cards holds none of them, and a large table's cards are made
        when their sheet is drawn (`cards_of`). A grouped plan (`PageOptions.grouped`, a deck of
        resolved cards) lists each sheet's (card index, copy) pairs instead."""
        deck, per_sheet = self.deck, self.per_sheet
        if self.opts.grouped and self.fold is None:
            order = grouped_order(deck)
            return [tuple(order[k:k + per_sheet]) for k in range(0, len(order), per_sheet)]
        out: list[tuple[int, int, int]] = []
        start, held = None, 0
        for i in range(len(deck.cards)):
            for copy in range(1, deck.copies(i) + 1):
                if start is None:
                    start = (i, copy)
                held += 1
                if held == per_sheet:
                    out.append((*start, held))
                    start, held = None, 0
        if start is not None:
            out.append((*start, held))
        return out

    def cards_of(self, sheet: tuple[int, int, int]) -> list[tuple]:
        """The (entry, copy) pairs of a sheet from `sheets()`, in order."""
        cards = self.deck.cards
        if sheet and isinstance(sheet[0], tuple):
            return [(cards[i], copy) for i, copy in sheet]
        i, copy, n = sheet
        out: list[tuple] = []
        entry = cards[i]
        while True:
            while copy <= entry.count and len(out) < n:
                out.append((entry, copy))
                copy += 1
            if len(out) == n:
                return out
            i, copy = i + 1, 1
            entry = cards[i]

    def draw(self, surface, drawer: FaceDrawer, cards: list[tuple]) -> int:
        """One sheet (its fronts page, then its backs page when it has one); returns the pages drawn."""
        if self.fold is not None:
            gf = self.fold
            surface.begin_page(gf.page_w, gf.page_h)
            for (entry, copy), f, b in zip(cards, gf.fronts, gf.backs):
                drawer.draw(surface, entry.front, entry, copy, f.x, f.y, f.rotation, f.bleed)
                if entry.back:
                    drawer.draw(surface, entry.back, entry, copy, b.x, b.y, b.rotation, b.bleed)
            draw_marks(surface, crop_marks(gf.grid, len(cards)))
            draw_marks(surface, _mirror_marks(crop_marks(gf.grid, len(cards)), gf))
            x1, y1, x2, y2 = gf.fold
            surface.line(x1, y1, x2, y2, stroke=GUIDE_COLOR, width=0.5, dash=[4, 3])
            _fold_label(surface, gf)
            surface.end_page()
            return 1
        grid, opts = self.grid, self.opts
        surface.begin_page(self.page_w, self.page_h)
        for i, (entry, copy) in enumerate(cards):
            p = grid.placement(self.cells[i])
            drawer.draw(surface, entry.front, entry, copy, p.x, p.y, 0, p.bleed)
        draw_marks(surface, crop_marks(grid, len(cards), self.down_first))
        surface.end_page()
        if not self.with_backs:
            return 1
        surface.begin_page(self.page_w, self.page_h)
        for i, (entry, copy) in enumerate(cards):
            if entry.back is None:
                continue
            b = back_placement(grid, grid.placement(self.cells[i]), opts.duplex, opts.back_offset)
            drawer.draw(surface, entry.back, entry, copy, b.x, b.y, b.rotation, b.bleed)
        surface.end_page()
        return 2


def card_pages(surface, deck: ResolvedDeck, drawer: FaceDrawer, opts: PageOptions, after_sheet=None) -> int:
    """Impose every card of a deck on sheets; returns the number of pages drawn.

    `after_sheet(cards)` is called with each sheet's cards once they are drawn, so
    another file (the print-shop PDF) can draw the same faces while their laid-out
    text is still cached.
    """
    imposition = Imposition(deck, opts)
    pages = 0
    for sheet in imposition.sheets():
        cards = imposition.cards_of(sheet)
        pages += imposition.draw(surface, drawer, cards)
        if after_sheet:
            after_sheet(cards)
    return pages


def _mirror_marks(marks, gf):
    """The fronts' crop marks reflected across the fold, for the backs' half."""
    from pnp.geometry.impose import Mark

    x1, y1, x2, y2 = gf.fold
    if x1 == x2:  # vertical fold
        return [Mark(2 * x1 - m.x1, m.y1, 2 * x1 - m.x2, m.y2) for m in marks]
    return [Mark(m.x1, 2 * y1 - m.y1, m.x2, 2 * y1 - m.y2) for m in marks]


def _fold_label(surface, gf) -> None:
    x1, y1, x2, y2 = gf.fold
    if x1 == x2:
        surface.text(x1, y1 - mm(1), "fold", font="sans", size=6, fill=GUIDE_COLOR, anchor="middle")
    else:
        surface.text(x1, y1 - mm(1), "fold", font="sans", size=6, fill=GUIDE_COLOR, anchor="start")


def printshop(surface, deck: ResolvedDeck, drawer: FaceDrawer, cards=None, least_bleed: float = 0.0) -> int:
    """One face per page, page = trim + bleed, TrimBox and BleedBox set, no marks; front then back.

    `cards` limits it to some (entry, copy) pairs; by default every card of the deck. With `least_bleed`
    (the home print-shop file's 3 mm) a deck with less bleed of its own gets the rest from its faces'
    outermost art stretched out (`pnp.render.pieces.stretched_into_bleed`).
    """
    B = max(deck.bleed, least_bleed)
    own = deck.bleed
    w, h = deck.width + 2 * B, deck.height + 2 * B
    pages = 0
    for entry, copy in (deck.expanded() if cards is None else cards):
        for face in (entry.front, entry.back):
            if face is None:
                continue
            surface.begin_page(w, h)
            surface.set_print_boxes((B, B, deck.width, deck.height), (0, 0, w, h))
            if B - own > 1e-6:
                from pnp.render.pieces import stretched_into_bleed

                def draw(s, face=face, entry=entry, copy=copy):
                    drawer.draw(s, face, entry, copy, own, own, 0, (own,) * 4)

                stretched_into_bleed(surface, deck.width, deck.height, own, draw, B - own)
            else:
                drawer.draw(surface, face, entry, copy, B, B, 0, (B, B, B, B))
            surface.end_page()
            pages += 1
    return pages


def face_svg(surface, deck: ResolvedDeck, drawer: FaceDrawer, face, entry, copy: int = 1) -> None:
    """One face with its full bleed as its own page (for SVG export and cutters)."""
    B = deck.bleed
    surface.begin_page(deck.width + 2 * B, deck.height + 2 * B)
    drawer.draw(surface, face, entry, copy, B, B, 0, (B, B, B, B))
    surface.end_page()


def cut_line_svg(surface, deck: ResolvedDeck) -> None:
    """The card's cut path (trim with its rounded corners) on a face-sized page, for cutting machines."""
    B = deck.bleed
    surface.begin_page(deck.width + 2 * B, deck.height + 2 * B)
    surface.rect(B, B, deck.width, deck.height, stroke="#ff00ff", width=0.25, radius=deck.corner_radius)
    surface.end_page()
