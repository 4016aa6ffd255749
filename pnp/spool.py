"""An output file too large to keep in memory, spooled to an unnamed temporary file as it is written.

Why: the card sheets and print-shop file of a deck of tens of thousands of cards are tens of
megabytes each; joined chunk by chunk into a `Spooled` file, they cost the build no memory
until `pnp.output.publish` copies them into its staging folder. The size and the sha256 are
counted as the bytes go by, so the manifest and the unit cache never read them back.

The file lives in `--out` when that folder exists (the same disk as the outputs; else the
system's temporary folder), has no name where the system allows (`O_TMPFILE`: gone when closed
or when the process dies), and otherwise a `.pnp-staging-` name, unlinked at once, that the next
publish would tidy away. Readers that need the bytes themselves (a rulebook's figure, pictures
of the pages) ask `contents`.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Iterator

_BLOCK = 1 << 20
STAGING_NAME = ".pnp-staging-spool-"  # `pnp.output`'s staging prefix: its tidy removes a file that outlived a kill


class SpoolError(OSError):
    """A spooled output could not be written (a full disk, say): the build reports it as it
    reports failing to write its outputs (`pnp.output.write_failed`), not as a crash."""


class Spooled:
    """Bytes written once, in order, then read or copied; `len` is their size."""

    def __init__(self, folder: Path | None = None):
        where = folder if folder is not None and Path(folder).is_dir() else None
        try:
            self._file = tempfile.TemporaryFile(dir=where, prefix=STAGING_NAME)
        except OSError as e:
            raise SpoolError(e.errno, e.strerror) from e
        self._hash = hashlib.sha256()
        self._size = 0

    def write(self, data) -> None:
        try:
            self._file.write(data)
        except OSError as e:
            raise SpoolError(e.errno, e.strerror) from e
        self._hash.update(data)
        self._size += len(data)

    def __len__(self) -> int:
        return self._size

    def hexdigest(self) -> str:
        """The sha256 of everything written."""
        return self._hash.hexdigest()

    def blocks(self, start: int = 0) -> Iterator[bytes]:
        """The bytes from `start` on, a block at a time."""
        self._file.flush()
        for offset in range(start, self._size, _BLOCK):
            yield os.pread(self._file.fileno(), min(_BLOCK, self._size - offset), offset)

    def read(self) -> bytes:
        return b"".join(self.blocks())

    def copy_to(self, fd: int) -> None:
        """Every byte into the open file `fd`, in the kernel where it can (`copy_file_range`)."""
        self._file.flush()
        src, offset = self._file.fileno(), 0
        if hasattr(os, "copy_file_range"):
            try:
                while offset < self._size:
                    copied = os.copy_file_range(src, fd, self._size - offset, offset)
                    if copied == 0:
                        break
                    offset += copied
            except OSError:  # a file system or kernel without it: copy by hand from where it stopped
                pass
        os.lseek(fd, offset, os.SEEK_SET)
        for block in self.blocks(offset):
            view = memoryview(block)
            while view:
                view = view[os.write(fd, view):]

    def close(self) -> None:
        self._file.close()

    def __reduce__(self):  # a spooled file belongs to the process that wrote it
        raise TypeError("a Spooled output cannot be sent to another process; send contents(data)")


def contents(data) -> bytes | bytearray:
    """The bytes of an output, spooled or not."""
    return data.read() if isinstance(data, Spooled) else data
