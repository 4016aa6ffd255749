"""The `sheet` kind: located spec errors, and the Blob sheet measured in its PDF (cells, pieces, rounds, pages),
random layouts (declared shapes and marks, seeded) valid over 1,000 seeds, and byte-identical builds."""
from __future__ import annotations

from collections import Counter

import io
import random
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.paths import EXAMPLES
from pnp.build import BuildOptions, build_game
from pnp.kinds.sheet import draw as drawing
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.kinds.sheet import with_random_layout
from pnp.models import polyomino as poly
from pnp.models.units import mm

ROOT = Path(__file__).resolve().parents[1]
BLOB = EXAMPLES / "blob"
MM = mm(1)


@pytest.fixture
def game_dir(tmp_path):
    dst = tmp_path / "blob"
    shutil.copytree(BLOB, dst)
    return dst


def edit(game_dir: Path, old: str, new: str) -> tuple[int, str]:
    """Replace text in sheet.yaml; return the 1-based line of the change and the new text."""
    path = game_dir / "sheet.yaml"
    text = path.read_text()
    assert old in text, old
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1))
    return line, path.read_text().splitlines()[line - 1]


def errors(game_dir: Path) -> list[str]:
    with pytest.raises(SpecErrors) as e:
        load_game(game_dir)
    return [str(x) for x in e.value.errors]


def col_of(line_text: str, needle: str) -> int:
    return line_text.index(needle) + 1


# --------------------------------------------------------------------------- located errors

@pytest.mark.parametrize("old, new, needle, words", [
    ('{label: A, shape: ["##", "#."]', '{label: A, shape: ["#.", ".#"]', '["#.",', "not connected"),
    ('{label: A, shape: ["##", "#."]', '{label: A, shape: ["##", "#"]', '"#"]', "as long"),
    ('{label: A, shape: ["##", "#."]', '{label: A, shape: ["#x", "#."]', '"#x"', "unknown character 'x'"),
    ('{label: Y, shape: ["###"], at: [13, 15]', '{label: Y, shape: ["###"], at: [14, 15]', "[14, 15]",
     "goes outside"),
    ('{label: B, shape: ["###", ".#."], at: [3, 0]', '{label: B, shape: ["###", ".#."], at: [1, 0]', "[1, 0]",
     "overlaps piece A"),
    ("cells: [[6, 1], [13, 2]", "cells: [[16, 1], [13, 2]", "[16, 1]", "off the 16×16 grid"),
    ('    6: {area: "6", shape: ["##", ".#"]}', '    6: {}', "{}", "die face 6 has no shape"),
    ("marks: {bonus: 6}", "marks: {bonuss: 6}", "bonuss", "unknown mark 'bonuss' (did you mean 'bonus'?)"),
    ("shapes: {squares: [2, 5]}", "shapes: {squares: [5, 2]}", "[5, 2]", "the fewest squares come first"),
    ("shapes: {squares: [2, 5]}", 'shapes: [["##"], ["#.", ".#"]]', '["#.", ".#"]', "not connected"),
    ("shapes: {squares: [2, 5]}", "shapes: {squares: [2, 9]}", "9", "less than or equal to 8"),
])
def test_errors_are_located(game_dir, old, new, needle, words):
    line, text = edit(game_dir, old, new)
    found = errors(game_dir)
    where = f"sheet.yaml:{line}:{col_of(text, needle)}: "
    assert any(where in e and words in e for e in found), found


def test_missing_die_face_and_small_cells(game_dir):
    line, _ = edit(game_dir, '    6: {area: "6", shape: ["##", ".#"]}\n', "")
    edit(game_dir, "cell: 5.5mm", "cell: 4mm")
    found = errors(game_dir)
    assert any("die face 6 has no shape" in e for e in found), found
    assert any(re.search(r"sheet\.yaml:\d+:7: cells of 4\.0 mm are too small", e) for e in found), found


@pytest.mark.parametrize("old, new, where, words", [
    ("  - [title, rounds]\n", "  - [title, rounds]\n  - []\n", "sheet.yaml:26:5:", "this layout row is empty"),
    ("  - [title, rounds]\n", "  - [title, rounds, []]\n", "sheet.yaml:25:21:", "this column of sections is empty"),
    ("layout:\n  - [title, rounds]\n  - [[pieces, score], city]\n  - [blob, [dice, notes]]\n", "layout: []\n",
     "sheet.yaml:24:9:", "the layout has no rows"),
])
def test_an_empty_layout_row_or_column_is_a_located_error(game_dir, old, new, where, words):
    """An empty row made drawing the sheet take the widest of no sections: a ValueError traceback."""
    edit(game_dir, old, new)
    found = errors(game_dir)
    assert any(where in e and words in e for e in found), found


def test_unknown_layout_section_suggests(game_dir):
    edit(game_dir, "  - [blob, [dice, notes]]", "  - [blob, [dice, noted]]")
    assert any("unknown section 'noted' (did you mean 'notes'?)" in e for e in errors(game_dir))


# --------------------------------------------------------------------------- measuring the PDF

def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def drawn_paths(page) -> tuple[list[dict], list[tuple]]:
    """Every stroked or filled path of a page (in top-left, y-down points, forms skipped) and fill colours."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    height = float(page.mediabox.height)
    ctm, stack, width, pts, out, colours = (1, 0, 0, 1, 0, 0), [], 1.0, [], [], []

    def dev(x, y):
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, height - (b * x + d * y + f)

    for args, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        nums = [float(v) for v in args] if op in ("cm", "m", "l", "c", "re", "w", "rg", "RG") else []
        if op == "q":
            stack.append((ctm, width))
        elif op == "Q":
            ctm, width = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(nums), ctm)
        elif op == "w":
            width = nums[0]
        elif op in ("m", "l"):
            pts.append(dev(*nums))
        elif op == "c":
            pts.append(dev(*nums[4:6]))
        elif op == "re":
            x, y, w, h = nums
            pts += [dev(x, y), dev(x + w, y + h)]
        elif op in ("rg", "RG"):
            colours.append(tuple(nums))
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            if pts and op != "n":
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                out.append({"stroke": op in ("S", "s", "B", "B*", "b", "b*"), "width": width,
                            "box": (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), "points": pts})
            pts = []
    return out, colours


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = {}
    for paper in ("a4", "letter"):
        dst = tmp_path_factory.mktemp(paper)
        build_game(BLOB, BuildOptions(paper=paper, out=dst, force=True, formats=("pdf", "svg")))
        out[paper] = dst / "blob"
    return out


def test_page_sizes_and_files(built):
    for paper, size in (("a4", (595.28, 841.89)), ("letter", (612, 792))):
        reader = PdfReader(built[paper] / "sheet.pdf")
        assert len(reader.pages) == 1
        box = reader.pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.05)
        assert (built[paper] / "sheet.svg").read_text().startswith("<svg")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_measured_geometry(built, paper):
    page = PdfReader(built[paper] / "sheet.pdf").pages[0]
    paths, colours = drawn_paths(page)
    strokes = [p for p in paths if p["stroke"]]
    # pencil cells: the grid rules of each grid are evenly spaced at least 5 mm apart
    rules = [p for p in strokes if p["width"] == drawing.CELL_LINE and p["box"][2] < 0.01]
    by_grid: dict = {}
    for p in rules:
        x, y, _, h = p["box"]
        by_grid.setdefault((round(y, 1), round(h, 1)), []).append(x)
    grids = {k: sorted(v) for k, v in by_grid.items() if len(v) >= 9}
    assert len(grids) == 2                                  # the city and the shape grid
    for xs in grids.values():
        steps = {round(b - a, 2) for a, b in zip(xs, xs[1:])}
        assert len(steps) == 1 and steps.pop() >= 5 * MM - 0.01
    assert sorted(len(v) + 1 for v in grids.values()) == [16, 21]   # columns: city 16, shape grid 21
    # city pieces: one thick outline each
    assert sum(1 for p in strokes if p["width"] == drawing.PIECE_LINE) == 24
    # the round track: 16 boxes with two die squares each, the squares grown with the page (`fill`)
    squares = Counter(round(p["box"][2], 1) for p in strokes if p["width"] == drawing.CELL_LINE
                      and abs(p["box"][2] - p["box"][3]) < 0.05 and p["box"][2] > 5 * MM)
    slot, count = squares.most_common(1)[0]
    assert count == 32 and 5.5 * MM - 0.1 <= slot <= 11 * MM
    box_w, box_h = 2 * slot + 3 * MM, 3.6 * MM + slot + 1 * MM
    rounds = [p for p in strokes if p["width"] == 1.0 and abs(p["box"][2] - box_w) < 0.3
              and abs(p["box"][3] - box_h) < 0.3]
    assert len(rounds) == 16
    # print rules: lines ≥ 0.5 pt, nothing within 5 mm of the edge, black/white/grey only
    assert min(p["width"] for p in strokes) >= 0.5
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    for p in paths:
        x, y, bw, bh = p["box"]
        assert x >= 5 * MM and y >= 5 * MM and x + bw <= w - 5 * MM and y + bh <= h - 5 * MM
    assert all(len(set(round(v, 3) for v in c)) == 1 for c in colours)


def test_text_and_fonts(built):
    reader = PdfReader(built["a4"] / "sheet.pdf")
    text = reader.pages[0].extract_text()
    for words in ("The Blob that Ate the City", "THE CITY", "CITY PIECES EATEN", "Total", "16"):
        assert words in text
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


# --------------------------------------------------------------------------- pads and random layouts

def test_pad_pages_and_random_layout_reproducible(tmp_path):
    def build(out, seed):
        build_game(BLOB, BuildOptions(out=tmp_path / out, force=True, count=3, random_layout=True, seed=seed))
        return (tmp_path / out / "blob" / "sheet.pdf").read_bytes()

    first, again, other = build("a", 42), build("b", 42), build("c", 43)
    assert first == again
    assert first != other
    reader = PdfReader(io.BytesIO(first))
    assert len(reader.pages) == 3
    texts = [p.extract_text() for p in reader.pages]
    assert ["seed 42" in texts[0], "seed 43" in texts[1], "seed 44" in texts[2]] == [True] * 3
    assert "--random-layout --seed 42" in texts[0]


def test_random_layout_flag_is_the_sheet_kinds_option():
    from pnp.kinds import kind_module

    flags = {opt.flag: opt.dest for opt in kind_module("sheet").OPTIONS}
    assert flags.get("--random-layout") == "random_layout"
    assert BuildOptions().random_layout is False
    assert BuildOptions(random_layout=True).random_layout is True


def test_same_spec_same_bytes(tmp_path):
    a = build_game(BLOB, BuildOptions(out=tmp_path / "a", force=True))
    b = build_game(BLOB, BuildOptions(out=tmp_path / "b", force=True))
    assert (a.out_dir / "sheet.pdf").read_bytes() == (b.out_dir / "sheet.pdf").read_bytes()


def _notch_rule(cells):
    """Blob's declared rule, written out: one point per square beyond the first, one more for a notch."""
    w, h = poly.extent(cells)
    return len(cells) - 1 + (1 if w * h > len(cells) else 0)


def test_blob_random_layout_valid_over_300_seeds():
    """What Blob's `random:` declares holds on every page: 24 tries at pieces of 2–5 squares, never sharing an
    edge, worth the declared points, and 6 bonus squares on uncovered squares."""
    sheet = load_game(BLOB).of_kind("sheet")[0].model
    spec = sheet.grids["city"].random
    board = poly.Board(16, 16)
    for seed in range(300):
        grid = with_random_layout(sheet, seed).grids["city"]
        taken: set = set()
        halo: set = set()
        assert 18 <= len(grid.pieces) <= 24, seed
        for piece in grid.pieces:
            cells = poly.picture_cells(piece.shape)
            where = poly.shifted(cells, piece.at)
            assert board.inside(where) and not (where & halo), seed
            assert 2 <= len(cells) <= 5 and poly.is_connected(cells)
            assert piece.points == _notch_rule(cells) == spec.points.of(cells)
            taken |= where
            halo |= where | {(c + dc, r + dr) for c, r in where for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        bonus = grid.marks["bonus"].cells
        assert len(set(bonus)) == 6
        assert all(board.inside([b]) and tuple(b) not in taken for b in bonus)


def test_random_layout_places_only_declared_shapes_and_every_mark():
    """Declared pictures are the only shapes placed; `apart: false` lets pieces touch; several marks each get
    their count on distinct uncovered squares; `coverable_by` keeps out what its shapes cannot cover."""
    from pnp.kinds.sheet.models import Mark

    sheet = load_game(BLOB).of_kind("sheet")[0].model.model_copy(deep=True)
    city = sheet.grids["city"]
    city.marks["hole"] = Mark(cells=[], symbol="dot", label="a hole")
    city.random.shapes = [["###"], ["#", "#"]]
    city.random.apart = False
    city.random.pieces = 40
    city.random.marks = {"bonus": 4, "hole": 3}
    touching = False
    for seed in range(30):
        grid = with_random_layout(sheet, seed).grids["city"]
        assert {tuple(p.shape) for p in grid.pieces} <= {("###",), ("#", "#")}
        cells = [poly.shifted(poly.picture_cells(p.shape), p.at) for p in grid.pieces]
        covered = set().union(*cells)
        assert sum(map(len, cells)) == len(covered), "pieces overlap"
        touching |= any(board_touch(a, b) for i, a in enumerate(cells) for b in cells[i + 1:])
        bonus, hole = [set(map(tuple, grid.marks[m].cells)) for m in ("bonus", "hole")]
        assert len(bonus) == 4 and len(hole) == 3 and not bonus & hole and not (bonus | hole) & covered
    assert touching, "apart: false never let two pieces touch in 30 pages"


def test_random_layout_coverable_by_keeps_out_what_cannot_be_covered():
    """On a 3-wide grid, 2×2 squares can cover an upright domino but never a bar of three without
    overlapping or leaving the grid: only dominoes are placed."""
    bar, domino, square = poly.picture_cells(["###"]), poly.picture_cells(["#", "#"]), poly.picture_cells(["##", "##"])
    placed = set()
    for seed in range(40):
        layout = poly.random_layout(3, 6, [bar, domino], random.Random(seed), pieces=3, coverable_by=[square])
        placed |= {cells for cells, _ in layout.pieces}
    assert placed == {domino}
    free = set()
    for seed in range(40):
        free |= {cells for cells, _ in poly.random_layout(3, 6, [bar, domino], random.Random(seed), pieces=3).pieces}
    assert free == {bar, domino}


def board_touch(a, b) -> bool:
    return any((c + dc, r + dr) in b for c, r in a for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def test_random_layout_is_a_valid_sheet():
    from pnp.errors import Collector
    from pnp.kinds.sheet.models import check_sheet

    game = load_game(BLOB)
    comp = game.of_kind("sheet")[0]
    for seed in range(20):
        errors = Collector()
        check_sheet(with_random_layout(comp.model, seed), comp.raw, errors)
        assert not errors.errors, errors.errors


def test_random_layout_without_random_grid_is_a_located_error(game_dir, tmp_path):
    text = (game_dir / "sheet.yaml").read_text()
    start = text.index("    random:")
    end = text.index("\n\n", start)
    (game_dir / "sheet.yaml").write_text(text[:start] + text[end + 1:])
    with pytest.raises(SpecErrors) as e:
        build_game(game_dir, BuildOptions(out=tmp_path / "o", force=True, random_layout=True))
    assert any("sheet.yaml" in str(x) and "--random-layout needs a grid with `random:`" in str(x)
               for x in e.value.errors)


def test_polyomino_placement_matches_brute_force():
    board = poly.Board(7, 5)
    rng = random.Random(3)
    for _ in range(200):
        occupied = sum(1 << rng.randrange(40) for _ in range(10)) & board.full
        shape = rng.choice(poly.every_shape(2, 4))
        piece = poly.prepare(board, shape)
        blob = occupied & -occupied
        fast = poly.legal_origins(board, piece, occupied, board.neighbours(blob))
        slow = 0
        for r in range(board.rows):
            for c in range(board.cols):
                cells = poly.shifted(shape, (c, r))
                m = board.mask(cells) if board.inside(cells) else None
                if m is not None and not m & occupied and m & board.neighbours(blob):
                    slow |= board.bit((c, r))
        assert fast == slow


def test_a_sheet_a_little_too_tall_for_the_paper_shrinks_its_cells_to_fit(tmp_path):
    """A sheet laid out for A4 printed on A5: its pencil squares shrink (never under 5 mm) until it fits,
    rather than the build refusing it; one that cannot fit even so is still refused at its spec."""
    from pnp.draw.pdf import PdfSurface
    from pnp.errors import Pos, SpecErrors as Refused

    game = tmp_path / "pad"
    game.mkdir()
    (game / "game.yaml").write_text("title: Pad\nplayers: 1\ncomponents: [sheet.yaml]\n")
    (game / "sheet.yaml").write_text("kind: sheet\ntitle: Pad\ncell: 8mm\nfill: false\nlayout:\n  - [title]\n"
                                     "  - [field]\ngrids:\n  field:\n    title: Field\n    size: [12, 24]\n")
    sheet = next(c.model for c in load_game(game).components if c.kind == "sheet")
    cells = {}
    for paper in ("a4", "a5"):
        geo = drawing.draw_sheet(PdfSurface(title="t"), sheet, paper)
        cells[paper] = geo.cells["field"][2]
    assert cells["a4"] == pytest.approx(8 * MM)
    assert 5 * MM - 0.01 <= cells["a5"] < 8 * MM
    sheet.grids["field"].size = (12, 40)  # 40 rows of 5 mm are 200 mm: more than A5 holds
    with pytest.raises(Refused):
        drawing.draw_sheet(PdfSurface(title="t"), sheet, "a5", where=Pos("sheet.yaml", 1, 1))
