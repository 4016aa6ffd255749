"""A character no font of the chain has, in an edition's shaped text, is a located warning naming the
language: in a label a kind draws itself (a die's name, shaped by HarfBuzz) at the character in its
YAML file, in a card's text box at its cell. The characters are ones the editions template's fonts
and pnp's own fonts lack, checked against the font files' own cmaps."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from conftest import line_of, mutate
from pnp.paths import DATA, SCAFFOLD
from pnp.scaffold import create

ARABIC = "\u0750"  # ARABIC LETTER BEH WITH THREE DOTS HORIZONTALLY BELOW: not in the subset Noto Sans Arabic
ARABIC_TEXT = "\u0751"  # ARABIC LETTER BEH WITH DOT BELOW AND THREE DOTS ABOVE: another one, for a card's text
KANJI = "\u9f98"  # 龘: not among the kanji the template's Noto Sans JP keeps


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("glyphs")
    create("lantern", root, template="editions")
    game = root / "lantern"
    mutate(game / "dice.yaml", "name@ja: 市場のサイコロ", f"name@ja: 市場の{KANJI}サイコロ")
    mutate(game / "dice.yaml", "name@ar: نرد السوق", f"name@ar: نرد {ARABIC}السوق")
    mutate(game / "cards.csv", "خذ عملة واحدة", f"خذ عملة {ARABIC_TEXT}واحدة")
    return game


def test_no_font_of_the_chain_has_the_characters():
    fonts = [*(SCAFFOLD / "editions" / "fonts").glob("*.ttf"), *(DATA / "fonts").glob("*.ttf")]
    assert len(fonts) >= 3
    for path in fonts:
        cmap = TTFont(path).getBestCmap()
        assert not {ord(ARABIC), ord(ARABIC_TEXT), ord(KANJI)} & set(cmap), path.name


def warnings_of(game: Path, lang: str, out: Path) -> list[str]:
    """The edition's build warnings as `file:line:col: message`."""
    from pnp.build import BuildOptions, build_game

    return [f"{w.pos}: {w.message}" for w in build_game(game, BuildOptions(out=out, lang=lang)).warnings]


def place(path: Path, char: str) -> str:
    """`<game>/<file>:line:col` of the character."""
    line = line_of(path, char)
    return f"{path.parent.name}/{path.name}:{line}:{path.read_text(encoding='utf-8').splitlines()[line - 1].index(char) + 1}"


def at(warning: str, where: str) -> bool:
    return warning.startswith(where + ": ") or ("/" + where + ": ") in warning.split(" ", 1)[0] + " "


def test_a_shaped_die_name_warns_at_the_character_naming_japanese(game, tmp_path):
    found = [w for w in warnings_of(game, "ja", tmp_path) if f"U+{ord(KANJI):04X}" in w]
    where = place(game / "dice.yaml", KANJI)
    dice = [w for w in found if at(w, where) and ": ja edition: the dice components: " in w]
    assert dice and "dice" in dice[0] and "no glyph" in dice[0], found


def test_arabic_label_and_card_text_each_warn_at_their_place(game, tmp_path):
    found = warnings_of(game, "ar", tmp_path)
    label = place(game / "dice.yaml", ARABIC)
    assert any(at(w, label) and ": ar edition: the dice components: " in w and f"U+{ord(ARABIC):04X}" in w
               for w in found), found
    lines = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    row = line_of(game / "cards.csv", ARABIC_TEXT)  # the thief's row (no quoted cells): its text@ar cell
    column = lines[0].split(",").index("text@ar")
    cell = f"{game.name}/cards.csv:{row}:{len(','.join(lines[row - 1].split(',')[:column])) + 2}"
    assert any(at(w, cell) and ": ar edition: " in w and "box 'text'" in w
               and f"U+{ord(ARABIC_TEXT):04X}" in w for w in found), found


def test_the_other_editions_print_no_such_warning(game, tmp_path):
    found = warnings_of(game, "de", tmp_path)
    assert not [w for w in found if re.search("U\\+(0750|0751|9F98)", w)], found
