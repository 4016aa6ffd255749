"""`pnp release`: every edition's home kits on A4 and Letter, its shop and tabletop files and showcase
pictures, an index page whose every picture loads in a browser, and zips that are the same bytes on
every run."""
from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path

import pypdfium2
import pytest

from pnp.draw.pngpages import page_count
from pnp.printshop.profiles import SHOPS as PROFILES
from pnp.scaffold import create

LANGS = ("en", "de", "ar", "ja")
MARKET = {"en": "Lantern Market", "de": "Laternenmarkt", "ar": "سوق الفوانيس", "ja": "ランタン市場"}
# a card name of the editions starter in each edition (cards.csv `name`, `name@de`, …)
LAMP = {"en": "Lamplighter", "de": "Laternenanzünderin", "ar": "مشعل الفوانيس", "ja": "点灯係"}
SHOPS = ("drivethrucards", "mpc", "pdfx4", "printninja", "tgc")
TABLES = ("cgs", "mpc", "tabletopia", "tgc", "tts")
EVERYWHERE = f"release:\n  shops: [{', '.join(SHOPS)}]\n  tables: [{', '.join(TABLES)}]\n"


def _text(pdf: bytes, page: int | None = 0) -> str:
    """The text of one page (None: of every page)."""
    doc = pypdfium2.PdfDocument(pdf)
    try:
        pages = range(len(doc)) if page is None else [page]
        return "\n".join(doc[i].get_textpage().get_text_range() for i in pages)
    finally:
        doc.close()


def _games(root: Path) -> dict[str, Path]:
    """A copy of every bundled game and every starter, each releasing to every shop and every table."""
    import shutil

    from pnp.paths import EXAMPLES
    from pnp.scaffold import starters

    games = {}
    for name in ("blorg", "cave", "blob", "miskatonic"):
        games[name] = Path(shutil.copytree(EXAMPLES / name, root / "games" / name))
    for starter in starters():
        name = "lantern" if starter == "editions" else f"s-{starter}"  # the editions starter's own title
        create(name, root / "games", template=starter)
        games[name] = root / "games" / name
    for game in games.values():
        with (game / "game.yaml").open("a", encoding="utf-8") as f:
            f.write("\n" + EVERYWHERE)
    return games


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    """Every bundled game and starter released once, in every edition, to A4, Letter, every shop and every
    table: the one build of each unit that every test below reads."""
    from pnp.release.make import release_game

    root = tmp_path_factory.mktemp("matrix")
    out, results = root / "rel", {}
    for name, game in _games(root).items():
        results[name] = release_game(game, out)
    return root, out, results


def test_the_release_of_every_game_and_starter(matrix, run_cli, tmp_path):
    """One test over the one release of everything (under pytest-xdist's work stealing, tests sharing a
    module's fixture may run in two workers, each making it): the editions starter's release, a second
    release the same bytes, its index in a browser, and the matrix of every game."""
    root, out, _ = matrix
    released = root / "games" / "lantern", out / "lantern"
    _every_edition_has_its_kits_shops_tables_and_pictures(released)
    _a_second_release_is_the_same_bytes(released, run_cli, tmp_path)
    _the_index_opens_in_a_browser_with_every_picture_loaded(released)
    _the_matrix_every_game_and_starter_every_edition_every_destination(matrix)


def _every_edition_has_its_kits_shops_tables_and_pictures(released):
    game, folder = released
    manifest = json.loads((folder / "manifest.json").read_text())
    listed = {f["file"]: f for f in manifest["files"]}
    for name, entry in listed.items():  # the manifest is the truth of every file
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == entry["sha256"]
    assert manifest["editions"] == list(LANGS) and manifest["shops"] == list(SHOPS)
    for lang in LANGS:
        for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
            with zipfile.ZipFile(folder / lang / f"lantern-{lang}-{paper}.zip") as kit:
                names = kit.namelist()
                assert names[0] == "00-read-me-first.pdf" and "cards.pdf" in names
                assert not any(n.endswith("-printshop.pdf") for n in names)
                assert {i.date_time for i in kit.infolist()} == {(1980, 1, 1, 0, 0, 0)}
                first = kit.read(names[0])
                doc = pypdfium2.PdfDocument(first)
                assert tuple(round(v) for v in doc[0].get_size()) == size
                doc.close()
                words = " ".join(_text(first).split())
                pages = {n: page_count(kit.read(n)) for n in names[1:] if not n.endswith("-poster.pdf")}
                if lang != "en":  # the page is in the edition's words (tests/test_kit_words.py)
                    assert "In all" not in words and "What to print" not in words
                    assert MARKET[lang] in _text(kit.read("cards.pdf"), None)
                    continue
                sheets = int(re.search(r"In all: (\d+) sheets?", words).group(1))
                two_sided = sum(pages[n] // 2 for n in ("cards.pdf", "tokens.pdf", "calibration.pdf") if n in pages)
                assert sheets == sum(pages.values()) - two_sided  # each two-sided sheet holds two pages
                assert "flip on the long edge" in words and "cards.pdf: Cut the card sheets" in words
                assert MARKET[lang] in _text(kit.read("cards.pdf"), None)  # the edition's own words (on the backs)
        shop = folder / lang / "shop" / "drivethrucards" / "market.pdf"
        assert MARKET[lang] in _text(shop.read_bytes())
        with zipfile.ZipFile(folder / lang / f"lantern-{lang}-cgs.zip") as table:
            assert json.loads(table.read("cgs.json"))["name"] == f"Lantern [{lang}]"
        assert {p.name for p in (folder / lang / "showcase").iterdir()} == {"hand.png", "spread.png", "contents.png"}
    page = (folder / "index.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'<a href="([^"]+)">', page))
    assert shown == {n for n in listed if not n.startswith("previews/") and n != "index.html"}
    for name in shown:
        assert f"sha256 {listed[name]['sha256']}" in page


def _a_second_release_is_the_same_bytes(released, run_cli, tmp_path):
    game, folder = released
    assert run_cli("release", game, "--lang", "de", "--out", tmp_path, "-q").exit_code == 0
    again = tmp_path / "lantern" / "de"
    names = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(folder / "de") for p in (folder / "de").rglob("*") if p.is_file())
    for name in names:
        assert (again / name).read_bytes() == (folder / "de" / name).read_bytes(), name


def _the_index_opens_in_a_browser_with_every_picture_loaded(released):
    from test_serve import Browser, chromium

    _, folder = released
    page = (folder / "index.html").read_text(encoding="utf-8")
    pictures = re.findall(r'<img src="([^"]+)"', page)
    assert len(pictures) >= 4 * 6 and all((folder / p).is_file() for p in pictures)
    browser = Browser(chromium())
    try:
        browser.open((folder / "index.html").as_uri())
        state = None
        for _ in range(600):
            state = browser.evaluate("location.protocol === 'file:' && document.readyState === 'complete' && "
                                     "JSON.stringify([...document.images].map(i => i.complete && i.naturalWidth > 0))")
            if state:
                break
            import time

            time.sleep(0.1)
        loaded = json.loads(state)
        assert len(loaded) == len(pictures) and all(loaded)
    finally:
        browser.close()


def test_an_unknown_shop_or_table_is_refused_at_its_name(run_cli, tmp_path):
    create("plain", tmp_path)
    game = tmp_path / "plain"
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("release:\n  shops: [drivethrucard]\n  tables: [tts, vassal]\n")
    result = run_cli("release", game, "--out", tmp_path / "rel")
    assert result.exit_code == 2
    words = " ".join(result.output.split())
    assert re.search(r"game\.yaml:\d+:\d+: release\.shops: no shop 'drivethrucard' \(did you mean 'drivethrucards'", words)
    assert "release.tables: no table 'vassal'" in words
    assert not (tmp_path / "rel").exists()


def _zip(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in archive.namelist()}


def _the_matrix_every_game_and_starter_every_edition_every_destination(matrix):
    """Each game × edition × {A4, Letter, each shop, each table}: its files in its edition's folder, or a
    refusal said in a warning; an edition's files carry that edition's words."""
    _, out, results = matrix
    assert set(results) >= {"blorg", "cave", "blob", "miskatonic", "s-default", "lantern"}
    for name, result in results.items():
        folder = out / name
        said = " ".join(w.message for w in result.warnings)
        listed = {f["file"] for f in json.loads((folder / "manifest.json").read_text())["files"]}
        editions = result.editions or [None]
        for lang in editions:
            where = f"{lang}/" if lang else ""
            stem = f"{name}-{lang}" if lang else name
            for paper in ("a4", "letter"):
                kit = _zip(folder / f"{where}{stem}-{paper}.zip")
                assert any(n.endswith(".pdf") for n in list(kit)[1:]), (name, lang, paper)
            for shop in SHOPS:
                made = any(n.startswith(f"{where}shop/{shop}/") for n in listed) or f"{where}{stem}-shop-{shop}.zip" in listed
                title = PROFILES[shop].title  # a refusal names the shop: the pieces it left out, a pad it does not take
                assert made or f"{title} prints cards only: left out" in said or f"no pieces {title} prints" in said, \
                    (name, lang, shop)
            for table in TABLES:
                made = f"{where}{stem}-{table}.zip" in listed
                assert made or f"takes none of this game's pieces: no {table} file" in said, (name, lang, table)
        if result.editions:  # everything but the index lives in an edition's folder
            assert all(n.split("/")[0] in (*LANGS, "previews") or n == "index.html" for n in listed)
    folder = out / "lantern"
    pictures: dict[str, dict[str, bytes]] = {}
    for lang in LANGS:
        stem = f"lantern-{lang}"
        assert MARKET[lang] in _text(_zip(folder / lang / f"{stem}-letter.zip")["cards.pdf"], None)
        for shop in ("drivethrucards", "pdfx4", "printninja"):
            assert MARKET[lang] in _text((folder / lang / "shop" / shop / "market.pdf").read_bytes(), None), shop
        cards = json.loads(_zip(folder / lang / f"{stem}-cgs.zip")["AllCards.json"])
        assert LAMP[lang] in {c["name"] for c in cards}
        tts = _zip(folder / lang / f"{stem}-tts.zip")[f"lantern-{lang}.json"].decode("utf-8")
        assert f"{MARKET[lang]} [{lang}]" in tts
        for archive in (f"{stem}-tgc.zip", f"{stem}-mpc.zip", f"{stem}-tabletopia.zip", f"{stem}-shop-tgc.zip"):
            pictures[f"{lang}:{archive.split('-', 3)[-1]}"] = _zip(folder / lang / archive)
    for key in {k.split(":", 1)[1] for k in pictures}:  # the same pictures, each edition's own faces
        en = pictures[f"en:{key}"]
        for lang in LANGS[1:]:
            other = pictures[f"{lang}:{key}"]
            assert sorted(other) == sorted(en), key
            assert any(other[n] != en[n] for n in en if n.endswith(".png")), (lang, key)
