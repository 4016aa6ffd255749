"""`pnp build --format png`: one picture per piece face and per sheet page, exact size, same bytes every time."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.paths import EXAMPLES


def size_of(path: Path) -> tuple[int, int]:
    with Image.open(path) as im:
        return im.size


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def misk(tmp_path_factory):
    """Miskatonic (a deck, tokens, a board, dice) built as PDF and PNG at 100 dpi."""
    out = tmp_path_factory.mktemp("png")
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", out / "src" / "miskatonic"))
    build_game(game, BuildOptions(out=out / "out", formats=("pdf", "png"), dpi=100))
    return out / "out" / "miskatonic"


def test_every_kind_has_pictures_of_its_pieces_and_sheets(misk):
    pngs = {str(p.relative_to(misk)) for p in misk.rglob("*.png")}
    assert "png/miskatonic/axe-1-front.png" in pngs and "png/miskatonic/axe-2-front.png" in pngs  # each copy
    assert "png/miskatonic/reference-1-back.png" in pngs  # backs differ: no shared back.png
    assert {f"png/dice/monster-face-{i}.png" for i in range(1, 7)} <= pngs
    assert "png/valley/valley-front.png" in pngs  # the board as one piece
    assert {"png/tokens-1.png", "png/board-tiles-1.png", "png/dice-tiles.png"} <= pngs  # sheets, page by page
    assert not any("cards-printshop" in p or "calibration" in p for p in pngs)


def test_picture_size_is_size_in_inches_times_dpi(misk):
    assert size_of(misk / "png/miskatonic/axe-1-front.png") == (px(63, 100), px(88, 100))  # cut to the TrimBox
    assert size_of(misk / "png/tokens-1.png") == (px(210, 100), px(297, 100))  # an A4 sheet
    tile = size_of(misk / "png/dice/monster-face-1.png")
    assert tile[0] == tile[1] == px(15.8, 100)  # a LEGO 2 x 2 tile face
    with Image.open(misk / "png/tokens-1.png") as im:
        assert round(im.info["dpi"][0]) == 100 and set(im.info) == {"dpi"}  # no text or time chunks


def test_a_card_picture_is_the_print_shop_face(misk):
    """The picture is drawn from the same PDF drawing: its centre matches the print-shop page's centre."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(misk / "cards-printshop.pdf"))
    page = doc[0].render(scale=100 / 72).to_pil().convert("RGB")
    with Image.open(misk / "png/miskatonic/revolver-1-front.png") as im:
        ours = im.convert("RGB")
    w, h = page.size
    assert ours.getpixel((ours.width // 2, ours.height // 2)) == page.getpixel((w // 2, h // 2))
    assert ours.getpixel((ours.width // 2, 12)) == page.getpixel((w // 2, 12 + round(3 / 25.4 * 100)))


def test_same_input_same_bytes_and_pdf_unchanged(tmp_path, misk):
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", tmp_path / "src" / "miskatonic"))
    result = build_game(game, BuildOptions(out=tmp_path / "a", formats=("png",), dpi=100))
    names = {f["file"] for f in result.files}
    assert not any(n.endswith(".pdf") and n != "rulebook.pdf" for n in names)  # PNG alone: no card PDFs kept
    for name in names:
        if name.endswith(".png"):
            assert (tmp_path / "a/miskatonic" / name).read_bytes() == (misk / name).read_bytes(), name
    pdf_only = build_game(game, BuildOptions(out=tmp_path / "b"))
    assert (tmp_path / "b/miskatonic/cards-printshop.pdf").read_bytes() == (misk / "cards-printshop.pdf").read_bytes()
    assert not any(f["file"].endswith(".png") for f in pdf_only.files)


def test_dpi_is_bounded(tmp_path, mini_game, run_cli):
    for dpi in ("71", "1201"):
        r = run_cli("build", mini_game, "--format", "png", "--dpi", dpi, "--out", tmp_path / "o")
        assert r.exit_code == 2 and "--dpi" in r.output
    with pytest.raises(SpecErrors, match="outside 72–1200"):
        build_game(mini_game, BuildOptions(out=tmp_path / "o", formats=("png",), dpi=5000))
    assert not (tmp_path / "o" / "mini").exists()


def test_total_pixels_are_bounded(tmp_path, mini_game, monkeypatch):
    import pnp.render.png_output as png_output

    monkeypatch.setattr(png_output, "MAX_TOTAL_PIXELS", 5_000_000)  # 11 cards x 2 faces at 300 dpi is ~18 million
    with pytest.raises(SpecErrors, match="lower --dpi") as e:
        build_game(mini_game, BuildOptions(out=tmp_path / "o", formats=("png",), dpi=300))
    assert "pixels" in str(e.value)
    assert "cards.yaml:1:1: the deck components:" in str(e.value)  # at the file drawn, not the game folder
    assert not (tmp_path / "o" / "mini").exists()


def test_shared_back_written_once_and_cli_accepts_pdf_png(tmp_path, mini_game, run_cli):
    r = run_cli("build", mini_game, "--format", "pdf,png", "--dpi", "72", "--out", tmp_path / "o")
    assert r.exit_code == 0, r.output
    folder = tmp_path / "o/mini/png/mini"
    assert (folder / "back.png").exists() and not list(folder.glob("*-back.png"))
    assert len(list(folder.glob("*-front.png"))) == 11
    assert size_of(folder / "c0-front.png") == (px(63, 72), px(88, 72))
    assert (tmp_path / "o/mini/cards.pdf").exists()


def test_unknown_format_is_a_usage_error(tmp_path, mini_game, run_cli):
    r = run_cli("build", mini_game, "--format", "pdf,gif", "--out", tmp_path / "o")
    assert r.exit_code == 2 and "gif" in r.output
