"""Each card face is drawn once: a form the sheets place, and the print-shop file places the same form."""
from __future__ import annotations

import pytest

from conftest import write_game
from pdfmeasure import MM, geometry, reader

TRIM = (63 * MM, 88 * MM)
BLEED = 3 * MM


def build(run_cli, game, out, *extra):
    result = run_cli("build", game, "--out", out, "--force", *extra)
    assert result.exit_code == 0, result.output
    return out / game.name


def face_drawings(page) -> list[bytes]:
    """The content of each card-sized form the page places, in drawing order."""
    xobjects = page["/Resources"]["/XObject"]
    return [xobjects[f.name].get_object().get_data() for f in geometry(page).forms if f.width > 50 * MM]


def test_print_shop_pages_place_the_drawings_the_sheets_place_in_card_order(run_cli, tmp_path, monkeypatch):
    import pnp.draw.pdf

    monkeypatch.setattr(pnp.draw.pdf.ChunkedPdfSurface, "pages_per_chunk", 4)  # several chunks, joined
    out = build(run_cli, write_game(tmp_path, cards=40), tmp_path / "out")
    sheets, shop = reader(out / "cards.pdf"), reader(out / "cards-printshop.pdf")
    fronts = [d for page in sheets.pages[0::2] for d in face_drawings(page)]
    backs = [d for page in sheets.pages[1::2] for d in face_drawings(page)]
    assert len(fronts) == len(backs) == 40 and len(shop.pages) == 80
    for i, page in enumerate(shop.pages):
        placed = geometry(page).forms
        assert len(placed) == 1  # the page is the face's form and nothing else
        f = placed[0]
        assert (f.x0, f.y0) == pytest.approx((0, 0), abs=0.01)
        assert (f.width, f.height) == pytest.approx((TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED), abs=0.01)
        assert face_drawings(page) == [fronts[i // 2] if i % 2 == 0 else backs[i // 2]]
    assert len(set(fronts)) == 40  # every front differs (its name)


def test_identical_faces_share_one_form(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out")
    sheets = reader(out / "cards.pdf")
    back_forms = {f.name for page in sheets.pages[1::2] for f in geometry(page).forms if f.width > 50 * MM}
    front_forms = [f.name for f in geometry(sheets.pages[0]).forms if f.width > 50 * MM]
    assert len(back_forms) == 1  # the deck's one back, drawn once
    assert len(set(front_forms)) == len(front_forms) == 9


def test_backs_only_in_the_print_shop_file_are_still_drawn(run_cli, mini_game, tmp_path):
    """With --duplex none the sheets show no backs, so the print-shop file draws them itself."""
    out = build(run_cli, mini_game, tmp_path / "out", "--duplex", "none")
    sheets, shop = reader(out / "cards.pdf"), reader(out / "cards-printshop.pdf")
    assert len(sheets.pages) == 2 and len(shop.pages) == 22
    assert all(p.trimbox and p.bleedbox for p in shop.pages)
