"""The referee's framework: declared checks in game.yaml, `pnp check` exit codes and output,
`pnp simulate` and its balance.pdf, and every rule family's bundled game passing its own checks."""
from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path

import pytest
import yaml

from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.referee.checks import check_context, declared_checks, run_checks

from conftest import line_of, mutate

CAVE = EXAMPLES / "cave"
CHECK_LINE = "  - name: fourteen seismographs"
EXPECT = "cards | selectattr('fields.kind', 'equalto', 'seismograph') | list | length == parameters.seismographs"


# --------------------------------------------------------------------------- declared checks

def test_the_check_context_holds_every_physical_card():
    ctx = check_context(load_game(CAVE))
    assert len(ctx["cards"]) == 62 and ctx["decks"]["cave"]["total"] == 62
    seismo = [c for c in ctx["cards"] if c["fields"]["kind"] == "seismograph"]
    assert len(seismo) == 14 and seismo[0]["deck"] == "cave" and seismo[0]["id"] == "seismo-1"
    assert ctx["game"]["family"] == "cave" and len(ctx["components"]["deck"]) == 1


def test_a_failing_declared_check_is_a_finding_at_the_check(cave_copy):
    game_yaml = cave_copy / "game.yaml"
    mutate(game_yaml, "length == parameters.seismographs", "length == parameters.seismographs + 1")
    findings = run_checks(cave_copy)[1].findings
    (f,) = findings
    assert f.rule == "fourteen seismographs"
    assert f.pos.path.endswith("game.yaml") and f.pos.line == line_of(game_yaml, CHECK_LINE)
    # the designer's message, then the values compared
    assert f.message == ("the deck must hold as many seismograph cards as the rules say "
                         "(`cards | selectattr('fields.kind', 'equalto', 'seismograph') | list | length` is 14, "
                         "expected `parameters.seismographs + 1` (15))")


def test_a_declared_check_without_a_message_quotes_its_expression(cave_copy):
    game_yaml = cave_copy / "game.yaml"
    mutate(game_yaml, "    message: the deck must hold as many seismograph cards as the rules say\n", "")
    mutate(game_yaml, "length == parameters.seismographs", "length == 13")
    (f,) = run_checks(cave_copy)[1].findings
    assert "length == 13` is false" in f.message


@pytest.mark.parametrize("expect, fragment", [
    ("cards | length ==", "expression syntax error"),
    ("cardz | length == 62", "'cardz' is undefined"),
    ("cards | length", "gives 62, not true or false"),
    ("cards.__class__ == 1", "sandbox"),
])
def test_a_broken_declared_check_is_a_located_spec_error(cave_copy, expect, fragment):
    game_yaml = cave_copy / "game.yaml"
    mutate(game_yaml, f'"{EXPECT}"', json.dumps(expect))
    with pytest.raises(SpecErrors) as info:
        run_checks(cave_copy)
    (error,) = info.value.errors
    assert error.pos.path.endswith("game.yaml")
    assert error.pos.line == line_of(game_yaml, "expect:")
    assert error.message.startswith("check 'fourteen seismographs': ") and fragment in error.message


def test_declared_checks_work_for_any_game(tmp_path):
    from conftest import write_game

    game_dir = write_game(tmp_path, cards=5)
    (game_dir / "game.yaml").write_text(
        "title: Mini\nplayers: 1\ncomponents: [cards.yaml]\nchecks:\n"
        "  - {name: five cards, expect: \"decks.mini.cards | length == 5\"}\n"
        "  - {name: strong, expect: \"cards | map(attribute='fields.power') | sum >= 100\", message: too weak}\n")
    findings = declared_checks(load_game(game_dir))
    assert [(f.rule, f.pos.line, f.message) for f in findings] == [
        ("strong", 6, "too weak (`cards | map(attribute='fields.power') | sum` is 10, expected at least 100)")]


# --------------------------------------------------------------------------- pnp check

def test_check_passes_the_cave_game(run_cli):
    result = run_cli("check", CAVE)
    assert result.exit_code == 0, result.output
    assert "✓ cave: every rule holds (1 declared check and the cave family's rules)" in result.output
    assert "four piles of 16, 16, 15, 15" in result.output


def test_check_fails_with_exit_1_and_file_line_rule(run_cli, cave_copy):
    mutate(cave_copy / "cards.yaml", "{id: seismo-5, count: 2,", "{id: seismo-5, count: 1,")
    result = run_cli("check", cave_copy)
    assert result.exit_code == 1
    cards_line = line_of(cave_copy / "cards.yaml", "cards:")
    assert f"cards.yaml:{cards_line}:1: seismograph-count: the deck has 13 seismograph cards" in result.output
    assert f"game.yaml:{line_of(cave_copy / 'game.yaml', CHECK_LINE)}:5: fourteen seismographs:" in result.output
    assert "✗ cave: 2 findings breaking 2 rules" in result.output


def test_check_exit_2_on_spec_errors(run_cli, cave_copy):
    mutate(cave_copy / "game.yaml", f'"{EXPECT}"', '"cards | length =="')
    result = run_cli("check", cave_copy)
    assert result.exit_code == 2
    assert f"game.yaml:{line_of(cave_copy / 'game.yaml', 'expect:')}:" in result.output
    assert "expression syntax error" in result.output


def test_check_json(run_cli, cave_copy):
    mutate(cave_copy / "game.yaml", "length == parameters.seismographs", "length == parameters.seismographs + 1")
    result = run_cli("check", "--json", cave_copy, CAVE)
    assert result.exit_code == 1
    data = json.loads(result.output)
    broken, clean = data["games"]
    assert not broken["ok"] and broken["findings"][0]["rule"] == "fourteen seismographs"
    assert broken["findings"][0]["line"] == line_of(cave_copy / "game.yaml", CHECK_LINE)
    assert clean["ok"] and clean["findings"] == [] and clean["family"] == "cave"


def test_check_json_reports_spec_errors(run_cli, cave_copy):
    mutate(cave_copy / "items.csv", "ruby,Ruby,1,1,5,", "ruby,Ruby,1,1,9,")
    result = run_cli("check", "--json", cave_copy)
    assert result.exit_code == 2
    (game,) = json.loads(result.output)["games"]
    assert game["errors"][0]["file"].endswith("items.csv")


def test_check_with_simulate(run_cli):
    result = run_cli("check", CAVE, "--simulate", "--games", "200", "--seed", "3")
    assert result.exit_code == 0
    assert "simulation: 200 games from seed 3" in result.output


def test_an_unknown_family_is_a_note_not_a_failure(run_cli, tmp_path):
    from conftest import write_game

    game_dir = write_game(tmp_path, cards=3)
    mutate(game_dir / "game.yaml", "players: 1\n", "players: 1\nfamily: cavee\n")
    result = run_cli("check", game_dir)
    assert result.exit_code == 0
    assert "no referee for family 'cavee' (did you mean 'cave'?)" in result.output


def test_each_die_is_noted_by_its_name_with_its_faces_chances(run_cli):
    """The dice note names a die as the spec does ("Investigator die"), once, and its chances add up."""
    result = run_cli("check", EXAMPLES / "miskatonic")
    lines = [line.strip() for line in result.output.splitlines() if line.strip().startswith("Investigator die")]
    assert len(lines) == 1 and not lines[0].startswith("Investigator die die"), result.output
    name, table = lines[0].split(": ", 1)
    chances = [part.rsplit(" ", 1)[1] for part in table.split(", ")]
    assert sum(int(a) / int(b) for a, b in (c.split("/") for c in chances)) == pytest.approx(1)


# --------------------------------------------------------------------------- pnp simulate

def pdf_text(path: Path) -> tuple[int, str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_simulate_writes_a_reproducible_balance_pdf(run_cli, tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for out, seed in ((a, 11), (b, 11), (c, 12)):
        result = run_cli("simulate", CAVE, "--games", "400", "--seed", seed, "--out", out, "--quiet")
        assert result.exit_code == 0, result.output
    pdf = a / "cave" / "balance.pdf"
    assert pdf.read_bytes() == (b / "cave" / "balance.pdf").read_bytes()
    assert pdf.read_bytes() != (c / "cave" / "balance.pdf").read_bytes()
    pages, text = pdf_text(pdf)
    from pnp.families import cave

    from pnp.referee.balance import report_charts

    charts = report_charts(cave.referee_simulate(load_game(CAVE), 40, 1).charts)
    # the win rates by player count (and over all games) are one grouped chart: 7 charts in all
    assert pages == 1 + math.ceil(len(charts) / 2) == 4
    for fragment in ("Balance report", "The Robbers' Cave", "400 simulated games", "seed 11", "Summary",
                     "Game length", "Winning score", "Win rate by policy, by player count", "2 players", "5 players",
                     "all games", "greedy", "cautious", "random", "page 4 of 4"):
        assert fragment in text, fragment


def test_simulate_json(run_cli, tmp_path):
    result = run_cli("simulate", CAVE, "--games", "100", "--seed", "2", "--out", tmp_path, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["games"] == 100 and data["seed"] == 2 and data["family"] == "cave"
    assert 0 < data["figures"]["mean_turns"] and Path(data["pdf"]).is_file()


def test_simulate_without_a_simulation_exits_2(run_cli, tmp_path):
    from conftest import write_game

    game_dir = write_game(tmp_path, cards=3)
    result = run_cli("simulate", game_dir, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "cannot simulate" in result.output and "names no `family:`" in result.output


def test_simulate_reports_progress():
    from pnp.families import cave

    seen = []
    cave.referee_simulate(load_game(CAVE), 250, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(100, 250), (200, 250), (250, 250)]


# --------------------------------------------------------------------------- every rule family
# (tests/test_contracts.py holds each family to its contract; these draw its balance report)

def family_and_game(family: str):
    """The registered family and the bundled game that names it."""
    from pnp.referee.family import load_family

    for game_yaml in sorted(EXAMPLES.glob("*/game.yaml")):
        if (yaml.safe_load(game_yaml.read_text(encoding="utf-8")) or {}).get("family") == family:
            return load_family(family), game_yaml.parent
    pytest.fail(f"no bundled game with family: {family}")


FAMILIES = ("blob", "blorg", "cave", "miskatonic")


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_simulation_draws_a_balance_report(family):
    from pnp.referee.balance import balance_pdf, figure_label, pages_for
    from pnp.referee.sim import SimResult

    module, game_dir = family_and_game(family)
    result = module.referee_simulate(load_game(game_dir), games=20, seed=1)
    assert isinstance(result, SimResult) and result.games == 20
    from pypdf import PdfReader

    pdf = PdfReader(io.BytesIO(balance_pdf(result, family)))
    assert len(pdf.pages) == pages_for(result)
    # page 1 speaks in words: every figure is named as a reader would, none by its variable
    first = pdf.pages[0].extract_text()
    assert not re.search(r"\b[a-z]+_[a-z0-9_]+\b|[{}\[\]]|': ", first), first
    # every figure is on page 1, in words: its measure's row of the table, in its player count's column
    from pnp.referee.balance import summary_rows

    counts, rows = summary_rows(result)
    assert sum(len(values) for _, values in rows) == len(result.figures)
    assert all(label in first for label, _ in rows)
    assert all(f"{n} players" in first for n in counts)


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_balance_report_is_reproducible_from_the_seed(family):
    """Same seed, same bytes: nothing timed or random-unseeded may reach the report."""
    from pnp.referee.balance import balance_pdf

    module, game_dir = family_and_game(family)
    first = balance_pdf(module.referee_simulate(load_game(game_dir), games=30, seed=7), family)
    again = balance_pdf(module.referee_simulate(load_game(game_dir), games=30, seed=7), family)
    assert first == again
