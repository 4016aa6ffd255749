"""The caches of measured text, and emptying them between documents.

A cache keyed by a string drawn (a card's title, a line of its body) fills with a deck's
texts up to its bound. A worker drawing chunk after chunk of a 50,000-card deck kept
every one of them full: 7 MB more than a worker drawing one chunk of a small deck. Each
chunk is a document of its own, so `forget_measured_texts()` empties them before each
one; a text drawn on many cards of a chunk is still measured once in it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

_caches: list = []  # every function `text_cache` made


def text_cache(maxsize: int) -> Callable:
    """`functools.lru_cache(maxsize)`, emptied by `forget_measured_texts()`."""
    def wrap(function: Callable) -> Callable:
        cached = lru_cache(maxsize=maxsize)(function)
        _caches.append(cached)
        return cached

    return wrap


def forget_measured_texts() -> None:
    """Empty every cache of measured text (they are pure: what is drawn does not change)."""
    for cached in _caches:
        cached.cache_clear()
