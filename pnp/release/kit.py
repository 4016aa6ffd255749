"""A home-print kit: one edition's home-printer PDFs on one paper, zipped behind a first page that says
what to print (each file, its pages and sheets of paper, one- or two-sided), the printer settings
(actual size, the duplex flip) and the order to cut in.

The steps are read from the files the build made, by the names the kinds give them (`cards.pdf`,
`tokens.pdf`, `<board>-tiles.pdf`, …); a file pnp does not know is listed with its pages and no step.
The print-shop PDFs (`*-printshop.pdf`) are for shops and stay out of the kit.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from pnp.release.zips import deterministic_zip

READ_ME = "00-read-me-first.pdf"

# what a file of the home build is, the order it comes in, and what to do with it once printed
STEPS: tuple[tuple[str, str, str], ...] = (
    ("calibration.pdf", "the duplex calibration sheet",
     "Print it once, two-sided, before anything else; hold it to the light and, if the backs sit off, "
     "rebuild with --back-offset as it reads."),
    ("rulebook.pdf", "the rulebook", "Read it first; nothing to cut."),
    ("cards.pdf", "card sheets", "Cut the card sheets on their crop marks: the long cuts across every sheet "
                                 "first, then the short ones."),
    ("tokens.pdf", "token sheets", "Cut out the tokens, standees and player boards on their crop marks; fold "
                                   "standees on their dashed line."),
    ("-tiles.pdf", "board tiles", "Trim each board tile on its overlap edge and tape the tiles together as "
                                  "the assembly map on the first page shows."),
    ("-poster.pdf", "the board as one poster", "Instead of the tiles: print it at a copy shop at 100 %, or skip it."),
    ("dice-tiles.pdf", "die faces for LEGO tiles", "Cut each tile on its grey outline and stick one set on each die."),
    ("dice-nets.pdf", "paper dice", "Cut the solid lines, fold the dashed ones and glue each tab inside."),
    (".pdf", "score sheets or other sheets", "Nothing to cut: one sheet per player per game."),
)
DUPLEX_SETTING = {"long": "flip on the long edge", "short": "flip on the short edge",
                  "gutterfold": "none (fold each card's front and back together)", "none": "none (fronts only)"}
DOUBLE_SIDED = ("cards.pdf", "tokens.pdf")  # the kinds print backs on the reverse of these when duplex asks
DUPLEX_WORDS = {"long": "two-sided, flip on the long edge", "short": "two-sided, flip on the short edge",
                "gutterfold": "one-sided (fronts and backs side by side: fold on the line)",
                "none": "one-sided (fronts only)"}


@dataclass(frozen=True)
class Printed:
    """One file of the kit: its name, what it is, its pages, the sheets of paper they take, how to print, the step."""

    name: str
    what: str
    pages: int
    sheets: int
    sides: str
    step: str


def kit_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """The home-printer PDFs of a build (no print-shop file, no picture, no manifest)."""
    return {n: d for n, d in files.items() if n.endswith(".pdf") and "/" not in n and not n.endswith("-printshop.pdf")}


def printed(files: dict[str, bytes], duplex: str) -> list[Printed]:
    """The kit's files in the order to print and cut them."""
    from pnp.draw.pngpages import page_count

    out = []
    for name in sorted(files, key=lambda n: (_step_index(n), n)):
        _, what, step = STEPS[_step_index(name)]
        pages = page_count(files[name])
        if name == "calibration.pdf":  # a front and its back, whatever the game's duplex
            two, sides = pages > 1, DUPLEX_WORDS["long"] if pages > 1 else "one-sided"
        elif name in DOUBLE_SIDED:
            two = duplex in ("long", "short") and pages > 1 and pages % 2 == 0
            sides = DUPLEX_WORDS[duplex] if two or duplex in ("gutterfold", "none") else "one-sided"
        else:
            two, sides = False, "one-sided"
        out.append(Printed(name, what, pages, pages // 2 if two else pages, sides, step))
    return out


def _step_index(name: str) -> int:
    """The step of a file: its own name's, else that of the ending it has (`<board>-tiles.pdf`), else the last."""
    exact = [i for i, (ending, _, _) in enumerate(STEPS) if name == ending]
    if exact:
        return exact[0]
    return next(i for i, (ending, _, _) in enumerate(STEPS) if ending[0] in "-." and name.endswith(ending))


def read_me(title: str, edition: str | None, paper: str, duplex: str, items: list[Printed]) -> bytes:
    """The kit's first page, a PDF of the paper's size: what to print, the settings, the cut order."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.draw import fonts
    from pnp.geometry.paper import paper_size

    width, height = paper_size(paper)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setTitle(f"{title}: home print kit")
    sans, bold = "sans", "sans-bold"  # pnp's own faces, with the game's fallbacks for a title in another script
    margin, y = 50.0, height - 60.0

    def line(text: str, font: str = sans, size: float = 10.5, indent: float = 0.0, gap: float = 4.0) -> None:
        nonlocal y
        for part in _wrapped(text, font, size, width - 2 * margin - indent):
            x = margin + indent
            for face, run in fonts.runs(part, font):
                canvas.setFont(face, size)
                canvas.drawString(x, y, run)
                x += fonts.chain_width(run, (face,), size)
            y -= size * 1.3
        y -= gap

    edition_words = f", {edition} edition" if edition else ""
    line(f"{title}{edition_words}: home print kit ({paper.upper() if paper == 'a4' else paper.title()})", bold, 17, gap=10)
    total = sum(i.sheets for i in items)
    line(f"Print at 100 % (actual size), never 'fit to page'. Duplex: {DUPLEX_SETTING[duplex]}. "
         f"In all: {total} sheet{'s' if total != 1 else ''} of {paper.upper() if paper == 'a4' else paper.title()} paper.",
         gap=10)
    line("What to print, in this order", bold, 13)
    for n, item in enumerate(items, 1):
        line(f"{n}. {item.name} — {item.what}: {item.pages} page{'s' if item.pages != 1 else ''} on "
             f"{item.sheets} sheet{'s' if item.sheets != 1 else ''}, {item.sides}.", indent=8, gap=1)
    y -= 8
    line("Then cut and assemble", bold, 13)
    for n, item in enumerate(items, 1):
        line(f"{n}. {item.name}: {item.step}", indent=8, gap=1)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _wrapped(text: str, font: str, size: float, room: float) -> list[str]:
    from pnp.draw import fonts

    lines, current = [], ""
    for word in text.split(" "):
        trial = f"{current} {word}".strip()
        if current and fonts.chain_width(trial, fonts.chain(font), size) > room:
            lines.append(current)
            current = word
        else:
            current = trial
    return lines + [current] if current else lines


def home_kit(title: str, edition: str | None, paper: str, duplex: str, files: dict[str, bytes]) -> tuple[bytes, bytes]:
    """(the zip, its first page) of one edition's home build on one paper."""
    kept = kit_files(files)
    first = read_me(title, edition, paper, duplex, printed(kept, duplex))
    return deterministic_zip({READ_ME: first, **kept}, first=READ_ME), first
