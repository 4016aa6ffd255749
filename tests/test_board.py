"""The board kind: located map errors, and the printed board measured in the PDFs (tiles and poster)."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions
from pnp.kinds.board.draw import board_size, cell_rect
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.kinds import board as board_kind
from pnp.geometry.paper import PAPERS
from pnp.geometry.tile import parse_paper, plan_tiles, spans
from pnp.models.units import mm
from pnp.paths import EXAMPLES

GAME = EXAMPLES / "miskatonic"
MM = mm(1)


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def board(game):
    return game.of_kind("board")[0].model


def build(game, **kw) -> dict:
    opts = BuildOptions(paper=kw.pop("paper", "a4"), duplex="long", **kw)
    return board_kind.build(game, game.of_kind("board"), opts)


# ------------------------------------------------------------------ content-stream measurement

def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def board_placements(page):
    """(clip rect, board matrix) of each use of the board form on a page, in PDF user space."""
    from pypdf.generic import ContentStream

    ops = ContentStream(page.get_contents(), page.pdf).operations
    ctm, stack, clip, pending, out = (1, 0, 0, 1, 0, 0), [], None, None, []
    forms = {k for k, v in page["/Resources"]["/XObject"].items() if v.get_object()["/BBox"][2] > 500}
    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            pending = (ctm, x, y, w, h)
        elif op in (b"W", b"W*") and pending:
            m, x, y, w, h = pending
            xs = [m[0] * px + m[2] * py + m[4] for px, py in ((x, y), (x + w, y + h))]
            ys = [m[1] * px + m[3] * py + m[5] for px, py in ((x, y), (x + w, y + h))]
            clip = (min(xs), min(ys), max(xs), max(ys))
        elif op == b"Do" and operands[0] in forms:
            out.append((clip, ctm, page["/Resources"]["/XObject"][operands[0]].get_object()["/BBox"]))
    return out


def tile_windows(pdf: bytes, board):
    """Each tile page's window into the board, in board millimetres, measured from the PDF."""
    W, H = board_size(board)
    windows = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        uses = board_placements(page)
        if not uses or uses[0][0] is None:
            continue  # the assembly map
        (x0, y0, x1, y1), m, bbox = uses[0]
        # the form is drawn y-down under the page's flip: board (bx, by) -> page (m4 + bx, m5 - by)
        windows.append((x0 - m[4], m[5] - y1, x1 - m[4], m[5] - y0, abs(m[0]), abs(m[3]), page))
    return windows


# ------------------------------------------------------------------ tiles

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_true_scale_overlap_and_coverage(game, board, paper):
    files = build(game, paper=paper)
    wins = tile_windows(files["board-tiles.pdf"], board)
    assert len(wins) >= 2
    W, H = board_size(board)
    for x0, y0, x1, y1, sx, sy, page in wins:
        assert sx == pytest.approx(1.0, abs=1e-6) and sy == pytest.approx(1.0, abs=1e-6)  # the form at true scale
        assert board.spec.cell * sx / MM == pytest.approx(16.0, abs=0.01)   # one space = 16 mm on the page
        text = page.extract_text()
        assert "row" in text and "column" in text
    # overlap between neighbours is exactly the 12 mm set, measured from the clip windows
    xs = sorted({(round(w[0], 2), round(w[2], 2)) for w in wins})
    ys = sorted({(round(w[1], 2), round(w[3], 2)) for w in wins})
    for spans_ in (xs, ys):
        for (a0, a1), (b0, b1) in zip(spans_, spans_[1:]):
            assert (a1 - b0) / MM == pytest.approx(12.0, abs=0.01)
    # every cell lies whole on at least one tile
    for cell in board.cells():
        x, y, c, _ = cell_rect(board, cell)
        assert any(w[0] - 0.01 <= x and x + c <= w[2] + 0.01 and w[1] - 0.01 <= y and y + c <= w[3] + 0.01
                   for w in wins), cell
    # the page's own text labels every tile with its row and column
    reader = PdfReader(io.BytesIO(files["board-tiles.pdf"]))
    labels = [p.extract_text() for p in reader.pages]
    rows, cols = len(ys), len(xs)
    for r in range(rows):
        for c in range(cols):
            assert any(f"row {r + 1}, column {c + 1}" in t for t in labels)
    assert "assembling" in labels[-1]


def test_space_is_16mm_in_pixels(game, board):
    """Render the first tile and the poster and measure the grid's period along row 8 (all path)."""
    import pypdfium2 as pdfium

    files = build(game)
    dpi = 200
    for name, index in (("board-tiles.pdf", 0), ("board-poster.pdf", 0)):
        pdf = pdfium.PdfDocument(files[name])
        page = pdf[index]
        uses = board_placements(PdfReader(io.BytesIO(files[name])).pages[index])
        _, m, _ = uses[0]
        ph = page.get_height()
        img = page.render(scale=dpi / 72).to_pil().convert("RGB")
        x0, y0, c, _ = cell_rect(board, (7, 0))
        top_pt = ph - (m[5] - (y0 + c / 2))   # from the page top, in points
        y = int(top_pt * dpi / 72)
        row = [img.getpixel((x, y)) for x in range(img.width)]
        edges = [x for x, p in enumerate(row) if abs(p[0] - 0xb9) + abs(p[1] - 0xa8) + abs(p[2] - 0x8a) < 40]
        centres, run = [], [edges[0]]
        for x in edges[1:]:
            if x - run[-1] <= 2:
                run.append(x)
            else:
                centres.append(sum(run) / len(run))
                run = [x]
        centres.append(sum(run) / len(run))
        gaps = [b - a for a, b in zip(centres, centres[1:]) if b - a > 20]
        period_mm = sorted(gaps)[len(gaps) // 2] * 25.4 / dpi
        assert period_mm == pytest.approx(16.0, abs=0.2), name


def test_plan_spans_snap_to_cells():
    lines = [mm(8) + k * mm(16) for k in range(23)]
    out = spans(mm(368), mm(200), mm(12), lines)
    assert out[0][0] == 0 and out[-1][1] == pytest.approx(mm(368))
    for (a0, a1), (b0, b1) in zip(out, out[1:]):
        assert a1 - b0 == pytest.approx(mm(12))
        assert any(abs(b0 - l) < 1e-6 for l in lines)
    plan = plan_tiles(mm(368), mm(272), PAPERS["a4"], mm(12), lines, lines)
    assert len(plan.tiles) == plan.rows * plan.cols


# ------------------------------------------------------------------ poster

def test_poster_page_size(game):
    reader = PdfReader(io.BytesIO(build(game)["board-poster.pdf"]))
    box = reader.pages[0].mediabox
    # A3: the board (368 x 272 mm) fits at true scale with its title turned beside it
    assert sorted([float(box.width) / MM, float(box.height) / MM]) == pytest.approx([297, 420], abs=0.1)
    reader = PdfReader(io.BytesIO(build(game, poster="600x450")["board-poster.pdf"]))
    box = reader.pages[0].mediabox
    assert (float(box.width) / MM, float(box.height) / MM) == pytest.approx((600, 450), abs=0.1)
    with pytest.raises(SpecErrors, match="does not fit"):
        build(game, poster="a4")
    with pytest.raises(ValueError):
        parse_paper("huge")


def test_fonts_embedded(game):
    reader = PdfReader(io.BytesIO(build(game)["board-tiles.pdf"]))
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            desc = font.get_object().get("/DescendantFonts")
            f = desc[0].get_object() if desc else font.get_object()
            assert "/FontFile2" in f["/FontDescriptor"] or "/FontFile" in f["/FontDescriptor"]


def test_deterministic(game):
    assert build(game)["board-tiles.pdf"] == build(game)["board-tiles.pdf"]


# ------------------------------------------------------------------ located errors

HEAD = "# yaml-language-server: $schema=../../docs/schema/board.json\nkind: board\nname: t\nmap: |\n"
LEGEND = """legend:
  '.': {space: path}
  '#': {space: blocked}
  S: {space: building, location: san}
  s: {space: home, location: san}
locations:
  san: {name: Sanitarium}
spaces:
  path: {walk: true}
  blocked: {fill: "#2e7d32"}
  building: {footprint: true}
  home: {walk: true, front: true}
start: san
pieces:
  ao: {name: the Ancient One}
"""


def errors_of(tmp_path, map_rows: list[str], extra: str = "") -> list[str]:
    d = tmp_path / "g"
    d.mkdir(exist_ok=True)
    (d / "game.yaml").write_text("title: T\nplayers: 2\n")
    (d / "board.yaml").write_text(HEAD + "".join(f"  {r}\n" for r in map_rows) + LEGEND + extra)
    with pytest.raises(SpecErrors) as e:
        load_game(d)
    return [str(x) for x in e.value.errors]


def test_ragged_row_points_at_the_character(tmp_path):
    errs = errors_of(tmp_path, ["SS..", "s...", "...."[:3]])
    assert any("board.yaml:7:" in e and "row 3 has 3" in e for e in errs), errs


def test_unknown_character_points_at_it(tmp_path):
    errs = errors_of(tmp_path, ["SS..", "s.x.", "...."])
    assert any(e.startswith(str(Path("g/board.yaml"))) or "board.yaml:6:5:" in e for e in errs)
    assert any("board.yaml:6:5:" in e and "'x'" in e for e in errs), errs


def test_unreachable_space(tmp_path):
    errs = errors_of(tmp_path, ["SS.#.", "s..#.", "...#."])
    assert any("board.yaml:5:7:" in e and "cannot be reached" in e for e in errs), errs


def test_marker_off_the_path(tmp_path):
    extra = "scenarios:\n  - id: x\n    name: X\n    pieces: [{piece: ao, at: A1, to: D3}]\n"
    errs = errors_of(tmp_path, ["SS..", "s...", "...."], extra)
    assert any("scenario 'x'" in e and "A1 is building" in e for e in errs), errs


def test_real_board_markers(board):
    sc = board.scenarios[0]
    ao = sc.of("ancient-one")[0]
    assert board.walkable(ao.at.cell) and board.walkable(ao.to.cell)
    assert board.start_cell() is not None and board.space(board.start_cell()) == "sanitarium"
