"""Shared fixtures: a small game written into a temporary folder, and the CLI run in-process."""
from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

# pikepdf (a dependency since the print-shop files) brings lxml, and openpyxl, which the tests use to
# write workbooks, then writes them through lxml in another form than the tests' workbook surgery
# expects (namespace prefixes, cached values). Keep openpyxl on its own writer, as before.
os.environ.setdefault("OPENPYXL_LXML", "False")

MINI_GAME = """\
title: Mini
players: 1
components: [cards.yaml]
"""

MINI_DECK = """\
kind: deck
name: mini
size: poker
layout: face
fields:
  name: {type: text, required: true}
  power: {type: int, min: 0, max: 9, default: 0}
  icons: {type: icons}
layouts:
  face:
    background: "#fff3e0"
    boxes:
      frame: {type: shape, shape: rounded, x: 2mm, y: 2mm, width: 59mm, height: 84mm, stroke: black, stroke_width: 1pt}
      title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm, font: sans-bold, size: 14pt, align: center}
      body: {text: "Power **{{ power }}** :star:", x: 5mm, y: 40mm, width: 53mm, height: 20mm, size: 9pt}
      row: {type: icons, icons: icons, x: 5mm, y: 70mm, width: 53mm, height: 8mm, align: center}
  back:
    background: "#263238"
    boxes:
      mark: {type: image, src: "icon:star", x: 16.5mm, y: 29mm, width: 30mm, height: 30mm, color: white}
back:
  layout: back
cards:
"""


def write_game(root: Path, cards: int = 11, deck_extra: str = "", card_lines: str | None = None) -> Path:
    """A game folder with a poker deck of `cards` cards (single entries, shared back)."""
    game = root / "mini"
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(MINI_GAME)
    lines = card_lines if card_lines is not None else "".join(
        f"  - {{id: c{i}, fields: {{name: Card {i}, power: {i % 10}, icons: [star, circle]}}}}\n" for i in range(cards))
    (game / "cards.yaml").write_text(MINI_DECK.replace("cards:\n", deck_extra + "cards:\n") + lines)
    return game


@pytest.fixture
def mini_game(tmp_path: Path) -> Path:
    return write_game(tmp_path)


class CliResult:
    def __init__(self, code: int, output: str):
        self.exit_code = code
        self.output = output


@pytest.fixture
def run_cli():
    """Run `pnp ARGS…` in-process; returns exit code and combined output."""
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    runner = CliRunner()

    def run(*args: str) -> CliResult:
        result = runner.invoke(cli.app, [str(a) for a in args])
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        return CliResult(result.exit_code, result.output)

    return run


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@pytest.fixture
def cave_copy(tmp_path: Path) -> Path:
    """A private copy of the bundled cave game to break."""
    import shutil

    from pnp.paths import EXAMPLES

    return Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "cave"))


def mutate(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a file by `new` (which must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, fragment: str) -> int:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if fragment in line:
            return n
    raise AssertionError(f"{fragment!r} not in {path}")
