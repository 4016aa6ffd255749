"""The rulebook stage of a build: rules.md + the game's specs + its other outputs → rulebook PDFs."""
from __future__ import annotations

from pnp.rulebook.document import PAGES, render_pdf
from pnp.rulebook.language import compile_rules
from pnp.rulebook.pagination import balanced, notes_places

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
    book = _laid_out(game, lambda: balanced(
        lambda size, fills: render_pdf(game, compiled, PAGES[paper], body_size=size, fills=fills), 9.5))
    out = {"rulebook.pdf": book.pdf}
    if options.booklet:
        from pnp.rulebook.booklet import impose

        sheet = BOOKLET_SHEET[paper]
        chapters: dict[float, list[tuple[int, bool]]] = {}  # each size's (page, opens it) of every chapter

        def half(size, fills, notes=(0, 0)):
            return render_pdf(game, compiled, PAGES[HALF[sheet]], body_size=size, chapters=chapters.setdefault(size, []),
                              fills=fills, notes_pages=notes)

        pages = _laid_out(game, lambda: balanced(half, 9.0, booklet=True))
        # a multiple of four pages without a blank: ruled notes pages, placed as blanks would be
        # (a last chapter that opens its page stays whole at the back), the rest at the end
        if pages.padding:
            last, opens_page = chapters[pages.size][-1] if chapters[pages.size] else (0, False)
            places = notes_places(len(pages.fills), pages.padding, last if opens_page else None)
            pages = type(pages)(pages.size, half(pages.size, [], places), pages.fills + (1.0,) * pages.padding)
        w, h = PAGES[sheet]
        out["rulebook-booklet.pdf"] = impose(pages.pdf, (h, w))
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
