"""Measuring PDFs in tests: page sizes, print boxes, line segments, form placements, fonts.

A small content-stream interpreter (pypdf parses; we track the CTM) so tests
check geometry in page coordinates (points, origin bottom-left as in PDF).
"""
from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


def mm(points: float) -> float:
    return points / MM


def mul(a, b):
    """Concatenate PDF matrices: a then b (a × b)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


@dataclass
class Placement:
    name: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self):
        return self.x1 - self.x0

    @property
    def height(self):
        return self.y1 - self.y0


@dataclass
class PageGeometry:
    segments: list  # ((x1, y1), (x2, y2)) stroked straight lines at page level
    forms: list  # Placement of each form XObject drawn at page level
    texts: list  # (x, y, string-bytes) of text shown at page level


def reader(path) -> PdfReader:
    return PdfReader(str(path))


def geometry(page) -> PageGeometry:
    ops = ContentStream(page.get_contents(), page.pdf).operations
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    path, current = [], None
    segments, forms, texts = [], [], []
    xobjects = page["/Resources"].get("/XObject", {}) if "/Resources" in page else {}
    tm = (1, 0, 0, 1, 0, 0)
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)
        elif op == b"m":
            current = apply(ctm, float(operands[0]), float(operands[1]))
        elif op == b"l":
            p = apply(ctm, float(operands[0]), float(operands[1]))
            path.append((current, p))
            current = p
        elif op in (b"re", b"c", b"v", b"y", b"h"):
            path.append(None)  # not a plain line path
        elif op in (b"S", b"s"):
            if path and None not in path:
                segments.extend(path)
            path = []
        elif op in (b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n", b"W n"):
            path = []
        elif op == b"Do":
            name = operands[0]
            xo = xobjects[name].get_object()
            x0, y0, x1, y1 = (float(v) for v in xo["/BBox"])
            corners = [apply(ctm, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            forms.append(Placement(str(name), min(xs), min(ys), max(xs), max(ys)))
        elif op == b"Tm":
            tm = tuple(float(v) for v in operands)
        elif op in (b"Tj", b"TJ"):
            x, y = apply(ctm, tm[4], tm[5])
            texts.append((x, y, operands[0]))
    return PageGeometry(segments, forms, texts)


def fonts_embedded(path) -> dict[str, bool]:
    """Every font used on any page or inside any form → whether its program is embedded."""
    out: dict[str, bool] = {}

    def visit(resources, seen):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            name = str(font.get("/BaseFont"))
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[name] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for xo in (resources.get("/XObject") or {}).values():
            xo = xo.get_object()
            if id(xo) in seen:
                continue
            seen.add(id(xo))
            if xo.get("/Subtype") == "/Form":
                visit(xo.get("/Resources"), seen)

    for page in reader(path).pages:
        visit(page.get("/Resources"), set())
    return out


def box(page, name: str) -> tuple[float, float, float, float]:
    b = page[name]
    return tuple(float(v) for v in b)
