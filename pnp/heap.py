"""Large buffers given straight back to the system when they are freed.

glibc serves an allocation of 128 KB or more with a mapping of its own, unmapped when it is
freed; but after the first such free it raises that threshold to the size freed, so that the
next buffers of a few megabytes (a table's text, a chunk's PDF, a page being compressed)
come from the heap instead, where a freed buffer stays in the process's memory as long as
anything lies above it. Fixing the threshold (`mallopt`) keeps each large buffer in its own
mapping. Measured on the 50,000-card table deck: RSS after loading 62 → 52 MB, peak 87 → 79 MB,
the same bytes out. Each such buffer then costs fresh pages, which showed on small builds (the
bundled shelf 1.71 → 1.78 s), so it is done only once a deck is large: when it first keeps a
card as its row (`pnp.kinds.deck.cards`). Elsewhere than on glibc (musl, macOS, Windows)
nothing is changed.
"""
from __future__ import annotations

import sys

M_MMAP_THRESHOLD = -3  # glibc's malloc.h
THRESHOLD = 128 * 1024  # glibc's default, kept from rising
_done = False


def keep_large_buffers_mapped() -> None:
    """Fix glibc's mmap threshold, once per process (forked workers inherit it)."""
    global _done
    if _done or not sys.platform.startswith("linux"):
        return
    _done = True
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(M_MMAP_THRESHOLD, THRESHOLD)
    except (OSError, AttributeError):  # no C library to ask, or one without mallopt (musl)
        pass
