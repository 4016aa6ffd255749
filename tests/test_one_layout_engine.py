"""One layout engine draws every piece: a card, a token side, a die face, a board space and a
sheet cell drawn with the same `layouts:` boxes come out the same, each reading its own fields,
with the cards' located errors; a piece without `layout:` is drawn as before.

Measured in the PDFs pnp writes: the words' place and size from the PDF's text (pypdfium2),
the filled plate's edges from the rendered pixels.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import dedent, line_of

DPI = 200
SCALE = DPI / 72
PLATE = (0x12, 0x34, 0x56)

LAYOUTS = dedent("""
    kind: layouts
    layouts:
      probe:
        boxes:
          plate: {type: shape, shape: rect, x: 10%, y: 10%, width: 80%, height: 80%, fill: "#123456"}
          never: {type: shape, shape: rect, x: 0, y: 0, width: 100%, height: 100%, fill: "#ff00ff", show_if: "1 > 2"}
          word: {text: "W{{ 3 + 4 }}", x: 20%, y: 30%, width: 60%, height: 40%, font: sans-bold, size: 12pt,
                 align: center, valign: middle, color: "#ffff00"}
    """)

# the same 20 mm square piece of every kind, drawn with the layout `probe` (its name is LAYOUT)
PIECES = {
    "cards.yaml": """
        kind: deck
        name: probe
        size: {width: 20mm, height: 20mm}
        safe: 0mm
        layout: LAYOUT
        cards:
          - {id: c1, fields: {word: card-word}}
        """,
    "tokens.yaml": """
        kind: tokens
        name: probe
        pieces:
          - {id: t1, shape: square, size: 20mm, front: {fill: "#ddeeff", layout: LAYOUT, fields: {word: token-word}}}
        """,
    "dice.yaml": """
        kind: dice
        tile: 20mm
        dice:
          - {id: d1, faces: [1, 2, 3, 4, 5, 6], layout: LAYOUT}
        """,
    "board.yaml": """
        kind: board
        name: probe
        cell: 20mm
        spaces:
          probe: {walk: true, layout: LAYOUT}
        map: ["P"]
        legend: {P: probe}
        """,
    "sheet.yaml": """
        kind: sheet
        title: Probe
        cell: 20mm
        fill: false        # the cell at its written size (a sheet grows its cells to fill the page by default)
        grids:
          g: {size: [1, 1], layout: LAYOUT, values: [[cell-word]]}
        layout: [[g]]
        """,
}
# where each kind prints its pieces at true size
PDFS = {"cards.yaml": "cards.pdf", "tokens.yaml": "tokens.pdf", "dice.yaml": "dice-tiles.pdf",
        "board.yaml": "board-poster.pdf", "sheet.yaml": "sheet.pdf"}


def write_probe(root: Path, layout: str = "probe", layouts: str = LAYOUTS) -> Path:
    game = root / "probe"
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(dedent(f"""
        title: Probe
        players: 1
        components: [layouts.yaml, {', '.join(PIECES)}]
        """))
    (game / "layouts.yaml").write_text(layouts)
    for name, text in PIECES.items():
        (game / name).write_text(dedent(text).replace("LAYOUT", layout))
    return game


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The probe game built once: every kind draws the layout `probe`."""
    from typer.testing import CliRunner

    from pnp import cli

    root = tmp_path_factory.mktemp("one-engine")
    game = write_probe(root)
    cli._register_commands()
    result = CliRunner().invoke(cli.app, ["build", str(game), "--out", str(root / "out"), "-q"])
    assert result.exit_code == 0, result.output
    return root / "out" / "probe"


def _word(pdf_path: Path, word: str) -> tuple[tuple[float, float, float, float], float, object, float]:
    """The largest `word` on page 1 (a piece at true size, not a key's small swatch): its box
    (left, top, right, bottom in points from the page's top left), its font size, the page and
    the page's height."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    page = pdf[0]
    text = page.get_textpage()
    all_text = text.get_text_range()
    starts = [i for i in range(len(all_text)) if all_text.startswith(word, i)]
    assert starts, f"{word!r} not printed in {pdf_path.name}"
    start = max(starts, key=lambda i: pdfium_c.FPDFText_GetFontSize(text.raw, i))
    boxes = [text.get_charbox(i) for i in range(start, start + len(word))]
    size = pdfium_c.FPDFText_GetFontSize(text.raw, start)
    height = page.get_height()
    left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
    top, bottom = height - max(b[3] for b in boxes), height - min(b[1] for b in boxes)
    return (left, top, right, bottom), size, page, height


def _edges(img, colour, box) -> tuple[float, float, float, float]:
    """The edges (points from the top left) of the `colour` region around `box` (points): walked
    out from just outside the box's sides, in the rendered page, until the colour ends."""

    def near(x, y) -> bool:
        return sum(abs(a - b) for a, b in zip(img.getpixel((x, y)), colour)) < 24

    left, top, right, bottom = (v * SCALE for v in box)
    cx, cy = int((left + right) / 2), int((top + bottom) / 2)

    def walk(x, y, dx, dy):
        assert near(x, y), f"no {colour} beside the box"
        while near(x + dx, y + dy):
            x, y = x + dx, y + dy
        return x, y

    x0 = walk(int(left) - 3, cy, -1, 0)[0]
    x1 = walk(int(right) + 3, cy, 1, 0)[0] + 1
    y0 = walk(cx, int(top) - 3, 0, -1)[1]
    y1 = walk(cx, int(bottom) + 3, 0, 1)[1] + 1
    return x0 / SCALE, y0 / SCALE, x1 / SCALE, y1 / SCALE


def _plate_around(page, box) -> tuple[float, float, float, float]:
    """The edges of the plate-coloured rectangle under a word."""
    return _edges(page.render(scale=SCALE).to_pil().convert("RGB"), PLATE, box)


def _measure(pdf_path: Path) -> dict:
    box, size, page, _ = _word(pdf_path, "W7")
    plate = _plate_around(page, box)
    px = 1.5 / SCALE  # a pixel and a half, in points
    return {"size": size, "plate": (plate[2] - plate[0], plate[3] - plate[1]),
            "word in plate": (box[0] - plate[0], box[1] - plate[1], box[2] - plate[0], box[3] - plate[1]), "px": px}


def test_the_same_layout_draws_the_same_on_every_kind_of_piece(built):
    measured = {kind: _measure(built / pdf) for kind, pdf in PDFS.items()}
    card = measured["cards.yaml"]
    mm20 = 20 * 72 / 25.4
    # the plate is 80 % of the 20 mm piece on the card, as the layout says
    assert card["plate"] == pytest.approx((0.8 * mm20, 0.8 * mm20), abs=card["px"])
    for kind, m in measured.items():
        assert m["size"] == pytest.approx(12, abs=0.01), kind  # the text's size, unshrunk
        assert m["plate"] == pytest.approx(card["plate"], abs=card["px"]), kind
        assert m["word in plate"] == pytest.approx(card["word in plate"], abs=card["px"]), kind


def test_the_layout_is_placed_in_the_piece(built):
    """On the token the plate sits in the middle of the side's fill (which runs the bleed past
    the cut on every side, so its middle is the piece's): the layout is drawn in the piece."""
    box, _, page, _ = _word(built / "tokens.pdf", "W7")
    img = page.render(scale=SCALE).to_pil().convert("RGB")
    plate = _edges(img, PLATE, box)
    side = _edges(img, (0xdd, 0xee, 0xff), plate)
    px = 1.5 / SCALE
    assert (plate[0] + plate[2]) / 2 == pytest.approx((side[0] + side[2]) / 2, abs=px)
    assert (plate[1] + plate[3]) / 2 == pytest.approx((side[1] + side[3]) / 2, abs=px)
    mm = 72 / 25.4
    assert side[2] - side[0] == pytest.approx(24 * mm, abs=px)  # 20 mm and 2 mm of bleed each side


def test_show_if_false_hides_the_box_on_every_kind(built):
    for kind, pdf in PDFS.items():
        page = pdfium.PdfDocument(str(built / pdf))[0]
        colours = page.render(scale=1).to_pil().convert("RGB").getcolors(maxcolors=1 << 24)
        magenta = sum(n for n, c in colours if sum(abs(a - b) for a, b in zip(c, (255, 0, 255))) < 30)
        assert magenta == 0, kind


def test_each_piece_reads_its_own_fields(tmp_path, run_cli):
    """Templates and show_if read what each kind gives: a token's and a card's `fields:`, a die
    face's number, a space's id, a cell's value."""
    own = LAYOUTS + dedent("""
          own:
            boxes:
              card: {text: "{{ word if word is defined }}", size: 7pt, min_size: 4pt}
              die: {text: "{{ 'face-%d-of-%s' % (number, die.id) if number is defined }}", size: 6pt, min_size: 3pt}
              space: {text: "{{ 'space-' ~ id ~ '-' ~ type if walk is defined }}", size: 6pt, min_size: 3pt}
              cell: {text: "{{ 'cell-' ~ value ~ '-' ~ id if grid is defined }}", size: 6pt, min_size: 3pt}
        """).replace("\n", "\n  ").rstrip().replace("own:", "  own:", 1) + "\n"
    game = write_probe(tmp_path, layout="own", layouts=own)
    result = run_cli("build", game, "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "probe"
    expected = {"cards.pdf": "card-word", "tokens.pdf": "token-word", "dice-tiles.pdf": "face-6-of-d1",
                "board-poster.pdf": "space-A1-probe", "sheet.pdf": "cell-cell-word-A1"}
    for pdf, word in expected.items():
        assert _word(out / pdf, word), pdf
    # a field of one kind is not shown on another: show_if hid those boxes
    tokens_text = pdfium.PdfDocument(str(out / "tokens.pdf"))[0].get_textpage().get_text_range()
    assert "face-" not in tokens_text and "space-" not in tokens_text and "cell-" not in tokens_text


@pytest.mark.parametrize("kind", list(PIECES))
def test_an_unknown_layout_is_located_with_did_you_mean(tmp_path, run_cli, kind):
    game = write_probe(tmp_path)
    text = (game / kind).read_text()
    (game / kind).write_text(text.replace("layout: probe", "layout: prboe"))
    result = run_cli("validate", game)
    assert result.exit_code == 2
    line = line_of(game / kind, "prboe")
    assert f"{kind}:{line}:" in result.output
    assert "unknown layout 'prboe' (did you mean 'probe'?)" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("kind", [k for k in PIECES if k != "cards.yaml"])
def test_a_box_that_does_not_fit_the_piece_is_an_error_at_the_box(tmp_path, run_cli, kind):
    game = write_probe(tmp_path, layouts=LAYOUTS.replace("x: 10%, y: 10%, width: 80%", "x: 10%, y: 10%, width: 30mm"))
    result = run_cli("validate", game)
    assert result.exit_code == 2
    line = line_of(game / "layouts.yaml", "plate:")
    assert f"layouts.yaml:{line}:" in result.output
    assert "box 'plate' does not fit" in result.output
    assert "past the right edge" in result.output


def test_an_unknown_field_is_one_error_at_the_template(tmp_path, run_cli):
    layouts = LAYOUTS.replace('"W{{ 3 + 4 }}"', '"{{ nmber }}"')
    game = write_probe(tmp_path, layouts=layouts)
    (game / "game.yaml").write_text("title: Probe\nplayers: 1\ncomponents: [layouts.yaml, dice.yaml]\n")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    line = line_of(game / "layouts.yaml", "nmber")
    errors = [e for e in result.output.splitlines() if "'nmber' is undefined" in e]
    assert len(errors) == 1, result.output  # one error for six faces
    assert f"layouts.yaml:{line}:" in errors[0]
    faces = line_of(game / "dice.yaml", "faces:")
    assert "did you mean 'number'?" in errors[0] and f"(6 die faces: " in errors[0] and f"dice.yaml line {faces})" in errors[0]


def test_an_inline_layout_draws_like_a_named_one(tmp_path, run_cli):
    """Boxes written on the token itself are the same boxes as the shared layout's."""
    game = write_probe(tmp_path)
    boxes = LAYOUTS.split("boxes:\n", 1)[1]
    inline = "\n".join("        " + line.strip() for line in boxes.strip().splitlines())
    (game / "tokens.yaml").write_text(dedent("""
        kind: tokens
        name: probe
        pieces:
          - id: t1
            shape: square
            size: 20mm
            front:
              layout:
                boxes:
        """) + inline.replace("        ", "          ", 1).replace("\n        ", "\n          ") + "\n")
    result = run_cli("build", game, "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    inline_m = _measure(tmp_path / "out" / "probe" / "tokens.pdf")
    card = _measure(tmp_path / "out" / "probe" / "cards.pdf")
    assert inline_m["word in plate"] == pytest.approx(card["word in plate"], abs=card["px"])
    assert inline_m["plate"] == pytest.approx(card["plate"], abs=card["px"])


def test_pieces_without_layout_never_reach_the_engine(tmp_path, run_cli, monkeypatch):
    """The bundled games use no piece layouts: their tokens, dice, board and sheets are drawn by
    each kind's own code, as before the engine was shared (their bytes were compared by hand
    before and after; see the branch's report)."""
    from pnp.layout import pieces
    from pnp.paths import EXAMPLES

    def refuse(*args, **kwargs):
        raise AssertionError("a piece without layout: was drawn by the layout engine")

    monkeypatch.setattr(pieces.PieceLayout, "draw", refuse)
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", tmp_path / "miskatonic"))
    result = run_cli("build", game, "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output


def test_the_scaffold_draws_its_ships_with_their_own_layout(tmp_path, run_cli, monkeypatch):
    """`pnp new` shows a token with its own layout: round ship markers whose number and name come
    from each side's fields, and whose flag shows only on the flagship (show_if)."""
    monkeypatch.chdir(tmp_path)
    assert run_cli("new", "harbour").exit_code == 0
    assert "layout: ship" in (tmp_path / "harbour" / "tokens.yaml").read_text()
    result = run_cli("build", "harbour", "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "harbour" / "tokens.pdf"
    (flag_box, _, page, _), (sloop_box, _, _, _) = _word(pdf, "Resolute"), _word(pdf, "Sloop")
    assert _word(pdf, "3") and _word(pdf, "5")  # each ship's speed, from its fields
    img = page.render(scale=SCALE).to_pil().convert("RGB")

    def flag_pixels(box) -> int:
        """White pixels in the small square under a ship's name, where the flagship's flag is."""
        left, top, right, _ = box
        cx, mm1 = (left + right) / 2, 72 / 25.4
        strip = img.crop(tuple(int(v * SCALE) for v in (cx - mm1, top + 2.6 * mm1, cx + mm1, top + 4.5 * mm1)))
        return sum(1 for px in strip.get_flattened_data() if min(px) > 235)

    assert flag_pixels(flag_box) > 20       # the flag under "Resolute"
    assert flag_pixels(sloop_box) == 0      # none under a sloop (flagship: false)
