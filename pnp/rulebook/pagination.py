"""Pages worth printing: a rulebook laid out so that no page but the last is under 40 % full, and a
booklet whose page count is a multiple of four without a blank page.

reportlab places the flowables; what a page holds depends on where the previous pages broke. A
short page comes from a figure, a table or a chapter opening a page that left the page before it
with a few lines: the body size, changed by a tenth or two of a point, moves those breaks. So the
book is laid out at the sizes nearest the one asked for until one leaves no short page, or the
best of them is taken (fewest short pages, then a last page worth its sheet, then for a booklet the
least padding). A booklet that still needs pages to
reach a multiple of four gets ruled pages for notes, before its last chapter when that opens a
page (a reference stays at the back), else at the end: never a blank page.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import CondPageBreak, Flowable, PageBreak

from pnp.models.phrases import phrase
from pnp.models.units import mm

SHORT = 0.45        # a page under this share of its text area is not worth a sheet (the last excepted)
LAST_SHORT = 0.25   # a last page under this share: its tail would have fitted on the page before
STEPS = (0.0, -0.2, 0.2, -0.4, 0.4, -0.6)  # body sizes tried, in points from the one asked for
RULE_STEP = mm(8)
RULE_INK = "#b0b0b0"


@dataclass(frozen=True)
class Layout:
    """One laying out of the book: its body size, its PDF and how full each page is."""

    size: float
    pdf: bytes
    fills: tuple[float, ...]

    @property
    def short_pages(self) -> int:
        return sum(1 for f in self.fills[:-1] if f < SHORT)

    @property
    def padding(self) -> int:
        """The pages a booklet of this layout needs to make a multiple of four."""
        return -len(self.fills) % 4

    def cost(self, booklet: bool) -> tuple:
        last = self.fills[-1] if self.fills else 1.0
        if booklet and self.padding:  # notes pages may follow the last page: it must be worth its sheet too
            return (self.short_pages + (last < SHORT), False, self.padding)
        return (self.short_pages, last < LAST_SHORT, self.padding if booklet else 0)


def balanced(render, size: float, booklet: bool = False) -> Layout:
    """The first layout at the sizes near `size` with no short page and a last page worth its sheet,
    else the best of them; `render(size, fills)` lays the book out and fills `fills`."""
    best = None
    for step in STEPS:
        fills: list[float] = []
        pdf = render(round(size + step, 2), fills)
        layout = Layout(round(size + step, 2), pdf, tuple(fills))
        if best is None or layout.cost(booklet) < best.cost(booklet):
            best = layout
        if best.cost(booklet)[:2] == (0, False):  # a booklet's padding is ruled for notes: no reason to go on
            break
    return best


class NotesPage(Flowable):
    """A page of ruled lines under the heading "Notes" (in the edition's language), filling the frame."""

    def __init__(self, heading_style):
        super().__init__()
        self.heading = heading_style  # not `style`: a heading's style keeps with what follows
        self.keepWithNext = 0

    def wrap(self, avail_width, avail_height):  # reportlab's names
        self.width, self.height = avail_width, avail_height - 1
        return self.width, self.height

    def draw(self) -> None:
        from pnp.rulebook.shaped import draw_line

        c = self.canv
        c.saveState()
        c.setFillColor(self.heading.textColor)
        draw_line(c, 0, self.height - self.heading.fontSize, phrase("sheet_notes"), self.heading.fontName,
                  self.heading.fontSize)
        c.setStrokeColor(RULE_INK)
        c.setLineWidth(0.5)
        y = self.height - self.heading.fontSize - RULE_STEP
        while y >= 0:
            c.line(0, y, self.width, y)
            y -= RULE_STEP
        c.restoreState()


def notes_places(pages: int, padding: int, tail: int | None) -> tuple[int, int]:
    """How many of a booklet's `padding` notes pages go before its last chapter (which opens page
    `tail`, or None) and how many at the end: as `pnp.rulebook.booklet.booklet_order` places blanks,
    a one-page last chapter keeps the back cover and a longer one opens on a left-hand page."""
    if not padding or tail is None or not 1 < tail <= pages:
        return 0, padding
    before = padding if tail == pages else min(padding, tail % 2)
    return before, padding - before


def with_notes_pages(story: list, places: tuple[int, int], styles) -> list:
    """`story` with notes pages: `places[0]` before its last chapter's heading, `places[1]` at its end."""
    before, after = places

    def notes(count: int) -> list:
        return [f for _ in range(count) for f in (PageBreak(), NotesPage(styles.h2))]

    starts = [i for i, f in enumerate(story) if getattr(f, "toc_level", None) == 0]
    if before and starts:
        at = starts[-1]
        while at > 0 and isinstance(story[at - 1], (CondPageBreak, PageBreak)):
            at -= 1  # the breaks that open the chapter's page follow the notes
        story = story[:at] + notes(before) + story[at:]
    else:
        after += before
    return story + notes(after)
