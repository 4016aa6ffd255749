"""Property test: the bundled specs, mutated at random, either build or fail with located errors.

Every bundled game takes part; only the cave game keeps its rulebook (rules.md is slow to
build, and one game is enough to fuzz the rulebook language).

Never a traceback. CI runs 250 examples; for a longer hunt:
    PNP_FUZZ_EXAMPLES=20000 python -m pytest tests/test_property_specs.py

CI's 250 examples are the same on every run, so CI is deterministic; a hunt draws fresh ones.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designerwords import assert_designer_words
from pnp.build import BuildOptions, build_game
from pnp.errors import SpecErrors
from pnp.paths import EXAMPLES as GAMES_DIR

N_EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "250"))
HUNTING = "PNP_FUZZ_EXAMPLES" in os.environ  # a long hunt draws new examples; CI replays the same 250
GAMES = ("cave", "blorg", "blob", "miskatonic")
FILES = sorted(f"{game}/{p.name}" for game in GAMES for p in (GAMES_DIR / game).iterdir()
               if p.suffix in (".yaml", ".csv") or (game == "cave" and p.name == "rules.md"))
ORIGINAL = {name: (GAMES_DIR / name).read_text() for name in FILES}

SNIPPETS = [":", "-", " ", "\t", "{", "}", "[", "]", "#", "'", '"', "&a", "*a", "!!python/object", "0", "9", "-1",
            "1e999", "mm", "mn", "%", "\n", "\x00", "é", "{{", "}}", "{{ x }}", "../", "/etc/passwd", ",", "\\"]
VALUES = st.one_of(
    st.integers(min_value=-10**30, max_value=10**30), st.floats(allow_nan=True), st.booleans(), st.none(),
    st.sampled_from(["63mm", "63mn", "-3mm", "0", "poker", "pokr", "{{ nope }}", "{{ ''.__class__ }}", "../x.csv",
                     "/etc/passwd", "icon:nope", "art/none.svg", "#12345", "red", "", "x" * 300]),
    st.text(max_size=20), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def text_mutation():
    return st.tuples(st.sampled_from(FILES), st.floats(0, 1), st.sampled_from(["insert", "delete", "dupline", "dropline"]),
                     st.sampled_from(SNIPPETS))


def apply_text(name: str, where: float, how: str, snippet: str) -> str:
    text = ORIGINAL[name]
    at = int(where * len(text))
    if how == "insert":
        return text[:at] + snippet + text[at:]
    if how == "delete":
        return text[:at] + text[at + len(snippet):]
    lines = text.splitlines(keepends=True)
    i = min(int(where * len(lines)), len(lines) - 1)
    return "".join(lines[:i] + ([lines[i], lines[i]] if how == "dupline" else []) + lines[i + 1:])


def paths(node, prefix=()):
    """Every path into a plain YAML tree."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def apply_tree(name: str, pick: float, value) -> str | None:
    tree = yaml.safe_load(ORIGINAL[name])
    candidates = list(paths(tree))[1:]
    if not candidates:
        return None
    path = candidates[int(pick * (len(candidates) - 1))]
    node = tree
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)


MUTATIONS = st.one_of(
    text_mutation().map(lambda m: ("text", m)),
    st.tuples(st.sampled_from([f for f in FILES if f.endswith(".yaml")]), st.floats(0, 1), VALUES).map(lambda m: ("tree", m)),
)


def mutated(mutation) -> tuple[str, str | None]:
    """(file, its mutated text), the text None when the mutation does not apply to that file."""
    kind, m = mutation
    return m[0], (apply_text(*m) if kind == "text" else apply_tree(*m))


def game_copies(tmp_path_factory, folder: str, rulebooks=frozenset(GAMES)) -> Path:
    """Copies of the bundled games, made once per session under FOLDER (rules.md kept for `rulebooks`)."""
    base = tmp_path_factory.getbasetemp() / folder
    if not base.exists():
        for name in GAMES:
            shutil.copytree(GAMES_DIR / name, base / name)
            if name not in rulebooks:
                (base / name / "rules.md").unlink(missing_ok=True)
    return base


def check(game: Path, out: Path) -> None:
    try:
        build_game(game, BuildOptions(out=out, force=True))
    except SpecErrors as e:
        assert e.errors, "SpecErrors with no error"
        for err in e.errors:
            assert err.pos.line >= 1 and err.pos.col >= 1 and err.pos.path and err.message
            assert_designer_words(err.message)


@settings(max_examples=N_EXAMPLES, deadline=None, derandomize=not HUNTING, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])
@given(mutation=MUTATIONS)
def test_mutated_bundled_spec_builds_or_fails_with_located_errors(tmp_path_factory, mutation):
    base = game_copies(tmp_path_factory, "fuzz", rulebooks={"cave"})
    name, text = mutated(mutation)
    if text is None:
        return
    game = base / name.split("/")[0]
    try:
        (base / name).write_text(text, encoding="utf-8", errors="surrogatepass")
        check(game, base / "out")
    finally:
        (base / name).write_text(ORIGINAL[name])
