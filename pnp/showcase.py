"""`pnp showcase`: pictures of a game for a shop page or a crowdfunding page.

Three layouts, each one PNG of a chosen size:

- `hand`: the chosen cards fanned around one pivot below them, as a player holds them;
- `spread`: the chosen cards laid flat in rows;
- `contents`: one of everything the game prints — per deck its back and a few faces, a few of
  every other kind's pieces cut from its print-shop file (board, tokens, dice faces), and the first
  page of a file without pieces (score sheet, rulebook cover) — as if the box had been emptied
  onto the table.

Every card and page casts a soft shadow (a blurred copy of its outline) on a table-coloured
background, and `tilt` leans the whole table back in perspective. Cards are drawn by the
deck's own print-shop code (what goes into cards-printshop.pdf), rendered by pdfium at exactly
the pixel size needed and cut to the trim with the deck's rounded corners; other pages come
from the files the build pipeline renders (`pnp.build.render`). Things are arranged at their
real sizes in points and one scale fits the arrangement into the picture (a poster larger than
A3 is shown at A3, or it would dwarf the rest). The same game and options give the same bytes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from pnp.models.edition import right_to_left

LAYOUTS = ("hand", "spread", "contents")
TABLE = "#2e4a3f"  # green baize
MIN_SIDE, MAX_SIDE = 64, 8000  # pixels
MAX_PIXELS = 24_000_000
MAX_CARDS = 60  # cards in one picture
MAX_TILT = 60.0  # degrees
HAND_CARDS, SPREAD_CARDS, CONTENTS_FACES = 5, 6, 3  # cards picked when none are named
LARGEST_PAGE = 420 / 25.4 * 72  # points: an A3 long side
SHADOW_OPACITY = 150  # of 255
MARGIN = 0.05  # of the picture's width and height, kept clear on each side


class ShowcaseError(ValueError):
    """A showcase that cannot be made as asked (unknown card id, a game without cards…); the message says why."""


@dataclass(frozen=True)
class ShowcaseOptions:
    layout: str = "hand"
    size: tuple[int, int] = (1600, 1000)  # pixels
    cards: tuple[str, ...] = ()  # card ids; empty: a few picked from across the first deck
    tilt: float = 0.0  # degrees the table leans back
    background: str = TABLE


@dataclass
class Picture:
    """Something to lay on the table: its size in points and how to draw it as RGBA at a scale (px per pt)."""

    label: str
    width: float
    height: float
    draw: Callable[[float], object]


@dataclass
class Placed:
    """A picture's place in points: its centre and its clockwise turn in degrees."""

    picture: Picture
    cx: float
    cy: float
    angle: float = 0.0

    def corners(self) -> list[tuple[float, float]]:
        a = math.radians(self.angle)
        ca, sa = math.cos(a), math.sin(a)
        w, h = self.picture.width / 2, self.picture.height / 2
        return [(self.cx + x * ca - y * sa, self.cy + x * sa + y * ca) for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]


@dataclass
class Showcase:
    """The finished picture and where each thing landed, in pixels, before any tilt."""

    image: object
    placed: list[tuple[str, list[tuple[float, float]]]] = field(default_factory=list)


# --- options from the command line -------------------------------------------------------------

def parse_size(text: str) -> tuple[int, int]:
    """`1600x1000` → (1600, 1000), within MIN_SIDE..MAX_SIDE a side and MAX_PIXELS in all."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        w, h = (int(p.strip()) for p in parts)
    except ValueError:
        raise ShowcaseError(f"size {text!r}: expected WIDTHxHEIGHT in pixels, such as 1600x1000") from None
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise ShowcaseError(f"size {text!r}: each side must be {MIN_SIDE} to {MAX_SIDE} pixels")
    if w * h > MAX_PIXELS:
        raise ShowcaseError(f"size {text!r}: at most {MAX_PIXELS:,} pixels in all")
    return w, h


def parse_colour(text: str) -> str:
    from PIL import ImageColor

    try:
        r, g, b = ImageColor.getrgb(text)[:3]
    except ValueError:
        raise ShowcaseError(f"colour {text!r}: use #rrggbb or a colour name such as darkgreen") from None
    return f"#{r:02x}{g:02x}{b:02x}"


# --- cards ------------------------------------------------------------------------------------

def choose_cards(game, ids: tuple[str, ...], default: int) -> list[tuple[object, object]]:
    """(deck, card entry) for each id asked for, else `default` cards spread evenly over the first deck."""
    from pnp.errors import did_you_mean
    from pnp.export.raster import decks

    all_decks = [d for d in decks(game) if d.cards]
    if not all_decks:
        raise ShowcaseError(f"{game.name} has no cards to show: use --layout contents")
    if len(ids) > MAX_CARDS:
        raise ShowcaseError(f"{len(ids)} cards asked for: at most {MAX_CARDS} fit in one picture")
    if not ids:
        deck = all_decks[0]
        n = min(default, len(deck.cards))
        picks = sorted({round(i * (len(deck.cards) - 1) / max(n - 1, 1)) for i in range(n)})
        return [(deck, deck.cards[i]) for i in picks]
    by_id: dict[str, tuple] = {}
    for deck in all_decks:
        for entry in deck.cards:
            by_id.setdefault(entry.id, (deck, entry))
    chosen = []
    for card_id in ids:
        if card_id not in by_id:
            raise ShowcaseError(f"no card with id {card_id!r}{did_you_mean(card_id, list(by_id))}")
        chosen.append(by_id[card_id])
    return chosen


class DeckFaces:
    """Some cards of one deck drawn by its print-shop code into a small PDF, rasterised on demand."""

    def __init__(self, game, deck, entries):
        from pnp.draw.pdf import PdfSurface
        from pnp.export.raster import Rasterizer
        from pnp.kinds import kind_of

        unique = list({id(e): e for e in entries}.values())
        surface = PdfSurface(title=f"{deck.name} — showcase")
        kind = kind_of(game, deck)
        kind.print_faces(surface, deck, kind.card_drawer(game, deck, game.errors), [(e, 1) for e in unique])
        game.errors.raise_if_any()
        self.deck = deck
        self.page: dict[tuple[int, str], int] = {}
        for entry in unique:  # printshop's page order: each card's front, then its back
            for side, face in (("front", entry.front), ("back", entry.back)):
                if face is not None:
                    self.page[id(entry), side] = len(self.page)
        self.raster = Rasterizer(surface.finish(), deck)

    def close(self) -> None:
        self.raster.close()

    def picture(self, entry, side: str) -> Picture | None:
        if (id(entry), side) not in self.page:
            return None
        page, deck = self.page[id(entry), side], self.deck
        return Picture(f"{entry.id} ({side})", deck.width, deck.height,
                       lambda s: self._draw(page, s))

    def _draw(self, page: int, scale: float):
        deck = self.deck
        w, h = deck.width * scale, deck.height * scale
        size = (max(1, round(w)), max(1, round(h)))
        image = self.raster.render(page, (w, h), size).convert("RGBA")
        image.putalpha(rounded_mask(size, deck.corner_radius * scale))
        return image


def rounded_mask(size: tuple[int, int], radius: float):
    """An antialiased rounded-rectangle alpha mask (drawn up to four times larger, then reduced)."""
    from PIL import Image, ImageDraw

    k = max(1, min(4, 4000 // max(size)))  # a large card needs less smoothing and would cost a lot of memory
    big = Image.new("L", (size[0] * k, size[1] * k), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, size[0] * k - 1, size[1] * k - 1), radius=max(radius * k, 0), fill=255)
    return big.resize(size, Image.Resampling.BOX)


# --- layouts (in points) ----------------------------------------------------------------------

def hand(pictures: list[Picture], right_to_left: bool = False) -> list[Placed]:
    """A fan: card i turned by its share of the fan's angle about one pivot below the cards, each card
    over the one before it, so the side a line of text starts on shows: the left, or the right in a
    right-to-left edition (there the first card is the rightmost)."""
    n = len(pictures)
    tallest = max(p.height for p in pictures)
    radius = 2.2 * tallest  # pivot to card centre
    fan = min(10.0 * (n - 1), 70.0)  # degrees from the first card to the last
    start, turn = (fan / 2, -fan) if right_to_left else (-fan / 2, fan)
    out = []
    for i, pic in enumerate(pictures):
        angle = start + (turn * i / (n - 1) if n > 1 else 0.0)
        a = math.radians(angle)
        out.append(Placed(pic, radius * math.sin(a), -radius * math.cos(a), angle))
    return out


def spread(pictures: list[Picture], aspect: float) -> list[Placed]:
    """Flat in rows, with the number of rows that makes the cards largest in a picture of `aspect` (w/h)."""
    n = len(pictures)
    cw, ch = max(p.width for p in pictures), max(p.height for p in pictures)
    gap = 0.12 * min(cw, ch)
    best = None
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        w, h = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
        size = min(aspect / w, 1.0 / h)  # how large the block may be drawn, up to a common factor
        if best is None or size > best[0] * 1.000001:
            best = (size, rows, cols)
    _, rows, cols = best
    out = []
    for i, pic in enumerate(pictures):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)  # the last row is centred
        x = (col - (in_row - 1) / 2) * (cw + gap)
        y = (row - (rows - 1) / 2) * (ch + gap)
        out.append(Placed(pic, x, y))
    return out


@dataclass
class Group:
    """Pictures kept together when packing (a deck's back and faces): size and members' centres, in points."""

    width: float
    height: float
    members: list[tuple[Picture, float, float]]  # picture, centre x, centre y from the group's top left


def deck_group(pictures: list[Picture]) -> Group:
    """A deck as a short overlapping row: its back first, then a few faces, each 60 % of a card further."""
    w, h = max(p.width for p in pictures), max(p.height for p in pictures)
    step = 0.6 * w
    return Group(w + step * (len(pictures) - 1), h,
                 [(p, w / 2 + i * step, h / 2) for i, p in enumerate(pictures)])


def piece_group(pictures: list[Picture]) -> Group:
    """A few pieces of a kind side by side, each its own size, a tenth of the tallest apart, bottoms aligned."""
    h = max(p.height for p in pictures)
    gap = 0.1 * h
    members, x = [], 0.0
    for p in pictures:
        members.append((p, x + p.width / 2, h - p.height / 2))
        x += p.width + gap
    return Group(x - gap, h, members)


def contents(groups: list[Group], aspect: float) -> list[Placed]:
    """Shelves: groups from tallest to shortest, left to right, a new row when the next would overflow.
    The shelf width is the one that lets everything be drawn largest in a picture of `aspect` (w/h):
    a sweep over the possible widths, then a finer look around the best."""
    gap = 0.06 * max(g.height for g in groups)
    order = sorted(groups, key=lambda g: -g.height)  # stable: equal heights keep the game's order

    def shelves(limit: float):
        rows, row, used = [], [], 0.0
        for g in order:
            if row and used + gap + g.width > limit:
                rows.append(row)
                row, used = [], 0.0
            used += (gap if row else 0.0) + g.width
            row.append(g)
        rows.append(row)
        width = max(sum(g.width for g in r) + gap * (len(r) - 1) for r in rows)
        height = sum(max(g.height for g in r) for r in rows) + gap * (len(rows) - 1)
        return rows, width, height

    def scale(limit: float) -> float:
        _, width, height = shelves(limit)
        return min(aspect / width, 1.0 / height)

    lo = max(g.width for g in groups)
    hi = sum(g.width for g in groups) + gap * len(groups)
    limit = max((lo + (hi - lo) * i / 64 for i in range(65)), key=scale)  # coarse: a shelf count's best width…
    step = (hi - lo) / 64
    for _ in range(40):  # …then finer around it
        left, right = max(lo, limit - step), min(hi, limit + step)
        limit = max((left, limit, right), key=scale)
        step /= 2
    rows, _, height = shelves(limit)
    out, y = [], -height / 2
    for row in rows:
        row_w = sum(g.width for g in row) + gap * (len(row) - 1)
        row_h = max(g.height for g in row)
        x = -row_w / 2
        for g in row:
            top = y + (row_h - g.height) / 2
            out += [Placed(p, x + mx, top + my) for p, mx, my in g.members]
            x += g.width + gap
        y += row_h + gap
    return out


# --- drawing ----------------------------------------------------------------------------------

def shadow_reach(picture: Picture) -> float:
    """How far a picture's shadow reaches past its edge, in points (offset plus blur)."""
    return 0.11 * min(picture.width, picture.height)


def fit(placed: list[Placed], size: tuple[int, int]) -> tuple[float, float, float]:
    """(scale, x offset, y offset) that centre everything, shadows included, inside the margins."""
    xs, ys = [], []
    for p in placed:
        reach = shadow_reach(p.picture)
        for x, y in p.corners():
            xs += [x - reach, x + reach]
            ys += [y - reach, y + reach]
    w, h = size
    room_w, room_h = w * (1 - 2 * MARGIN), h * (1 - 2 * MARGIN)
    scale = min(room_w / max(max(xs) - min(xs), 1e-6), room_h / max(max(ys) - min(ys), 1e-6))
    return scale, w / 2 - scale * (max(xs) + min(xs)) / 2, h / 2 - scale * (max(ys) + min(ys)) / 2


def compose(placed: list[Placed], options: ShowcaseOptions) -> Showcase:
    """Draw the placed pictures, each over its own shadow, on the table; lean it back when asked."""
    from PIL import Image, ImageColor

    size = options.size
    scale, ox, oy = fit(placed, size)
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    where = []
    for p in placed:
        image = p.picture.draw(scale)
        if p.angle:
            image = image.convert("RGBa").rotate(-p.angle, resample=Image.Resampling.BICUBIC, expand=True).convert("RGBA")
        cx, cy = ox + scale * p.cx, oy + scale * p.cy
        left, top = round(cx - image.width / 2), round(cy - image.height / 2)
        drop_shadow(layer, image, left, top, scale * min(p.picture.width, p.picture.height))
        paste_over(layer, image, left, top)
        where.append((p.picture.label, [(ox + scale * x, oy + scale * y) for x, y in p.corners()]))
    if options.tilt:
        layer = layer.convert("RGBa").transform(size, Image.Transform.PERSPECTIVE, tilt_coefficients(*size, options.tilt),
                                                resample=Image.Resampling.BICUBIC).convert("RGBA")
    table = Image.new("RGBA", size, ImageColor.getrgb(options.background) + (255,))
    table.alpha_composite(layer)
    return Showcase(table.convert("RGB"), where)


def drop_shadow(layer, image, left: int, top: int, short_side_px: float) -> None:
    """The picture's outline in translucent black, moved down and right and blurred, under where it goes."""
    from PIL import Image, ImageFilter

    blur = max(1.0, 0.035 * short_side_px)
    dx, dy = round(0.025 * short_side_px), round(0.04 * short_side_px)
    pad = math.ceil(3 * blur)
    alpha = image.getchannel("A").point(lambda a: a * SHADOW_OPACITY // 255)
    mask = Image.new("L", (image.width + 2 * pad, image.height + 2 * pad), 0)
    mask.paste(alpha, (pad, pad))
    shadow = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    shadow.putalpha(mask.filter(ImageFilter.GaussianBlur(blur)))
    paste_over(layer, shadow, left - pad + dx, top - pad + dy)


def paste_over(layer, image, left: int, top: int) -> None:
    """Alpha-composite `image` onto `layer` at (left, top), clipped to the layer."""
    x0, y0 = max(left, 0), max(top, 0)
    x1, y1 = min(left + image.width, layer.width), min(top + image.height, layer.height)
    if x1 <= x0 or y1 <= y0:
        return
    layer.alpha_composite(image.crop((x0 - left, y0 - top, x1 - left, y1 - top)), dest=(x0, y0))


def tilt_coefficients(width: int, height: int, degrees: float) -> tuple[float, ...]:
    """Pillow PERSPECTIVE coefficients for leaning a picture back by `degrees` about its middle line.

    The picture is turned about its horizontal centre line, its top going away from a
    camera one and a half picture-sides away, projected, and scaled to fit the picture again. Pillow wants
    the map from output pixels to input pixels, found from the four corners.
    """
    t = math.radians(degrees)
    camera = 1.5 * max(width, height)
    cx, cy = width / 2, height / 2

    def project(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - cx, y - cy
        k = camera / (camera - dy * math.sin(t))  # the top (dy < 0) recedes, the bottom comes closer
        return dx * k, dy * math.cos(t) * k

    corners = [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]
    moved = [project(x, y) for x, y in corners]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    k = min(width / (max(xs) - min(xs)), height / (max(ys) - min(ys)))
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    moved = [(cx + (x - mx) * k, cy + (y - my) * k) for x, y in moved]
    return perspective_map(moved, corners)


def perspective_map(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> tuple[float, ...]:
    """(a…h) with dst = ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (g x + h y + 1)) for 4 point pairs."""
    rows = []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1.0, 0.0, 0.0, 0.0, -x * u, -y * u, u])
        rows.append([0.0, 0.0, 0.0, x, y, 1.0, -x * v, -y * v, v])
    n = 8
    for col in range(n):  # Gauss-Jordan elimination with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                f = rows[r][col]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[col])]
    return tuple(row[n] for row in rows)


# --- the whole picture ------------------------------------------------------------------------

def make_showcase(game, options: ShowcaseOptions, built=None) -> Showcase:
    """The picture of `options.layout` for a loaded game; `built`, the game's build on its own paper
    (`pnp.build.render`), when the caller has made it already (`pnp release`), else it is made here."""
    if options.layout not in LAYOUTS:
        raise ShowcaseError(f"unknown layout {options.layout!r}: use {', '.join(LAYOUTS)}")
    if not 0 <= options.tilt <= MAX_TILT:
        raise ShowcaseError(f"tilt {options.tilt:g}: use 0 to {MAX_TILT:g} degrees")
    aspect = options.size[0] / options.size[1]
    if options.layout == "contents":
        return _contents(game, options, aspect, built)
    chosen = choose_cards(game, options.cards, HAND_CARDS if options.layout == "hand" else SPREAD_CARDS)
    faces = _faces_by_deck(game, chosen)
    try:
        pictures = [faces[id(deck)].picture(entry, "front") for deck, entry in chosen]
        placed = hand(pictures, right_to_left()) if options.layout == "hand" else spread(pictures, aspect)
        return compose(placed, options)
    finally:
        for f in faces.values():
            f.close()


def _faces_by_deck(game, chosen) -> dict[int, DeckFaces]:
    entries: dict[int, tuple[object, list]] = {}
    for deck, entry in chosen:
        entries.setdefault(id(deck), (deck, []))[1].append(entry)
    return {key: DeckFaces(game, deck, es) for key, (deck, es) in entries.items()}


def _contents(game, options: ShowcaseOptions, aspect: float, built=None) -> Showcase:
    """Per deck its back and a few faces; then of each other kind a few of its pieces, cut from its
    print-shop file (not its sheets with crop marks), or the first page of a file that has none (the
    rulebook, a score sheet); not the kinds offering cards, shown above, nor those that only define names."""
    from pnp.build import BuildOptions, render
    from pnp.kinds import kind_module
    from pnp.export.raster import decks

    chosen = []
    for deck in decks(game):
        n = min(CONTENTS_FACES, len(deck.cards))
        picks = sorted({round(i * (len(deck.cards) - 1) / max(n - 1, 1)) for i in range(n)}) if n else []
        chosen += [(deck, deck.cards[i]) for i in picks]
    faces = _faces_by_deck(game, chosen)  # before render(): building a deck frees what its drawing needs
    docs = []
    try:
        groups = []
        for deck in decks(game):
            mine = [e for d, e in chosen if d is deck]
            if not mine:
                continue
            f = faces[id(deck)]
            back = next((f.picture(e, "back") for e in mine if f.picture(e, "back")), None)
            groups.append(deck_group(([back] if back else []) + [f.picture(e, "front") for e in mine]))
        rendered = built or render(game, BuildOptions().for_game(game))
        units_of_kinds = {c.kind for c in game.components}  # the rest (the rulebook) are the build's own
        for unit, files in rendered.units.items():
            if unit in units_of_kinds and kind_module(unit).OFFERS & {"cards", "names"}:
                continue
            pieces = sorted(n for n in files if n.endswith("printshop.pdf") and "/" not in n)
            for name in pieces:  # the unit's pieces, each cut to its trim, as a box of them shows them
                doc = _open(files[name])
                docs.append(doc)
                groups.append(piece_group([_page_group(name, doc[i]).members[0][0]
                                          for i in _distinct_pages(doc, CONTENTS_FACES + 1)]))
            for name in ([] if pieces else first_pages(files)):  # a rulebook, a pad of score sheets
                doc = _open(files[name])
                docs.append(doc)
                groups.append(_page_group(name, doc[0]))
        if not groups:
            raise ShowcaseError(f"{game.name} prints nothing to show")
        return compose(contents(groups, aspect), options)
    finally:
        for f in faces.values():
            f.close()
        for doc in docs:
            doc.close()


def _distinct_pages(doc, most: int) -> list[int]:
    """Up to `most` pages of a print-shop file, spread over it (its pieces in order, a piece's faces together)."""
    n = len(doc)
    return sorted({round(i * (n - 1) / max(most - 1, 1)) for i in range(min(most, n))})


def first_pages(files: dict[str, bytes]) -> list[str]:
    """A unit's PDFs to show by their first page; tile sheets and print-shop files go when the unit
    has another PDF (they cut up a poster or repeat, piece by piece, what the other file shows whole)."""
    pdfs = sorted(n for n in files if n.endswith(".pdf") and "/" not in n)
    whole = [n for n in pdfs if not n.endswith(("tiles.pdf", "printshop.pdf"))]
    return whole or pdfs


def _open(data: bytes):
    from pnp.preview import open_pdf

    return open_pdf(data)


def _page_group(name: str, page) -> Group:
    """One page, cut to its trim, at its real size or shrunk to LARGEST_PAGE on its longer side."""
    from pnp.preview import render_page, shown_size

    w, h = shown_size(page)
    shrink = min(1.0, LARGEST_PAGE / max(w, h))

    def draw(scale: float):
        return render_page(page, scale * shrink).convert("RGBA")

    pic = Picture(name, w * shrink, h * shrink, draw)
    return Group(pic.width, pic.height, [(pic, pic.width / 2, pic.height / 2)])
