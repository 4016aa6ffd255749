"""Untrusted game folders stay contained: numbers are finite and sane, work is bounded, nothing is dropped silently.

One test per attack class and surface. Each must end as a located error
(`file:line:col`, exit code 2, no traceback) or, for characters a font cannot
draw, a located warning. Attacks that could hang or exhaust memory run `pnp` in
a child process with a limit on processor time (counted work, not the clock:
see `workbound.py`) and a 1 GB address-space limit, so a regression
fails the test instead of stalling the suite.
"""
from __future__ import annotations

import math
import re
import shutil
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import MINI_GAME, line_of, write_game
from workbound import cpu_seconds, run_pnp

CPU = 60                # processor seconds a refused attack may take, at most (they take one to five)
MEMORY = 1024 ** 3      # address space of the child process


# -------------------------------------------------------------------------- running pnp

@dataclass
class Run:
    code: int
    output: str
    cpu: float  # processor seconds spent (see workbound.py: work is bounded by counting it, not by the clock)


def pnp(*args, child: bool = False, cpu: float = CPU) -> Run:
    """`pnp ARGS`, in-process, or in a child process with a memory limit and at most `cpu` processor seconds
    (`child=True`)."""
    args = [str(a) for a in args]
    if child:
        done = run_pnp(*args, cpu=cpu, memory=MEMORY)
        return Run(done.code, done.output, done.cpu)
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    with cpu_seconds() as spent:
        result = CliRunner().invoke(cli.app, args, env={"COLUMNS": "250"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.output, spent.seconds)


def refused(run: Run, where: str, message: str = "") -> str:
    """The run stopped with exit 2 and a located error at `where` (a `file:line` prefix) saying `message`."""
    text = " ".join(run.output.split())
    assert run.code == 2, run.output
    assert "Traceback" not in run.output and "MemoryError" not in run.output, run.output
    assert re.search(re.escape(where) + r"(\d+:)?\d+: ", text), run.output  # then line:col or col
    assert message in text, run.output
    return text


def mini(tmp_path: Path, old: str = "", new: str = "", extra_cards: str = "") -> Path:
    """The small test deck with `old` replaced by `new` in cards.yaml."""
    game = write_game(tmp_path, cards=2)
    deck = game / "cards.yaml"
    text = deck.read_text()
    if old:
        assert old in text, old
        text = text.replace(old, new, 1)
    deck.write_text(text + extra_cards)
    return game


# -------------------------------------------------------------------------- YAML

def test_yaml_long_text_aliased_many_times_is_refused(tmp_path):
    """A string of 100 kB reused 200 times through an alias: bounded by characters, not only by nodes."""
    cards = "  - {id: big, fields: {name: &big '" + "word " * 20_000 + "'}}\n"
    cards += "".join(f"  - {{id: z{i}, fields: {{name: *big}}}}\n" for i in range(200))
    game = mini(tmp_path, extra_cards=cards)
    run = pnp("validate", game, child=True)
    refused(run, "cards.yaml:", "characters of text (an alias bomb?)")


@pytest.mark.parametrize("tagged", [
    "!!python/object:os.system {x: 1}", "!!python/object/apply:os.system [ls]", "!!python/name:os.system",
    "!custom 3", "!custom [1, 2]", "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [{a: 1}]",
])
def test_yaml_unknown_tag_is_a_located_error(tmp_path, tagged):
    game = mini(tmp_path, "fields:\n  name:", f"subtitle: {tagged}\nfields:\n  name:")
    text = refused(pnp("validate", game), "cards.yaml:5:", "unknown YAML tag")
    assert tagged.split()[0].split(":os")[0] in text


def test_yaml_standard_tags_keep_their_plain_meaning(tmp_path):
    from pnp.reading.load import parse_yaml

    tree = parse_yaml("a: !!str 3\nb: !!int '7'\nc: !!float 2\nd: !!bool yes\ne: !!null ''\nf: ! 12\n"
                      "g: !!map {x: 1}\nh: !!seq [1]\n", "t.yaml")
    assert tree == {"a": "3", "b": 7, "c": 2.0, "d": True, "e": None, "f": "12", "g": {"x": 1}, "h": [1]}


@pytest.mark.parametrize("tagged, wants", [
    ("!!timestamp 'nope'", "a date"), ("!!timestamp 2020-13-45", "a date"), ("!!bool maybe", "true or false"),
    ("!!bool ''", "true or false"), ("!!int abc", "a whole number"), ("!!int ''", "a whole number"),
    ("!!float ''", "a number"),
])
def test_yaml_standard_tag_on_text_not_of_its_kind_is_a_located_error(tmp_path, tagged, wants):
    """`!!timestamp nope` made PyYAML's constructor fail inside (AttributeError: a traceback)."""
    game = mini(tmp_path, "fields:\n  name:", f"subtitle: {tagged}\nfields:\n  name:")
    text = refused(pnp("validate", game), "cards.yaml:5:", f"is not {wants}: remove the tag")
    assert "too large" not in text


@pytest.mark.parametrize("number", [".nan", ".NaN", ".inf", "-.inf", "1e309", "!!float nan", "!!float '-inf'",
                                    "1" + "0" * 30, "9" * 5000])
def test_yaml_number_that_is_not_finite_or_absurd_is_a_located_error(tmp_path, number):
    game = mini(tmp_path, "power: 0, icons: [star, circle]}}", f"power: {number}, icons: [star, circle]}}}}")
    refused(pnp("validate", game), f"cards.yaml:{line_of(game / 'cards.yaml', 'id: c0')}:")


# -------------------------------------------------------------------------- numbers in specs

SPEC_NUMBERS = {
    "rotation NaN as text": ("size: 14pt, align: center", "size: 14pt, align: center, rotate: 'nan'"),
    "rotation huge": ("size: 14pt, align: center", "size: 14pt, align: center, rotate: 1e308"),
    "rotation huge, written as text": ("size: 14pt, align: center", "size: 14pt, align: center, rotate: '1e999'"),
    "dash NaN": ("stroke_width: 1pt}", "stroke_width: 1pt, dash: ['nan', 2]}"),
    "dash huge": ("stroke_width: 1pt}", "stroke_width: 1pt, dash: [1e300, 2]}"),
    "dash negative": ("stroke_width: 1pt}", "stroke_width: 1pt, dash: [-3, 2]}"),
    "dash too long": ("stroke_width: 1pt}", "stroke_width: 1pt, dash: [" + ", ".join(["1"] * 40) + "]}"),
    "opacity infinite": ("stroke_width: 1pt}", "stroke_width: 1pt, opacity: '-inf'}"),
    "leading NaN": ("size: 14pt, align: center", "size: 14pt, align: center, leading: 'nan'"),
    "size 'nan mm'": ("size: 14pt, align", "size: 'nan mm', align"),
    "size '1e999mm'": ("size: 14pt, align", "size: '1e999mm', align"),
    "size huge integer": ("size: 14pt, align", "size: 100000000000000000, align"),
    "offset huge": ("x: 5mm, y: 5mm, width: 53mm", "x: 1e300, y: 5mm, width: 53mm"),
    "offset absurd percentage": ("x: 5mm, y: 5mm, width: 53mm", "x: '99999999%', y: 5mm, width: 53mm"),
    "field bound huge": ("max: 9,", "max: 1e300,"),
    "count huge": ("{id: c0,", "{id: c0, count: 100000000000,"),
}


@pytest.mark.parametrize("name", list(SPEC_NUMBERS))
def test_spec_number_out_of_range_is_a_located_error(tmp_path, name):
    old, new = SPEC_NUMBERS[name]
    game = mini(tmp_path, old, new)
    line = line_of(game / "cards.yaml", new.split(",")[-2] if name == "count huge" else new.split(", ")[-1][:12])
    refused(pnp("validate", game), f"cards.yaml:{line}:")


@pytest.mark.parametrize("cell", ["nan", "inf", "-inf", "1e999", "1e300", "9" * 30])
def test_csv_number_that_is_not_finite_or_absurd_is_a_located_error(tmp_path, cell):
    game = mini(tmp_path, "power: {type: int", "score: {type: number}\n  power: {type: int")
    (game / "rows.csv").write_text(f"id,name,score\nr1,One,2.5\nr2,Two,{cell}\n")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("cards:\n", "data: rows.csv\ncards:\n"))
    refused(pnp("validate", game), "rows.csv:3:", "field 'score'")


def test_a_csv_with_200000_columns_is_one_located_error_in_seconds(tmp_path):
    """Each unknown column was an error of its own: 200,000 of them took minutes to find and print."""
    game = mini(tmp_path)
    n = 200_000
    (game / "rows.csv").write_text(",".join(f"c{i}" for i in range(n)) + "\n" + ",".join("1" * n) + "\n")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("cards:\n", "data: rows.csv\ncards:\n"))
    run = pnp("validate", game, child=True)
    text = refused(run, "rows.csv:1:", "too many columns: 200,000")
    assert "1 error" in text


def test_a_huge_file_in_the_game_folder_costs_no_time_to_fingerprint(tmp_path):
    """Every file of the folder is hashed to tell whether the outputs are current: a sparse file of 30 GB (30 MB
    zipped) took a minute, 200 GB would take several. No read takes more than 20 MB, so only its size counts."""
    game = mini(tmp_path)
    with open(game / "junk.bin", "wb") as f:
        f.truncate(200 * 1024 ** 3)
    done = run_pnp("build", game, "--out", tmp_path / "out", "-q", cpu=20)  # hashing 200 GB takes minutes
    assert done.code == 0, done.output
    from pnp.fingerprint import LARGEST_READ, read_inputs

    before = read_inputs(game)["junk.bin"]
    with open(game / "junk.bin", "r+b") as f:
        f.truncate(LARGEST_READ + 1)
    assert read_inputs(game)["junk.bin"] != before  # its size still counts
    (game / "junk.bin").rename(game / "junk.csv")
    game.joinpath("cards.yaml").write_text(game.joinpath("cards.yaml").read_text()
                                           .replace("cards:\n", "data: junk.csv\ncards:\n"))
    refused(pnp("validate", game), "cards.yaml:", "too large")


@pytest.mark.parametrize("blank", ["\n", ",\n"])
def test_a_csv_of_millions_of_blank_records_is_one_located_error_in_a_second(tmp_path, blank):
    """5 MB of blank records (line breaks, or commas alone) were millions of records skipped one by one: 6 s."""
    game = mini(tmp_path)
    (game / "rows.csv").write_text("id,name\n" + blank * (4_900_000 // len(blank)))
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("cards:\n", "data: rows.csv\ncards:\n"))
    run = pnp("validate", game)
    refused(run, "rows.csv:200001:", "too many lines: more than 200,000 records, blank ones included")
    assert run.cpu < 2, run.cpu  # skipping the records one by one took 6 s


def test_a_hundred_thousand_errors_are_counted_but_not_all_printed(tmp_path):
    """A row of one cell under a header of five, 100,000 times: printing every error took 20 s."""
    game = mini(tmp_path)
    (game / "rows.csv").write_text("id,name,power\n" + "".join(f"r{i}\n" for i in range(100_000)))
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("cards:\n", "data: rows.csv\ncards:\n"))
    run = pnp("validate", game, child=True)
    text = refused(run, "rows.csv:2:", "1 error, at 100000 places")  # one mistake, counted once
    # one mistake at 100,000 places: said once, with the first ten other places and how many more
    assert "row has 1 cells but the header names 3 columns (also at " in text
    assert "rows.csv:12:1 and 99989 more places)" in text
    assert text.count("rows.csv:") == 11


def _models():
    import importlib
    import pkgutil

    from pydantic import BaseModel

    import pnp

    for info in pkgutil.walk_packages(pnp.__path__, "pnp."):
        if info.name != "pnp.__main__":
            importlib.import_module(info.name)
    found, todo = [], list(BaseModel.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("pnp.") and cls not in found:
            found.append(cls)
    return sorted(found, key=lambda c: (c.__module__, c.__name__))


def _float_fields():
    for model in _models():
        for name, info in model.model_fields.items():
            shown = repr(info.annotation)
            if "float" in shown or name in ("x", "y", "width", "height") and "Any" in shown:
                yield pytest.param(model, name, shown, id=f"{model.__name__}.{name}")


@pytest.mark.parametrize("model, name, annotation", list(_float_fields()))
def test_every_number_field_of_every_model_refuses_non_finite_and_absurd_values(model, name, annotation):
    """NaN, ±inf and ±1e308 are refused by the field itself (by type, not by luck of the caller)."""
    from pydantic import ValidationError

    assert model.model_config.get("allow_inf_nan") is False, model
    field = model.model_fields[name]
    key = field.alias or name
    for bad in (math.nan, math.inf, -math.inf, 1e308, -1e308, "nan", "1e999"):
        value = [bad, bad] if annotation.startswith(("list", "tuple")) or "list[" in annotation else bad
        with pytest.raises(ValidationError) as info:
            model.model_validate({key: value})
        assert any(e["loc"] and e["loc"][0] == key for e in info.value.errors()), (bad, info.value)


# -------------------------------------------------------------------------- numbers in art (more in test_art.py)

@pytest.mark.parametrize("body", [
    '<path d="M0 0 L1e999 5"/>',
    '<g transform="scale(1e8)"><g transform="scale(1e8)"><rect width="10" height="10"/></g></g>',
    '<rect width="10" height="10" transform="matrix(1 0 0 1 1e300 0)"/>',
])
def test_art_number_out_of_range_is_a_located_error(tmp_path, body):
    game = mini(tmp_path, 'src: "icon:star"', 'src: "art/pic.svg"')
    (game / "art").mkdir()
    (game / "art" / "pic.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
                                          f'{body}\n</svg>\n')
    refused(pnp("build", game, "--out", tmp_path / "out"), "pic.svg:2:", "out of range")


# -------------------------------------------------------------------------- numbers on the command line

@pytest.mark.parametrize("args", [
    ["build", "--back-offset", "nan,0"], ["build", "--back-offset", "0,inf"], ["build", "--back-offset", "1e999,0"],
    ["build", "--back-offset", "50,0"], ["build", "--count", "nan"], ["build", "--count", "1e9"],
    ["build", "--count", "100000"], ["build", "--seed", "1" + "0" * 30], ["build", "--seed", "-1"],
    ["build", "--seed", "nan"], ["build", "--sets", "inf"], ["build", "--sets", "100000"],
    ["simulate", "--games", "nan"], ["simulate", "--games", "1e12"], ["simulate", "--seed", "1" + "0" * 30],
    ["check", "--games", "-inf"], ["check", "--seed", "inf"],
])
def test_cli_number_out_of_range_is_a_usage_error(tmp_path, args):
    game = write_game(tmp_path, cards=1)
    command, *options = args
    out = ["--out", tmp_path / "out"] if command != "check" else []
    run = pnp(command, game, *options, *out)
    assert run.code == 2, run.output
    assert "Traceback" not in run.output and options[0] in run.output
    assert not (tmp_path / "out").exists()


# -------------------------------------------------------------------------- Jinja: card text, rulebook, declared checks

ATTACKS = {
    "lipsum": "{{ lipsum(10**6) }}",
    "string multiplication": "{{ 'x' * 10**9 }}",
    "list multiplication": "{{ ([1] * 10**9) | length }}",
    "huge power": "{{ 7 ** (10**9) }}",
    "long loop": "{% for i in range(10**9) %}{% endfor %}",
    "nested loops": "{% for i in range(10**5) %}{% for j in range(10**5) %}{% endfor %}{% endfor %}",
    "recursive macro": "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
    "branching macro": "{% macro f(n) %}{% if n < 30 %}{{ f(n + 1) }}{{ f(n + 1) }}{% endif %}{% endmacro %}{{ f(0) }}",
    "range to list": "{{ range(10**8) | list }}",
    "doubling a string": "{% set ns = namespace(s='xx') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}"
                         "{% endfor %}{{ ns.s | length }}",
    "format width": "{{ '{:>999999999}'.format('x') }}",
    "percent width": "{{ '%999999999d' % 1 }}",
    "padding filter": "{{ 'x' | center(10**9) }}",
    "a billion slices": "{{ range(5) | slice(10**9) | list | length }}",
    "output size": "{% for i in range(99999) %}{{ 'word ' * 999 }}{% endfor %}",
}


@pytest.mark.parametrize("name", list(ATTACKS))
def test_card_text_attack_is_bounded(tmp_path, name):
    template = ATTACKS[name].replace('"', '\\"')
    game = mini(tmp_path, 'text: "Power **{{ power }}** :star:"', f'text: "{template} {{{{ power }}}}"')
    run = pnp("validate", game, child=True)
    text = refused(run, "cards.yaml:")
    assert "refused by the sandbox" in text or "template error" in text
    assert run.cpu < CPU


@pytest.mark.parametrize("name", ["lipsum", "string multiplication", "nested loops", "recursive macro",
                                  "range to list", "output size", "a billion slices"])
def test_rulebook_attack_is_bounded(tmp_path, name):
    game = write_game(tmp_path, cards=1)
    (game / "rules.md").write_text("# Rules\n\nPlay well.\n\n" + ATTACKS[name] + "\n")
    run = pnp("build", game, "--out", tmp_path / "out", child=True)
    text = refused(run, "rules.md:")
    assert "refused by the sandbox" in text or "template error" in text
    assert not (tmp_path / "out" / "mini" / "rulebook.pdf").exists()


@pytest.mark.parametrize("heading", ["# " + "h" * 50_000, "# " + " ".join(["word"] * 30_000),
                                     "# Rules\n\n> ## " + "q" * 300], ids=["one word", "many words", "quoted"])
def test_a_rulebook_heading_too_long_to_set_is_a_located_error_in_seconds(tmp_path, heading):
    """A heading is set in the contents, the outline and every running header: 50,000 characters took minutes."""
    game = write_game(tmp_path, cards=1)
    (game / "rules.md").write_text(heading + "\n\nPlay well.\n")
    run = pnp("validate", game, child=True)
    refused(run, f"rules.md:{heading.count(chr(10)) + 1}:", "a heading is at most 200")


RULEBOOK_BULK = {
    "a word of 250,000 characters": ("[" * 50_000 + "x" + "](y)" * 50_000, "rules.md:3:", "a word is at most 1,000"),
    "a table of 180,000 cells": ("|" + "a|" * 60 + "\n|" + "-|" * 60 + "\n" + ("|" + "x|" * 60 + "\n") * 3000,
                                 "rules.md:3:", "a table has at most 10,000"),
    "20,000 headings": ("".join(f"## H{i}\n" for i in range(20_000)), "rules.md:1002:", "more than 1,000 headings"),
}


@pytest.mark.parametrize("name", list(RULEBOOK_BULK))
def test_rulebook_bulk_reportlab_lays_out_slowly_is_a_located_error_in_seconds(tmp_path, name):
    """Each of these took reportlab minutes to lay out (a long word is broken one character at a time)."""
    body, where, message = RULEBOOK_BULK[name]
    game = write_game(tmp_path, cards=1)
    (game / "rules.md").write_text("# Rules\n\n" + body + "\n")
    run = pnp("validate", game, child=True, cpu=20)
    refused(run, where, message)
    assert run.cpu < 20


def test_a_picture_used_many_times_in_the_rulebook_is_a_located_error_at_the_one_too_many(tmp_path):
    """Each use of a Markdown picture was decoded, drawn and rendered again: a 2 MB picture written 300 times took
    37 s and 830 MB for the PDF, and 150 s and 2.8 GB for the web page."""
    from PIL import Image

    game = write_game(tmp_path, cards=1)
    (game / "art").mkdir()
    Image.new("RGB", (40, 30), "red").save(game / "art/p.png")
    (game / "rules.md").write_text("# Rules\n\n" + "".join(f"![figure {i}](art/p.png)\n\n" for i in range(101)))
    run = pnp("validate", game)
    refused(run, "rules.md:203:", "more than 100 pictures in the rulebook (each use counts)")
    assert run.cpu < 2


def test_one_page_shown_by_many_figures_is_read_and_rendered_once():
    """Each figure() of a page copied the output and rendered the page again, each image kept: 400 figures of
    one page held 2 GB. Figures of one page now share one copy and one image per width."""
    from pnp.rulebook.language import Helpers

    files = {"cards.pdf": _one_page_pdf()}
    helpers = Helpers(None, files)
    for width in ("170mm", "170mm", "60mm"):
        helpers.figure("cards.pdf", page=1, width=width)
    first, second, third = helpers.figures
    assert first.pdf is second.pdf is third.pdf
    first.scaled(300)
    assert second.scaled(300) is first.scaled(300) and second.size == first.size
    assert helpers.figure("cards.pdf", page=1, crop=False) and helpers.figures[-1]._scaled is not first._scaled


def _one_page_pdf() -> bytes:
    import io

    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(200, 200))
    canvas.rect(20, 20, 100, 100, fill=1)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_a_picture_repeated_in_every_svg_face_is_bounded(tmp_path, monkeypatch):
    """Each SVG file holds its pictures itself: one picture of 10 MB on the shared back of 200 cards was 2.8 GB of
    SVG text, then a MemoryError traceback. Here the bound is lowered to 1 MB, for a picture of 100 kB."""
    import os

    from PIL import Image

    from pnp.draw import svg

    monkeypatch.setattr(svg, "MAX_REPEATED_PICTURES", 1_000_000)
    game = write_game(tmp_path, cards=20)
    (game / "art").mkdir()
    Image.frombytes("L", (320, 320), os.urandom(320 * 320)).save(game / "art/back.png")
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace('src: "icon:star"', 'src: "art/back.png"'))
    run = pnp("build", game, "--out", tmp_path / "out", "--format", "svg")
    refused(run, "cards.yaml:1:", "picture 'art/back.png' (")
    assert "is held again in each SVG file that shows it: more than 1 MB" in " ".join(run.output.split())
    assert not (tmp_path / "out" / "mini").exists()


@pytest.mark.parametrize("body", ['{{ card("mini", ["c0"] * 400) }}', "{{ page_break() }}\n" * 3000,
                                  '{{ figure("cards.pdf", width="0mm") }}'], ids=["a row of 400 cards", "3000 page breaks",
                                                                                 "a figure of no width"])
def test_a_rulebook_reportlab_cannot_lay_out_is_a_located_error(tmp_path, body):
    """reportlab's LayoutError and ValueError were tracebacks."""
    game = write_game(tmp_path, cards=1)
    (game / "rules.md").write_text("# Rules\n\n" + body + "\n")
    refused(pnp("validate", game, child=True), "rules.md:1:", "the rulebook cannot be laid out")


@pytest.mark.parametrize("name", ["string multiplication", "huge power", "range to list", "padding filter"])
def test_declared_check_attack_is_bounded(tmp_path, name):
    game = write_game(tmp_path, cards=1)
    expression = ATTACKS[name].strip("{} ").replace("'", "''")
    (game / "game.yaml").write_text(MINI_GAME + f"checks:\n  - name: hostile\n    expect: '({expression}) == 1'\n")
    run = pnp("check", game, child=True)
    refused(run, "game.yaml:6:", "hostile")


def test_slow_card_template_costs_its_time_budget_once_not_once_per_card(tmp_path):
    cards = "".join(f"  - {{id: x{i}, fields: {{name: X{i}, power: 1}}}}\n" for i in range(300))
    template = ATTACKS["branching macro"].replace('"', '\\"')
    game = mini(tmp_path, 'text: "Power **{{ power }}** :star:"', f'text: "{template} {{{{ power }}}}"',
                extra_cards=cards)
    run = pnp("validate", game, child=True, cpu=20)
    text = refused(run, "cards.yaml:", "runs longer than")
    assert "not run again" in text
    assert run.cpu < 20


def test_card_text_too_long_even_without_templates_is_refused(tmp_path):
    """A 3 MB literal card text: bounded before it reaches text layout (which would take minutes)."""
    cards = "".join(f"  - {{id: big{i}, fields: {{name: '" + f"w{i}ord " * 30_000 + "'}}\n" for i in range(15))
    game = mini(tmp_path, extra_cards=cards)
    run = pnp("build", game, "--out", tmp_path / "out", child=True)
    refused(run, "cards.yaml:", "a card's text is at most")


def test_token_counts_are_bounded(tmp_path):
    """Counts × pieces: each count is at most 500, and all of them together at most 100,000 tokens."""
    game = tmp_path / "tk"
    game.mkdir()
    (game / "game.yaml").write_text("title: Tk\nplayers: 1\ncomponents: [tokens.yaml]\n")
    pieces = "".join(f"  - {{id: p{i}, shape: circle, size: 10mm, count: 500}}\n" for i in range(201))
    (game / "tokens.yaml").write_text("kind: tokens\nname: t\npieces:\n" + pieces)
    refused(pnp("build", game, "--out", tmp_path / "out", child=True), "tokens.yaml:4:", "100,500 tokens")


@pytest.mark.parametrize("source", ["{{ card.copy }} of {{ card['count'] }}", "{{ card.items }}", "{{ cycler(1, 2) }}",
                                    "{% macro m() %}{% endmacro %}{{ m }}", "{{ joiner() }}"])
def test_a_template_printing_a_method_or_a_bare_object_is_an_error_not_a_memory_address(source):
    """Its text would hold a memory address, which changes from run to run: the output must not."""
    from pnp.sandbox.templating import TemplateError, render

    with pytest.raises(TemplateError, match="not a value"):
        render(source, {"card": {"id": "c1", "copy": 2, "count": 3}})
    assert render("{{ card['copy'] }} of {{ card.count }}", {"card": {"copy": 2, "count": 3}}) == "2 of 3"


def test_templates_still_do_ordinary_work():
    from pnp.sandbox.templating import render

    context = {"name": "Orc", "power": 3, "tags": ["a", "b"]}
    source = ("{% for i in range(power) %}*{% endfor %} {{ name ~ '!' }} {{ tags | join(', ') }} "
              "{{ '%-5s|' % name }} {{ '{:>4}'.format(power) }} {{ 'ab' * 3 }} {{ 2 ** 10 }} {{ lipsum(1, false, 5, 9) | length > 0 }}")
    assert render(source, context) == "*** Orc! a, b Orc  |    3 ababab 1024 True"


# -------------------------------------------------------------------------- fonts

def test_characters_the_font_cannot_draw_are_a_located_warning(tmp_path):
    game = mini(tmp_path, "name: Card 1,", "name: '日本 Card',")
    run = pnp("build", game, "--out", tmp_path / "out")
    assert run.code == 0, run.output
    text = " ".join(run.output.split())
    line = line_of(game / "cards.yaml", "日本")
    assert re.search(rf"cards\.yaml:{line}:\d+: warning: deck 'mini', card 'c1' \(front\), box 'title': font 'sans-bold' has no "
                     r"glyph for U\+65E5 '日', U\+672C '本'", text), run.output


def test_glyph_coverage_is_a_reusable_check():
    from pnp.draw.fonts import missing_glyphs
    from pnp.draw.text import set_text

    assert missing_glyphs("Ünïcødé Ωμέγα Жук ① ✓", "sans") == ""
    assert missing_glyphs("a日b本日\n", "serif") == "日本"
    assert set_text("x **日**", "sans", 9, 6, 100, 30).missing == (("sans-bold", "日"),)


# -------------------------------------------------------------------------- the last line of defence

@pytest.mark.parametrize("surface_name", ["pdf", "svg"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_surfaces_refuse_non_finite_numbers(surface_name, bad):
    from pnp.draw.finite import NonFiniteNumber
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.svg import SvgSurface

    surface = PdfSurface() if surface_name == "pdf" else SvgSurface()
    surface.begin_page(100, 100)
    calls = [lambda: surface.rect(bad, 0, 10, 10, fill="#000000"), lambda: surface.translate(0, bad),
             lambda: surface.rotate(bad), lambda: surface.path([("M", 0, 0), ("L", bad, 1)], stroke="#000000"),
             lambda: surface.text(0, bad, "x", font="sans", size=9),
             lambda: surface.line(0, 0, 1, 1, width=bad), lambda: surface.circle(0, 0, bad, fill="#000000")]
    for call in calls:
        with pytest.raises(NonFiniteNumber):
            call()


# -------------------------------------------------------------------------- property: hostile numbers anywhere

# YAML reads 1e308 as text and 1.0e+308 as a number: both forms, and denormals and zeros (which often pass)
HOSTILE_YAML = [".nan", ".inf", "-.inf", "1.0e+308", "-1.0e+308", "1e308", "1.0e-320", "5.0e-324", "1e-320", "0",
                "-0.0", "1" + "0" * 40, "-" + "9" * 400, "'1e999mm'", "'nan mm'", "'nan'", "'-inf'", "'1e999'",
                "'1e-320mm'", "!!float nan", "'99999999%'"]
HOSTILE_CSV = ["nan", "inf", "-inf", "1e308", "-1e308", "1e-320", "1e999", "9" * 40, "1e999mm", "NaN", "0", "-0"]
_YAML_NUMBER = re.compile(r"(?<=[:\[,] )-?\d+(?:\.\d+)?(?:mm|pt|cm|in|%)?(?=[,}\]\s])")
_PDF_STREAM = re.compile(rb"stream\r?\n(.*?)(?:\r?\n)?endstream", re.S)
_NON_FINITE = re.compile(rb"(?<![\w.])-?(?:nan|inf)(?![\w])", re.I)
_PDF_TEXT = re.compile(rb"\((?:\\.|[^\\)])*\)")  # a string drawn as text: "nan" there is a word, not a number
_SVG_NON_FINITE = re.compile(r'="[^"]*(?<![\w.])-?(?:nan|inf)(?![\w])[^"]*"', re.I)  # in an attribute


def _number_sites(game: Path) -> list[tuple[str, int, int]]:
    """(file, start, end) of every number written in the game's YAML and CSV files."""
    sites = []
    for path in sorted(p for p in game.iterdir() if p.is_file()):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".yaml":
            body = text.index("\nkind:") if "\nkind:" in text else 0
            sites += [(path.name, m.start(), m.end()) for m in _YAML_NUMBER.finditer(text, body)]
        elif path.suffix == ".csv":
            for m in re.finditer(r"(?<=,)-?\d+(?:\.\d+)?(?=,|\n)", text):
                sites.append((path.name, m.start(), m.end()))
    return sites


def non_finite_in_pdf(data: bytes) -> list[bytes]:
    """`nan`/`inf` number tokens in a PDF's text and its decompressed content streams (not in font programs)."""
    found = _NON_FINITE.findall(_PDF_STREAM.sub(b"stream endstream", data))
    for m in _PDF_STREAM.finditer(data):
        try:
            content = zlib.decompressobj().decompress(m.group(1))
        except zlib.error:
            content = m.group(1)
        if content.isascii():
            found += _NON_FINITE.findall(_PDF_TEXT.sub(b"()", content))
    return found


@pytest.fixture(scope="module")
def cave_template(tmp_path_factory) -> Path:
    from pnp.paths import EXAMPLES

    game = tmp_path_factory.mktemp("template") / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    (game / "rules.md").unlink()  # the rulebook holds no numbers of its own; it only slows each example
    return game


def test_hostile_numbers_anywhere_give_a_located_error_or_finite_output(cave_template):
    """Put NaN, infinities, absurd magnitudes and denormals into the numbers of a bundled game, a few at a time:
    every build either fails with a located error (exit 2) or writes PDFs and SVGs without a `nan` or `inf`."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    sites = _number_sites(cave_template)
    assert len(sites) > 100

    @settings(max_examples=100, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.tuples(st.sampled_from(sites), st.integers(0, len(HOSTILE_YAML) - 1)),
                    min_size=1, max_size=3, unique_by=lambda t: t[0]))
    def check(changes):
        with tempfile.TemporaryDirectory() as tmp:
            game = Path(shutil.copytree(cave_template, Path(tmp) / "cave"))
            files: dict[str, str] = {}
            for (name, start, end), pick in sorted(changes, key=lambda c: -c[0][1]):
                text = files.get(name) or (game / name).read_text(encoding="utf-8")
                value = HOSTILE_CSV[pick % len(HOSTILE_CSV)] if name.endswith(".csv") else HOSTILE_YAML[pick]
                files[name] = text[:start] + value + text[end:]
            for name, text in files.items():
                (game / name).write_text(text, encoding="utf-8")
            run = pnp("build", game, "--out", Path(tmp) / "out", "--format", "pdf,svg")
            assert run.code in (0, 2), run.output
            assert "Traceback" not in run.output
            if run.code == 2:
                assert re.search(r"\w+\.(yaml|csv):\d+:\d+: ", run.output), run.output
            else:
                pdfs = list((Path(tmp) / "out").rglob("*.pdf"))
                assert pdfs
                for pdf in pdfs:
                    assert non_finite_in_pdf(pdf.read_bytes()) == [], (pdf.name, changes)
                for svg in (Path(tmp) / "out").rglob("*.svg"):
                    assert not _SVG_NON_FINITE.search(svg.read_text(encoding="utf-8")), (svg.name, changes)

    check()


def test_non_finite_detector_finds_what_it_looks_for():
    """The property test's detector can fail: it sees `nan` in a page whether or not it is compressed."""
    page = b"q 1 0 0 1 nan 5 cm Q"
    assert non_finite_in_pdf(b"%PDF\n1 0 obj<<>>stream\n" + zlib.compress(page) + b"\nendstream") == [b"nan"]
    assert non_finite_in_pdf(b"%PDF\n1 0 obj<<>>stream\n" + page.replace(b"nan", b"-inf") + b"\nendstream") == [b"-inf"]
    assert non_finite_in_pdf(b"%PDF\n1 0 obj<<>>stream\n" + zlib.compress(b"q 1 0 0 1 5 5 cm Q") + b"\nendstream") == []
    assert non_finite_in_pdf(b"%PDF\n1 0 obj<<>>stream\n" + zlib.compress(b"BT (nan \\) inf) Tj ET") + b"\nendstream") == []
    assert _SVG_NON_FINITE.search('<rect x="nan" y="1"/>') and not _SVG_NON_FINITE.search('<text x="1">infinite</text>')


def test_slow_templates_in_token_words_are_bounded_for_the_whole_file(tmp_path):
    """Every token's words may hold a template of their own: after one runs out of time the file's
    other templates are not run, so a hundred slow ones cost one budget, not a hundred."""
    template = ATTACKS["branching macro"].replace('"', '\\"')
    game = tmp_path / "tk"
    game.mkdir()
    (game / "game.yaml").write_text("title: Tk\nplayers: 1\ncomponents: [tokens.yaml]\n")
    pieces = "".join(f'  - {{id: p{i}, shape: circle, size: 10mm, front: {{label: "{template} {i}"}}}}\n'
                     for i in range(100))
    (game / "tokens.yaml").write_text("kind: tokens\nname: t\npieces:\n" + pieces)
    run = pnp("validate", game, child=True, cpu=20)
    text = refused(run, "tokens.yaml:4:", "runs longer than")
    assert "other templates were not run" in text
    assert run.cpu < 20
