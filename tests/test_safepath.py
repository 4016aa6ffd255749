"""Paths named by a spec stay inside the game folder."""
from __future__ import annotations

import os

import pytest

from pnp.errors import Pos, SpecErrors
from pnp.spec.safepath import safe_game_path

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
