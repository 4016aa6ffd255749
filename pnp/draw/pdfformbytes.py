"""The bytes of a card face's form XObject, written without reportlab's generic object formatter.

A deck's document holds one form per card face, and reportlab formats each through its
generic machinery (a dictionary object per form, a resource dictionary per form, every
number through `fp_str`): about a third of a millisecond a form, a fifth of drawing a deck.
Those forms differ only in their content and in which other forms they place, so
`plain_form_bytes` writes the same bytes directly: the stream deflated as reportlab does, the
dictionary in reportlab's key order and line breaks, and each distinct resource dictionary
and bounding box formatted once per document by reportlab itself (so references resolve as
they always did). Anything else (opacity, gradients, a form with its own resources) is left
to reportlab (`None`).
"""
from __future__ import annotations

import zlib


def plain_form_bytes(form, document) -> bytes | None:
    """What `PDFFormXObject.format(document)` returns for a deflated form with the usual
    resources (fonts, all procedure sets, the forms it places), or None for another form."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    if (rl_config.pdfMultiLine or form.Resources or form.Contents or form.BBox or form.Matrix or form.Annots or not form.stream
            or getattr(form, "ExtGState", None) or getattr(form, "_pnp_shadings", None)
            or not form.compression or not isinstance(form.stream, bytes) or type(document.encrypt) is not pdfdoc.NoEncryption):
        return None
    parts = document.__dict__.setdefault("_pnp_form_parts", {})  # formatted once per document
    xobjects = form.XObjects
    names = tuple(sorted(xobjects.dict)) if xobjects else ()
    resources = parts.get(names)
    if resources is None:
        rd = pdfdoc.PDFResourceDictionary()
        rd.basicFonts()
        rd.allProcs()  # as reportlab's form does (`hasImages`)
        if xobjects:
            rd.XObject = xobjects
        resources = parts[names] = pdfdoc.format(rd, document)
    box = (form.lowerx, form.lowery, form.upperx, form.uppery)
    bbox = parts.get(box)
    if bbox is None:
        bbox = parts[box] = pdfdoc.format(pdfdoc.PDFArray(list(box)), document)
    content = zlib.compress(form.stream)
    # reportlab's PDFDictionary (not multi-line): keys sorted, a line break after the sixth entry
    return (b"<<\n/BBox " + bbox + b" /Filter [ /FlateDecode ] /FormType 1 /Length %d" % len(content)
            + b" /Matrix [ 1 0 0 1 0 0 ] /Resources " + resources + b" \n  /Subtype /Form /Type /XObject\n>>"
            + b"\nstream\n" + content + b"endstream\n")
