"""Language codes: BCP 47 tags CLDR knows, a suggestion for a near miss, repeats refused ignoring case,
each error at its item of `languages:`."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import BuildOptions, editions_to_build
from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.models.langcodes import CodeError, canonical, check, repeats, suggestion
from pnp.scaffold import create


@pytest.mark.parametrize("written, meant", [
    ("jp", "ja"), ("cn", "zh"), ("kr", "ko"), ("gr", "el"), ("German", "de"), ("DE", "de"), ("pt-br", "pt-BR"),
    ("pt_BR", "pt-BR"), ("zh-hans", "zh-Hans"), ("en-XX", "en"), ("iw", "he")])
def test_a_near_miss_names_the_code_to_write(written, meant):
    with pytest.raises(CodeError) as e:
        check(written)
    assert e.value.suggestion == meant and f"did you mean '{meant}'" in str(e.value)
    assert suggestion(written) == meant


@pytest.mark.parametrize("code", ["en", "de", "ar", "ja", "fr", "es", "it", "pt", "nl", "pl", "zh-Hans", "ko",
                                  "pt-BR", "sr-Latn", "de-CH"])
def test_codes_cldr_knows_pass_as_written(code):
    assert check(code) == code == canonical(code) and suggestion(code) is None


@pytest.mark.parametrize("code", ["xx", "und", "a" * 36, "e", "en--GB", "x-klingon", 7])
def test_codes_cldr_does_not_know_are_refused(code):
    with pytest.raises(CodeError):
        check(code)


def test_repeats_are_found_ignoring_case_and_separator():
    assert repeats(["en", "de", "en"]) == [(2, 0)]
    assert repeats(["en", "pt-BR", "pt-br", "pt_BR"]) == [(2, 1), (3, 1)]
    assert repeats(["en", "de"]) == []


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("codes")
    create("lantern", base, template="editions")
    return base / "lantern"


def _errors(game: Path, languages: str) -> list:
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    line = next(x for x in spec.splitlines() if x.startswith("languages:"))
    (game / "game.yaml").write_text(spec.replace(line, f"languages: {languages}"), encoding="utf-8")
    try:
        load_game(game)
    except SpecErrors as e:
        return e.errors
    finally:
        (game / "game.yaml").write_text(spec, encoding="utf-8")
    return []


def _column(line: str, languages: str, item: str, nth: int = 1) -> int:
    """The column of the `nth` appearance of `item` as an item of the list (1-based, as positions are)."""
    start = -1
    for _ in range(nth):
        start = languages.index(item, start + 1)
    return len("languages: ") + start + 1


@pytest.mark.parametrize("languages, item, nth, words", [
    ("[en, de, ar, jp]", "jp", 1, "did you mean 'ja'?"),
    ("[en, de, ar, ja, de]", "de", 2, "'de' is listed twice"),
    ("[en, de, ar, ja, pt-BR, PT-br]", "PT-br", 1, "'PT-br' is listed twice (as 'pt-BR' too"),
    ("[en, de, ar, ja, xx]", "xx", 1, "'xx' is not a language CLDR knows"),
    ("[en, de, ar, ja, " + "a" * 362 + "]", "a" * 362, 1, "at most 35 characters (this one has 362)"),
])
def test_a_bad_code_is_one_error_at_its_item_of_the_list(starter, languages, item, nth, words):
    found = _errors(starter, languages)
    assert found, "the game loaded"
    hits = [e for e in found if words in e.message]
    assert len(hits) == 1, [e.message for e in found]
    pos = hits[0].pos
    assert pos.path.endswith("game.yaml") and pos.col == _column("", languages, item, nth)
    assert "Value error" not in hits[0].message and "'4'" not in hits[0].message
    # the other languages' `@` keys are not reported: the list is the one mistake
    assert all("not one of `languages:`" not in e.message for e in found)


def test_lang_in_the_wrong_case_is_asked_back(starter):
    with pytest.raises(SpecErrors) as e:
        editions_to_build(starter, BuildOptions(out=starter.parent / "out", lang="DE"))
    assert "did you mean 'de'?" in e.value.errors[0].message
    with pytest.raises(SpecErrors) as e:
        editions_to_build(starter, BuildOptions(out=starter.parent / "out", lang="jp"))
    assert "did you mean 'ja'?" in e.value.errors[0].message
    assert editions_to_build(starter, BuildOptions(out=starter.parent / "out", lang="de")) == ["de"]
