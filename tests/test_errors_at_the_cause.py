"""Errors point at their cause: a template typo at the template, once; a YAML syntax error at the bracket or
quote never closed, without the cascade it would cause; errors in dependency order; spec files not built."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from conftest import line_of, mutate
from pnp.errors import SpecErrors
from pnp.game import load_game


def errors_of(game: Path) -> list:
    with pytest.raises(SpecErrors) as caught:
        load_game(game)
    return caught.value.errors


def column_of(path: Path, line: int, fragment: str) -> int:
    return path.read_text(encoding="utf-8").splitlines()[line - 1].index(fragment) + 1


def item_rows(cave: Path) -> list[int]:
    """The lines of items.csv that hold a card (the header is line 1)."""
    with open(cave / "items.csv", newline="", encoding="utf-8") as f:
        return [n for n, row in enumerate(csv.reader(f), start=1) if n > 1 and row]


def test_template_typo_is_reported_once_at_the_template(cave_copy):
    layouts = cave_copy / "layouts.yaml"
    mutate(layouts, 'text: "{{ name }}"', 'text: "{{ nmae }}"')
    errors = errors_of(cave_copy)
    assert len(errors) == 1, "\n".join(map(str, errors))
    error = errors[0]
    line = line_of(layouts, "{{ nmae }}")
    assert error.pos.path.endswith("layouts.yaml")
    assert (error.pos.line, error.pos.col) == (line, column_of(layouts, line, "nmae"))
    rows = item_rows(cave_copy)
    assert f"'nmae' is undefined ({len(rows)} cards: " in error.message
    assert f"items.csv rows {rows[0]}–{rows[-1]}" in error.message
    assert error.message.endswith("did you mean 'name'?")


def test_template_typo_names_only_the_cards_it_fails_on(cave_copy):
    layouts = cave_copy / "layouts.yaml"
    mutate(layouts, 'text: "*{{ note }}*"', 'text: "*{{ note if naem is defined else note }}{{ flavor }}*"')
    errors = errors_of(cave_copy)
    assert len(errors) == 1, "\n".join(map(str, errors))  # `naem is defined` is guarded: not an error
    assert "'flavor' is undefined" in errors[0].message
    assert errors[0].pos.col == column_of(layouts, errors[0].pos.line, "flavor }}")


def test_unclosed_bracket_in_layouts_is_the_only_error(cave_copy):
    layouts = cave_copy / "layouts.yaml"
    mutate(layouts, "  item:\n", "  item: [\n")
    errors = errors_of(cave_copy)
    line = line_of(layouts, "item: [")
    first = errors[0]
    assert (first.pos.path.endswith("layouts.yaml"), first.pos.line, first.pos.col) == (
        True, line, column_of(layouts, line, "["))
    assert "`[` opened here is never closed" in first.message
    assert not [e for e in errors if "layout" in e.message and "unknown" in e.message]
    assert len(errors) == 2  # the `[`, and where the parser noticed; no card reports a missing layout
    assert errors[1].pos.line > line and "never closed" in errors[1].message


def test_quote_left_open_points_at_the_quote(cave_copy):
    game = cave_copy / "game.yaml"
    mutate(game, "subtitle: Loot it", 'subtitle: "Loot it')
    errors = errors_of(cave_copy)
    line = line_of(game, 'subtitle: "Loot')
    assert (errors[0].pos.line, errors[0].pos.col) == (line, column_of(game, line, '"'))
    assert "quote `\"` opened here" in errors[0].message
    assert errors[1].pos.line > line  # where the parser noticed, after it


def test_quote_left_open_at_the_end_of_a_file(cave_copy):
    game = cave_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "family_note: 'never closed\n", encoding="utf-8")
    errors = errors_of(cave_copy)
    line = line_of(game, "family_note:")
    assert (errors[0].pos.line, errors[0].pos.col) == (line, column_of(game, line, "'"))
    assert "never closed" in errors[0].message


def test_errors_print_game_then_layouts_then_the_rest(cave_copy):
    mutate(cave_copy / "game.yaml", "family: cave", "family: cave\ntitel: oops")
    mutate(cave_copy / "layouts.yaml", "x: 2.5mm", "x: 2.5mn")
    mutate(cave_copy / "cards.yaml", "tremor: 1,", "tremor: 9,")
    errors = errors_of(cave_copy)
    files = [Path(e.pos.path).name for e in errors]
    firsts = [name for i, name in enumerate(files) if name not in files[:i]]
    assert firsts == ["game.yaml", "layouts.yaml", "cards.yaml"], "\n".join(map(str, errors))
    assert files == sorted(files, key=firsts.index)  # each file's errors together
    for name in firsts:
        lines = [(e.pos.line, e.pos.col) for e in errors if Path(e.pos.path).name == name]
        assert lines == sorted(lines)


def test_spec_file_not_listed_is_a_warning(cave_copy):
    (cave_copy / "expansion.yaml").write_text((cave_copy / "cards.yaml").read_text(encoding="utf-8"),
                                              encoding="utf-8")
    ctx = load_game(cave_copy)
    warnings = [w for w in ctx.errors.warnings if "expansion.yaml" in w.message]
    assert len(warnings) == 1
    assert warnings[0].pos.path.endswith("game.yaml")
    assert warnings[0].pos.line == line_of(cave_copy / "game.yaml", "components:")
    assert "not built" in warnings[0].message


def test_files_used_otherwise_are_not_warned_about(cave_copy):
    (cave_copy / "notes.yaml").write_text("todo:\n  - playtest\n", encoding="utf-8")  # no kind: not a spec
    (cave_copy / "sample.yaml").write_text((cave_copy / "cards.yaml").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    rules = cave_copy / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + '\n```yaml\n{% include "sample.yaml" %}\n```\n',
                     encoding="utf-8")
    ctx = load_game(cave_copy)
    assert not [w for w in ctx.errors.warnings if "notes.yaml" in w.message or "sample.yaml" in w.message]
