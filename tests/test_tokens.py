"""The tokens kind, measured in the PDF: bleed around every piece, crop marks clear of the paper's edge,
duplex backs mirrored, identical shared backs, the print-shop file's boxes, SVG sheets, the piece list,
standees, custom outlines, radial tracks whose words nothing overprints, and located errors."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from pypdf import PdfReader

from pdfmeasure import box, geometry
from pnp.build import BuildOptions
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.kinds import tokens as tokens_kind
from pnp.geometry.paper import MIN_MARGIN, paper_size
from pnp.paths import EXAMPLES
from pnp.kinds.tokens.bands import layout_pages
from pnp.kinds.tokens.draw import draw_radial, radial_geometry, radial_text_extents
from pnp.models.units import mm

GAME = EXAMPLES / "miskatonic"
DPI = 254  # 10 px per mm
K = DPI / 72


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def tokens(game):
    return game.of_kind("tokens")[0].model


def _build(game, paper="a4", duplex="long", formats=("pdf",)):
    return tokens_kind.build(game, game.of_kind("tokens"), BuildOptions(paper=paper, duplex=duplex, formats=formats))


@pytest.fixture(scope="module")
def out(game):
    return _build(game, formats=("pdf", "svg"))


@pytest.fixture(scope="module")
def pdf(out):
    return out["tokens.pdf"]


def _pages(tokens, paper="a4"):
    return layout_pages(tokens.pieces, *paper_size(paper), tokens.spec.bleed)


def _render(pdf_bytes, index, dpi=DPI):
    return pdfium.PdfDocument(pdf_bytes)[index].render(scale=dpi / 72).to_pil().convert("RGB")


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def _close(a, b, tol=24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def _write_game(tmp_path: Path, tokens_yaml: str, art: dict[str, str] | None = None) -> Path:
    d = tmp_path / "g"
    d.mkdir()
    (d / "game.yaml").write_text("title: T\nplayers: 2\n")
    (d / "tokens.yaml").write_text(tokens_yaml)
    for rel, text in (art or {}).items():
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_text(text)
    return d


# --------------------------------------------------------------------------- sheets


def test_every_counted_piece_is_placed(tokens):
    pages = _pages(tokens)
    placed = [it.piece.spec.id for page in pages for band in page for it in band.items]
    assert len(placed) == sum(p.spec.count for p in tokens.pieces)
    assert placed.count("page") == 5 and placed.count("curse") == 4


def test_ancient_one_health_track_has_a_printed_marker(tokens):
    """The rules give the Ancient One 6 Health on its own track, so the game prints a marker for it
    in the track's colour besides the four investigators' Health markers."""
    board = tokens.by_id("ancient-one-track").spec
    marker = tokens.by_id("ancient-one-marker").spec
    assert board.tracks[0].max == 6 and marker.count == 1
    assert marker.front.fill == board.tracks[0].color


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_stay_5mm_from_every_page_edge(game, paper):
    pdf = _build(game, paper=paper)["tokens.pdf"]
    pw, ph = paper_size(paper)
    reader = PdfReader(io.BytesIO(pdf))
    checked = 0
    for page in reader.pages:
        for (x1, y1), (x2, y2) in geometry(page).segments:
            for x, y in ((x1, y1), (x2, y2)):
                assert min(x, y, pw - x, ph - y) >= MIN_MARGIN - 0.01, (paper, x / mm(1), y / mm(1))
                checked += 1
        for form in geometry(page).forms:  # and every piece with its bleed too
            assert min(form.x0, form.y0, pw - form.x1, ph - form.y1) >= MIN_MARGIN - 0.01
    assert checked > 100


def test_marks_extend_both_cut_lines_of_every_piece_outside_its_bleed(game, tokens, pdf):
    """Every piece is cut on its own four lines (the pieces are spaced twice the bleed): a mark lies on the
    extension of each, and no mark enters any piece's bleed."""
    reader = PdfReader(io.BytesIO(pdf))
    b = tokens.spec.bleed
    for page_no, bands in zip(_front_page_numbers(tokens), _pages(tokens)):
        g = geometry(reader.pages[page_no])
        ph = paper_size("a4")[1]
        vertical = {round(x1, 1) for (x1, y1), (x2, y2) in g.segments if abs(x1 - x2) < 0.01}
        horizontal = {round(ph - y1, 1) for (x1, y1), (x2, y2) in g.segments if abs(y1 - y2) < 0.01}
        for band in bands:
            for i, it in enumerate(band.items):
                x, y = band.trim(i)
                assert {round(x, 1), round(x + it.w, 1)} <= vertical
                assert {round(y, 1), round(y + it.h, 1)} <= horizontal
        for form in g.forms:  # PDF y runs up; pieces in bleed boxes
            for (x1, y1), (x2, y2) in g.segments:
                inside = (form.x0 + 0.01 < max(x1, x2) and min(x1, x2) < form.x1 - 0.01
                          and form.y0 + 0.01 < max(y1, y2) and min(y1, y2) < form.y1 - 0.01)
                assert not inside
        assert b > 0


def _front_page_numbers(tokens):
    n, out = 0, []
    for bands in _pages(tokens):
        out.append(n)
        n += 2 if any(it.has_back for band in bands for it in band.items) else 1
    return out


def test_bleed_around_every_piece_has_its_edge_colour(tokens, pdf):
    """Pixels just outside each piece's cut (1 mm out, at the middle of every side) are the piece's own
    fill: a cut a little off shows the piece's colour, never white or the neighbour's."""
    assert tokens.spec.bleed == pytest.approx(mm(2))
    for page_no, bands in zip(_front_page_numbers(tokens), _pages(tokens)):
        img = _render(pdf, page_no)
        for band in bands:
            for i, it in enumerate(band.items):
                x, y = band.trim(i)
                fill = _rgb(it.piece.spec.front.fill)
                for px, py in ((x - mm(1), y + it.h / 2), (x + it.w + mm(1), y + it.h / 2),
                               (x + it.w / 2, y - mm(1)), (x + it.w / 2, y + it.h + mm(1))):
                    got = img.getpixel((round(px * K), round(py * K)))
                    assert _close(got, fill), (it.piece.spec.id, got, fill)
                if i % band.cols:
                    continue   # beyond the bleed of the first in a row, the paper
                got = img.getpixel((round((x - tokens.spec.bleed - mm(0.7)) * K), round((y + it.h / 2) * K)))
                assert got == (255, 255, 255)


def test_bleed_is_settable(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\nbleed: 3mm\npieces:\n"
                              "  - {id: a, shape: circle, size: 20mm, count: 3, front: {fill: '#c62828'}}\n")
    g = load_game(d)
    shop = _build(g)["tokens-printshop.pdf"]
    page = PdfReader(io.BytesIO(shop)).pages[0]
    x0, y0, x1, y1 = box(page, "/TrimBox")
    bx0, by0, bx1, by1 = box(page, "/BleedBox")
    assert (x1 - x0) / mm(1) == pytest.approx(20, abs=0.01)
    assert (x0 - bx0) / mm(1) == pytest.approx(3, abs=0.01) and (bx1 - x1) / mm(1) == pytest.approx(3, abs=0.01)


def test_tome_backs_identical(tokens, pdf):
    pw, _ = paper_size("a4")
    crops = []
    for page_no, bands in zip(_front_page_numbers(tokens), _pages(tokens)):
        if not any(it.has_back for band in bands for it in band.items):
            continue
        img = _render(pdf, page_no + 1)
        for band in bands:
            for i, it in enumerate(band.items):
                if it.piece.spec.id in ("page", "curse"):
                    x, y = band.trim(i)
                    bx = pw - x - it.w   # long-edge duplex: mirrored across the page
                    crops.append(img.crop((round(bx * K) + 2, round(y * K) + 2, round((bx + it.w) * K) - 2,
                                           round((y + it.h) * K) - 2)))
    assert len(crops) == 9
    for c in crops:
        assert c.size == crops[0].size
        diff = ImageChops.difference(c, crops[0]).convert("L").point(lambda v: 255 if v > 8 else 0)
        assert diff.histogram()[255] < 0.01 * c.width * c.height
    assert max(crops[0].getcolors(100_000))[1] == _rgb("#4e342e")   # the brown back, not blank


def test_backs_page_follows_and_mirrors(tokens, pdf):
    reader = PdfReader(io.BytesIO(pdf))
    assert "fronts" in reader.pages[0].extract_text() and "backs" in reader.pages[1].extract_text()
    pw, ph = paper_size("a4")
    bands = _pages(tokens)[0]
    fronts = geometry(reader.pages[0]).forms
    backs = geometry(reader.pages[1]).forms
    b = tokens.spec.bleed
    for band in bands:
        for i, it in enumerate(band.items):
            if not it.has_back:
                continue
            x, y = band.trim(i)
            assert any(abs(f.x0 - (x - b)) < 0.01 and abs(f.y1 - (ph - y + b)) < 0.01 for f in fronts)
            assert any(abs(f.x0 - (pw - x - it.w - b)) < 0.01 and abs(f.y1 - (ph - y + b)) < 0.01 for f in backs)


def test_fonts_embedded(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            desc = font.get_object().get("/DescendantFonts")
            f = desc[0].get_object() if desc else font.get_object()
            assert "/FontFile2" in f["/FontDescriptor"]


def test_same_input_same_bytes(game, out):
    again = _build(game, formats=("pdf", "svg"))
    assert again.keys() == out.keys()
    assert all(again[k] == out[k] for k in out)


# --------------------------------------------------------------------------- print shop, SVG, pieces


def test_printshop_one_face_per_page_with_trim_and_bleed_boxes(game, tokens, out):
    listed = tokens_kind.pieces(game, game.of_kind("tokens")[0])
    reader = PdfReader(io.BytesIO(out["tokens-printshop.pdf"]))
    assert len(reader.pages) == sum(len(p.faces) for p in listed)
    sizes = [(p.width, p.height) for p in listed for _ in p.faces]
    for page, (w, h) in zip(reader.pages, sizes):
        x0, y0, x1, y1 = box(page, "/TrimBox")
        bx0, by0, bx1, by1 = box(page, "/BleedBox")
        assert (x1 - x0, y1 - y0) == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
        assert x0 - bx0 == pytest.approx(max(tokens.spec.bleed, mm(3)), abs=0.01)  # 3 mm at least
        for (ax, ay), (bx, by) in geometry(page).segments:   # no marks (they would lie outside the trim)
            assert x0 - 0.01 <= min(ax, bx) and max(ax, bx) <= x1 + 0.01
            assert y0 - 0.01 <= min(ay, by) and max(ay, by) <= y1 + 0.01
    first = reader.pages[0]
    assert (box(first, "/TrimBox")[2] - box(first, "/TrimBox")[0]) / mm(1) == pytest.approx(14, abs=0.01)


def test_svg_one_per_sheet_page(out, pdf):
    svgs = sorted(k for k in out if k.startswith("svg/tokens/miskatonic/"))
    assert len(svgs) == len(PdfReader(io.BytesIO(pdf)).pages)
    w, h = paper_size("a4")
    for name in svgs:
        head = out[name][:600]
        assert re.search(r'viewBox="0,?\s*0,?\s*' + f"{w:g}"[:5], head)
    # the first sheet shows the pieces with their fills
    assert "#fff3e0" in out[svgs[0]] and "#311b92" in out[svgs[0]]


def test_piece_list(game, tokens):
    listed = {p.key: p for p in tokens_kind.pieces(game, game.of_kind("tokens")[0])}
    page, monster, board, track = listed["page"], listed["monster-2"], listed["professor-pack"], listed["star-chart"]
    assert (page.count, page.width / mm(1), page.shape, page.shared_back, len(page.faces)) == (5, pytest.approx(14),
                                                                                             "rounded", True, 2)
    assert page.bleed == tokens.spec.bleed and page.radius > 0
    assert (monster.shape, len(monster.faces), monster.shared_back) == ("circle", 2, False)
    assert board.what == "player board" and board.width / mm(1) == pytest.approx(90) and len(board.faces) == 1
    assert track.what == "board" and "4 arms of 5 spaces" in track.description
    # a face draws its full bleed: on a page of trim plus bleed the corner pixel is the fill
    from pnp.draw.pdf import PdfSurface

    s = PdfSurface()
    s.begin_page(page.width + 2 * page.bleed, page.height + 2 * page.bleed)
    page.faces[1](s)
    s.end_page()
    img = _render(s.finish(), 0)
    assert _close(img.getpixel((1, 1)), _rgb("#4e342e"))


# --------------------------------------------------------------------------- radial tracks


def test_radial_words_are_not_overprinted_and_stay_in_the_disc(tokens):
    """Drawn without its words, the boxes the words cover are one flat colour: no ring, speck, arm, space
    or icon runs under the words. And every such box lies inside the disc."""
    from pnp.draw.pdf import PdfSurface

    piece = tokens.by_id("star-chart")
    r, face, w, h = piece.spec.radial, piece.spec.front, piece.w, piece.h
    extents = radial_text_extents(r, face, w, h)
    assert len(extents) == 2
    s = PdfSurface()
    s.begin_page(w, h)
    s.rect(0, 0, w, h, fill=face.fill)
    draw_radial(s, r, face, w, h, load_game(GAME).assets, words=False)
    s.end_page()
    img = _render(s.finish(), 0)
    for x, y, bw, bh in extents:
        crop = img.crop((round(x * K), round(y * K), round((x + bw) * K), round((y + bh) * K)))
        colours = crop.getcolors(1_000_000)
        assert len(colours) == 1 and _close(colours[0][1], _rgb(face.fill), 2), colours[:5]
    g = radial_geometry(r, w, h)
    disc = min(w, h) / 2 - mm(1.5)
    for x, y, bw, bh in extents:
        for cx, cy in ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh)):
            assert ((cx - g.cx) ** 2 + (cy - g.cy) ** 2) ** 0.5 < disc - mm(1)


def test_radial_words_show(tokens, pdf):
    """The check above is not vacuous: with its words, the same boxes carry ink."""
    pages = _pages(tokens)
    for page_no, bands in zip(_front_page_numbers(tokens), pages):
        for band in bands:
            for i, it in enumerate(band.items):
                if it.piece.spec.id == "star-chart":
                    x, y = band.trim(i)
                    img = _render(pdf, page_no)
                    spec = it.piece.spec
                    for ex, ey, ew, eh in radial_text_extents(spec.radial, spec.front, it.w, it.h):
                        crop = img.crop((round((x + ex) * K), round((y + ey) * K), round((x + ex + ew) * K),
                                         round((y + ey + eh) * K)))
                        assert any(_close(c, _rgb(spec.front.ink), 40) for _, c in crop.getcolors(1_000_000))
                    return
    pytest.fail("no radial track on the sheets")


def test_radial_track_from_spec_labels_arms(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\npieces:\n"
                              "  - id: r\n    size: 120mm\n    shape: square\n"
                              "    radial: {arms: 3, spaces: 2, labels: [near, far], centre: {label: END}}\n"
                              "    front: {fill: '#ffffff', ink: '#000000', label: Clock, text: Move in.}\n")
    out = _build(load_game(d))
    text = PdfReader(io.BytesIO(out["tokens.pdf"])).pages[0].extract_text()
    assert text.count("near") == 3 and text.count("far") == 3 and "END" in text and "Clock" in text


def test_engine_names_no_bundled_game():
    """The tokens engine speaks of pieces, tracks and arms; the games' own words live in their specs."""
    import pnp.kinds.tokens
    import pnp.kinds.tokens.draw
    import pnp.kinds.tokens.models

    words = re.compile(r"star.?chart|ancient|tome|miskatonic|investigator|cthulhu|sanitarium|curse|night sky|"
                       r"blob|blorg|cave", re.I)
    for module in (pnp.kinds.tokens.models, pnp.kinds.tokens.draw, pnp.kinds.tokens):
        source = Path(module.__file__).read_text()
        assert not words.findall(source), (module.__name__, words.findall(source))


# --------------------------------------------------------------------------- standees, outlines, images, fonts

STAR_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            '<path d="M50 0 L61 38 L100 38 L69 61 L80 100 L50 76 L20 100 L31 61 L0 38 L39 38 Z"/></svg>')
FACE_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
            '<rect x="0" y="0" width="10" height="10" fill="#00ff00"/></svg>')


def test_standee_fold_over_body_and_slotted_base(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\npieces:\n"
                              "  - id: hero\n    size: {width: 25mm, height: 40mm}\n    count: 2\n"
                              "    standee: {base: 18mm}\n"
                              "    front: {fill: '#1565c0', ink: white, label: Hero}\n"
                              "    back: {fill: '#c62828', ink: white, label: Hero}\n")
    g = load_game(d)
    out = _build(g)
    reader = PdfReader(io.BytesIO(out["tokens.pdf"]))
    assert len(reader.pages) == 1          # front and back on one side of the sheet: no duplex needed
    forms = geometry(reader.pages[0]).forms
    sizes = sorted({(round(f.width / mm(1), 1), round(f.height / mm(1), 1)) for f in forms})
    assert sizes == [(29.0, 84.0), (41.0, 22.0)]   # base 25+12 × 18, body 25 × 2·40, each plus 2 × 2 mm bleed
    text = reader.pages[0].extract_text()
    assert "fold" in text and "cut slot" in text
    # the back is above the fold, the front below it
    body = next(f for f in forms if f.height / mm(1) > 80)
    img = _render(out["tokens.pdf"], 0)
    ph = paper_size("a4")[1]
    top = ph - body.y1 + mm(4)
    assert _close(img.getpixel((round((body.x0 + mm(4)) * K), round(top * K))), _rgb("#c62828"))
    assert _close(img.getpixel((round((body.x0 + mm(4)) * K), round((ph - body.y0 - mm(4)) * K))), _rgb("#1565c0"))
    listed = tokens_kind.pieces(g, g.of_kind("tokens")[0])
    assert [(p.what, p.count, len(p.faces)) for p in listed] == [("standee", 2, 2), ("standee base", 2, 1)]


def test_custom_outline_and_image_and_font(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\npieces:\n"
                              "  - {id: s, shape: custom, outline: art/star.svg, size: 30mm,\n"
                              "     front: {fill: '#ffd54f', ink: '#000000', image: art/face.svg, font: serif,\n"
                              "             text: '**Bold** and :star:'}}\n",
                    {"art/star.svg": STAR_SVG, "art/face.svg": FACE_SVG})
    out = _build(load_game(d))
    img = _render(out["tokens.pdf"], 0)
    form = geometry(PdfReader(io.BytesIO(out["tokens.pdf"])).pages[0]).forms[0]
    ph = paper_size("a4")[1]
    x0, y0 = form.x0 + mm(2), ph - form.y1 + mm(2)
    # the image is drawn (green) and the outline's cut line follows the star's top point
    assert any(_close(c, (0, 255, 0), 30) for _, c in img.crop(
        (round(x0 * K), round(y0 * K), round((x0 + mm(30)) * K), round((y0 + mm(30)) * K))).getcolors(1_000_000))
    column = [img.getpixel((round((x0 + mm(15)) * K), round((y0 + mm(t / 10)) * K))) for t in range(-5, 10)]
    assert any(sum(c) < 300 for c in column)
    from pdfmeasure import fonts_embedded

    (tmp_path / "t.pdf").write_bytes(out["tokens.pdf"])
    fonts = fonts_embedded(tmp_path / "t.pdf")
    assert any("Serif" in name and "Bold" in name for name in fonts), fonts   # **Bold** in the serif text
    assert all(fonts.values())


# --------------------------------------------------------------------------- located errors


@pytest.mark.parametrize("pieces, where, message", [
    ("  - {id: a, size: 14mm, back: nope}\n", r"tokens.yaml:4:", "unknown back 'nope'"),
    ("  - {id: a, size: 14mm, shape: custom}\n", r"tokens.yaml:4:", "go together"),
    ("  - {id: a, size: 14mm, shape: custom, outline: ../../etc/passwd.svg}\n", r"tokens.yaml:4:", "outside|inside"),
    ("  - {id: a, size: 14mm, front: {image: art/x.png}}\n", r"tokens.yaml:4:", "SVG|not found|does not exist"),
    ("  - {id: a, size: 500mm}\n", r"tokens.yaml:4:", "more than 400 mm"),
    ("  - {id: a, size: 14mm, count: 501}\n", r"tokens.yaml:4:", "500"),
    ("  - id: a\n    size: 100mm\n    radial: {arms: 13, spaces: 3}\n", r"tokens.yaml:6:", "12"),
    ("  - id: a\n    size: 100mm\n    radial: {arms: 3, spaces: 21}\n", r"tokens.yaml:6:", "20"),
    ("  - id: a\n    size: 100mm\n    radial: {arms: 3, spaces: 2, labels: [x]}\n", r"tokens.yaml:6:", "1 labels"),
    ("  - id: a\n    size: {width: 90mm, height: 60mm}\n    tracks:\n      - {name: Gold, max: 100}\n",
     r"tokens.yaml:7:", "track 'Gold': 101 spaces"),
    ("  - id: a\n    size: 40mm\n    standee: {}\n", r"tokens.yaml:6:", "needs a `back:`"),
    ("  - {id: a, size: 14mm, front: {text: 'a :nosuchicon: b'}}\n", r"tokens.yaml:4:", "unknown icon 'nosuchicon'"),
])
def test_bad_pieces_are_located(tmp_path, pieces, where, message):
    d = _write_game(tmp_path, "kind: tokens\nname: t\npieces:\n" + pieces)
    with pytest.raises(SpecErrors, match=where + ".*(" + message + ")"):
        load_game(d)


def test_bleed_bound_is_located(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\nbleed: 9mm\npieces:\n  - {id: a, size: 14mm}\n")
    with pytest.raises(SpecErrors, match=r"tokens.yaml:3:.*more than 6 mm"):
        load_game(d)


def test_a_bad_value_and_the_pieces_mistakes_are_reported_together(tmp_path):
    """A count over the limit (a mistake of form) does not hide the bleed and size bounds, nor a
    second piece's unknown shape: one run reports them all, each at its place."""
    d = _write_game(tmp_path, "kind: tokens\nname: t\nbleed: 7mm\npieces:\n"
                              "  - {id: a, shape: circle, size: 20mm, count: 501}\n"
                              "  - {id: b, shape: circle, size: 401mm}\n  - {id: c, shape: triangle, size: 20mm}\n")
    with pytest.raises(SpecErrors) as info:
        load_game(d)
    text = "\n".join(str(e) for e in info.value.errors)
    for expected in ["tokens.yaml:3:8: bleed 7.0 mm is more than 6 mm", "tokens.yaml:5:47: 'count'",
                     "tokens.yaml:6:34: piece 'b': width 401 mm is more than 400 mm", "tokens.yaml:7:20: 'shape'"]:
        assert expected in text, (expected, text)


def test_long_track_wraps_onto_rows_when_the_board_has_room(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\npieces:\n"
                              "  - id: a\n    size: {width: 120mm, height: 80mm}\n"
                              "    tracks: [{name: Score, max: 30, every: 5}]\n"
                              "    front: {fill: '#ffffff', ink: '#000000'}\n")
    out = _build(load_game(d))
    text = PdfReader(io.BytesIO(out["tokens.pdf"])).pages[0].extract_text()
    assert all(str(k) in text for k in (0, 15, 30))


def test_two_token_files_cannot_share_svg_names(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: set-a\npieces:\n  - {id: a, size: 14mm}\n")
    (d / "more.yaml").write_text("kind: tokens\nname: set-a\npieces:\n  - {id: b, size: 14mm}\n")
    g = load_game(d)
    with pytest.raises(SpecErrors, match=r"yaml:2:"):
        _build(g, formats=("svg",))


def test_outline_without_shapes_is_located(tmp_path):
    d = _write_game(tmp_path, "kind: tokens\nname: t\npieces:\n"
                              "  - {id: a, shape: custom, outline: art/o.svg, size: 14mm}\n",
                    {"art/o.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>'})
    with pytest.raises(SpecErrors, match=r"tokens.yaml:4:.*no shapes to cut along"):
        load_game(d)


def test_short_edge_backs_tumble(game, tokens):
    """Short-edge duplex: a back keeps its column, its row mirrors top to bottom, and it turns 180°."""
    pdf = _build(game, duplex="short")["tokens.pdf"]
    reader = PdfReader(io.BytesIO(pdf))
    b = tokens.spec.bleed
    backs = geometry(reader.pages[1]).forms
    checked = 0
    for band in _pages(tokens)[0]:
        for i, it in enumerate(band.items):
            if it.has_back:
                x, y = band.trim(i)
                # PDF y runs up: the mirrored trim top (ph - y - h) sits at PDF height y + h
                assert any(abs(f.x0 - (x - b)) < 0.01 and abs(f.y1 - (y + it.h + b)) < 0.01 for f in backs)
                checked += 1
    assert checked >= 9
