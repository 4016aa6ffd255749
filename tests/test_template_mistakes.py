"""Template mistakes, made in the game `pnp new` writes with one edit, as a designer would make them.

Each is one message in a designer's words at the template's own line and column in the file
(the column of the misspelt word where there is one), with "did you mean" where a close name
exists, reported once however many cards it fails for, exit code 2 and no traceback, from
`pnp validate` and `pnp build` alike. The expected position is found in the edited file by
the words it points at, not copied from the output.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from designerwords import assert_designer_words
from pnp.scaffold import create

COMMANDS = ["validate", "build"]


def scaffold(tmp_path: Path) -> Path:
    return create("x", tmp_path).dir


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def where(path: Path, words: str, after: str = "") -> str:
    """'layouts.yaml:11:34' for the first `words` in the file (after the first `after`)."""
    text = path.read_text()
    at = text.index(words, text.index(after) if after else 0)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return f"{path.name}:{line}:{col}"


def run(run_cli, command: str, game: Path, tmp_path: Path):
    args = [command, game] + (["--out", tmp_path / "out"] if command == "build" else [])
    result = run_cli(*args)
    assert result.exit_code == 2, result.output
    assert_designer_words(result.output)
    return result.output


def errors_of(output: str, game: Path) -> list[str]:
    """The error lines, without the folder the game lies in."""
    output = output.replace(f"{game}/", "")
    return [line for line in output.splitlines() if ": " in line and "warning:" not in line]


# (file, text replaced, by, the words the message points at, the message)
CARD_TEMPLATES = {
    "unknown filter in card text": (
        "layouts.yaml", '"**{{ name }}**"', '"**{{ name | uper }}**"', "uper",
        "unknown filter 'uper' (did you mean 'upper'?)"),
    "unknown filter in a condition": (
        "layouts.yaml", "size: 28pt,", 'size: 28pt, show_if: "value | lenght > 1",', "lenght",
        "unknown filter 'lenght' (did you mean 'length'?)"),
    "unknown filter in a colour": (
        "layouts.yaml", "height: 30mm, color: brown}", 'height: 30mm, color: "{{ icon | lowr }}"}', "lowr",
        "unknown filter 'lowr' (did you mean 'lower'?)"),
    "unknown filter in a picture's src": (
        "layouts.yaml", '"icon:{{ icon }}"', '"icon:{{ icon | trimm }}"', "trimm",
        "unknown filter 'trimm' (did you mean 'trim'?)"),
    "syntax error in card text": (
        "layouts.yaml", '"{{ value }}"', '"{{ value + }}"', '{{ value + }}',
        "template syntax error: unexpected 'end of print statement'"),
    "unknown name in card text": (
        "layouts.yaml", '"{{ text }}"', '"{{ txt }}"', "txt",
        "'txt' is undefined (3 cards: deck.yaml lines 20–22); did you mean 'text'?"),
    "a type error at run time": (
        "layouts.yaml", '"{{ value }}"', '"{{ value + name }}"', "{{ value + name",
        "box 'value': template error: cannot add a number and text (`~` joins them as text; `| int` makes text "
        "a number) (for 3 cards: one, two, five)"),
    "a missing member": (
        "layouts.yaml", '"{{ text }}"', '"{{ card.levels }}"', "levels",
        "box 'text': card has no 'levels' (it has: copy, count, id) (for 3 cards: one, two, five)"),
    "an unknown test": (
        "layouts.yaml", '"{{ text }}"', '"{{ text }}{% if value is evn %}!{% endif %}"', "evn",
        "unknown test 'evn' (did you mean 'even'?)"),
    "an unknown filter in a token's value": (
        "tokens.yaml", "title: X — tokens", 'title: "{{ parameters | uper }}"', "uper",
        "title: unknown filter 'uper' (did you mean 'upper'?)"),
    "a type error in a token's value": (
        "tokens.yaml", "title: X — tokens", "title: \"{{ 1 + 'a' }}\"", "{{",
        "title: template error: cannot add a number and text (`~` joins them as text; `| int` makes text a number)"),
    "an unknown filter in the rulebook": (
        "rules.md", "{{ component_list() }}", "{{ component_list() | uper }}", "uper",
        "unknown filter 'uper' (did you mean 'upper'?)"),
    "an unknown name in the rulebook": (
        "rules.md", "{{ component_list() }}", "{{ compnent_list() }}", "compnent_list",
        "'compnent_list' is undefined (did you mean 'component_list'?)"),
    "a deck the rulebook misspells": (
        "rules.md", "{{ component_list() }}", "{{ decks.crads.title }}", "crads",
        "decks has no 'crads' (did you mean 'cards'?) (it has: cards)"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", sorted(CARD_TEMPLATES))
def test_a_template_mistake_is_one_located_message(run_cli, tmp_path, case, command):
    file, old, new, point, message = CARD_TEMPLATES[case]
    game = scaffold(tmp_path)
    edit(game / file, old, new)
    output = run(run_cli, command, game, tmp_path)
    assert errors_of(output, game) == [f"{where(game / file, point, after=new)}: {message}"], output
    assert "1 error" in output


def test_a_mistake_on_a_later_line_of_a_block_template_is_at_that_line(run_cli, tmp_path):
    game = scaffold(tmp_path)
    layouts = game / "layouts.yaml"
    edit(layouts, '      text: {text: "{{ text }}", x: 8mm,',
         "      text:\n        text: |\n          {% if value %}\n          {{ text | uper }}\n"
         "          {{ text + value }}\n          {% endif %}\n        x: 8mm,")
    text = layouts.read_text()
    start = text.index("        x: 8mm,")  # the rest of the flow mapping as a block one
    rest = text[start:text.index("\n", start)].strip().rstrip("}")
    layouts.write_text(text.replace(text[start:text.index("\n", start)],
                                    "\n".join(f"        {part.strip().replace(': ', ': ', 1)}"
                                              for part in rest.split(", "))))
    for command in COMMANDS:
        output = run(run_cli, command, game, tmp_path)
        assert errors_of(output, game) == [f"{where(layouts, 'uper')}: unknown filter 'uper' (did you mean 'upper'?)"]
    edit(layouts, "{{ text | uper }}", "{{ text }}")
    for command in COMMANDS:
        output = run(run_cli, command, game, tmp_path)
        assert errors_of(output, game) == [
            f"{where(layouts, '{{ text + value }}')}: box 'text': template error: cannot add text and a number "
            "(`~` joins them as text; `| int` makes text a number) (for 3 cards: one, two, five)"]


def test_one_template_failing_for_many_cards_is_one_message_naming_a_few(run_cli, tmp_path):
    game = scaffold(tmp_path)
    edit(game / "layouts.yaml", '"{{ value }}"', '"{{ value + name }}"')
    deck = game / "deck.yaml"
    rows = "".join(f"  - {{id: ship-{i}, fields: {{name: Ship {i}, value: 1}}}}\n" for i in range(1, 16))
    deck.write_text(deck.read_text() + rows)
    for command in COMMANDS:
        output = run(run_cli, command, game, tmp_path)
        (line,) = errors_of(output, game)
        assert line.endswith("(for 18 cards, e.g. one, two, five)"), line


def test_a_where_condition_with_a_misspelt_column_says_which_it_meant(run_cli, tmp_path):
    game = scaffold(tmp_path)
    (game / "cards.csv").write_text("id,name,value\na,Spark,1\nb,Flame,2\n")
    deck = game / "deck.yaml"
    text = deck.read_text()
    deck.write_text(text[:text.index("cards:\n")].replace("# data: cards.csv",
                                                          'data: {file: cards.csv, where: "valeu > 1"}'))
    for command in COMMANDS:
        output = run(run_cli, command, game, tmp_path)
        (line,) = errors_of(output, game)
        assert line.startswith(f"{where(deck, 'valeu')}: `where` fails on the row at "), line
        assert line.endswith("'valeu' is undefined (did you mean 'value'?)"), line


def test_a_misspelt_key_of_a_data_entry_says_which_it_meant(run_cli, tmp_path):
    game = scaffold(tmp_path)
    (game / "cards.csv").write_text("id,name,value\na,Spark,1\n")
    deck = game / "deck.yaml"
    edit(deck, "# data: cards.csv", 'data: {file: cards.csv, wher: "value > 1"}')
    for command in COMMANDS:
        output = run(run_cli, command, game, tmp_path)
        assert errors_of(output, game) == [f"{where(deck, 'wher:')}: unknown key 'wher' (did you mean 'where'?) "
                                           "(allowed: back, file, layout, sheet, where)"]


CHECKS = {
    "an unknown filter": ("cards | lenght == 6", "lenght", "check 'c': unknown filter 'lenght' (did you mean 'length'?)"),
    "a type error": ("cards | length + 'a'", "cards | length +", "check 'c': template error: cannot add a number and text "
                                                        "(`~` joins them as text; `| int` makes text a number)"),
    "a misspelt deck": ("decks.crads.total == 6", "crads",
                        "check 'c': decks has no 'crads' (did you mean 'cards'?) (it has: cards)"),
    "a name misspelt": ("deck.total == 6", "deck", "check 'c': 'deck' is undefined (did you mean 'decks'?)"),
    "work without end": ("range(100000) | list | select('in', range(100000) | list) | list | length > 0", "range(",
                         "check 'c': refused by the sandbox: the template looks at more than 20,000,000 items in all "
                         "(a long list searched, filtered or sorted many times)"),
}


@pytest.mark.parametrize("command", COMMANDS + ["check"])
@pytest.mark.parametrize("case", sorted(CHECKS))
def test_a_broken_declared_check_is_one_located_message(run_cli, tmp_path, case, command):
    expect, point, message = CHECKS[case]
    game = scaffold(tmp_path)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + f'checks:\n  - name: c\n    expect: "{expect}"\n')
    output = run(run_cli, command, game, tmp_path)
    assert errors_of(output, game)[:1] == [f"{where(game_yaml, point, after='name: c')}: {message}"], output


def test_a_failing_declared_check_shows_the_values_it_compared(run_cli, tmp_path):
    game = scaffold(tmp_path)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "checks:\n"
                         "  - {name: forty, expect: \"cards | length >= 40\"}\n"
                         "  - {name: cheap, expect: \"cards | sum(attribute='fields.value') <= 5\", message: too costly}\n")
    output = run_cli("check", game).output
    assert "forty: `cards | length >= 40` is false: `cards | length` is 6, expected at least 40" in output
    assert "cheap: too costly (`cards | sum(attribute='fields.value')` is 12, expected at most 5)" in output
    assert_designer_words(output)


def test_a_header_typo_in_a_shared_spreadsheet_is_one_message_naming_both_decks(run_cli, tmp_path):
    game = scaffold(tmp_path)
    (game / "cards.csv").write_text("id,name,valeu\na,Spark,1\n")
    deck = game / "deck.yaml"
    text = deck.read_text()
    own = text[:text.index("cards:\n")].replace("# data: cards.csv", "data: cards.csv")
    deck.write_text(own)
    (game / "deck2.yaml").write_text(own.replace("name: cards", "name: more"))
    edit(game / "game.yaml", "  - deck.yaml\n", "  - deck.yaml\n  - deck2.yaml\n")
    for command in COMMANDS:
        output = run(run_cli, command, game, tmp_path)
        (line,) = errors_of(output, game)
        assert line.startswith("cards.csv:1:9: column 'valeu' is not a field of decks 'cards' and 'more' "
                               "(did you mean 'value'?)"), line


# --- every template failure is in a designer's words ------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pnp.sandbox import templating  # noqa: E402

CONTEXT = {"name": "Ship", "rank": 3, "cost": 2.5, "levels": {"novice": 1}, "tags": ["a", "b"], "none": None,
           "card": {"id": "c1", "copy": 1, "count": 2}}
OPERANDS = ["name", "rank", "cost", "levels", "levels.expert", "levels['novice']", "tags", "tags[5]", "none",
            "card.nope", "nme", "1", "'a'", "[1, 2]", "{'k': 1}", "range(3)", "true", "name.upper()", "tags.count('a')"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "<", ">", "==", "in", "not in", "~", "and", "or"]
FILTERS = ["upper", "uper", "length", "lenght", "int", "float", "sum", "sort", "unique", "join(',')", "first",
           "last", "round", "abs", "list", "select('odd')", "map('upper')", "max", "default(1)", "trim", "replace('a')"]


@st.composite
def expressions(draw):
    expr = draw(st.sampled_from(OPERANDS))
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            expr = f"{expr} | {draw(st.sampled_from(FILTERS))}"
        else:
            expr = f"({expr}) {draw(st.sampled_from(OPERATORS))} {draw(st.sampled_from(OPERANDS))}"
    return expr


@settings(max_examples=400, deadline=None, derandomize=True)
@given(expressions(), st.booleans())
def test_every_template_failure_is_said_in_a_designers_words(expr, as_text):
    """Any mix of values, operators and filters either works or fails with a TemplateError whose
    message holds none of Python's own words (another exception escaping fails the test)."""
    try:
        if as_text:
            templating.render("{{ " + expr + " }}", dict(CONTEXT))
        else:
            templating.evaluate(expr, dict(CONTEXT))
    except templating.TemplateError as e:
        assert_designer_words(e.message)


def test_a_search_over_a_long_list_is_stopped_by_counting_the_items_it_looks_at():
    """`in` and the `in` test charge the size of what they search; filters the size of what they read,
    a sort n log n: the count, not the clock, stops the work, at the limit, however fast the machine."""
    steps = templating.CARD_LIMITS.steps
    for expr in ["range(100000) | list | select('in', range(100000) | list) | list",
                 "range(100000) | list | select('odd') | map('string') | select('in', ['x'] * 100000) | list",
                 "(range(100000) | list) | reject('in', range(1000) | list) | list | sort | unique | list"]:
        with pytest.raises(templating.TemplateError, match=f"looks at more than {steps:,} items"):
            templating.evaluate(expr, {})
    # the same work under the limit runs: 1,000 × 1,000 items looked at
    assert templating.evaluate("range(1000) | list | select('in', range(1000) | list) | list | length", {}) == 1000


def test_what_a_template_looks_at_is_counted():
    with templating.budget(templating.CARD_LIMITS) as b:
        templating.evaluate("5 in xs", {"xs": list(range(500))})
        assert b.steps == 1 + 500
        templating.evaluate("xs | sort | length", {"xs": list(range(1024))})
        assert b.steps >= 501 + 1024 * 10  # a sort of 1,024 items is charged 1,024 × 11


def test_repeated_messages_are_printed_once_with_their_places():
    from pnp.errors import Pos, SpecError
    from pnp.messagegroups import grouped

    same = "cell D2 holds a formula without a saved value"
    found = [SpecError(Pos("a.xlsx", 2, 4, "Ships!D2"), f"deck '{d}': {same}") for d in ("ships", "ports", "crew")]
    found += [SpecError(Pos("b.csv", n, 1), "the row is empty") for n in (3, 7, 9)]
    found += [SpecError(Pos("c.yaml", 1, 1), "one of a kind")]
    assert [str(e) for e in grouped(found)] == [
        f"a.xlsx:Ships!D2: decks 'ships', 'ports' and 'crew': {same}",
        "b.csv:3:1: the row is empty (also at b.csv:7:1, b.csv:9:1)",
        "c.yaml:1:1: one of a kind"]


def test_the_designer_words_check_catches_what_the_messages_used_to_say():
    """The shared check fails on each of Python's phrasings these messages had before, and passes
    pnp's own words that look like them (a field's declared type 'int')."""
    from designerwords import designer_word_problems

    for old in ["'pnp.spec.load.LDict object' has no attribute 'expert'",
                "template error: TypeError: can only concatenate str (not \"int\") to str",
                "expected a length such as 63mm, got LList", "'NoneType' object is not subscriptable",
                "<function f at 0x7f01ae966ed0>", "Traceback (most recent call last):",
                "bad operand type for abs(): 'str'", "unhashable type: 'dict'", "do_replace() missing 1 argument"]:
        assert designer_word_problems(old), old
    for fine in ["'type' must be one of 'text', 'int', 'number', 'bool', got 'integer'",
                 "levels has no 'expert' (it has: novice)", "cannot add text and a number",
                 "unknown filter 'uper' (did you mean 'upper'?)"]:
        assert not designer_word_problems(fine), fine


def test_a_warning_about_one_cell_four_decks_read_is_printed_once(run_cli, tmp_path):
    from test_spreadsheet_decks import build, deck, make_game, xlsx

    fields = "  name: {type: text}\n  speed: {type: int, default: 7}\n"
    decks = {f"d{i}.yaml": deck(f"d{i}", "layout: plain\ndata: cards.xlsx\n", fields) for i in range(4)}
    game = make_game(tmp_path, decks)
    xlsx(game / "cards.xlsx", {"Ships": [["name", "speed"], ["Unsaved", "=2+2"]]})
    output = " ".join(build(run_cli, game, tmp_path / "out").output.split())
    assert output.count("this formula has no saved result") == 1, output
    assert "cards.xlsx:Ships!B2: warning: this formula has no saved result" in output
    assert "1 warning" in output
    assert_designer_words(output)
