"""Colour spaces, read once each: what painting in one would mean for a CMYK print shop (its faults:
RGB, Lab, grey, ICC-based in PDF/X-1a, a spot colour and its alternate), and the total ink of a
colour in it (CMYK directly; Indexed through its table; Separation and DeviceN through their tint
transform into a CMYK alternate). A space based on itself, or nested past `MAX_DEPTH`, is a fault,
never a recursion without end."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.printshop.preflight.findings import as_text
from pnp.printshop.preflight.functions import BadFunction, Functions
from pnp.printshop.preflight.limits import MAX_DEPTH
from pnp.printshop.preflight.streams import Damaged, TooLarge, decoded
from pnp.printshop.profiles import Shop

PROCESS = {"/Cyan": 0, "/Magenta": 1, "/Yellow": 2, "/Black": 3}
_DEVICE = {"/DeviceRGB": "rgb", "/RGB": "rgb", "/DeviceGray": "gray", "/G": "gray", "/DeviceCMYK": "cmyk",
           "/CMYK": "cmyk", "/Pattern": "pattern"}


@dataclass(frozen=True)
class Fault:
    key: str
    reason: str
    rejects: bool = True


@dataclass
class Space:
    """One colour space as preflight sees it. `ink(components)` is the total ink of a colour in per
    cent, or None where there is no CMYK to measure."""

    family: str                 # cmyk, gray, rgb, lab, spot, indexed, pattern, unknown
    components: int
    noun: str                   # "an RGB colour", "a spot colour (Gold) …", said in messages
    faults: tuple[Fault, ...] = ()
    ink: Callable[[list[float]], float | None] = field(default=lambda c: None)
    initial: tuple[float, ...] = ()
    base: "Space | None" = None  # an uncoloured pattern's colours, an indexed table's space
    decode_range: tuple[float, ...] = ()  # each component's range (images' default Decode)

    def ink_of(self, components: list[float]) -> float | None:
        try:
            return self.ink(components)
        except (BadFunction, IndexError, ValueError, TypeError):
            return None


def _cmyk_ink(c: list[float]) -> float:
    return sum(min(max(float(v), 0.0), 1.0) for v in c[:4]) * 100


class Spaces:
    """The colour spaces of one file for one shop, each read once by its object number."""

    def __init__(self, shop: Shop, functions: Functions):
        self.shop = shop
        self.functions = functions
        self.x1a = bool(shop.standard and shop.standard.startswith("PDF/X-1a"))
        self.strict = bool(shop.standard)
        self.memo: dict = {}
        self.reading: set = set()

    # the faults, in the shop's words
    def _cmyk_only(self, key: str) -> Fault:
        return Fault(key, f"{self.shop.title} prints CMYK only")

    def device(self, family: str) -> Space:
        if family == "rgb":
            return Space("rgb", 3, "an RGB colour", (self._cmyk_only("rgb"),), initial=(0, 0, 0), decode_range=(0, 1) * 3)
        if family == "gray":
            faults = (Fault("gray", f"a PDF/X file for {self.shop.title} is CMYK throughout", rejects=False),) if self.strict else ()
            return Space("gray", 1, "a grey colour (DeviceGray)", faults, initial=(0,), decode_range=(0, 1))
        if family == "cmyk":
            return Space("cmyk", 4, "a CMYK colour", (), _cmyk_ink, (0, 0, 0, 1), decode_range=(0, 1) * 4)
        return Space("pattern", 1, "a pattern", ())

    def read(self, space, named=None, depth: int = 0) -> Space:
        """The space `space` (a name, or an array) means, with `named` the resources' ColorSpace
        dictionary for names that are not families."""
        import pikepdf

        if depth > MAX_DEPTH:
            return self._bad(f"colour spaces nested more than {MAX_DEPTH} deep")
        if isinstance(space, pikepdf.Name):
            text = as_text(space)
            if text in _DEVICE:
                return self.device(_DEVICE[text])
            if named is not None and text in named:
                return self.read(named[text], None, depth + 1)
            if text in ("/CalRGB", "/CalGray", "/Lab", "/ICCBased", "/Indexed", "/I"):
                return self._bad(f"a colour space named {text[1:]} without its parameters")
            return self._bad(f"a colour space that is not defined ({text[1:]})")
        if not isinstance(space, pikepdf.Array) or len(space) == 0:
            return self._bad("a colour space that is not a name or a list")
        key = space.objgen if space.objgen != (0, 0) else None
        if key is not None and key in self.memo:
            return self.memo[key]
        if key is not None and key in self.reading:
            return self._bad("a colour space based on itself")
        if key is not None:
            self.reading.add(key)
        try:
            made = self._array(space, named, depth)
        except (BadFunction, Damaged, TooLarge, ValueError, TypeError, KeyError, IndexError, AttributeError,
                pikepdf.PdfError):
            made = self._bad("a malformed colour space")
        finally:
            self.reading.discard(key)
        if key is not None:
            self.memo[key] = made
        return made

    def _bad(self, what: str) -> Space:
        return Space("unknown", 1, what, (Fault("bad-space", "a RIP cannot print it"),))

    def _array(self, space, named, depth: int) -> Space:
        import pikepdf

        head = as_text(space[0])
        if head in _DEVICE and len(space) == 1:
            return self.device(_DEVICE[head])
        if head == "/ICCBased":
            stream = space[1]
            n = int(stream.get("/N", 0))
            if n not in (1, 3, 4):
                return self._bad("an ICC-based colour space of an unusual size")
            ranges = tuple(float(v) for v in stream.get("/Range", []))[:2 * n] or (0, 1) * n
            icc = (Fault("icc", "PDF/X-1a allows only CMYK, grey and spot colours"),) if self.x1a else ()
            if n == 4:
                return Space("cmyk", 4, "an ICC-based CMYK colour", icc, _cmyk_ink, (0, 0, 0, 1), decode_range=ranges)
            if n == 3:
                return Space("rgb", 3, "an ICC-based RGB colour", (self._cmyk_only("rgb"),), initial=(0, 0, 0),
                             decode_range=ranges)
            if n == 1:
                grey = self.device("gray")
                return Space("gray", 1, "an ICC-based grey colour", grey.faults + icc, initial=(0,), decode_range=ranges)
            return self._bad("an ICC-based colour space of an unusual size")
        if head == "/CalRGB":
            return Space("rgb", 3, "a CalRGB colour", (self._cmyk_only("rgb"),), initial=(0, 0, 0), decode_range=(0, 1) * 3)
        if head == "/CalGray":
            grey = self.device("gray")
            return Space("gray", 1, "a CalGray colour", grey.faults, initial=(0,), decode_range=(0, 1))
        if head == "/Lab":
            ranges = [float(v) for v in (space[1].get("/Range") or [-100, 100, -100, 100])]
            return Space("lab", 3, "a Lab colour", (self._cmyk_only("lab"),), initial=(0, 0, 0),
                         decode_range=(0, 100, *ranges[:4]))
        if head in ("/Indexed", "/I"):
            return self._indexed(space, named, depth)
        if head == "/Separation":
            return self._spot(space, [space[1]], space[2], space[3], named, depth)
        if head == "/DeviceN":
            return self._spot(space, list(space[1]), space[2], space[3], named, depth)
        if head == "/Pattern":
            base = self.read(space[1], named, depth + 1) if len(space) > 1 else None
            return Space("pattern", 1 + (base.components if base else 0), "a pattern", (), base=base)
        return self._bad(f"an unknown colour space ({head[1:]})")

    def _indexed(self, space, named, depth: int) -> Space:
        import pikepdf

        base = self.read(space[1], named, depth + 1)
        hival = int(space[2])
        table = space[3]
        data = decoded(table, 1 << 20) if isinstance(table, pikepdf.Stream) else bytes(table)
        n = base.components
        if base.family == "unknown":
            return base
        if not 0 <= hival <= 255 or base.family in ("indexed", "pattern"):
            return self._bad("a malformed indexed colour space")
        ranges = base.decode_range or (0, 1) * n
        entries = []
        for i in range(hival + 1):
            raw = data[i * n:(i + 1) * n]
            if len(raw) < n:
                break
            entries.append([ranges[2 * j] + raw[j] / 255 * (ranges[2 * j + 1] - ranges[2 * j]) for j in range(n)])
        inks = [base.ink_of(e) for e in entries]

        def ink(c):
            i = int(round(c[0]))
            return inks[i] if 0 <= i < len(inks) else None
        return Space("indexed", 1, base.noun, base.faults, ink, (0,), base=base, decode_range=(0, float((1 << 8) - 1)))

    def _spot(self, space, names, alternate, transform, named, depth: int) -> Space:
        alt = self.read(alternate, named, depth + 1)
        if alt.family == "unknown":
            return alt
        function = self.functions.read(transform, depth + 1)
        labels = [as_text(n)[1:] for n in names]
        n = len(names)
        what = f"a spot colour ({', '.join(labels)})" if n == 1 else f"a DeviceN colour ({', '.join(labels)})"
        faults = tuple(Fault(f.key, f.reason, f.rejects) for f in alt.faults)
        noun = f"{what} with {alt.noun} as its alternate" if faults else what
        spots = [s for s in map(as_text, names) if s not in PROCESS and s not in ("/All", "/None")]
        if spots and not faults:
            faults = (Fault("spot", f"{self.shop.title} prints it through its CMYK alternate", rejects=False),)
        if n == 1 and as_text(names[0]) == "/All":
            def ink(c):  # registration colour: every plate at this tint
                return min(max(float(c[0]), 0.0), 1.0) * 400
        elif n == 1 and as_text(names[0]) == "/None":
            def ink(c):
                return 0.0
        elif not spots:
            def ink(c):  # process plates by name
                return sum(min(max(float(v), 0.0), 1.0) for v in c[:n]) * 100
        else:
            def ink(c):
                return alt.ink_of(function(list(c[:n])))
        return Space("spot", n, noun, faults, ink, (1.0,) * n, decode_range=(0, 1) * n)
