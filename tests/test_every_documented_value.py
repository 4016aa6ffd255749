"""Every value the spec documents as a choice builds on every kind that takes it.

The choices are read from the JSON Schema pnp ships (pnp/data/schema/*.json: every `enum` and
`const` a property offers) and, for every property the schema calls a colour, from the colour names
the model accepts (`pnp.models.types.NAMED_COLORS`, `none` among them). Each choice is written into
the places of the `pnp new` games where that property belongs (a colour name into at least one of
them, `none` into all) (found by walking each spec file
alongside its schema, not from a list of places) and the game is built: exit 0 and no traceback,
or, where a value cannot work in that place, one located refusal in the designer's words.
"""
from __future__ import annotations

import copy
import json
import re
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from pnp.paths import SCHEMAS
from pnp.models.types import NAMED_COLORS

COLOUR_WORDS = "a colour name or #rrggbb", "a colour name, #rrggbb, or a template like {{ color }}"
TEMPLATES = ("default", "hex", "routes", "art")
# Properties that choose which model a mapping is (not a value of one), and the file kinds themselves.
SELECTORS = {"kind", "type"}
# A layout of every box type, written inline where a token side, a die, a space type and a grid take one.
LAID = {"background": "white", "boxes": {
    "plate": {"type": "shape", "shape": "circle", "x": "10%", "y": "10%", "width": "80%", "height": "80%",
              "fill": "#eeeeee", "stroke": "black", "text": "L", "size": "6pt", "min_size": "3pt", "color": "black",
              "align": "center", "valign": "middle"},
    "word": {"text": "A", "x": "10%", "y": "10%", "width": "80%", "height": "30%", "size": "6pt", "min_size": "3pt",
             "color": "black", "align": "center", "valign": "middle"},
    "row": {"type": "icons", "icons": ["star"], "x": "10%", "y": "45%", "width": "80%", "height": "20%",
            "color": "black", "align": "center", "valign": "middle"},
    "pic": {"type": "image", "src": "icon:star", "x": "30%", "y": "70%", "width": "40%", "height": "25%",
            "align": "center", "fit": "contain"}}}
# What the `pnp new` games do not have, added so that every model with a documented choice appears.
ADDITIONS = [
    ("default", "game.yaml", ("parameters", "hand"), {"value": 5, "means": "cards in hand", "limit": "max", "of": ["cards"]}),
    ("default", "game.yaml", ("print", "gutter"), "auto"),
    ("default", "game.yaml", ("balance",), {"games": 20, "expect": [{"name": "short games", "figure": "mean_rounds",
                                                                       "at_most": 12, "level": "target"}]}),
    ("default", "layouts.yaml", ("layouts", "front", "boxes", "row"),
     {"type": "icons", "icons": ["star", "circle"], "x": "6mm", "y": "16mm", "width": "51mm", "height": "4mm", "color": "brown"}),
    ("art", "cards.yaml", ("layouts", "place", "boxes", "row"),
     {"type": "icons", "icons": ["star"], "x": "5mm", "y": "50mm", "width": "53mm", "height": "5mm"}),
    ("default", "sheet.yaml", ("pictures", "seal"), {"src": "art/seal.png", "width": "20mm", "height": "20mm"}),
    ("default", "sheet.yaml", ("layout",), [["title", "rounds"], ["town", ["dice", "buildings"]], ["score", "rules"],
                                           ["seal"]]),
    ("default", "tokens.yaml", ("pieces",), "APPEND", {"id": "seal", "name": "Seal", "shape": "custom", "outline": "art/cut.svg",
                                                    "size": "20mm", "front": {"fill": "#ffe082", "icon": "star"}}),
    ("default", "tokens.yaml", ("pieces",), "APPEND", {"id": "laid", "shape": "circle", "size": "20mm",
                                                    "front": {"label": "Laid", "layout": LAID}}),
    ("default", "dice.yaml", ("dice",), "APPEND", {"id": "laid", "faces": [1, 2, 3, 4, 5, 6], "layout": LAID}),
    ("default", "board.yaml", ("spaces", "field", "layout"), LAID),
    ("default", "sheet.yaml", ("grids", "town", "layout"), LAID),
    ("routes", "board.yaml", ("pieces", "ship"), {"icon": "star", "color": "red", "mark": True}),
    ("routes", "board.yaml", ("scenarios",), [{"id": "first", "name": "First", "pieces": [{"piece": "ship", "at": "ashby"}]}]),
]


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=64)
def _parsed(text: str):
    return yaml.load(text, Loader=_LOADER)


def _read(path: Path):
    """The YAML file's data (a fresh copy: callers change it), each text parsed once: the test reads the
    same few base files thousands of times."""
    return copy.deepcopy(_parsed(path.read_text(encoding="utf-8")))


def _schemas() -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(Path(SCHEMAS).glob("*.json"))}


def _resolve(schema: dict, node: dict) -> tuple[str | None, dict]:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return name, schema["$defs"][name]
    return None, node


def _branch(schema: dict, node: dict, value) -> tuple[str | None, dict]:
    """The schema (and its model's name) that a value is written to: through refs and unions."""
    name, node = _resolve(schema, node)
    options = node.get("anyOf") or node.get("oneOf")
    if not options:
        return name, node
    mappings = [_resolve(schema, o) for o in options]
    if isinstance(value, dict):
        objects = [(n, o) for n, o in mappings if o.get("type") == "object" or "properties" in o]
        for n, o in objects:
            tag = o.get("properties", {}).get("type", {}).get("const")
            if tag is not None and value.get("type", "text") == tag:
                return n, o
        if objects:
            return objects[0]
    if isinstance(value, list):
        for n, o in mappings:
            if o.get("type") == "array":
                return n, o
    return name, node


def _places(schema: dict, node: dict, value, path: tuple, out: dict) -> None:
    """Every mapping of the spec file, with the model it is written in: out[model] = [path, …]."""
    model, node = _branch(schema, node, value)
    if isinstance(value, dict):
        if model is not None or node is schema:
            out.setdefault(model or "", []).append(path)
        props = node.get("properties", {})
        extra = node.get("additionalProperties")
        for key, item in value.items():
            sub = props.get(key) or (extra if isinstance(extra, dict) else None)
            if sub is not None:
                _places(schema, sub, item, path + (key,), out)
    elif isinstance(value, list) and isinstance(node.get("items"), dict):
        for i, item in enumerate(value):
            _places(schema, node["items"], item, path + (i,), out)


def _choices(prop: dict) -> list:
    """The documented values of one property: its enum or consts, or every colour name."""
    found: list = []
    for option in [prop, *prop.get("anyOf", []), *prop.get("oneOf", [])]:
        found += option.get("enum", [])
        if "const" in option:
            found.append(option["const"])
        if option.get("description") in COLOUR_WORDS:
            found += sorted(NAMED_COLORS)
    return list(dict.fromkeys(found))


def documented_choices(schema: dict) -> dict[tuple[str, str], list]:
    """(model, property) → its documented values, for the file's root model ("") and every $def."""
    out = {}
    for model, node in [("", schema), *schema.get("$defs", {}).items()]:
        for prop, sub in node.get("properties", {}).items():
            values = _choices(sub)
            if values and prop not in SELECTORS:
                out[(model, prop)] = values
    return out


def _make(template: str, root: Path, run_cli) -> Path:
    game = root / template
    assert run_cli("new", game.name, "--dir", root, "--template", template).exit_code == 0
    if template == "default":  # a picture for the sheet's picture section
        from PIL import Image

        (game / "art").mkdir(exist_ok=True)
        Image.new("RGB", (300, 300), "#8d6e63").save(game / "art" / "seal.png", dpi=(300, 300))
        (game / "art" / "cut.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                                              '<path d="M50 4 L96 50 L50 96 L4 50 Z"/></svg>', encoding="utf-8")
    for t, name, path, *value in ADDITIONS:
        if t == template:
            data = _read(game / name)
            at = data
            for step in path[:-1]:
                at = at.setdefault(step, {})
            if value[0] == "APPEND":
                at[path[-1]].append(value[1])
            else:
                at[path[-1]] = value[0]
            (game / name).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return game


def _spec_files(game: Path, schemas: dict) -> list[tuple[Path, str, object]]:
    """(file, its kind, its loaded data) for game.yaml and every spec file of the game."""
    out = []
    for path in sorted(game.glob("*.yaml")):
        data = _read(path)
        kind = "game" if path.name == "game.yaml" else data.get("kind")
        if kind in schemas:
            out.append((path, kind, data))
    return out


def _set(data, path: tuple, prop: str, value) -> None:
    for step in path:
        data = data[step]
    data[prop] = value


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    runner = CliRunner()

    def run(*args):
        return runner.invoke(cli.app, [str(a) for a in args])

    root = tmp_path_factory.mktemp("bases")
    return {t: _make(t, root, run) for t in TEMPLATES}, run


def _cases(schemas: dict, bases: dict) -> tuple[dict, set]:
    """template → [(kind, model, property, its values, the file, the place)], and the (kind, model, property)
    that no base game has a place for."""
    cases: dict[str, list] = {t: [] for t in bases}
    seen: set = set()
    wanted = {}
    for kind, schema in schemas.items():
        for (model, prop), values in documented_choices(schema).items():
            wanted[(kind, model, prop)] = values
    for template, game in bases.items():
        for path, kind, data in _spec_files(game, schemas):
            found: dict = {}
            _places(schemas[kind], schemas[kind], data, (), found)
            for (k, model, prop), values in wanted.items():
                if k == kind and model in found:
                    seen.add((k, model, prop))
                    cases[template] += [(kind, model, prop, values, path.name, p) for p in found[model]]
    return cases, set(wanted) - seen


def test_every_model_with_a_documented_choice_appears_in_a_base_game(bases):
    games, _ = bases
    cases, homeless = _cases(_schemas(), games)
    assert sum(len(values) for c in cases.values() for _, _, _, values, _, _ in c) > 500  # all kinds, all values
    assert not homeless, f"no `pnp new` game writes these models: add them to ADDITIONS: {sorted(homeless)}"


TRACEBACK = re.compile(r"Traceback|File \".*\.py\"|Error:|\bpnp\.\w+\.")


def _build(run, base: Path, tmp: Path, writes: list, options: tuple = ()) -> object:
    """Copy a base game, write (file, place, property, value) into it, build it (with `options`)."""
    game = tmp / "game" / base.name
    if game.parent.exists():
        shutil.rmtree(game.parent)
    shutil.copytree(base, game)
    files: dict[str, object] = {}
    for name, path, prop, value in writes:
        data = files.setdefault(name, _read(game / name))
        _set(data, path, prop, value)
    for name, data in files.items():
        (game / name).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return run("build", game, "--out", tmp / "out", *options)


def _fault(result, refusal: str | None) -> str | None:
    """What is wrong with a build's outcome, or None: exit 0, or the refusal expected, located."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"crashed with {type(result.exception).__name__}: {result.exception}"
    if TRACEBACK.search(result.output):
        return f"a traceback or internal word in\n{result.output}"
    if refusal is None:
        return None if result.exit_code == 0 else f"exit {result.exit_code}\n{result.output}"
    located = re.search(r"\.yaml:\d+:\d+: ", result.output)
    if result.exit_code == 2 and located and refusal in result.output:
        return None
    return f"expected a located refusal with {refusal!r}, got exit {result.exit_code}\n{result.output}"


# Values that cannot work in the place a base game gives them, and the located refusal they get instead.
REFUSED = {
    ("default", "board", "shape", "points"): "a point-to-point board needs `size: [width, height]`",
    ("hex", "board", "shape", "square"): "`hex:` sets up a hex map; add `shape: hex` or remove it",
    ("hex", "board", "shape", "points"): "a point-to-point board needs `size: [width, height]`",
    ("routes", "board", "shape", "square"): "a square board needs `map:`",
    ("routes", "board", "shape", "hex"): "a hex board needs `map:`",
    # the starter's score sheet, laid out for A4 and Letter, is too tall for A5 even with 5 mm pencil squares
    ("default", "game", "paper", "a5"): "but A5 leaves",
}
# A value that goes with another key of the same mapping, both ways: elsewhere it gets this located
# refusal, and where that key is, no other value of the property is tried.
NEEDS = {("tokens", "shape", "custom"): ("outline", "`shape: custom` and `outline:` (an SVG cut line) go together")}


def _refusal(games: dict, template: str, kind: str, prop: str, value, name: str, path: tuple) -> str | None:
    """The refusal a value gets at this place of a base game ("" when it is not tried there), or None when
    it must build."""
    if (template, kind, prop, value) in REFUSED:
        return REFUSED[(template, kind, prop, value)]
    mapping = _parsed((games[template] / name).read_text(encoding="utf-8"))
    for step in path:
        mapping = mapping[step]
    for (k, p, v), (key, refusal) in NEEDS.items():
        if (k, p) == (kind, prop) and (value == v) != (key in mapping):
            return refusal if value == v else ""
    return None


@pytest.mark.parametrize("template", TEMPLATES)
def test_each_documented_value_builds_on_each_kind_that_takes_it(bases, tmp_path, template):
    """Round k writes, at every place of every property, its k-th documented value, so that every value is
    built in every place in a few builds per base game; colour names, which one parser reads for every
    place, are dealt round the colour places so that each name is built at least once (`none` in every
    colour place at once is the next test's)."""
    games, run = bases
    cases, _ = _cases(_schemas(), games)
    failures, built = [], 0
    for places in [cases[template]]:
        usable, refused = [], {}
        for kind, _, prop, values, name, path in places:
            usable.append([])
            for v in values:
                refusal = _refusal(games, template, kind, prop, v, name, path)
                if refusal is None:
                    usable[-1].append(v)
                elif refusal:  # tried once, at its first place: alone, so that its refusal hides no other
                    refused.setdefault((kind, prop, v), (name, path, refusal))
        for (kind, prop, value), (name, path, refusal) in refused.items():
            result = _build(run, games[template], tmp_path, [(name, path, prop, value)])
            built += 1
            fault = _fault(result, refusal)
            if fault:
                failures.append(f"{template}: {kind} {name} {'.'.join(map(str, path))}.{prop} = {value!r}: {fault}")
        # A colour name means the same in every place (one parser reads them all): each name is built
        # at least once, dealt round the colour places, while every other documented value is built in
        # every place that takes it.
        colour_places = [i for i, (_, _, _, values, _, _) in enumerate(places) if set(values) == set(NAMED_COLORS)]
        deal = {i: n for n, i in enumerate(colour_places)}
        others = [len(choice) for i, choice in enumerate(usable) if i not in deal and choice]
        rounds = max(others + [-(-len(NAMED_COLORS) // max(1, len(colour_places)))])
        for k in range(rounds):
            writes, label = [], []
            for i, ((kind, model, prop, values, name, path), choice) in enumerate(zip(places, usable)):
                if not choice:
                    continue
                value = choice[(k * len(colour_places) + deal[i]) % len(choice)] if i in deal else choice[k % len(choice)]
                writes.append((name, path, prop, value))
                label.append(f"{name} {'.'.join(map(str, path + (prop,)))} = {value!r}")
            result = _build(run, games[template], tmp_path, writes)
            built += 1
            fault = _fault(result, None)
            if fault:
                failures.append(f"{template}, round {k}: {fault}\n  with " + "\n  ".join(label))
    assert not failures, f"{len(failures)} of {built} builds failed:\n" + "\n\n".join(failures)


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_colour_none_at_once_builds_in_every_format(bases, tmp_path, template):
    """`none` in every colour the game writes, drawn by every surface: PDF, SVG, PNG and the web page."""
    games, run = bases
    cases, _ = _cases(_schemas(), games)
    writes = [(name, path, prop, "none") for _, _, prop, values, name, path in cases[template]
              if set(values) == set(NAMED_COLORS)]
    assert writes
    result = _build(run, games[template], tmp_path, writes, ("--format", "pdf,svg,png,html", "--dpi", "72"))
    assert _fault(result, None) is None, _fault(result, None)


# --------------------------------------------------------------------------- a see-through space shows the painting

PAINT = (200, 30, 40)
CLEAR = (0xdc, 0xe8, 0xb8)  # the hex template's clear terrain


def _board_pixels(tmp_path: Path, clear: str) -> tuple[int, int]:
    """Pixels of the painting and of the clear terrain's colour on a painted hex board whose clear terrain
    is written `clear` (the whole `spaces:` entry of the type)."""
    from PIL import Image
    import pypdfium2 as pdfium

    from pnp.build import BuildOptions, build_game
    from pnp.scaffold import create

    game = create("sea", tmp_path, template="hex").dir
    (game / "art").mkdir(exist_ok=True)
    Image.new("RGB", (1200, 1000), PAINT).save(game / "art" / "sea.png")
    board = game / "board.yaml"
    text = board.read_text(encoding="utf-8")
    old = 'clear: {walk: true, fill: "#dce8b8"}'
    assert old in text
    board.write_text(text.replace(old, f"clear: {clear}").replace("\nname:", "\nbackground: art/sea.png\nname:", 1),
                     encoding="utf-8")
    build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "sea" / "board-printshop.pdf"))
    image = doc[0].render(scale=40 / 72).to_pil().convert("RGB")
    doc.close()
    colours = image.getcolors(maxcolors=1 << 20)
    count = {c: n for n, c in colours}
    return count.get(PAINT, 0), count.get(CLEAR, 0)


def test_a_space_with_fill_none_shows_the_painted_board_under_it(tmp_path):
    painted, clear = _board_pixels(tmp_path / "a", '{walk: true, fill: "#dce8b8"}')
    assert clear > 10_000  # the clear hexes, painted over the background
    see_through, gone = _board_pixels(tmp_path / "b", "{walk: true, fill: none}")
    assert gone == 0
    assert see_through - painted > 0.9 * clear  # where the clear hexes were, the painting now shows


def test_a_space_without_a_fill_over_a_painting_is_see_through(tmp_path):
    painted, clear = _board_pixels(tmp_path / "a", '{walk: true, fill: "#dce8b8"}')
    unfilled, _ = _board_pixels(tmp_path / "b", "{walk: true}")
    assert unfilled - painted > 0.9 * clear
