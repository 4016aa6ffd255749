"""Mixed-direction text copies out of pnp's PDFs in logical (reading) order, as pdfium extracts it.

34 card texts mixing Arabic with Latin words, digits, ranges, brackets, quotation marks, URLs and
e-mail addresses (and a digit meeting punctuation, a mark inside a lam-alef) are built as the
text of cards in the Arabic edition (right-to-left paragraphs) and the English one
(left-to-right paragraphs holding Arabic); pypdfium2 (pdfium, the engine of
Chrome's viewer) must give each back exactly. `pnp.draw.copytext` deals each such line's string
out to its glyphs so that pdfium's reordering returns it.
"""
from __future__ import annotations

import csv
import re
import subprocess
import sys

import pypdfium2
import pytest

from editionstarter import cards_only


MIXED = [
    "ارمِ النرد (d6) مرة واحدة", "خذ 2 من العملات", "اللاعبون 2–4", "المدة 15-30 دقيقة",
    "بطاقة «Lamplighter» هنا", 'قال "hello world" ثم ذهب', "زر https://example.com/rules للقواعد",
    "النتيجة 3 + 2 = 5", "(انظر الصفحة 12)", "الحجم 88 × 63 مم", "[مهم] اقرأ هذا", "ارمِ 2d6+1 مرة",
    "من 10:30 إلى 11:45", "نسبة 50% من النقاط", "البريد user@example.org فقط", "العب (Spice Seller) الآن",
    "الإصدار 1.2.3 جاهز", "خذ ٣ عملات (٢–٤ لاعبين)", "الجولة ١٠ من ١٢", "[1, 2, 3] قائمة",
    "الفريق (أ) ضد (ب)", "The word سوق means market", "Roll (نرد) twice", "Score 3 per فانوس (lantern)",
    'He said "مرحبا" and left', "Range 1–6 then كشك 2–4", "Cards: 48 × بطاقة, 14 × شيء",
    "Visit example.com/سوق now", "Team (أ) wins 3-2", "Pay 5 coins (خمس) today", "«النرد» (d6): 1–6",
    "سوق (Market) 2–4 لاعبين",
    "الآخر 5: بادل",  # a digit meeting punctuation copied as «:5» before
    "عددًا مماثلًا",  # a mark between the lam and alef of a ligature copied after it before
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The editions starter's deck, one card a string (named Q<k>Q, so each text is found after
    its name), its text box wide enough for one line, built in English and Arabic."""
    root = tmp_path_factory.mktemp("copy")
    game = cards_only(root, remove_files=True)
    rows = list(csv.reader((game / "cards.csv").open(encoding="utf-8")))
    head, template = rows[0], rows[1]
    out = [head]
    for k, text in enumerate(MIXED):
        row = list(template)
        row[head.index("id")], row[head.index("count")] = f"c{k}", "1"
        for column in ("name", "name@ar"):
            row[head.index(column)] = f"Q{k}Q"
        for column in ("text", "text@ar"):
            row[head.index(column)] = text
        out.append(row)
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(out)
    cards = (game / "cards.yaml").read_text(encoding="utf-8")
    box = re.search(r"      text: \{text: \"\{\{ text \}\}\".*\}\n", cards).group()
    (game / "cards.yaml").write_text(cards.replace(box, '      text: {text: "{{ text }}", x: 3mm, y: 61mm, '
                                                        'width: 57mm, height: 21mm, size: 7pt, min_size: 5pt}\n'),
                                     encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(game), "--lang", "en,ar", "--out",
                           str(root / "out")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "out" / "lantern"


def _copied(pdf) -> dict[str, str]:
    """Each card's text as pdfium extracts it, by the string the card was given."""
    doc = pypdfium2.PdfDocument(str(pdf))
    lines = [line.strip() for i in range(len(doc))
             for line in doc[i].get_textpage().get_text_range().replace("\r\n", "\n").split("\n")]
    found = {}
    for i, line in enumerate(lines):
        m = re.fullmatch(r"Q(\d+)Q", line)
        if m:
            found.setdefault(MIXED[int(m.group(1))], lines[i + 2])  # after the name, the coins, then the text
    return found


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_mixed_direction_strings_copy_out_of_the_pdf_in_logical_order(built, lang):
    copied = _copied(built / lang / "cards.pdf")
    assert len(copied) == len(MIXED) >= 30
    wrong = {s: copied[s] for s in MIXED if copied[s] != s}
    assert not wrong, wrong


def test_the_arrangement_inverts_pdfiums_reordering():
    from pnp.draw.copytext import for_pdfium, pdfium_extract

    for text in MIXED:
        assert pdfium_extract(for_pdfium(text)) == text
        assert len(for_pdfium(text, keep_spaces=True)) == len(text)
    # the reordering is not the identity, so the arrangement is needed: brackets and numbers move
    assert pdfium_extract("(d6) النرد") != "(d6) النرد"


def test_a_line_without_right_to_left_text_copies_as_its_own_glyphs(built):
    from pnp.draw.copytext import glyph_copy_texts
    from pnp.draw.text import set_text
    from pnp.models.edition import Edition, editing

    with editing(Edition("en", "en", ("en", "ar"), fonts={})):
        line = set_text("Take (2) coins: 1–6", "sans", 9, 9, 400, 100).lines[0]
    assert glyph_copy_texts(line) == [None] * len(line)
