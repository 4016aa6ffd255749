"""Compiled rulebook templates kept within a process: the same source is compiled once.

Compiling a rulebook's Jinja2 source is most of rendering it (50 ms of 60 for the largest bundled
rulebook), and one process often renders the same source again: `pnp check` renders it for the build
it measures and again for the words the referee reads; `pnp watch` and `pnp serve` render it after
every save, though the save was to another file. Jinja2's bytecode cache is the hook: a template is looked up by its
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
            # (name and file, the source's checksum) → code: a file may be compiled from several sources
            # (the referee's reading marks each line of rules.md)
            self._code: OrderedDict[tuple[str, str], object] = OrderedDict()
            self._lock = threading.Lock()

        def load_bytecode(self, bucket) -> None:
            key = (bucket.key, bucket.checksum)
            with self._lock:
                if key in self._code:
                    self._code.move_to_end(key)
                    bucket.code = self._code[key]

        def dump_bytecode(self, bucket) -> None:
            with self._lock:
                self._code[(bucket.key, bucket.checksum)] = bucket.code
                self._code.move_to_end((bucket.key, bucket.checksum))
                while len(self._code) > KEPT:
                    self._code.popitem(last=False)

        def clear(self) -> None:
            with self._lock:
                self._code.clear()

    return CompiledTemplates()
