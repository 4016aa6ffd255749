"""A game's own fonts (`fonts:` in game.yaml) and fallback fonts (`fallback_fonts:`).

The fonts are made in the test with fontTools' FontBuilder (tests/fontmaker.py): every glyph is a
solid block, so a character drawn from the right face leaves measurable ink where an empty box
(the missing-glyph outline) would leave almost none.
"""
from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest

from conftest import MINI_DECK, MINI_GAME
from pnp.paths import EXAMPLES
from fontmaker import ADVANCE, make_font
from workbound import calls_within

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,"
CJK = "日本語"
TITLE_PT = 14


def font_game(root: Path, game_extra: str, files: dict[str, bytes], title: str = "Fell Card",
              title_font: str = "Fell", body: str = "Power **{{ power }}**", rules: str | None = None) -> Path:
    """A one-card game whose title box uses `title_font`, with font files written under fonts/."""
    game = root / "g"
    (game / "fonts").mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (game / name).write_bytes(data)
    (game / "game.yaml").write_text(MINI_GAME + game_extra)
    deck = (MINI_DECK.replace("font: sans-bold", f"font: {title_font}")
            .replace('"Power **{{ power }}** :star:"', f'"{body}"'))
    (game / "cards.yaml").write_text(deck + f"  - {{id: c1, fields: {{name: \"{title}\", power: 1}}}}\n")
    if rules is not None:
        (game / "rules.md").write_text(rules)
    return game


def has_face(names, ps_name: str) -> bool:
    """A game face is embedded under its PostScript name plus 8 hex digits of its content hash, subset-tagged."""
    return any(re.fullmatch(rf"/?[A-Z]{{6}}\+{re.escape(ps_name)}-[0-9a-f]{{8}}", n) for n in names)


def build(run_cli, game: Path, out: Path, *extra: str):
    return run_cli("build", game, "--force", "--out", out, *extra)


def pdf_fonts(path: Path) -> dict[str, dict]:
    """BaseFont → {'file2': has FontFile2, 'program': the embedded font bytes} for every font on every page."""
    from pypdf import PdfReader

    out = {}
    for page in PdfReader(str(path)).pages:
        for font in (page["/Resources"].get_object().get("/Font") or {}).values():
            font = font.get_object()
            desc = font["/FontDescriptor"].get_object()
            program = desc.get("/FontFile2")
            out[str(font["/BaseFont"])] = {"file2": program is not None,
                                           "program": program.get_object().get_data() if program else b""}
    return out


def ink(path: Path, page: int = 0, scale: float = 4.0) -> int:
    """Dark pixels on a page rendered by pdfium at `scale` pixels per point."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    image = doc[page].render(scale=scale, grayscale=True).to_pil()
    return sum(1 for v in image.tobytes() if v < 100)


# -- glyph fallback -----------------------------------------------------------------------------

def test_cjk_title_is_drawn_from_the_fallback_font_not_as_boxes(tmp_path, run_cli):
    cjk = make_font(CJK, "Test CJK")
    with_fallback = font_game(tmp_path / "a", "fonts:\n  CJK: fonts/cjk.ttf\nfallback_fonts: [CJK]\n",
                              {"fonts/cjk.ttf": cjk}, title=CJK * 2, title_font="sans-bold")
    without = font_game(tmp_path / "b", "", {}, title=CJK * 2, title_font="sans-bold")
    r = build(run_cli, with_fallback, tmp_path / "out-a")
    assert r.exit_code == 0, r.output
    assert "no glyph" not in r.output
    plain = build(run_cli, without, tmp_path / "out-b")
    assert plain.exit_code == 0 and "has no glyph for U+65E5 '日'" in plain.output, plain.output

    drawn = tmp_path / "out-a/g/cards.pdf"
    from pypdf import PdfReader

    assert CJK * 2 in PdfReader(str(drawn)).pages[0].extract_text()  # the text itself, with its ToUnicode map
    assert has_face(pdf_fonts(drawn), "TestCJK")
    # six solid glyphs of 0.5 em × 0.8 em at 14 pt (4 px per pt) against six outlined empty boxes, whose
    # ink is well under a third of a solid block: measured 5,323 more dark pixels for 7,526 solid ones
    solid = 6 * (0.5 * TITLE_PT) * (0.8 * TITLE_PT) * 16
    assert ink(drawn) - ink(tmp_path / "out-b/g/cards.pdf") > 0.6 * solid


def test_characters_no_font_has_are_named_in_a_located_warning(tmp_path, run_cli):
    game = font_game(tmp_path, "fonts:\n  CJK: fonts/cjk.ttf\nfallback_fonts: [CJK]\n",
                     {"fonts/cjk.ttf": make_font(CJK, "Test CJK")}, title=CJK + "漢", title_font="sans-bold")
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    warning = next(line for line in r.output.splitlines() if "no glyph" in line)
    assert re.match(r".*cards\.yaml:\d+:\d+: warning: ", warning), warning
    assert "U+6F22 '漢'" in warning and "'日'" not in warning and "fallbacks CJK" in warning


def test_bold_text_uses_the_familys_bold_and_fallback_inside_a_run(tmp_path, run_cli):
    files = {"fonts/fell.ttf": make_font(LATIN, "Fell"), "fonts/fell-b.ttf": make_font(LATIN, "Fell", "Bold"),
             "fonts/cjk.ttf": make_font(CJK, "Test CJK")}
    extra = ("fonts:\n  Fell: {regular: fonts/fell.ttf, bold: fonts/fell-b.ttf}\n  CJK: fonts/cjk.ttf\n"
             "fallback_fonts: [CJK]\n")
    game = font_game(tmp_path, extra, files, body="Fell **Bold 日本** end")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace(
        "body: {text:", "body: {font: Fell, text:"))
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    names = pdf_fonts(tmp_path / "out/g/cards.pdf")
    assert has_face(names, "Fell-Bold") and has_face(names, "Fell") and has_face(names, "TestCJK"), names


# -- embedding ----------------------------------------------------------------------------------

def test_a_custom_font_is_embedded_as_a_truetype_subset(tmp_path, run_cli):
    from fontTools.ttLib import TTFont

    extra = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 400))  # glyphs the card does not use
    original = make_font(LATIN + extra, "Fell")
    game = font_game(tmp_path, "fonts:\n  Fell: fonts/fell.ttf\n", {"fonts/fell.ttf": original}, title="Fell Card")
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    fonts = pdf_fonts(tmp_path / "out/g/cards.pdf")
    assert has_face(fonts, "Fell"), fonts  # subset-tagged name
    name = next(n for n in fonts if "+Fell-" in n)
    assert fonts[name]["file2"]
    embedded = TTFont(io.BytesIO(fonts[name]["program"]))
    drawn = sum(1 for g in embedded.getGlyphOrder() if embedded["glyf"][g].numberOfContours)
    # reportlab's first subset keeps printable ASCII (readable content streams); none of the 400 others
    assert drawn <= 95 < len(TTFont(io.BytesIO(original)).getGlyphOrder())
    assert len(fonts[name]["program"]) < len(original) / 3


def test_an_otf_with_cff_outlines_is_converted_and_embedded(tmp_path, run_cli):
    from fontTools.ttLib import TTFont

    otf = make_font(LATIN, "Fell", cff=True)
    assert "CFF " in TTFont(io.BytesIO(otf))
    game = font_game(tmp_path, "fonts:\n  Fell: fonts/fell.otf\n", {"fonts/fell.otf": otf}, title="FELL")
    plain = font_game(tmp_path / "p", "", {}, title="FELL", title_font="sans-bold")
    assert build(run_cli, game, tmp_path / "out").exit_code == 0
    assert build(run_cli, plain, tmp_path / "out-p").exit_code == 0
    fonts = pdf_fonts(tmp_path / "out/g/cards.pdf")
    name = next(n for n in fonts if "+Fell-" in n)
    assert fonts[name]["file2"] and "glyf" in TTFont(io.BytesIO(fonts[name]["program"]))
    # the converted outlines draw: four solid 0.5 × 0.8 em blocks carry more ink than "FELL" in DejaVu Bold
    assert ink(tmp_path / "out/g/cards.pdf") - ink(tmp_path / "out-p/g/cards.pdf") > 0


def test_the_same_game_gives_the_same_bytes_and_two_games_keep_their_own_fonts(tmp_path, run_cli):
    a = font_game(tmp_path / "a", "fonts:\n  Fell: fonts/fell.ttf\n", {"fonts/fell.ttf": make_font(LATIN, "Fell")})
    b = font_game(tmp_path / "b", "fonts:\n  Fell: fonts/fell.ttf\n",
                  {"fonts/fell.ttf": make_font(LATIN, "Other Fell")})
    none = font_game(tmp_path / "c", "", {})
    for game, out in ((a, "a1"), (b, "b1"), (a, "a2")):
        r = build(run_cli, game, tmp_path / out, "--format", "pdf,svg")
        assert r.exit_code == 0, r.output
    first, again = tmp_path / "a1/g", tmp_path / "a2/g"
    for f in sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file()):
        assert (first / f).read_bytes() == (again / f).read_bytes(), f
    assert has_face(pdf_fonts(tmp_path / "b1/g/cards.pdf"), "OtherFell")
    assert not any("Other" in n for n in pdf_fonts(first / "cards.pdf"))
    # a game without `fonts:` cannot use a name another game declared in the same process
    r = build(run_cli, none, tmp_path / "c1")
    assert r.exit_code == 2 and "unknown font 'Fell'" in r.output


def test_svg_embeds_the_games_face_subset(tmp_path, run_cli):
    from fontTools.ttLib import TTFont

    files = {"fonts/fell.ttf": make_font(LATIN, "Fell"), "fonts/cjk.ttf": make_font(CJK, "Test CJK")}
    game = font_game(tmp_path, "fonts:\n  Fell: fonts/fell.ttf\n  CJK: fonts/cjk.ttf\nfallback_fonts: [CJK]\n",
                     files, title="Fell 日本")
    assert build(run_cli, game, tmp_path / "out", "--format", "svg").exit_code == 0
    svg = next((tmp_path / "out/g").rglob("c1-front.svg")).read_text()
    assert "font-family=\"'Fell', 'CJK', 'DejaVu Sans', sans-serif\"" in svg
    faces = dict(re.findall(r"font-family: '([^']+)';[^}]*base64,([A-Za-z0-9+/=]+)", svg))
    assert set(faces) == {"Fell", "CJK"}
    fell = TTFont(io.BytesIO(base64.b64decode(faces["Fell"])))
    assert set(fell.getBestCmap()) >= {ord(c) for c in "Fel"} and ord("Z") not in fell.getBestCmap()
    assert {ord("日"), ord("本")} <= set(TTFont(io.BytesIO(base64.b64decode(faces["CJK"]))).getBestCmap())


def test_the_rulebook_uses_the_games_fonts_and_its_fallback(tmp_path, run_cli):
    files = {"fonts/fell.ttf": make_font(LATIN + " ", "Fell"), "fonts/cjk.ttf": make_font(CJK, "Test CJK")}
    extra = ("fonts:\n  Fell: fonts/fell.ttf\n  CJK: fonts/cjk.ttf\nfallback_fonts: [CJK]\n"
             "rulebook_fonts: {body: Fell, headings: sans}\n")
    game = font_game(tmp_path, extra, files, rules="# Setup\n\nDeal the cards 日本語.\n\nThen play ☃.\n")
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    names = pdf_fonts(tmp_path / "out/g/rulebook.pdf")
    assert has_face(names, "Fell") and has_face(names, "TestCJK"), names
    warning = next(line for line in r.output.splitlines() if "rulebook" in line and "no glyph" in line)
    assert re.search(r"rules\.md:5:\d+: warning", warning) and "U+2603" in warning and "日" not in warning


# -- names ----------------------------------------------------------------------------------------

def test_font_names_are_validated_with_the_games_families_in_did_you_mean(tmp_path, run_cli):
    game = font_game(tmp_path, "fonts:\n  Fell: fonts/fell.ttf\nfallback_fonts: [CJX]\n",
                     {"fonts/fell.ttf": make_font(LATIN, "Fell")}, title_font="Fel")
    (game / "fonts/cjk.ttf").write_bytes(make_font(CJK, "Test CJK"))
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace(
        "fonts:\n", "fonts:\n  CJK: fonts/cjk.ttf\n"))
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 2
    assert re.search(r"cards\.yaml:\d+:\d+: 'font': unknown font 'Fel' \(did you mean 'Fell'\?\)", r.output), r.output
    assert re.search(r"game\.yaml:7:\d+: unknown fallback font 'CJX' \(did you mean 'CJK'\?\)", r.output), r.output


# -- fonts that cannot be used: located at the game.yaml line naming them ------------------------

def _collection() -> bytes:
    from fontTools.ttLib import TTCollection, TTFont

    ttc = TTCollection()
    ttc.fonts = [TTFont(io.BytesIO(make_font(LATIN, "Fell"))), TTFont(io.BytesIO(make_font(LATIN, "Fell", "Bold")))]
    out = io.BytesIO()
    ttc.save(out)
    return out.getvalue()


def _woff() -> bytes:
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(make_font(LATIN, "Fell")))
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


BAD_FONTS = {
    "collection": (_collection, "is a font collection"),
    "restricted licence": (lambda: make_font(LATIN, "Fell", fs_type=0x0002), "forbids embedding"),
    "no subsetting": (lambda: make_font(LATIN, "Fell", fs_type=0x0100), "forbids subsetting"),
    "bitmap embedding only": (lambda: make_font(LATIN, "Fell", fs_type=0x0200), "only as bitmaps"),
    "truncated": (lambda: make_font(LATIN, "Fell")[:700], "is broken or truncated"),
    "not a font": (lambda: b"%PDF-1.4 not a font at all" * 10, "is not a TrueType or OpenType font"),
    "web font": (_woff, "is a web font (WOFF)"),
}


@pytest.mark.parametrize("case", sorted(BAD_FONTS))
def test_a_font_that_cannot_be_used_is_a_located_error(tmp_path, run_cli, case):
    make, reason = BAD_FONTS[case]
    extra = "fonts:\n  Fell:\n    regular: fonts/fell.ttf\n"
    game = font_game(tmp_path, extra, {"fonts/fell.ttf": make()})
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    # game.yaml: MINI_GAME's 3 lines, `fonts:`, `Fell:`, then the line naming the file (line 6)
    assert re.search(rf"game\.yaml:6:\d+: font file 'fonts/fell.ttf' [^\n]*{re.escape(reason)}", r.output), r.output
    assert not (tmp_path / "out/g").exists()


def _with_overlapping_ranges(fmt: int, copies: int) -> bytes:
    """A font whose one character map holds `copies` ranges over the same code points, written as bytes."""
    import struct

    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables.DefaultTable import DefaultTable

    if fmt == 4:  # segments 0..FFFE, then the closing FFFF one
        n = copies + 1
        ends, starts = [0xFFFE] * copies + [0xFFFF], [0] * copies + [0xFFFF]
        body = (struct.pack(">HHHHHHH", 4, 0, 0, 2 * n, 0, 0, 0) + struct.pack(f">{n}H", *ends) + b"\0\0"
                + struct.pack(f">{n}H", *starts) + struct.pack(f">{n}H", *[1] * n) + struct.pack(f">{n}H", *[0] * n))
        body = body[:2] + struct.pack(">H", len(body)) + body[4:]
    else:
        body = struct.pack(">HHIII", 12, 0, 16 + 12 * copies, 0, copies) + struct.pack(">III", 0, 0x10FFFF, 1) * copies
    raw = DefaultTable("cmap")
    raw.data = struct.pack(">HHHHI", 0, 1, 3, 1 if fmt == 4 else 10, 12) + body
    font = TTFont(io.BytesIO(make_font(LATIN, "Fell")))
    font["cmap"] = raw
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize("fmt, copies", [(4, 200), (12, 20)])
def test_a_font_whose_character_map_ranges_overlap_is_refused_in_a_second(tmp_path, run_cli, fmt, copies):
    """fontTools and reportlab read a range one code point at a time: 200 copies of 0..FFFE took 7 s (2,000:
    minutes and GBs), in a font of 2 kB."""
    _refused_within_a_second(tmp_path, run_cli, "fonts/fell.ttf", _with_overlapping_ranges(fmt, copies),
                             rf"game\.yaml:5:\d+: font file 'fonts/fell.ttf' is broken: its character map "
                             rf"\(format {fmt}\) gives [\d,]+ code points, more than there are")


FONT_REFUSAL_CALLS = 3_000_000  # the refusals take 34,000 and 650,000 calls; the unbounded reading, tens of millions


def _refused_within_a_second(tmp_path, run_cli, name: str, data: bytes, message: str) -> None:
    """A game using the font file `name` (holding `data`) is refused with `message` (a pattern) after a
    bounded number of calls (counted, not timed: the unbounded reading went code point by code point, or
    charstring by charstring, for millions of calls)."""
    game = font_game(tmp_path, f"fonts:\n  Fell: {name}\n", {name: data})
    r, calls = calls_within(FONT_REFUSAL_CALLS, build, run_cli, game, tmp_path / "out")
    assert r.exit_code == 2, r.output
    assert re.search(message, r.output), r.output
    print(f"refused after {calls:,} calls")


def _cff_whose_subroutines_call_each_other(depth: int, fan: int) -> bytes:
    """A CFF font of one drawn glyph, whose subroutine k calls subroutine k+1 `fan` times, `depth` deep."""
    from fontTools.cffLib import SubrsIndex
    from fontTools.misc.psCharStrings import T2CharString
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(make_font(LATIN, "Fell", cff=True)), recalcBBoxes=False)
    top = font["CFF "].cff.topDictIndex[0]
    private = top.Private
    subrs = SubrsIndex()
    for k in range(depth):  # an operand of callsubr is the index less 107 (the bias of a short index)
        subrs.append(T2CharString(program=[k + 1 - 107, "callsubr"] * fan + ["return"], private=private))
    subrs.append(T2CharString(program=[1, 1, "rlineto", "return"], private=private))
    private.Subrs = subrs
    name = font.getBestCmap()[ord("A")]
    top.CharStrings[name] = T2CharString(program=[600, 50, 0, "rmoveto", -107, "callsubr", "endchar"],
                                         private=private, globalSubrs=top.GlobalSubrs)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def test_a_cff_font_whose_subroutines_multiply_is_refused_in_a_second(tmp_path, run_cli):
    """Converting the outlines runs each glyph's charstring with its subroutines: 30 calls of 30 calls, four deep,
    took 7 s in a font of 2 kB, and nine deep of fifty ran for ever."""
    _refused_within_a_second(tmp_path, run_cli, "fonts/fell.otf", _cff_whose_subroutines_call_each_other(4, 30),
                             r"game\.yaml:5:\d+: font file 'fonts/fell.otf' has CFF outlines whose subroutines "
                             r"run more than [\d,]+ bytes")


def test_a_huge_font_file_is_refused_before_it_is_read(tmp_path, run_cli):
    from pnp.models.fontfiles import FONT_BYTES

    game = font_game(tmp_path, "fonts:\n  Fell: fonts/fell.ttf\n", {})
    with open(game / "fonts/fell.ttf", "wb") as f:
        f.truncate(FONT_BYTES + 1)  # sparse: nothing is written, and nothing should be read
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 2
    assert re.search(r"game\.yaml:5:\d+: font file 'fonts/fell.ttf' is too large .*pyftsubset", r.output), r.output


def test_a_font_outside_the_game_folder_is_refused(tmp_path, run_cli):
    (tmp_path / "outside.ttf").write_bytes(make_font(LATIN, "Fell"))
    game = font_game(tmp_path / "x", "fonts:\n  Fell: ../outside.ttf\n", {})
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 2 and re.search(r"game\.yaml:5:\d+: font file path '../outside.ttf' goes outside", r.output)


def test_a_family_may_not_take_a_built_in_name(tmp_path, run_cli):
    game = font_game(tmp_path, "fonts:\n  sans: fonts/fell.ttf\n", {"fonts/fell.ttf": make_font(LATIN, "Fell")},
                     title_font="sans")
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 2 and re.search(r"game\.yaml:5:\d+: font family name 'sans' is a built-in", r.output)


def test_cff_conversion_keeps_advance_widths(tmp_path):
    """The converted face measures as the original: layout is the designer's, not the converter's."""
    from fontTools.ttLib import TTFont

    from pnp.models.fontfiles import usable_truetype

    ttf = TTFont(io.BytesIO(usable_truetype(make_font(LATIN, "Fell", cff=True))))
    assert "glyf" in ttf and "CFF " not in ttf
    assert all(ttf["hmtx"][ttf.getBestCmap()[ord(c)]][0] == ADVANCE for c in "AZaz09")
    assert ttf["glyf"][ttf.getBestCmap()[ord("A")]].numberOfContours == 1
    # the same file converts to the same bytes on any day (no fresh timestamp in `head`)
    source = TTFont(io.BytesIO(make_font(LATIN, "Fell", cff=True)))
    assert ttf["head"].modified == source["head"].modified


# -- text drawn outside cards: tokens, sheets, boards ----------------------------------------------

def _misk_with_token_label(tmp_path: Path, game_extra: str = "") -> Path:
    import shutil

    from pnp.paths import EXAMPLES

    game = Path(shutil.copytree(EXAMPLES / "miskatonic", tmp_path / "misk"))
    tokens = (game / "tokens.yaml").read_text()
    assert "label: Tome}" in tokens
    (game / "tokens.yaml").write_text(tokens.replace("label: Tome}", "label: 本 Tome}", 1))
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + game_extra)
    return game


def test_a_token_label_no_font_can_draw_is_a_warning_at_the_character(tmp_path, run_cli):
    game = _misk_with_token_label(tmp_path)
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    warning = next(line for line in r.output.splitlines() if "U+672C" in line)
    lines = (game / "tokens.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "本" in text)
    at = f"tokens\\.yaml:{line}:{lines[line - 1].index('本') + 1}"
    assert re.search(at + r": warning: the tokens components: font '[a-z-]+' has no glyph", warning), warning


def test_a_fallback_font_draws_a_token_label(tmp_path, run_cli):
    game = _misk_with_token_label(tmp_path, "fonts:\n  CJK: fonts/cjk.ttf\nfallback_fonts: [CJK]\n")
    (game / "fonts").mkdir()
    (game / "fonts/cjk.ttf").write_bytes(make_font(CJK, "Test CJK"))
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    assert "U+672C" not in r.output
    tokens_pdf = next(p for p in (tmp_path / "out/misk").glob("*.pdf") if "token" in p.name)
    from pypdf import PdfReader

    names = {str(f.get_object()["/BaseFont"]) for page in PdfReader(str(tokens_pdf)).pages
             for f in (page["/Resources"].get_object().get("/Font") or {}).values()}
    assert has_face(names, "TestCJK"), names


def test_a_cff_font_with_too_many_glyphs_is_refused_before_converting(monkeypatch):
    from pnp.models import fontfiles

    monkeypatch.setattr(fontfiles, "CONVERT_GLYPHS", 10)
    with pytest.raises(fontfiles.FontProblem, match=r"has CFF outlines and 2[0-9] glyphs, too many to convert"):
        fontfiles.usable_truetype(make_font("ABCDEFGHIJKLMNOPQRST", "Many", cff=True))


def _example_with_spec_fonts(tmp_path: Path, example: str, spec: str, before: str, fonts_key: str) -> Path:
    """A copy of a bundled game with the font Fell declared, and `fonts_key` written into `spec`
    on the line above its `before` key."""
    import shutil

    game = Path(shutil.copytree(EXAMPLES / example, tmp_path / example))
    (game / "fonts").mkdir()
    (game / "fonts/fell.ttf").write_bytes(make_font(LATIN + " '!-:·×()%=\"", "Fell"))
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "fonts:\n  Fell: fonts/fell.ttf\n")
    text = (game / spec).read_text()
    assert f"\n{before}:" in text
    (game / spec).write_text(text.replace(f"\n{before}:", f"\n{fonts_key}\n{before}:", 1))
    return game


def _blob_with_sheet_fonts(tmp_path: Path, fonts_key: str) -> Path:
    return _example_with_spec_fonts(tmp_path, "blob", "sheet.yaml", "layout", fonts_key)


def test_a_sheet_prints_its_title_and_headings_in_the_games_font(tmp_path, run_cli):
    game = _blob_with_sheet_fonts(tmp_path, "fonts: {title: Fell, heading: Fell}")
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    faces = pdf_fonts(tmp_path / "out/blob/sheet.pdf")
    assert has_face(faces, "Fell") and any("DejaVuSans" in n for n in faces), faces  # labels stay in sans
    plain = build(run_cli, EXAMPLES / "blob", tmp_path / "plain")
    assert plain.exit_code == 0 and not has_face(pdf_fonts(tmp_path / "plain/blob/sheet.pdf"), "Fell")


def test_an_unknown_sheet_font_is_located_at_its_value(tmp_path, run_cli):
    game = _blob_with_sheet_fonts(tmp_path, "fonts: {text: Fel}")
    r = build(run_cli, game, tmp_path / "out")
    line = (game / "sheet.yaml").read_text().splitlines().index("fonts: {text: Fel}") + 1
    assert r.exit_code == 2 and f"sheet.yaml:{line}:" in r.output and "did you mean 'Fell'" in r.output, r.output


def _misk_with_board_fonts(tmp_path: Path, fonts_key: str) -> Path:
    return _example_with_spec_fonts(tmp_path, "miskatonic", "board.yaml", "spaces", fonts_key)


def test_a_board_prints_its_title_and_map_names_in_the_games_font(tmp_path, run_cli):
    game = _misk_with_board_fonts(tmp_path, "fonts: {title: Fell, names: Fell}")
    r = build(run_cli, game, tmp_path / "out")
    assert r.exit_code == 0, r.output
    poster = pdf_fonts(tmp_path / "out/miskatonic/board-poster.pdf")
    tiles = pdf_fonts(tmp_path / "out/miskatonic/board-tiles.pdf")
    assert has_face(poster, "Fell") and has_face(tiles, "Fell"), (poster, tiles)
    # the location names were the condensed face's only words on the map; the frame's letters stay in sans
    assert not any("Condensed" in n for n in tiles) and any("DejaVuSans-Bold" in n for n in tiles), tiles
    built = build(run_cli, EXAMPLES / "miskatonic", tmp_path / "plain")
    assert built.exit_code == 0
    before = pdf_fonts(tmp_path / "plain/miskatonic/board-tiles.pdf")
    assert not has_face(before, "Fell") and any("Condensed" in n for n in before), before


def test_an_unknown_board_font_is_located_at_its_value(tmp_path, run_cli):
    game = _misk_with_board_fonts(tmp_path, "fonts: {names: Fel}")
    r = build(run_cli, game, tmp_path / "out")
    line = (game / "board.yaml").read_text().splitlines().index("fonts: {names: Fel}") + 1
    assert r.exit_code == 2 and f"board.yaml:{line}:" in r.output and "did you mean 'Fell'" in r.output, r.output
