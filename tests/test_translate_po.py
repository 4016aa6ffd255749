"""A translator's round trip: `pnp translate export` → a PO file filled by a script → `pnp translate
import` → the build's PDFs byte for byte those of translations written by hand; the PO file read by
babel and passed by gettext's `msgfmt --check`; an untouched round trip changes no file."""
from __future__ import annotations

import csv
import hashlib
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from editionstarter import filled_po

from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.scaffold import create
from pnp.translate.workflow import export, import_po, status


def _digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _strip(game: Path, lang: str) -> None:
    """Take every `lang` translation out of a game folder, as if it had never been translated."""
    for spec in game.glob("*.yaml"):
        text = spec.read_text(encoding="utf-8")
        text = re.sub(rf"(?m)^[ \t]*\w+@{lang}:.*\n", "", text)  # block keys, one line each
        text = re.sub(rf",\s*\w+@{lang}:\s*(?:\"[^\"]*\"|[^,}}\n]*)", "", text)  # keys in {…} mappings
        spec.write_text(text, encoding="utf-8")
    rows = list(csv.reader(io.StringIO((game / "cards.csv").read_text(encoding="utf-8"), newline="")))
    keep = [i for i, h in enumerate(rows[0]) if not h.endswith(f"@{lang}")]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[r[i] for i in keep] for r in rows])
    (game / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    (game / f"rules.{lang}.md").unlink()


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """(by hand, to translate): the editions starter as written, and the same with its German taken out."""
    base = tmp_path_factory.mktemp("po")
    create("lantern", base / "hand", template="editions")
    create("lantern", base / "script", template="editions")
    _strip(base / "script" / "lantern", "de")
    return base / "hand" / "lantern", base / "script" / "lantern", base


def test_the_po_file_reads_in_babel_and_passes_msgfmt(games):
    hand, _, base = games
    data, count, done = export(hand, "de")
    catalog = read_po(io.BytesIO(data))
    messages = [m for m in catalog if m.id]
    assert len(messages) == count >= 40 and done == sum(1 for m in messages if m.string) >= count - 2
    assert str(catalog.locale) == "de" and catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    by_context = {m.context: m for m in messages}
    lamp = by_context["cards.csv lamp name"]
    assert lamp.id == "Lamplighter" and lamp.string == "Laternenanzünderin" and lamp.locations == [("cards.csv", 2)]
    notes = " ".join(lamp.auto_comments)  # babel wraps a long note over two comment lines
    assert "box 'title' of layout 'front': 51 × 14 mm at 14 pt" in notes and "characters fit" in notes
    assert by_context["board.yaml locations.spice.name"].string == "Gewürzstand"
    assert by_context["rules.md ¶4"].id.startswith("## Setup") and by_context["rules.md ¶4"].locations == [("rules.md", 9)]
    assert len(by_context) == len(messages)  # every context names one text
    assert export(hand, "de")[0] == data  # the same game, the same bytes
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed here (.ci/run installs it)")
    po = base / "hand.de.po"
    po.write_bytes(data)
    checked = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert f"{done} translated message" in checked.stderr


def test_an_untouched_round_trip_changes_no_file(games, tmp_path):
    hand, _, _ = games
    before = _digests(hand)
    po = tmp_path / "de.po"
    done = subprocess.run([sys.executable, "-m", "pnp", "translate", "export", str(hand), "--lang", "de",
                           "--out", str(po)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    imported = import_po(hand, po, None)  # the language is read from the file
    assert imported.changed == [] and imported.problems == [] and imported.translations > 40
    assert _digests(hand) == before


def test_translations_filled_by_a_script_build_the_pdfs_hand_written_keys_build(games, tmp_path):
    hand, script, _ = games
    po = tmp_path / "filled.de.po"
    before = filled_po(hand, script, "de", po)
    assert all(not string for string in before)  # nothing German left in the stripped copy
    first = import_po(script, po, "de")
    assert set(first.changed) >= {"cards.csv", "cards.yaml", "board.yaml", "rules.de.md", "game.yaml"}
    assert import_po(script, po, "de").changed == []  # imported twice: the second time changes nothing
    assert [t.context for t in status(script, "de")[1]] == [t.context for t in status(hand, "de")[1]]
    outs = []
    for game in (hand, script):
        out = tmp_path / ("out-" + game.parent.name)
        result = build_game(game, BuildOptions(out=out, lang="de"))
        assert not [w for w in result.warnings if "no de translation" in w.message]
        outs.append(out / "lantern" / "de")
    pdfs = sorted(p.name for p in outs[0].glob("*.pdf"))
    assert {"cards.pdf", "rulebook.pdf", "board-poster.pdf", "dice-nets.pdf", "tokens.pdf", "sheet.pdf"} <= set(pdfs)
    for name in pdfs:
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def test_status_lists_what_is_left_at_its_place(games):
    hand, _, _ = games
    lang, left, total = status(hand, "de")
    assert lang == "de" and total > 40
    assert left == []  # "# Lantern" is the same in both rulebooks: the game's title, kept (counted as translated)
    assert [(t.file, t.line, t.context) for t in status(hand, "ja")[1]] == []


@pytest.mark.parametrize("lang, says", [("fr", "add it to `languages:` first"), ("DE", "did you mean 'de'?"),
                                        ("en", "the language the game is written in")])
def test_a_language_the_game_does_not_translate_into_is_refused_at_languages(games, lang, says):
    hand, _, _ = games
    with pytest.raises(SpecErrors) as e:
        export(hand, lang)
    assert says in e.value.errors[0].message and e.value.errors[0].pos.path.endswith("game.yaml")


def test_a_po_file_that_is_not_one_is_a_located_error(games, tmp_path):
    hand, _, _ = games
    bad = tmp_path / "bad.po"
    bad.write_text('msgid "a"\nmsgstr "b"\nmsgid "a"\nthis is not PO\n', encoding="utf-8")
    with pytest.raises(SpecErrors) as e:
        import_po(hand, bad, "de")
    assert e.value.errors[0].pos.path.endswith("bad.po") and "babel" in e.value.errors[0].message
    stale = tmp_path / "stale.po"
    stale.write_text('msgid ""\nmsgstr "Language: de\\n"\n\nmsgctxt "cards.csv lamp name"\nmsgid "Lamp man"\n'
                     'msgstr "Lampenmann"\n\nmsgctxt "cards.csv nobody name"\nmsgid "X"\nmsgstr "Y"\n', encoding="utf-8")
    before = _digests(hand)
    imported = import_po(hand, stale, None)
    assert imported.changed == [] and len(imported.problems) == 2 and _digests(hand) == before
    assert "source text changed" in imported.problems[0] and "no such text" in imported.problems[1]


def test_a_po_file_of_another_game_is_one_warning_not_one_a_message(games, tmp_path):
    """Messages the game does not have (a file of another game or version) are named in one warning, the first
    few by name: 2,000 of them printed a line each."""
    hand, _, _ = games
    other = tmp_path / "other.po"
    other.write_text('msgid ""\nmsgstr "Language: de\\n"\n\n' + "".join(
        f'msgctxt "elsewhere {i}"\nmsgid "a"\nmsgstr "b"\n\n' for i in range(2000)), encoding="utf-8")
    before = _digests(hand)
    imported = import_po(hand, other, None)
    assert imported.changed == [] and _digests(hand) == before
    (problem,) = imported.problems
    assert "'elsewhere 0'" in problem and "and 1,995 more" in problem and "no such text" in problem
