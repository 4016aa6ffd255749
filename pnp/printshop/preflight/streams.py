"""A stream's data, inflated no further than a cap: a 40 kB file that inflates to a gigabyte is
stopped after the cap, not read into memory. Flate (nearly every stream) is inflated piece by piece;
other filters are handed to qpdf only when their worst-case growth keeps them under the cap."""
from __future__ import annotations

import re
import zlib
from collections.abc import Iterator

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
    return [str(v) for v in f] if isinstance(f, pikepdf.Array) else [str(f)]


def _plain_flate(stream) -> bool:
    import pikepdf

    if filters(stream) not in (["/FlateDecode"], ["/Fl"]):
        return False
    parms = stream.get("/DecodeParms", stream.get("/DP"))
    if isinstance(parms, pikepdf.Array):
        parms = parms[0] if len(parms) else None
    return not isinstance(parms, pikepdf.Dictionary) or int(parms.get("/Predictor", 1)) <= 1


def chunks(stream, cap: int) -> Iterator[bytes]:
    """The decoded data in pieces of about a megabyte; `TooLarge` past `cap` bytes, `Damaged` when
    the data cannot be decoded. The caller may stop early (a picture's rows are all it needs)."""
    import pikepdf

    try:
        raw = stream.read_raw_bytes()
    except pikepdf.PdfError:
        raise Damaged() from None
    names = filters(stream)
    if not names:
        if len(raw) > cap:
            raise TooLarge()
        for at in range(0, len(raw), CHUNK):
            yield raw[at:at + CHUNK]
        return
    if _plain_flate(stream):
        yield from _inflate(raw, cap)
        return
    growth = 1
    for name in names:
        growth *= _GROWTH.get(name, 0) or 10_000
    if len(raw) * growth > cap and not any(n in ("/DCTDecode", "/DCT", "/JPXDecode") for n in names):
        raise TooLarge()
    try:
        data = stream.read_bytes()
    except pikepdf.PdfError:
        raise Damaged() from None
    if len(data) > cap:
        raise TooLarge()
    for at in range(0, len(data), CHUNK):
        yield data[at:at + CHUNK]


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
