"""The frictions of a designer's first day (issue 52): quiet libraries, the game's own name in
messages, one message for one mistake, colours with alpha, keys that have their effect."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import write_game
from fontmaker import make_font


def _os2_v3_with_v4_bits() -> bytes:
    """A font whose OS/2 table is version 3 but sets fsSelection bit 7 (USE_TYPO_METRICS), defined from
    version 4 on: fontTools logs a warning each time it reads that table, as with many foundries' fonts."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(make_font("Card 0123456789Powr*")))
    font["OS/2"].version = 3
    font["OS/2"].fsSelection |= 1 << 7
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _pnp(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """The installed command, as a designer runs it (its own process: no test harness's log handlers)."""
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, env={**os.environ, **env},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def test_a_fonts_os2_table_note_from_fonttools_never_reaches_the_designer(tmp_path):
    game = write_game(tmp_path, cards=3)
    (game / "fonts").mkdir()
    (game / "fonts" / "Old.ttf").write_bytes(_os2_v3_with_v4_bits())
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "fonts:\n  Old Face: fonts/Old.ttf\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("font: sans-bold, size: 14pt", "font: Old Face, size: 14pt"))
    # the SVG output subsets the face with fontTools, which reads its OS/2 table
    args = ["build", str(game), "--out", str(tmp_path / "out"), "--format", "pdf,svg"]
    quiet = _pnp(args, tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    lines = (quiet.stdout + quiet.stderr).splitlines()
    assert len(lines) == 1 and lines[0].startswith("✓ mini:"), lines
    # the same build with the libraries' records let through: the font does make fontTools speak
    loud = _pnp(args[:-2] + ["--format", "svg"], tmp_path, PNP_LIBRARY_LOGS="1")
    assert "fsSelection bits 7, 8 and 9" in loud.stderr


def test_validate_in_the_games_folder_names_the_game(tmp_path, run_cli, monkeypatch):
    game = write_game(tmp_path / "Harbour Lights", cards=2)
    monkeypatch.chdir(game)
    result = run_cli("validate")
    assert result.exit_code == 0, result.output
    assert "✓ mini: valid" in result.output
    assert "✓ .:" not in result.output
