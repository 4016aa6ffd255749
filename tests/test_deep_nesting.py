"""Deeply nested YAML is refused at once, as a located error, in every spec file.

100,000 `[` took 16 s or more to refuse: libyaml stops at 1,000 levels by itself, but the
message for its syntax error then read the whole file again with PyYAML's pure-Python
scanner, whose work grows with the square of the nesting. The work is measured by counting
(Python calls, processor time), never by the wall clock.
"""
from __future__ import annotations

import re
import shutil

import pytest

from workbound import calls_within, cpu_seconds

DEPTH = 100_000
FORMS = {
    "flow sequences": "[" * DEPTH + "]" * DEPTH,
    "flow mappings": "{" * DEPTH + "}" * DEPTH,
    "flow mappings with keys": "{a: " * DEPTH + "}" * DEPTH,
    "flow, never closed": "[{" * (DEPTH // 2),
    "flow with quoted items": "['a', " * DEPTH,
    "block sequences on one line": "\n" + "- " * DEPTH + "x",
    "block sequences, one a line": "\n" + "".join(" " * i + "-\n" for i in range(3000)) + " " * 3000 + "x",
    "block mappings": "\n" + "".join(" " * i + "k:\n" for i in range(3000)) + " " * 3000 + "x",
}
CALLS = 20_000  # Python calls a refusal may make: about 2,000 today; the quadratic rescan passed this in 0.1 s


def _refusal(text: str):
    from pnp.errors import SpecErrors
    from pnp.reading.load import parse_yaml

    with pytest.raises(SpecErrors) as info:
        parse_yaml(text, "deep.yaml")
    return info.value.errors


@pytest.mark.parametrize("form", list(FORMS))
def test_deep_nesting_is_refused_at_its_place_within_a_bounded_count_of_calls(form):
    from pnp.reading.load import MAX_DEPTH, parse_yaml

    parse_yaml("warm: [up]\n", "warm.yaml")  # the first call imports what parsing needs: not the refusal's work
    text = "kind: deck\nname: deep\nx: " + FORMS[form] + "\n"
    errors, calls = calls_within(CALLS, _refusal, text)
    assert len(errors) == 1
    (error,) = errors
    assert error.message == f"nesting is too deep (at most {MAX_DEPTH} levels)"
    assert error.pos.path == "deep.yaml" and error.pos.line >= 3 and error.pos.col > 1
    print(f"{form}: refused at {error.pos} after {calls:,} calls")


def test_the_nesting_a_spec_needs_is_read():
    """The limit is far above real specs: 60 levels of each style still load."""
    from pnp.reading.load import parse_yaml

    flow = parse_yaml("x: " + "[" * 60 + "1" + "]" * 60 + "\n", "ok.yaml")
    block = parse_yaml("x:\n" + "- " * 60 + "1\n", "ok.yaml")
    for tree in (flow["x"], block["x"]):
        depth = 0
        while isinstance(tree, list):
            tree, depth = tree[0], depth + 1
        assert (depth, tree) == (60, 1)


def test_a_quote_left_open_is_still_found_where_it_opened():
    """The rescan that names a runaway quote still runs where a quote can end on the line the parser stopped at."""
    from pnp.reading.load import parse_yaml

    text = 'kind: deck\nsubtitle: "Loot it\nname: x\nsize: "poker"\nmore: 1\n'
    first = _refusal(text)[0]
    assert (first.pos.line, first.pos.col) == (2, 11)
    assert "the quote `\"` opened here is not closed on its line; it runs on to line 4" in first.message
    assert parse_yaml('a: "fine"\n', "ok.yaml") == {"a": "fine"}


# every kind of spec file, and game.yaml: (game, file)
FILES = [("miskatonic", "game.yaml"), ("miskatonic", "cards.yaml"), ("miskatonic", "layouts.yaml"),
         ("miskatonic", "board.yaml"), ("miskatonic", "dice.yaml"), ("miskatonic", "tokens.yaml"),
         ("blob", "sheet.yaml")]
CPU = 10  # processor seconds for the whole in-process validate (about 1 s); the quadratic rescan took 30 s


@pytest.mark.parametrize("form", ["flow sequences", "flow mappings", "block sequences on one line"])
@pytest.mark.parametrize("game_name, name", FILES, ids=[f"{g}-{f}" for g, f in FILES])
def test_deep_nesting_in_any_spec_file_is_a_located_error(run_cli, tmp_path, game_name, name, form):
    from pnp.paths import EXAMPLES

    game = tmp_path / game_name
    shutil.copytree(EXAMPLES / game_name, game)
    spec = game / name
    lines = spec.read_text(encoding="utf-8").count("\n")
    spec.write_text(spec.read_text(encoding="utf-8") + "deep: " + FORMS[form] + "\n", encoding="utf-8")
    with cpu_seconds() as spent:
        result = run_cli("validate", game)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert re.search(rf"{re.escape(name)}:{lines + 1 if form.startswith('flow') else lines + 2}:\d+: "
                     r"nesting is too deep \(at most 64 levels\)", result.output), result.output
    assert spent.seconds < CPU, spent.seconds
