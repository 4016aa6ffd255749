"""The home build's `*-printshop.pdf` files carry at least 3 mm of bleed on every piece (issue 49).

A board is drawn to its edge, a die face with 0.6 mm, a token with 2 mm: each page is widened to 3 mm
and the art's outermost sliver stretched over the band, so the colour at the cut runs on to the page's
edge. Measured with pdfium (boxes, pixels) and with pnp's own preflight, which asks 3 mm for PDF/X-4.
"""
from __future__ import annotations

import shutil

import pypdfium2 as pdfium
import pytest

from pnp.paths import EXAMPLES

MM = 72 / 25.4


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    from pnp.build import BuildOptions, build_game

    root = tmp_path_factory.mktemp("home")
    game = shutil.copytree(EXAMPLES / "miskatonic", root / "miskatonic")
    build_game(game, BuildOptions(out=root / "out"))
    return root / "out" / "miskatonic"


def test_every_home_printshop_page_has_at_least_3mm_bleed_on_every_side(home):
    files = sorted(home.glob("*-printshop.pdf"))
    assert {p.name for p in files} >= {"board-printshop.pdf", "dice-printshop.pdf", "tokens-printshop.pdf",
                                      "cards-printshop.pdf"}
    for path in files:
        doc = pdfium.PdfDocument(str(path))
        try:
            for page in doc:
                trim, bleed = page.get_trimbox(), page.get_bleedbox()
                sides = (trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
                assert min(sides) >= 3 * MM - 0.01, (path.name, sides)
                assert bleed == page.get_mediabox()
        finally:
            doc.close()


def test_the_pieces_keep_their_size_and_the_art_runs_to_the_page_edge(home):
    sizes = {"board-printshop.pdf": (368.0, 272.0), "dice-printshop.pdf": (15.8, 15.8)}
    checked = 0
    for name in ("board-printshop.pdf", "dice-printshop.pdf", "tokens-printshop.pdf"):
        doc = pdfium.PdfDocument(str(home / name))
        try:
            for index in range(0, len(doc), max(1, len(doc) // 4)):
                page = doc[index]
                trim = page.get_trimbox()
                if name in sizes:
                    assert (round((trim[2] - trim[0]) / MM, 1), round((trim[3] - trim[1]) / MM, 1)) == sizes[name]
                scale = 6 if name != "board-printshop.pdf" else 1
                picture = page.render(scale=scale).to_pil().convert("RGB")
                w, h = picture.size
                inside = round(trim[0] * scale) + 2  # just inside the cut
                for outer, inner in (((1, h // 2), (inside, h // 2)), ((w - 2, h // 2), (w - 1 - inside, h // 2)),
                                     ((w // 2, 1), (w // 2, inside)), ((w // 2, h - 2), (w // 2, h - 1 - inside))):
                    a, b = picture.getpixel(outer), picture.getpixel(inner)
                    assert max(abs(x - y) for x, y in zip(a, b)) < 40, (name, index, outer, a, b)
                    checked += 1
        finally:
            doc.close()
    assert checked >= 20


def test_preflight_finds_the_home_files_bleed_enough(home):
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    for name in ("board-printshop.pdf", "dice-printshop.pdf"):
        result = CliRunner().invoke(cli.app, ["preflight", str(home / name), "--shop", "pdfx4"])
        said = " ".join(result.output.split())
        assert result.exit_code == 1, said  # a home file is RGB, which a shop turns away: it was read
        assert "RGB" in said and "bleed" not in said.lower(), (name, said)


def test_a_deck_with_less_bleed_gets_3mm_in_its_home_printshop_file(tmp_path):
    from pnp.build import BuildOptions, build_game

    game = tmp_path / "thin"
    game.mkdir()
    (game / "game.yaml").write_text("title: Thin\nplayers: 2\ncomponents:\n  - cards.yaml\n")
    (game / "cards.yaml").write_text(
        "kind: deck\nname: thin\nsize: poker\nbleed: 1mm\nlayout: face\nlayouts:\n  face:\n"
        "    background: \"#3366aa\"\n    boxes:\n      word: {text: Thin, x: 5mm, y: 5mm, width: 40mm, height: 10mm}\n"
        "cards:\n  - {id: one}\n  - {id: two}\n")
    build_game(game, BuildOptions(out=tmp_path / "out"))
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "thin" / "cards-printshop.pdf"))
    try:
        assert len(doc) == 2
        for page in doc:
            trim, bleed = page.get_trimbox(), page.get_bleedbox()
            assert round((trim[2] - trim[0]) / MM, 1) == 63.0
            assert min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) >= 3 * MM - 0.01
            picture = page.render(scale=4).to_pil().convert("RGB")
            w, h = picture.size
            for corner in ((1, 1), (w - 2, h // 2), (w // 2, h - 2)):  # the background, out to the page's edge
                assert picture.getpixel(corner) == (0x33, 0x66, 0xaa), corner
            assert page.get_textpage().get_text_range().split() == ["Thin"]  # its words once, not stretched
    finally:
        doc.close()
