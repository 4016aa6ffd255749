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
exports the Blorg game into its own folder and nowhere else.
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
    again = family.referee_simulate(load_game(bundled_game(name)), games=30, seed=4)   # nothing kept from the first
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


def test_the_referee_reads_the_rulebook_as_loaded_not_the_folder_later(tmp_path):
    """The words the referee reads are the game's as loaded: a rulebook changed (or swapped for a
    link out of the folder) after loading changes no finding; loaded afresh, the change is seen."""
    from pnp.referee.general import general_findings
    from pnp.referee.text import text_findings

    game_dir = shutil.copytree(bundled_game("cave"), tmp_path / "cave")
    game = load_game(game_dir)
    before = sorted(map(str, text_findings(game) + general_findings(game)))
    rules = game_dir / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("add up to **{{ quake }} or more**",
                                                                 "add up to **20 or more**"), encoding="utf-8")
    assert sorted(map(str, text_findings(game) + general_findings(game))) == before
    assert any(f.rule == "quake_at" for f in text_findings(load_game(game_dir)))
    rules.unlink()
    rules.symlink_to("/etc/passwd")
    assert sorted(map(str, text_findings(game) + general_findings(game))) == before


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
SHARED_BUILD_FLAGS = {"--paper", "--duplex", "--out", "--format", "--dpi", "--force", "--strict", "--quiet", "--verbose", "--shop",
                      "--lang", "--proof"}


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
    schema = kind_module(name).model().model_json_schema()
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


def build_flags() -> dict:
    """{flag: parameter} of `pnp build` as its help lists them (the kinds' flags included)."""
    import typer

    command = build_command()
    return {opt: p for p in command.get_params(typer.Context(command)) for opt in p.opts if opt.startswith("--")}


def test_declared_options_are_the_flags_of_pnp_build():
    """Every flag a kind declares is a `pnp build` flag with its help, default and bounds, and every
    `pnp build` flag is either declared by a kind or shared by all; the default reaches the kind."""
    from pnp.build import BuildOptions

    params = build_flags()
    declared = {opt.flag: opt for opt in build_options()}
    assert set(params) - {"--help"} == set(declared) | SHARED_BUILD_FLAGS
    assert not set(declared) & SHARED_BUILD_FLAGS
    for flag, opt in declared.items():
        param = params[flag]
        assert param.help == opt.help, flag
        assert param.default == (opt.default if opt.parse is None else None), flag
        limits = param if hasattr(param, "min") else param.type  # typer's own, or click's IntRange
        bounds = (getattr(limits, "min", None), getattr(limits, "max", None))
        assert bounds == (opt.bounds or (None, None)), flag
        assert getattr(BuildOptions(), opt.dest) == opt.default, flag


def test_a_kind_option_given_reaches_the_build_options_parsed(run_cli, tmp_path, monkeypatch):
    """What a flag of a kind says arrives in BuildOptions as the kind's parsed value; a value its
    parser refuses is a usage error naming the flag; options not given keep their defaults."""
    import pnp.commands.build as command

    seen = []
    monkeypatch.setattr(command, "_build_each", lambda games, options, quiet, verbose: seen.append(options))
    game = shutil.copytree(EXAMPLES / "cave", tmp_path / "cave")
    run_cli("build", str(game), "--back-offset", "1,-2", "--gutter", "3mm", "--count", "4", "--booklet")
    options = seen[-1]
    assert options.back_offset == pytest.approx((72 / 25.4, -2 * 72 / 25.4))
    assert (options.gutter, options.count, options.booklet, options.sets) == ("3mm", 4, True, None)
    assert dict(options.kind_values) == {"back_offset": options.back_offset, "gutter": "3mm", "count": 4,
                                         "booklet": True}
    refused = run_cli("build", str(game), "--back-offset", "1")
    assert refused.exit_code == 2 and "--back-offset" in refused.output and "X,Y" in refused.output
    with pytest.raises(TypeError, match="cuont"):
        type(options)(cuont=3)


def test_options_not_given_leave_the_input_hash_as_it_was():
    """The hash of a build reads only the kind options given, so a kind added later (or a default
    moved into its kind) does not make every earlier build look out of date."""
    from pnp.build import BuildOptions
    from pnp.fingerprint import options_stamp

    assert options_stamp(BuildOptions()) == options_stamp(BuildOptions(paper=None))
    assert options_stamp(BuildOptions()) != options_stamp(BuildOptions(count=2))
    assert options_stamp(BuildOptions(count=2)) == options_stamp(BuildOptions(kind_values=(("count", 2),)))


def test_two_kinds_declaring_one_flag_are_refused(monkeypatch):
    import pnp.kinds as registry

    twice = KindOption("--count", "count", int, 1, "again")
    monkeypatch.setattr(registry, "build_options", lambda: [*build_options(), twice])
    registry.declared_options.cache_clear()
    try:
        with pytest.raises(PluginError, match="--count"):
            registry.declared_options()
    finally:
        monkeypatch.undo()
        registry.declared_options.cache_clear()


THIRD_PARTY_KIND = """
from pydantic import BaseModel
from typing import Literal

from pnp.kinds.kind import Counted, KindOption


class Stamp(BaseModel):
    kind: Literal["stamp"]
    word: str


KIND = "stamp"
OPTIONS = (KindOption("--stamp-times", "stamp_times", int, 1, "How often the stamp repeats its word.", (1, 9)),)
SHARED = False
RULEBOOK_NAME = None
OFFERS = frozenset()


def model():
    return Stamp


def load(game, path, raw):
    return Stamp(**raw)


def validate(game, model):
    return None


def build(game, components, options):
    words = " ".join(c.model.word for c in components)
    return {"stamp.txt": ((words + "\\n") * options.stamp_times).encode()}


def rulebook_items(game, component):
    return None


def rulebook_view(game, component):
    return {"word": component.model.word}


def pieces(game, component):
    return []


def counted(game, component):
    return [Counted(component.model.word, 1)]
"""


def test_a_kind_from_another_package_brings_its_spec_kind_and_its_flag(tmp_path):
    """An installed package (here a dist-info folder on PYTHONPATH, as pip leaves one) registers a
    kind in `pnp.kinds`: pnp finds it, loads its spec files, shows and reads its flag."""
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    (site / "pnp_stamp-1.0.dist-info").mkdir(parents=True)
    (site / "pnp_stamp-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: pnp-stamp\nVersion: 1.0\n")
    (site / "pnp_stamp-1.0.dist-info" / "entry_points.txt").write_text("[pnp.kinds]\nstamp = pnp_stamp\n")
    (site / "pnp_stamp.py").write_text(THIRD_PARTY_KIND)
    game = shutil.copytree(EXAMPLES / "blob", tmp_path / "blob")
    (game / "stamp.yaml").write_text("kind: stamp\nword: blorp\n")
    spec = (game / "game.yaml").read_text()
    assert "components:\n  - sheet.yaml\n" in spec
    (game / "game.yaml").write_text(spec.replace("components:\n  - sheet.yaml\n", "components:\n  - sheet.yaml\n  - stamp.yaml\n"))
    env = {**os.environ, "PYTHONPATH": str(site)}

    def pnp(*args):
        return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)

    shown = pnp("build", "--help")
    assert "--stamp-times" in shown.stdout and "How often the stamp repeats its word." in shown.stdout
    built = pnp("build", str(game), "--out", "out", "--stamp-times", "3")
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "blob" / "stamp.txt").read_text() == "blorp\n" * 3
    refused = pnp("build", str(game), "--out", "out", "--stamp-times", "10")
    assert refused.returncode == 2 and "--stamp-times" in refused.stderr and "Traceback" not in refused.stderr
    checked = pnp("check", str(game))
    assert checked.returncode == 0 and "Traceback" not in checked.stderr, checked.stdout + checked.stderr


def test_kind_missing_a_hook_or_misnamed_is_refused(monkeypatch):
    import pnp.kinds as registry

    half = types.SimpleNamespace(KIND="half", model=lambda: dict, OPTIONS=(), load=lambda *a: None, build=lambda *a: {})
    monkeypatch.setattr(registry, "load", lambda group, name: half)
    with pytest.raises(PluginError, match="does not provide SHARED, RULEBOOK_NAME, OFFERS, validate, rulebook_items, rulebook_view, pieces, counted"):
        kind_module("half")
    whole = types.SimpleNamespace(**vars(half), SHARED=False, RULEBOOK_NAME=None, validate=lambda *a: None,
                                  rulebook_items=lambda *a: None, rulebook_view=lambda *a: None, pieces=lambda *a: [],
                                  OFFERS=frozenset(), counted=lambda *a: [])
    monkeypatch.setattr(registry, "load", lambda group, name: whole)
    assert kind_module("half") is whole
    with pytest.raises(PluginError, match="says it is 'half'"):
        kind_module("other")


def test_build_options_hold_enums_and_refuse_other_spellings():
    from pnp.build import BuildOptions
    from pnp.choices import Duplex, Format, Paper

    opts = BuildOptions(paper="letter", duplex="short", formats=("pdf", "svg"))
    assert (opts.paper, opts.duplex, opts.formats) == (Paper.LETTER, Duplex.SHORT, (Format.PDF, Format.SVG))
    for bad in ({"paper": "a2"}, {"duplex": "sideways"}, {"formats": ("gif",)}):  # A3 is a paper since 3a340fb
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
    assert {"tts", "cgs", "tgc", "mpc", "tabletopia"} <= set(target_names())


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

    # the smallest bundled deck: where files go does not depend on how many cards there are
    game_dir = Path(shutil.copytree(EXAMPLES / "blorg", tmp_path / "game" / "blorg"))
    before = tree(tmp_path)
    folder, manifest = export_game(name, game_dir, tmp_path / "out")
    assert folder == tmp_path / "out" / "blorg" / "export" / name
    after = tree(tmp_path)
    assert {k: v for k, v in after.items() if k in before} == before  # the game folder untouched
    new = set(after) - set(before)
    assert new and all(k.startswith(f"out/blorg/export/{name}/") for k in new), sorted(new)
    assert any(k.endswith(".png") for k in new)


def test_export_unknown_target_names_the_registered_ones(run_cli, tmp_path):
    result = run_cli("export", "nowhere", EXAMPLES / "cave", "--out", tmp_path)
    assert result.exit_code == 2
    assert all(name in result.output for name in target_names())
    assert not any(tmp_path.iterdir())
