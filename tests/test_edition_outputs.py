"""Edition is a dimension of every output: a shop set, an export and the web rulebook per edition, each in
its edition's folder and words; a game's editions published as one transaction; the build owning its folder
(sets of a dropped edition or of the layout before editions removed, a person's files kept and named)."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pypdfium2
import pytest

from editionstarter import cards_only

from pnp.printshop.preflight import preflight_file
from pnp.printshop.profiles import SHOPS
from pnp.scaffold import create

LANGS = ("en", "de", "ar", "ja")
# the deck's title in each edition (the editions starter's cards.yaml `title`, `title@de`, …)
MARKET = {"en": "Lantern Market", "de": "Laternenmarkt", "ar": "سوق الفوانيس", "ja": "ランタン市場"}


def _cards_only(tmp_path: Path) -> Path:
    """The editions starter with its cards and rulebooks only: every edition's words, at a fraction of the work."""
    return cards_only(tmp_path)


def _snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _first_page_text(path: Path) -> str:
    doc = pypdfium2.PdfDocument(str(path))
    try:
        return doc[0].get_textpage().get_text_range()
    finally:
        doc.close()


@pytest.fixture(scope="module")
def shop_built(tmp_path_factory) -> tuple[Path, Path, object]:
    """The whole editions starter built for DriveThruCards in every edition, once for the module."""
    from typer.testing import CliRunner

    from pnp import cli

    root = tmp_path_factory.mktemp("shop")
    create("lantern", root, template="editions")
    cli._register_commands()
    result = CliRunner().invoke(cli.app, ["build", str(root / "lantern"), "--shop", "drivethrucards",
                                          "--lang", "all", "--out", str(root / "out")])
    return root / "lantern", root / "out", result


def test_a_shop_set_per_edition_in_its_words_passing_preflight(shop_built, run_cli):
    _a_shop_set_per_edition(shop_built)
    _an_undeclared_edition_is_refused_for_a_shop_and_strict_fails_on_its_warnings(run_cli, shop_built)


def _a_shop_set_per_edition(shop_built):
    game, out, result = shop_built
    assert result.exit_code == 0, result.output
    for lang in LANGS:
        folder = out / "lantern" / lang / "shop" / "drivethrucards"
        manifest = json.loads((folder / "manifest.json").read_text())
        assert manifest["language"] == lang
        pdf = folder / "market.pdf"
        assert MARKET[lang] in _first_page_text(pdf)
        assert not [f for f in preflight_file(pdf, SHOPS["drivethrucards"]) if f.rejects]
    assert not (out / "lantern" / "shop").exists()  # no set outside the editions' folders
    # a card-only shop names the pieces it leaves out (not only their component), and the score sheet plainly
    words = " ".join(result.output.split())
    assert "de edition: DriveThruCards prints cards only: left out the token 'Münze' (×16)" in words
    assert "'sheet' has no pieces DriveThruCards prints" in words


def _an_undeclared_edition_is_refused_for_a_shop_and_strict_fails_on_its_warnings(run_cli, shop_built):
    game, out, _ = shop_built
    before = _snapshot(out)
    result = run_cli("build", game, "--shop", "drivethrucards", "--lang", "xx", "--out", out)
    assert result.exit_code == 2
    assert "--lang xx: the game's languages are en, de, ar, ja" in result.output
    result = run_cli("build", game, "--shop", "drivethrucards", "--lang", "de", "--strict", "--out", out)
    assert result.exit_code == 2 and "(an error with --strict)" in result.output
    assert _snapshot(out) == before


def test_every_export_of_an_edition_is_its_own(run_cli, tmp_path):
    game = _cards_only(tmp_path)
    out = tmp_path / "out"
    for target in ("tts", "cgs"):
        assert run_cli("export", target, game, "--lang", "all", "--out", out, "-q").exit_code == 0
    deck_ids: dict[str, set] = {}
    names = set()
    for lang in LANGS:
        tts = out / "lantern" / lang / "export" / "tts"
        save = json.loads((tts / f"lantern-{lang}.json").read_text(encoding="utf-8"))
        assert save["Note"] == f"Lantern [{lang}]"
        ids = set()
        for obj in save["ObjectStates"]:
            ids.update(obj.get("CustomDeck", {}))
            ids.update(str(i) for i in obj.get("DeckIDs", []))
            if "CustomDeck" in obj:
                assert obj["Nickname"].endswith(f"[{lang}]")
        deck_ids[lang] = ids
        cgs = json.loads((out / "lantern" / lang / "export" / "cgs" / "cgs.json").read_text(encoding="utf-8"))
        names.add(cgs["name"])
        assert lang in cgs["name"]
        front = next((out / "lantern" / lang / "export" / "cgs" / "sets").rglob("*.png"))
        assert front.stat().st_size > 0
    assert len(names) == len(LANGS)
    for a in LANGS:
        for b in LANGS:
            if a < b:
                assert not deck_ids[a] & deck_ids[b], (a, b)


def test_an_error_in_one_edition_leaves_every_file_as_it_was(run_cli, tmp_path):
    game = _cards_only(tmp_path)
    out = tmp_path / "out"
    assert run_cli("build", game, "--out", out, "-q").exit_code == 0
    assert run_cli("export", "cgs", game, "--lang", "de", "--out", out, "-q").exit_code == 0
    before = _snapshot(out / "lantern")
    rules = game / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n{{ no_such_number }}\n", encoding="utf-8")
    result = run_cli("build", game, "--force", "--out", out)
    assert result.exit_code == 2
    assert "rules.de.md" in result.output and "de edition" in result.output
    assert _snapshot(out / "lantern") == before
    cards = game / "cards.csv"  # a German-only typo in a card's text: the exports and shops of every edition stay
    text = cards.read_text(encoding="utf-8")
    assert text.count("Nimm 2 Münzen.") == 1
    cards.write_text(text.replace("Nimm 2 Münzen.", "Nimm :kein-symbol: Münzen."), encoding="utf-8")
    for command in (["export", "cgs", game], ["build", game, "--shop", "pdfx4"]):
        result = run_cli(*command, "--lang", "all", "--out", out)
        assert result.exit_code == 2 and "de edition" in result.output, result.output
        assert _snapshot(out / "lantern") == before


def test_the_build_owns_its_folder(run_cli, tmp_path):
    """Gaining languages removes the single-edition files and sets; dropping one removes its folder;
    a person's file stays and is named in one warning."""
    create("plain", tmp_path)
    game, out = tmp_path / "plain", tmp_path / "out"
    assert run_cli("build", game, "--out", out, "-q").exit_code == 0
    assert run_cli("export", "cgs", game, "--out", out, "-q").exit_code == 0
    single = {p.name for p in (out / "plain").iterdir()}
    assert "cards.pdf" in single and "export" in single
    (out / "plain" / "my-notes.txt").write_text("print on card stock")
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(spec + "\nlanguages: [en, de]\n", encoding="utf-8")
    result = run_cli("build", game, "--out", out)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "plain").iterdir()) == ["de", "en", "manifest.json", "my-notes.txt"]
    words = " ".join(result.output.split())
    assert words.count("that pnp did not write") == 1 and "my-notes.txt" in words
    assert run_cli("export", "cgs", game, "--lang", "de", "--out", out, "-q").exit_code == 0
    (game / "game.yaml").write_text(spec + "\nlanguages: [en]\n", encoding="utf-8")
    assert run_cli("build", game, "--out", out, "-q").exit_code == 0
    assert sorted(p.name for p in (out / "plain").iterdir()) == ["en", "manifest.json", "my-notes.txt"]
    top = json.loads((out / "plain" / "manifest.json").read_text())
    assert top["editions"] == ["en"] and all(f["file"].startswith("en/") for f in top["files"])
    (game / "game.yaml").write_text(spec, encoding="utf-8")  # no languages again: today's layout
    assert run_cli("build", game, "--out", out, "-q").exit_code == 0
    assert "en" not in {p.name for p in (out / "plain").iterdir()}
    assert (out / "plain" / "cards.pdf").is_file() and (out / "plain" / "my-notes.txt").is_file()


def test_one_edition_rebuilt_keeps_the_others_byte_for_byte(run_cli, tmp_path):
    game = _cards_only(tmp_path)
    out = tmp_path / "out"
    assert run_cli("build", game, "--out", out, "-q").exit_code == 0
    before = _snapshot(out / "lantern")
    assert run_cli("build", game, "--lang", "de,ja", "--force", "--out", out, "-q").exit_code == 0
    after = _snapshot(out / "lantern")
    assert after == before  # the same input: the same bytes, and en and ar untouched
    top = json.loads((out / "lantern" / "manifest.json").read_text())
    assert {f["file"].split("/")[0] for f in top["files"]} == set(LANGS)


def test_the_web_rulebook_of_each_edition(run_cli, tmp_path):
    game = _cards_only(tmp_path)
    out = tmp_path / "out"
    assert run_cli("build", game, "--format", "html", "--out", out, "-q").exit_code == 0
    contents = {"en": "Contents", "de": "Inhalt", "ar": "المحتويات", "ja": "目次"}
    players = {"en": "players", "de": "Personen", "ar": "اللاعبون", "ja": "人数"}
    for lang in LANGS:
        page = (out / "lantern" / lang / "rulebook.html").read_text(encoding="utf-8")
        direction = "rtl" if lang == "ar" else "ltr"
        assert f'<html lang="{lang}" dir="{direction}">' in page
        assert f"<h2>{contents[lang]}</h2>" in page and f"<span>{players[lang]}</span>" in page
        for code in re.findall(r"<code>(.*?)</code>", page, re.S):
            assert not re.search(r"[\u0600-\u06ff\u3040-\u30ff\u4e00-\u9fff]", code), code
    plain = tmp_path / "plain"
    create("plain", tmp_path)
    assert run_cli("build", plain, "--format", "html", "--out", out, "-q").exit_code == 0
    assert '<html lang="en">' in (out / "plain" / "rulebook.html").read_text(encoding="utf-8")


def test_validate_checks_print_products(run_cli, tmp_path):
    create("plain", tmp_path)
    game = tmp_path / "plain"
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    assert "\nprint:\n" in spec
    spec = spec.replace("\nprint:\n", "\nprint:\n  products: {cardz: poker, cards: pokr, map: small-chit}\n")
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    result = run_cli("validate", game)
    words = " ".join(result.output.split())
    assert re.search(r"game\.yaml:\d+:\d+: warning: print\.products names 'cardz', which is no component's name "
                     r"\(did you mean 'cards'\?\)", words)
    assert "no print shop sells a product 'pokr' (did you mean 'poker'?)" in words
    assert "'small-chit' is a product for standees and tokens, and 'map' prints boards" in words
    assert run_cli("validate", game, "--strict").exit_code == 2


def test_a_shop_build_warns_of_a_missing_glyph_as_the_home_build_does(run_cli, tmp_path):
    create("plain", tmp_path)
    game = tmp_path / "plain"
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    assert "name: Spark," in deck
    (game / "deck.yaml").write_text(deck.replace("name: Spark,", 'name: "Spark \U00013000",'), encoding="utf-8")
    for args in ((), ("--shop", "drivethrucards")):
        result = run_cli("build", game, *args, "--out", tmp_path / "out")
        assert result.exit_code == 0
        assert "has no glyph for U+13000" in " ".join(result.output.split()), args
    result = run_cli("build", game, "--shop", "drivethrucards", "--strict", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "U+13000" in result.output
