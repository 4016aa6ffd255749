"""`pnp validate` is `pnp build` minus writing: it passes exactly when the build would, and
`--strict` turns warnings into errors in both."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.paths import EXAMPLES
from pnp.validate_game import validate_game

from test_property_specs import MUTATIONS, ORIGINAL, game_copies, mutated


def pnp(*args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_a_rulebook_mistake_fails_validate_where_the_build_fails(tmp_path):
    game = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "cave"))
    rules = game / "rules.md"
    rules.write_text(rules.read_text() + "\n\nThe quake comes at {{ quake_att }}.\n")
    built, validated = pnp("build", game, "--out", "out", cwd=tmp_path), pnp("validate", game, cwd=tmp_path)
    assert built.returncode == validated.returncode == 2
    located = [line for line in validated.stderr.splitlines() if "rules.md:" in line and "quake_att" in line]
    assert located and located[0].split(": ")[0] in built.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def _overflowing(tmp_path) -> Path:
    game = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "cave"))
    items = game / "items.csv"
    lines = items.read_text().splitlines()
    header, first = lines[0].split(","), lines[1]
    assert "name" in header
    lines[1] = first.replace(first.split(",")[header.index("name")], "Word " * 60, 1)
    items.write_text("\n".join(lines) + "\n")
    return game


def test_strict_turns_warnings_into_errors_and_writes_nothing(tmp_path):
    game = _overflowing(tmp_path)
    plain = pnp("build", game, "--out", "out", cwd=tmp_path)
    assert plain.returncode == 0 and "warning" in plain.stderr
    assert "(--strict makes them errors)" in plain.stdout
    strict = pnp("build", game, "--out", "strict-out", "--strict", cwd=tmp_path)
    assert strict.returncode == 2 and "an error with --strict" in strict.stderr
    assert not (tmp_path / "strict-out" / "cave").exists()
    assert pnp("validate", game, cwd=tmp_path).returncode == 0
    assert pnp("validate", game, "--strict", cwd=tmp_path).returncode == 2


def _outcome(run) -> tuple[bool, list[str]]:
    try:
        run()
        return True, []
    except SpecErrors as e:
        return False, sorted(f"{err.pos}: {err.message}" for err in e.errors)


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mutation=MUTATIONS)
def test_validate_passes_exactly_when_build_succeeds(tmp_path_factory, mutation):
    base = game_copies(tmp_path_factory, "same")
    name, text = mutated(mutation)
    if text is None:
        return
    game = base / name.split("/")[0]
    try:
        (base / name).write_text(text, encoding="utf-8", errors="surrogatepass")
        valid, v_errors = _outcome(lambda: validate_game(game))
        built, b_errors = _outcome(lambda: build_game(game, BuildOptions(out=base / "out", force=True)))
        assert valid == built, (v_errors, b_errors)
        assert v_errors == b_errors
    finally:
        (base / name).write_text(ORIGINAL[name])


def test_a_declared_check_that_cannot_be_evaluated_fails_validate_and_build(tmp_path):
    game = Path(shutil.copytree(EXAMPLES / "blob", tmp_path / "blob"))
    spec = game / "game.yaml"
    text = spec.read_text()
    assert ".tracks.rounds" in text
    spec.write_text(text.replace(".tracks.rounds", ".trackz.rounds", 1))
    validated = pnp("validate", game, cwd=tmp_path)
    built = pnp("build", game, "--out", "out", cwd=tmp_path)
    assert validated.returncode == built.returncode == 2
    assert "game.yaml:" in validated.stderr and "trackz" in validated.stderr
    assert not (tmp_path / "out" / "blob").exists()
