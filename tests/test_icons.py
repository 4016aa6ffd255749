"""The built-in icon sets: registered, drawable on both backends, inside their box, and on the proof sheet."""
from __future__ import annotations

import io
import math

import pytest

from pnp.draw import icons

# the general set: what any board game reaches for
EXPECTED = [
    "wood", "stone", "brick", "wheat", "ore", "wool", "water", "fire", "food", "gold", "gem", "coin", "coins",
    *[f"die-{n}" for n in range(1, 7)], "dice",
    "arrow-right", "arrow-left", "arrow-up", "arrow-down", "cycle", "swap",
    "star", "circle", "ring", "square", "triangle", "diamond", "hexagon", "check", "cross", "plus", "minus",
    "question", "exclamation", "infinity",
    "sword", "shield", "axe", "bow", "skull", "bomb", "heart", "lightning", "hammer", "pickaxe", "gear", "key",
    "lock", "potion", "bag", "backpack", "book", "scroll", "card", "cards", "hand", "crown", "trophy", "flag", "eye",
    "magnifier", "clock", "hourglass", "sun", "moon", "meeple", "person", "people", "castle", "house", "tree",
    "mountain", "anchor", "ship",
]
INK = "#123456"


class RecordingSurface:
    """A fake Surface that tracks the transform and records the extent of everything drawn."""

    def __init__(self):
        self.m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a b c d e f: x' = a x + c y + e, y' = b x + d y + f
        self.stack: list = []
        self.points: list[tuple[float, float]] = []
        self.calls = 0
        self.width = self.height = 100.0
        self.ink = INK

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
            assert c is None or c == self.ink, f"painted in {c}, not in its ink: detail must be cut out of the ink"

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
    assert len(icons.names()) >= 60


@pytest.mark.parametrize("name", icons.names())
def test_icon_stays_inside_its_box(name):
    s = RecordingSurface()
    icons.drawer(name)(s, INK)
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
    g = layout()
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


# --- detail in any ink -------------------------------------------------------------------------
def _game_dirs():
    from pnp.paths import EXAMPLES

    return sorted(p for p in EXAMPLES.iterdir() if (p / "game.yaml").is_file())


def _all_icon_sets():
    """(label, {name: fn}) for the general set and every bundled game's own icons."""
    from pnp.draw.art import art_icons

    sets = [("general", {n: icons.drawer(n) for n in icons.names()})]
    sets += [(d.name, art_icons(d)) for d in _game_dirs() if (d / "art" / "icons").is_dir()]
    return sets


def _ink_masks(fns, ink, ground, px=48):
    """Every icon drawn in `ink` on `ground`, one page in a row; per icon, which pixels took the ink
    (a black-and-white picture: 255 where the ink is)."""
    import pypdfium2 as pdfium

    from pnp.draw.pdf import PdfSurface

    s = PdfSurface()
    s.begin_page(100 * len(fns), 100)
    s.rect(0, 0, 100 * len(fns), 100, fill=ground)
    for i, fn in enumerate(fns):
        s.define_symbol(f"i{i}", 100, 100, lambda t, fn=fn: fn(t, ink))
        s.use_symbol(f"i{i}", 100 * i, 0, 100, 100)
    s.end_page()
    page = pdfium.PdfDocument(s.finish())[0]
    grey = page.render(scale=px / 100).to_pil().convert("L")
    ground_grey = grey.getpixel((0, 0))
    ink_grey = 255 if ink == "#ffffff" else 0
    half = abs(ink_grey - ground_grey) / 2  # half-way: edges count alike
    inked = grey.point(lambda v: 255 if abs(v - ground_grey) > half else 0)
    return [inked.crop((i * px, 0, (i + 1) * px, grey.height)) for i in range(len(fns))]


def _share(mask) -> float:
    """The part of a mask's pixels that are set."""
    return mask.histogram()[255] / (mask.width * mask.height)


@pytest.mark.parametrize("label,icon_set", _all_icon_sets(), ids=lambda v: v if isinstance(v, str) else "")
def test_icons_keep_their_detail_in_any_ink(label, icon_set):
    """A white icon on a dark token shows the same picture as a black icon on paper: no detail is painted
    in a fixed colour, so none vanishes when the ink changes."""
    names = sorted(icon_set)
    fns = [icon_set[n] for n in names]
    dark = _ink_masks(fns, "#000000", "#ffffff")
    light = _ink_masks(fns, "#ffffff", "#1a237e")
    bad = []
    from PIL import ImageChops

    for name, a, b in zip(names, dark, light):
        assert _share(a) > 0.03, f"{label}/{name} draws almost nothing"
        differ = _share(ImageChops.difference(a, b)) / _share(a)
        if differ > 0.02:
            bad.append(f"{name}: {differ:.1%} of its ink differs")
    assert not bad, f"{label}: {bad}"


def test_game_icon_files_have_one_ink():
    """The bundled games' own icons paint only in currentColor (the ink the card gives them)."""
    import re

    for d in _game_dirs():
        for f in sorted((d / "art" / "icons").glob("*.svg")) if (d / "art" / "icons").is_dir() else []:
            text = f.read_text()
            paints = set(re.findall(r'(?:fill|stroke)="([^"]+)"', text)) - {"none", "currentColor"}
            assert not paints, f"{f.name}: painted in {paints}"


def _icon_names_used(game_dir):
    """Icon names a game's specs and rules use: `:name:` in text, `icon: name` and `icon:name` sources."""
    import re

    names = set()
    for f in sorted(game_dir.rglob("*")):
        if f.suffix not in (".yaml", ".md", ".csv"):
            continue
        text = f.read_text()
        names |= set(re.findall(r"(?<![\w:]):([a-z][a-z0-9]*(?:-[a-z0-9]+)*):(?![\w])", text))
        names |= set(re.findall(r"\bicon:\s*['\"]?([a-z][a-z0-9-]*)\b", text))
    return names


@pytest.mark.parametrize("game_dir", _game_dirs(), ids=lambda p: p.name)
def test_bundled_games_icon_names_all_resolve(game_dir):
    """Every icon a bundled game names is its own (art/icons/) or in the general set."""
    from pnp.render.assets import Assets

    assets = Assets(game_dir)
    used = _icon_names_used(game_dir)
    assert used, "found no icon use: the scan is broken"
    missing = sorted(n for n in used if not assets.has_icon(n))
    assert not missing, missing
