"""Safe YAML loading that remembers where every node came from.

Mappings become `LDict` and sequences `LList`: ordinary dicts and lists that
also carry the position of themselves, of each key and of each value, so a
validator can point at `file:line:col`. Scalars stay plain Python values.
Duplicate keys, tabs, syntax errors, bad encodings, alias bombs and deep
nesting are all reported as located errors.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Sequence

import yaml

from pnp.errors import Collector, Pos, SpecError, SpecErrors, display_path

MAX_NODES = 200_000  # after alias expansion; a real spec has a few thousand
MAX_DEPTH = 64
MAX_BYTES = 5_000_000


class LDict(dict):
    """A mapping with positions: `pos`, `key_pos[k]`, `value_pos[k]`."""

    __slots__ = ("pos", "key_pos", "value_pos")


class LList(list):
    """A sequence with positions: `pos` and `item_pos[i]`."""

    __slots__ = ("pos", "item_pos")


def _pos(path: str, mark) -> Pos:
    return Pos(path, mark.line + 1, mark.column + 1)


def read_text(path: Path, shown: str | None = None) -> str:
    """Read a spec file as UTF-8, reporting binary or badly encoded files with a position."""
    shown = shown or display_path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SpecErrors([SpecError(Pos(shown), "file not found")])
    except OSError as e:
        raise SpecErrors([SpecError(Pos(shown), f"cannot read file: {e.strerror}")])
    if len(data) > MAX_BYTES:
        raise SpecErrors([SpecError(Pos(shown), f"file is too large ({len(data)} bytes; a spec is at most {MAX_BYTES})")])
    if b"\0" in data:
        line, col = _line_col(data, data.index(b"\0"))
        raise SpecErrors([SpecError(Pos(shown, line, col), "this is a binary file, not a text spec")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _line_col(data, e.start)
        raise SpecErrors([SpecError(Pos(shown, line, col), "text is not UTF-8 (save the file as UTF-8)")])
    return text.lstrip("\ufeff")


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset]
    line = before.count(b"\n") + 1
    col = offset - (before.rfind(b"\n") + 1) + 1
    return line, col


def load_yaml(path: Path, shown: str | None = None, allow_empty: bool = False) -> Any:
    """Load one YAML document safely, returning LDict/LList trees with positions."""
    shown = shown or display_path(path)
    text = read_text(path, shown)
    return parse_yaml(text, shown, allow_empty=allow_empty)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same marks, much faster


def parse_yaml(text: str, shown: str, allow_empty: bool = False) -> Any:
    loader = _Loader(text)
    old_limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(max(old_limit, 3000))
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        msg = " ".join(p for p in (e.context, e.problem) if p) or "YAML syntax error"
        if mark is not None and _tab_near(text, mark):
            msg += " (use spaces, not tabs, to indent)"
        raise SpecErrors([SpecError(_pos(shown, mark) if mark else Pos(shown), f"YAML syntax error: {msg}")])
    except yaml.YAMLError as e:
        raise SpecErrors([SpecError(Pos(shown), f"YAML error: {e}")])
    except RecursionError:
        raise SpecErrors([SpecError(Pos(shown), f"nesting is too deep (at most {MAX_DEPTH} levels)")])
    finally:
        sys.setrecursionlimit(old_limit)
        loader.dispose()
    if node is None:
        if allow_empty:
            return None
        raise SpecErrors([SpecError(Pos(shown), "file is empty: expected a YAML mapping")])
    import gc

    enabled = gc.isenabled()
    gc.disable()  # the tree is all new, long-lived objects: collecting while building it is wasted work
    try:
        return _Converter(shown, loader).convert(node)
    finally:
        if enabled:
            gc.enable()


def _tab_near(text: str, mark) -> bool:
    """Whether the line of a syntax error holds a tab before or at the error (libyaml does not say)."""
    lines = text.splitlines()
    if not 0 <= mark.line < len(lines):
        return False
    return "\t" in lines[mark.line][: mark.column + 1]


class _Converter:
    """Turns composed YAML nodes into LDict/LList/scalars, checking limits."""

    def __init__(self, shown: str, loader: yaml.SafeLoader):
        self.shown = shown
        self.constructor = yaml.SafeLoader("")  # a fresh constructor for scalars
        self.nodes = 0
        self.errors = Collector()

    def convert(self, node) -> Any:
        value = self._convert(node, 0)
        self.errors.raise_if_any()
        return value

    def _convert(self, node, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise SpecErrors([SpecError(_pos(self.shown, node.start_mark),
                                        f"document expands to more than {MAX_NODES} nodes (an alias bomb?)")])
        if depth > MAX_DEPTH:
            raise SpecErrors([SpecError(_pos(self.shown, node.start_mark),
                                        f"nesting is too deep (at most {MAX_DEPTH} levels)")])
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth)
        if isinstance(node, yaml.SequenceNode):
            out = LList()
            out.pos = _pos(self.shown, node.start_mark)
            out.item_pos = []
            for item in node.value:
                out.append(self._convert(item, depth + 1))
                out.item_pos.append(_pos(self.shown, item.start_mark))
            return out
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as e:
            self.errors.error(_pos(self.shown, node.start_mark), f"bad value: {getattr(e, 'problem', e)}")
            return None

    def _mapping(self, node, depth: int) -> LDict:
        out = LDict()
        out.pos = _pos(self.shown, node.start_mark)
        out.key_pos, out.value_pos = {}, {}
        own = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
        self.constructor.flatten_mapping(node)  # resolves `<<` merge keys: merged pairs first, own pairs last
        merged = len(node.value) - own
        from_merge: set = set()
        for i, (key_node, value_node) in enumerate(node.value):
            if not isinstance(key_node, yaml.ScalarNode):
                self.errors.error(_pos(self.shown, key_node.start_mark), "a key must be a plain name, not a list or mapping")
                continue
            key = self._convert(key_node, depth + 1)
            if isinstance(key, (int, float)) and not isinstance(key, bool):
                key = key  # numbers are fine as keys (die faces 1..6)
            elif not isinstance(key, str):
                key = str(key)
            kpos = _pos(self.shown, key_node.start_mark)
            if key in out and key not in from_merge:
                first = out.key_pos[key]
                self.errors.error(kpos, f"duplicate key '{key}' (first at line {first.line})")
                continue
            if i < merged:
                from_merge.add(key)  # a merged default: the mapping's own keys may override it
            else:
                from_merge.discard(key)
            out[key] = self._convert(value_node, depth + 1)
            out.key_pos[key] = kpos
            out.value_pos[key] = _pos(self.shown, value_node.start_mark)
        return out


def locate(root: Any, loc: Sequence, key: bool = False) -> Pos:
    """The position of the node at `loc` (a path of keys and indexes) in a loaded tree.

    With `key=True` the position of the last key itself (for unknown keys).
    Walks as deep as the path exists and returns the deepest position found.
    """
    node = root
    best = getattr(root, "pos", None)
    for i, step in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(node, LDict):
            k = step if step in node else (str(step) if str(step) in node else None)
            if k is None and isinstance(step, str):
                for cand in node:  # numeric keys arrive as strings from pydantic
                    if str(cand) == step:
                        k = cand
                        break
            if k is None:
                return best
            best = node.key_pos[k] if (key and last) else node.value_pos[k]
            node = node[k]
        elif isinstance(node, LList) and isinstance(step, int) and 0 <= step < len(node):
            best = node.item_pos[step]
            node = node[step]
        else:
            return best
    return best


def value_pos(container: Any, key: Any, default: Pos | None = None) -> Pos:
    """Position of `container[key]` when known, else the container's own position."""
    if isinstance(container, LDict) and key in container:
        return container.value_pos[key]
    if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container):
        return container.item_pos[key]
    return getattr(container, "pos", default) or default or Pos("?")
