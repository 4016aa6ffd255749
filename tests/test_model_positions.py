"""Validated models remember where each of their keys was written, so later stages locate without re-reading files."""
from __future__ import annotations

import shutil

from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.kinds.deck.models import Deck


def _line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_nested_models_know_the_line_and_column_of_their_keys(tmp_path):
    game_dir = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game_dir)
    # a renamed spec file: positions follow the file the game really has
    (game_dir / "cards.yaml").rename(game_dir / "treasure.yaml")
    game_yaml = game_dir / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("- cards.yaml", "- treasure.yaml"), encoding="utf-8")
    game = load_game(game_dir)
    assert not game.errors.errors
    deck = next(c.model.spec for c in game.components if c.kind == "deck")
    assert isinstance(deck, Deck)
    spec = game_dir / "treasure.yaml"
    where = deck.position("bleed")
    assert where.path.endswith("treasure.yaml")
    assert where.line == _line_of(spec, "bleed:")
    assert where.col == spec.read_text(encoding="utf-8").splitlines()[where.line - 1].index("3mm") + 1
    assert deck.position("bleed", key=True).col == 1
    # a box inside a layout, several levels down, knows its own key
    layout, _ = next(c.model for c in game.components if c.kind == "layouts")["item"]
    layouts = game_dir / "layouts.yaml"
    assert layout.position().path.endswith("layouts.yaml")
    assert layout.position("boxes", key=True).line == _line_of(layouts, "boxes:")
    background = layout.position("background")
    assert layouts.read_text(encoding="utf-8").splitlines()[background.line - 1][background.col - 1:].startswith("parchment")


def test_a_key_left_to_its_default_is_located_at_its_model_and_a_model_made_in_code_has_no_position(tmp_path):
    game = load_game(EXAMPLES / "cave")
    deck = next(c.model.spec for c in game.components if c.kind == "deck")
    unset = next(f for f in type(deck).model_fields if f not in deck.model_fields_set)
    assert deck.position(unset) == deck.position()
    made = Deck.model_validate({"kind": "deck", "name": "x", "size": "poker", "cards": [{"id": "a"}]})
    assert made.position() is None and made.position("name") is None
