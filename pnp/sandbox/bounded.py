"""The bounded Jinja2 sandbox: `BoundedEnvironment` and the budget one render may spend.

Specs come from other people, so templates always run in `BoundedEnvironment`:
Jinja2's SandboxedEnvironment (attribute tricks like `''.__class__` are refused)
with StrictUndefined (a name that does not resolve is an error, never a blank),
plus limits on the work one render may do, so that no template can hang a
build or exhaust memory:

- every loop iteration is counted, and `range()` is bounded;
- `*`, `**`, `+` and `%` refuse results that would be huge (`'x' * 10**9`, `10**10**9`);
- calls, filters and string methods refuse arguments that would make huge
  text (`center`, `indent`, `format` widths, `replace`, `join`, `lipsum`) and
  results over the size limit, and all of it counts towards a total per render;
- macros and recursive loops nest at most `depth` deep;
- filters, tests, `in` and the methods of lists and text count the items they look at
  (`steps`; a sort n log n), so a search of a long list inside one filter call, which no loop
  or clock tick sees, is stopped by what it does, not by how long it took;
- output is generated piece by piece and stops at `output` characters;
- a budget of processor time (the thread's own, so a busy machine does not
  spend it) stops anything slow that slipped through; inside
  `remembering_slow()` (a deck's faces), a template that ran out of time is
  not run again for the next card, so a slow template costs its budget once,
  not once per card.

A limit reached raises a Jinja2 SecurityError naming the limit; `pnp.sandbox.templating`
compiles and runs templates in this environment and reports every failure in a designer's words.
"""
from __future__ import annotations

import contextvars
import inspect
import os
import re
import string
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import update_wrapper, lru_cache
from typing import Any


@dataclass(frozen=True)
class Limits:
    """What one render may do."""

    output: int        # characters of output
    items: int         # characters or items of any one value it makes
    total: int         # characters or items of all the values it makes, together
    iterations: int    # loop iterations, all loops together
    range: int         # items of one range()
    depth: int         # macro calls (and recursive loops) inside one another
    bits: int          # size of an integer it makes
    width: int         # a field width or precision in a format string
    seconds: float     # processor time of the rendering thread (time.thread_time: other processes do not count)
    steps: int = 20_000_000  # items looked at by filters, tests, `in` and methods (sorting counts n log n)


# Card text is a few lines; conditions and declared checks look at every card of a deck.
CARD_LIMITS = Limits(output=20_000, items=1_000_000, total=10_000_000, iterations=100_000, range=100_000,
                     depth=32, bits=10_000, width=1_000, seconds=2.0)
# A rulebook is a document of a few hundred pages at most.
DOCUMENT_LIMITS = Limits(output=1_000_000, items=1_000_000, total=20_000_000, iterations=1_000_000, range=100_000,
                         depth=64, bits=10_000, width=1_000, seconds=10.0, steps=100_000_000)
LIPSUM_PARAGRAPHS = 20
LIPSUM_WORDS = 200


class _Budget:
    """The work left to one render (and to the renders it includes)."""

    __slots__ = ("limits", "deadline", "iterations", "total", "depth", "steps")

    def __init__(self, limits: Limits):
        self.limits = limits
        self.deadline = time.thread_time() + limits.seconds
        self.iterations = 0
        self.total = 0
        self.depth = 0
        self.steps = 0


_BUDGET: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar("pnp_template_budget", default=None)


@contextmanager
def budget(limits: Limits):
    """Run a render under `limits`; a render inside another shares the outer one's budget."""
    if _BUDGET.get() is not None:
        yield _BUDGET.get()
        return
    token = _BUDGET.set(_Budget(limits))
    try:
        yield _BUDGET.get()
    finally:
        _BUDGET.reset(token)


def _limit(message: str, timeout: bool = False):
    """The exception a limit raises: the sandbox's own, so every caller reports it, located."""
    from jinja2.exceptions import SecurityError

    error = SecurityError(message)
    error.pnp_timeout = timeout
    return error


_SLOW: contextvars.ContextVar[dict | None] = contextvars.ContextVar("pnp_slow_templates", default=None)


@contextmanager
def remembering_slow(slow: dict):
    """Inside, a template source that ran out of time is recorded in `slow` and refused at once next time."""
    token = _SLOW.set(slow)
    try:
        yield
    finally:
        _SLOW.reset(token)


def slow_templates() -> dict | None:
    """The record `remembering_slow` keeps (template source → refusal), or None outside it."""
    return _SLOW.get()


def _size(value: Any) -> int:
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset, range)):
        return len(value)
    return 0


@lru_cache(maxsize=1)
def _environment_class():
    """BoundedEnvironment, defined on first use so that importing this module does not import Jinja2."""
    from jinja2 import nodes
    from jinja2.environment import Template
    from jinja2.runtime import LoopContext, Macro
    from jinja2.sandbox import SandboxedEnvironment
    from jinja2.utils import generate_lorem_ipsum, pass_context
    from jinja2.visitor import NodeTransformer
    from pydantic import BaseModel

    class BoundedTemplate(Template):
        """A template whose render runs under its environment's limits, output counted piece by piece."""

        def render(self, *args: Any, **kwargs: Any) -> str:
            env = self.environment
            with budget(env.limits) as b:
                out, size = [], 0
                for piece in self.generate(*args, **kwargs):
                    size += len(piece)
                    if size > b.limits.output:
                        raise _limit(f"the template writes more than {b.limits.output:,} characters")
                    out.append(piece)
                return "".join(out)

    class _Bounding(NodeTransformer):
        """Routes every loop, `~` and `{% set %}` block through the environment's checks."""

        def visit_For(self, node):
            node = self.generic_visit(node)
            node.iter = nodes.Filter(node.iter, "_pnp_loop", [], [], None, None, lineno=node.lineno)
            return node

        def visit_Concat(self, node):
            node = self.generic_visit(node)
            return nodes.Filter(node, "_pnp_value", [], [], None, None, lineno=node.lineno)

        def visit_Compare(self, node):
            """`x in seq` looks at every item of `seq`: the right side of `in` is charged its size."""
            node = self.generic_visit(node)
            for op in node.ops:
                if op.op in ("in", "notin"):
                    op.expr = nodes.Filter(op.expr, "_pnp_searched", [], [], None, None, lineno=op.lineno)
            return node

        def visit_AssignBlock(self, node):
            node = self.generic_visit(node)  # a filter without a node applies to the captured block
            node.filter = nodes.Filter(node.filter, "_pnp_value", [], [], None, None, lineno=node.lineno)
            return node

    class BoundedFilters(dict):
        """The filter table: each filter is wrapped in the checks when it is added."""

        def __init__(self, env, filters):
            super().__init__()
            self._env = env
            self.update(filters)

        def __setitem__(self, name, fn):
            super().__setitem__(name, self._env._bounded_filter(name, fn))

        def update(self, *args, **kwargs):
            for name, fn in dict(*args, **kwargs).items():
                self[name] = fn

    class BoundedEnvironment(SandboxedEnvironment):
        """The sandbox with limits on loops, sizes, nesting, output and time (see the module docstring)."""

        template_class = BoundedTemplate
        intercepted_binops = frozenset({"*", "**", "+", "%"})

        def __init__(self, limits: Limits = CARD_LIMITS, **options):
            super().__init__(**options)
            self.limits = limits
            self.globals["range"] = self._range
            self.globals["lipsum"] = self._lipsum
            filters = dict(self.filters)
            filters["icons"] = lambda names: " ".join(f":{n}:" for n in (names or []))
            filters["circled"] = circled
            self.filters = BoundedFilters(self, filters)
            dict.__setitem__(self.filters, "_pnp_loop", pass_context(lambda ctx, value: self._loop(value)))
            dict.__setitem__(self.filters, "_pnp_value", pass_context(lambda ctx, value: self._made(value)))
            dict.__setitem__(self.filters, "_pnp_searched", pass_context(lambda ctx, value: self._searched(value)))
            self.tests = {name: self._bounded_test(name, fn) for name, fn in self.tests.items()}

        def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
            """Jinja2's rule, and never a file path or a method of a pydantic model: a template sees plain
            data, and a path (`….write_text(…)`) or `parse_file` would reach files outside the game."""
            if isinstance(value, os.PathLike) or isinstance(obj, os.PathLike):
                return False
            model = isinstance(obj, BaseModel) or (isinstance(obj, type) and issubclass(obj, BaseModel))
            if model and callable(value):
                return False
            return super().is_safe_attribute(obj, attr, value)

        # the budget ---------------------------------------------------------------------------------
        def _budget(self) -> _Budget:
            b = _BUDGET.get()
            return b if b is not None else _Budget(self.limits)  # outside a render (constant folding): one-off

        def _tick(self, b: _Budget) -> None:
            if time.thread_time() > b.deadline:
                raise _limit(f"the template runs longer than {b.limits.seconds:g} s of processor time", timeout=True)

        def _made(self, value: Any) -> Any:
            """Count a value the template made against the size limits; refuse it when too large."""
            size = _size(value)
            if size:
                b = self._budget()
                if size > b.limits.items:
                    raise _limit(f"the template makes a value of {size:,} items or characters "
                                 f"(at most {b.limits.items:,})")
                b.total += size
                if b.total > b.limits.total:
                    raise _limit(f"the template makes more than {b.limits.total:,} items or characters in all")
                self._tick(b)
            return value

        def _charge(self, steps: int) -> None:
            """Count `steps` items looked at; refuse once a render has looked at more than its limit."""
            b = self._budget()
            b.steps += steps
            if b.steps > b.limits.steps:
                raise _limit(f"the template looks at more than {b.limits.steps:,} items in all "
                             "(a long list searched, filtered or sorted many times)")

        def _searched(self, value: Any) -> Any:
            self._charge(1 + _size(value))
            return value

        def _bounded_test(self, name: str, fn):
            """A test counted as one step, `in` as one step per item of the list it searches."""
            if not callable(fn):
                return fn
            env = self

            def bounded(value, *args, **kwargs):
                env._charge(1 + (_size(args[0]) if name == "in" and args else 0))
                return fn(value, *args, **kwargs)

            update_wrapper(bounded, fn)
            return bounded

        def _expect_size(self, size: int) -> None:
            limit = self._budget().limits.items
            if size > limit:
                raise _limit(f"the template would make a value of {size:,} items or characters (at most {limit:,})")

        def _loop(self, iterable):
            b = self._budget()
            for item in iterable:
                b.iterations += 1
                if b.iterations > b.limits.iterations:
                    raise _limit(f"the template's loops run more than {b.limits.iterations:,} times")
                if b.iterations % 256 == 0:
                    self._tick(b)
                yield item

        # globals ------------------------------------------------------------------------------------
        def _range(self, *args):
            r = range(*args)
            if len(r) > self._budget().limits.range:
                raise _limit(f"range() of {len(r):,} numbers (at most {self._budget().limits.range:,})")
            return r

        def _lipsum(self, n: int = 5, html: bool = True, min: int = 20, max: int = 100):
            if not (0 <= n <= LIPSUM_PARAGRAPHS and 0 <= min <= max <= LIPSUM_WORDS):
                raise _limit(f"lipsum() makes at most {LIPSUM_PARAGRAPHS} paragraphs of at most {LIPSUM_WORDS} words")
            return generate_lorem_ipsum(n, html, min, max)

        # calls, operators, formats ------------------------------------------------------------------
        def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 — Jinja2's own signature
            b = __self._budget()
            __self._tick(b)
            nests = isinstance(__obj, (Macro, LoopContext))
            if nests:
                b.depth += 1
                if b.depth > b.limits.depth:
                    b.depth -= 1
                    raise _limit(f"macros (or recursive loops) call one another more than {b.limits.depth} deep")
            owner = getattr(__obj, "__self__", None)
            if owner is not None:  # a method of a list or text (`.count`, `.index`) looks at all of it
                __self._charge(1 + _size(owner))
            try:
                __self._check_method(__obj, args, kwargs)
                result = super().call(__context, __obj, *args, **kwargs)
            finally:
                if nests:
                    b.depth -= 1
            return __self._made(result)

        def _generate(self, source, name, filename, defer_init=False):
            return super()._generate(_Bounding().visit(source), name, filename, defer_init=defer_init)

        def _check_method(self, fn, args, kwargs) -> None:
            """Methods of text and lists that could make a huge value from small arguments."""
            owner = getattr(fn, "__self__", None)
            name = getattr(fn, "__name__", "")
            if isinstance(owner, (str, bytes)):
                if name in ("translate", "maketrans"):
                    raise _limit(f"'{name}' is not available in templates")
                if name in ("center", "ljust", "rjust", "zfill") and args and isinstance(args[0], int):
                    self._expect_size(max(len(owner), args[0]))
                elif name == "expandtabs":
                    tab = args[0] if args else kwargs.get("tabsize", 8)
                    if isinstance(tab, int):
                        self._expect_size(len(owner) * max(1, tab))
                elif name == "replace" and len(args) >= 2:
                    self._expect_size(_replaced_size(owner, args[0], args[1]))
                elif name == "join" and args:
                    self._expect_size(_joined_size(owner, args[0], self._budget().limits.items))
            elif isinstance(owner, list) and name == "extend" and args:
                self._expect_size(len(owner) + _size(args[0]))

        def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
            b = self._budget()
            self._tick(b)
            if operator == "*":
                for seq, n in ((left, right), (right, left)):
                    if _size(seq) and isinstance(n, int) and not isinstance(seq, (dict, set, frozenset, range)):
                        self._expect_size(len(seq) * max(0, n))
                if _is_int(left) and _is_int(right) and abs(left).bit_length() + abs(right).bit_length() > b.limits.bits:
                    raise _limit(f"the template makes an integer of more than {b.limits.bits:,} bits")
            elif operator == "**":
                if _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1 \
                        and abs(left).bit_length() * right > b.limits.bits:
                    raise _limit(f"the template makes an integer of more than {b.limits.bits:,} bits")
            elif operator == "+":
                if isinstance(left, (str, bytes, list, tuple)) and isinstance(right, (str, bytes, list, tuple)):
                    self._expect_size(len(left) + len(right))
            elif operator == "%" and isinstance(left, str):
                self._check_percent_format(left)
            return self._made(super().call_binop(context, operator, left, right))

        def _check_percent_format(self, fmt: str) -> None:
            for m in _PERCENT_SPEC.finditer(fmt):
                for part in m.groups():
                    if part == "*":
                        raise _limit("a '*' width in a %-format is not available in templates")
                    if part and int(part) > self._budget().limits.width:
                        raise _limit(f"a format width of {int(part):,} (at most {self._budget().limits.width:,})")

        def _check_format(self, fmt: str) -> None:
            try:
                fields = list(string.Formatter().parse(fmt))
            except ValueError:
                return  # str.format reports it
            for _, field, spec, _ in fields:
                if field is None or not spec:
                    continue
                if "{" in spec:
                    raise _limit("a nested {…} in a format spec is not available in templates")
                for number in re.findall(r"\d+", spec):
                    if int(number) > self._budget().limits.width:
                        raise _limit(f"a format width of {int(number):,} (at most {self._budget().limits.width:,})")

        def wrap_str_format(self, value: Any):
            wrapped = super().wrap_str_format(value)
            if wrapped is None:
                return None
            fmt = value.__self__
            env = self

            def bounded(*args, **kwargs):
                env._check_format(fmt)
                return env._made(wrapped(*args, **kwargs))

            return update_wrapper(bounded, wrapped)

        # filters ------------------------------------------------------------------------------------
        def _bounded_filter(self, name: str, fn):
            """`fn` with its size arguments checked before and its result counted after."""
            if not callable(fn):
                return fn
            signature = None
            if name in _SIZE_PARAMS or name in _CHECKED_FILTERS:
                signature = inspect.signature(fn)
            env = self
            # Jinja passes an eval context, the environment or the context first to a filter marked to
            # take one (`pass_eval_context`, such as `slice`): its own arguments come after it
            passes_first = getattr(fn, "jinja_pass_arg", None) is not None

            def bounded(*args, **kwargs):
                env._tick(env._budget())
                value = args[1 if passes_first else 0] if len(args) > (1 if passes_first else 0) else None
                size = _size(value)
                env._charge(1 + (size * max(1, size.bit_length()) if name in _SORTING else size))
                if signature is not None:
                    # bound without what Jinja passed first, or `slices` would be read from the wrong place
                    # and `range(5)|slice(10**9)` made a billion lists before anything was counted
                    given = args[1:] if passes_first and args else args
                    try:
                        bound = signature.bind(*given, **kwargs).arguments
                    except TypeError:
                        bound = {}
                    args, kwargs = env._check_filter(name, bound, args, kwargs)
                return env._made(fn(*args, **kwargs))

            update_wrapper(bounded, fn)
            return bounded

        def _check_filter(self, name: str, bound: dict, args: tuple, kwargs: dict):
            for param in _SIZE_PARAMS.get(name, ()):
                value = bound.get(param)
                if _is_int(value):
                    self._expect_size(abs(value))
            if name == "indent":
                width, text = bound.get("width", 4), bound.get("s", "")
                if isinstance(text, str):
                    prefix = len(width) if isinstance(width, str) else (width if _is_int(width) else 0)
                    self._expect_size(len(text) + (text.count("\n") + 1) * max(0, prefix))
            elif name == "replace":
                text, old, new = bound.get("s"), bound.get("old"), bound.get("new")
                if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
                    self._expect_size(_replaced_size(text, old, new))
            elif name == "format":
                if isinstance(bound.get("value"), str):
                    self._check_percent_format(bound["value"])
            elif name == "join":
                value = bound.get("value")
                if value is not None and not isinstance(value, (str, dict)):
                    items = list(value)  # from bounded lists and ranges: their size is known to be sane
                    self._expect_size(len(items))
                    sep = bound.get("d", "")
                    sizes = sum(len(x) if isinstance(x, str) else 16 for x in items)
                    self._expect_size(sizes + len(sep) * max(0, len(items) - 1))
                    args = tuple(items if a is value else a for a in args)
                    kwargs = {k: (items if v is value else v) for k, v in kwargs.items()}
            elif name == "wordwrap":
                wrap = bound.get("wrapstring")
                text = bound.get("s", "")
                if isinstance(wrap, str) and isinstance(text, str):
                    self._expect_size(len(text) * (1 + len(wrap)))
            return args, kwargs

    return BoundedEnvironment


# parameters of Jinja2's filters that set how large the result is
_SIZE_PARAMS = {"center": ("width",), "batch": ("linecount",), "slice": ("slices",), "tojson": ("indent",)}
_SORTING = {"sort", "dictsort", "unique", "groupby", "min", "max"}  # n log n, or a sort's worth
_CHECKED_FILTERS = {"indent", "replace", "format", "join", "wordwrap"}
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _replaced_size(text, old, new) -> int:
    if not isinstance(old, type(text)) or not isinstance(new, type(text)):
        return len(text)
    count = len(text) + 1 if not old else text.count(old)
    return len(text) + count * max(0, len(new) - len(old))


def _joined_size(sep, items, limit: int) -> int:
    if isinstance(items, (str, bytes)):
        return len(items) * (1 + len(sep))
    if not isinstance(items, (list, tuple)):
        return 0  # a generator: its items are counted as the loop or call makes them
    if len(items) > limit:
        return len(items)
    return sum(len(x) if isinstance(x, (str, bytes)) else 0 for x in items) + len(sep) * max(0, len(items) - 1)


def bounded_environment(limits: Limits = CARD_LIMITS, **options):
    """A new BoundedEnvironment with pnp's options (StrictUndefined, no autoescape, trimmed blocks)."""
    from pnp.sandbox.templatewords import undefined_class

    settings = dict(undefined=undefined_class(), autoescape=False, trim_blocks=True, lstrip_blocks=True,
                    keep_trailing_newline=False, finalize=_printable)
    settings.update(options)
    return _environment_class()(limits, **settings)


def _printable(value: Any) -> Any:
    """What `{{ … }}` may print: a value, never a function or method, nor an object whose text is
    its memory address (`deck.items` is a dict's method, not a field of that name): that text
    changes from run to run, and the output must not. No value (an empty number cell, `none`)
    prints as nothing, not as the word None."""
    if value is None:
        return ""
    kind = type(value)
    if callable(value) or (kind.__repr__ is object.__repr__ and kind.__str__ is object.__str__):
        from jinja2 import Undefined
        from jinja2.exceptions import TemplateRuntimeError

        if isinstance(value, Undefined):  # printed as Jinja2 prints it: an error, or nothing
            return value
        what = "function or method" if callable(value) else "Python object"
        raise TemplateRuntimeError(f"`{{{{ … }}}}` prints '{getattr(value, '__name__', kind.__name__)}', a {what}, "
                                   "not a value (a key named like a method is read with brackets: deck['items'])")
    return value



def circled(n: Any) -> str:
    """1 → ①, for time-line positions and the like."""
    try:
        i = int(n)
    except (TypeError, ValueError):
        return str(n)
    return chr(0x2460 + i - 1) if 1 <= i <= 20 else f"({i})"

