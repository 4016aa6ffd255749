"""Gradient fills of layout shapes: what a designer writes, the located errors, and the colours on the printed page."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import line_of
from pnp.errors import Collector
from pnp.kinds.deck.models import Box
from pnp.reading.load import parse_yaml
from pnp.models.paint import GradientFill
from pnp.models.types import parse_color
from pnp.models.validate import validate

MM = 72 / 25.4
GAME = "title: Grad\nplayers: 1\ncomponents: [cards.yaml]\n"
DECK = """\
kind: deck
name: grad
size: poker
bleed: 3mm
layout: face
layouts:
  face:
    boxes:
BOXES
cards:
  - {id: a}
"""


def write(root: Path, boxes: str) -> Path:
    game = root / "grad"
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(GAME)
    (game / "cards.yaml").write_text(DECK.replace("BOXES", boxes))
    return game


def card_pixels(run_cli, root: Path, boxes: str, fmt: str = "pdf"):
    """Build the game and return a function giving the RGB colour at (x mm, y mm) from the card's trim corner."""
    import pypdfium2

    game = write(root, boxes)
    out = root / "out"
    result = run_cli("build", game, "--out", out, "--force")
    assert result.exit_code == 0, result.output
    pdf = pypdfium2.PdfDocument(str(out / "grad" / "cards-printshop.pdf"))
    page = pdf[0]
    left, bottom, right, top = page.get_trimbox()
    height = page.get_height()
    scale = 8
    image = page.render(scale=scale).to_pil().convert("RGB")

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        px = (left + x_mm * MM) * scale
        py = (height - top + y_mm * MM) * scale
        return image.getpixel((int(px), int(py)))

    return at, result


def near(colour, expected, tolerance=12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def test_a_linear_gradient_runs_from_its_first_colour_to_its_last_across_the_shape(tmp_path, run_cli):
    at, _ = card_pixels(run_cli, tmp_path, '      band: {type: shape, x: 10mm, y: 10mm, width: 40mm, height: 20mm, '
                                            'fill: {linear: {angle: 0, stops: ["#ff0000", "#0000ff"]}}}\n')
    assert near(at(10.3, 20), (255, 0, 0), 16)       # start: the first colour
    assert near(at(30, 20), (128, 0, 128), 12)       # middle: half-way between
    assert near(at(49.7, 20), (0, 0, 255), 16)       # end: the last colour
    assert near(at(30, 8), (255, 255, 255))          # outside the shape: nothing painted
    assert near(at(52, 20), (255, 255, 255))


def test_angle_90_runs_top_to_bottom_and_a_stop_place_moves_the_middle_colour(tmp_path, run_cli):
    at, _ = card_pixels(run_cli, tmp_path, '      band: {type: shape, x: 10mm, y: 10mm, width: 40mm, height: 40mm, '
                                            'fill: {linear: {stops: [white, "#00ff00 25%", black]}}}\n')
    assert near(at(30, 10.3), (255, 255, 255), 16)
    assert near(at(30, 20), (0, 255, 0), 12)         # 25% of the way down is the middle stop
    assert near(at(30, 49.7), (0, 0, 0), 16)
    assert near(at(12, 20), at(48, 20), 3)           # the same colour all along a row


def test_a_radial_gradient_in_a_circle_reaches_its_last_colour_at_the_edge(tmp_path, run_cli):
    at, _ = card_pixels(run_cli, tmp_path, '      sun: {type: shape, shape: circle, x: 10mm, y: 10mm, width: 40mm, '
                                            'height: 40mm, opacity: 1, fill: {radial: {stops: ["#ffffff", "#0000ff"]}}}\n')
    assert near(at(30, 30), (255, 255, 255), 10)     # centre: the first colour
    assert near(at(40, 30), (128, 128, 255), 14)     # half-way out
    assert near(at(49.6, 30), (0, 0, 255), 20)       # the edge: the last colour
    assert near(at(11, 11), (255, 255, 255))         # the box's corner is outside the circle: unpainted


def test_opacity_applies_to_a_gradient_fill_and_the_outline_is_drawn_over_it(tmp_path, run_cli):
    at, _ = card_pixels(run_cli, tmp_path, '      band: {type: shape, x: 10mm, y: 10mm, width: 40mm, height: 20mm, '
                                            'opacity: 0.5, stroke: black, stroke_width: 4pt, '
                                            'fill: {linear: {angle: 0, stops: ["#ff0000", "#ff0000"]}}}\n')
    assert near(at(30, 20), (255, 128, 128), 12)     # red at half opacity over white paper
    assert near(at(9.6, 20), (128, 128, 128), 20)    # the outer half of the outline, also at half opacity
    assert near(at(10.4, 20), (128, 64, 64), 20)     # its inner half lies over the fill


def test_the_svg_faces_carry_the_same_gradient(tmp_path, run_cli):
    game = write(tmp_path, '      band: {type: shape, x: 10mm, y: 10mm, width: 40mm, height: 20mm, '
                           'fill: {linear: {angle: 0, stops: ["#ff0000", "#00ff00 30%", "#0000ff"]}}}\n')
    result = run_cli("build", game, "--out", tmp_path / "out", "--force", "--format", "svg")
    assert result.exit_code == 0, result.output
    svgs = sorted((tmp_path / "out" / "grad").rglob("*.svg"))
    text = svgs[0].read_text()
    assert "<linearGradient" in text and 'stop-color="#00ff00"' in text and 'offset="0.3"' in text
    assert 'fill="url(#grad' in text


def check(text: str):
    errors = Collector()
    return validate(Box, parse_yaml(text, "box.yaml"), errors), errors


@pytest.mark.parametrize("fill, message", [
    ('{linear: {stops: [red]}}', "at least 2"),
    ('{linear: {stops: [red, blue], angel: 3}}', "unknown key 'angel'"),
    ('{linear: {stops: [red, "blue 40%", "green 20%"]}}', "must not go backwards"),
    ('{linear: {stops: [red, "blue 140%"]}}', "between 0% and 100%"),
    ('{linear: {stops: [red, bleu]}}', "did you mean"),
    ('{radial: {stops: [red, blue], radius: 50}}', "percentage"),
    ('{radial: {stops: [red, blue]}, linear: {stops: [red, blue]}}', "exactly one"),
    ('{}', "exactly one"),
])
def test_a_bad_gradient_is_a_located_error(fill, message):
    text = f"{{type: shape,\n  fill: {fill}}}"
    box, errors = check(text)
    assert box is None
    assert any(message in e.message for e in errors.errors), [str(e) for e in errors.errors]
    assert all(e.pos.line == 2 for e in errors.errors), [str(e) for e in errors.errors]


def test_stops_without_places_are_spread_evenly_between_placed_ones():
    box, errors = check('{type: shape, fill: {linear: {stops: [red, orange, "yellow 60%", green, blue]}}}')
    assert not errors.errors
    assert isinstance(box.fill, GradientFill)
    assert [round(p, 3) for p, _ in box.fill.linear.stops] == [0, 0.3, 0.6, 0.8, 1]


def test_a_plain_colour_fill_still_works_and_a_template_is_kept_for_each_card(tmp_path, run_cli):
    box, errors = check('{type: shape, fill: "{{ colour }}"}')
    assert not errors.errors and box.fill == "{{ colour }}"
    box, errors = check('{type: shape, fill: red}')
    assert not errors.errors and box.fill == parse_color("red")


def test_a_gradient_error_in_a_game_names_the_line(tmp_path, run_cli):
    game = write(tmp_path, '      band: {type: shape, fill: {linear: {stops: [red, "blue 40%", "green 20%"]}}}\n')
    result = run_cli("build", game, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 2
    assert f"cards.yaml:{line_of(game / 'cards.yaml', 'green 20%')}:" in result.output
    assert "Traceback" not in result.output
