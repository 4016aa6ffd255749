"""The referee reads like a careful player (docs/referee.md): every edition's words and numbers, count
sentences held to what they name, the numbers of cells, prose and worked examples, variants, and the
cause of a game no one can win.

The corpus (tests/referee_reads/cases.py) edits copies of the four bundled games and of a starter with
two decks and two editions, each base game made once; each fault must be one finding (or one located
spec error) on the line that states it, and each correct game must have none. Only the reading checks
run (`pnp.referee.checks.reading_findings`, the declared checks, and the family's own for a fault of two
pieces): the families' simulations are other tests' business.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.errors import SpecErrors
from pnp.referee.wording import make_wording

from tests.referee_reads.cases import CORRECT, FAULTS, Case
from tests.referee_reads.games import bundled, make_market


@pytest.fixture(scope="module")
def bases(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("bases")
    out = {name: bundled(name) for name in ("blob", "blorg", "cave", "miskatonic")}
    out["market"] = make_market(root)
    return out


def _edited(case: Case, base: Path, root: Path) -> Path:
    game = root / case.game
    shutil.copytree(base, game)
    for file, old, new in case.edits:
        path = game / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{file}: {old!r} not found"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return game


def _languages(game: Path) -> list[str | None]:
    import yaml

    langs = (yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8")) or {}).get("languages") or []
    return list(langs) or [None]


def read(game: Path, family: bool = False) -> dict:
    """(file, line) → [(rule, message)] of what the reading checks find in every edition of GAME."""
    from pnp.game import load_game
    from pnp.kinds import kind_module
    from pnp.models.edition import loading
    from pnp.referee.checks import declared_checks, one_per_place, reading_findings
    from pnp.referee.family import family_of

    found: dict = {}
    for lang in _languages(game):
        with loading(lang):
            loaded = load_game(game)
            for c in loaded.components:
                kind_module(c.kind).validate(loaded, c.model)
            loaded.errors.raise_if_any()
            findings = declared_checks(loaded) + reading_findings(loaded)
            if family:
                findings += family_of(loaded)[0].referee_check(loaded)
        for f in one_per_place(findings):
            key = (Path(f.pos.path).name, f.pos.line)
            if (f.rule, f.message) not in found.get(key, []):
                found.setdefault(key, []).append((f.rule, f.message))
    return found


def _line_of(game: Path, file: str, piece: str) -> int:
    lines = (game / file).read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, 1) if piece in line)


def _id(case: Case) -> str:
    import zlib

    return f"{case.game}-{case.cls}-{case.rule or 'correct'}-{zlib.crc32(repr(case.edits).encode()) % 10_000}"


@pytest.mark.parametrize("case", FAULTS, ids=_id)
def test_a_fault_is_one_finding_where_it_is_stated(case, bases, tmp_path):
    game = _edited(case, bases[case.game], tmp_path)
    file, piece = case.at
    line = _line_of(game, file, piece)
    if case.rule == "spec-error":
        with pytest.raises(SpecErrors) as caught:
            read(game)
        assert [(Path(e.pos.path).name, e.pos.line) for e in caught.value.errors] == [(file, line)], caught.value.errors
        return
    found = read(game, family=case.cls == "causes")
    assert list(found) == [(file, line)], found
    (rule, message), *more = found[(file, line)]
    assert rule == case.rule and not more, found


@pytest.mark.parametrize("case", CORRECT, ids=_id)
def test_a_correct_game_has_no_finding(case, bases, tmp_path):
    game = _edited(case, bases[case.game], tmp_path)
    assert read(game) == {}


def test_the_corpus_covers_every_class_and_game():
    assert len(FAULTS) >= 40 and len(CORRECT) >= 20
    for game in ("blob", "blorg", "cave", "miskatonic", "market"):
        assert any(c.game == game for c in FAULTS), game
    assert {c.cls for c in FAULTS} >= {"editions", "names", "elsewhere", "wording", "variants", "causes"}


# --------------------------------------------------------------------------- number words, ranges, parts

@pytest.mark.parametrize("lang, words", [
    ("en", {"twenty-one": 21, "ninety-nine": 99, "Seventy Three": 73, "one hundred and one": 101, "forty two": 42,
            "a dozen": 12, "21": 21, "٢١": 21}),
    ("de", {"einundzwanzig": 21, "neunundneunzig": 99, "siebenundvierzig": 47, "dreiunddreißig": 33, "eine": 1,
            "zwölf": 12, "hundertzwei": 102}),
    ("fr", {"vingt et un": 21, "quatre-vingt-dix-neuf": 99, "soixante-dix-sept": 77, "quatre-vingts": 80,
            "soixante et onze": 71, "une": 1}),
])
def test_compound_number_words_are_read_whole(lang, words):
    reading = make_wording((lang,))
    for text, value in words.items():
        assert reading.value(text) == value, text
    for n in range(100):                     # every number to ninety-nine, spelled as CLDR spells it
        from num2words import num2words
        assert reading.value(num2words(n, lang=lang)) == n


def test_a_number_is_read_from_the_words_its_phrase_allows():
    reading = make_wording(("en",))
    assert reading.read("the first twenty-one")[2] == 21              # a tail, where a phrase starts at its number
    assert reading.read("20 or more", tail=False, head=True)[2] == 20  # a head, where it ends there
    assert reading.read("outermost space of each of the 5", tail=False) is None


def test_ranges_bounds_and_parts_are_read_as_a_player_reads_them(bases, tmp_path):
    """One game, one sentence of each kind, and where each is held (compare the corpus, which has them apart)."""
    base = bases["market"]
    add = ("The market deck holds 2 to 5 cards. The market deck holds 5 to 9 cards. The market deck holds up to "
           "6 cards. The market deck holds 7 or more cards. The 6 faces of the Market die show 6 symbols.\n")
    game = _edited(Case("market", "wording", (("rules.md", "{{ component_list() }}\n",
                                                "{{ component_list() }}\n" + add),), None), base, tmp_path)
    found = read(game)
    line = _line_of(game, "rules.md", "2 to 5 cards")
    messages = [m for rule, m in found.pop(("rules.md", line))]
    assert found == {}
    assert sorted(messages) == sorted([
        "the text says 2 (from 2 to 5) in 'deck holds 2 to 5 cards', but the number of cards in deck 'Lantern Market' is 7 "
        "(the deck's cards fix it: print it from the deck)",
        "the text says 6 (at most 6) in 'deck holds up to 6 cards', but the number of cards in deck 'Lantern Market' "
        "is 7 (the deck's cards fix it: print it from the deck)"]), messages


def test_says_in_german_and_a_wrong_german_number_is_one_finding_at_the_german_line(bases, tmp_path):
    game = _edited(Case("market", "editions", (("rules.de.md", "gebt allen 2 Karten", "gebt allen 3 Karten"),), "deal"),
                   bases["market"], tmp_path)
    found = read(game)
    line = _line_of(game, "rules.de.md", "gebt allen 3 Karten")
    assert list(found) == [("rules.de.md", line)]
    ((rule, message),) = found[("rules.de.md", line)]
    assert rule == "deal" and "gebt allen 3 Karten" in message


def test_two_decks_each_count_held_to_its_own_deck_by_pnp_check(bases, tmp_path):
    """Issue 52: the rulebook prints each deck's count and a hand-typed sentence names the right deck: no
    finding in any edition (`pnp check` exits 0); the same sentence with a wrong number: one finding at it."""
    from pnp.build import BuildOptions, editions_to_build
    from pnp.referee.checks import run_checks
    from pnp.referee.editions import check_editions

    game = _edited(Case("market", "names", (), None), bases["market"], tmp_path)
    report = check_editions(run_checks, game, editions_to_build(game, BuildOptions()))[1]
    assert report.findings == [], report.findings
    rules = game / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("market deck holds 7 cards", "market deck holds 9 cards"),
                     encoding="utf-8")
    (finding,) = check_editions(run_checks, game, editions_to_build(game, BuildOptions()))[1].findings
    assert (finding.rule, finding.pos.line) == ("card-count", _line_of(game, "rules.md", "holds 9 cards")), finding


# --------------------------------------------------------------------------- mistakes in piles: and balance:

def test_a_misspelt_piles_field_is_a_spec_error_with_the_likely_field(bases, tmp_path):
    game = _edited(Case("cave", "spec", (("cards.yaml", "back:\n  layout: cave-back\n",
                                          "piles: knd\nback:\n  layout: cave-back\n"),), "spec-error"),
                   bases["cave"], tmp_path)
    with pytest.raises(SpecErrors) as caught:
        read(game)
    (error,) = caught.value.errors
    assert "'knd' is not a field of the deck (did you mean 'kind'?)" in error.message, error.message


def test_a_misspelt_balance_figure_is_a_spec_error_at_it(bases, tmp_path):
    """`pnp check` exits 2 (a spec error), not 1, and names the figure meant."""
    from pnp.referee.checks import run_checks

    game = _edited(Case("blob", "spec", (("game.yaml", "figure: greedy_stuck_rate", "figure: greedy_stuk_rate"),),
                        "spec-error"), bases["blob"], tmp_path)
    with pytest.raises(SpecErrors) as caught:
        run_checks(game)
    (error,) = caught.value.errors
    assert error.pos.line == _line_of(game, "game.yaml", "greedy_stuk_rate")
    assert "did you mean 'greedy_stuck_rate'?" in error.message, error.message


def test_a_game_extends_the_phrase_table_in_its_own_words(bases, tmp_path):
    """`referee: phrases:` adds a language's count phrases and number words to pnp's own."""
    extra = ("  phrases:\n    de:\n      numbers: {ein Schock: 60}\n"
             "      whole: [\"{deck} zählt # {what} {cards}\"]\n")
    game = _edited(Case("market", "phrases", (
        ("game.yaml", "    market: [Markt, Marktkarten]\n", "    market: [Markt, Marktkarten]\n" + extra),
        ("rules.de.md", "Der Marktstapel hat sieben Karten.", "Der Marktstapel zählt 7 Karten."),
        ("rules.de.md", "Die Spielhilfe besteht aus 2 Karten.", "Der Marktstapel hat ein Schock Karten.")), None),
        bases["market"], tmp_path)
    found = read(game)
    assert list(found) == [("rules.de.md", _line_of(game, "rules.de.md", "ein Schock"))], found
    (rule, message), = next(iter(found.values()))
    assert rule == "card-count" and "ein Schock" in message
    rules = game / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("zählt 7 Karten", "zählt 8 Karten"), encoding="utf-8")
    assert ("rules.de.md", _line_of(game, "rules.de.md", "zählt 8")) in read(game)
