"""Zip files that are the same bytes for the same contents: members in name order, one fixed timestamp,
fixed permissions, deflated at a fixed level or, for pictures already compressed, stored (no clock, no
user, no file system order reaches the file)."""
from __future__ import annotations

import io
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold: no build's clock in the file
LEVEL = 6
PACKED = (".png", ".jpg", ".jpeg", ".zip")  # compressed already: stored as they are, not deflated again


def deterministic_zip(members: dict[str, bytes], first: str | None = None) -> bytes:
    """A zip of `members` ({name inside: bytes}), `first` (the read-me) before the rest in name order."""
    names = sorted(members)
    if first is not None and first in members:
        names.remove(first)
        names.insert(0, first)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            method = zipfile.ZIP_STORED if name.lower().endswith(PACKED) else zipfile.ZIP_DEFLATED
            info.compress_type = method
            info.create_system = 3  # Unix, so that the permissions below are read as such everywhere
            info.external_attr = 0o644 << 16
            archive.writestr(info, members[name], compress_type=method,
                             compresslevel=LEVEL if method == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()
