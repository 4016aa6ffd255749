"""A gradient's see-through stops in a PDF: a soft mask that paints each stop's opacity.

A PDF shading has colours and no opacity, so a gradient with a stop such as `#26323800` (fading to
nothing) is drawn as its colours' shading under a luminosity soft mask (PDF 1.4, ISO 32000-1
§11.6.5.3): a transparency group that paints the same geometry in grey, white where a stop is
opaque and black where it is not. The mask is set in the graphics state, inside the save/restore
that clips the gradient to its shape, so nothing after it is masked. A PDF/X-1a print-shop file,
which may hold no transparency, flattens a page holding one (`pnp.printshop.pdfx`).
"""
from __future__ import annotations

from pnp.draw.gradient import Gradient, stop_opacity

_SHADING = "Sh0"  # the mask's own shading, named in its own resources


def soft_mask(canvas, gradient: Gradient, commands) -> None:
    """Set a soft mask of `gradient`'s stop opacities on `canvas`, in its current user space (the
    gradient's own, after its matrix); `commands`, the clipped path before that matrix, bound the mask."""
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfgen.canvas import _buildColorFunction

    doc = canvas._doc
    opacities = [[round(stop_opacity(colour), 4)] for _, colour in gradient.stops]
    function = _buildColorFunction(opacities, [offset for offset, _ in gradient.stops])
    if gradient.kind == "linear":
        shading = pdfdoc.PDFAxialShading(*gradient.coords, Function=function, ColorSpace="DeviceGray",
                                         Extend="[true true]")
    else:
        cx, cy, r = gradient.coords
        shading = pdfdoc.PDFRadialShading(cx, cy, 0.0, cx, cy, r, Function=function, ColorSpace="DeviceGray",
                                          Extend="[true true]")
    group = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Group"), "S": pdfdoc.PDFName("Transparency"),
                                  "CS": pdfdoc.PDFName("DeviceGray")})
    resources = pdfdoc.PDFDictionary({"Shading": pdfdoc.PDFDictionary({_SHADING: doc.Reference(shading)})})
    form = pdfdoc.PDFStream(pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Form"),
        "BBox": pdfdoc.PDFArray([round(v, 3) for v in _bounds(gradient, commands)]),
        "Group": group, "Resources": resources}), f"/{_SHADING} sh".encode("ascii"), filters=[])
    mask = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Mask"), "S": pdfdoc.PDFName("Luminosity"),
                                 "G": doc.Reference(form)})
    # reportlab's graphics states are a table of (key, value) → name, listed in every page's and form's
    # resources; the mask joins it as one more, named as reportlab names its own
    states = canvas._extgstate._c
    name = f"gRLs{len(states)}"
    states[("SMask", mask)] = name
    canvas._code.append(f"/{name} gs")


def _bounds(gradient: Gradient, commands) -> tuple[float, float, float, float]:
    """The path's bounding box (its points and control points) in the gradient's own space, a point wider."""
    xs, ys = [], []
    for cmd in commands:
        values = cmd[1:]
        xs += values[0::2]
        ys += values[1::2]
    a, b, c, d, e, f = gradient.matrix
    det = a * d - b * c  # not degenerate: the caller drew a flat colour for that
    corners = []
    for x in (min(xs), max(xs)):
        for y in (min(ys), max(ys)):
            x0, y0 = x - e, y - f
            corners.append(((d * x0 - c * y0) / det, (-b * x0 + a * y0) / det))
    return (min(p[0] for p in corners) - 1, min(p[1] for p in corners) - 1,
            max(p[0] for p in corners) + 1, max(p[1] for p in corners) + 1)
