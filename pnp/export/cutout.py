"""Pictures with transparency for a tabletop: a piece cut to its outline, and a save's thumbnail.

Tabletop Simulator makes a Custom_Token's shape from its picture's transparency (knowledge base,
"Custom Token": it "cuts out" the transparency; a small transparent border around the whole image
helps it). The outline is the one the piece is cut along in print (`Piece.cut`, drawn into a PDF
page and rendered by pdfium like every exported face), so the token is the printed piece.
PNG bytes are written with fixed settings and no metadata, as `pnp.draw.pngpages.png` writes RGB.
"""
from __future__ import annotations

import io

MARGIN_PX = 4        # transparent border around a cut-out piece
CUT_SHAPES = {"circle", "hexagon", "custom"}  # outlines (`Piece.shape`) a tabletop cuts a picture to
THUMB_PX = 256       # a saved object's thumbnail: 256 x 256 (tts-deckconverter, tts/image.go)
THUMB_INNER = 234    # the picture inside it: 11 pixels above and below


def rgba_png(image) -> bytes:
    """Deterministic PNG bytes of an RGBA picture."""
    buf = io.BytesIO()
    image.convert("RGBA").save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def cut_mask(piece, size: tuple[int, int]):
    """The piece's cut outline as an 8-bit mask of SIZE pixels (255 inside, edges anti-aliased)."""
    import pypdfium2 as pdfium
    from PIL import Image

    from pnp.draw.pdf import PdfSurface

    surface = PdfSurface(title="cut")
    surface.begin_page(piece.width, piece.height)
    surface.rect(0, 0, piece.width, piece.height, fill="#ffffff")
    piece.cut(surface)
    surface.end_page()
    doc = pdfium.PdfDocument(surface.finish())
    try:
        rendered = doc[0].render(scale=size[0] / piece.width).to_pil().convert("L")
    finally:
        doc.close()
    if rendered.size != size:
        rendered = rendered.resize(size, Image.Resampling.LANCZOS)
    return rendered.point(lambda v: 255 - v)


def cut_out(face, mask):
    """FACE (an RGB picture of the trim) transparent outside MASK, with a transparent MARGIN_PX border."""
    from PIL import Image

    piece = face.convert("RGBA")
    piece.putalpha(mask)
    out = Image.new("RGBA", (face.width + 2 * MARGIN_PX, face.height + 2 * MARGIN_PX), (0, 0, 0, 0))
    out.paste(piece, (MARGIN_PX, MARGIN_PX))
    return out


def thumbnail(face) -> bytes:
    """A saved object's picture in Tabletop Simulator's chest: FACE fitted in a transparent 256 x 256 square."""
    from PIL import Image

    k = min(THUMB_INNER / face.height, THUMB_PX / face.width)
    small = face.convert("RGBA").resize((max(1, round(face.width * k)), max(1, round(face.height * k))),
                                        Image.Resampling.LANCZOS)
    out = Image.new("RGBA", (THUMB_PX, THUMB_PX), (0, 0, 0, 0))
    out.paste(small, ((THUMB_PX - small.width) // 2, (THUMB_PX - small.height) // 2))
    return rgba_png(out)
