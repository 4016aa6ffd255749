"""Gradients (shadings), read once each: their colour space, and the most ink any of their colours
carries — a function's outputs tried across its domain and at its breakpoints, or the colour of
every vertex of a mesh (a mesh blends linearly between vertices, so its most ink is at one)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.printshop.preflight.functions import BadFunction, Function, Functions
from pnp.printshop.preflight.limits import Budget
from pnp.printshop.preflight.spaces import Space, Spaces
from pnp.printshop.preflight.streams import Damaged, TooLarge, decoded

MAX_MESH_BYTES = 8 * 1024 * 1024


@dataclass
class Gradient:
    space: Space
    worst: float | None         # most total ink (per cent), None when nothing to measure
    start: tuple[float, float]  # where it begins in its own space (an axial or radial gradient's first point)
    broken: str = ""            # why it cannot be read, in words


class Shadings:
    def __init__(self, spaces: Spaces, functions: Functions, budget: Budget):
        self.spaces, self.functions, self.budget = spaces, functions, budget
        self.memo: dict = {}

    def read(self, shading, named) -> Gradient:
        import pikepdf

        key = shading.objgen if shading.objgen != (0, 0) else None
        if key is not None and key in self.memo:
            return self.memo[key]
        space = self.spaces.read(shading.get("/ColorSpace", pikepdf.Name.DeviceGray), named)
        coords = [float(v) for v in shading.get("/Coords", [0, 0])]
        made = Gradient(space, None, (coords[0], coords[1]) if len(coords) >= 2 else (0.0, 0.0))
        try:
            made.worst = self._worst(shading, space)
        except BadFunction as e:
            made.broken = f"a gradient with {e}"
        except (Damaged, TooLarge, ValueError, TypeError, KeyError, IndexError, AttributeError, pikepdf.PdfError):
            made.broken = "a malformed gradient"
        if key is not None:
            self.memo[key] = made
        return made

    def _worst(self, shading, space: Space) -> float | None:
        if space.family not in ("cmyk", "indexed", "spot"):
            return None
        kind = int(shading.get("/ShadingType", 0))
        function = self.functions.read(shading.Function) if "/Function" in shading else None
        if kind in (1, 2, 3):
            if function is None:
                raise BadFunction("no colour function")
            if kind == 1:
                function = replace(function, domain=[float(v) for v in shading.get("/Domain", [0, 1, 0, 1])], inputs=2)
            elif "/Domain" in shading:
                function = replace(function, domain=[float(v) for v in shading.Domain])
            return _most(space, function, function.probes())
        if kind in (4, 5, 6, 7):
            colours = self._mesh_colours(shading, kind, space, function)
            if function is not None:
                return _most(space, function, [[t] for t in colours])
            return max((space.ink_of(list(c)) or 0.0 for c in colours), default=None)
        raise BadFunction("an unknown gradient type")

    def _mesh_colours(self, shading, kind: int, space: Space, function: Function | None) -> list[tuple]:
        data = decoded(shading, MAX_MESH_BYTES)
        coord_bits = int(shading.BitsPerCoordinate)
        comp_bits = int(shading.BitsPerComponent)
        flag_bits = int(shading.get("/BitsPerFlag", 0)) if kind != 5 else 0
        n = 1 if function is not None else space.components
        decode = [float(v) for v in shading.Decode]
        if len(decode) < 4 + 2 * n or coord_bits > 32 or comp_bits > 16:
            raise BadFunction("a mesh gradient whose data cannot be read")
        lows, spans = decode[4::2][:n], [b - a for a, b in zip(decode[4::2], decode[5::2])][:n]
        top = float((1 << comp_bits) - 1)
        reader = _Bits(data)
        colours = []
        while reader.left() >= flag_bits + 2 * coord_bits + n * comp_bits:
            self.budget.spend_steps()
            flag = reader.read(flag_bits) if flag_bits else 0
            if kind in (4, 5):
                points, count = 1, 1
            else:
                points = (16 if kind == 7 else 12) if flag == 0 else (12 if kind == 7 else 8)
                count = 4 if flag == 0 else 2
            if reader.left() < points * 2 * coord_bits + count * n * comp_bits:
                break
            reader.skip(points * 2 * coord_bits)
            for _ in range(count):
                colours.append(tuple(lows[j] + reader.read(comp_bits) / top * spans[j] for j in range(n)))
            if kind != 5:
                reader.align()
        return colours


def _most(space: Space, function: Function, inputs) -> float | None:
    inks = [space.ink_of(function(list(x))) for x in inputs]
    inks = [i for i in inks if i is not None]
    return max(inks) if inks else None


class _Bits:
    """Reads numbers of any width from packed bits, high bits first."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def left(self) -> int:
        return len(self.data) * 8 - self.at

    def read(self, bits: int) -> int:
        first, last = self.at // 8, (self.at + bits + 7) // 8
        chunk = int.from_bytes(self.data[first:last], "big")
        shift = last * 8 - (self.at + bits)
        self.at += bits
        return (chunk >> shift) & ((1 << bits) - 1)

    def skip(self, bits: int) -> None:
        self.at += bits

    def align(self) -> None:
        self.at = (self.at + 7) // 8 * 8
