"""The rulebook compiler: located template errors, numbers from the specs, contents, fonts, booklet, sandbox."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")

from pnp.build import RULEBOOK, BuildOptions, render  # noqa: E402
from pnp.draw import icons  # noqa: E402
from pnp.errors import SpecErrors  # noqa: E402
from pnp.game import load_game  # noqa: E402
from pnp.paths import EXAMPLES  # noqa: E402
from pnp.rulebook.booklet import booklet_order  # noqa: E402

STUB_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40"/></svg>'


def cave_copy(tmp_path: Path) -> Path:
    """The cave game in a temporary folder; icons its layouts name that pnp does not ship yet get a stub SVG."""
    game = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    names = set()
    for text in (game / "layouts.yaml").read_text().splitlines() + (game / "rules.md").read_text().splitlines():
        names.update(re.findall(r"icon:([a-z][a-z0-9-]*)", text))
        names.update(re.findall(r":([a-z][a-z0-9-]*):", text))
        m = re.search(r"icons: \[([^\]]*)\]", text)
        if m:
            names.update(n.strip() for n in m.group(1).split(","))
    names.update(line.split(",")[5] for line in (game / "items.csv").read_text().splitlines()[1:])
    missing = sorted(n for n in names if n and not icons.exists(n))
    if missing:
        (game / "art" / "icons").mkdir(parents=True, exist_ok=True)
        for name in missing:
            (game / "art" / "icons" / f"{name}.svg").write_text(STUB_ICON)
    return game


def rulebook(game_dir: Path, rules: str | None = None, **options) -> dict:
    if rules is not None:
        (game_dir / "rules.md").write_text(rules)
    game = load_game(game_dir)
    return render(game, BuildOptions(**options).for_game(game)).units.get(RULEBOOK, {})


def pages_text(pdf: bytes) -> list[str]:
    return [p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def cave_build(tmp_path_factory):
    game = cave_copy(tmp_path_factory.mktemp("rb"))
    return game, rulebook(game, booklet=True)


def test_undefined_name_is_located(tmp_path):
    game = cave_copy(tmp_path)
    with pytest.raises(SpecErrors) as e:
        rulebook(game, "# Title\n\nThere are {{ decks.cave.cards | length }} cards.\nAnd {{ dekcs.cave }} more.\n")
    err = e.value.errors[0]
    assert err.pos.path.endswith("rules.md")
    assert (err.pos.line, err.pos.col) == (4, 8)
    assert "dekcs" in err.message


def test_unknown_card_is_located(tmp_path):
    game = cave_copy(tmp_path)
    with pytest.raises(SpecErrors) as e:
        rulebook(game, "Intro.\n\n{{ card('cave', 'golden-idol') }}\n")
    err = e.value.errors[0]
    assert (err.pos.line, err.pos.col) == (3, 18)
    assert "golden-idol" in err.message and "gold-idol" in err.message


def test_sandbox_escape_refused(tmp_path):
    game = cave_copy(tmp_path)
    with pytest.raises(SpecErrors) as e:
        rulebook(game, "# Hi\n\n{{ ''.__class__.__mro__ }}\n")
    err = e.value.errors[0]
    assert err.pos.line == 3 and err.pos.col == 7
    assert "sandbox" in err.message


def test_syntax_error_is_located(tmp_path):
    game = cave_copy(tmp_path)
    with pytest.raises(SpecErrors) as e:
        rulebook(game, "# Hi\n\n{% if %}\n")
    assert e.value.errors[0].pos.line == 3


def test_seismograph_count_follows_the_deck(tmp_path):
    game = cave_copy(tmp_path)
    before = "\n".join(pages_text(rulebook(game)["rulebook.pdf"]))
    assert "14 seismograph cards" in before and "total 40" in before
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("{id: seismo-5, count: 2,", "{id: seismo-5, count: 4,"))
    after = "\n".join(pages_text(rulebook(game)["rulebook.pdf"]))
    assert "16 seismograph cards" in after and "total 50" in after
    assert "14 seismograph cards" not in after


def test_contents_lists_every_heading_with_its_page(cave_build):
    _, out = cave_build
    texts = pages_text(out["rulebook.pdf"])
    contents = next(i for i, t in enumerate(texts) if "Contents\n" in t)  # on the title page of a short book
    text = re.sub(r"\s+", " ", texts[contents].split("Contents\n", 1)[1])
    # pypdf reads each entry's dot leader (ending in the page number) before its title; a title may wrap
    parts = re.split(r"(?:\s*\.){2,}\s*(\d+)", text)
    pages = [int(p) for p in parts[1::2]]
    titles = [t.strip() for t in parts[2::2]]
    assert len(titles) == len(pages) >= 10
    for title, page in zip(titles, pages):
        number, _, name = title.partition(" ") if title[0].isdigit() else ("", "", title)
        body = re.sub(r"\s+", " ", texts[page - 1])
        assert re.search((re.escape(number) + r"\s*" if number else "") + re.escape(name), body), (title, page)
        assert not re.search((re.escape(number) + r"\s*" if number else "") + re.escape(name),
                             re.sub(r"\s+", " ", texts[page - 2])) or page - 2 == contents, (title, page)


def test_fonts_embedded(cave_build):
    _, out = cave_build
    for name in ("rulebook.pdf", "rulebook-booklet.pdf"):
        reader = pypdf.PdfReader(io.BytesIO(out[name]))
        for page in reader.pages:
            fonts = page["/Resources"].get_object().get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                assert font.get("/BaseFont") != "/Helvetica", name
                descendants = font.get("/DescendantFonts")
                desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
                assert desc is not None, (name, font.get("/BaseFont"))
                desc = desc.get_object()
                assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")


def test_booklet_pages_and_size(cave_build):
    _, out = cave_build
    single = pypdf.PdfReader(io.BytesIO(out["rulebook.pdf"]))
    booklet = pypdf.PdfReader(io.BytesIO(out["rulebook-booklet.pdf"]))
    assert len(booklet.pages) % 2 == 0 and len(booklet.pages) >= len(single.pages) // 2
    for page in booklet.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - 841.89) < 1 and abs(h - 595.28) < 1  # A4 landscape


def test_booklet_order():
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    # 6 pages pad to 8 with the blanks before the last page (the back cover)
    assert booklet_order(6) == [(6, 1), (2, None), (None, 3), (4, 5)]


def test_letter_and_deterministic(cave_build, tmp_path):
    game, out = cave_build
    letter = rulebook(game, paper="letter")["rulebook.pdf"]
    page = pypdf.PdfReader(io.BytesIO(letter)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    again = rulebook(game, booklet=True)
    assert again["rulebook.pdf"] == out["rulebook.pdf"]
    assert again["rulebook-booklet.pdf"] == out["rulebook-booklet.pdf"]


BLORG_GAME = """title: Blorg in the Midwest
players: 1
time: 15-30 minutes
components: [layouts.yaml, cards.yaml]
"""
BLORG_LAYOUT = """kind: layouts
layouts:
  blorg-side:
    boxes:
      name: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 9mm, font: condensed, size: 12pt}
      provides: {type: icons, icons: provides, x: 5mm, y: 16mm, width: 53mm, height: 10mm}
"""


def test_blorg_rulebook_builds(tmp_path):
    """The Blorg rulebook reads the deck generically; the folder may still lack game.yaml and layouts."""
    game = tmp_path / "blorg"
    shutil.copytree(EXAMPLES / "blorg", game)
    if not (game / "game.yaml").exists():
        (game / "game.yaml").write_text(BLORG_GAME)
        (game / "layouts.yaml").write_text(BLORG_LAYOUT)
    try:
        load_game(game)
    except SpecErrors as e:
        pytest.skip(f"the Blorg deck does not load yet: {e}")
    out = rulebook(game)
    text = "\n".join(pages_text(out["rulebook.pdf"]))
    deck = next(c.model for c in load_game(game).of_kind("deck"))
    assert f"played with {deck.total} double-sided cards" in text
    for entry in deck.cards:
        assert entry.front.fields["name"] in text


def test_a_rulebook_prints_no_trace_of_where_the_game_folder_lies(run_cli, tmp_path):
    """A file path in the specs a rulebook reads is its place in the game folder: the same game in
    two folders gives the same rulebook, naming neither folder."""
    built = []
    for where in ("a", "b/deeper"):
        game = tmp_path / where / "m"
        shutil.copytree(EXAMPLES / "miskatonic", game)
        with (game / "rules.md").open("a") as f:
            f.write('\n\nWhere: {{ components.board.values() | map(attribute="path") | join(",") }}\n')
        result = run_cli("build", game, "--out", tmp_path / where / "out")
        assert result.exit_code == 0, result.output
        built.append((tmp_path / where / "out" / "m" / "rulebook.pdf").read_bytes())
    assert built[0] == built[1]
    text = " ".join(" ".join(pages_text(built[0])).split())
    assert "Where: board.yaml" in text and str(tmp_path) not in text
