"""The progress bar: drawn on a terminal once the work outlasts its delay, silent otherwise, and
never a thread, so that a build with a bar still spreads its work over the cores."""
from __future__ import annotations

import io
import os
import threading

import pytest

from pnp.progress import progress_bar
from pnp.workers import ordered_map, usable_cores


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_silent_off_a_terminal(capsys):
    with progress_bar("work", total=3, delay=0) as bar:
        bar.step("one")
        bar.advance(2)
    assert capsys.readouterr().err == ""
    assert not bar.shown


def test_the_bar_is_drawn_on_a_terminal_once_the_work_outlasts_the_delay():
    screen = Terminal()
    with progress_bar("building", total=4, delay=0, stream=screen) as bar:
        bar.step("cards.yaml")
        assert bar.shown
    assert "cards.yaml" in screen.getvalue() and "1/4" in screen.getvalue()


def test_quick_work_draws_no_bar():
    screen = Terminal()
    with progress_bar("building", total=4, delay=60, stream=screen) as bar:
        bar.step("cards.yaml")
    assert not bar.shown and screen.getvalue() == ""


def test_a_bar_starts_no_thread_so_the_work_keeps_its_cores():
    threads = threading.active_count()
    cores = usable_cores()
    with progress_bar("building", total=None, delay=0, stream=Terminal()) as bar:
        bar.step("first")
        assert bar.shown
        assert threading.active_count() == threads
        assert usable_cores() == cores


@pytest.mark.skipif(usable_cores() < 2, reason="needs two cores and fork")
def test_work_under_a_shown_bar_is_spread_over_worker_processes():
    with progress_bar("building", total=4, delay=0, stream=Terminal()) as bar:
        bar.step("first")
        pids = {pid for _, pid in ordered_map(lambda i: (i, os.getpid()), 4)}
    assert os.getpid() not in pids


def test_long_work_inside_one_step_still_draws_the_bar(mini_game, tmp_path):
    """A deck is one step of a build: its sheets arriving chunk by chunk keep the bar's clock moving,
    so the bar shows once the build outlasts the delay though no step was reported after it."""
    from pnp.build import BuildOptions, build_game

    screen = Terminal()
    with progress_bar("building", delay=0, stream=screen) as bar:
        build_game(mini_game, BuildOptions(out=tmp_path / "out", force=True))
        assert bar.shown
    assert "building" in screen.getvalue()


def test_a_forked_worker_does_not_draw_its_parents_bar():
    from pnp import progress

    with progress_bar("building", delay=0, stream=Terminal()) as bar:
        bar.pid = -1  # as a forked worker sees the bar it inherited: another process opened it
        progress.heartbeat()
        assert not bar.shown
