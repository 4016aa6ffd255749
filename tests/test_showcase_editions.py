"""`pnp showcase --lang`: a game's editions pictured each in its own language, in its own folder, and a
right-to-left edition's hand fanned so that each card's right side, where its text starts, shows."""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from pnp.scaffold import create
from pnp.showcase import Picture, hand


def test_each_edition_is_pictured_in_its_folder_and_an_unknown_one_is_refused(run_cli, tmp_path):
    create("lantern", tmp_path, template="editions")
    game = tmp_path / "lantern"
    shown = {}
    for lang in ("en", "ar"):
        result = run_cli("showcase", game, "--layout", "hand", "--size", "400x250", "--out", tmp_path / "out",
                         "--lang", lang)
        assert result.exit_code == 0, result.output
        path = tmp_path / "out" / "lantern" / lang / "showcase" / "hand.png"
        shown[lang] = Image.open(path).convert("RGB")
        assert shown[lang].size == (400, 250)
    assert ImageChops.difference(shown["en"], shown["ar"]).getbbox() is not None   # other words, other fan
    result = run_cli("showcase", game, "--layout", "hand", "--out", tmp_path / "out", "--lang", "fr")
    assert result.exit_code == 2
    assert "game.yaml:" in result.output and "--lang fr" in result.output and "en, de, ar, ja" in result.output
    assert not (tmp_path / "out" / "lantern" / "fr").exists()


def test_a_right_to_left_hand_starts_on_the_right_with_each_card_over_the_one_before():
    cards = [Picture(f"card {i}", 63.0, 88.0, lambda scale: None) for i in range(5)]
    ltr, rtl = hand(cards), hand(cards, right_to_left=True)
    xs = [p.cx for p in ltr]
    assert xs == sorted(xs) and xs[0] < 0 < xs[-1]          # the first card on the left, drawn first (underneath)
    assert [p.cx for p in rtl] == [-x for x in xs]             # mirrored: the first card on the right
    assert [p.angle for p in rtl] == [-p.angle for p in ltr]
