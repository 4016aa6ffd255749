"""What preflight reports: a `Problem` (what is wrong, said once per page however often it recurs) and
a `Finding` (a problem at its page and place), and the summary the command prints."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One kind of fault. `key` names the kind: a page reports each key once, at its first place,
    with a count of the others; two problems of one key are the same fault (the first one's words)."""

    key: str
    message: str
    rejects: bool = True    # False: a warning the shop would print anyway


@dataclass(frozen=True)
class Finding:
    page: int | None        # 1-based; None for the whole file
    where: str              # "12.0 mm from the left, 30.5 mm from the top", or ""
    message: str
    rejects: bool = True
    more: int = 0           # further instances of the same problem on the same page

    def __str__(self) -> str:
        place = "" if self.page is None else f"page {self.page}" + (f", {self.where}" if self.where else "")
        tail = f" (and {self.more} more like it on this page)" if self.more else ""
        return (f"{place}: " if place else "") + self.message + tail


def as_text(obj) -> str:
    """A PDF name or string as text, whatever bytes it holds (a name need not be UTF-8)."""
    try:
        return str(obj)
    except (UnicodeDecodeError, TypeError, ValueError):
        return "/?" if obj is not None and str(type(obj).__name__) == "Name" else "?"


def file_finding(message: str, rejects: bool = True) -> Finding:
    return Finding(None, "", message, rejects)


def summarise(findings: list[Finding]) -> list[str]:
    """One line per problem: the same problem on many pages is said once, with its pages
    ("pages 1–62, 64") and where it first shows."""
    merged: dict[tuple, list[Finding]] = {}
    for f in findings:
        merged.setdefault((f.message, f.rejects), []).append(f)
    lines = []
    for (message, _rejects), group in merged.items():
        pages = [f.page for f in group if f.page is not None]
        first = group[0]
        if not pages:
            lines.append(message)
            continue
        place = (f"page {pages[0]}" if len(pages) == 1 else f"pages {_ranges(pages)}")
        where = f", first at {first.where}" if first.where and len(pages) > 1 else (f", {first.where}" if first.where else "")
        more = sum(f.more for f in group)
        tail = f" ({more} more like it)" if more and len(pages) == 1 else ""
        lines.append(f"{place}{where}: {message}{tail}")
    return lines


def _ranges(pages: list[int]) -> str:
    pages = sorted(set(pages))
    parts, start, prev = [], pages[0], pages[0]
    for p in pages[1:] + [None]:
        if p is not None and p == prev + 1:
            prev = p
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(parts)
