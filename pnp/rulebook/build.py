"""The rulebook stage of a build: rules.md + the game's specs + its other outputs → rulebook PDFs."""
from __future__ import annotations

from pnp.rulebook.document import PAGES, render_pdf
from pnp.rulebook.language import compile_rules

# The rulebook's page on each paper a build takes: a book is read at A4 or Letter size, so the
# large papers (a card sheet's A3 or Tabloid) print it on the size they halve, and Legal, a Letter
# printer's paper, on Letter. Its booklet: A5 or half-Letter pages imposed two-up on the A4 or Letter
# sheet they halve (an A6 booklet page is too small for the card figures, so A5 paper takes A4's).
READING_PAGE = {"a4": "a4", "letter": "letter", "a5": "a5", "a3": "a4", "tabloid": "letter", "legal": "letter"}
BOOKLET_SHEET = {"a4": "a4", "letter": "letter", "a5": "a4"}
HALF = {"a4": "a5", "letter": "half-letter"}


def build_rulebook(game, options, files: dict) -> dict[str, bytes]:
    """`rulebook.pdf` on the build's paper; with `options.booklet` also `rulebook-booklet.pdf`
    (half-size pages imposed two-up on the same paper turned landscape); with `--format html` also
    `rulebook.html`, from the same compiled document."""
    paper = READING_PAGE.get(str(options.paper), "a4")
    compiled = compile_rules(game, files, game.rules_name or (game.game.rules if game.game and game.game.rules else "rules.md"))
    out = {"rulebook.pdf": _laid_out(game, lambda: render_pdf(game, compiled, PAGES[paper]))}
    if options.booklet:
        from pnp.rulebook.booklet import impose

        chapters: list[tuple[int, bool]] = []
        sheet = BOOKLET_SHEET[paper]
        half = _laid_out(game, lambda: render_pdf(game, compiled, PAGES[HALF[sheet]], body_size=9.0, chapters=chapters))
        w, h = PAGES[sheet]
        # blank pages go before the last chapter when it opens a page (a reference stays whole at the back)
        last, opens_page = chapters[-1] if chapters else (0, False)
        out["rulebook-booklet.pdf"] = impose(half, (h, w), tail=last if opens_page else None)
    if "html" in options.formats:
        from pnp.rulebook.html import render_html

        out["rulebook.html"] = render_html(game, compiled)
    return out


def _laid_out(game, make):
    """reportlab's own refusals (a row of cards or a figure no page can hold, a picture of no size) as an
    error at the rulebook, never a traceback."""
    from reportlab.platypus.doctemplate import LayoutError

    from pnp.errors import Pos, SpecError, SpecErrors, display_path

    try:
        return make()
    except (LayoutError, ValueError, ZeroDivisionError) as e:
        what = str(e).split(":")[-1].strip()[:200] if isinstance(e, ValueError) else "something is larger than a page"
        raise SpecErrors([SpecError(Pos(display_path(game.rules_path)), f"the rulebook cannot be laid out: {what} "
                                    "(a figure, a row of cards or a table too large for a page, or of no size)")])
