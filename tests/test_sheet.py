"""The `sheet` kind: located spec errors, and the Blob sheet measured in its PDF (cells, pieces, rounds, pages),
the random city's validity over 1,000 seeds, and byte-identical builds."""
from __future__ import annotations

import io
import random
import re
import shutil
import time
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.paths import EXAMPLES
from pnp.build import BuildOptions, build_game
from pnp.render import sheet as drawing
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.kinds.sheet import starting_shapes, with_random_city
from pnp.spec import polyomino as poly
from pnp.spec.units import mm

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
    # the round track: 16 boxes with two die squares each
    box_w, box_h = 14 * MM, (3.6 + 5.5 + 1) * MM
    rounds = [p for p in strokes if p["width"] == 1.0 and abs(p["box"][2] - box_w) < 0.3
              and abs(p["box"][3] - box_h) < 0.3]
    assert len(rounds) == 16
    slots = [p for p in strokes if abs(p["box"][2] - 5.5 * MM) < 0.3 and abs(p["box"][3] - 5.5 * MM) < 0.3
             and p["width"] == drawing.CELL_LINE]
    assert len(slots) == 32
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


# --------------------------------------------------------------------------- pads and random cities

def test_pad_pages_and_random_city_reproducible(tmp_path):
    def build(out, seed):
        build_game(BLOB, BuildOptions(out=tmp_path / out, force=True, count=3, random_city=True, seed=seed))
        return (tmp_path / out / "blob" / "sheet.pdf").read_bytes()

    first, again, other = build("a", 42), build("b", 42), build("c", 43)
    assert first == again
    assert first != other
    reader = PdfReader(io.BytesIO(first))
    assert len(reader.pages) == 3
    texts = [p.extract_text() for p in reader.pages]
    assert ["seed 42" in texts[0], "seed 43" in texts[1], "seed 44" in texts[2]] == [True] * 3


def test_same_spec_same_bytes(tmp_path):
    a = build_game(BLOB, BuildOptions(out=tmp_path / "a", force=True))
    b = build_game(BLOB, BuildOptions(out=tmp_path / "b", force=True))
    assert (a.out_dir / "sheet.pdf").read_bytes() == (b.out_dir / "sheet.pdf").read_bytes()


def test_random_city_valid_over_1000_seeds():
    sheet = load_game(BLOB).of_kind("sheet")[0].model
    shapes = starting_shapes(sheet)
    board = poly.Board(16, 16)
    started = time.perf_counter()
    for seed in range(1000):
        city = poly.random_city(16, 16, shapes, random.Random(seed), pieces=24, bonus=6)
        taken: set = set()
        assert len(city.pieces) >= 18, seed
        for cells, at, points in city.pieces:
            where = poly.shifted(cells, at)
            assert board.inside(where) and not (where & taken), seed
            assert poly.is_connected(cells) and points == poly.piece_points(cells)
            assert poly.can_cover(board, where, shapes)
            taken |= where
        assert len(set(city.bonus)) == 6
        assert all(board.inside([b]) and b not in taken for b in city.bonus)
    assert time.perf_counter() - started < 20


def test_random_city_is_a_valid_sheet():
    from pnp.errors import Collector
    from pnp.spec.sheet import check_sheet

    game = load_game(BLOB)
    comp = game.of_kind("sheet")[0]
    for seed in range(20):
        errors = Collector()
        check_sheet(with_random_city(comp.model, seed), comp.raw, errors)
        assert not errors.errors, errors.errors


def test_polyomino_placement_matches_brute_force():
    board = poly.Board(7, 5)
    rng = random.Random(3)
    for _ in range(200):
        occupied = sum(1 << rng.randrange(40) for _ in range(10)) & board.full
        shape = rng.choice(poly.city_pool(4))
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
