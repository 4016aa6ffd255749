"""The built-in icon sets: registered, drawable on both backends, inside their box, and on the proof sheet."""
from __future__ import annotations

import io
import math

import pytest

from pnp.draw import icons

FARM = ["house", "barn", "shed", "corn", "power", "scarecrow", "pitchfork", "screwdriver", "hammer", "wrench",
        "pliers", "saw", "corncob", "bone", "sandwich", "clothesline", "towel", "memory-eraser", "alarm-clock",
        "toolbox", "duct-tape", "keys", "tractor", "radio", "crop-circle", "sprocket", "battery", "signal",
        "saucer", "spacecraft", "farmer", "farmers-wife", "dog", "cow", "chicken", "crow", "policeman", "fbi",
        "eye"]
CAVE = ["measuring-cup", "scale", "handshake", "seismograph", "backpack", "pickaxe", "lantern", "quake", "coin",
        "idol", "vase", "crown", "gem"]
MYTHOS = ["elder-sign", "hit", "skull", "worship", "summon", "red-tile", "blue-tile", "health", "wits", "tome",
          "page", "curse", "monster", "ancient-one", "revolver", "axe", "needle", "turkey", "sanitarium",
          "investigator", "footsteps"]
DICE = [f"die-{n}" for n in range(1, 7)] + ["arrow-right", "check", "cross", "plus", "minus", "hand"]
EXPECTED = FARM + CAVE + MYTHOS + DICE


class RecordingSurface:
    """A fake Surface that tracks the transform and records the extent of everything drawn."""

    def __init__(self):
        self.m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a b c d e f: x' = a x + c y + e, y' = b x + d y + f
        self.stack: list = []
        self.points: list[tuple[float, float]] = []
        self.calls = 0
        self.width = self.height = 100.0

    # transform ---------------------------------------------------------------------
    def _apply(self, x, y):
        a, b, c, d, e, f = self.m
        return a * x + c * y + e, b * x + d * y + f

    def _mul(self, a2, b2, c2, d2, e2, f2):
        a, b, c, d, e, f = self.m
        self.m = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
                  b * e2 + d * f2 + f)

    def _scale_factor(self):
        a, b, c, d, _, _ = self.m
        return math.sqrt(abs(a * d - b * c))

    def _add(self, x, y, pad=0.0):
        """Record a local point, grown by a local pad (half a stroke, a radius) in every direction."""
        px, py = self._apply(x, y)
        k = pad * self._scale_factor()
        self.points += [(px - k, py - k), (px + k, py + k)]
        self.calls += 1

    def _check_paint(self, *colours):
        for c in colours:
            assert c is None or (isinstance(c, str) and len(c) == 7 and c.startswith("#")), c

    def save(self):
        self.stack.append(self.m)

    def restore(self):
        self.m = self.stack.pop()

    def translate(self, dx, dy):
        self._mul(1, 0, 0, 1, dx, dy)

    def rotate(self, degrees):
        r = math.radians(degrees)
        self._mul(math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)

    def scale(self, sx, sy):
        self._mul(sx, 0, 0, sy, 0, 0)

    def clip_rect(self, x, y, w, h):
        pass

    # shapes -------------------------------------------------------------------------
    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.5, radius=0, dash=None, opacity=1):
        self._check_paint(fill, stroke)
        pad = width / 2 if stroke else 0
        for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
            self._add(px, py, pad)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=0.5, dash=None, opacity=1):
        self._check_paint(fill, stroke)
        self._add(cx, cy, r + (width / 2 if stroke else 0))

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.5, opacity=1):
        self._check_paint(fill, stroke)
        pad = width / 2 if stroke else 0
        for i in range(72):  # points round the rim, so a turned ellipse is measured exactly
            a = math.radians(i * 5)
            self._add(cx + rx * math.cos(a), cy + ry * math.sin(a), pad)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.5, dash=None, cap="butt"):
        self._check_paint(stroke)
        self._add(x1, y1, width / 2)
        self._add(x2, y2, width / 2)

    def polygon(self, points, *, closed=True, fill=None, stroke=None, width=0.5, dash=None, join="miter", opacity=1):
        self._check_paint(fill, stroke)
        assert len(points) >= 2
        for x, y in points:
            self._add(x, y, width / 2 if stroke else 0)

    def path(self, commands, *, fill=None, stroke=None, width=0.5, even_odd=False, cap="butt", join="miter",
             dash=None, opacity=1):
        self._check_paint(fill, stroke)
        assert commands and commands[0][0] == "M", "a path starts with a move"
        pad = width / 2 if stroke else 0
        for cmd in commands:
            assert cmd[0] in "MLCZ", cmd
            coords = cmd[1:]
            assert len(coords) == {"M": 2, "L": 2, "C": 6, "Z": 0}[cmd[0]], cmd
            for i in range(0, len(coords), 2):
                self._add(coords[i], coords[i + 1], pad)

    def text(self, *args, **kwargs):
        raise AssertionError("icons must not draw text")

    def has_symbol(self, name):
        return False

    def define_symbol(self, name, width, height, draw):
        draw(self)

    def use_symbol(self, name, x, y, w, h):
        pass


def test_every_listed_icon_is_registered():
    missing = [n for n in EXPECTED if not icons.exists(n)]
    assert not missing, missing
    assert len(set(EXPECTED)) == len(EXPECTED)
    assert icons.exists("star") and icons.exists("circle")  # the basic set is still there


@pytest.mark.parametrize("name", icons.names())
def test_icon_stays_inside_its_box(name):
    s = RecordingSurface()
    icons.drawer(name)(s, "#123456")
    assert s.calls > 0, "drew nothing"
    assert not s.stack, "unbalanced save/restore"
    xs = [p[0] for p in s.points]
    ys = [p[1] for p in s.points]
    assert min(xs) >= -1e-6 and max(xs) <= 100 + 1e-6, (min(xs), max(xs))
    assert min(ys) >= -1e-6 and max(ys) <= 100 + 1e-6, (min(ys), max(ys))


def test_every_icon_draws_on_pdf_and_svg():
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.svg import SvgSurface

    names = icons.names()
    pdf, svg = PdfSurface(), SvgSurface()
    for surface in (pdf, svg):
        surface.begin_page(400, 400)
        for i, name in enumerate(names):
            icons.place(surface, name, (i % 10) * 40, (i // 10 % 10) * 40, 36, "#aa2200")
        surface.end_page()
    data = pdf.finish()
    assert data.startswith(b"%PDF")
    docs = svg.finish()
    assert len(docs) == 1
    assert docs[0].count("<symbol") == len(names)
    assert docs[0].count("<use") == len(names)


def test_icon_sheet_page_count():
    pypdf = pytest.importorskip("pypdf")
    from pnp.draw.icon_sheet import layout, render_icon_sheet

    n = len(icons.names())
    g = layout(14.0)
    assert g.per_page > 0
    data = render_icon_sheet()
    assert data.startswith(b"%PDF")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == math.ceil(n / g.per_page)
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - 595.28) < 0.5 and abs(float(box.height) - 841.89) < 0.5


def test_icon_sheet_subset_fits_on_one_page():
    pypdf = pytest.importorskip("pypdf")
    from pnp.draw.icon_sheet import render_icon_sheet

    reader = pypdf.PdfReader(io.BytesIO(render_icon_sheet(["house", "die-3", "skull"], size_mm=20)))
    assert len(reader.pages) == 1
