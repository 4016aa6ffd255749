"""Compiled rulebook templates kept within a process: the same source is compiled once.

Compiling a rulebook's Jinja2 source is most of rendering it (50 ms of 60 for miskatonic's), and one
process often renders the same source again: `pnp check` renders it for the build it measures and
again for the words the referee reads; `pnp watch` and `pnp serve` render it after every save, though
the save was to another file. Jinja2's bytecode cache is the hook: a template is looked up by its
name and file (`get_cache_key`) and the checksum of its source, so a changed source is compiled anew.

Only environments made alike may share one cache (the code depends on the environment's options and
filters): `pnp.rulebook.language.environment` gives its environments this one.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache

KEPT = 32  # templates kept, the least recently used dropped first


@lru_cache(maxsize=1)
def compiled_templates():
    """The process's cache of compiled rulebook templates (a `jinja2.BytecodeCache`)."""
    from jinja2 import BytecodeCache

    class CompiledTemplates(BytecodeCache):
        def __init__(self):
            self._code: OrderedDict[str, tuple[str, object]] = OrderedDict()  # key → (checksum, code)
            self._lock = threading.Lock()

        def load_bytecode(self, bucket) -> None:
            with self._lock:
                found = self._code.get(bucket.key)
                if found is not None and found[0] == bucket.checksum:
                    self._code.move_to_end(bucket.key)
                    bucket.code = found[1]

        def dump_bytecode(self, bucket) -> None:
            with self._lock:
                self._code[bucket.key] = (bucket.checksum, bucket.code)
                self._code.move_to_end(bucket.key)
                while len(self._code) > KEPT:
                    self._code.popitem(last=False)

        def clear(self) -> None:
            with self._lock:
                self._code.clear()

    return CompiledTemplates()
