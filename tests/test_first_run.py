"""`pnp build` with no folder named does the obvious thing, and `pnp examples` lists and copies the games."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from pnp.paths import EXAMPLES

BUNDLED = sorted(p.name for p in EXAMPLES.iterdir() if (p / "game.yaml").is_file())


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def test_the_bundled_examples_are_the_four_games():
    assert BUNDLED == ["blob", "blorg", "cave", "miskatonic"]


def test_in_a_game_folder_build_builds_that_game(tmp_path):
    game = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "my-cave"))
    result = pnp("build", cwd=game)
    assert result.returncode == 0, result.stderr
    assert (game / "output" / "my-cave" / "cards.pdf").is_file()
    assert sorted(p.name for p in (game / "output").iterdir()) == ["my-cave"]  # nothing else was built


def test_in_a_folder_with_cardspecs_build_builds_those(tmp_path):
    for name in ("blorg", "cave"):
        shutil.copytree(EXAMPLES / name, tmp_path / "cardspecs" / name)
    result = pnp("build", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["blorg", "cave"]
    assert "bundled examples" not in result.stderr


def test_elsewhere_build_builds_the_examples_and_says_where(tmp_path):
    result = pnp("build", "--out", "shelf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "shelf").iterdir()) == BUNDLED
    assert "bundled examples" in result.stderr and "shelf/" in result.stderr
    assert not list(EXAMPLES.rglob("output"))  # nothing is written into the package


def test_examples_lists_and_copies_without_overwriting(tmp_path):
    listed = pnp("examples", cwd=tmp_path)
    assert listed.returncode == 0 and all(name in listed.stdout for name in BUNDLED)
    assert pnp("examples", "copy", "cave", cwd=tmp_path).returncode == 0
    copied = tmp_path / "cardspecs" / "cave"
    assert sorted(p.name for p in copied.iterdir()) == sorted([".pnp"] + [p.name for p in (EXAMPLES / "cave").iterdir()
                                                                          if p.name != "__pycache__"])
    schema_line = (copied / "cards.yaml").read_text().splitlines()[0]
    # the editor finds the game's own copy of the schema (pnp.editorschema)
    assert (copied / schema_line.split("=", 1)[1]).resolve().is_file() and ".pnp/schema/" in schema_line
    again = pnp("examples", "copy", "cave", cwd=tmp_path)
    assert again.returncode == 2 and "never overwrites" in again.stderr
    unknown = pnp("examples", "copy", "chess", cwd=tmp_path)
    assert unknown.returncode == 2 and "no bundled example 'chess'" in unknown.stderr
    assert pnp("build", cwd=tmp_path).returncode == 0  # the copy builds as it is
