"""Impose half-size pages two-up for a folded, stapled booklet printed duplex.

Pages are padded to a multiple of 4 with blanks inserted before the last chapter
when it opens a page (so a reference of two pages stays whole at the back), else
before the last page (which stays on the back cover). Sheet k (from 0)
carries, front: N-2k | 2k+1, back: 2k+2 | N-2k-1, which is 4n,1 / 2,4n-1 / ...
Print duplex flipping on the short edge, fold, staple.
pypdfium2 places each page as a form XObject (vector, fonts stay embedded);
its creation time and random trailer /ID are replaced by fixed values so output is deterministic.
"""
from __future__ import annotations

import hashlib
import io
import re


def booklet_order(pages: int, tail: int | None = None) -> list[tuple[int | None, int | None]]:
    """(left, right) source page numbers (1-based, None = blank) for each side, front then back of each sheet.

    `tail` is the first page of the last chapter when it opens a page (a reference). The blanks
    that pad the booklet never fall inside it: a one-page tail keeps the back cover (blanks before
    it); a longer one starts on a left-hand page, so its first two pages face each other, and the
    remaining blanks close the booklet. Without a tail the last page keeps the back cover."""
    n = (pages + 3) // 4 * 4
    blanks = n - pages
    if pages <= 1:
        logical: list[int | None] = [1] + [None] * blanks
    else:
        start = tail if tail is not None and 1 < tail <= pages else pages
        before = blanks if start == pages else start % 2  # the tail starts on logical page start + before: even is a left page
        before = min(before, blanks)
        logical = (list(range(1, start)) + [None] * before + list(range(start, pages + 1))
                   + [None] * (blanks - before))
    out = []
    for k in range(n // 4):
        out.append((logical[n - 2 * k - 1], logical[2 * k]))
        out.append((logical[2 * k + 1], logical[n - 2 * k - 2]))
    return out


def impose(pdf: bytes, sheet: tuple[float, float], tail: int | None = None) -> bytes:
    """Two pages of `pdf` side by side on each landscape `sheet` (width, height in points);
    `tail` as in `booklet_order`."""
    import pypdfium2 as pdfium

    src = pdfium.PdfDocument(pdf)
    dst = pdfium.PdfDocument.new()
    try:
        W, H = sheet
        xobjects = {}
        for left, right in booklet_order(len(src), tail):
            page = dst.new_page(W, H)
            for slot, number in ((0, left), (1, right)):
                if number is None:
                    continue
                if number not in xobjects:
                    xobjects[number] = src.page_as_xobject(number - 1, dst)
                pw, ph = src[number - 1].get_size()
                s = min((W / 2) / pw, H / ph)
                obj = xobjects[number].as_pageobject()
                x = slot * W / 2 + (W / 2 - pw * s) / 2
                obj.transform(pdfium.PdfMatrix().scale(s, s).translate(x, (H - ph * s) / 2))
                page.insert_obj(obj)
            page.gen_content()
            page.close()
        buf = io.BytesIO()
        dst.save(buf)
    finally:
        dst.close()
        src.close()
    return _fixed_id(buf.getvalue())


def _fixed_id(data: bytes) -> bytes:
    """pdfium writes the time and a random /ID; make both fixed (same lengths, so offsets hold)."""
    data = re.sub(rb"/CreationDate\(D:\d{14}", b"/CreationDate(D:20000101000000", data, count=1)
    m = re.search(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]", data)
    if not m:
        return data
    digest = hashlib.sha256(data[:m.start()] + data[m.end():]).hexdigest().upper().encode()
    a, b = m.group(1), m.group(2)
    fixed = m.group(0).replace(a, digest[:len(a)]).replace(b, digest[:len(b)]) if a != b else \
        m.group(0).replace(a, digest[:len(a)])
    return data[:m.start()] + fixed + data[m.end():]
