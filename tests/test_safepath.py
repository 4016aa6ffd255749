"""Paths named by a spec stay inside the game folder."""
from __future__ import annotations

import os

import pytest

from pnp.errors import Pos, SpecErrors
from pnp.reading.safepath import safe_game_path

POS = Pos("game.yaml", 7, 9)


@pytest.fixture
def game(tmp_path):
    root = tmp_path / "game"
    (root / "art" / "icons").mkdir(parents=True)
    (root / "art" / "blorb.svg").write_text("<svg/>")
    (root / "art" / "icons" / "sun.svg").write_text("<svg/>")
    (root / "cards.csv").write_text("id\n")
    (tmp_path / "secret.txt").write_text("secret")
    return root


def refused(game, relative, what="art file"):
    with pytest.raises(SpecErrors) as info:
        safe_game_path(game, relative, POS, what=what)
    (error,) = info.value.errors
    assert error.pos == POS
    return error.message


def test_good_paths(game):
    assert safe_game_path(game, "art/blorb.svg", POS) == (game / "art" / "blorb.svg").resolve()
    assert safe_game_path(game, "./art/icons/sun.svg", POS) == (game / "art" / "icons" / "sun.svg").resolve()
    assert safe_game_path(game, "art\\blorb.svg", POS) == (game / "art" / "blorb.svg").resolve()


@pytest.mark.parametrize("relative", ["/etc/passwd", "C:\\Windows\\win.ini", "c:/x", "\\\\server\\share"])
def test_absolute(game, relative):
    assert "absolute" in refused(game, relative)


@pytest.mark.parametrize("relative", ["../secret.txt", "art/../../secret.txt", "art/../cards.csv"])
def test_dotdot(game, relative):
    assert "outside the game folder" in refused(game, relative)


@pytest.mark.parametrize("relative", ["http://example.com/a.svg", "file:///etc/passwd", "file:art/blorb.svg"])
def test_urls(game, relative):
    assert "URL" in refused(game, relative)


def test_symlink_out(game, tmp_path):
    os.symlink(tmp_path / "secret.txt", game / "art" / "leak.svg")
    os.symlink(tmp_path, game / "up")
    assert "symlink" in refused(game, "art/leak.svg")
    assert "symlink" in refused(game, "up/secret.txt")


def test_symlink_inside_is_fine(game):
    os.symlink(game / "art" / "blorb.svg", game / "alias.svg")
    assert safe_game_path(game, "alias.svg", POS) == (game / "art" / "blorb.svg").resolve()


def test_missing_with_did_you_mean(game):
    message = refused(game, "art/blorg.svg")
    assert message == "art file 'art/blorg.svg' not found (did you mean 'art/blorb.svg'?)"
    assert "did you mean 'art'" in refused(game, "arts/blorb.svg")
    assert refused(game, "nothing/like/it.svg") == "art file 'nothing/like/it.svg' not found"


def test_directory(game):
    assert "is a folder" in refused(game, "art/icons")
    assert "not a folder" in refused(game, "cards.csv/x", what="data file")


def test_empty(game):
    assert "empty" in refused(game, "  ")


# ---------------------------------------------------------------- only regular files, read with a cap

def test_symlink_loop(game):
    os.symlink("loop.svg", game / "loop.svg")
    os.symlink("b", game / "a")
    os.symlink("a", game / "b")
    assert "cannot be resolved" in refused(game, "loop.svg")
    assert "cannot be resolved" in refused(game, "a/x.svg")


def test_fifo_socket_and_device_are_not_files(game, monkeypatch):
    import socket
    import stat

    os.mkfifo(game / "pipe.csv")
    assert refused(game, "pipe.csv") == "art file 'pipe.csv' is a named pipe, not a file"
    monkeypatch.chdir(game)
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("sock.csv")
        assert refused(game, "sock.csv") == "art file 'sock.csv' is a socket, not a file"
    try:
        os.mknod(game / "zero.csv", 0o600 | stat.S_IFCHR, os.makedev(1, 5))
    except OSError:
        pytest.skip("creating a device node needs privileges")
    assert refused(game, "zero.csv") == "art file 'zero.csv' is a device, not a file"


def test_a_link_to_a_pipe_inside_is_refused_too(game):
    os.mkfifo(game / "pipe")
    os.symlink("pipe", game / "data.csv")
    assert "named pipe" in refused(game, "data.csv")


def test_read_regular_never_follows_a_last_step_link_or_waits_on_a_pipe(game):
    """The open itself is checked: a path swapped for a link or a pipe after the path check is still refused."""
    from pnp.reading.safepath import read_regular

    os.symlink(game / "cards.csv", game / "swapped.csv")
    os.mkfifo(game / "pipe.csv")
    for name, why in (("swapped.csv", "cannot be read"), ("pipe.csv", "is a named pipe")):
        with pytest.raises(SpecErrors) as info:
            read_regular(game / name, POS, "data file", 100)  # a FIFO opened blocking would hang here
        assert why in info.value.errors[0].message and info.value.errors[0].pos == POS


def test_read_regular_caps_the_size(game):
    from pnp.reading.safepath import read_regular

    (game / "big.csv").write_bytes(b"x" * 101)
    assert read_regular(game / "cards.csv", POS, "data file", 100) == b"id\n"
    with pytest.raises(SpecErrors) as info:
        read_regular(game / "big.csv", POS, "data file", 100)
    assert info.value.errors[0].message == "data file is too large (101 bytes; at most 100 bytes)"


def test_read_game_text_locates_bad_bytes(game):
    from pnp.reading.safepath import read_game_text

    (game / "ok.csv").write_bytes("\ufeffid\nCafé\n".encode("utf-8"))
    (game / "latin.csv").write_bytes("id\nCaf\xe9\n".encode("latin-1"))
    (game / "nul.csv").write_bytes(b"id\nab\x00c\n")
    assert read_game_text(game, "ok.csv", POS, "data file")[1] == "id\nCafé\n"
    for name, where, why in (("latin.csv", (2, 4), "not UTF-8"), ("nul.csv", (2, 3), "binary")):
        with pytest.raises(SpecErrors) as info:
            read_game_text(game, name, POS, "data file")
        error = info.value.errors[0]
        assert error.pos.path.endswith(name) and (error.pos.line, error.pos.col) == where and why in error.message
