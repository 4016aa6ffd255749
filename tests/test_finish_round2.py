"""Print finish, second round (issue 42), measured on rendered pages: what a buyer would notice once the pages are
printed, cut and assembled."""
from __future__ import annotations

import io
import math

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.build import BuildOptions
from pnp.kinds.deck.sheetplan import sheet_options
from pnp.game import load_game
from pnp.geometry.paper import PAPERS
from pnp.geometry.tile import DEFAULT_OVERLAP, LABEL_STRIP, plan_tiles
from pnp.kinds import board as board_kind
from pnp.kinds import deck as deck_kind
from pnp.kinds.board.draw import MARK, board_size, grid_lines
from pnp.geometry.paper import MIN_MARGIN
from pnp.models.units import mm
from pnp.paths import EXAMPLES
from pnp.scaffold import create

DPI = 100
PX = DPI / 72  # pixels per point


def render(pdf: bytes, index: int, dpi: int = DPI) -> np.ndarray:
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    return np.asarray(doc[index].render(scale=dpi / 72).to_pil().convert("RGB")).astype(int)


def build_kind(game, module, paper: str = "a4") -> dict:
    """One kind's files, drawn with the game's own fonts as `pnp build` draws them."""
    kind = module.__name__.rsplit(".", 1)[1]
    with game.own_fonts():
        return module.build(game, game.of_kind(kind), BuildOptions(paper=paper, duplex="long"))


def page_count(pdf: bytes) -> int:
    return len(pdfium.PdfDocument(io.BytesIO(pdf)))


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    root = tmp_path_factory.mktemp("templates")
    return {name: load_game(create(name, root, template=name).dir) for name in ("art", "routes", "hex", "default")}


def games_with_boards(templates):
    out = {name: g for name, g in templates.items() if g.of_kind("board")}
    out["miskatonic"] = load_game(EXAMPLES / "miskatonic")
    return out


# ------------------------------------------------------------------ 1. full-art cards keep their bleed

def _runs(flags) -> list[float]:
    """Centres of the runs of True in a sequence."""
    out, run = [], []
    for i, on in enumerate(list(flags) + [False]):
        if on:
            run.append(i)
        elif run:
            out.append(sum(run) / len(run))
            run = []
    return out


def _pairs_of_cuts(cuts: list[float], size: float) -> list[float]:
    """The gaps between neighbouring cards, from the cut positions along one axis: the cuts must come
    as pairs a card apart (no cut shared by two cards), each gap at least 2 mm."""
    widths = [b - a for a, b in zip(cuts, cuts[1:])]
    assert all(abs(w - size) < 3 for w in widths[::2]), widths
    gaps = widths[1::2]
    assert all(g >= mm(2) * PX - 1 for g in gaps), gaps
    return gaps


@pytest.fixture(scope="module")
def art_deck(tmp_path_factory):
    """The art template with nine cards, so a sheet holds several rows and columns."""
    folder = create("artnine", tmp_path_factory.mktemp("art"), template="art").dir
    more = "".join(f'  - {{id: c{i}, fields: {{name: Place {i}, text: "Text {i}."}}}}\n' for i in range(6))
    with open(folder / "cards.yaml", "a", encoding="utf-8") as f:
        f.write(more)
    return load_game(folder)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_full_art_cards_stand_apart_with_their_own_bleed(art_deck, paper):
    files = build_kind(art_deck, deck_kind, paper)
    img = render(files["cards.pdf"], 0)
    ink = np.abs(img - 255).sum(axis=2) > 30
    rows_painted = np.where(ink.sum(axis=1) > img.shape[1] // 3)[0]
    cols_painted = np.where(ink.sum(axis=0) > img.shape[0] // 3)[0]
    top, bottom, left, right = rows_painted.min(), rows_painted.max(), cols_painted.min(), cols_painted.max()
    dark = img.sum(axis=2) < 450  # the thin black marks, anti-aliased to grey
    edge = int(MIN_MARGIN * PX) + 1
    xs = _runs(dark[edge:top - 1].sum(axis=0) >= 3)       # vertical crop marks above the cards
    ys = _runs(dark[:, edge:left - 1].sum(axis=1) >= 3)   # horizontal crop marks left of them
    gaps_x = _pairs_of_cuts(xs, mm(63) * PX)
    gaps_y = _pairs_of_cuts(ys, mm(88) * PX)
    assert len(gaps_x) >= 1 and len(gaps_y) >= 1  # several columns and rows, none sharing a cut
    # each gutter is painted (the cards' own bleed), not paper white: a missed cut shows the card's art
    mid_y, mid_x = int((ys[0] + ys[1]) / 2), int((xs[0] + xs[1]) / 2)
    for a, b in zip(xs[1::2], xs[2::2]):
        assert ink[mid_y - 20:mid_y + 20, int(a) + 2:int(b) - 1].all()
    for a, b in zip(ys[1::2], ys[2::2]):
        assert ink[int(a) + 2:int(b) - 1, mid_x - 20:mid_x + 20].all()


# ------------------------------------------------------------------ 2 and 4. tiled boards

def _plan(game, paper: str):
    board = game.of_kind("board")[0].model
    W, H = board_size(board)
    lx, ly = grid_lines(board)
    return board, plan_tiles(W, H, PAPERS[paper], DEFAULT_OVERLAP, lx, ly)


def _mark_pixels(img: np.ndarray) -> np.ndarray:
    r, g, b = (int(MARK[i:i + 2], 16) for i in (1, 3, 5))
    return np.abs(img - np.array([r, g, b])).sum(axis=2) < 45


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_alignment_marks_only_where_the_next_tile_hides_them(templates, paper):
    for name, game in games_with_boards(templates).items():
        board, plan = _plan(game, paper)
        files = build_kind(game, board_kind, paper)
        pdf = files["board-tiles.pdf"]
        o = plan.overlap
        for i, tile in enumerate(plan.tiles):
            marks = _mark_pixels(render(pdf, i))
            ox, oy = plan.origin(tile)
            # what stays in sight once the board is joined: the tile less the bands its right and
            # lower neighbours cover
            right = tile.w - (o if tile.col < plan.cols - 1 else 0)
            bottom = tile.h - (o if tile.row < plan.rows - 1 else 0)
            x0, y0 = math.ceil(ox * PX) + 1, math.ceil(oy * PX) + 1
            x1, y1 = int((ox + right) * PX) - 1, int((oy + bottom) * PX) - 1
            assert not marks[y0:y1, x0:x1].any(), (name, paper, tile)
            if plan.cols * plan.rows > 1 and (tile.col < plan.cols - 1 or tile.row < plan.rows - 1):
                assert marks.any(), (name, paper, tile)  # the tile underneath still carries its guides


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_use_the_fewest_sheets_and_none_is_a_strip(templates, paper):
    for name, game in games_with_boards(templates).items():
        board, plan = _plan(game, paper)
        W, H = board_size(board)
        files = build_kind(game, board_kind, paper)
        pdf = files["board-tiles.pdf"]
        tiles = page_count(pdf) - 1  # the last page is the assembly map
        # the fewest sheets any grid in either orientation could use, whatever the seams
        fewest = math.inf
        for pw, ph in ((min(PAPERS[paper]), max(PAPERS[paper])), (max(PAPERS[paper]), min(PAPERS[paper]))):
            aw, ah = pw - 2 * MIN_MARGIN, ph - 2 * MIN_MARGIN - LABEL_STRIP
            cols = max(1, math.ceil((W - DEFAULT_OVERLAP) / (aw - DEFAULT_OVERLAP) - 1e-9))
            rows = max(1, math.ceil((H - DEFAULT_OVERLAP) / (ah - DEFAULT_OVERLAP) - 1e-9))
            fewest = min(fewest, cols * rows)
        assert tiles == fewest, (name, paper, tiles, fewest)
        # the board's share of each sheet, measured from the pixels: art is whatever is not paper white
        for i in range(tiles):
            img = render(pdf, i, dpi=30)
            foot = int((LABEL_STRIP + MIN_MARGIN) * 30 / 72)  # leave out the label strip
            area = img[:-foot]
            rows_ = np.where((np.abs(area - 255).sum(axis=2) > 20).sum(axis=1) > 5)[0]
            cols_ = np.where((np.abs(area - 255).sum(axis=2) > 20).sum(axis=0) > 5)[0]
            share = (rows_.max() - rows_.min()) * (cols_.max() - cols_.min()) / (img.shape[0] * img.shape[1])
            assert share >= 1 / 3, (name, paper, i, share)


# ------------------------------------------------------------------ 3. no face with an empty region

def _longest_blank_band(img: np.ndarray, x: float, y: float, w: float, h: float, inset: float) -> float:
    """The tallest run of rows inside a card (less `inset` all round) holding nothing but paper
    white, in points."""
    x0, y0 = int((x + inset) * PX), int((y + inset) * PX)
    x1, y1 = int((x + w - inset) * PX), int((y + h - inset) * PX)
    blank = (np.abs(img[y0:y1, x0:x1] - 255).sum(axis=2) < 24).all(axis=1)
    longest = run = 0
    for b in blank:
        run = run + 1 if b else 0
        longest = max(longest, run)
    return longest / PX


@pytest.mark.parametrize("name", ["blorg", "cave", "miskatonic", "blob"])
def test_no_bundled_card_face_keeps_an_empty_region(name):
    """A face whose lower part prints only a placeholder leaves a band of bare paper across the card:
    no bundled face has a blank band taller than a fifth of the card."""
    from pnp.kinds.deck.pages import Imposition, PageOptions

    game = load_game(EXAMPLES / name)
    files = build_kind(game, deck_kind)
    if "cards.pdf" not in files:
        return
    pdf = files["cards.pdf"]
    page = 0
    for c in game.of_kind("deck"):
        deck = c.model
        imposition = Imposition(deck, sheet_options(deck, PageOptions(paper="a4", duplex="none"), deck_kind.sheet_gutter(
            game, deck, BuildOptions(paper="a4", duplex="long"))))
        for sheet in imposition.sheets():
            for side in range(imposition.pages_per_sheet if deck.double_sided else 1):
                img = render(pdf, page + side)
                for i in range(len(imposition.cards_of(sheet))):
                    p = imposition.grid.placement(imposition.cells[i])
                    x = p.x if side == 0 else imposition.page_w - p.x - p.w
                    band = _longest_blank_band(img, x, p.y, p.w, p.h, mm(4))
                    assert band < p.h / 5, (name, deck.name, page + side, i, band / mm(1))
            page += 2 if deck.double_sided else 1


# ------------------------------------------------------------------ 5. rulebook pages

def _rulebooks(templates):
    """Every bundled rulebook, full-size (A4) and booklet-size (A5) pages, with each page's text lines
    and the chapters' first pages."""
    from pnp.build import render
    from pnp.rulebook.document import PAGES, margins, render_pdf
    from pnp.rulebook.language import compile_rules
    from pnp.rulebook.story import StoryBuilder, Heading
    from pnp.rulebook.document import _headings
    from pnp.rulebook.pagination import balanced
    from pnp.rulebook.styles import make_styles

    games = {n: load_game(EXAMPLES / n) for n in ("blob", "blorg", "cave", "miskatonic")}
    games.update({f"template {n}": g for n, g in templates.items()})
    for name, game in games.items():
        with game.own_fonts():
            files = render(game, BuildOptions().for_game(game)).files
            compiled = compile_rules(game, files, game.game.rules if game.game and game.game.rules else "rules.md")
            for size, body in (("a4", 9.5), ("a5", 9.0)):
                # laid out as the build lays it out: at the body size near `body` whose pages are worth printing
                chosen: dict = {}

                def lay_out(points, fills, size=size, chosen=chosen):
                    return render_pdf(game, compiled, PAGES[size], body_size=points, chapters=chosen.setdefault(points, []),
                                      fills=fills)

                book = balanced(lay_out, body, booklet=size == "a5")
                pdf, chapters = book.pdf, chosen[book.size]
                styles = make_styles(book.size)
                headings = {h.toc_text for h in _headings(StoryBuilder(compiled, styles, 300).story())
                            if isinstance(h, Heading)}
                yield name, size, pdf, PAGES[size], margins(PAGES[size]), chapters, headings


def _fill(img: np.ndarray, pagesize, margin, scale: float) -> float:
    """How far down the text frame the page's ink reaches (0 to 1)."""
    left, right, top, bottom = margin
    y0, y1 = int(top * scale) + 1, int((pagesize[1] - bottom) * scale) - 1
    x0, x1 = int(left * scale), int((pagesize[0] - right) * scale)
    ink = np.where((np.abs(img[y0:y1, x0:x1] - 255).sum(axis=2) > 60).any(axis=1))[0]
    return (ink.max() + 1) / (y1 - y0) if len(ink) else 0.0


def _lines(page, pagesize, margin) -> list[str]:
    """The text lines inside the frame, top to bottom (from the PDF's text positions)."""
    left, right, top, bottom = margin
    tp = page.get_textpage()
    rows: dict[int, list] = {}
    for i in range(tp.count_chars()):
        x0, y0, x1, y1 = tp.get_charbox(i, loose=True)  # the font's whole line box: one per line
        middle = pagesize[1] - (y0 + y1) / 2
        if middle < top or middle > pagesize[1] - bottom:
            continue
        rows.setdefault(round(middle / 2), []).append((x0, tp.get_text_range(i, 1)))
    return ["".join(c for _, c in sorted(chars)).strip() for _, chars in sorted(rows.items())]


def test_rulebook_pages_are_well_filled_and_no_heading_ends_a_page(templates):
    for name, size, pdf, pagesize, margin, chapters, headings in _rulebooks(templates):
        doc = pdfium.PdfDocument(io.BytesIO(pdf))
        starts = {page for page, at_top in chapters if at_top}
        first_body = min(starts) if starts else 2
        assert first_body <= 3, (name, size, first_body)  # title page and one page of contents at most
        for n in range(first_body - 1, len(doc) + 1):  # the contents page and the body
            page = doc[n - 1]
            img = np.asarray(page.render(scale=50 / 72).to_pil().convert("RGB")).astype(int)
            last_of_chapter = n == len(doc) or (n + 1) in starts
            if not last_of_chapter and n >= first_body:
                assert _fill(img, pagesize, margin, 50 / 72) >= 0.40, (name, size, n)
            lines = [line for line in _lines(page, pagesize, margin) if line]
            if not lines or n == len(doc):
                continue
            assert not any(lines[-1].replace(" ", "") == h.replace(" ", "").replace("\u2002", "")
                           for h in headings), (name, size, n, lines[-1])
            # a chapter's heading keeps at least three lines of its chapter below it on its page
            for k, line in enumerate(lines):
                if any(line.replace(" ", "") == h.replace(" ", "").replace("\u2002", "") for h in headings
                       if h[:1].isdigit() and "." not in h.split("\u2002")[0]):
                    assert len(lines) - k - 1 >= 3, (name, size, n, line, lines[k:])


# ------------------------------------------------------------------ 8. balance.pdf

def test_balance_report_has_a_table_grouped_charts_fixed_colours_and_one_number_format():
    import re

    from pnp.families import cave
    from pnp.referee.balance import PLAYER_COLOURS, balance_pdf

    result = cave.referee_simulate(load_game(EXAMPLES / "cave"), games=200, seed=3)
    pdf = balance_pdf(result, "The Robbers' Cave")
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    # page 1: a table with a column per player count
    assert all(f"{n} players" in texts[0] for n in (2, 3, 4, 5)) and "all games" in texts[0]
    # one chart per measure: no chart title names a single player count
    for text in texts[1:]:
        assert not re.search(r"Win rate by policy, \d players", text)
    # one number format: decimals always one digit, thousands always grouped (the summary's own
    # sentences, written by the rule family, aside)
    body = "\n".join(texts[0].split("Figures", 1)[1:] + texts[1:])
    for number in re.findall(r"(?<![\d.,])\d[\d,]*(?:\.\d+)?", body):
        if "." in number:
            assert len(number.split(".")[1]) == 1, number
        assert not re.fullmatch(r"\d{4,}(\.\d)?", number), number
    # every player count draws in its own colour, and in that colour only, on the grouped chart's page
    for i in range(1, len(doc)):
        if "by player count" not in texts[i]:
            continue
        img = render(pdf, i)
        for n in (2, 3, 4, 5):
            r, g, b = (int(PLAYER_COLOURS[n][k:k + 2], 16) for k in (1, 3, 5))
            assert (np.abs(img - np.array([r, g, b])).sum(axis=2) < 12).sum() > 100, n


# ------------------------------------------------------------------ 7. the default template's score sheet

def test_the_default_templates_score_sheet_has_no_empty_band(templates):
    """The score sheet fills its page: between the page's 10 mm margin and the footer no band of bare
    paper is 30 mm tall or more (the sheet once floated with 49 mm of white above it)."""
    from pnp.kinds import sheet as sheet_kind

    game = templates["default"]
    pdf = build_kind(game, sheet_kind)["sheet.pdf"]
    img = render(pdf, 0)
    rows = (np.abs(img - 255).sum(axis=2) > 60).any(axis=1)
    ink = np.where(rows)[0]
    footer = ink.max()
    longest = run = 0
    for r in rows[int(mm(10) * PX):footer]:
        run = 0 if r else run + 1
        longest = max(longest, run)
    assert longest / PX < mm(30), longest / PX / mm(1)


# ------------------------------------------------------------------ 7. the routes template

def _text_boxes(page, words: list[str], page_h: float) -> dict[str, tuple[float, float, float, float]]:
    """Each word's box on the page (left, top, right, bottom in points from the top-left), from the
    PDF's text positions."""
    tp = page.get_textpage()
    out = {}
    for word in words:
        search = tp.search(word, match_case=True, match_whole_word=True)
        found = search.get_next()
        if found:
            start, count = found
            boxes = [tp.get_charbox(i) for i in range(start, start + count)]
            out[word] = (min(b[0] for b in boxes), page_h - max(b[3] for b in boxes),
                         max(b[2] for b in boxes), page_h - min(b[1] for b in boxes))
    return out


def test_routes_template_names_stay_off_the_routes_and_each_player_has_a_colour(templates):
    import re

    from pnp.kinds import tokens as tokens_kind

    game = templates["routes"]
    board = game.of_kind("board")[0].model
    route_colours = {c.color for c in board.spec.connections if c.color}
    names = [n.label for n in board.spec.nodes.values()]
    pdf = build_kind(game, board_kind)["board-poster.pdf"]
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    page = doc[0]
    img = render(pdf, 0, dpi=150)
    boxes = _text_boxes(page, names, page.get_size()[1])
    assert set(boxes) == set(names)
    for name, (x0, y0, x1, y1) in boxes.items():
        patch = img[int(y0 * 150 / 72):int(y1 * 150 / 72), int(x0 * 150 / 72):int(x1 * 150 / 72)]
        for colour in route_colours:
            # a name sits on a white panel at 85 % opacity: a route under it shows through, faintly
            rgb = 0.15 * np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)]) + 0.85 * 255
            # a route's fill under the name shows as a patch of its colour (a stray pixel of the
            # anti-aliased dark lettering comes near the slate grey: under 3 % of the name is allowed)
            assert (np.abs(patch - rgb).sum(axis=2) < 8).mean() < 0.03, (name, colour)
    # one train colour (and one score marker) for every player the game allows
    most = int(re.findall(r"\d+", str(game.game.players))[-1])
    tokens = build_kind(game, tokens_kind)["tokens.pdf"]
    img = render(tokens, 0)
    trains = {p.spec.front.fill for p in game.of_kind("tokens")[0].model.pieces if "train" in p.spec.id}
    assert len(trains) == most
    for colour in trains:
        rgb = np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)])
        assert (np.abs(img - rgb).sum(axis=2) < 20).sum() > 500, colour


# ------------------------------------------------------------------ 6. small and faint text (the fixed cases)

def _font_sizes(pdf: bytes) -> list[tuple[int, str, float]]:
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    out = []
    for i in range(len(doc)):
        tp = doc[i].get_textpage()
        for k in range(tp.count_chars()):
            ch = tp.get_text_range(k, 1)
            if ch.strip():
                out.append((i, ch, raw.FPDFText_GetFontSize(tp.raw, k)))
    return out


def _contrast(a, b) -> float:
    def lum(rgb):
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_blob_piece_letters_and_the_star_chart_print_at_6pt_or_more():
    from pnp.kinds import sheet as sheet_kind
    from pnp.kinds import tokens as tokens_kind

    blob = load_game(EXAMPLES / "blob")
    sizes = _font_sizes(build_kind(blob, sheet_kind)["sheet.pdf"])
    assert sizes and min(s for *_, s in sizes) >= 5.95, sorted(set(round(s, 1) for *_, s in sizes))[:3]
    misk = load_game(EXAMPLES / "miskatonic")
    sizes = _font_sizes(build_kind(misk, tokens_kind)["tokens.pdf"])
    assert sizes and min(s for *_, s in sizes) >= 5.95, sorted(set(round(s, 1) for *_, s in sizes))[:3]


def test_the_reporters_pack_reads_at_4_5_to_1_measured_from_pixels():
    """The pack's lettering against what is under it, both taken from the rendered page."""
    from pnp.kinds import tokens as tokens_kind

    misk = load_game(EXAMPLES / "miskatonic")
    pdf = build_kind(misk, tokens_kind)["tokens.pdf"]
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    for i in range(len(doc)):
        page = doc[i]
        boxes = _text_boxes(page, ["Reporter"], page.get_size()[1])
        if not boxes:
            continue
        img = render(pdf, i, dpi=300)
        x0, y0, x1, y1 = (int(v * 300 / 72) for v in boxes["Reporter"])
        # the two commonest colours inside the word's box: what is under the letters, and the letters
        # (solid strokes at 300 dpi; anti-aliased edges are each rare)
        patch = img[y0:y1, x0:x1].reshape(-1, 3)
        colours, counts = np.unique(patch, axis=0, return_counts=True)
        under, letters = colours[np.argsort(counts)[::-1][:2]]
        assert _contrast(letters, under) >= 4.5, (letters, under, _contrast(letters, under))
        return
    pytest.fail("the Reporter's pack is not on any page")
