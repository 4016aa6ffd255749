"""No kind in the core: outside the kinds' own packages (`pnp/kinds/<kind>/`) and the rule families,
pnp's code never asks for a kind by its name. It asks the kind contract instead (`pnp.kinds.kind`:
a hook, `SHARED`, `OFFERS`), so that a kind from another package is treated like a bundled one.

The kind names are read from the registry at test time. A module names a kind when it imports a
kind's package, calls `of_kind`/`kind_module` with a kind's name written out, or compares something
called kind or unit with a kind's name (`c.kind == "deck"`, `unit in ("deck", "layouts")`). The
same word in another sense (a spreadsheet's "sheet" element, a piece's sort "board") is not a kind.
"""
from __future__ import annotations

import ast
from pathlib import Path

from pnp.kinds import kind_names

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pnp"
OUTSIDE = ("pnp/kinds/", "pnp/families/")        # where kinds and games may name themselves
ASKS = {"of_kind", "kind_module"}                 # calls whose argument is a kind's name
KINDISH = {"kind", "kinds", "unit", "units", "k", "kind_name"}  # what a kind's name is compared with


def _strings(node) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _kindish(node) -> bool:
    return any((isinstance(n, ast.Name) and n.id in KINDISH) or (isinstance(n, ast.Attribute) and n.attr in KINDISH)
               for n in ast.walk(node))


def kind_mentions(source: str, kinds: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every place the source asks for one of `kinds` by name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            named = ({parts[2]} if parts[:2] == ["pnp", "kinds"] and len(parts) > 2 else set()) | (
                {a.name for a in node.names} if node.module == "pnp.kinds" else set())
            found += [(node.lineno, f"imports the '{k}' kind") for k in sorted(named & kinds)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[:2] == ["pnp", "kinds"] and len(parts) > 2 and parts[2] in kinds:
                    found.append((node.lineno, f"imports the '{parts[2]}' kind"))
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in ASKS:
                found += [(node.lineno, f"{name}('{k}')") for a in node.args for k in sorted(_strings(a) & kinds)]
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_kindish(s) for s in sides):
                found += [(node.lineno, f"compares with '{k}'") for s in sides for k in sorted(_strings(s) & kinds)]
    return found


def core_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not p.relative_to(ROOT).as_posix().startswith(OUTSIDE))


def test_the_registry_holds_the_bundled_kinds():
    kinds = set(kind_names())
    assert {"deck", "layouts", "tokens", "dice", "board", "sheet"} <= kinds, kinds


def test_no_core_module_asks_for_a_kind_by_name():
    kinds = set(kind_names())
    problems = [f"{p.relative_to(ROOT)}:{line}: {what}"
                for p in core_modules() for line, what in kind_mentions(p.read_text(), kinds)]
    assert not problems, "the core names a kind; ask the kind contract instead:\n" + "\n".join(problems)


def test_the_scan_sees_each_way_of_naming_a_kind():
    kinds = {"deck", "layouts", "sheet", "board"}
    named = [
        'decks = game.of_kind("deck")',
        'mod = kind_module("layouts")',
        'if comp.kind == "deck": pass',
        'if unit in ("deck", "layouts"): pass',
        'order = sorted(names, key=lambda k: (k != "layouts", k))',
        "from pnp.kinds.deck.face import FaceDrawer",
        "from pnp.kinds import sheet",
        "import pnp.kinds.board.draw",
    ]
    for source in named:
        assert kind_mentions(source, kinds), source
    other = [
        'if local(name) == "sheet": pass',           # a spreadsheet file's element
        'board = piece.what == "board"',             # a piece's sort, which the contract defines
        'state = {"sheet": None}',
        "from pnp.kinds import kind_module, offering",
        'cards = offering(game, "cards")',
    ]
    for source in other:
        assert not kind_mentions(source, kinds), source
