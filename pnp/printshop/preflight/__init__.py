"""Preflight: would a print shop take this PDF as it is? pnp's own files or anybody's.

Checked against the shop's rules (`pnp.printshop.profiles`): the PDF/X part the file claims and the
PDF version it allows, the output intent, the boxes and bleed, and everything a page can paint —
paths, text, pictures of 1 to 16 bits, gradients, patterns, forms, Type 3 glyphs, annotation
appearances inside the trim, soft masks — for colour spaces the shop cannot print and for ink past its
limit, measured where it is painted and reported there (millimetres from the page's top-left corner,
through the transformation in force). A damaged file says so first and nothing else.

Bounded (`limits`): every form, pattern, glyph, colour space, function and picture is read once per
file; a stream that reaches itself is a loop, reported; operators, pixels and function steps are
counted, and a file past its allowance gets one sentence saying so.

The package, by job: `document` (markers, boxes), `drawings` and `content` (what pages draw),
`sketch` (a stream's problems, replayed where it is drawn), `spaces`, `functions`, `shadings`,
`pictures` (colour and ink), `streams` (inflating under a cap), `limits`, `findings`.
"""
from __future__ import annotations

import math
from io import BytesIO
from pathlib import Path

from pnp.printshop.preflight.document import boxes, markers, page_boxes
from pnp.printshop.preflight.drawings import Drawings
from pnp.printshop.preflight.findings import Finding, file_finding, summarise
from pnp.printshop.preflight.limits import MAX_FILE, Budget, TooMuch
from pnp.printshop.preflight.sketch import Sketch
from pnp.printshop.preflight.streams import Damaged
from pnp.printshop.profiles import PT_PER_MM, Shop

__all__ = ["Finding", "Unreadable", "preflight", "preflight_file", "summarise"]

LOW_PPI = 150                       # below this a picture prints visibly soft: rejected
WANTED_PPI = 300                    # what the shops ask for: below, a warning
# what reading an entry of the wrong type or size raises, from pikepdf or from Python
MALFORMED = (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError, ZeroDivisionError,
             RecursionError)
DAMAGED = "the file is damaged (cut short or corrupted): a print shop's RIP would refuse it; export it again"


class Unreadable(Exception):
    """The file is not a PDF pikepdf can open (said in a user's words)."""


def preflight_file(path: Path, shop: Shop) -> list[Finding]:
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise Unreadable("is not a file")
        if size > MAX_FILE:
            raise Unreadable(f"is {size / 1e9:.1f} GB, more than preflight reads")
        data = path.read_bytes()
    except OSError as e:
        raise Unreadable(f"cannot be read ({e.strerror or 'no access'})") from None
    return preflight(data, shop)


def preflight(data: bytes, shop: Shop, budget: Budget | None = None) -> list[Finding]:
    """The findings on one file; `budget` (a fresh one if not given) counts the work done."""
    import pikepdf

    try:
        pdf = pikepdf.open(BytesIO(data))
    except pikepdf.PasswordError:
        raise Unreadable("is encrypted (a print shop cannot open it either)") from None
    except Exception:  # noqa: BLE001 — anybody's file: whatever pikepdf refuses is "not a PDF"
        if data.lstrip()[:5] == b"%PDF-":
            raise Unreadable("is damaged beyond repair (cut short or corrupted): export it again") from None
        raise Unreadable("is not a PDF") from None
    with pdf:
        if pdf.get_warnings():
            return [file_finding(DAMAGED)]
        try:
            try:
                findings = markers(pdf, shop)
            except MALFORMED:
                findings = [file_finding("its document information or output intent is malformed (an entry of the "
                                         "wrong type): a RIP may refuse it")]
            drawings = Drawings(shop, budget if budget is not None else Budget())
            if len(pdf.pages) == 0:
                findings.append(file_finding("it has no pages"))
            for number, page in enumerate(pdf.pages, 1):
                drawings.budget.spend_operators(1)   # a page costs at least its boxes, however empty
                try:
                    findings.extend(_page(drawings, page.obj, number, shop))
                except MALFORMED:
                    drawings.open.clear()
                    findings.append(Finding(number, "", "its structure is malformed (an entry of the wrong type or "
                                                        "size, such as a box or a colour space): a RIP may refuse it"))
        except TooMuch as e:
            findings.append(file_finding(f"stopped: {e}"))
        except (Damaged, pikepdf.PdfError):
            return [file_finding(DAMAGED)]
        if pdf.get_warnings():
            return [file_finding(DAMAGED)]
    return findings


def _page(drawings: Drawings, obj, number: int, shop: Shop) -> list[Finding]:
    out = boxes(obj, number, shop)
    media, _crop, _bleed, trim = page_boxes(obj)
    sketch = drawings.page(obj, trim)
    out.extend(_painted(sketch, number, media))
    out.extend(_resolution(sketch, number, media))
    return out


def _where(media, point) -> str:
    if point is None:
        return ""
    x, y = point
    return f"{(x - media[0]) / PT_PER_MM:.1f} mm from the left, {(media[3] - y) / PT_PER_MM:.1f} mm from the top"


def _painted(sketch: Sketch, number: int, media) -> list[Finding]:
    return [Finding(number, _where(media, at), problem.message, problem.rejects, count - 1)
            for problem, at, count in sketch.marks.values()]


def _resolution(sketch: Sketch, number: int, media) -> list[Finding]:
    out = []
    for placed in sketch.placements.values():
        m = placed.matrix
        width_in, height_in = math.hypot(m[0], m[1]) / 72, math.hypot(m[2], m[3]) / 72
        if width_in <= 0 or height_in <= 0 or placed.width <= 0 or placed.height <= 0:
            continue
        ppi = min(placed.width / width_in, placed.height / height_in)
        where = _where(media, (m[4], m[5]))
        if ppi < LOW_PPI:
            out.append(Finding(number, where, f"image {placed.label} prints at {ppi:.0f} ppi where it is placed: "
                                              f"at least {WANTED_PPI} is asked for"))
        elif ppi < WANTED_PPI - 1:
            out.append(Finding(number, where, f"image {placed.label} prints at {ppi:.0f} ppi where it is placed "
                                              f"({WANTED_PPI} is asked for)", rejects=False))
    return out
