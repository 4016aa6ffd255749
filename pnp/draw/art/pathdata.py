"""SVG path data (the d attribute) as absolute M/L/C/Z commands; arcs and quadratics become cubics."""
from __future__ import annotations

import re

from pnp.draw.art.units import NUM, read_number
from pnp.geometry.curves import arc_to_cubics, quad_to_cubic


class _Scanner:
    """Reads numbers and flags from SVG path data (commas and spaces optional where unambiguous)."""

    _NUMBER = re.compile(NUM)

    def __init__(self, text: str):
        self.text, self.i = text, 0

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i] in " \t\r\n\f,":
            self.i += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def number(self) -> float:
        self.skip()
        m = self._NUMBER.match(self.text, self.i)
        if not m:
            raise ValueError(f"expected a number at character {self.i + 1}")
        value = read_number(m.group())
        self.i = m.end()
        return value

    def flag(self) -> bool:
        ch = self.peek()
        if ch not in ("0", "1"):
            raise ValueError(f"expected an arc flag 0 or 1 at character {self.i + 1}")
        self.i += 1
        return ch == "1"


_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7}


def parse_path(d: str) -> tuple[list, str | None]:
    """SVG path data as absolute M/L/C/Z commands, plus an error message if it stopped early.

    As browsers do, everything before the first error is kept.
    """
    pen = _Pen()
    sc = _Scanner(d)
    command = ""
    try:
        while sc.peek():
            ch = sc.peek()
            if ch.isalpha():
                if ch.upper() not in _ARGS and ch.upper() != "Z":
                    raise ValueError(f"unknown command '{ch}' at character {sc.i + 1}")
                if not command and ch.upper() != "M":
                    raise ValueError("path data must start with M or m")
                command = ch
                sc.i += 1
                if ch in "Zz":
                    pen.close()
                    continue
            elif not command or command in "Zz":
                raise ValueError(f"expected a command letter at character {sc.i + 1}")
            pen.run(command, sc)
            if command in "Mm":
                command = "l" if command == "m" else "L"  # extra pairs after a move are lines
    except ValueError as e:
        return pen.out, str(e)
    return pen.out, None


class _Pen:
    """The current point and reflection state while turning path data into absolute commands."""

    def __init__(self):
        self.out: list = []
        self.x = self.y = 0.0
        self.start = (0.0, 0.0)
        self.last_cubic: tuple[float, float] | None = None   # second control point, for S
        self.last_quad: tuple[float, float] | None = None    # control point, for T
        self.closed = False

    def close(self) -> None:
        if self.out:
            self.out.append(("Z",))
        self.x, self.y = self.start
        self.last_cubic = self.last_quad = None
        self.closed = True

    def run(self, command: str, sc: _Scanner) -> None:
        """Read one set of arguments for `command` and draw it."""
        rel = command.islower()
        op = command.upper()
        ox, oy = (self.x, self.y) if rel else (0.0, 0.0)
        if op == "A":
            rx, ry, angle = sc.number(), sc.number(), sc.number()
            large, sweep = sc.flag(), sc.flag()
            x, y = sc.number() + ox, sc.number() + oy
            self._draw()
            self.out.extend(arc_to_cubics(self.x, self.y, rx, ry, angle, large, sweep, x, y))
            return self._moved(x, y)
        args = [sc.number() for _ in range(_ARGS[op])]
        if op == "H":
            args = [args[0] + ox, self.y]
        elif op == "V":
            args = [self.x, args[0] + oy]
        else:
            args = [v + (ox if i % 2 == 0 else oy) for i, v in enumerate(args)]
        getattr(self, "_" + op)(*args)

    def _draw(self) -> None:
        """Before drawing after a Z, start the new subpath explicitly at the current point."""
        if self.closed:
            self.out.append(("M", self.x, self.y))
            self.closed = False

    def _moved(self, x: float, y: float, cubic=None, quad=None) -> None:
        self.x, self.y = x, y
        self.last_cubic, self.last_quad = cubic, quad

    def _M(self, x, y) -> None:
        self.out.append(("M", x, y))
        self.start = (x, y)
        self.closed = False
        self._moved(x, y)

    def _L(self, x, y) -> None:
        self._draw()
        self.out.append(("L", x, y))
        self._moved(x, y)

    _H = _V = _L

    def _C(self, x1, y1, x2, y2, x, y) -> None:
        self._draw()
        self.out.append(("C", x1, y1, x2, y2, x, y))
        self._moved(x, y, cubic=(x2, y2))

    def _S(self, x2, y2, x, y) -> None:
        if self.last_cubic:  # the first control point mirrors the previous curve's second
            x1, y1 = 2 * self.x - self.last_cubic[0], 2 * self.y - self.last_cubic[1]
        else:
            x1, y1 = self.x, self.y
        self._C(x1, y1, x2, y2, x, y)

    def _Q(self, qx, qy, x, y) -> None:
        self._draw()
        x0, y0 = self.x, self.y
        self.out.append(quad_to_cubic(x0, y0, qx, qy, x, y))
        self._moved(x, y, quad=(qx, qy))

    def _T(self, x, y) -> None:
        if self.last_quad:
            qx, qy = 2 * self.x - self.last_quad[0], 2 * self.y - self.last_quad[1]
        else:
            qx, qy = self.x, self.y
        self._Q(qx, qy, x, y)
