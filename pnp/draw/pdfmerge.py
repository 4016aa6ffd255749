"""Join PDFs written by pnp's reportlab backend into one, page after page.

A document with thousands of pages is written in chunks so that memory holds
one chunk at a time; this joins the chunks, each as it comes (`PdfJoin`, which can
write straight to a file) or a list of them in memory (`merge_pdfs`), to the same
bytes. A picture every chunk embeds (the
same image XObject bytes) is written once and shared. It relies on what reportlab writes
(a classic xref table, one Pages node, a trailer with /Root, /Info and /ID) and
is not a general PDF merger.
"""
from __future__ import annotations

import re

_REF = re.compile(rb"(\d+) 0 R\b")
_STREAM = re.compile(rb"stream\r?\n")


def _objects(pdf: bytes) -> tuple[dict[int, bytes], bytes]:
    """Object number → its whole `N 0 obj … endobj` bytes, and the trailer dictionary."""
    spans, trailer = _object_spans(pdf)
    return {num: pdf[a:b] for num, (a, b) in spans.items()}, trailer


def _object_spans(pdf: bytes) -> tuple[dict[int, tuple[int, int]], bytes]:
    """Object number → where its whole `N 0 obj … endobj` is in `pdf` (start, end), and the trailer
    dictionary. The cross-reference table is read entry by entry (reportlab writes each in 20
    bytes): a chunk of a hundred thousand objects is not split into as many lines."""
    start = int(pdf[pdf.rindex(b"startxref") + 9:].split()[0])
    head_end = pdf.index(b"\n", pdf.index(b"\n", start) + 1) + 1  # after "xref" and "first count"
    first, count = (int(v) for v in pdf[pdf.index(b"\n", start) + 1:head_end].split())
    ordered = []
    for i in range(count):
        at = head_end + 20 * i
        if pdf[at + 17:at + 18] == b"n":
            ordered.append((int(pdf[at:at + 10]), first + i))
    ordered.sort()
    ends = [off for off, _ in ordered[1:]] + [start]
    objects = {}
    for (off, num), end in zip(ordered, ends):
        while end > off and pdf[end - 1] in b" \t\r\n":  # the object's trailing line break
            end -= 1
        objects[num] = (off, end)
    trailer = pdf[pdf.index(b"trailer", start):]
    return objects, trailer


def _ref(text: bytes, key: bytes) -> int:
    return int(re.search(rb"/" + key + rb" (\d+) 0 R", text).group(1))


def catalog_lang(catalog: bytes) -> bytes:
    """A catalog's `/Lang (xx) ` entry as reportlab writes it (a language edition's), else nothing:
    a file made from another keeps its language."""
    found = re.search(rb"/Lang \([A-Za-z0-9-]*\) ", catalog)
    return found.group(0) if found else b""


_OBJ = re.compile(rb"^(\d+) 0 obj")


def _renumber(obj: bytes, shift: int, moved: dict[int, int] | None = None) -> bytes:
    """Renumber every object number in an object's header (never inside its stream data): `shift`
    is added to each, except the numbers `moved` maps to new ones of their own.

    The header is split at its references and put together again (a regex substitution calls
    back into Python once per reference, and a deck's files hold tens of thousands)."""
    moved = moved or {}
    at = _head_end(obj, 0, len(obj))
    head, tail = obj[:at], obj[at:]
    parts = _REF.split(head)  # text, number, text, number, …, text
    if len(parts) > 1:
        parts[1::2] = [b"%d 0 R" % moved.get(num, num + shift) for num in map(int, parts[1::2])]
        head = b"".join(parts)
    first = _OBJ.match(head)
    if first:
        num = int(first.group(1))
        head = b"%d 0 obj" % moved.get(num, num + shift) + head[first.end():]
    return head + tail


def _image_keys(pdf: bytes, spans: dict[int, tuple[int, int]]) -> dict[int, bytes]:
    """A content key for each image XObject of a chunk (its soft mask's included), so the same picture
    drawn in several chunks is written once in the joined file."""
    import hashlib

    images = {num for num, (a, b) in spans.items() if b"/Subtype /Image" in pdf[a:_head_end(pdf, a, b)]}
    keys: dict[int, bytes] = {}

    def key(num: int, depth: int = 0) -> bytes | None:
        if num in keys:
            return keys[num]
        a, b = spans[num]
        end = _head_end(pdf, a, b)
        head = re.sub(rb"^\d+ 0 obj", b"", pdf[a:end], count=1)
        parts = []
        for ref in _REF.finditer(head):  # an image refers only to other images (its soft mask)
            inner = int(ref.group(1))
            if inner not in images or depth > 2:
                return None
            sub = key(inner, depth + 1)
            if sub is None:
                return None
            parts.append(sub)
        keys[num] = hashlib.sha256(_REF.sub(b"R", head) + b"|".join(parts) + pdf[end:b]).digest()
        return keys[num]

    for num in sorted(images):
        key(num)
    return {num: k for num, k in keys.items() if k is not None}


def _head_end(pdf: bytes, start: int, end: int) -> int:
    """Where the dictionary of the object at pdf[start:end] ends: at its stream, if it has one."""
    m = _STREAM.search(pdf, start, end)
    return m.start() if m else end


def _size(pdf: bytes) -> int:
    """The trailer's /Size: one more than the highest object number."""
    return int(re.search(rb"/Size (\d+)", pdf[pdf.rindex(b"trailer"):]).group(1))


def merge_pdfs(chunks: list[bytes]) -> bytes | bytearray:
    """Join the chunks in memory (the list is emptied as it goes, so each chunk is freed once copied).

    The result is a bytearray when chunks were joined: copying a large file into
    bytes would hold it in memory twice. The bytes are those `PdfJoin` writes.
    """
    if len(chunks) == 1:
        return chunks.pop()
    out = bytearray()
    join = PdfJoin(out.extend)
    while chunks:
        join.add(chunks.pop(0))
    join.finish()
    return out


class PdfJoin:
    """Joins chunks into one PDF as each one arrives, writing it through `write` (a file's
    `write`, or a bytearray's `extend`): only the chunk being copied is held, so a joined file
    of any size can be spooled to disk with flat memory.

    The joined Pages node and Catalog are objects 1 and 2 (every page refers to its Pages
    node, and the number of objects to come is not known yet); each chunk's objects follow,
    renumbered, in order. So the cross-reference entries and the Pages node's kids can be
    written out chunk by chunk as well, into two scratch files (`scratch()`: a `pnp.spool.Spooled`,
    by default memory) copied in at the end: a file of 100,000 pages has as many kids and
    some 300,000 entries, 4 MB held as numbers until the end. A file of one chunk is better
    left as it is (`merge_pdfs` does).
    """

    _PAGES, _CATALOG = 1, 2
    _FLUSH = 1 << 20  # bytes gathered before they are written: the parent never holds a whole file's worth

    def __init__(self, write, scratch=None):
        self._write = write
        self._written = 0
        self._shift = self._CATALOG
        self._entries = (scratch or _InMemory)()  # the cross-reference entries of objects 3 and on, in order
        self._kids = (scratch or _InMemory)()  # the Pages node's kids ("N 0 R" each, space between)
        self._listed = self._CATALOG + 1  # the next object whose entry is to be written
        self._pages = 0
        self._info_id = self._trailer_id = None
        self._lang = b""  # the first chunk's catalog language
        self._images: dict[bytes, int] = {}  # a picture's content key → its object in the joined file

    def add(self, pdf: bytes) -> None:
        """Copy one chunk's pages, and every object they use, after those copied so far."""
        spans, trailer = _object_spans(pdf)
        root, info = _ref(trailer, b"Root"), _ref(trailer, b"Info")
        pages = _ref(pdf[slice(*spans[root])], b"Pages")
        kids_text = pdf[slice(*spans[pages])].split(b"/Kids", 1)[1].split(b"]", 1)[0]
        page_ids = [int(v) for v in re.findall(rb"(\d+) 0 R", kids_text)]  # in the chunk's page order
        is_page = set(page_ids)
        first = self._info_id is None
        shift = self._shift
        if first:
            header = pdf[:pdf.index(b"\n", pdf.index(b"\n") + 1) + 1]  # the version and its binary comment
            self._put(header)
            self._info_id = info + shift
            self._trailer_id = re.search(rb"/ID\s*\[[^\]]*\]", trailer).group(0)
            self._lang = catalog_lang(pdf[slice(*spans[root])])
        keys = _image_keys(pdf, spans)
        same = {num: self._images[k] for num, k in keys.items() if k in self._images}
        size = _size(pdf)
        offsets = [0] * size  # this chunk's object number → its offset in the joined file; 0: not copied
        out = bytearray()
        for num in sorted(spans):
            if num in (root, pages) or (num == info and not first) or num in same:
                continue
            if num in keys:
                self._images[keys[num]] = num + shift
            data = _renumber(pdf[slice(*spans[num])], shift, same)
            if num in is_page:  # every page now hangs from the one joined Pages node
                data = re.sub(rb"/Parent \d+ 0 R", b"/Parent %d 0 R" % self._PAGES, data, count=1)
            offsets[num] = self._written + len(out)
            out += data
            out += b"\n"
            if len(out) > self._FLUSH:  # written in slices: a chunk is not held a second time whole
                self._put(out)
                out = bytearray()
        self._put(out)
        self._entries.write(b"".join(_entry(offsets[n - shift]) for n in range(self._listed, shift + size)))
        self._listed = shift + size
        if page_ids:
            self._kids.write((b" " if self._pages else b"") + b" ".join(b"%d 0 R" % (p + shift) for p in page_ids))
            self._pages += len(page_ids)
        self._shift += size

    def finish(self) -> None:
        """The joined Pages node, the Catalog, the cross-reference table and the trailer; the kids and
        the entries are copied from their scratch files, which are then closed."""
        pages_at = self._written
        self._put(b"%d 0 obj\n<<\n/Count %d /Kids [ " % (self._PAGES, self._pages))
        self._copy(self._kids)
        self._put(b" ] /Type /Pages\n>>\nendobj\n")
        catalog_at = self._written
        self._put(b"%d 0 obj\n<<\n%s/PageMode /UseNone /Pages %d 0 R /Type /Catalog\n>>\nendobj\n"
                  % (self._CATALOG, self._lang, self._PAGES))
        start = self._written
        size = max(self._shift, self._CATALOG + 1)
        self._put(b"xref\n0 %d\n0000000000 65535 f \n%s%s" % (size, _entry(pages_at), _entry(catalog_at)))
        self._copy(self._entries)
        self._put(b"trailer\n<<\n%s\n/Info %d 0 R\n/Root %d 0 R\n/Size %d\n>>\nstartxref\n%d\n%%%%EOF\n"
                  % (self._trailer_id, self._info_id, self._CATALOG, size, start))

    def close(self) -> None:
        """Let go of the scratch files without finishing (the join is abandoned)."""
        self._entries.close()
        self._kids.close()

    def _copy(self, scratch) -> None:
        for block in scratch.blocks():
            self._put(block)
        scratch.close()

    def _put(self, data: bytes) -> None:
        self._write(data)
        self._written += len(data)


def _entry(offset: int) -> bytes:
    """An object's cross-reference entry (20 bytes): where it is, or free (0: not in the file)."""
    return b"%010d 00000 n \n" % offset if offset else b"0000000000 65535 f \n"


class _InMemory(bytearray):
    """`PdfJoin`'s scratch file when none is given: the bytes, in memory."""

    def write(self, data) -> None:
        self.extend(data)

    def blocks(self):
        yield self

    def close(self) -> None:
        self.clear()
