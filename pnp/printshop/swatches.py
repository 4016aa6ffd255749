"""A proof of the game's colours: each RGB colour the pieces use beside the CMYK the shop's file prints.

The left square of each pair is the colour as designed (RGB), the right one the converted CMYK values
(`pnp.printshop.colour`), with both written out; every word on the page is 100 % K. It is not sent to
the shop: it shows a designer what the conversion did (a saturated RGB blue turns duller in CMYK).
"""
from __future__ import annotations

from io import BytesIO

from pnp.printshop.colour import Cmyk

MM = 72 / 25.4
PAGE = (210 * MM, 297 * MM)
SWATCH = 14 * MM
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
        c.drawString(15 * MM, PAGE[1] - 24 * MM,
                     f"left: RGB as designed · right: CMYK as printed ({cmyk.description}; ink at most "
                     f"{cmyk.ink_limit:g} %) · page {number} of {len(pages)}")
        for i, rgb in enumerate(chunk):
            col, row = i % COLUMNS, i // COLUMNS
            x = 15 * MM + col * 95 * MM
            y = PAGE[1] - 45 * MM - row * ROW
            c.setFillColorRGB(*rgb)
            c.rect(x, y, SWATCH, SWATCH, stroke=0, fill=1)
            values = cmyk.colour(*rgb)
            c.setFillColorCMYK(*values)
            c.rect(x + SWATCH, y, SWATCH, SWATCH, stroke=0, fill=1)
            c.setStrokeColorCMYK(0, 0, 0, 1)
            c.setLineWidth(0.25)
            c.rect(x, y, 2 * SWATCH, SWATCH, stroke=1, fill=0)
            c.setFillColorCMYK(0, 0, 0, 1)
            hexa = "#" + "".join(f"{round(v * 255):02x}" for v in rgb)
            c.drawString(x + 2 * SWATCH + 3 * MM, y + 8 * MM, f"RGB {hexa}")
            c.drawString(x + 2 * SWATCH + 3 * MM, y + 3 * MM,
                         "CMYK " + " ".join(f"{round(v * 100)}" for v in values) + f"  ({round(sum(values) * 100)} %)")
        c.showPage()
    c.save()
    return out.getvalue()
