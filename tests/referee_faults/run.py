"""Apply each seeded edit to a fresh copy of its game and see what `pnp check` says.

`python -m tests.referee_faults.run` prints the caught and false-alarm rates per game."""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from pnp.errors import SpecErrors
from pnp.paths import EXAMPLES
from pnp.referee.checks import run_checks

from tests.referee_faults.faults import FAULTS, LEGAL, Edit


def outcome(edit: Edit, root: Path) -> tuple[set[str], list[str]]:
    """(rules found, finding lines) after applying EDIT to a copy of its game under ROOT."""
    game = root / f"{edit.game}-{abs(hash(edit)) % 10**8}"
    shutil.copytree(EXAMPLES / edit.game, game)
    path = game / edit.file
    text = path.read_text()
    if text.count(edit.old) < 1:
        raise AssertionError(f"{edit.game}/{edit.file}: {edit.old!r} not found")
    path.write_text(text.replace(edit.old, edit.new, 1))
    try:
        report = run_checks(game)[1]
    except SpecErrors as e:
        return {"spec-error"}, [f"{err.pos}: {err.message}" for err in e.errors]
    return {f.rule for f in report.findings}, [f"{f.pos}: {f.rule}: {f.message}" for f in report.findings]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        stats: dict[str, list[int]] = {}
        for edit in FAULTS:
            rules, lines = outcome(edit, root)
            s = stats.setdefault(edit.game, [0, 0, 0, 0, 0, 0])
            s[0] += 1
            s[1] += edit.rule in rules
            s[2] += edit.text
            s[3] += edit.text and edit.rule in rules
            if edit.rule not in rules:
                print(f"MISSED {edit.game} {edit.file} {edit.new[:50]!r}: {lines[:2]}", file=sys.stderr)
        for edit in LEGAL:
            rules, lines = outcome(edit, root)
            s = stats.setdefault(edit.game, [0, 0, 0, 0, 0, 0])
            s[4] += 1
            s[5] += bool(rules)
            if rules:
                print(f"FALSE ALARM {edit.game} {edit.file} {edit.new[:50]!r}: {lines[:2]}", file=sys.stderr)
        for game, (n, caught, t, tcaught, legal, alarms) in sorted(stats.items()):
            print(f"{game}: caught {caught}/{n} faults ({t} in text, {tcaught} caught), "
                  f"false alarms {alarms}/{legal} legal edits")


if __name__ == "__main__":
    main()
