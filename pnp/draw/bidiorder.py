"""The Unicode bidirectional algorithm (UAX #9) for pnp's text: levels from python-bidi, lines ordered here.

python-bidi 0.5+ wraps the unicode-bidi crate, a full implementation of UAX #9 (isolates, bracket
pairs, the 125-level depth limit, overrides); its legacy pure-Python module predates bracket
pairing and fails on isolates, so it is never imported. The crate's Python API returns a display
string, or with `debug=True` its analysis of the text (documented as "the calculated levels"):
each byte's original class and resolved level, and each paragraph's level. That analysis is read
here once per paragraph (rules P1–I2); a line cut from the paragraph is then finished by rules L1
(trailing white space and separators back to the paragraph's level) and L2 (reversal), which
depend on where the line breaks and so belong to the layout, not to the crate's whole-text call.

Characters rule X9 removes (embedding and override controls, BN: ZWJ, ZWNJ, word joiner, soft
hyphen, BOM …) keep the level of the character before them, so they stay inside its run and reach
the shaper beside their neighbours; they are never drawn (HarfBuzz hides default ignorables).
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

X9_REMOVED = frozenset({"RLE", "LRE", "RLO", "LRO", "PDF", "BN"})
_ISOLATES = frozenset({"LRI", "RLI", "FSI", "PDI"})
_SEPARATOR = "\u2029"  # PARAGRAPH SEPARATOR (class B): joins paragraphs analysed in one call
_LEVEL = re.compile(r"Level\(\n\s*(\d+),\n\s*\)")
_CLASS = re.compile(r"^\s*([A-Z]+),$", re.M)
_PARAGRAPH = re.compile(r"range: (\d+)\.\.(\d+),\n\s*level: Level\(\n\s*(\d+),")


@dataclass(frozen=True)
class BidiParagraph:
    """One paragraph analysed: its level (0 left to right, 1 right to left) and, for each
    character, its original Bidi_Class and its level after rules X1–I2."""

    text: str
    level: int
    classes: tuple[str, ...]
    levels: tuple[int, ...]

    def line_levels(self, start: int, end: int) -> list[int]:
        """Levels of characters start..end as one line: rule L1 sets segment and paragraph
        separators, and the white space and isolate controls before them or at the line's end,
        to the paragraph's level (X9-removed characters among them go with them)."""
        out = list(self.levels[start:end])
        trailing = True  # inside a run of white space reaching the line's end or a separator
        for i in range(end - 1, start - 1, -1):
            cls = self.classes[i]
            if cls in ("S", "B"):
                out[i - start] = self.level
                trailing = True
            elif trailing and (cls == "WS" or cls in _ISOLATES or cls in X9_REMOVED):
                out[i - start] = self.level
            else:
                trailing = False
        return out

    def has_strong(self) -> bool:
        """Whether a strong character outside any isolate sets the paragraph's direction (rule P2)."""
        depth = 0
        for cls in self.classes:
            if cls in ("LRI", "RLI", "FSI"):
                depth += 1
            elif cls == "PDI" and depth:
                depth -= 1
            elif depth == 0 and cls in ("L", "R", "AL"):
                return True
        return False

    def removed(self, i: int) -> bool:
        """Whether rule X9 removes character `i` (a control that only steers levels or joining)."""
        return self.classes[i] in X9_REMOVED


def analyse(text: str, rtl: bool | None = None, default_rtl: bool = False) -> BidiParagraph:
    """`text` as one paragraph; `rtl` fixes its direction (None: its first strong character's,
    rules P2 and P3, isolates skipped; `default_rtl` when it has none, as an Arabic edition's
    paragraph made only of digits and signs runs right to left)."""
    para = _analyse(text, rtl)
    if rtl is None and default_rtl and not para.has_strong():
        para = _analyse(text, True)
    return para


@lru_cache(maxsize=2048)
def _analyse(text: str, rtl: bool | None) -> BidiParagraph:
    return analyse_many([text], rtl)[0]


def analyse_many(texts: list[str], rtl: bool | None = None) -> list[BidiParagraph]:
    """Each text as a paragraph of its own, all in one call to the crate (a paragraph separator
    between them): the crate's analysis costs a call, so paragraphs are handed over together."""
    from bidi import get_display

    joined = _SEPARATOR.join(texts)
    if not joined:
        return [BidiParagraph("", int(bool(rtl)), (), ()) for _ in texts]
    base_dir = None if rtl is None else ("R" if rtl else "L")
    report = get_display(joined, base_dir=base_dir, debug=True)
    head, _, rest = report.partition("\n    original_classes: [\n")  # a real newline: the text's own are escaped
    classes_part, _, rest = rest.partition("\n    levels: [\n")
    levels_part, _, paras_part = rest.partition("\n    paragraphs: [\n")
    byte_classes = _CLASS.findall(classes_part)
    byte_levels = [int(n) for n in _LEVEL.findall(levels_part)]
    para_levels = [(int(a), int(b), int(lv)) for a, b, lv in _PARAGRAPH.findall(paras_part)]
    starts = [a for a, _, _ in para_levels]
    out, byte = [], 0
    for text in texts:
        first, classes, levels = byte, [], []
        for ch in text:
            classes.append(byte_classes[byte])
            levels.append(byte_levels[byte])
            byte += len(ch.encode("utf-8"))
        at = bisect_right(starts, first) - 1
        level = para_levels[at][2] if text and at >= 0 else int(bool(rtl))
        out.append(BidiParagraph(text, level, tuple(classes), tuple(_carry(classes, levels, level))))
        byte += len(_SEPARATOR.encode("utf-8"))
    return out


def _carry(classes: list[str], levels: list[int], base: int) -> list[int]:
    """X9-removed characters given the level of the character before them (the paragraph's at
    its start), so a ZWJ stays in the run it joins."""
    out, last = [], base
    for cls, lv in zip(classes, levels):
        if cls in X9_REMOVED:
            out.append(last)
        else:
            out.append(lv)
            last = lv
    return out


def rtl_paragraph(text: str) -> bool:
    """Whether a paragraph runs right to left: its first strong character, isolates skipped, is
    (rules P2, P3)."""
    return analyse(text).level == 1


def visual_order(levels: list[int]) -> list[int]:
    """Indices of items (characters or runs) in display order, by rule L2: from the highest level
    down to the lowest odd one, reverse every sequence of items at that level or above."""
    order = list(range(len(levels)))
    if not levels:
        return order
    lowest_odd = min((lv for lv in levels if lv % 2), default=None)
    if lowest_odd is None:
        return order
    for level in range(max(levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


@lru_cache(maxsize=512)
def mirror(ch: str) -> str:
    """The character's mirrored pair, as a right-to-left run shows it (Bidi_Mirroring_Glyph for the
    brackets, quotation marks and signs named LEFT/RIGHT or LESS-/GREATER-THAN)."""
    if not unicodedata.mirrored(ch):
        return ch
    name = unicodedata.name(ch, "")
    for a, b in (("LEFT", "RIGHT"), ("RIGHT", "LEFT"), ("LESS-THAN", "GREATER-THAN"),
                 ("GREATER-THAN", "LESS-THAN")):
        if a in name:
            try:
                return unicodedata.lookup(name.replace(a, b, 1))
            except KeyError:
                return ch
    return ch
