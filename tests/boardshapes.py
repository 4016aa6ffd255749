"""Reading the drawn board back from a PDF: the board form's polygons, circles and their fills, in board points.

The board art is one form XObject drawn y-down at true scale; this walks its content stream
(pypdf parses, we track the CTM and the fill colour) and returns what was painted, so tests
measure hexes, nodes and track spaces in the file a designer prints.
"""
from __future__ import annotations

import io
import math

from pypdf import PdfReader
from pypdf.generic import ContentStream

from pdfmeasure import apply, mul

MM = 72 / 25.4


def board_form(pdf: bytes, page: int = 0):
    """(the form's placement matrix on the page, the form object) of the board on a page."""
    reader = PdfReader(io.BytesIO(pdf))
    pg = reader.pages[page]
    xobjects = pg["/Resources"]["/XObject"]
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    for operands, op in ContentStream(pg.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)
        elif op == b"Do":
            form = xobjects[operands[0]].get_object()
            if str(operands[0]).startswith("/FormXob.Fboard"):
                return ctm, form, reader
    raise AssertionError("no board form on the page")


def shapes(pdf: bytes, page: int = 0):
    """Polygons (fill, [points]) and circles (fill, centre, radius) painted in the board form (and the
    forms it uses: icons, art), in board points."""
    ctm0, form, reader = board_form(pdf, page)
    polygons, circles = [], []
    _walk(form, reader, (1, 0, 0, 1, 0, 0), polygons, circles, 0)
    return ctm0, polygons, circles


def _walk(form, reader, ctm, polygons, circles, depth) -> None:
    stack, fill, path, curves = [], None, [], 0
    xobjects = (form.get("/Resources") or {}).get("/XObject") or {}
    for operands, op in ContentStream(form, reader).operations:
        if op == b"q":
            stack.append((ctm, fill))
        elif op == b"Q":
            ctm, fill = stack.pop()
        elif op == b"cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)
        elif op == b"rg":
            fill = tuple(round(float(v) * 255) for v in operands)
        elif op == b"m":
            path, curves = [apply(ctm, float(operands[0]), float(operands[1]))], 0
        elif op == b"l":
            path.append(apply(ctm, float(operands[0]), float(operands[1])))
        elif op == b"c":
            curves += 1
            path.append(apply(ctm, float(operands[4]), float(operands[5])))
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            path, curves = [apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)], 0
        elif op in (b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s"):
            if path:
                if curves == 4 and len(path) == 5:
                    cx = sum(p[0] for p in path[:4]) / 4
                    cy = sum(p[1] for p in path[:4]) / 4
                    circles.append((fill, (cx, cy), math.dist(path[0], (cx, cy))))
                elif curves == 0:
                    polygons.append((fill, path))
            path = []
        elif op == b"Do" and depth < 4 and operands[0] in xobjects:
            inner = xobjects[operands[0]].get_object()
            if inner.get("/Subtype") == "/Form":
                m = tuple(float(v) for v in inner.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _walk(inner, reader, mul(m, ctm), polygons, circles, depth + 1)


def rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
