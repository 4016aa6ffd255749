"""Card decks measured in the PDFs: sizes, grid, crop marks, duplex backs, print boxes, fonts, determinism."""
from __future__ import annotations

import hashlib
import json

import pytest

from conftest import write_game
from pdfmeasure import MM, box, fonts_embedded, geometry, mm, reader

A4 = (210 * MM, 297 * MM)
LETTER = (612.0, 792.0)
TRIM = (63 * MM, 88 * MM)
BLEED = 3 * MM


def build(run_cli, game, out, *extra):
    result = run_cli("build", game, "--out", out, "--force", *extra)
    assert result.exit_code == 0, result.output
    return out / game.name


def card_rects(page):
    """Trim rectangles of the cards on a sheet: each card's layout form covers trim + 3 mm bleed."""
    rects = []
    for f in geometry(page).forms:
        if f.width > 50 * MM:  # the card-sized layout symbol, not an icon
            rects.append((round(f.x0 + BLEED, 3), round(f.y0 + BLEED, 3), round(f.x1 - BLEED, 3), round(f.y1 - BLEED, 3)))
    return sorted(rects, key=lambda r: (-r[1], r[0]))


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_sheet_pages_grid_and_margins(run_cli, mini_game, tmp_path, paper, size):
    out = build(run_cli, mini_game, tmp_path / "out", "--paper", paper)
    pdf = reader(out / "cards.pdf")
    # 11 cards, 9 a sheet, double-sided: front, back, front, back
    assert len(pdf.pages) == 4
    for page in pdf.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (w, h) == pytest.approx(size, abs=0.01)
    rects = card_rects(pdf.pages[0])
    assert len(rects) == 9
    for x0, y0, x1, y1 in rects:
        assert mm(x1 - x0) == pytest.approx(63, abs=0.1)
        assert mm(y1 - y0) == pytest.approx(88, abs=0.1)
    left = min(r[0] for r in rects)
    right = size[0] - max(r[2] for r in rects)
    bottom = min(r[1] for r in rects)
    top = size[1] - max(r[3] for r in rects)
    assert left == pytest.approx(right, abs=0.01) and top == pytest.approx(bottom, abs=0.01)  # centred
    assert min(left, right, top, bottom) >= 5 * MM  # at least 5 mm from every edge
    assert len({r[0] for r in rects}) == 3 and len({r[1] for r in rects}) == 3  # 3 × 3 portrait


def test_crop_marks_align_with_every_edge_and_never_cross_a_card(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out")
    page = reader(out / "cards.pdf").pages[0]
    rects = card_rects(page)
    xs = sorted({r[0] for r in rects} | {r[2] for r in rects})
    ys = sorted({r[1] for r in rects} | {r[3] for r in rects})
    segments = geometry(page).segments
    vertical = [s for s in segments if abs(s[0][0] - s[1][0]) < 0.01]
    horizontal = [s for s in segments if abs(s[0][1] - s[1][1]) < 0.01]
    assert len(vertical) == 2 * len(xs) and len(horizontal) == 2 * len(ys)  # each line end marked once
    for x in xs:
        assert sum(1 for s in vertical if abs(s[0][0] - x) < 0.01) == 2
    for y in ys:
        assert sum(1 for s in horizontal if abs(s[0][1] - y) < 0.01) == 2
    block = (min(xs), min(ys), max(xs), max(ys))  # the trims; test_print_finish checks the gap to the bleed
    for (x1, y1), (x2, y2) in segments:
        inside_x = block[0] < (x1 + x2) / 2 < block[2] and not (max(x1, x2) <= block[0] or min(x1, x2) >= block[2])
        inside_y = block[1] < (y1 + y2) / 2 < block[3] and not (max(y1, y2) <= block[1] or min(y1, y2) >= block[3])
        assert not (inside_x and inside_y), "a crop mark crosses the cards"
        for px, py in ((x1, y1), (x2, y2)):
            assert 5 * MM - 0.01 <= px <= A4[0] - 5 * MM + 0.01 and 5 * MM - 0.01 <= py <= A4[1] - 5 * MM + 0.01


def test_long_edge_backs_mirror_columns(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out", "--duplex", "long")
    pdf = reader(out / "cards.pdf")
    fronts, backs = card_rects(pdf.pages[0]), card_rects(pdf.pages[1])
    assert len(backs) == len(fronts) == 9
    expected = sorted(((round(A4[0] - x1, 3), y0, round(A4[0] - x0, 3), y1) for x0, y0, x1, y1 in fronts),
                      key=lambda r: (-r[1], r[0]))
    for got, want in zip(backs, expected):
        assert got == pytest.approx(want, abs=0.01)


def test_short_edge_backs_mirror_rows(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out", "--duplex", "short")
    pdf = reader(out / "cards.pdf")
    fronts, backs = card_rects(pdf.pages[0]), card_rects(pdf.pages[1])
    expected = sorted(((x0, round(A4[1] - y1, 3), x1, round(A4[1] - y0, 3)) for x0, y0, x1, y1 in fronts),
                      key=lambda r: (-r[1], r[0]))
    for got, want in zip(backs, expected):
        assert got == pytest.approx(want, abs=0.01)


def test_back_offset_shifts_every_back(run_cli, mini_game, tmp_path):
    plain = card_rects(reader(build(run_cli, mini_game, tmp_path / "a") / "cards.pdf").pages[1])
    shifted = card_rects(reader(build(run_cli, mini_game, tmp_path / "b", "--back-offset", "1.5,-0.5") / "cards.pdf").pages[1])
    for (x0, y0, _, _), (sx0, sy0, _, _) in zip(plain, shifted):
        assert mm(sx0 - x0) == pytest.approx(1.5, abs=0.01)
        assert mm(sy0 - y0) == pytest.approx(0.5, abs=0.01)  # +Y is down the page; PDF y grows up
    fronts_a = card_rects(reader(tmp_path / "a" / "mini" / "cards.pdf").pages[0])
    fronts_b = card_rects(reader(tmp_path / "b" / "mini" / "cards.pdf").pages[0])
    assert fronts_a == fronts_b  # fronts never move


def test_gutterfold_puts_each_back_across_the_fold(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out", "--duplex", "gutterfold")
    pdf = reader(out / "cards.pdf")
    assert len(pdf.pages) == 3  # 4 cards a landscape sheet: 11 cards → 3 sheets, no separate backs
    page = pdf.pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)
    rects = card_rects(page)
    assert len(rects) == 8
    fold = float(page.mediabox.width) / 2
    lefts = [r for r in rects if r[2] <= fold]
    rights = [r for r in rects if r[0] >= fold]
    assert len(lefts) == len(rights) == 4
    mirrored = sorted(((round(2 * fold - x1, 3), y0, round(2 * fold - x0, 3), y1) for x0, y0, x1, y1 in rights))
    assert [v for r in sorted(lefts) for v in r] == pytest.approx([v for r in mirrored for v in r], abs=0.01)


def test_duplex_none_prints_fronts_only(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out", "--duplex", "none")
    assert len(reader(out / "cards.pdf").pages) == 2


def test_printshop_file_one_face_per_page_with_trim_and_bleed_boxes(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out")
    pdf = reader(out / "cards-printshop.pdf")
    assert len(pdf.pages) == 22  # 11 fronts + 11 backs
    for page in pdf.pages:
        assert mm(float(page.mediabox.width)) == pytest.approx(69, abs=0.1)
        assert mm(float(page.mediabox.height)) == pytest.approx(94, abs=0.1)
        x0, y0, x1, y1 = box(page, "/TrimBox")
        assert mm(x1 - x0) == pytest.approx(63, abs=0.1) and mm(y1 - y0) == pytest.approx(88, abs=0.1)
        assert mm(x0) == pytest.approx(3, abs=0.01) and mm(y0) == pytest.approx(3, abs=0.01)
        assert box(page, "/BleedBox") == pytest.approx(tuple(float(v) for v in page.mediabox), abs=0.01)
        assert not geometry(page).segments  # no crop marks in a print-shop file


def test_fonts_are_embedded_and_helvetica_is_never_referenced(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out")
    for name in ("cards.pdf", "cards-printshop.pdf", "calibration.pdf"):
        fonts = fonts_embedded(out / name)
        assert fonts, name
        assert all(fonts.values()), (name, fonts)
        assert not any("Helvetica" in f for f in fonts), fonts


def test_same_specs_give_byte_identical_files(run_cli, mini_game, tmp_path):
    a = build(run_cli, mini_game, tmp_path / "a", "--format", "pdf,svg")
    b = build(run_cli, mini_game, tmp_path / "b", "--format", "pdf,svg")
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def test_manifest_lists_every_file_with_size_and_sha256(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out", "--format", "pdf,svg")
    manifest = json.loads((out / "manifest.json").read_text())
    listed = {e["file"] for e in manifest["files"]}
    on_disk = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and p.name != "manifest.json"}
    assert listed == on_disk
    for entry in manifest["files"]:
        data = (out / entry["file"]).read_bytes()
        assert entry["bytes"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest()


def test_svg_face_has_the_card_size_with_bleed(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out", "--format", "svg")
    svg = (out / "svg" / "mini" / "c0-front.svg").read_text()
    assert 'width="195.591pt"' in svg and 'height="266.457pt"' in svg  # 69 × 94 mm
    assert "Card 0" in svg
    assert (out / "svg" / "mini" / "c0-back.svg").is_file()
    cut = (out / "svg" / "mini" / "cut-line.svg").read_text()
    assert 'rx="8.504"' in cut and 'width="178.583"' in cut  # 3 mm corners on the 63 mm trim


def test_a_failing_build_leaves_earlier_outputs_untouched(run_cli, mini_game, tmp_path):
    out = build(run_cli, mini_game, tmp_path / "out")
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.iterdir() if p.is_file()}
    deck = mini_game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: pokr"))
    result = run_cli("build", mini_game, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 2
    assert "cards.yaml:3:7: 'size': unknown card size 'pokr' (did you mean 'poker'?)" in result.output
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.iterdir() if p.is_file()}
    assert after == before
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]


def test_text_that_cannot_fit_is_a_warning_naming_the_card(run_cli, tmp_path):
    long_name = "An extraordinarily long card title " * 8
    game = write_game(tmp_path, card_lines=f"  - {{id: wordy, fields: {{name: '{long_name}'}}}}\n")
    result = run_cli("build", game, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 0
    assert "card 'wordy'" in result.output and "box 'title'" in result.output and "does not fit" in result.output


def test_text_shrinks_to_fit_before_warning(run_cli, tmp_path):
    game = write_game(tmp_path, card_lines="  - {id: longish, fields: {name: A Rather Longer Title Here}}\n")
    result = run_cli("build", game, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 0 and "does not fit" not in result.output


def test_count_and_csv_rows_become_cards(run_cli, tmp_path):
    game = write_game(tmp_path, deck_extra="data: rows.csv\n",
                      card_lines="  - {id: triple, count: 3, fields: {name: Three of me}}\n")
    (game / "rows.csv").write_text("id,name,power\nr1,Row one,4\nr2,\"Row, two\",5\n")
    out = build(run_cli, game, tmp_path / "out")
    assert len(reader(out / "cards-printshop.pdf").pages) == 2 * (3 + 2)


def test_long_documents_are_written_in_chunks_and_joined(run_cli, mini_game, tmp_path, monkeypatch):
    """Large decks are rendered a few hundred pages at a time; the joined file must be one good PDF."""
    import pypdfium2

    from pnp.draw.pdf import ChunkedPdfSurface

    whole = build(run_cli, mini_game, tmp_path / "whole")
    monkeypatch.setattr(ChunkedPdfSurface, "pages_per_chunk", 3)
    chunked = build(run_cli, mini_game, tmp_path / "chunked")
    for name, pages in (("cards.pdf", 4), ("cards-printshop.pdf", 22)):
        joined, single = reader(chunked / name), reader(whole / name)
        assert len(joined.pages) == len(single.pages) == pages
        for a, b in zip(joined.pages, single.pages):
            assert a.extract_text() == b.extract_text()
            assert box(a, "/TrimBox") == box(b, "/TrimBox") if "/TrimBox" in b else True
        assert card_rects(joined.pages[3]) == card_rects(single.pages[3])
        assert all(fonts_embedded(chunked / name).values())
        doc = pypdfium2.PdfDocument(str(chunked / name))
        assert len(doc) == pages and doc[len(doc) - 1].render(scale=0.2).to_pil().size[0] > 0
        doc.close()
    again = build(run_cli, mini_game, tmp_path / "again")
    assert (again / "cards-printshop.pdf").read_bytes() == (chunked / "cards-printshop.pdf").read_bytes()


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_rulers_sit_behind_the_front_crosses(run_cli, mini_game, tmp_path, duplex):
    out = build(run_cli, mini_game, tmp_path / "out", "--duplex", duplex)
    pdf = reader(out / "calibration.pdf")
    assert len(pdf.pages) == 2
    w, h = A4

    def lengths(page, length_mm, vertical):
        segs = geometry(page).segments
        keep = [s for s in segs if abs(mm(abs(s[1][1] - s[0][1]) if vertical else abs(s[1][0] - s[0][0])) - length_mm) < 0.05
                and (abs(s[0][0] - s[1][0]) < 0.01 if vertical else abs(s[0][1] - s[1][1]) < 0.01)]
        return keep

    crosses = lengths(pdf.pages[0], 2 * (10 + 3 + 4), vertical=True)  # each front cross: past ±10 mm rulers
    assert len(crosses) == 9
    centres = sorted((round(s[0][0], 2), round((s[0][1] + s[1][1]) / 2, 2)) for s in crosses)
    zero_x = lengths(pdf.pages[1], 3.2, vertical=True)  # the 0 tick of each X ruler
    zero_y = lengths(pdf.pages[1], 3.2, vertical=False)  # the 0 tick of each Y ruler
    assert len(zero_x) == len(zero_y) == 9
    backs_x = sorted(round(s[0][0], 2) for s in zero_x)
    backs_y = sorted(round(s[0][1], 2) for s in zero_y)
    if duplex == "long":  # columns mirror; rows stay
        want_x = sorted(round(w - x, 2) for x, _ in centres)
        want_y = sorted(y for _, y in centres)
    else:  # rows mirror; columns stay
        want_x = sorted(x for x, _ in centres)
        want_y = sorted(round(h - y, 2) for _, y in centres)
    assert backs_x == pytest.approx(want_x, abs=0.02)
    assert backs_y == pytest.approx(want_y, abs=0.02)


def test_calibration_rulers_read_ten_millimetres_each_way_with_their_labels_apart(run_cli, mini_game, tmp_path):
    """Printers misalign duplex by a millimetre or more: each ruler on the back reads -10 to +10 mm,
    labelled every 5 mm with a clear gap between neighbouring labels."""
    import pypdfium2

    out = build(run_cli, mini_game, tmp_path / "out")
    page = pypdfium2.PdfDocument(str(out / "calibration.pdf"))[1]
    text = page.get_textpage()
    words = []  # (text, left, bottom, right, top) of every label
    run = []
    for i in range(text.count_chars() + 1):
        ch = text.get_text_range(i, 1) if i < text.count_chars() else " "
        if ch.strip() and ch in "+-0123456789":
            run.append((ch, text.get_charbox(i)))
            continue
        if run:
            boxes = [b for _, b in run]
            words.append(("".join(c for c, _ in run), min(b[0] for b in boxes), min(b[1] for b in boxes),
                          max(b[2] for b in boxes), max(b[3] for b in boxes)))
            run = []
    for label in ("-10", "-5", "0", "+5", "+10"):
        assert sum(1 for w in words if w[0] == label) == 18, f"'{label}' on each of the 9 X and 9 Y rulers"
    rows: dict[float, list] = {}
    for w in words:  # the X rulers' labels share a baseline
        rows.setdefault(round(w[2], 0), []).append(w)
    x_rows = [sorted(r, key=lambda w: w[1]) for r in rows.values() if len(r) >= 5]
    assert x_rows
    for row in x_rows:
        gaps = [b[1] - a[3] for a, b in zip(row, row[1:]) if b[1] - a[1] < 20 * MM]
        assert gaps and min(gaps) >= 0.5 * MM, f"labels closer than 0.5 mm: {[w[0] for w in row]}"
