"""Rulebook pages are used well and headed right: no page under 40 % full unless a chapter ends
on it, and every page's running header names the chapter at its top."""
from __future__ import annotations

import io

import pypdf
import pypdfium2 as pdfium
import pytest

from pnp.build import RULEBOOK, BuildOptions, render
from pnp.game import load_game
from pnp.paths import EXAMPLES

GAMES = ["blob", "blorg", "cave", "miskatonic"]
SHORT = {"blob", "blorg", "cave"}  # books of 6 to 8 pages: their contents belong on the title page


@pytest.fixture(scope="module", params=GAMES)
def book(request):
    game = load_game(EXAMPLES / request.param)
    return request.param, render(game, BuildOptions().for_game(game)).units[RULEBOOK]["rulebook.pdf"]


def chapter_starts(pdf: bytes) -> dict[int, str]:
    """0-based page → title of the chapter (top-level outline entry) that starts on it."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    starts = {}
    for entry in reader.outline:
        if not isinstance(entry, list):
            starts.setdefault(reader.get_destination_page_number(entry), entry.title)
    return starts


def filled(page) -> float:
    """How far down the text area ink reaches, 0 to 1 (between the running header and the footer)."""
    image = page.render(scale=40 / 72).to_pil().convert("L")
    w, h = image.size
    top, bottom = int(h * 0.08), int(h * 0.90)
    px = image.load()
    last = top
    for y in range(top, bottom):
        if any(px[x, y] < 200 for x in range(int(w * 0.1), int(w * 0.9), 2)):
            last = y
    return (last - top) / (bottom - top)


def test_no_body_page_is_under_40_percent_full_unless_a_chapter_ends_there(book):
    name, pdf = book
    starts = chapter_starts(pdf)
    doc = pdfium.PdfDocument(pdf)
    body = range(min(starts), len(doc) - 1)  # from the first chapter on; the last page ends the book
    for index in body:
        if index + 1 in starts:
            continue  # a chapter ends here: the next opens a page
        assert filled(doc[index]) >= 0.40, f"{name}: page {index + 1} is {filled(doc[index]):.0%} full"
    doc.close()


def test_a_page_opening_a_chapter_names_it_in_its_header(book):
    name, pdf = book
    starts = chapter_starts(pdf)
    doc = pdfium.PdfDocument(pdf)
    checked = 0
    for index, title in starts.items():
        page = doc[index]
        w, h = page.get_size()
        text = page.get_textpage()
        header = text.get_text_bounded(w / 2, h - 50, w, h).strip()
        body = text.get_text_bounded(0, 0, w, h - 50).strip()
        if body.startswith(title.split("\u2002")[-1][:12]) or body.split("\n")[0].strip().endswith(title.split("\u2002")[-1]):
            assert title.split("\u2002")[-1] in header, f"{name}: page {index + 1} opens '{title}' but is headed '{header}'"
            checked += 1
    doc.close()
    assert checked >= 2, f"{name}: only {checked} pages open a chapter at their top"


def test_every_body_page_is_headed_by_the_chapter_in_force_at_its_top(book):
    """The running header names the section a reader finds at the top of the page: the chapter that
    opens there, or the one the page continues; so a page never names a chapter it does not show."""
    name, pdf = book
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    chapters = [(reader.get_destination_page_number(e), e.title.replace("\u2002", " "))
                for e in reader.outline if not isinstance(e, list)]
    doc = pdfium.PdfDocument(pdf)
    for index in range(chapters[0][0], len(doc)):
        page = doc[index]
        w, h = page.get_size()
        text = page.get_textpage()
        header = text.get_text_bounded(w / 2, h - 50, w, h).strip().replace("\u2002", " ")
        first_line = text.get_text_bounded(0, 0, w, h - 50).strip().split("\n")[0].strip().replace("\u2002", " ")
        opening = next((t for i, t in chapters if i == index), None)
        before = [t for i, t in chapters if i < index]
        expected = opening if opening and (first_line.endswith(opening) or not before) else before[-1]
        assert header == expected, f"{name}: page {index + 1} is headed '{header}', its top shows '{expected}'"
    doc.close()


def _texts(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    texts = [page.get_textpage().get_text_range() for page in doc]
    doc.close()
    return texts


def test_contents_share_the_title_page_when_they_fit(book):
    """A short book spends no page on its contents: they sit below the title, and the first chapter
    opens page 2. A book whose contents do not fit there gives them a page they fill well."""
    name, pdf = book
    starts = chapter_starts(pdf)
    texts = _texts(pdf)
    if "Contents" in texts[0]:
        assert min(starts) == 1, f"{name}: the contents ran past the title page"
        assert "Contents" not in "".join(texts[1:])
    else:
        assert name not in SHORT, f"{name}: a {len(texts)}-page book with a page of contents"
        assert texts[1].lstrip().startswith("Contents") and min(starts) == 2
        doc = pdfium.PdfDocument(pdf)
        assert filled(doc[1]) >= 0.40, f"{name}: its contents page is {filled(doc[1]):.0%} full"
        doc.close()


@pytest.mark.parametrize("headings, shared", [(4, True), (90, False)])
def test_contents_go_on_the_title_page_only_when_they_fit(tmp_path, headings, shared):
    import shutil

    game = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    (game / "rules.md").write_text("".join(f"# Part {i}\n\nSome words about part {i}.\n\n" for i in range(headings)))
    loaded = load_game(game)
    pdf = render(loaded, BuildOptions().for_game(loaded)).units[RULEBOOK]["rulebook.pdf"]
    texts = _texts(pdf)
    assert ("Contents" in texts[0]) is shared
    listed = "".join(texts[:min(chapter_starts(pdf))])
    assert all(f"Part {i}" in listed for i in range(headings))
    if shared:
        assert min(chapter_starts(pdf)) == 1
    else:
        assert texts[1].lstrip().startswith("Contents") and min(chapter_starts(pdf)) >= 2


def test_a_book_without_headings_has_no_contents(tmp_path):
    import shutil

    game = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    (game / "rules.md").write_text("A few words of rules and not one heading.\n")
    loaded = load_game(game)
    texts = _texts(render(loaded, BuildOptions().for_game(loaded)).units[RULEBOOK]["rulebook.pdf"])
    assert len(texts) == 2 and not any("Contents" in t for t in texts) and "not one heading" in texts[1]
