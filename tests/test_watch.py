"""`pnp watch` and builds with a unit cache: a change to one component rebuilds that component only."""
from __future__ import annotations

import json
import shutil
import types
from pathlib import Path
from typing import Literal

import pytest

import pnp.fingerprint
import pnp.kinds
from pnp.build import BuildOptions, build_game
from pnp.buildcache import CACHE_NAME, UnitCache
from pnp.models.types import Spec
from pnp.models.validate import validate


class Note(Spec):
    kind: Literal["note"]
    text: str


@pytest.fixture
def calls(monkeypatch):
    """Kinds with a build-call log: the real deck and layouts plus a tiny `note` kind; pnp's code stamp fixed.

    Fixing the stamp keeps the test about component hashes: other people editing pnp's
    sources while the tests run would otherwise (rightly) invalidate every unit.
    """
    log: list[str] = []
    real_names, real_module = pnp.kinds.kind_names, pnp.kinds.kind_module
    note = types.SimpleNamespace(KIND="note", model=lambda: Note, OPTIONS=(), SHARED=False,
                                 load=lambda game, path, raw: validate(Note, raw, game.errors),
                                 build=lambda game, comps, opts: {"note.txt": "\n".join(c.model.text for c in comps)},
                                 pieces=lambda game, component: [])

    def module(name):
        mod = note if name == "note" else real_module(name)

        def build(game, comps, opts):
            log.append(name)
            return mod.build(game, comps, opts)

        return types.SimpleNamespace(KIND=mod.KIND, model=mod.model, OPTIONS=mod.OPTIONS, SHARED=mod.SHARED, load=mod.load,
                                     build=build, pieces=mod.pieces)

    monkeypatch.setattr(pnp.kinds, "kind_names", lambda: sorted(real_names() + ["note"]))
    monkeypatch.setattr(pnp.kinds, "kind_module", module)
    monkeypatch.setattr(pnp.fingerprint, "tool_fingerprint", lambda: "fixed")
    return log


def build_incremental(game, opts):
    return build_game(game, opts, cache=UnitCache())


def make_game(root: Path) -> Path:
    game = root / "g"
    game.mkdir()
    (game / "game.yaml").write_text("title: G\nplayers: 2\ncomponents: [layouts.yaml, deck.yaml, note.yaml]\n")
    (game / "layouts.yaml").write_text("kind: layouts\nlayouts:\n  face:\n    background: red\n"
                                       "    boxes:\n      n: {text: '{{ n }}', size: 20pt, x: 5mm, y: 5mm, width: 53mm, height: 78mm}\n")
    (game / "deck.yaml").write_text("kind: deck\nname: d\nsize: poker\nlayout: face\ndata: rows.csv\n"
                                    "fields:\n  n: {type: int}\n")
    (game / "rows.csv").write_text("id,n\na,1\nb,2\n")
    (game / "note.yaml").write_text("kind: note\ntext: hello\n")
    return game


def test_change_to_one_component_rebuilds_it_only(tmp_path, calls):
    game = make_game(tmp_path)
    opts = BuildOptions(out=tmp_path / "out")
    first = build_incremental(game, opts)
    assert first.rebuilt == ["layouts", "deck", "note"] and not first.reused
    out = tmp_path / "out" / "g"
    cache = json.loads((out / CACHE_NAME).read_text())
    assert set(cache["units"]) == {"layouts", "deck", "note"}
    assert "cards.pdf" in cache["units"]["deck"]["outputs"]
    assert cache["units"]["deck"]["components"].keys() == {"deck.yaml"}

    calls.clear()
    again = build_incremental(game, opts)
    assert again.rebuilt == [] and again.written == [] and calls == []

    pdf_mtime = (out / "cards.pdf").stat().st_mtime_ns
    (game / "note.yaml").write_text("kind: note\ntext: changed\n")
    after_note = build_incremental(game, opts)
    assert calls == ["note"] and after_note.rebuilt == ["note"]
    assert after_note.reused == ["layouts", "deck"] and after_note.written == ["note.txt"]
    assert (out / "note.txt").read_text() == "changed"
    assert (out / "cards.pdf").stat().st_mtime_ns == pdf_mtime  # untouched

    calls.clear()
    (game / "rows.csv").write_text("id,n\na,1\nb,3\n")  # data the deck names: the deck's input
    after_csv = build_incremental(game, opts)
    assert calls == ["deck"] and after_csv.reused == ["layouts", "note"]

    calls.clear()
    (game / "layouts.yaml").write_text((game / "layouts.yaml").read_text().replace("red", "blue"))
    after_layouts = build_incremental(game, opts)  # any kind may use the shared layouts
    assert calls == ["layouts", "deck", "note"] and after_layouts.reused == []

    manifest = json.loads((out / "manifest.json").read_text())
    assert [f["file"] for f in manifest["files"]] == ["calibration.pdf", "cards-printshop.pdf", "cards.pdf", "note.txt"]


def test_missing_output_or_new_code_rebuilds(tmp_path, calls, monkeypatch):
    game = make_game(tmp_path)
    opts = BuildOptions(out=tmp_path / "out")
    build_incremental(game, opts)
    calls.clear()
    (tmp_path / "out" / "g" / "note.txt").unlink()
    assert build_incremental(game, opts).rebuilt == ["note"]
    monkeypatch.setattr(pnp.fingerprint, "tool_fingerprint", lambda: "pnp changed")
    assert build_incremental(game, opts).rebuilt == ["layouts", "deck", "note"]


def test_many_files_beside_a_large_spec_cost_no_time_to_hash(tmp_path, calls):
    """Each file of the folder was searched for in each component's text: 2,000 files beside a note of 4 MB
    took 41 s on every save (50,000: many minutes). Past a budget the component counts as reading every file."""
    from workbound import cpu_seconds

    from pnp.buildcache import component_hashes
    from pnp.fingerprint import read_inputs
    from pnp.game import load_game

    game = make_game(tmp_path)
    (game / "note.yaml").write_text("kind: note\ntext: " + "x" * 4_000_000 + "\n")
    (game / "junk").mkdir()
    for i in range(2_000):
        (game / "junk" / f"f{i:05d}.txt").write_text("")
    loaded, opts = load_game(game), BuildOptions(out=tmp_path / "out")
    with cpu_seconds() as spent:  # processor time, not the clock: a busy machine must not fail this
        before = component_hashes(loaded, opts, read_inputs(game))
    print(f"hashed after {spent.seconds:.2f} processor seconds")
    assert spent.seconds < 60, spent.seconds  # a hang guard; what shows the budget is taken is the next lines
    (game / "junk" / "f01234.txt").write_text("changed")
    after = component_hashes(loaded, opts, read_inputs(game))
    # the note names no junk file: only a component counted as reading every file (the budget, not the
    # 41 s search of its text for each name) changes with one
    assert after["note.yaml"] != before["note.yaml"]  # never a missed change
    assert after["deck.yaml"] == before["deck.yaml"]  # a small spec is still searched


def test_watch_loop_builds_on_change_and_reports_errors(tmp_path, calls):
    from pnp.commands.watch import watch_loop

    game = make_game(tmp_path)
    seen = []
    edits = iter([
        lambda: None,  # nothing changed: no build
        lambda: (game / "note.yaml").write_text("kind: note\ntext: second\n"),
        lambda: (game / "note.yaml").write_text("kind: note\ntxet: oops\n"),
        lambda: (game / "note.yaml").write_text("kind: note\ntext: fixed\n"),
    ])
    builds = watch_loop(game, BuildOptions(out=tmp_path / "out"), interval=0,
                        on_build=lambda r, e: seen.append(r.rebuilt if r else [f"{x.pos}: {x.message}" for x in e.errors]),
                        sleep=lambda s: next(edits)(), max_builds=4)
    assert builds == 4
    assert seen[0] == ["layouts", "deck", "note"] and seen[1] == ["note"]
    assert any("note.yaml:2:1" in e and "txet" in e for e in seen[2])  # located errors
    assert seen[3] == ["note"]


def test_watch_command_once_and_ctrl_c(tmp_path, calls, monkeypatch):
    from typer.testing import CliRunner

    from pnp.cli import _register_commands, app

    _register_commands()
    game = make_game(tmp_path)
    out = tmp_path / "out"
    once = CliRunner().invoke(app, ["watch", str(game), "--out", str(out), "--once"])
    assert once.exit_code == 0, once.output
    assert "rebuilt layouts, deck, note" in once.output and "\n" not in once.output.strip()

    def interrupt(seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr("time.sleep", interrupt)
    stopped = CliRunner().invoke(app, ["watch", str(game), "--out", str(out), "--interval", "0.1"])
    assert stopped.exit_code == 0 and "reused layouts, deck, note" in stopped.output
    assert stopped.output.strip().endswith("stopped")


def test_watch_survives_every_kind_of_broken_save(tmp_path, calls, monkeypatch):
    """Spec errors, a binary file, a deleted game.yaml, a crash inside a kind and an output folder that
    cannot be written are each reported; the last good outputs stay; the next good save builds."""
    from pnp.commands.watch import watch_loop
    from pnp.errors import SpecErrors
    from pnp.output import OutputError

    game = make_game(tmp_path)
    out = tmp_path / "out"
    good_yaml = (game / "game.yaml").read_text()
    real_module = pnp.kinds.kind_module

    def crashing(name):
        mod = real_module(name)
        if name != "note":
            return mod

        def build(g, comps, opts):
            if any(c.model.text == "boom" for c in comps):
                raise RuntimeError("a bug in a kind")
            return mod.build(g, comps, opts)

        return types.SimpleNamespace(KIND=mod.KIND, model=mod.model, OPTIONS=mod.OPTIONS, SHARED=mod.SHARED, load=mod.load,
                                     build=build, pieces=mod.pieces)

    monkeypatch.setattr(pnp.kinds, "kind_module", crashing)
    seen: list = []
    snapshots: list = []
    saves = iter([
        lambda: (game / "note.yaml").write_bytes(b"\x00\xff\xfe binary \x00"),
        lambda: (game / "game.yaml").unlink(),
        lambda: (game / "game.yaml").write_text(good_yaml),  # back, and the note is still binary
        lambda: (game / "note.yaml").write_text("kind: note\ntext: boom\n"),
        lambda: (shutil.rmtree(out), out.write_text("a file where the output folder was"),
                 (game / "note.yaml").write_text("kind: note\ntext: cannot land\n")),
        lambda: (out.unlink(), (game / "note.yaml").write_text("kind: note\ntext: good again\n")),
    ])

    def on_build(result, error):
        seen.append(error if error is not None else result)
        if error is not None and out.is_dir():
            snapshots.append({p.name: p.read_bytes() for p in (out / "g").iterdir() if p.is_file()})

    builds = watch_loop(game, BuildOptions(out=out), interval=0, on_build=on_build,
                        sleep=lambda s: next(saves)(), max_builds=7)
    assert builds == 7
    first, *broken, last = seen
    assert not isinstance(first, Exception) and (out / "g" / "note.txt").read_text() == "good again"
    assert [type(e) for e in broken] == [SpecErrors, SpecErrors, SpecErrors, RuntimeError, OutputError]
    assert "game.yaml" in str(broken[1])
    good = {p.name: p.read_bytes() for p in (out / "g").iterdir() if p.is_file()}
    assert all(s["note.txt"] == b"hello" for s in snapshots)  # every failed save left the good outputs
    assert last.rebuilt == ["layouts", "deck", "note"] and good["note.txt"] == b"good again"
