"""PDF functions (sampled, exponential, stitching, PostScript calculator) evaluated, so that the ink
of a spot colour's CMYK alternate or of a gradient can be measured. Each function object is read
once; a function made of itself is refused; every step is counted against the file's budget."""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from pnp.printshop.preflight.limits import MAX_DEPTH, Budget
from pnp.printshop.preflight.streams import decoded

MAX_SAMPLES = 1 << 20   # a sampled function's table, at most
PROBES = 64             # points a one-input function is tried at between its breakpoints


class BadFunction(Exception):
    """A function that cannot be evaluated (malformed, or made of itself): said as the file's fault."""


@dataclass
class Function:
    inputs: int
    outputs: int
    domain: list[float]
    evaluate: Callable[[list[float]], list[float]]
    breaks: tuple[float, ...] = ()   # inputs where a one-input function changes piece

    def __call__(self, xs: list[float]) -> list[float]:
        try:
            return self.evaluate(xs)
        except (IndexError, TypeError, ValueError, OverflowError, AttributeError):
            raise BadFunction("a function that fails on its own inputs") from None

    def probes(self) -> list[list[float]]:
        """Inputs to try when looking for its largest output: a grid, plus its breakpoints."""
        if self.inputs == 1:
            a, b = self.domain[0], self.domain[1]
            points = {a + (b - a) * i / PROBES for i in range(PROBES + 1)} | {x for x in self.breaks if a <= x <= b}
            return [[x] for x in sorted(points)]
        steps = max(2, int(4096 ** (1 / max(1, self.inputs))))
        grid = [[]]
        for i in range(self.inputs):
            a, b = self.domain[2 * i], self.domain[2 * i + 1]
            grid = [g + [a + (b - a) * k / (steps - 1)] for g in grid for k in range(steps)]
        return grid


class Functions:
    """The functions of one file, each read once (by object number), with the file's budget."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.memo: dict = {}
        self.reading: set = set()

    def read(self, obj, depth: int = 0) -> Function:
        import pikepdf

        if isinstance(obj, pikepdf.Array):  # one function per output, each of one output
            parts = [self.read(f, depth + 1) for f in obj]
            if not parts:
                raise BadFunction("an empty list of functions")
            return Function(parts[0].inputs, len(parts), parts[0].domain,
                            lambda xs: [p(xs)[0] for p in parts], parts[0].breaks)
        if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            raise BadFunction("a function that is not a dictionary")
        key = obj.objgen if obj.objgen != (0, 0) else None
        if key is not None and key in self.memo:
            return self.memo[key]
        if depth > MAX_DEPTH:
            raise BadFunction(f"functions nested more than {MAX_DEPTH} deep")
        if key is not None and key in self.reading:
            raise BadFunction("a function made of itself")
        if key is not None:
            self.reading.add(key)
        try:
            made = self._make(obj, depth)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError, pikepdf.PdfError):
            raise BadFunction("a malformed function") from None
        finally:
            self.reading.discard(key)
        if key is not None:
            self.memo[key] = made
        return made

    def _make(self, obj, depth: int) -> Function:
        kind = int(obj.get("/FunctionType", -1))
        domain = [float(v) for v in obj.get("/Domain", [0, 1])]
        outputs_range = [float(v) for v in obj.get("/Range", [])] or None
        inputs = len(domain) // 2
        if inputs < 1:
            raise BadFunction("a function without a domain")
        if kind == 2:
            made = self._exponential(obj, domain)
        elif kind == 3:
            made = self._stitching(obj, domain, depth)
        elif kind == 0:
            made = self._sampled(obj, domain, outputs_range)
        elif kind == 4:
            made = self._calculator(obj, domain, outputs_range)
        else:
            raise BadFunction("a function of an unknown type")
        if outputs_range is not None:
            inner = made.evaluate
            made.evaluate = lambda xs: [min(max(v, outputs_range[2 * i]), outputs_range[2 * i + 1])
                                        if 2 * i + 1 < len(outputs_range) else v for i, v in enumerate(inner(xs))]
        return made

    def _exponential(self, obj, domain) -> Function:
        c0 = [float(v) for v in obj.get("/C0", [0])]
        c1 = [float(v) for v in obj.get("/C1", [1])]
        n = float(obj.get("/N", 1))

        def evaluate(xs):
            self.budget.spend_steps()
            x = min(max(xs[0], domain[0]), domain[1])
            p = x ** n if x > 0 or n == int(n) else 0.0
            return [a + p * (b - a) for a, b in zip(c0, c1)]
        return Function(1, len(c0), domain, evaluate)

    def _stitching(self, obj, domain, depth) -> Function:
        parts = [self.read(f, depth + 1) for f in obj.Functions]
        bounds = [float(v) for v in obj.get("/Bounds", [])]
        encode = [float(v) for v in obj.Encode]
        if not parts or len(bounds) != len(parts) - 1 or len(encode) < 2 * len(parts):
            raise BadFunction("a stitching function whose parts do not match")
        edges = [domain[0], *bounds, domain[1]]

        def evaluate(xs):
            self.budget.spend_steps()
            x = min(max(xs[0], domain[0]), domain[1])
            i = next((k for k, b in enumerate(bounds) if x < b), len(bounds))
            lo, hi = edges[i], edges[i + 1]
            e0, e1 = encode[2 * i], encode[2 * i + 1]
            t = e0 if hi == lo else e0 + (x - lo) * (e1 - e0) / (hi - lo)
            return parts[i]([t])
        breaks = tuple(bounds) + tuple(b - 1e-6 for b in bounds)
        return Function(1, parts[0].outputs, domain, evaluate, breaks)

    def _sampled(self, obj, domain, outputs_range) -> Function:
        import numpy as np

        if outputs_range is None:
            raise BadFunction("a sampled function without a range")
        size = [int(v) for v in obj.Size]
        bits = int(obj.BitsPerSample)
        inputs, outputs = len(domain) // 2, len(outputs_range) // 2
        count = math.prod(size) * outputs
        if bits not in (1, 2, 4, 8, 12, 16, 24, 32) or len(size) != inputs or not 0 < count <= MAX_SAMPLES:
            raise BadFunction("a sampled function of an unusual shape")
        self.budget.spend_steps(count)
        data = np.frombuffer(decoded(obj, (count * bits + 7) // 8 + 1024), dtype=np.uint8)
        if bits >= 8:
            width = bits // 8
            raw = data[: count * width].reshape(-1, width).astype(np.uint64)
            values = np.zeros(len(raw), dtype=np.uint64)
            for b in range(width):
                values = values * 256 + raw[:, b]
        else:
            values = np.unpackbits(data)[: count * bits].reshape(-1, bits).astype(np.uint64)
            values = values @ (1 << np.arange(bits - 1, -1, -1, dtype=np.uint64))
        if len(values) < count:
            raise BadFunction("a sampled function with too few samples")
        table = values.astype(np.float64).reshape(-1, outputs)
        top = float((1 << bits) - 1)
        encode = [float(v) for v in obj.get("/Encode", [])] or [x for s in size for x in (0, s - 1)]
        dec = [float(v) for v in obj.get("/Decode", [])] or outputs_range
        strides = [math.prod(size[:i]) for i in range(inputs)]

        def evaluate(xs):
            self.budget.spend_steps()
            index = 0
            for i in range(inputs):
                d0, d1 = domain[2 * i], domain[2 * i + 1]
                x = min(max(xs[i], d0), d1)
                e = encode[2 * i] if d1 == d0 else encode[2 * i] + (x - d0) * (encode[2 * i + 1] - encode[2 * i]) / (d1 - d0)
                index += int(round(min(max(e, 0), size[i] - 1))) * strides[i]
            row = table[index]
            return [dec[2 * j] + row[j] / top * (dec[2 * j + 1] - dec[2 * j]) for j in range(outputs)]
        breaks = tuple(domain[0] + (domain[1] - domain[0]) * k / (size[0] - 1) for k in range(size[0])) \
            if inputs == 1 and 1 < size[0] <= 1024 else ()
        return Function(inputs, outputs, domain, evaluate, breaks)

    def _calculator(self, obj, domain, outputs_range) -> Function:
        if outputs_range is None:
            raise BadFunction("a calculator function without a range")
        program = _parse_program(decoded(obj, 1 << 20))
        outputs = len(outputs_range) // 2

        def evaluate(xs):
            stack = [min(max(x, domain[2 * i]), domain[2 * i + 1]) for i, x in enumerate(xs)]
            _run(program, stack, self.budget, 0)
            if len(stack) < outputs:
                raise BadFunction("a calculator function that leaves too few values")
            return [float(v) for v in stack[-outputs:]]
        return Function(len(domain) // 2, outputs, domain, evaluate)


_TOKEN = re.compile(rb"[{}]|[^\s{}]+")


def _parse_program(text: bytes) -> list:
    tokens = _TOKEN.findall(text)
    if not tokens or tokens[0] != b"{":
        raise BadFunction("a calculator function that is not a { … } program")
    blocks: list[list] = [[]]
    for token in tokens[1:]:
        if token == b"{":
            if len(blocks) > MAX_DEPTH:
                raise BadFunction("a calculator function nested too deep")
            blocks.append([])
        elif token == b"}":
            block = blocks.pop()
            if not blocks:
                return block
            blocks[-1].append(block)
        else:
            try:
                blocks[-1].append(float(token) if re.fullmatch(rb"[+-]?(\d+\.?\d*|\.\d+)", token) else token.decode("latin-1"))
            except ValueError:
                raise BadFunction("a calculator function with a bad number") from None
    raise BadFunction("a calculator function without its closing brace")


_ONE = {"abs": abs, "neg": lambda a: -a, "ceiling": math.ceil, "floor": math.floor, "round": lambda a: math.floor(a + 0.5),
        "truncate": math.trunc, "sqrt": lambda a: math.sqrt(max(a, 0)), "sin": lambda a: math.sin(math.radians(a)),
        "cos": lambda a: math.cos(math.radians(a)), "ln": lambda a: math.log(a) if a > 0 else 0.0,
        "log": lambda a: math.log10(a) if a > 0 else 0.0, "cvi": math.trunc, "cvr": float,
        "not": lambda a: (not a) if isinstance(a, bool) else ~int(a)}
_TWO = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
        "div": lambda a, b: a / b if b else 0.0, "idiv": lambda a, b: int(a / b) if b else 0,
        "mod": lambda a, b: math.fmod(int(a), int(b)) if b else 0, "exp": lambda a, b: _power(a, b),
        "atan": lambda a, b: math.degrees(math.atan2(a, b)) % 360, "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
        "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b,
        "and": lambda a, b: (a and b) if isinstance(a, bool) else int(a) & int(b),
        "or": lambda a, b: (a or b) if isinstance(a, bool) else int(a) | int(b),
        "xor": lambda a, b: (a != b) if isinstance(a, bool) else int(a) ^ int(b),
        "bitshift": lambda a, b: int(a) << int(b) if b >= 0 else int(a) >> -int(b)}


def _power(a, b):
    try:
        value = a ** b
    except (OverflowError, ZeroDivisionError):
        return 0.0
    return value.real if isinstance(value, complex) else value


def _run(program: list, stack: list, budget: Budget, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise BadFunction("a calculator function nested too deep")
    for item in program:
        budget.spend_steps()
        if len(stack) > 100:
            raise BadFunction("a calculator function whose stack overflows")
        if isinstance(item, float):
            stack.append(item)
        elif isinstance(item, list):
            stack.append(item)
        elif item in _ONE:
            stack.append(_ONE[item](stack.pop()))
        elif item in _TWO:
            b, a = stack.pop(), stack.pop()
            stack.append(_TWO[item](a, b))
        elif item == "true" or item == "false":
            stack.append(item == "true")
        elif item == "dup":
            stack.append(stack[-1])
        elif item == "pop":
            stack.pop()
        elif item == "exch":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif item == "copy":
            n = int(stack.pop())
            stack.extend(stack[len(stack) - n:] if n > 0 else [])
        elif item == "index":
            stack.append(stack[-1 - int(stack.pop())])
        elif item == "roll":
            j, n = int(stack.pop()), int(stack.pop())
            if n > 0:
                part = stack[-n:]
                j %= n
                stack[-n:] = part[-j:] + part[:-j] if j else part
        elif item == "if":
            block, cond = stack.pop(), stack.pop()
            if cond:
                _run(block, stack, budget, depth + 1)
        elif item == "ifelse":
            no, yes, cond = stack.pop(), stack.pop(), stack.pop()
            _run(yes if cond else no, stack, budget, depth + 1)
        else:
            raise BadFunction(f"a calculator function with an unknown word ({item[:20]})")
