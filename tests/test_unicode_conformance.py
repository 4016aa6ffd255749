"""pnp's bidi path and line breaker against Unicode's own conformance files (tests/data/unicode/).

BidiCharacterTest.txt: every line's paragraph level, resolved levels (rules X9-removed characters
as 'x') and visual order must come out of `pnp.draw.bidiorder` (python-bidi's unicode-bidi crate
for levels, pnp's rules L1 and L2 per line). LineBreakTest.txt: every break opportunity of every
line must come out of `pnp.draw.linebreak.breaks`, except where pnp's one documented tailoring (a
number kept with the Japanese or Chinese character after it, its counter) removes a break. The
files and their licence are described in tests/data/unicode/README.md.
"""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "unicode"


def _lines(name: str) -> list[str]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def test_the_conformance_files_are_the_unicode_versions_the_libraries_implement():
    import uniseg

    bidi_head, line_head = _lines("BidiCharacterTest.txt.gz")[0], _lines("LineBreakTest.txt.gz")[0]
    assert line_head == f"# LineBreakTest-{uniseg.unidata_version}.txt"  # uniseg's data and the test agree
    # unicode-bidi 0.3.18 (inside python-bidi 0.6) carries Unicode 16.0; BidiCharacterTest's cases are
    # the same from 15.0 to 16.0 (only its header changed), so the 15.0 file tests the same rules
    assert bidi_head == "# BidiCharacterTest-15.0.0.txt"
    assert (DATA / "LICENSE.txt").read_text(encoding="utf-8").startswith("UNICODE LICENSE V3")


def test_bidi_character_test_passes_through_pnps_bidi_path():
    from pnp.draw.bidiorder import analyse_many, visual_order

    cases: dict[int, list] = {0: [], 1: [], 2: []}
    for line in _lines("BidiCharacterTest.txt.gz"):
        if not line or line.startswith("#"):
            continue
        codes, direction, level, levels, order = line.split(";")
        text = "".join(chr(int(h, 16)) for h in codes.split())
        cases[int(direction)].append((text, int(level), levels.split(), [int(i) for i in order.split()]))
    passed = failed = 0
    for direction, rows in cases.items():
        rtl = {0: False, 1: True, 2: None}[direction]
        for start in range(0, len(rows), 5000):  # paragraphs go to the crate together, a few thousand a call
            chunk = rows[start:start + 5000]
            for (text, level, levels, order), para in zip(chunk, analyse_many([r[0] for r in chunk], rtl)):
                resolved = para.line_levels(0, len(text))
                kept = [i for i in range(len(text)) if not para.removed(i)]
                got_levels = ["x" if para.removed(i) else str(resolved[i]) for i in range(len(text))]
                got_order = [kept[k] for k in visual_order([resolved[i] for i in kept])]
                if (para.level, got_levels, got_order) == (level, levels, order):
                    passed += 1
                else:
                    failed += 1
    assert passed + failed == 91_707  # every test line was read
    assert passed / (passed + failed) >= 0.999, (passed, failed)


def _line_break_cases():
    for line in _lines("LineBreakTest.txt.gz"):
        body, _, comment = line.partition("#")
        if not body.strip():
            continue
        text, expected = "", []
        for token in body.split():
            if token == "÷":
                expected.append(len(text))
            elif token != "×":
                text += chr(int(token, 16))
        yield text, [b for b in expected if 0 < b < len(text)], comment


def test_line_break_test_passes_through_pnps_breaker_but_for_the_counter_tailoring():
    from pnp.draw.linebreak import _counter, breaks

    passed, tailored, failed = 0, [], []
    for text, expected, comment in _line_break_cases():
        got = breaks(text)
        if got == expected:
            passed += 1
        elif [b for b in expected if not _counter(text, b)] == got:
            tailored.append(comment)  # only the breaks between a number and its counter are gone
        else:
            failed.append(comment)
    assert passed + len(tailored) + len(failed) == 16_672
    assert not failed, failed[:5]
    # the tailoring touches only lines where a digit meets a CJK ideograph or kana (docs/languages.md)
    assert 0 < len(tailored) <= 10 and all("DIGIT" in c and ("CJK" in c or "HIRAGANA" in c or "KATAKANA" in c)
                                           for c in tailored), tailored


@pytest.mark.parametrize("text, kept", [
    ("コインを2枚取る。", "2枚"), ("カード1枚をコイン3枚と交換する。", "3枚"), ("プレイヤーは２人", "２人"),
    ("10分で遊べる", "10分"),
])
def test_a_number_and_its_counter_never_break_apart(text, kept):
    from pnp.draw.linebreak import breaks

    at = text.index(kept)
    assert not any(at < b < at + len(kept) for b in breaks(text))
    assert breaks(text)  # the rest of the line still breaks between characters


def test_japanese_card_text_never_splits_a_number_from_its_counter_at_any_width():
    from pnp.draw.text import set_text
    from pnp.models.edition import Edition, editing

    texts = ["ランタンに火を灯す：コインを2枚取る。", "カード1枚をコイン3枚と交換する。", "ほかのプレイヤーからコインを1枚取る。"]
    with editing(Edition("ja", "en", ("en", "ja"), fonts={})):
        for text in texts:
            for width in range(30, 140, 3):
                lines = ["".join(r.text for r in line) for line in set_text(text, "sans", 9, 9, width, 1000).lines]
                assert "".join(lines) == text
                assert not any(a[-1].isdigit() and b[0] in "枚人個" for a, b in zip(lines, lines[1:])), lines


def test_an_arabic_run_in_a_condensed_box_keeps_the_bold_of_the_condensed_face():
    from pnp.draw import fonts
    from pnp.draw.complextext import _face_for
    from pnp.models.edition import Edition

    assert fonts.emphasis("condensed") == (True, False)  # DejaVu Sans Condensed Bold: bold by weight, not name
    assert fonts.emphasis("sans-italic") == (False, True) and fonts.emphasis("sans") == (False, False)
    edition = Edition("ar", "en", ("en", "ar"), fonts={"ar": "sans"})
    assert _face_for("ب", "condensed", edition)[0] == "sans-bold"
    assert _face_for("ب", "sans", edition)[0] == "sans"


def test_a_japanese_name_shrinks_rather_than_leave_one_character_on_its_last_line():
    """A name that would break to a lone character (「…番」 / 「ム」) is set a little smaller, at most to 80 % of its
    size, where it keeps that character with its neighbours; a German text keeps its size whatever its last line."""
    from pnp.draw.text import set_text
    from pnp.models.edition import Edition, editing

    name = "ランタンの灯り番ム"
    shrunk = 0
    with editing(Edition("ja", "en", ("en", "ja"), fonts={})):
        for width in range(20, 120, 2):
            lay = set_text(name, "sans", 12, 6, width, 1000)
            lines = ["".join(r.text for r in line) for line in lay.lines]
            assert "".join(lines) == name
            assert len(lines) == 1 or len(lines[-1]) > 1, (width, lines)
            assert lay.size >= 12 * 0.8 or len(lines) > 2, (width, lay.size)
            shrunk += lay.size < 12
    assert shrunk  # some widths needed it
    with editing(Edition("de", "en", ("en", "de"), fonts={})):
        lay = set_text("Laternen anzünden a", "sans", 12, 6, 120, 1000)
        assert lay.size == 12
