"""`--format html`: the rulebook as one self-contained web page, from the same document as the PDF."""
from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pnp.build import RULEBOOK, BuildOptions, render
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.paths import EXAMPLES


class Page(HTMLParser):
    """What a browser would load and link: every tag with its attributes, ids, and text."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.ids: set[str] = set()
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if "id" in attrs:
            self.ids.add(attrs["id"])

    def handle_data(self, data):
        self.text.append(data)


def rulebook(game_dir: Path, rules: str | None = None) -> dict:
    if rules is not None:
        (game_dir / "rules.md").write_text(rules)
    game = load_game(game_dir)
    return render(game, BuildOptions(formats=("pdf", "html")).for_game(game)).units.get(RULEBOOK, {})


@pytest.fixture(scope="module")
def misk(tmp_path_factory):
    game = Path(shutil.copytree(EXAMPLES / "miskatonic", tmp_path_factory.mktemp("h") / "miskatonic"))
    return game, rulebook(game)


def test_one_self_contained_page_readable_on_a_phone(misk):
    _, files = misk
    text = files["rulebook.html"].decode("utf-8")
    page = Page(text)
    metas = [a for t, a in page.tags if t == "meta"]
    assert any(a.get("name") == "viewport" and "width=device-width" in a.get("content", "") for a in metas)
    assert any(a.get("http-equiv") == "Content-Security-Policy" and "default-src 'none'" in a["content"] for a in metas)
    assert "@media (max-width: 600px)" in text
    sources = [a.get("src", "") for t, a in page.tags if t == "img"]
    assert len(sources) > 10 and all(s.startswith("data:image/") for s in sources)  # figures and icons inside
    assert not [t for t, a in page.tags if t in ("script", "iframe", "link", "object", "embed")]
    links = [a["href"] for t, a in page.tags if t == "a"]
    assert links and all(h.startswith("#") and h[1:] in page.ids for h in links)  # the contents, as links


def test_the_same_numbers_and_headings_as_the_pdf(misk):
    import pypdfium2 as pdfium

    _, files = misk
    doc = pdfium.PdfDocument(files["rulebook.pdf"])
    pdf_text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    pdf_text = re.sub(r"\s+", " ", pdf_text)
    page = Page(files["rulebook.html"].decode("utf-8"))
    html_text = re.sub(r"\s+", " ", " ".join(page.text))
    for fact in ("22 × 16 spaces", "352 × 256 mm", "9 tokens (Tome): 5 Page and 4 Curse"):  # computed from the specs
        assert fact in html_text and fact in pdf_text, fact
    headings = re.findall(r'<h[2-5] id="s\d+"><span class="num">([\d.]+)</span>', files["rulebook.html"].decode())
    assert headings[:3] == ["1", "1.1", "2"]


def test_html_in_the_rules_is_shown_as_text_never_run(tmp_path):
    game = Path(shutil.copytree(EXAMPLES / "blob", tmp_path / "blob"))
    rules = ("# Title\n\nA <script>alert(1)</script> and <img src=https://evil.example/x.png onerror=alert(2)>.\n\n"
             "<div onclick=\"steal()\">block</div>\n\n[click](javascript:alert(3)) and [out](https://evil.example/)\n\n"
             "Six times seven is {{ 6 * 7 }}. <b>bold?</b> **bold**\n")
    text = rulebook(game, rules)["rulebook.html"].decode("utf-8")
    page = Page(text)
    assert not [t for t, a in page.tags if t in ("script", "b") or any(k.startswith("on") for k in a)]
    assert "&lt;div onclick=&quot;steal()&quot;&gt;block&lt;/div&gt;" in text or "&lt;div onclick=\"steal()\"&gt;" in text
    assert "javascript:" not in text and "evil.example/x.png\"" not in text
    assert not [a for t, a in page.tags if t == "a" and not a.get("href", "").startswith("#")]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text  # shown as the text it is
    assert "Six times seven is 42." in " ".join(page.text) and "<strong>bold</strong>" in text


def test_the_sandbox_and_path_rules_hold(tmp_path):
    game = Path(shutil.copytree(EXAMPLES / "blob", tmp_path / "blob"))
    (tmp_path / "secret.png").write_bytes(b"not yours")
    with pytest.raises(SpecErrors, match="attribute|unsafe|not allowed|__class__"):
        rulebook(game, "# T\n\n{{ ''.__class__.__mro__ }}\n")
    with pytest.raises(SpecErrors) as e:
        rulebook(game, "# T\n\n![x](../secret.png)\n")
    assert e.value.errors[0].pos.path.endswith("rules.md")
    with pytest.raises(SpecErrors):
        rulebook(game, "# T\n\n![x](https://evil.example/x.png)\n")


def test_same_input_same_bytes(misk):
    game, files = misk
    assert rulebook(game)["rulebook.html"] == files["rulebook.html"]


def test_html_alone_writes_the_page_and_keeps_the_pdf_rulebook(tmp_path, run_cli):
    r = run_cli("build", EXAMPLES / "miskatonic", "--format", "html", "--out", tmp_path, "-q")
    assert r.exit_code == 0, r.output
    out = tmp_path / "miskatonic"
    assert (out / "rulebook.html").is_file() and (out / "rulebook.pdf").is_file()
    assert not (out / "cards.pdf").exists()  # the kinds' PDFs were drawn only for the rulebook to name


def test_svg_alone_builds_a_rulebook_whose_figures_name_pdfs(tmp_path, run_cli):
    """Miskatonic's rulebook shows a page of board-poster.pdf: an SVG-only build still draws it for the
    figure, and writes the SVG faces and the rulebook, not the kinds' PDFs."""
    r = run_cli("build", EXAMPLES / "miskatonic", "--format", "svg", "--out", tmp_path, "-q")
    assert r.exit_code == 0, r.output
    out = tmp_path / "miskatonic"
    assert (out / "rulebook.pdf").is_file() and any((out / "svg").rglob("*.svg"))
    assert sorted(p.name for p in out.glob("*.pdf")) == ["rulebook.pdf"]
