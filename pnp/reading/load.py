"""Safe YAML loading that remembers where every node came from.

Mappings become `LDict` and sequences `LList`: ordinary dicts and lists that
also carry the position of themselves, of each key and of each value, so a
validator can point at `file:line:col`. Scalars stay plain Python values.
Duplicate keys, tabs, syntax errors, bad encodings, alias bombs (by nodes and
by characters), deep nesting, unknown tags and numbers that are not finite or
absurdly large are all reported as located errors.

Tags: only the standard YAML 1.1 tags that mean something in a spec are read
(`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!timestamp`, `!!map`,
`!!seq`, and `!` for plain text); any other tag (`!!python/object`, `!!binary`,
`!!set`, `!!omap`, `!custom`, ...) is an error, never silently dropped.
"""
from __future__ import annotations

from collections.abc import Mapping

from pathlib import Path
from typing import Any, Sequence

import math

import yaml

from pnp.errors import Collector, Pos, SpecError, SpecErrors, display_path

MAX_ALIASED = 200_000  # nodes reached again through aliases; a real spec reuses a few hundred
MAX_ALIASED_CHARS = 2_000_000  # characters of text reached again through aliases (a long text reused a thousand times)
MAX_MAGNITUDE = 10**18  # a larger number in a spec is a mistake (or an attack), never a card value
MAX_DEPTH = 64
MAX_BYTES = 5_000_000


# Positions are kept packed, not as Pos objects: a point is `line << 24 | col`, and a mapping keeps
# one int a key, `key point << 48 | value point`. A Pos is made only when someone asks for one (an
# error, a referee finding), so a deck of ten thousand cards does not hold a third of a million.
_COL_BITS = 24
_COL_MASK = (1 << _COL_BITS) - 1
_POINT_BITS = 48
_POINT_MASK = (1 << _POINT_BITS) - 1


def _decode(path: str, point: int) -> Pos:
    return Pos(path, point >> _COL_BITS, point & _COL_MASK)


class _Placed:
    """Where a loaded mapping or sequence was written (`pos`), and the packed positions of its
    entries (`_at`, kept by the subclass), which a copy of it can share."""

    __slots__ = ()

    @property
    def pos(self) -> Pos:
        at = self._pos
        return _decode(self.path, at) if type(at) is int else at

    @pos.setter
    def pos(self, value: Pos) -> None:
        self._pos = value

    def share_positions(self, other: "_Placed") -> None:
        """Take `other`'s positions (for a copy of it with keys left out, or the same items)."""
        self._pos, self._at, self.path = other._pos, other._at, other.path


class LDict(_Placed, dict):
    """A mapping with positions: `pos`, `key_pos[k]`, `value_pos[k]`.

    Each key's two positions are one packed int (a pair of Pos when they come from
    another file, as when a card's box override is merged over a layout's box).
    """

    __slots__ = ("_pos", "_at", "path")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pos, self._at, self.path = None, {}, "?"

    @property
    def key_pos(self) -> "_Positions":
        return _Positions(self.path, self._at, True)

    @property
    def value_pos(self) -> "_Positions":
        return _Positions(self.path, self._at, False)

    def put(self, key: Any, value: Any, source: "LDict") -> None:
        """Set `key` to `value`, written where `key` is in `source` (or at this mapping when not known there)."""
        self[key] = value
        at = source._at.get(key) if isinstance(source, LDict) else None
        if at is None:
            at = (self.pos, self.pos)
        elif type(at) is int and source.path != self.path:
            at = (_decode(source.path, at >> _POINT_BITS), _decode(source.path, at & _POINT_MASK))
        self._at[key] = at


class _Positions(Mapping):
    """Where each key of one mapping (or each value) was written, as Pos made when asked.

    Holds the mapping's packed positions, not the mapping: a model keeps this without
    keeping the loaded tree alive. `Mapping` gives it `get`, `keys`, `items` and `values`.
    """

    __slots__ = ("_path", "_at", "_key")

    def __init__(self, path: str, at: dict, key: bool):
        self._path, self._at, self._key = path, at, key

    def _pos(self, at) -> Pos:
        if type(at) is not int:
            return at[0] if self._key else at[1]
        return _decode(self._path, at >> _POINT_BITS if self._key else at & _POINT_MASK)

    def __getitem__(self, key: Any) -> Pos:
        return self._pos(self._at[key])

    def __contains__(self, key: Any) -> bool:
        return key in self._at

    def __iter__(self):
        return iter(self._at)

    def __len__(self) -> int:
        return len(self._at)


class LList(_Placed, list):
    """A sequence with positions: `pos` and `item_pos[i]` (packed points, each made a Pos when asked)."""

    __slots__ = ("_pos", "_at", "path")

    def __init__(self, *args):
        super().__init__(*args)
        self._pos, self._at, self.path = None, [], "?"

    @property
    def item_pos(self) -> "_ItemPositions":
        return _ItemPositions(self.path, self._at)


class _ItemPositions:
    """Where each item of one sequence was written, as Pos made when asked."""

    __slots__ = ("_path", "_at")

    def __init__(self, path: str, at: list):
        self._path, self._at = path, at

    def __getitem__(self, i: int) -> Pos:
        at = self._at[i]
        return _decode(self._path, at) if type(at) is int else at

    def __len__(self) -> int:
        return len(self._at)

    def __iter__(self):
        return (self[i] for i in range(len(self._at)))


def _pos(path: str, mark) -> Pos:
    return Pos(path, mark.line + 1, mark.column + 1)


def _point(path: str, mark) -> int | Pos:
    """A mark as a packed point; a Pos in the rare text whose lines or columns do not fit in one."""
    line, col = mark.line + 1, mark.column + 1
    if line > _COL_MASK or col > _COL_MASK:
        return Pos(path, line, col)
    return line << _COL_BITS | col


def _whole(path: str, point: int | Pos) -> Pos:
    return _decode(path, point) if type(point) is int else point


def _entry(path: str, key_point: int | Pos, value_point: int | Pos) -> int | tuple[Pos, Pos]:
    """One key's two positions as one int (a pair of Pos when either did not pack)."""
    if type(key_point) is int and type(value_point) is int:
        return key_point << _POINT_BITS | value_point
    return _whole(path, key_point), _whole(path, value_point)


def read_text(path: Path, shown: str | None = None) -> str:
    """Read a spec file as UTF-8, reporting binary or badly encoded files with a position.

    Through the file gate's reader: a regular file only (a pipe never blocks, a
    device is refused), and never more than MAX_BYTES of it.
    """
    import os

    from pnp.reading.safepath import decode_text, read_regular

    shown = shown or display_path(path)
    if not os.path.lexists(path):
        raise SpecErrors([SpecError(Pos(shown), "file not found")])
    return decode_text(read_regular(Path(os.path.realpath(path)), Pos(shown), "file", MAX_BYTES), shown)


def load_yaml(path: Path, shown: str | None = None, allow_empty: bool = False) -> Any:
    """Load one YAML document safely, returning LDict/LList trees with positions."""
    shown = shown or display_path(path)
    text = read_text(path, shown)
    _remember_source(shown, text)
    return parse_yaml(text, shown, allow_empty=allow_empty)


_SOURCES: dict[str, str] = {}  # the text of the spec files loaded last, by shown path: errors point inside values
MAX_SOURCES = 64
MAX_SOURCE_CHARS = 2 * MAX_BYTES  # kept in all; the oldest texts are let go first


def _remember_source(shown: str, text: str) -> None:
    _SOURCES.pop(shown, None)
    _SOURCES[shown] = text
    while len(_SOURCES) > MAX_SOURCES or (len(_SOURCES) > 1 and sum(map(len, _SOURCES.values())) > MAX_SOURCE_CHARS):
        del _SOURCES[next(iter(_SOURCES))]


def source_text(shown: str) -> str:
    """The text of a spec file loaded lately (also one YAML could not read), or '' when not known."""
    return _SOURCES.get(shown, "")


def locate_within(pos: Pos, pattern: str, span: int) -> Pos:
    """Where `pattern` (a regex) first matches in the file text at or after `pos`, within `span` characters.

    Points inside a scalar: the name a template misspells, not just the start of
    the text holding it. Falls back to `pos` when the text is unknown or the
    pattern is not found nearby (a folded or escaped scalar).
    """
    import re

    text = _SOURCES.get(pos.path)
    if text is None or pos.cell:
        return pos
    lines = text.split("\n")
    if not 1 <= pos.line <= len(lines):
        return pos
    start = sum(len(line) + 1 for line in lines[: pos.line - 1]) + pos.col - 1
    m = re.compile(pattern).search(text, start, min(len(text), start + span))
    if m is None:
        return pos
    return Pos.of_offset(pos.path, text, m.start())


try:  # a safe loader by name: libyaml's when present (same marks, much faster), else PyYAML's own
    from yaml import CSafeLoader as _Loader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _Loader


def parse_yaml(text: str, shown: str, allow_empty: bool = False) -> Any:
    """Parse one YAML document straight from parser events into LDict/LList trees.

    Building from events (not from a composed node tree) keeps memory to the
    result alone, needs no recursion, and lets limits stop alias bombs and deep
    nesting as soon as they appear.
    """
    import gc

    loader = _Loader(text)
    enabled = gc.isenabled()
    gc.disable()  # the tree is all new, long-lived objects: collecting while building it is wasted work
    try:
        return _EventBuilder(loader, shown).build(allow_empty)
    except yaml.MarkedYAMLError as e:
        raise SpecErrors(_syntax_errors(e, text, shown))
    except yaml.YAMLError as e:
        raise SpecErrors([SpecError(Pos(shown), f"YAML error: {e}")])
    finally:
        loader.dispose()
        if enabled:
            gc.enable()


# what libyaml was reading when it failed → the opener that was never closed
_UNCLOSED = {"while parsing a flow sequence": "`[`", "while parsing a flow mapping": "`{`",
             "while scanning a quoted scalar": "quote"}


def _syntax_errors(e: yaml.MarkedYAMLError, text: str, shown: str) -> list[SpecError]:
    """A syntax error where its cause is: an unclosed `[`, `{` or quote first, then where the parser noticed.

    The parser notices a missing `]` only where the file stops making sense,
    often many lines later; the opener is what the designer has to fix.
    """
    mark = e.problem_mark or e.context_mark
    opener = _UNCLOSED.get(e.context or "")
    problem = e.problem or "YAML syntax error"
    if "maximum nesting depth" in problem and mark is not None:  # libyaml's own limit, met in flow `[[[[` or `{{{{`
        return [SpecError(_pos(shown, mark), f"nesting is too deep (at most {MAX_DEPTH} levels)")]
    if opener and e.context_mark is not None and e.problem_mark is not None:
        if opener == "quote":
            quote = _char_at(text, e.context_mark) or '"'
            opener = f"the quote `{quote}`"
        opened = _pos(shown, e.context_mark)
        noticed = _pos(shown, e.problem_mark)
        return [SpecError(opened, f"YAML syntax error: {opener} opened here is never closed "
                                  f"(the parser noticed at line {noticed.line}, column {noticed.col})"),
                SpecError(noticed, f"YAML syntax error: {problem} (the {opener.removeprefix('the ')} opened "
                                   f"at line {opened.line}, column {opened.col} is never closed)")]
    msg = " ".join(p for p in (e.context, e.problem) if p) or "YAML syntax error"
    if mark is not None and _tab_near(text, mark):
        msg += " (use spaces, not tabs, to indent)"
    noticed = SpecError(_pos(shown, mark) if mark else Pos(shown), f"YAML syntax error: {msg}")
    runaway = _runaway_quote(text, e.problem_mark) if e.problem_mark is not None else None
    if runaway is None:
        return [noticed]
    quote, start, end = runaway
    return [SpecError(_pos(shown, start), f"YAML syntax error: the quote `{quote}` opened here is not closed on its "
                                          f"line; it runs on to line {end.line + 1}, where the file stops making "
                                          "sense (a missing closing quote?)"), noticed]


def _runaway_quote(text: str, problem):
    """(quote, start, end) of a quoted text that spans lines and ends on the line of a syntax error, else None.

    A value like `subtitle: "Loot it` swallows the lines after it up to the
    next quote; the parser then fails there, far from the cause.
    """
    from yaml.tokens import ScalarToken

    line = _line(text, problem.line)
    if '"' not in line and "'" not in line:  # no quoted text ends on the line: no need to read the file again
        return None
    last = None
    try:  # libyaml's scanner: its work grows with the text, never with the square of the nesting
        for token in yaml.scan(text, Loader=_Loader):
            if token.start_mark.line > problem.line:
                break
            if isinstance(token, ScalarToken) and not token.plain:
                last = token
    except yaml.YAMLError:
        pass
    if last is None or last.start_mark.line == last.end_mark.line or last.end_mark.line != problem.line:
        return None
    return _char_at(text, last.start_mark) or '"', last.start_mark, last.end_mark


def _line(text: str, index: int) -> str:
    """Line `index` (from 0) of the text."""
    lines = text.split("\n", index + 1)
    return lines[index] if index < len(lines) else ""


def _char_at(text: str, mark) -> str:
    lines = text.splitlines()
    if 0 <= mark.line < len(lines) and 0 <= mark.column < len(lines[mark.line]):
        return lines[mark.line][mark.column]
    return ""


def _tab_near(text: str, mark) -> bool:
    """Whether the line of a syntax error holds a tab before or at the error (libyaml does not say)."""
    lines = text.splitlines()
    if not 0 <= mark.line < len(lines):
        return False
    return "\t" in lines[mark.line][: mark.column + 1]


_MERGE = object()  # the `<<` key


class _Frame:
    """A mapping or sequence being built."""

    __slots__ = ("value", "key", "key_mark", "merges", "own", "size", "chars", "anchor")

    def __init__(self, value, anchor):
        self.value = value
        self.key = None  # mappings: the key waiting for its value (None: next scalar is a key)
        self.key_mark = None
        self.merges: list = []
        self.own: set = set()
        self.size = 1
        self.chars = 0  # characters of text inside, aliases expanded
        self.anchor = anchor


class _EventBuilder:
    """Turns parser events into LDict/LList/scalars with positions, checking every limit."""

    def __init__(self, loader, shown: str):
        self.loader = loader
        self.shown = shown
        self.constructor = yaml.SafeLoader("")  # only for typing scalars (int, float, bool, dates)
        self.errors = Collector()
        self.anchors: dict[str, tuple[Any, int, int]] = {}  # anchor → (value, nodes, characters)
        self.building: set[str] = set()
        self.aliased = 0
        self.aliased_chars = 0
        self.keys: dict[str, str] = {}  # each key's text once

    def build(self, allow_empty: bool) -> Any:
        stack: list[_Frame] = []
        root: list = []
        documents = 0
        while True:
            event = self.loader.get_event()
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise SpecErrors([SpecError(_pos(self.shown, event.start_mark),
                                                "a spec file holds one YAML document; remove the second `---`")])
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if len(stack) >= MAX_DEPTH:
                    raise SpecErrors([SpecError(_pos(self.shown, event.start_mark),
                                                f"nesting is too deep (at most {MAX_DEPTH} levels)")])
                self._check_collection_tag(event)
                value = LDict() if isinstance(event, yaml.MappingStartEvent) else LList()
                value._pos, value.path = _point(self.shown, event.start_mark), self.shown
                if event.anchor:
                    self.building.add(event.anchor)
                stack.append(_Frame(value, event.anchor))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                frame = stack.pop()
                if isinstance(frame.value, LDict) and frame.merges:
                    self._apply_merges(frame)
                if frame.anchor:
                    self.building.discard(frame.anchor)
                    self.anchors[frame.anchor] = (frame.value, frame.size, frame.chars)
                self._add(stack, root, frame.value, frame.value._pos, frame.size, frame.chars)
            elif isinstance(event, yaml.ScalarEvent):
                self._scalar(stack, root, event)
            elif isinstance(event, yaml.AliasEvent):
                point = _point(self.shown, event.start_mark)
                pos = _whole(self.shown, point)
                if event.anchor in self.building:
                    raise SpecErrors([SpecError(pos, f"alias *{event.anchor} refers to itself")])
                if event.anchor not in self.anchors:
                    raise SpecErrors([SpecError(pos, f"unknown alias *{event.anchor} (no &{event.anchor} before it)")])
                value, size, chars = self.anchors[event.anchor]
                self.aliased += size
                self.aliased_chars += chars
                if self.aliased > MAX_ALIASED:
                    raise SpecErrors([SpecError(pos, f"aliases expand to more than {MAX_ALIASED} nodes (an alias bomb?)")])
                if self.aliased_chars > MAX_ALIASED_CHARS:
                    raise SpecErrors([SpecError(pos, f"aliases expand to more than {MAX_ALIASED_CHARS:,} characters "
                                                     "of text (an alias bomb?)")])
                self._add(stack, root, value, point, size, chars)
            elif isinstance(event, yaml.StreamEndEvent):
                break
        self.errors.raise_if_any()
        if not root or root[0] is None:
            if allow_empty:
                return None
            raise SpecErrors([SpecError(Pos(self.shown), "file is empty: expected a YAML mapping")])
        return root[0]

    def _scalar(self, stack, root, event) -> None:
        point = _point(self.shown, event.start_mark)
        frame = stack[-1] if stack else None
        is_key = frame is not None and isinstance(frame.value, LDict) and frame.key is None
        tag = event.tag
        if tag is None:
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        elif tag == "!":
            tag = _STR  # the non-specific tag: plain text
        elif tag not in SCALAR_TAGS:
            self.errors.error(_whole(self.shown, point), _unknown_tag(tag))
            tag = _STR
        if is_key and tag == "tag:yaml.org,2002:merge":
            frame.key, frame.key_mark = _MERGE, point
            return
        if tag == _STR:  # most scalars: the text itself, as the constructor would give it (no node to make)
            value = event.value
        else:
            value = self._construct(yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style),
                                    _whole(self.shown, point))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            problem = _number_problem(value)
            if problem:
                self.errors.error(_whole(self.shown, point), problem)
                value = None
        chars = len(value) if isinstance(value, str) else 0
        if event.anchor:
            self.anchors[event.anchor] = (value, 1, chars)
        self._add(stack, root, value, point, 1, chars)

    def _construct(self, node, pos: Pos):
        """A typed scalar (number, bool, null, date), or None with an error."""
        try:
            return self.constructor.construct_object(node)
        except yaml.YAMLError as e:
            self.errors.error(pos, f"bad value: {getattr(e, 'problem', None) or e}")
        except ValueError as e:
            if "digits" in str(e):  # Python refuses to read an integer of thousands of digits
                self.errors.error(pos, f"number is too large (at most {MAX_MAGNITUDE:.0e} in size)")
            else:  # `!!int abc`, `!!timestamp 2020-13-45`
                self.errors.error(pos, _not_of_its_tag(node))
        except (AttributeError, KeyError, TypeError, IndexError, OverflowError):
            # a tag forcing text that is not of its kind (`!!timestamp nope`, `!!bool maybe`): the constructor
            # assumes the resolver matched it and fails inside
            self.errors.error(pos, _not_of_its_tag(node))
        finally:
            self.constructor.constructed_objects.clear()  # it would keep every node (and its marks) alive
        return None

    def _check_collection_tag(self, event) -> None:
        """A mapping or sequence may carry no tag, `!`, or its own standard tag; anything else is an error."""
        tag = event.tag
        own = _MAP if isinstance(event, yaml.MappingStartEvent) else _SEQ
        if tag is not None and tag != "!" and tag != own:
            self.errors.error(_pos(self.shown, event.start_mark), _unknown_tag(tag))

    def _add(self, stack, root, value, point: int | Pos, size: int, chars: int = 0) -> None:
        """Put a finished value, written at `point`, into the collection being built (or make it the document)."""
        if not stack:
            root.append(value)
            return
        frame = stack[-1]
        frame.size += size
        frame.chars += chars
        target = frame.value
        if isinstance(target, LList):
            target.append(value)
            target._at.append(point)
            return
        if frame.key is None:  # this value is a key
            if isinstance(value, (LDict, LList)):
                self.errors.error(_whole(self.shown, point), "a key must be a plain name, not a list or mapping")
                frame.key, frame.key_mark = _BAD_KEY, point
                return
            if type(value) is str:
                value = self.keys.setdefault(value, value)  # every card's `title` is one string, not ten thousand
            elif not isinstance(value, (int, float)) or isinstance(value, bool):
                value = str(value)  # numbers stay numbers (die faces 1..6)
            frame.key, frame.key_mark = value, point
            return
        key, key_pos = frame.key, frame.key_mark
        frame.key = None
        if key is _BAD_KEY:
            return
        if key is _MERGE:
            sources = value if isinstance(value, LList) else [value]
            if not all(isinstance(v, LDict) for v in sources):
                self.errors.error(_whole(self.shown, point), "`<<` merges a mapping (or a list of mappings) into this one")
                return
            frame.merges.extend(sources)
            return
        if key in frame.own:
            first = target.key_pos[key]
            self.errors.error(_whole(self.shown, key_pos), f"duplicate key '{key}' (first at line {first.line})")
            return
        frame.own.add(key)
        target[key] = value
        target._at[key] = _entry(self.shown, key_pos, point)

    @staticmethod
    def _apply_merges(frame: _Frame) -> None:
        """`<<` keys give defaults: the first merged mapping wins over later ones, own keys over all."""
        target = frame.value
        for source in frame.merges:
            for k, v in source.items():
                if k not in target:
                    target[k] = v
                    target._at[k] = source._at[k]


_BAD_KEY = object()

_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
# explicit scalar tags a spec may use; each gives the value its plain YAML meaning
SCALAR_TAGS = frozenset("tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "timestamp", "merge"))


_TAG_WANTS = {"int": "a whole number", "float": "a number", "bool": "true or false", "timestamp": "a date",
              "null": "null"}


def _not_of_its_tag(node) -> str:
    tag = node.tag.removeprefix("tag:yaml.org,2002:")
    text = node.value if len(node.value) <= 40 else node.value[:40] + "…"
    return f"!!{tag} {text!r} is not {_TAG_WANTS.get(tag, tag)}: remove the tag, or write {_TAG_WANTS.get(tag, tag)}"


def _unknown_tag(tag: str) -> str:
    shown = "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag
    return (f"unknown YAML tag '{shown}': specs are plain YAML (allowed: !!str, !!int, !!float, !!bool, !!null, "
            "!!timestamp, !!map, !!seq)")


def _number_problem(value: int | float) -> str | None:
    """Why a number read from YAML cannot be a spec value (NaN, ±inf, or absurdly large), or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"'{value}' is not a finite number (NaN and infinity are not allowed)"
    if abs(value) > MAX_MAGNITUDE:
        return f"number is too large (at most {MAX_MAGNITUDE:.0e} in size; quote it if it is text)"
    return None


def locate(root: Any, loc: Sequence, key: bool = False, start: Pos | None = None) -> Pos:
    """The position of the node at `loc` (a path of keys and indexes) in a loaded tree.

    With `key=True` the position of the last key itself (for unknown keys).
    Walks as deep as the path exists and returns the deepest position found;
    `start` is where `root` itself is written, when it is known better than `root.pos`
    (an item reached through an alias is written at the alias).
    """
    node = root
    best = start if start is not None else getattr(root, "pos", None)
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
