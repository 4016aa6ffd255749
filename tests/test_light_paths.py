"""A small build loads only what it uses, and the shortcuts that let it give what the full path gives.

Time is not asserted (a shared machine makes timed tests flaky): what is checked is that the
libraries a build does not need stay unloaded, and that each shortcut's result is Jinja2's own.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import line_of, write_game

PLAIN = ["", "plain text", "{{ name }}", "x {{ name }} y {{ power }}", "{{name}}{{power}}", "{ not a template }",
         "{{ name }}}", "a } b", "{{ true }}", "{{ none }}", "{{ false }} and {{ name }}", "{{ True }}",
         "{{ name }}\n", "plain\n", "two\n\n", "\n", "a\r\n{{ name }}\r\n", "a\rb"]


@pytest.mark.parametrize("source", PLAIN)
def test_plain_substitutions_give_what_jinja2_gives(source):
    from jinja2 import meta

    from pnp.sandbox import templating

    context = {"name": "Orc", "power": 3}
    env = templating.environment()
    assert templating.render(source, context) == env.from_string(source).render(context)
    assert templating.names_used(source) == set(meta.find_undeclared_variables(env.parse(source)))
    templating.check_template(source)  # compiles: no error


@pytest.mark.parametrize("seed", range(3))
def test_random_texts_render_as_jinja2_renders_them(seed):
    """Texts of braces, names, spaces and line breaks thrown together: the shortcut renders,
    refuses and names exactly what Jinja2 does, wherever it takes a text."""
    import random

    from jinja2 import meta

    from pnp.sandbox import templating

    pieces = ["{", "}", "{{", "}}", " ", "\n", "\r", "\r\n", "name", "power", "_a1", "true", "None", "-", "%",
              "\t", "é", "{%", "%}", "{#", "#}", "|", ".", "'"]
    context = {"name": "Orc", "power": 3, "_a1": "A"}
    env = templating.environment()
    rng = random.Random(seed)
    for _ in range(2000):
        source = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        try:
            expected = env.from_string(source).render(context)
        except Exception:  # a syntax error, an undefined name
            expected = None
        try:
            got = templating.render(source, context)
        except templating.TemplateError:
            got = None
        assert got == expected, repr(source)
        if templating._simple_parts(source) is not None:  # the load's checks took the shortcut too
            templating.check_template(source)
            assert templating.names_used(source) == set(meta.find_undeclared_variables(env.parse(source))), repr(source)


@pytest.mark.parametrize("source", ["{{ name", "{{ name }} {{", "{{ name | }}", "{% if %}"])
def test_a_broken_template_is_still_refused(source):
    from pnp.sandbox import templating

    with pytest.raises(templating.TemplateError, match="syntax error"):
        templating.check_template(source)


def test_a_quiet_build_of_plain_field_text_loads_neither_jinja2_nor_rich(tmp_path):
    """Jinja2 is for templates with logic in them, rich for what is printed: a quiet build of
    cards whose text is plain `{{ name }}` substitutions needs neither."""
    game = write_game(tmp_path, cards=12)
    code = ("import json, sys\n"
            "from pnp.cli import run\n"
            f"sys.argv = ['pnp', 'build', {str(game)!r}, '-q', '--out', {str(tmp_path / 'out')!r}]\n"
            "try:\n    run()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'rich'))))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PNP_JOBS": "1", "PATH": ""})
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.splitlines()[-1]) == []
    assert (tmp_path / "out" / "mini" / "cards.pdf").stat().st_size > 10_000


def test_a_template_with_logic_is_still_checked_when_the_deck_loads(tmp_path, run_cli):
    game = write_game(tmp_path, cards=3)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace('"{{ name }}"', '"{{ name | upper }}{% if power %}"'))
    run = run_cli("build", game, "--out", tmp_path / "out")
    assert run.exit_code == 2
    assert f"cards.yaml:{line_of(deck, '{% if power')}:" in run.output and "syntax error" in run.output


def test_pnp_s_own_fingerprint_follows_every_file_it_reads_and_no_compiled_one(tmp_path, monkeypatch):
    """The stamp in every manifest says which pnp built it: any code or data file of the package
    changes it (a new pnp rebuilds), a compiled module does not (Python writes those as it pleases)."""
    import pnp.fingerprint
    import pnp.paths

    package = tmp_path / "pnp"
    (package / "data" / "fonts").mkdir(parents=True)
    (package / "__pycache__").mkdir()
    (package / "cli.py").write_text("print('hi')\n")
    (package / "data" / "fonts" / "Face.ttf").write_bytes(b"\0\1\2")
    (package / "data-notes.txt").write_text("a file beside a folder of a like name\n")
    monkeypatch.setattr(pnp.paths, "PACKAGE", package)

    def fingerprint() -> str:
        pnp.fingerprint.tool_fingerprint.cache_clear()
        return pnp.fingerprint.tool_fingerprint()

    first = fingerprint()
    assert fingerprint() == first
    (package / "__pycache__" / "cli.cpython-311.pyc").write_bytes(b"compiled")
    (package / "data" / "stale.pyc").write_bytes(b"compiled")
    assert fingerprint() == first
    (package / "data" / "fonts" / "Face.ttf").write_bytes(b"\0\1\3")
    changed = fingerprint()
    assert changed != first
    (package / "data" / "fonts" / "Face.ttf").rename(package / "data" / "fonts" / "Other.ttf")
    assert fingerprint() not in (first, changed)
    pnp.fingerprint.tool_fingerprint.cache_clear()


@pytest.mark.parametrize("box", ["title", "note"])
def test_a_yaml_block_s_last_line_break_draws_nothing(tmp_path, run_cli, box):
    """`text: |` ends with a line break. Jinja2 drops a template's last one; plain text and
    `{{ name }}` text (drawn without Jinja2) must too, or the text sits half a line high in
    its box. The same card with the text on one line and as a block: the same bytes."""
    line = {"title": '      title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm, font: sans-bold, size: 14pt, align: center}\n',
            "note": ""}[box]
    one_line = {"title": line, "note": '      note: {text: "Static words", x: 5mm, y: 20mm, width: 53mm, height: 15mm, valign: middle}\n'}[box]
    block = {"title": ("      title:\n        text: |\n          {{ name }}\n"
                       "        x: 5mm\n        y: 5mm\n        width: 53mm\n        height: 10mm\n"
                       "        font: sans-bold\n        size: 14pt\n        align: center\n"),
             "note": ("      note:\n        text: |\n          Static words\n"
                      "        x: 5mm\n        y: 20mm\n        width: 53mm\n        height: 15mm\n        valign: middle\n")}[box]
    built = []
    for name, written in (("line", one_line), ("block", block)):
        game = write_game(tmp_path / name, cards=4)
        deck = game / "cards.yaml"
        text = deck.read_text()
        title = next(t for t in text.splitlines(keepends=True) if t.startswith("      title:"))
        deck.write_text(text.replace(title, written if box == "title" else title + written))
        run = run_cli("build", game, "--out", tmp_path / name / "out")
        assert run.exit_code == 0, run.output
        built.append((tmp_path / name / "out" / "mini" / "cards.pdf").read_bytes())
    assert built[0] == built[1]


def _rules_game(tmp_path, rules: str):
    game = tmp_path / "r"
    game.mkdir()
    (game / "game.yaml").write_text("title: R\nplayers: 1\ncomponents: []\n")
    (game / "rules.md").write_text(rules)
    return game


@pytest.mark.parametrize("rules, message, line", [
    ("# Rules\n\n" + "word " * 80_000, "a paragraph of 399,999 characters", 3),
    ("# Rules\n\n" + "{{ game.title }} " * 6_000, "more than 5,000 template tags", 3),
])
def test_a_rulebook_that_would_take_minutes_is_refused_where_it_is_written(tmp_path, run_cli, rules, message, line):
    """Bounded work: one paragraph of 400,000 characters took reportlab 47 s (its time grows with the
    square of the length), 200,000 template tags took Jinja2 28 s and 2.4 GB to compile."""
    game = _rules_game(tmp_path, rules)
    run = run_cli("build", game, "--out", tmp_path / "out")
    assert run.exit_code == 2
    assert f"rules.md:{line}:" in run.output and message in run.output


def test_a_card_text_repeating_a_long_field_is_refused_before_it_is_made(tmp_path, run_cli):
    """A field of 20,000 characters written 100,000 times would be 2 GB of text: measured first."""
    game = write_game(tmp_path, cards=1, card_lines="  - {id: c0, fields: {name: " + "x" * 20_000 + "}}\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace('title: {text: "{{ name }}"', 'title: {text: "' + "{{ name }}" * 100_000 + '"'))
    run = run_cli("build", game, "--out", tmp_path / "out")
    assert run.exit_code == 2
    assert "the text is 2,000,000,000 characters long" in run.output


def test_a_huge_card_template_with_logic_is_refused_before_jinja2_compiles_it(tmp_path, run_cli):
    game = write_game(tmp_path, cards=1)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace('title: {text: "{{ name }}"',
                                             'title: {text: "{% if name %}{% endif %}' + "{{ name }}" * 30_000 + '"'))
    run = run_cli("build", game, "--out", tmp_path / "out")
    assert run.exit_code == 2
    assert f"cards.yaml:{line_of(deck, '{% if name')}:" in run.output and "at most 20,000" in run.output
