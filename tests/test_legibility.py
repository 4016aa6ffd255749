"""Legibility warnings: text contrast (WCAG), text under 6 pt, and die faces told apart by colour alone.

Text is judged as it prints (the game built in memory, its PDFs' pixels measured): the cases a
designer meets here, located at their keys; how pixels are read, and every bundled output, in
tests/test_legibility_printed.py."""
from __future__ import annotations

import shutil

import pytest

from conftest import write_game
from pnp.game import load_game
from pnp.paths import EXAMPLES
from pnp.commands.check import printed_outputs
from pnp.referee.legibility import contrast, legibility_findings, simulate


def findings_of(game_dir):
    """The legibility warnings of a game folder, its text measured in its outputs built in memory
    (as `pnp check` does)."""
    game = load_game(game_dir)
    with game.own_fonts():
        return legibility_findings(game, printed_outputs(game))


def test_contrast_ratio_follows_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the lightest grey WCAG passes on white


def test_simulated_deficiencies_merge_the_colours_they_are_known_to_merge():
    from pnp.referee.legibility import confused_by

    assert "deuteranopia" in confused_by("#c62828", "#2e7d32")   # red and green
    assert confused_by("#c62828", "#1565c0") == []                 # red and blue stay apart
    assert simulate("#808080", "deuteranopia") == "#808080"        # a grey is a grey to everyone


def _line(path, text):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_low_contrast_and_tiny_text_are_located_at_their_keys(tmp_path):
    game = write_game(tmp_path, cards=3)
    deck = game / "cards.yaml"
    text = deck.read_text()
    text = text.replace('title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm, font: sans-bold, size: 14pt, align: center}',
                        'title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm, font: sans-bold, size: 14pt, align: center, color: "#ffd180"}')
    text = text.replace('body: {text: "Power **{{ power }}** :star:", x: 5mm, y: 40mm, width: 53mm, height: 20mm, size: 9pt}',
                        'body: {text: "Power **{{ power }}** :star:", x: 5mm, y: 40mm, width: 53mm, height: 20mm, size: 5pt, min_size: 4pt}')
    deck.write_text(text)
    findings = findings_of(game)
    rules = sorted(f.rule for f in findings)
    assert rules == ["contrast", "small-text"], [str(f) for f in findings]  # one finding per fault, not per card
    low = next(f for f in findings if f.rule == "contrast")
    assert low.pos.path.endswith("cards.yaml") and low.pos.line == _line(deck, "title:")
    assert deck.read_text().splitlines()[low.pos.line - 1][low.pos.col - 1:].startswith('"#ffd180"')
    assert "1.3:1" in low.message or "1.2:1" in low.message or "1.4:1" in low.message
    small = next(f for f in findings if f.rule == "small-text")
    assert small.pos.line == _line(deck, "body:") and "5.0 pt" in small.message


def _band(game, fill: str, title: str = "") -> None:
    """A band across the top of the card under the title (and the title's own box, when given)."""
    deck = game / "cards.yaml"
    text = deck.read_text().replace(
        "      title:", f"      band: {{type: shape, x: 0, y: 0, width: 63mm, height: 20mm, fill: {fill}}}\n      title:")
    if title:
        text = text.replace('title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm, font: sans-bold, '
                            'size: 14pt, align: center}', title)
    deck.write_text(text)


def test_text_on_the_light_end_of_a_gradient_is_not_judged_by_its_dark_end(tmp_path):
    # The old check judged a text against every stop of a gradient under it, here the dark one at
    # the right; the title stands on the left half only, where black reads well.
    game = write_game(tmp_path, cards=1)
    _band(game, '{linear: {angle: 0, stops: ["#fff8e1", "#fff8e1 50%", "#263238"]}}',
          'title: {text: "{{ name }}", x: 3mm, y: 5mm, width: 26mm, height: 10mm, font: sans-bold, size: 14pt}')
    assert [str(f) for f in findings_of(game)] == []


def test_text_running_onto_the_dark_end_of_a_gradient_is_reported(tmp_path):
    game = write_game(tmp_path, cards=1, card_lines='  - {id: c0, fields: {name: "Lantern of the Lost Quarry"}}\n')
    _band(game, '{linear: {angle: 0, stops: ["#fff8e1", "#fff8e1 30%", "#263238 60%", "#263238"]}}',
          'title: {text: "{{ name }}", x: 3mm, y: 5mm, width: 57mm, height: 10mm, font: sans-bold, size: 10pt}')
    findings = findings_of(game)
    assert [f.rule for f in findings] == ["contrast"], [str(f) for f in findings]
    assert "'Lantern of the Lost Quarry' in #000000" in findings[0].message


def test_text_on_a_filled_shape_is_judged_against_the_shape(tmp_path):
    game = write_game(tmp_path, cards=1)
    _band(game, '"#263238"')
    findings = findings_of(game)
    assert [f.rule for f in findings] == ["contrast"]  # black title on the dark band
    assert "in #000000 on #263238 (as printed)" in findings[0].message


def test_die_faces_apart_only_by_colour_are_found_and_an_icon_clears_it(tmp_path):
    game = tmp_path / "miskatonic"
    shutil.copytree(EXAMPLES / "miskatonic", game)
    dice = game / "dice.yaml"
    text = dice.read_text()
    dice.write_text(text.replace("red: {icon: health, color: red,", "red: {icon: wits, color: \"#2e7d32\",")
                    .replace("blue: {icon: wits, color: blue,", "blue: {icon: wits, color: \"#c62828\","))
    findings = [f for f in legibility_findings(load_game(game), outputs={}) if f.rule == "colour-only"]
    assert findings and all("deuteranopia" in f.message or "protanopia" in f.message for f in findings)
    assert findings[0].pos.path.endswith("dice.yaml") and findings[0].pos.line == _line(dice, "faces: [worship")
    dice.write_text(text)
    assert [f for f in legibility_findings(load_game(game), outputs={}) if f.rule == "colour-only"] == []


def test_pnp_check_prints_the_warnings_and_still_passes(run_cli, tmp_path):
    game = write_game(tmp_path, cards=2)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: 9pt}", "size: 5pt, min_size: 4pt}"))
    result = run_cli("check", str(game))
    assert result.exit_code == 0, result.output
    assert "cards.yaml:" in result.output and "[small-text]" in result.output and "Traceback" not in result.output
    assert "cards.pdf page 1 (and " in result.output and "'Power 0' prints at 5.0 pt" in result.output
