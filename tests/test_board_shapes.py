"""Hex maps, point-to-point maps and tracks, measured in the PDFs the template games print; their
spec errors located at the YAML key with "did you mean"."""
from __future__ import annotations

import io
import math

import pytest
from pypdf import PdfReader

from boardshapes import MM, rgb, shapes
from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.kinds.board.art import MAP_BACKGROUND, TRACK_FILL
from pnp.scaffold import create


@pytest.fixture(scope="module")
def hex_game(tmp_path_factory):
    d = tmp_path_factory.mktemp("hex")
    made = create("ridge", d, "hex")
    result = build_game(made.dir, BuildOptions(out=d / "out"))
    assert not result.warnings, [str(w) for w in result.warnings]
    return made.dir, result.out_dir


@pytest.fixture(scope="module")
def route_game(tmp_path_factory):
    d = tmp_path_factory.mktemp("routes")
    made = create("rails", d, "routes")
    result = build_game(made.dir, BuildOptions(out=d / "out"))
    assert not result.warnings, [str(w) for w in result.warnings]
    return made.dir, result.out_dir


def _hexagons(polys, fills):
    """The six-cornered shapes painted in a terrain's fill (icons are six-cornered too, in other colours)."""
    return [pts for fill, pts in polys if len(pts) == 6 and fill in fills]


def _fills(folder):
    return {rgb(t.fill) for t in load_game(folder).of_kind("board")[0].model.spec.spaces.values()}


def _track_cells(polys, marked: str):
    """Top-left corners of the drawn track squares (the white ones and the marked ones)."""
    fills = {rgb(TRACK_FILL), rgb(marked)}
    return [min(pts) for fill, pts in polys if fill in fills and len(pts) == 4
            and abs(abs(pts[1][0] - pts[0][0]) - abs(pts[2][1] - pts[1][1])) < 0.01]


# ------------------------------------------------------------------ hex map

@pytest.mark.parametrize("name", ["board-poster.pdf", "board-tiles.pdf"])
def test_hex_size_measured_between_drawn_vertices(hex_game, name):
    folder, out = hex_game
    ctm, polys, _ = shapes((out / name).read_bytes())
    assert abs(ctm[0]) == pytest.approx(1) and abs(ctm[3]) == pytest.approx(1)   # the board at true scale
    hexes = _hexagons(polys, _fills(folder))
    assert len(hexes) == 12 * 9
    for pts in hexes:
        corner = [math.dist(pts[k], pts[k + 3]) / MM for k in range(3)]
        mids = [((pts[k][0] + pts[(k + 1) % 6][0]) / 2, (pts[k][1] + pts[(k + 1) % 6][1]) / 2) for k in range(6)]
        flat = [math.dist(mids[k], mids[k + 3]) / MM for k in range(3)]
        assert corner == pytest.approx([24 * 2 / math.sqrt(3)] * 3, abs=0.01)   # 27.71 mm corner to corner
        assert flat == pytest.approx([24.0] * 3, abs=0.01)                      # 24 mm across the flats
    # flat-top: each hex has a horizontal top edge
    top = min(hexes[0], key=lambda p: p[1])
    assert sum(1 for p in hexes[0] if abs(p[1] - top[1]) < 1e-6) == 2


def test_hex_turn_track_pitch(hex_game):
    _, out = hex_game
    _, polys, _ = shapes((out / "board-poster.pdf").read_bytes())
    cells = sorted(_track_cells(polys, "#ffb300"), key=lambda p: (round(p[1]), p[0]))
    assert len(cells) == 12
    pitches = [(b[0] - a[0]) / MM for a, b in zip(cells, cells[1:]) if abs(a[1] - b[1]) < 0.01]
    assert pitches and all(p == pytest.approx(16.0, abs=0.01) for p in pitches)


def test_hex_tiles_cover_the_board_with_an_assembly_page(hex_game):
    _, out = hex_game
    reader = PdfReader(io.BytesIO((out / "board-tiles.pdf").read_bytes()))
    texts = [p.extract_text() for p in reader.pages]
    assert len(texts) >= 3 and "assembling" in texts[-1]
    assert any("one hex = 24 mm across the flats" in t for t in texts)


def _write_game(tmp_path, board: str):
    d = tmp_path / "g"
    d.mkdir(exist_ok=True)
    (d / "game.yaml").write_text("title: T\nplayers: 2\ncomponents: [board.yaml]\n")
    (d / "board.yaml").write_text(board)
    return d


POINTY = """kind: board
name: m
shape: hex
cell: 20mm
hex: {orientation: pointy, offset: even, coords: axial}
spaces:
  land: {walk: true, fill: "#c5e1a5"}
map: |
  ....
  ....
  ....
legend:
  '.': land
"""


def test_pointy_even_axial_hexes(tmp_path):
    d = _write_game(tmp_path, POINTY)
    result = build_game(d, BuildOptions(out=tmp_path / "out"))
    ctm, polys, _ = shapes((result.out_dir / "board-poster.pdf").read_bytes())
    hexes = _hexagons(polys, _fills(d))
    assert len(hexes) == 12
    centres = sorted(((sum(x for x, _ in h) / 6, sum(y for _, y in h) / 6) for h in hexes), key=lambda p: (round(p[1]), p[0]))
    row0, row1 = centres[:4], centres[4:8]
    assert (row0[1][0] - row0[0][0]) / MM == pytest.approx(20.0, abs=0.01)       # side by side: one flat apart
    assert (row1[0][1] - row0[0][1]) / MM == pytest.approx(1.5 * 20 / math.sqrt(3), abs=0.01)
    assert (row0[0][0] - row1[0][0]) / MM == pytest.approx(10.0, abs=0.01)       # even rows shoved right
    # pointy-top: a vertex straight above the centre
    top = min(hexes[0], key=lambda p: p[1])
    assert sum(1 for p in hexes[0] if abs(p[1] - top[1]) < 1e-6) == 1
    text = PdfReader(io.BytesIO((result.out_dir / "board-poster.pdf").read_bytes())).pages[0].extract_text()
    board = load_game(d).of_kind("board")[0].model
    assert board.name_of((0, 0)) == "0,0" and board.name_of((1, 0)) == "-1,1"
    assert board.parse_space("-1,1") == (1, 0)
    assert "one hex = 20 mm" in text.lower()


# ------------------------------------------------------------------ point-to-point map

def test_node_positions_as_declared(route_game):
    folder, out = route_game
    board = load_game(folder).of_kind("board")[0].model
    _, polys, circles = shapes((out / "board-poster.pdf").read_bytes())
    background = [pts for fill, pts in polys if fill == rgb(MAP_BACKGROUND)]
    assert len(background) == 1
    x0, y0 = min(background[0])
    w, h = max(background[0])[0] - x0, max(background[0])[1] - y0
    assert (w / MM, h / MM) == pytest.approx((244, 180), abs=0.01)
    nodes = [c for c in circles if c[2] / MM == pytest.approx(7.0, abs=0.01)]
    assert len(nodes) == len(board.spec.nodes) == 9
    for name, node in board.spec.nodes.items():
        want = (node.at[0] / MM, node.at[1] / MM)
        got = min(((cx - x0) / MM, (cy - y0) / MM) for _, (cx, cy), _ in nodes
                  if math.dist(((cx - x0) / MM, (cy - y0) / MM), want) < 5)
        assert got == pytest.approx(want, abs=0.01), name


def test_routes_are_equal_boxes(route_game):
    folder, out = route_game
    board = load_game(folder).of_kind("board")[0].model
    _, polys, _ = shapes((out / "board-poster.pdf").read_bytes())
    colours = {rgb(c.color) for c in board.spec.connections}
    boxes = [pts for fill, pts in polys if fill in colours and len(pts) == 4]
    assert len(boxes) == sum(c.segments for c in board.spec.connections) == 39
    widths = {round(min(math.dist(b[0], b[1]), math.dist(b[1], b[2])) / MM, 2) for b in boxes}
    assert widths == {7.0}
    # harbour–millford is straight: 4 boxes of one length centred on the line between the two towns
    x0, y0 = min(next(pts for fill, pts in polys if fill == rgb(MAP_BACKGROUND)))
    (ax, ay), (zx, zy) = ((x0 + n.at[0], y0 + n.at[1]) for n in (board.spec.nodes["harbour"], board.spec.nodes["millford"]))
    span = math.dist((ax, ay), (zx, zy))

    def off_line(b):
        cx, cy = sum(p[0] for p in b) / 4, sum(p[1] for p in b) / 4
        return abs((zx - ax) * (ay - cy) - (ax - cx) * (zy - ay)) / span

    route = [b for b in boxes if off_line(b) < 0.01 and min(ay, zy) < sum(p[1] for p in b) / 4 < max(ay, zy)]
    assert len(route) == 4
    lengths = [max(math.dist(b[0], b[1]), math.dist(b[1], b[2])) / MM for b in route]
    assert max(lengths) - min(lengths) < 0.01
    # from rim to rim: 4 boxes and 5 gaps of 1.2 mm fill the line between the 14 mm towns
    assert 4 * lengths[0] + 5 * 1.2 == pytest.approx(span / MM - 14, abs=0.01)


def test_score_track_round_the_edge(route_game):
    _, out = route_game
    _, polys, _ = shapes((out / "board-poster.pdf").read_bytes())
    cells = _track_cells(polys, "#ffb300")
    assert len(cells) == 60
    top = sorted(p for p in cells if abs(p[1] - min(c[1] for c in cells)) < 0.01)
    pitches = [(b[0] - a[0]) / MM for a, b in zip(top, top[1:])]
    assert pitches and all(p == pytest.approx(16.0, abs=0.01) for p in pitches)
    left = sorted(p for p in cells if abs(p[0] - min(c[0] for c in cells)) < 0.01)
    assert all((b[1] - a[1]) / MM == pytest.approx(16.0, abs=0.01) for a, b in zip(left, left[1:]))


# ------------------------------------------------------------------ located errors

def errors(tmp_path, board: str) -> list[str]:
    d = _write_game(tmp_path, board)
    with pytest.raises(SpecErrors) as e:
        load_game(d)
    return [str(x) for x in e.value.errors]


ROUTES = """kind: board
name: m
shape: points
size: [200mm, 120mm]
cell: 12mm
spaces:
  town: {walk: true, fill: "#fff8e1"}
nodes:
  york: {at: [20mm, 20mm], space: town}
  leeds: {at: [120mm, 60mm], space: town}
connections:
  - {from: york, to: leeds, segments: 3}
"""


def test_connection_to_unknown_node(tmp_path):
    errs = errors(tmp_path, ROUTES.replace("to: leeds", "to: leedz"))
    assert any("board.yaml:12:22:" in e and "unknown node 'leedz'" in e and "did you mean 'leeds'" in e
               for e in errs), errs


def test_node_of_undeclared_space_type(tmp_path):
    errs = errors(tmp_path, ROUTES.replace("leeds: {at: [120mm, 60mm], space: town}",
                                           "leeds: {at: [120mm, 60mm], space: twon}"))
    assert any("board.yaml:10:" in e and "unknown space type 'twon'" in e and "did you mean 'town'" in e
               for e in errs), errs


def test_route_too_short_for_its_segments(tmp_path):
    errs = errors(tmp_path, ROUTES.replace("segments: 3", "segments: 20"))
    assert any("board.yaml:12:" in e and "20 segments do not fit" in e for e in errs), errs


def test_track_too_long_for_the_ring_is_located_at_the_track(tmp_path):
    board = ROUTES + "tracks:\n  - {name: Score, from: 0, to: 80, space: 16mm}\n"
    errs = errors(tmp_path, board)
    assert any("board.yaml:14:5:" in e and "needs 81 spaces" in e and "holds 50" in e for e in errs), errs
    hint = next(e for e in errs if "needs 81" in e).split("space: ")[1].split("mm fits")[0]
    fixed = board.replace("space: 16mm", f"space: {hint}mm")   # the suggested size does fit
    load_game(_write_game(tmp_path, fixed))


def test_track_bounds(tmp_path):
    errs = errors(tmp_path, ROUTES + "tracks:\n  - {name: Score, from: 5, to: 2}\n")
    assert any("board.yaml:14:" in e and "'to' must not be below 'from'" in e for e in errs), errs
    errs = errors(tmp_path, ROUTES + "tracks:\n  - {name: Score, from: 0, to: 5000}\n")
    assert any("board.yaml:14:" in e for e in errs), errs


def test_too_many_nodes(tmp_path):
    from pnp.kinds.board.models import MAX_NODES

    nodes = "".join(f"  n{i}: {{at: [{10 + (i % 40) * 4}mm, {10 + (i // 40) * 4}mm], space: town}}\n"
                    for i in range(MAX_NODES + 1))
    board = ROUTES.split("nodes:")[0].replace("cell: 12mm", "cell: 2mm").replace("[200mm, 120mm]", "[400mm, 400mm]")
    errs = errors(tmp_path, board + "nodes:\n" + nodes)
    assert any("board.yaml:9:" in e and f"at most {MAX_NODES}" in e for e in errs), errs


SQUARE = """kind: board
name: m
spaces:
  road: {walk: true}
map: |
  ..
legend:
  '.': raod
"""


def test_legend_of_undeclared_space_type(tmp_path):
    errs = errors(tmp_path, SQUARE)
    assert any("board.yaml:8:8:" in e and "unknown space type 'raod'" in e and "did you mean 'road'" in e
               for e in errs), errs


def test_unknown_piece_in_a_scenario(tmp_path):
    board = SQUARE.replace("raod", "road") + ("pieces:\n  army: {name: Army}\nscenarios:\n  - id: s\n    name: S\n"
                                              "    pieces: [{piece: amry, at: A1}]\n")
    errs = errors(tmp_path, board)
    assert any("board.yaml:14:" in e and "unknown piece 'amry'" in e and "did you mean 'army'" in e for e in errs), errs


def test_front_type_without_location(tmp_path):
    board = SQUARE.replace("road: {walk: true}", "road: {walk: true}\n  door: {walk: true, front: true}") \
        .replace("'.': raod", "'.': road\n  d: door").replace("  ..\n", "  .d\n")
    errs = errors(tmp_path, board)
    assert any("legend 'd'" in e and "needs 'location:'" in e for e in errs), errs


def test_old_legend_form_says_what_replaced_it(tmp_path):
    errs = errors(tmp_path, SQUARE.replace("'.': raod", "'.': {kind: path, style: road}"))
    assert any("board.yaml:8:" in e and "space type declared under `spaces:`" in e for e in errs), errs


def test_board_too_large_to_print(tmp_path):
    rows = "".join("  " + "." * 120 + "\n" for _ in range(120))
    errs = errors(tmp_path, SQUARE.replace("raod", "road").replace("map: |\n  ..\n", "cell: 60mm\nmap: |\n" + rows))
    assert any("board.yaml:5:7:" in e and "at most 4000 mm a side" in e for e in errs), errs


def test_space_type_image_from_the_game_art(tmp_path):
    board = SQUARE.replace("raod", "road").replace("road: {walk: true}", "road: {walk: true, image: art/ruin.svg}")
    d = _write_game(tmp_path, board)
    (d / "art").mkdir()
    (d / "art" / "ruin.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                        '<rect x="1" y="1" width="8" height="8" fill="#123456"/></svg>')
    result = build_game(d, BuildOptions(out=tmp_path / "out"))
    _, polys, _ = shapes((result.out_dir / "board-poster.pdf").read_bytes())
    assert any(fill == rgb("#123456") for fill, _ in polys)   # the picture is drawn on each road space
    (d / "art" / "ruin.svg").unlink()
    errs = errors(tmp_path, board)
    assert any("board.yaml:4:" in e and "ruin.svg" in e for e in errs), errs


def test_location_without_footprint(tmp_path):
    board = SQUARE.replace("road: {walk: true}", "road: {walk: true}\n  door: {walk: true, front: true}\n"
                           "  house: {footprint: true}").replace("'.': raod", "'.': road\n  d: {space: door, location: inn}") \
        .replace("  ..\n", "  .d\n") + "locations:\n  inn: {name: Inn}\n"
    errs = errors(tmp_path, board)
    assert any("board.yaml:13:3:" in e and "location 'inn' has no footprint" in e and "house" in e for e in errs), errs


def test_hex_location_footprint_and_front(tmp_path):
    board = """kind: board
name: m
shape: hex
cell: 20mm
hex: {orientation: pointy}
start: keep
spaces:
  land: {walk: true, fill: "#c5e1a5"}
  castle: {footprint: true}
  gate: {walk: true, front: true, fill: "#6d4c41"}
map: |
  .....
  .CC..
  ..Cg.
  .....
legend:
  '.': land
  C: {space: castle, location: keep}
  g: {space: gate, location: keep}
locations:
  keep: {name: The Keep, color: "#5c6bc0"}
"""
    d = _write_game(tmp_path, board)
    result = build_game(d, BuildOptions(out=tmp_path / "out"))
    pdf = (result.out_dir / "board-poster.pdf").read_bytes()
    _, polys, _ = shapes(pdf)
    assert sum(1 for fill, pts in polys if fill == rgb("#5c6bc0") and len(pts) == 6) == 3   # the roof's hexes
    assert "The Keep" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    # the gate touches the keep through a hex side (pointy, odd rows shoved): moved one hex off, it does not
    far = board.replace("  ..Cg.\n  .....\n", "  ..C..\n  ....g\n")
    errs = errors(tmp_path, far)
    assert any("board.yaml:15:7:" in e and "does not touch its footprint" in e for e in errs), errs


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", ["hex", "routes"])
def test_every_shape_tiles_with_a_12mm_overlap(tmp_path, paper, which):
    from test_board import tile_windows

    made = create("g", tmp_path, which)
    game = load_game(made.dir)
    from pnp.kinds import board as board_kind

    files = board_kind.build(game, game.of_kind("board"), BuildOptions(paper=paper, duplex="long"))
    board = game.of_kind("board")[0].model
    wins = tile_windows(files["board-tiles.pdf"], board)
    assert len(wins) >= 2
    for x0, y0, x1, y1, sx, sy, _ in wins:
        assert sx == pytest.approx(1.0) and sy == pytest.approx(1.0)
    for spans in (sorted({(round(w[0], 2), round(w[2], 2)) for w in wins}),
                  sorted({(round(w[1], 2), round(w[3], 2)) for w in wins})):
        for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
            assert (a1 - b0) / MM == pytest.approx(12.0, abs=0.01)
    from pnp.kinds.board.draw import board_size

    W, H = board_size(board)   # together the windows cover the whole board
    assert min(w[0] for w in wins) == pytest.approx(0) and max(w[2] for w in wins) == pytest.approx(W)
    assert min(w[1] for w in wins) == pytest.approx(0) and max(w[3] for w in wins) == pytest.approx(H)


def test_node_cut_off_from_the_start(tmp_path):
    board = ROUTES.replace("name: m\n", "name: m\nstart: york\n").replace(
        "connections:", "  lone: {at: [180mm, 100mm], space: town}\nconnections:")
    errs = errors(tmp_path, board)
    assert any("board.yaml:12:3:" in e and "space lone cannot be reached from the start (york)" in e
               for e in errs), errs


def test_node_off_the_map(tmp_path):
    errs = errors(tmp_path, ROUTES.replace("[120mm, 60mm]", "[198mm, 60mm]"))
    assert any("board.yaml:10:" in e and "node 'leeds'" in e and "not wholly on" in e for e in errs), errs


@pytest.mark.parametrize("which", ["hex", "routes"])
def test_same_spec_same_bytes(tmp_path, which):
    from pnp.kinds import board as board_kind

    made = create("g", tmp_path, which)

    def files():
        game = load_game(made.dir)
        return board_kind.build(game, game.of_kind("board"), BuildOptions(paper="a4", duplex="long"))

    assert files() == files()
