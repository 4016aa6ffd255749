"""Dice: the spec's located errors, and the tile sheets and paper-die nets measured in the PDFs we write."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.geometry.cubenet import CELLS, GLUE_PAIRS, cube_net, face_edge
from pnp.models.units import mm
from pnp.paths import EXAMPLES

ROOT = Path(__file__).resolve().parent.parent
SPEC = EXAMPLES / "miskatonic" / "dice.yaml"
MM = 72 / 25.4
A4, LETTER = (595.28, 841.89), (612.0, 792.0)
INVESTIGATOR = ["elder-sign", "hit+6", "hit+6", "skull+5", "skull+5", "hit+skull+4"]
MONSTER = ["worship", "summon", "red", "blue", "red+blue", "red+blue"]
CUT_RGB = (0x4D / 255,) * 3
TAB_RGB = (0xE8 / 255,) * 3
COLOURS = {"red": (0xC6 / 255, 0x28 / 255, 0x28 / 255), "blue": (0x15 / 255, 0x65 / 255, 0xC0 / 255)}


# --- a small content-stream reader: what is drawn where, in page points (y up, as in PDF) ----------------
def _mul(a, b):
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _close(a, b, tol=0.05):
    return abs(a - b) <= tol


def read_page(page, pdf):
    """Shapes (kind, points, fill, stroke, dashed, line width), form placements (name, box) and texts (string, x, y)."""
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    fill = stroke = (0, 0, 0)
    dashed, width = False, 1.0
    path: list = []
    shapes, forms, texts = [], [], []
    for operands, op in ContentStream(page.get_contents(), pdf).operations:
        if op == b"q":
            stack.append((ctm, fill, stroke, dashed, width))
        elif op == b"Q":
            ctm, fill, stroke, dashed, width = stack.pop()
        elif op == b"w":
            width = float(operands[0])
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"rg":
            fill = tuple(float(v) for v in operands)
        elif op == b"RG":
            stroke = tuple(float(v) for v in operands)
        elif op == b"d":
            dashed = bool(operands[0])
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            path.append(("rect", [_apply(ctm, x, y), _apply(ctm, x + w, y), _apply(ctm, x + w, y + h), _apply(ctm, x, y + h)]))
        elif op == b"m":
            path.append(("poly", [_apply(ctm, float(operands[0]), float(operands[1]))]))
        elif op == b"l":
            path[-1][1].append(_apply(ctm, float(operands[0]), float(operands[1])))
        elif op == b"c":
            path[-1] = ("curve", path[-1][1] + [_apply(ctm, float(operands[4]), float(operands[5]))])
        elif op in (b"S", b"f", b"f*", b"B", b"B*", b"b", b"b*"):
            for kind, pts in path:
                shapes.append((kind, pts, fill if op != b"S" else None, stroke if op in (b"S", b"B", b"B*") else None,
                               dashed, width))
            path = []
        elif op == b"Do":
            xo = page["/Resources"]["/XObject"][operands[0]].get_object()
            x0, y0, x1, y1 = (float(v) for v in xo["/BBox"])
            (ax, ay), (bx, by) = _apply(ctm, x0, y0), _apply(ctm, x1, y1)
            forms.append((str(operands[0]), (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))))
        elif op == b"Tm":
            tm = tuple(float(v) for v in operands)
        elif op == b"Tj":
            x, y = _apply(ctm, tm[4], tm[5])
            texts.append((str(operands[0]), x, y))
    return shapes, forms, texts


def bbox(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def icon_of(form_name: str) -> str:
    m = re.search(r"F(?:game_)?icon_(.+?)__[0-9a-f]{6}_[0-9a-f]+$", form_name)  # general or the game's own
    return m.group(1).replace("_", "-") if m else ""


# --- building the game ----------------------------------------------------------------------------------
def make_game(root: Path, dice_yaml: str | None = None) -> Path:
    """A game folder holding the Miskatonic dice (or the given dice.yaml), its own icons and a minimal game.yaml."""
    game = root / "miskatonic"
    game.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SPEC.parent / "art", game / "art", dirs_exist_ok=True)
    (game / "game.yaml").write_text('title: Miskatonic Valley\nplayers: "2-4"\nrules: null\n')
    if dice_yaml is None:
        shutil.copy(SPEC, game / "dice.yaml")
    else:
        (game / "dice.yaml").write_text(dice_yaml)
    return game


def build(tmp_path: Path, name: str = "out", **opts) -> Path:
    game = tmp_path / "miskatonic" if (tmp_path / "miskatonic").is_dir() else make_game(tmp_path)
    build_game(game, BuildOptions(out=tmp_path / name, force=True, **opts))
    return tmp_path / name / "miskatonic"


@pytest.fixture(scope="module")
def a4(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("dice"))


def expected_sig(face: str) -> tuple:
    parts = face.split("+")
    colours = tuple(tuple(round(c, 3) for c in COLOURS[p]) for p in parts if p in COLOURS)
    icons = tuple(sorted({"red": "health", "blue": "wits"}.get(p, p) for p in parts if not p.isdigit()))
    number = next((p for p in parts if p.isdigit()), "")
    return icons, number, colours


def tiles_on(page, pdf):
    """Every tile on a tile sheet: its cut box and what it shows (icons, number, background colours)."""
    shapes, forms, texts = read_page(page, pdf)
    cuts = [bbox(pts) for kind, pts, f, s, *_ in shapes if kind == "rect" and s is not None and
            all(_close(a, b, 0.002) for a, b in zip(s, CUT_RGB))]
    tiles = []
    for x0, y0, x1, y1 in cuts:
        inside = lambda x, y: x0 - 0.5 < x < x1 + 0.5 and y0 - 0.5 < y < y1 + 0.5  # noqa: E731
        icons = tuple(sorted(icon_of(n) for n, (a, b, c, d) in forms if inside((a + c) / 2, (b + d) / 2)))
        number = "".join(t for t, x, y in texts if t.isdigit() and inside(x, y))
        size = x1 - x0
        backs = [f for kind, pts, f, s, *_ in shapes if f and kind in ("rect", "poly") and
                 (lambda b: b[2] - b[0] > size and inside((b[0] + b[2]) / 2, (b[1] + b[3]) / 2))(bbox(pts))]
        colours = tuple(tuple(round(v, 3) for v in c) for c in backs if c != (1.0, 1.0, 1.0))
        tiles.append(((x0, y0, x1, y1), (icons, number, colours)))
    return tiles


def labels_on(page, pdf):
    _, _, texts = read_page(page, pdf)
    return [(m.group(1), m.group(2), x, y) for t, x, y in texts if (m := re.match(r"Set (\d+) . (.+)$", t))]


# --- tile sheets ----------------------------------------------------------------------------------------
def test_tiles_are_lego_2x2_within_a_tenth_of_a_millimetre(a4):
    pdf = PdfReader(a4 / "dice-tiles.pdf")
    tiles = tiles_on(pdf.pages[0], pdf)
    assert len(tiles) >= 12
    for (x0, y0, x1, y1), _ in tiles:
        assert abs((x1 - x0) / MM - 15.8) < 0.1 and abs((y1 - y0) / MM - 15.8) < 0.1
    # tiles never touch: a gap of at least 1.5 mm between neighbours
    boxes = [b for b, _ in tiles]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            gap = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert gap >= 1.5 * MM


def test_every_face_once_per_set_and_each_set_labelled(a4):
    pdf = PdfReader(a4 / "dice-tiles.pdf")
    page = pdf.pages[0]
    tiles, labels = tiles_on(page, pdf), labels_on(page, pdf)
    sets = sorted({int(n) for n, *_ in labels})
    assert len(sets) >= 4 and sets == list(range(1, len(sets) + 1)), "several full sets, numbered from 1"
    assert len(tiles) == 12 * len(sets)

    def owner(box):
        """The label a tile is under: the nearest one above and to the left."""
        x0, _, _, y1 = box
        return min(((lx, ly) for *_, lx, ly in labels if lx - 1 <= x0 and ly > y1),
                   key=lambda p: (x0 - p[0]) + (p[1] - y1))

    for number, die, lx, ly in labels:
        faces = INVESTIGATOR if die == "Investigator die" else MONSTER
        assert die in ("Investigator die", "Monster die")
        # the tiles of this die: the block right under its label
        block = [sig for box, sig in tiles if owner(box) == (lx, ly)]
        assert Counter(block) == Counter(expected_sig(f) for f in faces), f"set {number}, {die}"


def test_tiles_on_letter_and_sets_option(tmp_path):
    out = build(tmp_path, paper="letter", sets=3)
    pdf = PdfReader(out / "dice-tiles.pdf")
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER, abs=0.01)
    assert sorted({int(n) for n, *_ in labels_on(pdf.pages[0], pdf)}) == [1, 2, 3]
    assert len(tiles_on(pdf.pages[0], pdf)) == 36
    many = PdfReader(build(tmp_path, "many", sets=20) / "dice-tiles.pdf")
    numbers = [int(n) for p in many.pages for n, *_ in labels_on(p, many)]
    assert len(many.pages) >= 2 and sorted(set(numbers)) == list(range(1, 21))


def test_tiles_stay_inside_the_printable_margin(a4):
    pdf = PdfReader(a4 / "dice-tiles.pdf")
    w, h = A4
    for (x0, y0, x1, y1), _ in tiles_on(pdf.pages[0], pdf):
        assert x0 >= 5 * MM and y0 >= 5 * MM and x1 <= w - 5 * MM and y1 <= h - 5 * MM


@pytest.mark.parametrize("tile,size", [("lego-1x1", 7.8), ("d6-16mm", 16.0), ("18mm", 18.0)])
def test_other_tile_sizes(tmp_path, tile, size):
    make_game(tmp_path, SPEC.read_text().replace("tile: lego-2x2", f"tile: {tile}"))
    pdf = PdfReader(build(tmp_path) / "dice-tiles.pdf")
    tiles = tiles_on(pdf.pages[0], pdf)
    assert tiles and all(abs((b[2] - b[0]) / MM - size) < 0.1 for b, _ in tiles)
    assert len(tiles) % 12 == 0


# --- paper dice ------------------------------------------------------------------------------------------
def nets_on(page, pdf, edge_mm: float):
    """Face squares, tabs, dashed folds and solid cuts of every net on a page."""
    shapes, _, texts = read_page(page, pdf)
    edge = edge_mm * MM
    squares = [bbox(pts) for kind, pts, f, s, *_ in shapes if kind == "rect" and f and
               (lambda b: _close(b[2] - b[0], edge) and _close(b[3] - b[1], edge))(bbox(pts))]
    tabs = [pts[:4] for kind, pts, f, s, *_ in shapes if kind == "poly" and f and
            all(_close(a, b, 0.002) for a, b in zip(f, TAB_RGB))]
    folds = [pts for kind, pts, f, s, dashed, _ in shapes if kind == "poly" and s and dashed]
    cuts = [pts for kind, pts, f, s, dashed, w in shapes if kind == "poly" and s and not dashed and _close(w, 0.6, 0.01)]
    return squares, tabs, folds, cuts, texts


@pytest.mark.parametrize("edge", [20.0, 25.0])
def test_cube_net_geometry(tmp_path, edge):
    text = SPEC.read_text() if edge == 20.0 else SPEC.read_text().replace("net_edge: 20mm", f"net_edge: {edge}mm")
    make_game(tmp_path, text)
    pdf = PdfReader(build(tmp_path) / "dice-nets.pdf")
    squares, tabs, folds, cuts, texts = nets_on(pdf.pages[0], pdf, edge)
    e = edge * MM
    nets = len(squares) // 6
    assert len(squares) == 6 * nets and nets % 2 == 0, "six square faces of the chosen edge per die, whole sets"
    if edge == 20.0:  # a page holds three sets of these two dice: it is filled, not a third used
        assert nets == 6
    assert len(tabs) == 7 * nets, "seven glue tabs per die"
    assert len(folds) == 12 * nets and all(_close(abs(complex(*a) - complex(*b)), e) for a, b in folds)
    # the cut lines close one outline around each net: every end meets exactly one other cut
    ends = Counter((round(x, 2), round(y, 2)) for a, b in cuts for (x, y) in (a, b))
    assert set(ends.values()) == {2}
    for tab in tabs:
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = tab
        base, outer = abs(complex(dx - ax, dy - ay)), abs(complex(cx - bx, cy - by))
        assert _close(base, e) and 0 < outer < base, "a tab sits on a whole edge and its ends are angled"
        assert any({(round(p[0], 2), round(p[1], 2)) for p in f} == {(round(ax, 2), round(ay, 2)), (round(dx, 2), round(dy, 2))}
                   for f in folds), "a tab folds on a dashed line"
        mx, my = (bx + cx) / 2, (by + cy) / 2
        assert not any(x0 < mx < x1 and y0 < my < y1 for x0, y0, x1, y1 in squares), "tabs lie outside the faces"
    names = " ".join(t for t, *_ in texts)
    assert "Investigator die" in names and "Monster die" in names


def test_sets_asks_for_as_many_paper_dice_as_wanted(tmp_path):
    make_game(tmp_path, SPEC.read_text())
    pdf = PdfReader(build(tmp_path, sets=1) / "dice-nets.pdf")
    squares, *_ = nets_on(pdf.pages[0], pdf, 20.0)
    assert len(pdf.pages) == 1 and len(squares) == 12


def test_net_faces_are_placed_as_on_a_die():
    """Faces i and 7 − i are opposite: two cells apart in the row, or above and below face 1."""
    for i in range(1, 7):
        (c1, r1), (c2, r2) = CELLS[i], CELLS[7 - i]
        assert (r1 == r2 and abs(c1 - c2) == 2) or (c1 == c2 and abs(r1 - r2) == 2)


def _fold(face: int, u: float, v: float) -> tuple:
    """A point (u, v in 0..1 within a face of the net) on the folded unit cube: face 1 down, 6 on top."""
    return {1: (u, v, 0), 2: (0, v, 1 - u), 5: (1, v, u), 6: (1 - u, v, 1), 3: (u, 0, 1 - v), 4: (u, 1, v)}[face]


def test_glue_tabs_join_the_edges_that_meet_when_folded():
    net = cube_net(mm(20))
    e = net.edge

    def edge3d(face, side):
        f = net.faces[face - 1]
        pts = face_edge(f, side)
        return frozenset(tuple(round(c, 6) for c in _fold(face, (x - f.x) / e, (y - f.y) / e)) for x, y in pts)

    free = [(t.face, t.side) for t in net.tabs] + [t.glued_to for t in net.tabs]
    assert len(net.tabs) == 7 and len(set(free)) == 14
    for (a, b) in GLUE_PAIRS:
        assert edge3d(*a) == edge3d(*b), f"{a} and {b} meet when folded"
    assert len({edge3d(*edge) for edge in free}) == 7
    for tab in net.tabs:
        assert (tab.face, tab.side) == next(p[0] for p in GLUE_PAIRS if p[1] == tab.glued_to)


# --- pages, fonts, files ---------------------------------------------------------------------------------
def test_page_sizes_fonts_and_outputs(a4, tmp_path):
    for name in ("dice-tiles.pdf", "dice-nets.pdf"):
        pdf = PdfReader(a4 / name)
        for page in pdf.pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4, abs=0.01)
        for page in pdf.pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                desc = (font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"])
                assert "/FontFile2" in desc.get_object(), f"{font['/BaseFont']} is embedded"
    out = build(tmp_path, formats=("pdf", "svg"), paper="letter")
    svgs = sorted(p.name for p in (out / "svg").glob("dice-*.svg"))
    assert svgs == ["dice-nets-1.svg", "dice-tiles-1.svg"]
    assert "<svg" in (out / "svg" / "dice-tiles-1.svg").read_text()
    nets = PdfReader(out / "dice-nets.pdf")
    assert (float(nets.pages[0].mediabox.width), float(nets.pages[0].mediabox.height)) == pytest.approx(LETTER)


def test_rebuilds_are_byte_identical(tmp_path):
    first, second = build(tmp_path, "one"), build(tmp_path, "two")
    for name in ("dice-tiles.pdf", "dice-nets.pdf"):
        assert (first / name).read_bytes() == (second / name).read_bytes()


# --- located errors --------------------------------------------------------------------------------------
def errors_of(tmp_path, dice_yaml: str) -> list[str]:
    game = make_game(tmp_path, dice_yaml)
    with pytest.raises(SpecErrors) as info:
        load_game(game)
    return [str(e) for e in info.value.errors]


HEAD = "kind: dice\ntile: lego-2x2\nsymbols:\n  red: {icon: health, color: red}\ndice:\n"


def test_wrong_number_of_faces_is_located(tmp_path):
    errs = errors_of(tmp_path, HEAD + "  - id: a\n    faces: [hit, hit, skull, skull, hit, skull, hit]\n"
                                      "  - id: b\n    faces: [hit, red]\n")
    assert any(re.search(r"dice\.yaml:7:49: die 'a' has 7 faces; a die has 6", e) for e in errs), errs
    assert any(re.search(r"dice\.yaml:9:12: die 'b' has 2 faces", e) for e in errs), errs


def test_unknown_symbol_is_located_with_did_you_mean(tmp_path):
    errs = errors_of(tmp_path, HEAD + "  - id: a\n    faces: [hit, hti+6, skull, skull, red+blu, hit]\n")
    assert any(re.search(r"dice\.yaml:7:18: unknown symbol 'hti' in face 'hti\+6' \(did you mean 'hit'\?\)", e)
               for e in errs), errs
    assert any(re.search(r"dice\.yaml:7:39: unknown symbol 'blu'", e) for e in errs), errs


def test_duplicate_ids_and_other_mistakes(tmp_path):
    errs = errors_of(tmp_path, HEAD + "  - {id: a, faces: [1, 2, 3, 4, 5, 6]}\n  - {id: a, faces: [1, 2, 3, 4, 5, 6]}\n")
    text = "\n".join(errs)
    assert re.search(r"dice\.yaml:7:10: duplicate die id 'a' \(first at line 6\)", text), text
    errs = errors_of(tmp_path, HEAD + "  - {id: a, faces: [1, 2, 3, 4, 5, 6]}\nsymbols_typo: 1\n")
    text = "\n".join(errs)
    assert re.search(r"dice\.yaml:7:1: unknown key 'symbols_typo'", text), text
    errs = errors_of(tmp_path, HEAD.replace("health", "helth") + "  - {id: a, faces: [1, 2, 3, 4, 5, 6+hit+skull+red]}\n")
    text = "\n".join(errs)
    assert re.search(r"dice\.yaml:4:15: unknown icon 'helth' \(did you mean 'health'\?\)", text), text
    errs = errors_of(tmp_path, HEAD + "  - {id: a, faces: [1, 2, 3, 4, 5, 6+hit+skull+red]}\n")
    assert any("at most 3 stay legible" in e for e in errs), errs
    errs = errors_of(tmp_path, HEAD.replace("lego-2x2", "lego-3x3") + "  - {id: a, faces: [1, 2, 3, 4, 5, 6]}\n")
    assert any(re.search(r"dice\.yaml:2:7: .*did you mean 'lego-2x2'", e) for e in errs), errs


def test_a_bad_value_does_not_hide_the_dice_mistakes_after_it(tmp_path):
    """The docs' five mistakes together: a bad `tile` (a mistake of form) and an unknown key are
    reported with the dice's own mistakes (faces, symbols, ids, icons), not before them."""
    dice = (HEAD.replace("lego-2x2", "lego-3x3").replace("health", "helth")
            + "  - {id: a, faces: [1, 2, 3, 4, 5, 6, 7]}\n  - {id: a, faces: [1, 2, 3, 4, 5, hti]}\nnote: 1\n")
    text = "\n".join(errors_of(tmp_path, dice))
    for expected in [r"dice\.yaml:2:7: .*did you mean 'lego-2x2'", r"dice\.yaml:4:15: unknown icon 'helth'",
                     r"dice\.yaml:6:39: die 'a' has 7 faces", r"dice\.yaml:7:10: duplicate die id 'a'",
                     r"dice\.yaml:7:36: unknown symbol 'hti'", r"dice\.yaml:8:1: unknown key 'note'"]:
        assert re.search(expected, text), (expected, text)


def test_a_bad_required_value_still_reports_what_can_be_checked(tmp_path):
    """A faulty key the dice cannot do without (a face list that is not a list) stops the dice's own
    checks: they would only report what that mistake makes up."""
    text = "\n".join(errors_of(tmp_path, HEAD + "  - {id: a, faces: 7}\n  - {id: a, faces: [1, 2, 3, 4, 5, 6]}\n"))
    assert "'faces' must be a list" in text and "duplicate die id" not in text, text


def test_the_model_the_referee_reads():
    from pnp.game import GameContext
    from pnp.render.assets import Assets
    from pnp.kinds import dice as kind
    from pnp.reading.load import load_yaml

    game = GameContext(SPEC.parent, "miskatonic", None, Assets(SPEC.parent))
    model = kind.load(game, SPEC, load_yaml(SPEC))
    assert not game.errors.errors
    inv = model.die("investigator")
    assert [f.text for f in inv.faces] == INVESTIGATOR
    assert [f.number for f in inv.faces] == [None, 6, 6, 5, 5, 4]
    assert "skull" in inv.faces[5].names and "hit" in inv.faces[5].names
    assert [f.text for f in model.die("monster").faces] == MONSTER
    assert abs(model.tile / MM - 15.8) < 1e-9 and abs(model.net_edge / MM - 20) < 1e-9
