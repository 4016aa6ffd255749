"""Plugin contracts: every registered plugin follows the Protocol of its group.

Referee families (`pnp.families`, `pnp.referee.family.RefereeFamily`): each one
implements the hooks, passes its own bundled game, simulates reproducibly,
reports facts as text, reads its game only through the loaded GameContext (a
renamed spec file is still found, and findings point into it), and answers a
game that lacks its components with findings or located errors, never a crash.
"""
from __future__ import annotations

import inspect
import shutil
import types
from pathlib import Path

import pytest
import yaml

from pnp.errors import SpecErrors
from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.referee.family import HOOKS, RefereeFamily, family_names, family_of, load_family
from pnp.referee.findings import Finding
from pnp.referee.sim import SimResult

from conftest import mutate, write_game

# --------------------------------------------------------------------------- referee families

BUNDLED_FAMILIES = ("blob", "blorg", "cave", "miskatonic")


def bundled_game(family: str) -> Path:
    """The bundled example whose game.yaml names FAMILY."""
    for game_yaml in sorted(EXAMPLES.glob("*/game.yaml")):
        if (yaml.safe_load(game_yaml.read_text(encoding="utf-8")) or {}).get("family") == family:
            return game_yaml.parent
    pytest.fail(f"no bundled game has `family: {family}`")


def test_family_registry_holds_every_bundled_family():
    assert set(BUNDLED_FAMILIES) <= set(family_names())
    named = {(yaml.safe_load(p.read_text(encoding="utf-8")) or {}).get("family") for p in EXAMPLES.glob("*/game.yaml")}
    assert named - {None} <= set(family_names()), "a bundled game names a family nobody registered"


@pytest.mark.parametrize("name", family_names())
def test_family_implements_the_hooks(name):
    family = load_family(name)
    assert isinstance(family, RefereeFamily)
    for hook in HOOKS:
        assert callable(getattr(family, hook)), hook
    params = inspect.signature(family.referee_simulate).parameters
    assert {"games", "seed", "progress"} <= set(params)


@pytest.mark.parametrize("name", family_names())
def test_family_check_passes_its_bundled_game(name):
    from pnp.referee.checks import run_checks

    game, report = run_checks(bundled_game(name))
    assert report.family == name
    assert [str(f) for f in report.findings] == []


@pytest.mark.parametrize("name", family_names())
def test_family_facts_are_strings(name):
    facts = load_family(name).referee_facts(load_game(bundled_game(name)))
    assert facts and all(isinstance(f, str) and f for f in facts)


@pytest.mark.parametrize("name", family_names())
def test_family_simulation_is_deterministic(name):
    family, game = load_family(name), load_game(bundled_game(name))
    seen = []
    first = family.referee_simulate(game, games=30, seed=4, progress=lambda done, total: seen.append((done, total)))
    again = family.referee_simulate(game, games=30, seed=4)
    other = family.referee_simulate(game, games=30, seed=5)
    assert isinstance(first, SimResult) and first.games == 30 and first.seed == 4 and first.family == name
    assert (first.summary, first.figures) == (again.summary, again.figures)
    assert [(c.title, c.values) for c in first.charts] == [(c.title, c.values) for c in again.charts]
    assert (first.summary, first.figures) != (other.summary, other.figures)
    assert seen and all(0 < done <= total == 30 for done, total in seen)


# One seeded fault per family, in a component file the test renames: (file, old text, new text, rule).
FAULTS = {
    "blob": ("sheet.yaml", "boxes: 16 ", "boxes: 15 ", "rounds"),
    "blorg": ("cards.yaml", "start_hand: [crash-site, memory-eraser]", "start_hand: [crash-site]", "rulebook"),
    "cave": ("cards.yaml", "{id: seismo-5, count: 2,", "{id: seismo-5, count: 1,", "seismograph-count"),
    "miskatonic": ("dice.yaml", "skull+5, skull+5", "skull+5, hit+5", "dice"),
}


def renamed_copy(name: str, root: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the family's bundled game with every component file (and data file) renamed."""
    game_dir = root / name
    shutil.copytree(bundled_game(name), game_dir)
    renames = {p.name: f"renamed-{p.name}" for p in sorted(game_dir.iterdir())
               if p.suffix in (".yaml", ".csv") and p.name != "game.yaml"}
    for old, new in renames.items():
        (game_dir / old).rename(game_dir / new)
    for path in [game_dir / "game.yaml", *(game_dir / new for new in renames.values() if new.endswith(".yaml"))]:
        text = path.read_text(encoding="utf-8")
        for old, new in renames.items():   # `components: [- cards.yaml]` and `data: items.csv`
            text = text.replace(f" {old}\n", f" {new}\n").replace(f" {old} ", f" {new} ")
        path.write_text(text, encoding="utf-8")
    return game_dir, renames


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_family_reads_renamed_spec_files(name, tmp_path, run_cli):
    game_dir, renames = renamed_copy(name, tmp_path)
    assert not any((game_dir / old).exists() for old in renames)
    passed = run_cli("check", game_dir)
    assert passed.exit_code == 0, passed.output
    assert f"✓ {name}: every rule holds" in passed.output

    file, old, new, rule = FAULTS[name]
    mutate(game_dir / renames[file], old, new)
    from pnp.referee.checks import run_checks

    findings = [f for f in run_checks(game_dir)[1].findings if f.rule == rule]
    assert findings, f"no {rule} finding"
    assert all(Path(f.pos.path).name == renames[file] and f.pos.line > 1 for f in findings), [str(f) for f in findings]
    failed = run_cli("check", game_dir)
    assert failed.exit_code == 1 and f"{renames[file]}:{findings[0].pos.line}: {rule}:" in failed.output


@pytest.mark.parametrize("name", family_names())
def test_family_answers_a_game_without_its_components(name, tmp_path, run_cli):
    """A small deck game naming the family: findings (exit 1) and a located refusal to simulate (exit 2)."""
    game_dir = write_game(tmp_path, cards=3)
    mutate(game_dir / "game.yaml", "players: 1\n", f"players: 1\nfamily: {name}\n")
    family, game = load_family(name), load_game(game_dir)
    findings = family.referee_check(game)
    assert findings and all(isinstance(f, Finding) and Path(f.pos.path).parent == game_dir for f in findings)
    assert all(isinstance(f, str) for f in family.referee_facts(game))
    with pytest.raises(SpecErrors) as info:
        family.referee_simulate(game, games=5, seed=1)
    assert all(Path(e.pos.path).parent == game_dir and e.pos.line >= 1 for e in info.value.errors)

    checked = run_cli("check", game_dir, "--simulate", "--games", "5")
    assert checked.exit_code == 1 and "no simulation: " in checked.output
    simulated = run_cli("simulate", game_dir, "--games", "5", "--out", tmp_path / "out")
    assert simulated.exit_code == 2 and "cannot simulate" in simulated.output
    assert not (tmp_path / "out").exists()


def test_family_missing_a_hook_is_refused_with_a_note(monkeypatch, tmp_path):
    """A registered family without every hook is not used: `pnp check` says which hooks it lacks."""
    import pnp.referee.family as registry
    from pnp.referee.checks import run_checks

    half = types.SimpleNamespace(referee_check=lambda game: [])
    monkeypatch.setattr(registry, "family_names", lambda: ["half"])
    monkeypatch.setattr(registry, "load", lambda group, name: half)
    game_dir = write_game(tmp_path, cards=3)
    mutate(game_dir / "game.yaml", "players: 1\n", "players: 1\nfamily: half\n")
    assert family_of(load_game(game_dir))[0] is None
    report = run_checks(game_dir)[1]
    assert report.family is None
    assert any("does not provide referee_simulate, referee_facts" in n for n in report.notes), report.notes
