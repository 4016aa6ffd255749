"""A home-print kit: one edition's home-printer PDFs on one paper, zipped behind a first page that says
what to print (each file, its pages and sheets of paper, one- or two-sided), the printer settings
(actual size, the duplex flip) and the order to cut in.

The steps are read from the files the build made, by the names the kinds give them (`cards.pdf`,
`tokens.pdf`, `<board>-tiles.pdf`, …); a file pnp does not know is listed with its pages and no step.
The print-shop PDFs (`*-printshop.pdf`) are for shops and stay out of the kit.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.release.zips import deterministic_zip

READ_ME = "00-read-me-first.pdf"

# what a file of the home build is, in the order it comes in: (its name or ending, the phrase key of what
# it is; "<key>_step" says what to do with it once printed), words from pnp's phrase tables
STEPS: tuple[tuple[str, str], ...] = (
    ("calibration.pdf", "kit_calibration"),
    ("rulebook.pdf", "kit_rulebook"),
    ("cards.pdf", "kit_cards"),
    ("tokens.pdf", "kit_tokens"),
    ("-tiles.pdf", "kit_tiles"),
    ("-poster.pdf", "kit_poster"),  # instead of the tiles: counted apart, never added to them
    ("dice-tiles.pdf", "kit_dice_tiles"),
    ("dice-nets.pdf", "kit_dice_nets"),
    (".pdf", "kit_other"),
)
DOUBLE_SIDED = ("cards.pdf", "tokens.pdf")  # the kinds print backs on the reverse of these when duplex asks
RIGHT_TO_LEFT_ISOLATE = ("\u2068", "\u2069")  # FSI … PDI: a file name keeps its own direction in an Arabic line


@dataclass(frozen=True)
class Printed:
    """One file of the kit: its name, what it is, its pages, the sheets of paper they take, how to print, the step."""

    name: str
    what: str
    pages: int
    sheets: int
    sides: str
    step: str
    instead: bool = False  # an alternative to other files (the board poster for its tiles): not in the total


def kit_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """The home-printer PDFs of a build (no print-shop file, no picture, no manifest)."""
    return {n: d for n, d in files.items() if n.endswith(".pdf") and "/" not in n and not n.endswith("-printshop.pdf")}


def printed(files: dict[str, bytes], duplex: str) -> list[Printed]:
    """The kit's files in the order to print and cut them, described in the edition's words."""
    from pnp.draw.pngpages import page_count
    from pnp.kinds.sheetwords import say

    out = []
    for name in sorted(files, key=lambda n: (_step_index(n), n)):
        _, key = STEPS[_step_index(name)]
        pages = page_count(files[name])
        if name == "calibration.pdf":  # a front and its back, whatever the game's duplex
            two, sides = pages > 1, say("kit_sides_long" if pages > 1 else "kit_one_sided")
        elif name in DOUBLE_SIDED:
            two = duplex in ("long", "short") and pages > 1 and pages % 2 == 0
            sides = say(f"kit_sides_{duplex}") if two or duplex in ("gutterfold", "none") else say("kit_one_sided")
        else:
            two, sides = False, say("kit_one_sided")
        out.append(Printed(name, say(key), pages, pages // 2 if two else pages, sides, say(f"{key}_step"),
                           instead=key == "kit_poster"))
    return out


def sheet_totals(items: list[Printed]) -> tuple[int, int | None]:
    """(the sheets of paper the kit takes, the sheets with its alternatives instead of what they replace —
    the board poster for the tiles — or None when it has none). Never both added together."""
    total = sum(i.sheets for i in items if not i.instead)
    posters = [i for i in items if i.instead]
    if not posters:
        return total, None
    tiles = sum(i.sheets for i in items if _step_index(i.name) == _step_index("x-tiles.pdf"))
    return total, total - tiles + sum(i.sheets for i in posters)


def _step_index(name: str) -> int:
    """The step of a file: its own name's, else that of the ending it has (`<board>-tiles.pdf`), else the last."""
    exact = [i for i, (ending, _) in enumerate(STEPS) if name == ending]
    if exact:
        return exact[0]
    return next(i for i, (ending, _) in enumerate(STEPS) if ending[0] in "-." and name.endswith(ending))


def paper_words(paper: str) -> str:
    """The paper's name as the edition says it ("A4", "US Letter", 「レターサイズ」)."""
    from pnp.models.phrases import table
    from pnp.kinds.sheetwords import say

    key = f"kit_paper_{paper}"
    return say(key) if key in (table("en") or {}) else paper.upper()


def read_me(title: str, edition: str | None, paper: str, duplex: str, items: list[Printed]) -> bytes:
    """The kit's first page (more, for a kit of many files), a PDF of the paper's size in the edition's words: what to print, the
    settings, the sheets, the cut order. Drawn through pnp's own text path (`set_text`/`draw_text`), so
    an Arabic page is shaped and set from the right margin (its list numbers on the right) and a
    Japanese one breaks by its rules, with the edition's fonts embedded."""
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.text import draw_text, set_text
    from pnp.geometry.paper import paper_size
    from pnp.kinds.sheetwords import count, say
    from pnp.models.edition import current, right_to_left

    width, height = paper_size(paper)
    rtl = right_to_left()
    named = (lambda n: f"{RIGHT_TO_LEFT_ISOLATE[0]}{n}{RIGHT_TO_LEFT_ISOLATE[1]}") if rtl else (lambda n: n)
    surface = PdfSurface(title=say("kit_title", title=title, paper=paper_words(paper)))
    surface.begin_page(width, height)
    margin, y = 50.0, 50.0
    room = width - 2 * margin

    def paragraph(text: str, size: float = 10.5, gap: float = 4.0, number: int | None = None) -> None:
        nonlocal y
        indent = 16.0 if number is not None else 0.0
        lay = set_text(text, "sans", size, size, room - indent, height)
        if y + lay.height > height - margin:  # a kit of many files goes on to a second page
            surface.end_page()
            surface.begin_page(width, height)
            y = margin
        if number is not None:  # the list number at the reading start: the left margin, or the right one
            mark = set_text(f"{number}.", "sans", size, size, indent, height)
            draw_text(surface, mark, width - margin - indent if rtl else margin, y, indent, mark.height,
                      align="left")
        left = margin if rtl else margin + indent  # an Arabic page indents from the right
        draw_text(surface, lay, left, y, room - indent, lay.height)
        y += lay.height + gap

    paper_name = paper_words(paper)
    paragraph(f"**{say('kit_title', title=title, paper=paper_name)}**", 17, gap=10)
    total, alternative = sheet_totals(items)
    settings = [say("kit_settings", duplex=say(f"kit_duplex_{duplex}")), count("kit_total", total, paper=paper_name)]
    if alternative is not None:
        settings.append(count("kit_total_poster", alternative))
    paragraph(("" if getattr(current(), "cjk", False) else " ").join(settings), gap=12)  # 。 ends a CJK sentence
    paragraph(f"**{say('kit_print_heading')}**", 13)
    for n, item in enumerate(items, 1):
        paragraph(say("kit_item", name=named(item.name), what=item.what, pages=count("kit_pages", item.pages),
                      sheets=count("kit_sheets", item.sheets), sides=item.sides), gap=2, number=n)
    y += 8
    paragraph(f"**{say('kit_cut_heading')}**", 13)
    for n, item in enumerate(items, 1):
        paragraph(say("kit_step_item", name=named(item.name), step=item.step), gap=2, number=n)
    surface.end_page()
    return surface.finish()


def home_kit(title: str, edition: str | None, paper: str, duplex: str, files: dict[str, bytes]) -> tuple[bytes, bytes]:
    """(the zip, its first page) of one edition's home build on one paper."""
    kept = kit_files(files)
    first = read_me(title, edition, paper, duplex, printed(kept, duplex))
    return deterministic_zip({READ_ME: first, **kept}, first=READ_ME), first
