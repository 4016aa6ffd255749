"""A proof of the game's colours: each RGB colour the pieces use beside the CMYK the shop's file prints.

Each row holds three squares: the colour as designed (RGB), the CMYK values the shop's file prints
(`pnp.printshop.colour`), and that CMYK brought back to the screen through the profile (what the press
will make of it, whatever the viewer does with CMYK); then the values, the total ink and ΔE00 between
design and print, flagged where it is over `pnp.printshop.gamut.TOLERANCE`. Every word on the page is
100 % K, and the file carries the shop's profile as its output intent, so a viewer that simulates print
(Acrobat's Output Preview) shows the middle square as printed too. It is not sent to the shop: it lives
in the proof folder beside the shop's.
"""
from __future__ import annotations

from io import BytesIO

from pnp.printshop.colour import Cmyk
from pnp.printshop.gamut import TOLERANCE, hex_of, shift

MM = 72 / 25.4
PAGE = (210 * MM, 297 * MM)
SWATCH = 12 * MM
ROW = 17 * MM
COLUMNS = 2
PER_PAGE = 2 * 14


def swatch_page(title: str, colours: list[tuple[float, float, float]], cmyk: Cmyk) -> bytes:
    """A4 pages of RGB | CMYK pairs, 28 a page, in the order the colours were first used."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.draw import fonts

    font = fonts.register("sans")
    out = BytesIO()
    c = Canvas(out, pagesize=PAGE, invariant=1, pageCompression=1, initialFontName=font, initialFontSize=8)
    c.setTitle(title)
    c.setCreator("pnp")
    pages = [colours[i:i + PER_PAGE] for i in range(0, len(colours), PER_PAGE)] or [[]]
    for number, chunk in enumerate(pages, 1):
        c.setFillColorCMYK(0, 0, 0, 1)
        c.setFont(font, 13)
        c.drawString(15 * MM, PAGE[1] - 18 * MM, title)
        c.setFont(font, 8)
        c.drawString(15 * MM, PAGE[1] - 24 * MM, f"{cmyk.description}; ink at most {cmyk.ink_limit:g} % · "
                                                 f"page {number} of {len(pages)}")
        c.drawString(15 * MM, PAGE[1] - 29 * MM, "each row: the RGB designed · the CMYK printed · that CMYK as "
                                                 f"printed, on screen · ΔE00 over {TOLERANCE:g} is flagged")
        for i, rgb in enumerate(chunk):
            col, row = i % COLUMNS, i // COLUMNS
            x = 15 * MM + col * 95 * MM
            y = PAGE[1] - 48 * MM - row * ROW
            moved = shift(rgb, cmyk)
            c.setFillColorRGB(*rgb)
            c.rect(x, y, SWATCH, SWATCH, stroke=0, fill=1)
            c.setFillColorCMYK(*moved.cmyk)
            c.rect(x + SWATCH, y, SWATCH, SWATCH, stroke=0, fill=1)
            c.setFillColorRGB(*moved.printed)
            c.rect(x + 2 * SWATCH, y, SWATCH, SWATCH, stroke=0, fill=1)
            c.setStrokeColorCMYK(0, 0, 0, 1)
            c.setLineWidth(0.25)
            c.rect(x, y, 3 * SWATCH, SWATCH, stroke=1, fill=0)
            c.setFillColorCMYK(0, 0, 0, 1)
            left = x + 3 * SWATCH + 2 * MM
            c.drawString(left, y + 10 * MM, f"RGB {hex_of(rgb)} → {hex_of(moved.printed)}")
            c.drawString(left, y + 5.5 * MM, "CMYK " + " ".join(f"{round(v * 100)}" for v in moved.cmyk)
                         + f"  ({round(sum(moved.cmyk) * 100)} %)")
            c.drawString(left, y + 1 * MM, f"ΔE00 {moved.delta_e:.1f}" + ("  OUT OF GAMUT" if moved.outside else ""))
        c.showPage()
    c.save()
    from pnp.printshop.pdfx import with_output_intent

    return with_output_intent(out.getvalue(), cmyk)
