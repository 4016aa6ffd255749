"""A stream's data, inflated no further than a cap: a 40 kB file that inflates to a gigabyte is
stopped after the cap, not read into memory. Flate (nearly every stream) is inflated piece by piece;
other filters are handed to qpdf only when their worst-case growth keeps them under the cap."""
from __future__ import annotations

import re
import zlib
from collections.abc import Iterator

from pnp.printshop.preflight.findings import as_text

CHUNK = 1 << 20
# how many times larger a filter's output can be than its input, at worst
_GROWTH = {"/FlateDecode": 1032, "/Fl": 1032, "/LZWDecode": 4096, "/LZW": 4096,
           "/RunLengthDecode": 64, "/RL": 64, "/ASCIIHexDecode": 1, "/AHx": 1, "/ASCII85Decode": 1, "/A85": 1}


class Damaged(Exception):
    """A stream whose data cannot be decoded: the file is damaged."""


class TooLarge(Exception):
    """A stream that would inflate past the cap."""


def filters(stream) -> list[str]:
    import pikepdf

    f = stream.get("/Filter")
    if f is None:
        return []
    return [as_text(v) for v in f] if isinstance(f, pikepdf.Array) else [as_text(f)]


def _parameters(stream, count: int) -> list:
    import pikepdf

    parms = stream.get("/DecodeParms", stream.get("/DP"))
    if isinstance(parms, pikepdf.Array):
        return [p if isinstance(p, pikepdf.Dictionary) else None for p in parms][:count] + [None] * count
    return [parms if isinstance(parms, pikepdf.Dictionary) else None] * count


_HEX = ("/ASCIIHexDecode", "/AHx")
_A85 = ("/ASCII85Decode", "/A85")
_FLATE = ("/FlateDecode", "/Fl")


def chunks(stream, cap: int) -> Iterator[bytes]:
    """The decoded data in pieces of about a megabyte; `TooLarge` past `cap` bytes, `Damaged` when
    the data cannot be decoded. The caller may stop early (a picture's rows are all it needs).
    ASCII filters (which only shrink) and Flate without a predictor are undone here, Flate a piece
    at a time; any other filter is left to qpdf when its worst-case growth stays under the cap."""
    import pikepdf

    try:
        data = stream.read_raw_bytes()
    except pikepdf.PdfError:
        raise Damaged() from None
    names = filters(stream)
    parms = _parameters(stream, len(names))
    for i, name in enumerate(names):
        if name in _HEX:
            data = _unhex(data)
        elif name in _A85:
            data = _un85(data)
        elif name in _FLATE and (parms[i] is None or int(parms[i].get("/Predictor", 1)) <= 1):
            if i == len(names) - 1:
                yield from _inflate(data, cap)
                return
            data = b"".join(_inflate(data, cap))
        else:
            yield from _by_qpdf(stream, names, cap)
            return
    if len(data) > cap:
        raise TooLarge()
    for at in range(0, len(data), CHUNK):
        yield data[at:at + CHUNK]


def _by_qpdf(stream, names: list[str], cap: int) -> Iterator[bytes]:
    import pikepdf

    growth = 1
    for name in names:
        growth *= _GROWTH.get(name, 0) or 10_000
    if len(stream.read_raw_bytes()) * growth > cap and not any(n in ("/DCTDecode", "/DCT", "/JPXDecode") for n in names):
        raise TooLarge()
    try:
        data = stream.read_bytes()
    except pikepdf.PdfError:
        raise Damaged() from None
    if len(data) > cap:
        raise TooLarge()
    for at in range(0, len(data), CHUNK):
        yield data[at:at + CHUNK]


def _unhex(data: bytes) -> bytes:
    text = re.sub(rb"\s+", b"", data).split(b">", 1)[0]
    try:
        return bytes.fromhex((text + b"0" * (len(text) % 2)).decode("ascii"))
    except ValueError:
        raise Damaged() from None


def _un85(data: bytes) -> bytes:
    import base64

    text = re.sub(rb"\s+", b"", data)
    text = text[2:] if text.startswith(b"<~") else text
    text = text.split(b"~>", 1)[0]
    try:
        return base64.a85decode(text)
    except ValueError:
        raise Damaged() from None


def _inflate(raw: bytes, cap: int) -> Iterator[bytes]:
    inflater = zlib.decompressobj()
    total = 0
    pending = raw
    try:
        while pending:
            piece = inflater.decompress(pending, CHUNK)
            pending = inflater.unconsumed_tail
            total += len(piece)
            if total > cap:
                raise TooLarge()
            if piece:
                yield piece
            if inflater.eof:
                return
        rest = inflater.flush()
    except zlib.error:
        raise Damaged() from None
    if total + len(rest) > cap:
        raise TooLarge()
    if rest:
        yield rest


def decoded(stream, cap: int) -> bytes:
    return b"".join(chunks(stream, cap))


_OPERATOR = re.compile(rb"(?<![/\w.+-])[A-Za-z'\"][A-Za-z0-9*]*")


def operators_at_most(data: bytes, limit: int) -> int:
    """An upper bound on the operators in a content stream (every word not a name counts), read a
    megabyte at a time and given up past `limit`: enough to refuse a stream before parsing it."""
    count, window = 0, 1 << 18
    for at in range(0, len(data), window):
        count += len(_OPERATOR.findall(data, at, at + window))
        if count > limit:
            return count
    return count
