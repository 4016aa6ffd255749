"""The bounds that keep reading untrusted art cheap, and the internal errors that report crossing them."""
from __future__ import annotations

from pnp.errors import Pos

MAX_BYTES = 2 * 1024 * 1024
MAX_ELEMENTS = 20_000
MAX_DEPTH = 64            # element nesting in the file
MAX_USE_DEPTH = 8         # <use> inside <use> inside ...
MAX_RENDER_DEPTH = 128    # nesting after <use> expansion
MAX_SHAPES = 50_000       # shapes after <use> expansion (a "use bomb" stops here)
MAX_NUMBER = 1e9          # any number in the file, and any coordinate after transforms: far beyond any drawing
MAX_STOPS = 256           # stops of one gradient
MAX_STOPS_DRAWN = 100_000  # gradient stops over all shapes (each gradient-filled shape writes its stops)
MAX_CSS_BYTES = 100_000   # all <style> text of one file (an editor's sheet is a few kB; reading CSS is slow)
MAX_CSS_MATCHES = 200_000  # style rules tried against elements (a huge sheet times many elements stops here)
MIN_BOX = 1e-3            # the smallest side of the art's box (its viewBox, or width × height)


class Refused(Exception):
    """Internal: stop parsing and report this located problem."""

    def __init__(self, pos: Pos, message: str):
        super().__init__(message)
        self.pos, self.message = pos, message


class OutOfRange(Exception):
    """Internal: a number that is not finite or absurdly large; the element being read reports it, located."""

    def __init__(self, text: str):
        super().__init__(text)
        self.message = (f"number '{text.strip()[:40]}' is out of range (numbers in art must be finite and "
                        f"at most {MAX_NUMBER:g} in size)")
