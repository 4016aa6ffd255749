"""Coverage counts every printed text: a deck no language translates is not "100 % translated", and
each of its texts left in the source language is one located warning per edition."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from pnp.game import load_game
from pnp.models.edition import Edition, editing
from pnp.scaffold import create


@pytest.fixture(scope="module")
def untranslated_deck(tmp_path_factory) -> Path:
    """The editions starter (cards and rules) with its card table stripped of every translation column."""
    base = tmp_path_factory.mktemp("coverage")
    create("lantern", base, template="editions")
    game = base / "lantern"
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    for kept_out in ("board.yaml", "tokens.yaml", "sheet.yaml", "dice.yaml"):
        spec = spec.replace(f"  - {kept_out}\n", "")
    assert "\ncredits:" not in spec
    spec += "credits: [Set with pnp, Rules by you]\ncredits@de: [Gesetzt mit pnp, Regeln von dir]\n"
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    rows = list(csv.reader(io.StringIO((game / "cards.csv").read_text(encoding="utf-8"), newline="")))
    keep = [i for i, h in enumerate(rows[0]) if "@" not in h]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[r[i] for i in keep] for r in rows])
    (game / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    return game


def _starts(line: str) -> list[int]:
    """Where each cell of a CSV line starts (0-based), a comma inside quotes being the cell's own."""
    starts, quoted = [0], False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            starts.append(i + 1)
    return starts


def _load(game: Path, lang: str):
    with editing(Edition(lang, "en", ("en", "de", "ar", "ja"))):
        return load_game(game)


def test_a_deck_no_language_translates_is_counted_and_warned_cell_by_cell(untranslated_deck):
    loaded = _load(untranslated_deck, "de")
    told = [w for w in loaded.errors.warnings if w.message.startswith("no de translation of")]
    cells = [w for w in told if w.pos.path.endswith("cards.csv")]
    lines = (untranslated_deck / "cards.csv").read_text(encoding="utf-8").splitlines()
    header, rows = lines[0].split(","), len(lines) - 1
    assert rows == 6 and len(cells) == 2 * rows  # six rows of cards, each a name and a text
    assert {(w.pos.line, w.pos.col) for w in cells} == {(row, _starts(lines[row - 1])[header.index(col)] + 1)
                                                        for row in range(2, rows + 2) for col in ("name", "text")}
    assert all("fill a 'name@de' column" in w.message or "fill a 'text@de' column" in w.message for w in cells)
    assert len({(w.pos.path, w.pos.line, w.pos.col) for w in told}) == len(told)  # one warning a text
    coverage = loaded.edition.coverage
    assert coverage.total - coverage.translated == len(told) + (0 if (untranslated_deck / "rules.de.md").exists() else 1)
    assert coverage.percent() < 80
    source = _load(untranslated_deck, "en").edition.coverage
    assert source.translated == source.total and source.total >= 12


def test_credits_translate_as_a_list(untranslated_deck):
    assert _load(untranslated_deck, "de").game.credits == ["Gesetzt mit pnp", "Regeln von dir"]
    assert _load(untranslated_deck, "en").game.credits == ["Set with pnp", "Rules by you"]
