"""`pnp serve` of a game with language editions: the page offers every edition and shows the cards,
dice and rulebook of the one chosen (`/?lang=de`, `/de/` or a link on the page), a save to one
language's text redraws that edition's card only, and a game without languages is shown as before.

The editions starter is built twice by the serve loop (`watch_loop` feeding a `Preview`, as `pnp
serve` does; the save happens in the loop's sleep, so nothing is timed), then its page is served
on 127.0.0.1 and read over HTTP and in Debian's headless chromium (`test_serve.Browser`).
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import mutate
from pnp.build import BuildOptions
from pnp.commands.watch import watch_loop
from pnp.models.edition import current
from pnp.paths import SCAFFOLD
from pnp.scaffold import create
from pnp.serve.editions import source_language
from pnp.serve.pictures import FilePictures, PagePicture, draw_pdf
from pnp.serve.server import PreviewServer
from pnp.serve.state import Preview
from test_serve import Browser, chromium, wait_for

LANGS = ["en", "de", "ar", "ja"]  # the starter's `languages:` (checked against its game.yaml below)


class Served:
    def __init__(self, root: Path):
        create("lantern", root, template="editions")
        self.game = root / "lantern"
        self.out = root / "out"
        self.preview = Preview("lantern")
        self.after: list[dict[str, dict]] = []  # each build: edition → its state
        self.units: list[tuple[list, list]] = []  # each build: (units rendered, units reused)
        self.early: list[tuple[str, bool]] = []  # each early step: (edition, whether the page changed)
        self.saves = [self.rename_in_german]
        watch_loop(self.game, BuildOptions(out=self.out), 0.05, max_builds=2, on_build=self.on_build,
                   on_early=self.on_early, sleep=self.sleep, max_polls=20)
        self.server = PreviewServer(self.preview, 0)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()

    def rename_in_german(self) -> None:
        """The pickpocket's German name changes: a save only the German edition shows."""
        mutate(self.game / "cards.csv", ",Taschendieb,", ",Langfinger,")

    def sleep(self, _seconds: float) -> None:
        if self.saves:
            self.saves.pop(0)()

    def on_early(self, partial) -> None:  # as pnp serve's
        edition = current()
        before = self.preview.version
        self.preview.early(partial, edition.lang if edition is not None else None)
        self.early.append((edition.lang, self.preview.version != before))

    def on_build(self, result, error) -> None:  # as pnp serve's
        assert error is None, error
        self.units.append((list(result.rebuilt), list(result.reused)))
        self.preview.built(result, source_language(self.game) if result.editions else None)
        self.after.append({lang: self.preview.state(lang) for lang in LANGS})
        self.preview.state("de")  # a page shows the German edition while the German text is edited

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.server.url.rstrip("/") + path, timeout=30) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def state(self, query: str = "") -> dict:
        return json.loads(self.get("/state" + query)[1])

    def manifest(self, lang: str) -> dict:
        return json.loads((self.out / "lantern" / lang / "manifest.json").read_text())

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("serve-editions"))
    try:
        yield s
    finally:
        s.stop()


def ids(state: dict, file: str) -> list[str]:
    return next([p["id"] for p in f["pictures"]] for f in state["files"] if f["file"] == file)


def names(lang: str) -> set[str]:
    rows = csv.DictReader(io.StringIO((SCAFFOLD / "editions" / "cards.csv").read_text(encoding="utf-8")))
    return {row["name" if lang == "en" else f"name@{lang}"] for row in rows if row["id"] != "thief"}


def text_of(pdf: bytes) -> str:
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def test_the_starter_lists_the_editions_the_test_asks_for(served):
    import yaml

    assert yaml.safe_load((served.game / "game.yaml").read_text())["languages"] == LANGS


def test_each_edition_shows_its_own_files_drawn_from_its_own_pdfs(served):
    shown = {}
    for lang in LANGS:
        state = served.state(f"?lang={lang}")
        assert state["edition"] == lang and not state["notice"]
        assert [x["code"] for x in state["languages"]] == LANGS
        manifest = {f["file"]: f["sha256"] for f in served.manifest(lang)["files"]}
        assert {f["file"] for f in state["files"]} == {n for n in manifest if n.endswith(".pdf") and "/" not in n}
        for f in state["files"]:
            assert f["pictures"] and not f["drawing"], f
            status, pdf = served.get(f["pdf"])
            assert status == 200 and hashlib.sha256(pdf).hexdigest() == manifest[f["file"]], (lang, f["file"])
            if f["file"] == "cards.pdf":  # it holds this edition's card names, as the translator wrote them
                text = text_of(pdf)
                assert all(name in text for name in names(lang)), (lang, names(lang), text)
        # the pictures are that edition's pages: drawn again here from the file in its own folder
        cards = (served.out / "lantern" / lang / "cards.pdf").read_bytes()
        drawn, _ = draw_pdf("cards.pdf", "", cards, {})
        assert [p.id for p in drawn.pictures] == [p["id"] for f in state["files"] if f["file"] == "cards.pdf"
                                                  for p in f["pictures"]]
        shown[lang] = {f["file"]: tuple(p["id"] for p in f["pictures"]) for f in state["files"]}
    # every language's pieces look different, and so does the printing aid, written in each edition's words
    for file in ("cards.pdf", "dice-nets.pdf", "rulebook.pdf", "calibration.pdf"):
        assert len({shown[lang][file] for lang in LANGS}) == len(LANGS), file


def test_without_a_language_the_source_edition_is_shown_and_a_missing_one_is_said(served):
    assert served.state()["edition"] == "en"
    unknown = served.state("?lang=fr")
    assert unknown["edition"] == "en" and "fr" in unknown["notice"]
    for junk in ("?lang=../de", "?lang=%3Cb%3E", "?lang=" + "d" * 200):
        state = served.state(junk)
        assert state["edition"] == "en" and not state["notice"], junk


def test_the_path_form_is_the_same_page(served):
    status, page = served.get("/de/")
    assert status == 200 and page == served.get("/")[1] and b'id="languages"' in page
    assert served.get("/de/cards.pdf")[0] == 404, "a URL never becomes a path"


def test_a_save_to_the_german_text_redraws_the_german_card_only(served):
    first, second = served.after
    for lang in LANGS:
        before = {f["file"]: [p["id"] for p in f["pictures"]] for f in first[lang]["files"]}
        after = {f["file"]: [p["id"] for p in f["pictures"]] for f in second[lang]["files"]}
        if lang != "de":
            assert after == before, lang
            continue
        assert after["calibration.pdf"] == before["calibration.pdf"]
        changed = set(after["cards.pdf"]) - set(before["cards.pdf"])
        assert len(changed) == 1, "the pickpocket's page, and only it, is new"
    rows = list(csv.DictReader(io.StringIO((served.game / "cards.csv").read_text(encoding="utf-8"))))
    assert [r["name@de"] for r in rows if r["id"] == "thief"] == ["Langfinger"]


def test_only_the_watched_editions_changed_cards_are_shown_before_its_rulebook(served):
    second = served.early[len(LANGS):]  # the save's build: one early step per edition, in build order
    assert [lang for lang, _ in second] == LANGS
    assert [changed for _, changed in second] == [lang == "de" for lang in LANGS]


def _act(browser, script: str):
    """Run SCRIPT in the page; None when the page it ran in was replaced meanwhile (an evaluation that
    meets a navigation, a language chosen or an address typed, is not a failure: the caller looks again)."""
    try:
        return browser.evaluate(script)
    except AssertionError as e:
        if "navigated or closed" in str(e) or "context" in str(e).lower():
            return None
        raise


def _looked(browser, script: str):
    """What the page's SCRIPT returns as JSON, or None while the page is being replaced."""
    return json.loads(_act(browser, script) or "null")


def test_the_page_offers_every_edition_and_switches_in_a_browser(served):
    browser = Browser(chromium())
    page = """JSON.stringify({edition: document.body.dataset.edition,
      links: [...document.querySelectorAll('#languages a')].map(a => [a.dataset.lang, a.textContent,
                                                                    a.getAttribute('aria-current')]),
      cards: [...document.querySelectorAll('section.file[data-file="cards.pdf"] img[data-id]')].map(i => i.dataset.id),
      loaded: [...document.querySelectorAll('img[data-id]')].every(i => i.complete && i.naturalWidth > 0)})"""
    try:
        browser.open(served.server.url)
        seen = wait_for(lambda: (p := _looked(browser, page)) and p["links"] and p["loaded"]
                        and p, 30, "the page with its language choice")
        english = served.state("?lang=en")
        assert seen["edition"] == "en" and seen["cards"] == ids(english, "cards.pdf")
        assert [code for code, _, _ in seen["links"]] == LANGS
        assert [name for _, name, _ in seen["links"]] == [x["name"] for x in english["languages"]]
        assert [current for _, _, current in seen["links"]] == ["page", None, None, None]

        _act(browser, "document.querySelector('#languages a[data-lang=\"ar\"]').click()")  # navigates
        arabic = wait_for(lambda: (p := _looked(browser, page)) and p["edition"] == "ar"
                          and p["loaded"] and p, 30, "the Arabic edition after choosing it")
        assert arabic["cards"] == ids(served.state("?lang=ar"), "cards.pdf") != seen["cards"]
        assert [current for _, _, current in arabic["links"]] == [None, None, "page", None]

        _act(browser, f"location.href = {json.dumps(served.server.url + 'ja/')}")  # the path form
        japanese = wait_for(lambda: (p := _looked(browser, page)) and p["edition"] == "ja"
                            and p["loaded"] and p, 30, "the Japanese edition at /ja/")
        assert japanese["cards"] == ids(served.state("?lang=ja"), "cards.pdf")
    finally:
        browser.close()


def test_a_game_without_languages_shows_every_file_as_before_and_no_choice():
    """No editions: the files are the top-level PDFs under their own names, whatever ?lang= says."""
    preview = Preview("g")
    preview.files = [FilePictures(name, "ab" * 32, 1, [PagePicture("c" * 20, 10, 10, [1])])
                     for name in ("cards.pdf", "rulebook.pdf")]
    plain = preview.state()
    assert plain["languages"] == [] and plain["edition"] is None and not plain["notice"]
    assert [f["file"] for f in plain["files"]] == ["cards.pdf", "rulebook.pdf"]
    asked = preview.state("de")
    assert asked["files"] == plain["files"] and asked["edition"] is None and "no languages" in asked["notice"]
    from pnp.serve.editions import shown

    assert shown("cards.pdf", []) and not shown("de/cards.pdf", []) and not shown("cards.svg", [])
    assert shown("de/cards.pdf", ["de"]) and not shown("de/faces/a.pdf", ["de"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_editions_rebuilt_after_the_save_equal_a_fresh_build(served, lang, tmp_path):
    """The serve loop reuses each edition's unchanged units (the dice, board, tokens and score sheet,
    after a card's German name changed): what it wrote is what a fresh build of that edition writes."""
    from pnp.build import build_game

    rebuilt, reused = served.units[1]
    assert rebuilt == ["deck", "rulebook"] and "dice" in reused, served.units   # only what the name touches
    assert sorted(rebuilt + reused) == served.units[0][0], served.units       # every unit, once
    fresh = build_game(served.game, BuildOptions(out=tmp_path, lang=lang))
    assert fresh.editions == [lang]
    written = {f["file"]: f["sha256"] for f in served.manifest(lang)["files"]}
    assert written == {f["file"]: f["sha256"] for f in json.loads((tmp_path / "lantern" / lang / "manifest.json")
                                                                 .read_text())["files"]}
