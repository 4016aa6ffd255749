"""The art's own `<style>` sheets: rules with simple selectors, matched to elements with CSS's cascade.

Illustrator writes `.st0{fill:#E30613;}` and refers to it with `class="st0"`;
other editors use type and id selectors. tinycss2 reads the sheet (comments,
strings, escapes, `!important`); we match the selector forms SVG exports use:
`*`, `type`, `#id`, `.class` and their compounds (`path.st0`), in comma lists.
A rule whose selector is anything else (descendants, pseudo-classes,
attributes) or an at-rule such as `@media` is skipped with a located warning.
The gate has already refused `@import` and `url()` of anything but `#id`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from pnp.draw.art.gate import Node
from pnp.draw.art.limits import MAX_CSS_MATCHES, Refused
from pnp.errors import Pos

_SIMPLE = re.compile(r"(\*|[A-Za-z][\w-]*)?((?:[.#][A-Za-z_][\w-]*)*)")
_PART = re.compile(r"([.#])([A-Za-z_][\w-]*)")


@dataclass(frozen=True)
class Selector:
    """One compound selector: an optional type, an optional id, the classes it needs."""

    tag: str | None
    ident: str | None
    classes: frozenset[str]

    @property
    def specificity(self) -> tuple[int, int, int]:
        return (1 if self.ident else 0, len(self.classes), 1 if self.tag else 0)

    def matches(self, node: Node) -> bool:
        if self.tag and node.tag != self.tag:
            return False
        if self.ident and node.attrs.get("id") != self.ident:
            return False
        return self.classes <= set(node.attrs.get("class", "").split())


@dataclass(frozen=True)
class Rule:
    selector: Selector
    declarations: tuple[tuple[str, str, bool], ...]  # (property, value, important)
    order: int
    specificity: tuple[int, int, int] = (0, 0, 0)


class StyleSheet:
    """Every rule of the art's `<style>` elements, in document order, indexed by what they need.

    Rules are looked up by the element's id, classes and tag, so an element is
    tried only against rules that could match it; the total of those tries is
    bounded (MAX_CSS_MATCHES), and each element's result is kept.
    """

    def __init__(self, rules: list[Rule], pos: Pos | None = None):
        self.rules = rules
        self.pos = pos
        self.tries = 0
        self._index: dict[tuple[str, str], list[Rule]] = {}
        for rule in rules:
            sel = rule.selector
            key = ("#", sel.ident) if sel.ident else ((".", min(sel.classes)) if sel.classes else ("", sel.tag or "*"))
            self._index.setdefault(key, []).append(rule)
        self._memo: dict[int, list[tuple[str, str]]] = {}

    @classmethod
    def read(cls, styles: list[Node], warn: Callable[[Pos, str], None]) -> "StyleSheet":
        rules: list[Rule] = []
        for node in styles:
            if node.attrs.get("type", "text/css").strip().lower() not in ("text/css", ""):
                warn(node.pos, f"<style type=\"{node.attrs['type']}\"> is not CSS and was skipped")
                continue
            rules.extend(_rules(node, len(rules), warn))
        return cls(rules, styles[0].pos if styles else None)

    def declarations(self, node: Node) -> list[tuple[str, str]]:
        """The declarations that apply to `node`, weakest first (CSS cascade: !important, specificity, order)."""
        if not self.rules:
            return []
        known = self._memo.get(id(node))
        if known is not None:
            return known
        candidates = list(self._index.get(("", "*"), ())) + list(self._index.get(("", node.tag), ()))
        if "id" in node.attrs:
            candidates += self._index.get(("#", node.attrs["id"]), ())
        for name in set(node.attrs.get("class", "").split()):
            candidates += self._index.get((".", name), ())
        self.tries += len(candidates)
        if self.tries > MAX_CSS_MATCHES:
            raise Refused(self.pos or node.pos, f"the art's <style> rules were tried more than {MAX_CSS_MATCHES} "
                                                "times against its elements; simplify the style sheet")
        found = [(important, rule.specificity, rule.order, i, name, value)
                 for rule in candidates if rule.selector.matches(node)
                 for i, (name, value, important) in enumerate(rule.declarations)]
        found.sort(key=lambda d: d[:4])
        winners = {name: value for *_, name, value in found}  # the strongest declaration of each property
        self._memo[id(node)] = result = list(winners.items())
        return result


def _rules(node: Node, start: int, warn: Callable[[Pos, str], None]) -> list[Rule]:
    import tinycss2

    out: list[Rule] = []
    for item in tinycss2.parse_stylesheet(node.text, skip_comments=True, skip_whitespace=True):
        if item.type == "at-rule":
            warn(node.pos, f"CSS @{item.at_keyword} in <style> is not supported; its rules were skipped")
            continue
        if item.type != "qualified-rule":
            warn(node.pos, "a part of <style> could not be read as CSS and was skipped")
            continue
        prelude = tinycss2.serialize(item.prelude).strip()
        selectors = [_selector(s.strip()) for s in prelude.split(",")]
        if not prelude or None in selectors:
            warn(node.pos, f"CSS selector '{prelude[:60]}' is not supported (only type, .class, #id and "
                           "their combinations like path.st0 are); its rule was skipped")
            continue
        declarations = tuple(
            (d.lower_name, tinycss2.serialize(d.value).strip(), bool(d.important))
            for d in tinycss2.parse_declaration_list(item.content, skip_comments=True, skip_whitespace=True)
            if d.type == "declaration")
        for selector in selectors:
            out.append(Rule(selector, declarations, start + len(out), selector.specificity))
    return out


def _selector(text: str) -> Selector | None:
    m = _SIMPLE.fullmatch(text)
    if not m or not text:
        return None
    parts = _PART.findall(m.group(2) or "")
    ids = [name for kind, name in parts if kind == "#"]
    if len(ids) > 1:
        return None
    tag = m.group(1) if m.group(1) not in (None, "*") else None
    return Selector(tag, ids[0] if ids else None, frozenset(name for kind, name in parts if kind == "."))
