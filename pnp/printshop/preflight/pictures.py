"""The most ink any pixel of a picture carries, for pictures of 1 to 16 bits in any colour space
with CMYK behind it (DeviceCMYK, ICC-based CMYK, Indexed on CMYK, Separation and DeviceN through
their alternates). Each picture is decoded once per file, a few rows at a time, so a picture of
56 million pixels drawn a hundred times costs one pass and tens of megabytes; its pixels are
counted against the file's budget before a byte is inflated."""
from __future__ import annotations

from io import BytesIO

from pnp.printshop.preflight.limits import Budget
from pnp.printshop.preflight.spaces import Space
from pnp.printshop.preflight.streams import CHUNK, TooLarge, chunks, filters

MAX_TUPLES = 4096   # distinct DeviceN pixel values measured through the tint transform
STEP_BYTES = 4 << 20  # decoded rows measured at a time
_PNG_COLOUR = {1: 0, 2: 4, 3: 2, 4: 6}   # a PNG colour type of the same number of channels


def _png_predicted(image) -> bool:
    import pikepdf

    if filters(image) not in (["/FlateDecode"], ["/Fl"]):
        return False
    parms = image.get("/DecodeParms", image.get("/DP"))
    if isinstance(parms, pikepdf.Array):
        parms = parms[0] if len(parms) else None
    return isinstance(parms, pikepdf.Dictionary) and int(parms.get("/Predictor", 1)) >= 10


class Unmeasured(Exception):
    """A picture whose ink cannot be measured (a filter preflight cannot bound or decode)."""


class Pictures:
    def __init__(self, budget: Budget):
        self.budget = budget
        self.memo: dict = {}

    def most_ink(self, image, space: Space) -> float | None:
        """The highest total ink (per cent) of any pixel; None when the space has no ink to measure."""
        key = image.objgen if image.objgen != (0, 0) else None
        if key is not None and key in self.memo:
            return self.memo[key]
        try:
            worst = self._measure(image, space)
        except TooLarge:
            worst = Unmeasured("its compression could not be unpacked within preflight's memory")
        if key is not None:
            self.memo[key] = worst
        if isinstance(worst, Unmeasured):
            raise worst
        return worst

    def _measure(self, image, space: Space) -> float | None:
        if space.family not in ("cmyk", "indexed", "spot"):
            return None
        width, height = int(image.get("/Width", 0)), int(image.get("/Height", 0))
        bits = int(image.get("/BitsPerComponent", 8))
        if width <= 0 or height <= 0:
            return None
        self.budget.spend_pixels(width * height)
        if any(f in ("/DCTDecode", "/DCT", "/JPXDecode") for f in filters(image)):
            return self._compressed_picture(image, space)
        if bits not in (1, 2, 4, 8, 16):
            return None
        n = space.components
        if _png_predicted(image) and n in _PNG_COLOUR and bits == 8:
            return self._predicted_picture(image, space, width, height, n)
        decode = [float(v) for v in image.get("/Decode", [])] or list(
            (0.0, float((1 << bits) - 1)) if space.family == "indexed" else space.decode_range or (0, 1) * n)
        tally = _Tally(space, n, bits, decode)
        row_bytes = (width * n * bits + 7) // 8
        step = max(row_bytes, STEP_BYTES // row_bytes * row_bytes)
        buffer, rows_left = bytearray(), height
        for piece in chunks(image, row_bytes * height + CHUNK):
            buffer += piece
            if len(buffer) >= step or len(buffer) >= rows_left * row_bytes:
                rows = min(len(buffer) // row_bytes, rows_left)
                tally.add(bytes(buffer[:rows * row_bytes]), rows, width)
                del buffer[:rows * row_bytes]
                rows_left -= rows
                if not rows_left:
                    break
        if rows_left and len(buffer) >= row_bytes:   # a picture cut short: what there is
            rows = len(buffer) // row_bytes
            tally.add(bytes(buffer[:rows * row_bytes]), rows, width)
        return tally.worst()

    def _predicted_picture(self, image, space: Space, width: int, height: int, n: int):
        """A Flate picture with PNG predictors, unfiltered by Pillow's PNG decoder: its data is a
        PNG's IDAT as it stands, so it is wrapped in a PNG of the same shape and read in strips."""
        import struct
        import warnings
        import zlib

        import numpy as np
        from PIL import Image

        def chunk(kind: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        header = struct.pack(">IIBBBBB", width, height, 8, _PNG_COLOUR[n], 0, 0, 0)
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", image.read_raw_bytes()) + chunk(b"IEND", b"")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                picture = Image.open(BytesIO(png))
                picture.load()
        except Exception:  # noqa: BLE001 — data Pillow cannot unfilter
            return Unmeasured("its compressed rows could not be decoded")
        decode = [float(v) for v in image.get("/Decode", [])] or list(space.decode_range or (0, 1) * n)
        tally = _Tally(space, n, 8, decode)
        rows = max(1, STEP_BYTES // (width * n))
        for top in range(0, height, rows):
            strip = picture.crop((0, top, width, min(height, top + rows)))
            tally.add(np.asarray(strip, dtype=np.uint8).tobytes(), strip.height, width)
        return tally.worst()

    def _compressed_picture(self, image, space: Space):
        """A CMYK JPEG's pixels as a RIP reads them: the values as stored (Pillow turns the
        inverted values of an Adobe JPEG back; PDF does not), then the image's Decode array."""
        import warnings

        import numpy as np
        from PIL import Image

        if space.family != "cmyk" or space.components != 4:
            return None
        if filters(image) not in (["/DCTDecode"], ["/DCT"]):
            return Unmeasured("its compression is not one preflight decodes")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                picture = Image.open(BytesIO(image.read_raw_bytes()))
                picture.load()
        except Exception:  # noqa: BLE001 — a JPEG Pillow cannot decode
            return Unmeasured("its compression could not be decoded")
        if picture.mode != "CMYK":
            return None
        stored = np.asarray(picture, dtype=np.float32) / 255
        if "adobe" in picture.info:
            stored = 1 - stored
        decode = [float(v) for v in image.get("/Decode", [])][:8] or [0.0, 1.0] * 4
        lows = np.array(decode[0::2], dtype=np.float32)
        spans = np.array(decode[1::2], dtype=np.float32) - lows
        return float(np.clip(lows + stored * spans, 0, 1).sum(axis=-1).max()) * 100


class _Tally:
    """Pixels seen so far: the highest CMYK sum, or the distinct values whose ink is looked up."""

    def __init__(self, space: Space, n: int, bits: int, decode: list[float]):
        self.space, self.n, self.bits, self.decode = space, n, bits, decode
        self.highest = None
        self.values: set = set()

    def add(self, data: bytes, rows: int, width: int) -> None:
        import numpy as np

        n, bits = self.n, self.bits
        raw = np.frombuffer(data, dtype=np.uint8).reshape(rows, -1)
        if self.space.family == "cmyk" and bits in (8, 16) and self.decode[:2 * n] == [0.0, 1.0] * n:
            samples = raw[:, :width * n] if bits == 8 else raw[:, :width * n * 2].view(">u2")
            most = float(samples.reshape(-1, n).sum(axis=1, dtype=np.uint32).max()) / ((1 << bits) - 1) * 100
            self.highest = most if self.highest is None else max(self.highest, most)
            return
        if bits == 8:
            samples = raw[:, :width * n].astype(np.float32)
        elif bits == 16:
            samples = raw[:, :width * n * 2].view(">u2").astype(np.float32)
        else:
            unpacked = np.unpackbits(raw, axis=1)[:, :width * n * bits].reshape(rows, width * n, bits)
            samples = (unpacked @ (1 << np.arange(bits - 1, -1, -1))).astype(np.float32)
        samples = samples.reshape(rows, width, n)
        top = float((1 << bits) - 1)
        if self.space.family == "cmyk":
            lows = np.array(self.decode[0::2][:n], dtype=np.float32)
            spans = np.array(self.decode[1::2][:n], dtype=np.float32) - lows
            values = np.clip(lows + samples / top * spans, 0, 1)
            most = float(values.sum(axis=-1).max()) * 100
            self.highest = most if self.highest is None else max(self.highest, most)
            return
        flat = samples.reshape(-1, n)
        distinct = np.unique(flat, axis=0) if n > 1 else np.unique(flat)[:, None]
        if len(distinct) + len(self.values) > MAX_TUPLES:
            order = np.argsort(-distinct.sum(axis=1))
            distinct = distinct[order[:MAX_TUPLES]]
        self.values.update(map(tuple, distinct.tolist()))
        if len(self.values) > MAX_TUPLES:
            self.values = set(sorted(self.values, key=sum, reverse=True)[:MAX_TUPLES])

    def worst(self) -> float | None:
        if self.space.family == "cmyk":
            return self.highest
        top = float((1 << self.bits) - 1)
        inks = []
        for value in self.values:
            components = [self.decode[2 * j] + v / top * (self.decode[2 * j + 1] - self.decode[2 * j])
                          for j, v in enumerate(value)]
            ink = self.space.ink_of(components)
            if ink is not None:
                inks.append(ink)
        return max(inks) if inks else None
