"""`kind: deck` — card decks: sheets for home printers, the print-shop file, calibration, SVG faces."""
from __future__ import annotations

from pnp.spec.deck import Deck
from pnp.spec.deckload import load_deck

KIND = "deck"
MODEL = Deck


def load(game, path, raw):
    return load_deck(path, game.dir, game.errors, game.shared_layouts, game.assets.icon_names(), raw=raw)


def drawer_for(game, deck):
    from pnp.components.cards import FaceDrawer

    return FaceDrawer(deck, game.assets, game.errors)


def build(game, components, options) -> dict:
    from pnp.components.calibration import calibration
    from pnp.components.deck_sheets import SheetOptions, cut_line_svg, deck_sheets, face_svg, printshop
    from pnp.draw.pdf import ChunkedPdfSurface, PdfSurface
    from pnp.draw.svg import SvgSurface

    decks = [c.model for c in components]
    if not decks:
        return {}
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
            deck_sheets(sheets, deck, drawer, sheet_opts,
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
                    out[f"svg/{deck.name}/{entry.id}-{side}.svg"] = svg.finish()[0]
            cut = SvgSurface(title=f"{title}: cut line of a {deck.name} card")
            cut_line_svg(cut, deck)
            out[f"svg/{deck.name}/cut-line.svg"] = cut.finish()[0]
        game.errors.raise_if_any()
    return out


def validate(game, deck) -> None:
    """Resolve every face's templates, conditions and icons (no drawing)."""
    drawer = drawer_for(game, deck)
    for entry in deck.cards:
        for face in (entry.front, entry.back):
            if face is not None:
                drawer.prepare(face, entry, 1)
