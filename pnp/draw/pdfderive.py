"""A second PDF made from the objects of one pnp has written: pages that each place one of its forms.

A deck's sheets draw every card face as a form (`PdfSurface.drawing_form`); the print-shop
file shows the same faces one to a page. Rather than drawing every face again into a second
reportlab document, the print-shop document is made from the sheets' own bytes: the forms,
fonts, pictures and graphics states are copied as they are (so the faces print exactly as
on the sheets), the sheets' pages are left out, and one new page per face places its form.
Like `pnp.draw.pdfmerge` it relies on what reportlab writes (a classic xref table, one
Pages node, the page resources naming each form) and is not a general PDF tool.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from pnp.draw.finite import require_finite
from pnp.draw.pdfmerge import _objects, _ref, _size, catalog_lang

_FORM_REF = re.compile(rb"/FormXob\.(\S+) (\d+) 0 R")


@dataclass(frozen=True)
class FormPage:
    """One page of the new document: `form` placed with its origin at (x, y); boxes as (x, y, w, h).

    Coordinates are points from the page's top-left, y down, as on a `Surface`."""
    form: str
    width: float
    height: float
    x: float
    y: float
    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]


def form_pages(pdf: bytes, pages: list[FormPage], *, title: str, author: str = "pnp", subject: str = "") -> bytes:
    """A PDF whose pages place forms of `pdf` (which must define every form named)."""
    from reportlab.lib.rl_accel import fp_str

    objects, trailer = _objects(pdf)
    root = _ref(trailer, b"Root")
    info = _ref(trailer, b"Info")
    tree = _ref(objects[root], b"Pages")
    kids_text = objects[tree].split(b"/Kids", 1)[1].split(b"]", 1)[0]
    old_pages = [int(v) for v in re.findall(rb"(\d+) 0 R", kids_text)]
    forms: dict[str, int] = {}
    dropped = {root, info, tree}
    for num in old_pages:
        page = objects[num]
        dropped.add(num)
        dropped.add(_ref(page, b"Contents"))
        for name, ref in _FORM_REF.findall(page):
            forms[name.decode("ascii")] = int(ref)
    missing = {p.form for p in pages} - forms.keys()
    if missing:
        raise ValueError(f"forms not placed on any page of the source: {sorted(missing)[:3]}")

    out = bytearray(pdf[:pdf.index(b"\n", pdf.index(b"\n") + 1) + 1])  # the same header lines
    offsets: dict[int, int] = {}
    for num in sorted(objects):
        if num in dropped:
            continue
        offsets[num] = len(out)
        out += objects[num]
        out += b"\n"
    next_num = _size(pdf)
    tree_id, catalog_id, info_id = next_num, next_num + 1, next_num + 2
    next_num += 3
    kids = []
    for p in pages:
        require_finite("form page", p.width, p.height, p.x, p.y, *p.trim, *p.bleed)
        place = f"1 0 0 1 {fp_str(p.x, p.y)} cm " if (p.x, p.y) != (0, 0) else ""
        content = f"1 0 0 -1 0 {fp_str(p.height)} cm {place}/FormXob.{p.form} Do".encode("ascii")
        content_id, page_id = next_num, next_num + 1
        next_num += 2
        offsets[content_id] = len(out)
        out += b"%d 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (content_id, len(content), content)
        offsets[page_id] = len(out)
        out += (b"%d 0 obj\n<< /Type /Page /Parent %d 0 R /MediaBox [ 0 0 %s ] /TrimBox [ %s ] /BleedBox [ %s ] "
                b"/Contents %d 0 R /Resources << /XObject << /FormXob.%s %d 0 R >> >> >>\nendobj\n"
                % (page_id, tree_id, fp_str(p.width, p.height).encode(), _box(p.trim, p.height).encode(),
                   _box(p.bleed, p.height).encode(), content_id, p.form.encode("ascii"), forms[p.form]))
        kids.append(page_id)
    for num, data in ((tree_id, b"<<\n/Count %d /Kids [ %s ] /Type /Pages\n>>"
                       % (len(kids), b" ".join(b"%d 0 R" % k for k in kids))),
                      (catalog_id, b"<<\n%s/PageMode /UseNone /Pages %d 0 R /Type /Catalog\n>>"
                       % (catalog_lang(objects[root]), tree_id)),
                      (info_id, _info(title, author, subject))):
        offsets[num] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (num, data)
    start = len(out)
    ident = hashlib.md5(bytes(out)).hexdigest().encode("ascii")  # fixed by the content: same input, same bytes
    out += b"xref\n0 %d\n0000000000 65535 f \n" % next_num
    for num in range(1, next_num):
        out += b"%010d 00000 n \n" % offsets[num] if num in offsets else b"0000000000 65535 f \n"
    out += (b"trailer\n<<\n/ID \n[<%s><%s>]\n/Info %d 0 R\n/Root %d 0 R\n/Size %d\n>>\nstartxref\n%d\n%%%%EOF\n"
            % (ident, ident, info_id, catalog_id, next_num, start))
    return bytes(out)


def _box(rect, page_height: float) -> str:
    """A y-down (x, y, w, h) rectangle as a PDF box [x0 y0 x1 y1]."""
    from reportlab.lib.rl_accel import fp_str

    x, y, w, h = rect
    return fp_str(x, page_height - y - h, x + w, page_height - y)


def _info(title: str, author: str, subject: str) -> bytes:
    """The document information dictionary, written by reportlab as for any pnp PDF."""
    from reportlab.pdfbase import pdfdoc

    info = pdfdoc.PDFInfo()
    info.title, info.author, info.subject = title, author, subject
    info.creator, info.producer = "pnp", "pnp (reportlab)"
    return info.format(pdfdoc.PDFDocument(invariant=1))
