"""`kind: deck` — card decks: sheets for home printers, the print-shop file, calibration, SVG faces."""
from __future__ import annotations

from pnp.errors import Pos
from pnp.kinds import values
from pnp.kinds.kind import KindOption, fit_at
from pnp.render.pieces import HOME_BLEED

KIND = "deck"
OPTIONS = (
    KindOption("--back-offset", "back_offset", str, (0.0, 0.0), "Shift every back by X,Y mm (read it off calibration.pdf).",
               parse=values.back_offset),
    KindOption("--gutter", "gutter", str, None, "Space between cards on the sheets: a length such as 3mm, 0 to "
                                                 "let them abut, or auto (default: the game's, else auto).",
               parse=values.gutter),
)
SHARED = False
RULEBOOK_NAME = "decks"  # rules.md reads `decks.<name>`
OFFERS = frozenset({"cards"})


def model() -> type:
    from pnp.kinds.deck.models import Deck

    return Deck


def load(game, path, raw):
    from pnp.kinds.deck.loading import load_deck

    deck = load_deck(path, game.dir, game.errors, _shared_layouts(game), game.assets.icon_names(), raw=raw)
    if deck is not None and game.game is not None:
        deck.parameters = game.game.parameter_values()  # the rules' numbers, for card templates
    return deck


def drawer_for(game, deck):
    return card_drawer(game, deck, game.errors)


def card_drawer(game, deck, errors):
    """The face drawer of the deck's cards (`FaceDrawer`: `prepare` a face's boxes, draw it), its
    troubles going to `errors` (the "cards" offer, `pnp.kinds.kind.OFFERINGS`)."""
    from pnp.kinds.deck.face import FaceDrawer

    return FaceDrawer(deck, game.assets, errors)


def printed_faces(game, component, limit: int):
    """The deck's faces as printed, for the referee (`pnp.kinds.printedface.CardFaces`; the "cards" offer)."""
    from pnp.kinds.deck.printedfaces import printed_faces as faces

    return faces(game, component, limit)


def table_cells(game, component, limit: int):
    """(field name, value, place) of each cell of the first `limit` table rows the deck makes cards of
    (the "cards" offer): what the print-shop colour check reads of a spreadsheet."""
    from itertools import islice

    from pnp.errors import Collector
    from pnp.kinds.deck.rows import deck_rows

    deck = getattr(component.model, "spec", None)
    if deck is None or not getattr(deck, "data", None):
        return
    for row in islice(deck_rows(deck, game.dir, component.raw, Collector()), limit):
        for name, value in row.fields.items():
            yield name, value, row.pos_of(name)


def print_faces(surface, deck, drawer, entries) -> None:
    """Cards drawn as the deck's print-shop file draws them: a page per face, each card's front then
    its back; `entries` are (card, copy) pairs (the "cards" offer)."""
    from pnp.kinds.deck.pages import printshop

    printshop(surface, deck, drawer, entries)


def check_fits_paper(game, deck, paper: str, duplex: str, gutter: tuple[float, float] = (0.0, 0.0)) -> None:
    """A card too large for the paper is a spec error at the deck's `size`, not a crash."""
    from pnp.geometry.impose import card_grid, gutterfold_layout
    from pnp.geometry.paper import paper_size
    from pnp.models.units import to_mm

    raw = deck.raw if deck.raw is not None else Pos(deck.shown)
    spaced = f", {to_mm(gutter[0]):.1f} mm apart" if any(gutter) else ""
    with fit_at(game, raw, ["size"], f"deck '{deck.name}' ({paper}{', gutterfold' if duplex == 'gutterfold' else ''}"
                                     f"{spaced}): make the cards smaller, the gutter narrower or print on larger paper"):
        card_grid(*paper_size(paper), deck.width, deck.height, deck.bleed, gutter=gutter)
        if duplex == "gutterfold":
            gutterfold_layout(*paper_size(paper), deck.width, deck.height, deck.bleed)


def sheet_gutter(game, deck, options):
    """The gutter asked for this deck's cards on home-printer sheets: `--gutter`, else the game's
    `print: gutter`, else "auto" (`pnp.kinds.deck.sheetplan.sheet_options` weighs the plans); a
    width in points otherwise."""
    from pnp.models.units import parse_length

    value = options.gutter if options.gutter is not None else (game.game.print.gutter if game.game else "auto")
    if value == "auto":
        return "auto"
    return parse_length(value) if isinstance(value, str) else float(value)  # the flag was checked where given


def build(game, components, options) -> dict:
    from pnp.kinds.deck.calibration import calibration
    from pnp.kinds.deck.pages import Imposition, PageOptions, cut_line_svg, card_pages, face_svg, printshop
    from pnp.draw.pdf import ChunkedPdfSurface, PdfSurface
    from pnp.draw.svg import SvgSurface
    from pnp.kinds.deck.page_chunks import sheets_and_shop
    from pnp.kinds.deck.sheetplan import sheet_options, sheets_used

    decks = [c.model for c in components]
    if not decks:
        return {}
    base = PageOptions(options.paper, options.duplex, options.back_offset)
    for c in components:
        gutter = sheet_gutter(game, c.model, options)  # an auto gutter is chosen to fit; a designer's may not
        check_fits_paper(game, c.model, options.paper, options.duplex, (0.0, 0.0) if gutter == "auto" else (gutter, gutter))
    game.errors.raise_if_any()
    plans = {id(c.model): sheet_options(c.model, base, sheet_gutter(game, c.model, options)) for c in components}
    game.sheets_used["cards.pdf"] = tuple(sheets_used(c.model, plans[id(c.model)]) for c in components)
    svg_names = svg_file_names(game, decks) if "svg" in options.formats else {}
    game.errors.raise_if_any()
    for c in components:  # drawing needs only the resolved faces: free the positioned YAML tree first
        c.raw = c.model.raw = None
    title = game.game.title if game.game else game.name
    out: dict = {}
    drawers = {id(d): drawer_for(game, d) for d in decks}
    drawn: dict = {}  # files this process draws while the workers draw the sheets

    def draw_calibration() -> None:
        first = decks[0]
        cal = PdfSurface(title=f"{title} — duplex calibration")
        calibration(cal, first.width, first.height, first.bleed, options.paper,
                    options.duplex if options.duplex in ("long", "short") else "long")
        drawn["calibration.pdf"] = cal.finish()

    if "pdf" in options.formats and all(sheets_draw_every_face(deck, options.duplex) for deck in decks):
        # every face the print-shop file shows is on the sheets: draw each once, as a form both files place
        impositions = [Imposition(deck, plans[id(deck)]) for deck in decks]
        out["cards.pdf"], out["cards-printshop.pdf"] = sheets_and_shop(
            game, impositions, drawers, {"title": f"{title} — cards", "subject": f"{options.paper}, duplex {options.duplex}"},
            f"{title} — cards for a print shop", spool_in=options.out, meanwhile=draw_calibration)
    elif "pdf" in options.formats:  # some backs are only in the print-shop file: draw it sheet by sheet beside the sheets
        sheets = ChunkedPdfSurface(title=f"{title} — cards", subject=f"{options.paper}, duplex {options.duplex}")
        shop = ChunkedPdfSurface(title=f"{title} — cards for a print shop")
        for deck in decks:
            drawer = drawers[id(deck)]
            after = lambda cards, deck=deck, drawer=drawer: printshop(shop, deck, drawer, cards, HOME_BLEED)  # noqa: E731
            card_pages(sheets, deck, drawer, plans[id(deck)], after_sheet=after)
        game.errors.raise_if_any()
        out["cards.pdf"] = sheets.finish()
        out["cards-printshop.pdf"] = shop.finish()
    if "pdf" in options.formats:
        if "calibration.pdf" not in drawn:
            draw_calibration()
        out["calibration.pdf"] = drawn["calibration.pdf"]
    if "svg" in options.formats:
        for deck in decks:
            for i, entry in enumerate(deck.cards):
                for side, face in (("front", entry.front), ("back", entry.back)):
                    if face is None:
                        continue
                    svg = SvgSurface(title=f"{title}: {entry.id} ({side})")
                    face_svg(svg, deck, drawers[id(deck)], face, entry)
                    out[svg_names[id(deck), i, side]] = svg.finish()[0]
            cut = SvgSurface(title=f"{title}: cut line of a {deck.name} card")
            cut_line_svg(cut, deck)
            out[svg_names[id(deck), "cut"]] = cut.finish()[0]
        game.errors.raise_if_any()
    return out


def sheets_draw_every_face(deck, duplex) -> bool:
    """Whether the sheets draw every face the print-shop file draws (backs too) as it draws them, so that
    the print-shop file can be made from the forms the sheets drew (`pnp.kinds.deck.shop_from_pages`):
    not when the deck's bleed is under the print-shop file's 3 mm."""
    if deck.bleed < HOME_BLEED - 1e-6:  # the print-shop file draws its faces with more bleed than the sheets
        return False
    return duplex == "gutterfold" or (duplex in ("long", "short") and deck.double_sided) or not deck.double_sided


def svg_file_names(game, decks) -> dict[tuple, str]:
    """`svg/<deck>/<card>-<side>.svg` and `svg/<deck>/cut-line.svg` for every deck, with the deck name
    and card id made safe file names (`pnp.safename.slug`); a clash is a located error."""
    from pnp.safename import OutputNames, shown, slug
    from pnp.reading.load import locate

    names = OutputNames(game.errors)
    out: dict[tuple[int, str], str] = {}
    for deck in decks:
        folder = f"svg/{slug(deck.name, 'deck')}"
        where = locate(deck.raw, ["name"]) if deck.raw is not None and "name" in deck.raw else Pos(deck.shown)
        out[id(deck), "cut"] = names.add(f"{folder}/cut-line.svg", where, f"deck {shown(deck.name)}")
        for i, entry in enumerate(deck.cards):  # by the card's place: a large table's cards are made when asked for
            for side, face in (("front", entry.front), ("back", entry.back)):
                if face is not None:
                    out[id(deck), i, side] = names.add(f"{folder}/{slug(entry.id, 'card')}-{side}.svg", entry.pos,
                                                     f"card {shown(entry.id)}")
    return out


def validate(game, deck) -> None:
    """Resolve every face's templates, conditions and icons (no drawing), and check the cards fit the paper."""
    if game.game:
        check_fits_paper(game, deck, game.game.print.paper, game.game.print.duplex)
    drawer = drawer_for(game, deck)
    for entry in deck.cards:
        for face in (entry.front, entry.back):
            if face is not None:
                drawer.prepare(face, entry, 1)


def rulebook_items(game, component) -> list[str]:
    """The deck's line: its cards, title, size and how many of each sort of card."""
    from pnp.kinds.deck.rulebook import deck_line, deck_view

    return [deck_line(deck_view(component.model))]


def rulebook_view(game, component):
    """A `DeckView`: the cards with their fields, copies and totals, as plain data."""
    from pnp.kinds.deck.rulebook import deck_view

    return deck_view(component.model)


def pieces(game, component) -> list:
    """Every physical card (each copy its own piece, since a template may print the copy number),
    drawn by the deck's own face drawer: front, then back when the card has one."""
    from pnp.kinds.kind import Piece

    deck = component.model
    drawer = drawer_for(game, deck)
    b = deck.bleed
    cards = deck.cards  # every card has its own back face: a back is shared only by a deck of one card
    shared = len(cards) == 1 and cards[0].back is not None
    out = []
    for entry, copy in deck.expanded():
        faces = tuple(_face_drawer(drawer, face, entry, copy, b) for face in (entry.front, entry.back) if face is not None)
        fields = {k: v for k, v in entry.front.fields.items() if isinstance(v, (str, int, float, bool))}
        name = str(fields.get("name") or fields.get("title") or entry.id)
        description = readable_text(drawer, entry.front, entry, copy, name)
        out.append(Piece(name=name, what="card", component=deck.name, width=deck.width, height=deck.height,
                         bleed=b, count=1, faces=faces, shape="rounded" if deck.corner_radius else "rect",
                         radius=deck.corner_radius, description=description,
                         key=entry.id if entry.count == 1 else f"{entry.id}-{copy}", shared_back=shared,
                         facts={"id": entry.id, "copy": copy, **fields}))
    return out


def readable_text(drawer, face, entry, copy: int, name: str) -> str:
    """What a player reads on a card's front, for a tabletop tooltip: the text of its text and shape
    boxes and the names of the icons in its icon boxes, in layout order, as plain text (no `**` or
    `*`; an icon as `[its name]`), without the line that is the card's name. Fields that only steer
    the layout (a picture's name, a colour) are not text on the card, so they are not in it."""
    from pnp.models.icontext import plain_text as plain

    lines = []
    for prepared in drawer.prepare(face, entry, copy):
        if prepared.text is not None:
            line = " ".join(plain(prepared.text).split())
        elif prepared.icons:
            line = " ".join(f"[{n.replace('-', ' ')}]" for n in prepared.icons)
        else:
            continue
        if line and line.casefold() != name.casefold() and line not in lines:
            lines.append(line)
    return "\n".join(lines)


def _face_drawer(drawer, face, entry, copy: int, b: float):
    return lambda surface: drawer.draw(surface, face, entry, copy, b, b, 0, (b, b, b, b))


def _shared_layouts(game) -> dict:
    """The layouts of the game's `kind: layouts` files (loaded before any deck), by name."""
    out: dict = {}
    for c in game.of_kind("layouts"):
        out.update(c.model)
    return out


def counted(game, component) -> list:
    """What the deck's cards fix: how many cards it holds ("all 62 cards"), and how many show each
    choice of a field declared with `choices:` ("48 item cards")."""
    from pnp.kinds.kind import Counted, phrase_words

    deck = component.model
    if not hasattr(deck, "expanded"):
        return []
    title = deck.spec.title or deck.name
    fix = "the deck's cards fix it: print it from the deck"
    out = [Counted(title, deck.total, rule="card-count", what=f"the number of cards in deck '{title}'",
                   says=("shuffle all # cards", "all # cards share", "all # cards in the deck", "all # cards of the deck",
                         "# cards in the deck", "deck of # cards", "deck holds # cards", "deck has # cards",
                         "deck contains # cards"), fix=fix)]
    for name, d in (deck.field_defs or {}).items():
        if not d.choices:
            continue
        counts = {c: 0 for c in d.choices}
        for entry, _copy in deck.expanded():
            value = entry.front.fields.get(name) if entry.front else None
            if value in counts:
                counts[value] += 1
        for choice, n in counts.items():
            w = phrase_words(choice)
            if not w or not n:
                continue
            says = (f"# {w} cards in the deck", f"deck holds # {w} cards", f"deck has # {w} cards",
                    f"deck contains # {w} cards", f"deck of # {w} cards", f"# {w} cards in all")
            out.append(Counted(str(choice), n, rule="card-count",
                               what=f"the number of cards in deck '{title}' whose {name} is {choice}", says=says, fix=fix))
    return out
