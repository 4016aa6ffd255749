"""`pnp build` of several games uses one process per core: the same bytes, the same report, the same clean stop."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from pnp.commands.parallel import workers_for
from pnp.paths import EXAMPLES
from tests.test_containment_outputs import PNP, big_game, files_under, leftovers


def games(tmp_path: Path, broken: bool = False) -> list[Path]:
    out = [Path(shutil.copytree(EXAMPLES / g, tmp_path / "games" / g)) for g in ("blob", "cave", "blorg")]
    if broken:  # the middle game fails: its errors must print between the others' lines
        (out[1] / "game.yaml").write_text((out[1] / "game.yaml").read_text() + "\nbogus_key: 1\n")
    return out


def build(args: list, jobs: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PNP_JOBS=jobs)
    return subprocess.run([*PNP, "build", "--force", *map(str, args)], capture_output=True, text=True, env=env)


@pytest.mark.skipif(workers_for(3) < 2, reason="needs two cores and fork to build in parallel")
def test_parallel_and_serial_builds_write_the_same_bytes(tmp_path):
    dirs = games(tmp_path)
    serial = build([*dirs, "--out", tmp_path / "serial"], "1")
    parallel = build([*dirs, "--out", tmp_path / "parallel"], "")
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    a, b = files_under(tmp_path / "serial"), files_under(tmp_path / "parallel")
    assert a == b and len(a) > 6
    assert serial.stdout.replace(str(tmp_path / "serial"), "X") == parallel.stdout.replace(str(tmp_path / "parallel"), "X")


@pytest.mark.skipif(workers_for(3) < 2, reason="needs two cores and fork to build in parallel")
def test_parallel_build_reports_errors_in_the_order_given(tmp_path):
    dirs = games(tmp_path, broken=True)
    serial = build([*dirs, "--out", tmp_path / "serial"], "1")
    parallel = build([*dirs, "--out", tmp_path / "parallel"], "")
    assert serial.returncode == parallel.returncode == 2
    assert "bogus_key" in parallel.stderr and parallel.stderr == serial.stderr
    assert serial.stdout.replace(str(tmp_path / "serial"), "X") == parallel.stdout.replace(str(tmp_path / "parallel"), "X")
    assert not (tmp_path / "parallel" / "cave").exists() and (tmp_path / "parallel" / "blorg").is_dir()


@pytest.mark.skipif(workers_for(2) < 2, reason="needs two cores and fork to build in parallel")
def test_sigterm_stops_every_worker_and_keeps_the_previous_outputs(tmp_path):
    dirs = [big_game(tmp_path / name, 120).rename(tmp_path / name / name) for name in ("one", "two")]
    out = tmp_path / "out"
    assert build([*dirs, "--out", out, "--format", "pdf,svg"], "").returncode == 0
    before = files_under(out)
    proc = subprocess.Popen([*PNP, "build", "--force", *map(str, dirs), "--out", str(out), "--format", "pdf,svg"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    start = time.monotonic()
    while proc.poll() is None and time.monotonic() - start < 60:
        if any(n.startswith(".pnp-staging-") for n in os.listdir(out)):
            break
        time.sleep(0.002)
    proc.send_signal(signal.SIGTERM)
    # the stop is prompt: workers that cleaned up are not waited on for their timeout (30 s each, 60 s in all
    # before the fix); the guard is far above a busy machine's stop, which takes a few seconds
    code = proc.wait(timeout=45)
    if code == 0:
        pytest.skip("the build finished before the signal")
    assert code == 128 + signal.SIGTERM
    time.sleep(0.5)  # workers were waited for; nothing may appear after the parent left
    assert leftovers(out) == [] and files_under(out) == before


@pytest.mark.parametrize("duplex", ["long", "none", "gutterfold"])
def test_print_shop_file_drawn_apart_is_the_same_bytes(tmp_path, duplex):
    """The print-shop file drawn in a second process (or, with duplex none, beside the sheets) equals a one-process build."""
    from tests.conftest import write_game

    game = write_game(tmp_path / "g", cards=30)
    serial = build([game, "--duplex", duplex, "--out", tmp_path / "serial"], "1")
    parallel = build([game, "--duplex", duplex, "--out", tmp_path / "parallel"], "")
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    assert serial.stderr == parallel.stderr
    a, b = files_under(tmp_path / "serial"), files_under(tmp_path / "parallel")
    assert a == b and "mini/cards-printshop.pdf" in a


def test_unchanged_games_are_up_to_date_and_a_changed_one_is_rebuilt(tmp_path):
    """The up-to-date look happens before any worker starts; a changed game among unchanged ones is built."""
    dirs = games(tmp_path)
    out = tmp_path / "out"
    assert build([*dirs, "--out", out], "").returncode == 0
    again = subprocess.run([*PNP, "build", *map(str, dirs), "--out", str(out)], capture_output=True, text=True)
    assert again.returncode == 0 and again.stdout.count("up to date") == 3, again.stdout
    rules = dirs[1] / "game.yaml"
    rules.write_text(rules.read_text().replace("title:", "title: New", 1))
    third = subprocess.run([*PNP, "build", *map(str, dirs), "--out", str(out)], capture_output=True, text=True)
    assert third.returncode == 0 and third.stdout.count("up to date") == 2, third.stdout
    assert "✓ cave: " in third.stdout and "files →" in third.stdout.split("✓ cave: ")[1].splitlines()[0]


@pytest.mark.skipif(workers_for(2) < 2, reason="needs two cores and fork to draw chunks in parallel")
@pytest.mark.parametrize("duplex", ["long", "gutterfold"])
def test_sheet_chunks_drawn_by_several_processes_are_the_same_bytes_and_report(run_cli, tmp_path, monkeypatch, duplex):
    """A deck's chunks drawn in worker processes give the files and warnings of one process drawing them all."""
    import pnp.draw.pdf
    from tests.conftest import write_game

    monkeypatch.setattr(pnp.draw.pdf.ChunkedPdfSurface, "pages_per_chunk", 4)  # 60 cards: several chunks
    game = write_game(tmp_path / "g", cards=60)
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Card 7", "Card seven " * 60, 1))  # a warning, from one chunk
    outputs = []
    for jobs in ("1", ""):
        monkeypatch.setenv("PNP_JOBS", jobs)
        result = run_cli("build", game, "--duplex", duplex, "--out", tmp_path / f"out{jobs}", "--force")
        assert result.exit_code == 0, result.output
        outputs.append((result.output.replace(f"out{jobs}", "out"), files_under(tmp_path / f"out{jobs}")))
    assert outputs[0] == outputs[1]
    assert "does not fit" in outputs[0][0]


def test_no_worker_is_forked_while_another_thread_runs():
    """A child forked while another thread runs could inherit a lock that thread held, locked for ever:
    with a thread alive (`pnp serve`'s server), the tasks run in this process."""
    import threading

    from pnp.workers import ordered_map, usable_cores

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert usable_cores() == 1
        assert list(ordered_map(lambda i: (i, os.getpid()), 3)) == [(i, os.getpid()) for i in range(3)]
    finally:
        stop.set()
        thread.join()


@pytest.mark.skipif(workers_for(2) < 2, reason="needs two cores and fork")
def test_tasks_are_spread_over_workers_when_this_is_the_only_thread():
    from pnp.workers import ordered_map

    results = list(ordered_map(lambda i: (i, os.getpid()), 4))
    assert [i for i, _ in results] == [0, 1, 2, 3]
    assert os.getpid() not in {pid for _, pid in results}


def test_each_chunk_measures_its_own_texts(run_cli, tmp_path, monkeypatch):
    """The caches of measured text are emptied before each chunk: a worker drawing chunk after chunk
    of a large deck holds one chunk's texts, not (up to the caches' bounds) the deck's."""
    import pnp.draw.pdf
    from pnp.draw import fonts
    from tests.conftest import write_game

    monkeypatch.setattr(pnp.draw.pdf.ChunkedPdfSurface, "pages_per_chunk", 4)  # 2 sheets, 18 cards a chunk
    monkeypatch.setenv("PNP_JOBS", "1")  # drawn here, so that this process's caches are the ones seen
    game = write_game(tmp_path / "g", cards=90)  # each card titled differently
    result = run_cli("build", game, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 0, result.output
    held = fonts._runs.cache_info().currsize
    assert 18 <= held < 90, held  # at least the last chunk's titles; never every title of the deck


@pytest.mark.skipif(workers_for(2) < 2, reason="needs two cores and fork to draw chunks in parallel")
def test_chunks_drawn_by_workers_pass_through_out_only(run_cli, tmp_path, monkeypatch):
    """The chunks' files, handed from the workers to the joining process, and the joined files spooled
    while they grow, are written in a new `--out` (made for them), never the system's temporary
    folder; none is left once the build is done."""
    import tempfile

    import pnp.draw.pdf
    import pnp.kinds.deck.page_chunks as page_chunks
    from tests.conftest import write_game

    monkeypatch.setattr(pnp.draw.pdf.ChunkedPdfSurface, "pages_per_chunk", 4)  # 60 cards: several chunks
    spooled_in = []
    temporary = tempfile.TemporaryFile
    monkeypatch.setattr(tempfile, "TemporaryFile", lambda **kw: spooled_in.append(kw.get("dir")) or temporary(**kw))
    handed = []
    taken = page_chunks.HandedOver.taken
    monkeypatch.setattr(page_chunks.HandedOver, "taken", lambda self: handed.append(self.path) or taken(self))
    game = write_game(tmp_path / "g", cards=60)
    out = tmp_path / "new" / "out"
    result = run_cli("build", game, "--out", out)
    assert result.exit_code == 0, result.output
    assert len(handed) > 2 and all(Path(p).parent == out for p in handed)
    assert len(spooled_in) >= 2 and all(Path(d) == out for d in spooled_in)
    assert not [p for p in out.rglob("*") if p.name.startswith(".pnp")]
