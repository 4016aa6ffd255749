"""Layout boxes are one of four types, each with its own keys; YAML's empty values and bare numbers are caught."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import line_of, mutate, write_game
from pnp.errors import Collector
from pnp.paths import EXAMPLES, SCAFFOLD
from pnp.kinds.deck.models import BOX_MODELS, Box, IconsBox, ImageBox, ShapeBox, TextBox
from pnp.reading.load import LDict, load_yaml, parse_yaml
from pnp.models.validate import validate

ROOT = Path(__file__).resolve().parents[1]


def check_box(text: str) -> tuple[object, Collector]:
    errors = Collector()
    return validate(Box, parse_yaml(text, "box.yaml"), errors), errors


# One box of each type written with every key a designer may give it.
FULL_BOXES = {
    TextBox: "{text: '{{ name }}', font: serif, size: 12pt, min_size: 7pt, color: red, align: center, "
             "valign: middle, leading: 1.3, x: 1mm, y: 2mm, width: 50%, height: 10mm, show_if: name, rotate: 90}",
    IconsBox: "{type: icons, icons: [star], icon_size: 5mm, gap: 1mm, color: blue, align: right, valign: bottom, "
              "x: 1mm, y: 2mm, width: 30mm, height: 5mm}",
    ImageBox: "{type: image, src: 'icon:star', color: white, x: 1mm, y: 1mm, width: 20mm, height: 20mm, rotate: -45, "
              "fit: cover, align: top-left, turn: 90, crop: {x: 0, y: 0, width: 10, height: 10}, bleed: true}",
    ShapeBox: "{type: shape, shape: hexagon, fill: cream, stroke: black, stroke_width: 1pt, radius: 2mm, dash: [2, 1], "
              "opacity: 0.5, text: '7', font: sans-bold, size: 8pt, align: center, valign: middle, color: white}",
}


@pytest.mark.parametrize("model", FULL_BOXES, ids=lambda m: m.__name__)
def test_each_box_type_accepts_its_keys(model):
    box, errors = check_box(FULL_BOXES[model])
    assert not errors.errors and not errors.warnings, errors
    assert type(box) is model
    given = set(parse_yaml(FULL_BOXES[model], "box.yaml"))
    assert box.model_fields_set == given  # nothing dropped on the way


def test_a_box_without_type_is_text_and_keeps_what_other_code_reads():
    box, errors = check_box("{text: hi}")
    assert type(box) is TextBox and not errors.errors
    # code that walks every box (templates, icons, drawing) reads these on any box type
    for model in BOX_MODELS.values():
        b = validate(Box, parse_yaml("{type: %s}" % model.model_fields["type"].default, "b.yaml"))
        for key in ("text", "src", "icons", "fill", "stroke", "color", "show_if"):
            getattr(b, key)


def test_a_key_of_another_box_type_is_a_located_warning_and_dropped():
    box, errors = check_box("{type: image, src: 'icon:star',\n  fill: red}")
    assert type(box) is ImageBox and not errors.errors
    assert [str(w) for w in errors.warnings] == [
        "box.yaml:2:3: 'fill' does not apply to an image box; it is ignored (it is a key of shape boxes)"]


def test_text_keys_on_a_shape_without_text_are_a_warning():
    box, errors = check_box("{type: shape, fill: red, font: serif}")
    assert type(box) is ShapeBox and not errors.errors
    assert [w.message for w in errors.warnings] == ["'font' does not apply to a shape box without `text`; it is ignored"]
    _, with_text = check_box("{type: shape, fill: red, text: A, font: serif}")
    assert not with_text.warnings


def test_an_unknown_box_type_is_an_error_with_a_suggestion():
    box, errors = check_box("{type: shap, fill: red}")
    assert box is None
    assert [str(e) for e in errors.errors] == [
        "box.yaml:1:8: 'type' must be one of text, icons, image, shape, got 'shap' (did you mean 'shape'?)"]


def build(run_cli, game: Path, out: Path):
    result = run_cli("build", game, "--out", out, "--force")
    return result, (out / "mini" / "cards.pdf").read_bytes() if result.exit_code == 0 else None


def test_a_font_on_a_shape_builds_with_a_warning_and_changes_nothing(tmp_path, run_cli):
    game = write_game(tmp_path, cards=3)
    _, before = build(run_cli, game, tmp_path / "a")
    cards = game / "cards.yaml"
    mutate(cards, "stroke_width: 1pt}", "stroke_width: 1pt, font: serif}")
    result, after = build(run_cli, game, tmp_path / "b")
    assert result.exit_code == 0, result.output
    line = line_of(cards, "font: serif}")
    col = cards.read_text().splitlines()[line - 1].index("font: serif}") + 1
    assert f"cards.yaml:{line}:{col}: warning: 'font' does not apply to a shape box" in result.output
    assert result.output.count("does not apply") == 1
    assert after == before


def test_a_warned_key_in_a_layout_is_reported_once_however_many_cards_override_the_box(tmp_path, run_cli):
    cards = "".join(f"  - {{id: c{i}, fields: {{name: N{i}}}, boxes: {{frame: {{stroke: red}}}}}}\n" for i in range(4))
    game = write_game(tmp_path, card_lines=cards)
    mutate(game / "cards.yaml", "stroke_width: 1pt}", "stroke_width: 1pt, src: x.svg}")
    result = run_cli("validate", game)
    assert result.exit_code == 0, result.output
    assert result.output.count("'src' does not apply to a shape box") == 1


def test_a_child_layout_overrides_one_key_of_a_parent_box(tmp_path, run_cli):
    """`extends` merges raw keys first, so a child's box without `type` is checked as the parent's type."""
    child = "  gold:\n    extends: face\n    boxes:\n      frame: {fill: yellow}\n      row: {gap: 2mm}\n"
    game = write_game(tmp_path, cards=0, card_lines="  - {id: g, layout: gold, fields: {name: G}}\n")
    mutate(game / "cards.yaml", "  back:\n", child + "  back:\n")
    result = run_cli("validate", game)
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_an_unknown_key_is_an_error_with_did_you_mean_at_its_line(tmp_path, run_cli):
    game = write_game(tmp_path, cards=2)
    cards = game / "cards.yaml"
    mutate(cards, "width: 59mm, height: 84mm, stroke: black", "width: 59mm, height: 84mm, stoke: black")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    line = line_of(cards, "stoke: black")
    col = cards.read_text().splitlines()[line - 1].index("stoke") + 1
    assert f"cards.yaml:{line}:{col}: unknown key 'stoke' (did you mean 'stroke'?)" in result.output


@pytest.mark.parametrize("old,new,key", [
    ('background: "#fff3e0"', "background: #fff3e0", "background"),
    ("      frame: {type: shape, shape: rounded,", "      frame:\n        type: shape\n        fill: #ffcc80\n"
                                                   "      old: {type: shape, shape: rounded,", "fill"),
])
def test_an_unquoted_hash_colour_is_a_located_error_that_says_to_quote_it(tmp_path, run_cli, old, new, key):
    game = write_game(tmp_path, cards=2)
    cards = game / "cards.yaml"
    mutate(cards, old, new)
    result = run_cli("validate", game)
    assert result.exit_code == 2, result.output
    line = line_of(cards, f"{key}: #")
    assert re.search(rf"cards\.yaml:{line}:\d+: '{key}' has no value: .*# must be quoted", result.output), result.output


def test_empty_text_and_empty_size_are_errors_that_repeat_the_rules(tmp_path, run_cli):
    game = write_game(tmp_path, cards=2)
    cards = game / "cards.yaml"
    mutate(cards, 'body: {text: "Power **{{ power }}** :star:",', "body: {text: ,")
    mutate(cards, "font: sans-bold, size: 14pt,", "font: sans-bold, size: ,")
    result = run_cli("validate", game)
    assert result.exit_code == 2
    assert f"cards.yaml:{line_of(cards, 'body: {text: ,')}:" in result.output
    assert "'size' has no value" in result.output and "points for font sizes" in result.output


def test_bare_numbers_follow_one_rule(tmp_path, run_cli):
    """Font sizes and stroke widths in points, positions and lengths in millimetres."""
    game = write_game(tmp_path, cards=2)
    _, with_units = build(run_cli, game, tmp_path / "a")
    cards = game / "cards.yaml"
    mutate(cards, "size: 14pt", "size: 14")
    mutate(cards, "stroke_width: 1pt", "stroke_width: 1")
    mutate(cards, "x: 5mm, y: 5mm", "x: 5, y: 5")
    result, bare = build(run_cli, game, tmp_path / "b")
    assert result.exit_code == 0, result.output
    assert bare == with_units


def test_a_bad_length_says_the_bare_number_rule():
    _, errors = check_box("{text: hi, size: 9px}")
    assert "unknown unit 'px'" in errors.errors[0].message
    assert "points for font sizes and stroke widths" in errors.errors[0].message


def reference_section(text: str, name: str) -> str:
    start = text.index(f"### kind: deck › {name}")
    end = re.compile(r"^##", re.M).search(text, start + 1)
    return text[start:end.start() if end else len(text)]


def test_the_reference_lists_every_box_type_with_its_keys():
    text = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    header = text[:text.index("## game.yaml")]
    assert "points for font sizes and stroke widths" in header and "must be quoted" in header
    for kind, model in BOX_MODELS.items():
        section = reference_section(text, model.__name__)
        keys = re.findall(r"^\| \**`(\w+)`", section, re.M)
        assert keys and set(keys) == set(model.model_fields), kind
    # the keys of one type are not offered for another
    assert "`fill`" not in reference_section(text, "TextBox")
    assert "`font`" not in reference_section(text, "ImageBox")


def layout_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*/*.yaml")) + sorted(SCAFFOLD.glob("*.yaml"))


def bundled_boxes():
    for path in layout_files():
        if path.name == "game.yaml":
            continue
        raw = load_yaml(path, path.name)
        for node in _box_maps(raw):
            for name, box in node.items():
                yield f"{path.parent.name}/{path.name}:{name}", box


def _box_maps(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "boxes" and isinstance(value, LDict) and all(isinstance(v, LDict) for v in value.values()):
                yield value
            else:
                yield from _box_maps(value)
    elif isinstance(node, list):
        for item in node:
            yield from _box_maps(item)


def test_every_bundled_box_round_trips_without_warnings():
    seen = 0
    for where, raw in bundled_boxes():
        errors = Collector()
        box = validate(Box, raw, errors)
        assert box is not None and not errors.errors and not errors.warnings, (where, errors)
        assert box.model_fields_set == set(raw), where  # every key written is a key of the box's type
        seen += 1
    assert seen > 50  # the walk really found the bundled layouts
