"""The referee against seeded designer mistakes and legal-but-unusual edits (tests/referee_faults/faults.py).

Every fault must be named by the rule it breaks (or refused as a located spec error), with a finding
in the file that was edited, never at line 1 of it; every legal edit must pass. The rates over the
whole list are printed by `python -m tests.referee_faults.run`."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.referee_faults.faults import FAULTS, LEGAL
from tests.referee_faults.run import outcome


def _id(edit) -> str:
    import zlib  # a stable id (str hashes differ per process, and pytest-xdist workers must agree)

    return f"{edit.game}-{edit.file}-{edit.rule or 'legal'}-{zlib.crc32(edit.new.encode()) % 10_000}"


@pytest.mark.parametrize("edit", FAULTS, ids=_id)
def test_a_seeded_fault_is_named_where_it_was_made(edit, tmp_path):
    rules, lines = outcome(edit, tmp_path)
    assert edit.rule in rules, lines
    where = edit.at or edit.file
    mine = [line for line in lines if f"/{where}:" in line and (edit.rule == "spec-error" or f": {edit.rule}:" in line)]
    assert mine, f"no finding in {where}: {lines}"
    assert not any(f"/{where}:1:1:" in line for line in mine), mine


@pytest.mark.parametrize("edit", LEGAL, ids=_id)
def test_a_legal_edit_passes(edit, tmp_path):
    rules, lines = outcome(edit, tmp_path)
    assert not rules, lines


def test_a_third_of_the_faults_are_in_text_and_each_game_has_fifteen():
    for game in ("blob", "blorg", "cave", "miskatonic"):
        mine = [e for e in FAULTS if e.game == game]
        assert len(mine) >= 15 and 3 * sum(e.text for e in mine) >= len(mine), game
    assert Path(__file__).with_name("referee_faults").is_dir()
