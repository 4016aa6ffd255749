"""Plugin contracts: every registered plugin follows the Protocol of its group.

Referee families (`pnp.families`, `pnp.referee.family.RefereeFamily`): each one
implements the hooks, passes its own bundled game, simulates reproducibly,
reports facts as text, reads its game only through the loaded GameContext (a
renamed spec file is still found, and findings point into it), and answers a
game that lacks its components with findings or located errors, never a crash.

Kinds (`pnp.kinds`, `pnp.kinds.Kind`): each one provides every hook, says the
name it is registered under, has a model whose JSON Schema names its kind, and
declares exactly the `pnp build` flags it reads.

Export targets (`pnp.exports`, `pnp.export.target.ExportTarget`): each one
exports the cave game into its own folder and nowhere else.
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
    assert failed.exit_code == 1 and f"{renames[file]}:{findings[0].pos.line}:{findings[0].pos.col}: {rule}:" in failed.output


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


# --------------------------------------------------------------------------- kinds

from pnp.kinds import Kind, KindOption, build_options, kind_module, kind_names  # noqa: E402
from pnp.kinds.kind import HOOKS as KIND_HOOKS  # noqa: E402
from pnp.plugins import PluginError  # noqa: E402

# `pnp build` flags no kind declares: where and how, not what a kind draws.
SHARED_BUILD_FLAGS = {"--paper", "--out", "--format", "--dpi", "--force", "--strict", "--quiet", "--verbose"}


def spec_kinds_in_examples() -> set[str]:
    kinds = set()
    for path in EXAMPLES.glob("*/*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "kind" in data:
            kinds.add(data["kind"])
    return kinds


def test_kind_registry_holds_every_kind_the_examples_use():
    assert spec_kinds_in_examples() and spec_kinds_in_examples() <= set(kind_names())


@pytest.mark.parametrize("name", kind_names())
def test_kind_implements_the_hooks(name):
    kind = kind_module(name)
    assert isinstance(kind, Kind)
    assert kind.KIND == name
    for hook in KIND_HOOKS:
        assert callable(getattr(kind, hook)), hook
    assert all(isinstance(opt, KindOption) for opt in kind.OPTIONS)


@pytest.mark.parametrize("name", kind_names())
def test_kind_model_schema_names_its_kind(name):
    schema = kind_module(name).MODEL.model_json_schema()
    assert "kind" in schema["properties"], schema.get("title")
    assert name in str(schema["properties"]["kind"])


def test_kind_hooks_run_on_every_bundled_component():
    """validate adds no error to a good game; rulebook_items gives Markdown lines or None."""
    seen = set()
    for game_yaml in sorted(EXAMPLES.glob("*/game.yaml")):
        game = load_game(game_yaml.parent)
        for c in game.components:
            kind = kind_module(c.kind)
            assert kind.validate(game, c.model) is None
            items = kind.rulebook_items(game, c)
            assert items is None or all(isinstance(line, str) and line for line in items)
            seen.add(c.kind)
        assert not game.errors.errors, [str(e) for e in game.errors.errors]
    assert seen == spec_kinds_in_examples()


def build_command():
    import typer

    from pnp import cli

    cli._register_commands()
    return typer.main.get_command(cli.app).commands["build"]


def test_declared_options_are_the_flags_of_pnp_build():
    """Every flag a kind declares is a `pnp build` flag with its help, default and bounds, and every
    `pnp build` flag is either declared by a kind or shared by all; each fills a BuildOptions field."""
    from dataclasses import fields

    from pnp.build import BuildOptions

    params = {opt: p for p in build_command().params for opt in p.opts if opt.startswith("--")}
    declared = {opt.flag: opt for opt in build_options()}
    assert set(params) == set(declared) | SHARED_BUILD_FLAGS
    assert not set(declared) & SHARED_BUILD_FLAGS
    option_fields = {f.name for f in fields(BuildOptions)}
    for flag, opt in declared.items():
        param = params[flag]
        assert opt.dest in option_fields, flag
        assert param.help == opt.help, flag
        assert param.default == opt.default, flag
        bounds = (getattr(param, "min", None), getattr(param, "max", None))
        assert bounds == (opt.bounds or (None, None)), flag


def test_kind_missing_a_hook_or_misnamed_is_refused(monkeypatch):
    import pnp.kinds as registry

    half = types.SimpleNamespace(KIND="half", MODEL=dict, OPTIONS=(), load=lambda *a: None, build=lambda *a: {})
    monkeypatch.setattr(registry, "load", lambda group, name: half)
    with pytest.raises(PluginError, match="does not provide validate, rulebook_items, pieces"):
        kind_module("half")
    whole = types.SimpleNamespace(**vars(half), validate=lambda *a: None, rulebook_items=lambda *a: None,
                            pieces=lambda *a: [])
    monkeypatch.setattr(registry, "load", lambda group, name: whole)
    assert kind_module("half") is whole
    with pytest.raises(PluginError, match="says it is 'half'"):
        kind_module("other")


def test_build_options_hold_enums_and_refuse_other_spellings():
    from pnp.build import BuildOptions
    from pnp.choices import Duplex, Format, Paper

    opts = BuildOptions(paper="letter", duplex="short", formats=("pdf", "svg"))
    assert (opts.paper, opts.duplex, opts.formats) == (Paper.LETTER, Duplex.SHORT, (Format.PDF, Format.SVG))
    for bad in ({"paper": "a3"}, {"duplex": "sideways"}, {"formats": ("gif",)}):
        with pytest.raises(ValueError):
            BuildOptions(**bad)


def test_no_literal_exit_codes_in_the_commands():
    """Exit codes are named once (pnp.cli) so that a command and its docs cannot drift apart."""
    import re

    import pnp

    pattern = re.compile(r"(typer\.Exit|sys\.exit)\(\s*\d")
    offenders = [f"{p.name}:{n}" for p in Path(pnp.__file__).parent.rglob("*.py")
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert offenders == []


# --------------------------------------------------------------------------- export targets

from pnp.export.target import ExportTarget, load_target, target_names  # noqa: E402


def test_export_registry_holds_the_bundled_targets():
    assert {"tts", "tgc", "mpc", "tabletopia"} <= set(target_names())


@pytest.mark.parametrize("name", target_names())
def test_export_target_follows_the_protocol(name):
    target = load_target(name)
    assert isinstance(target, ExportTarget)
    assert isinstance(target.TITLE, str) and target.TITLE
    assert {"game", "step"} <= set(inspect.signature(target.export).parameters)


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", target_names())
def test_export_target_writes_only_inside_its_folder(name, tmp_path):
    from pnp.commands.export import export_game

    game_dir = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "game" / "cave"))
    before = tree(tmp_path)
    folder, manifest = export_game(name, game_dir, tmp_path / "out")
    assert folder == tmp_path / "out" / "cave" / "export" / name
    after = tree(tmp_path)
    assert {k: v for k, v in after.items() if k in before} == before  # the game folder untouched
    new = set(after) - set(before)
    assert new and all(k.startswith(f"out/cave/export/{name}/") for k in new), sorted(new)
    assert any(k.endswith(".png") for k in new)


def test_export_unknown_target_names_the_registered_ones(run_cli, tmp_path):
    result = run_cli("export", "nowhere", EXAMPLES / "cave", "--out", tmp_path)
    assert result.exit_code == 2
    assert all(name in result.output for name in target_names())
    assert not any(tmp_path.iterdir())
