"""`kind: deck` — card decks: sheets for home printers, the print-shop file, calibration, SVG faces."""
from __future__ import annotations

from pnp.errors import Pos
from pnp.kinds.kind import KindOption, fit_at
from pnp.spec.deck import Deck
from pnp.spec.deckload import load_deck

KIND = "deck"
MODEL = Deck
OPTIONS = (
    KindOption("--duplex", "duplex", str, None, "long, short, gutterfold or none (default: long)."),
    KindOption("--back-offset", "back_offset", str, None, "Shift every back by X,Y mm (read it off calibration.pdf)."),
)


def load(game, path, raw):
    return load_deck(path, game.dir, game.errors, game.shared_layouts, game.assets.icon_names(), raw=raw)


def drawer_for(game, deck):
    from pnp.render.cards import FaceDrawer

    return FaceDrawer(deck, game.assets, game.errors)


def check_fits_paper(game, deck, paper: str, duplex: str) -> None:
    """A card too large for the paper is a spec error at the deck's `size`, not a crash."""
    from pnp.layout.impose import card_grid, gutterfold_layout
    from pnp.layout.paper import paper_size

    raw = deck.raw if deck.raw is not None else Pos(deck.shown)
    with fit_at(game, raw, ["size"], f"deck '{deck.name}' ({paper}{', gutterfold' if duplex == 'gutterfold' else ''}): "
                                     "make the cards smaller or print on larger paper"):
        card_grid(*paper_size(paper), deck.width, deck.height, deck.bleed)
        if duplex == "gutterfold":
            gutterfold_layout(*paper_size(paper), deck.width, deck.height, deck.bleed)


def build(game, components, options) -> dict:
    from pnp.render.calibration import calibration
    from pnp.render.card_pages import SheetOptions, cut_line_svg, card_pages, face_svg, printshop
    from pnp.draw.pdf import ChunkedPdfSurface, PdfSurface
    from pnp.draw.svg import SvgSurface

    decks = [c.model for c in components]
    if not decks:
        return {}
    for c in components:
        check_fits_paper(game, c.model, options.paper, options.duplex)
    svg_names = svg_file_names(game, decks) if "svg" in options.formats else {}
    game.errors.raise_if_any()
    for c in components:  # drawing needs only the resolved faces: free the positioned YAML tree first
        c.raw = c.model.raw = None
    title = game.game.title if game.game else game.name
    out: dict = {}
    sheet_opts = SheetOptions(options.paper, options.duplex, options.back_offset)
    drawers = {id(d): drawer_for(game, d) for d in decks}
    if "pdf" in options.formats:
        sheets = ChunkedPdfSurface(title=f"{title} — cards", subject=f"{options.paper}, duplex {options.duplex}")
        shop = ChunkedPdfSurface(title=f"{title} — cards for a print shop")
        for deck in decks:  # both files sheet by sheet, so each face's text is laid out once
            drawer = drawers[id(deck)]
            card_pages(sheets, deck, drawer, sheet_opts,
                        after_sheet=lambda cards, deck=deck, drawer=drawer: printshop(shop, deck, drawer, cards))
        game.errors.raise_if_any()
        out["cards.pdf"] = sheets.finish()
        out["cards-printshop.pdf"] = shop.finish()
        first = decks[0]
        cal = PdfSurface(title=f"{title} — duplex calibration")
        calibration(cal, first.width, first.height, first.bleed, options.paper,
                    options.duplex if options.duplex in ("long", "short") else "long")
        out["calibration.pdf"] = cal.finish()
    if "svg" in options.formats:
        for deck in decks:
            for entry in deck.cards:
                for side, face in (("front", entry.front), ("back", entry.back)):
                    if face is None:
                        continue
                    svg = SvgSurface(title=f"{title}: {entry.id} ({side})")
                    face_svg(svg, deck, drawers[id(deck)], face, entry)
                    out[svg_names[id(entry), side]] = svg.finish()[0]
            cut = SvgSurface(title=f"{title}: cut line of a {deck.name} card")
            cut_line_svg(cut, deck)
            out[svg_names[id(deck), "cut"]] = cut.finish()[0]
        game.errors.raise_if_any()
    return out


def svg_file_names(game, decks) -> dict[tuple[int, str], str]:
    """`svg/<deck>/<card>-<side>.svg` and `svg/<deck>/cut-line.svg` for every deck, with the deck name
    and card id made safe file names (`pnp.safename.slug`); a clash is a located error."""
    from pnp.safename import OutputNames, shown, slug
    from pnp.spec.load import locate

    names = OutputNames(game.errors)
    out: dict[tuple[int, str], str] = {}
    for deck in decks:
        folder = f"svg/{slug(deck.name, 'deck')}"
        where = locate(deck.raw, ["name"]) if deck.raw is not None and "name" in deck.raw else Pos(deck.shown)
        out[id(deck), "cut"] = names.add(f"{folder}/cut-line.svg", where, f"deck {shown(deck.name)}")
        for entry in deck.cards:
            for side, face in (("front", entry.front), ("back", entry.back)):
                if face is not None:
                    out[id(entry), side] = names.add(f"{folder}/{slug(entry.id, 'card')}-{side}.svg", entry.pos,
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


def rulebook_items(game, component) -> None:
    """No lines of its own: the rulebook writes its generic line."""
    return None


def pieces(game, component) -> list:
    """Every physical card (each copy its own piece, since a template may print the copy number),
    drawn by the deck's own face drawer: front, then back when the card has one."""
    from pnp.kinds.kind import Piece

    deck = component.model
    drawer = drawer_for(game, deck)
    b = deck.bleed
    backs = {id(e.back) for e in deck.cards if e.back is not None}
    shared = len(backs) == 1 and all(e.back is not None for e in deck.cards)
    out = []
    for entry, copy in deck.expanded():
        faces = tuple(_face_drawer(drawer, face, entry, copy, b) for face in (entry.front, entry.back) if face is not None)
        fields = {k: v for k, v in entry.front.fields.items() if isinstance(v, (str, int, float, bool))}
        name = str(fields.get("name") or fields.get("title") or entry.id)
        description = "\n".join(f"{k}: {v}" for k, v in fields.items() if k not in ("name", "title") and v not in ("", None))
        out.append(Piece(name=name, what="card", component=deck.name, width=deck.width, height=deck.height,
                         bleed=b, count=1, faces=faces, shape="rounded" if deck.corner_radius else "rect",
                         radius=deck.corner_radius, description=description,
                         key=entry.id if entry.count == 1 else f"{entry.id}-{copy}", shared_back=shared,
                         facts={"id": entry.id, "copy": copy, **fields}))
    return out


def _face_drawer(drawer, face, entry, copy: int, b: float):
    return lambda surface: drawer.draw(surface, face, entry, copy, b, b, 0, (b, b, b, b))
