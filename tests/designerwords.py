"""The one check that a message a designer reads holds none of Python's own words.

Every error path the mistake and hostile suites reach passes its output through
`assert_designer_words`: no traceback, no exception class prefix ("TypeError: …"), no
module path (`pnp.spec.load`), no class name of pnp's trees (`LDict`, `LList`) or Python's
(`NoneType`, `'dict object'`), no repr (`<class …>`, `object at 0x…`).
"""
from __future__ import annotations

import re

FORBIDDEN = [
    (re.compile(r"Traceback"), "a traceback"),
    (re.compile(r"\bpnp(?:\.[a-z_]+){2,}|\bpnp\.(?:spec|draw|render|kinds|referee|rulebook|errors|cli|build|"
                r"game|export|serve|geometry)\b"), "a module path"),
    (re.compile(r"\b(?:jinja2|pydantic|builtins|typing|collections)\.[A-Za-z_]"), "a module path"),
    (re.compile(r"object at 0x[0-9a-fA-F]+"), "a repr"),
    (re.compile(r"<(?:class|function|bound method|module|built-in) "), "a repr"),
    (re.compile(r"(?<![\w-])[A-Z][A-Za-z]*(?:Error|Exception):"), "a Python exception's name"),
    (re.compile(r"\b(?:LDict|LList|NoneType|CardFacts|StrictUndefined|DesignerUndefined|SpecErrors?)\b"),
     "a class name"),
    (re.compile(r"'(?:dict|list|str|int|float|tuple|NoneType|range|LDict|LList) object'"), "a class name"),
    (re.compile(r"\b(?:dict|list|str|int|float|tuple) object has no\b"), "a class name"),
    # ('int' alone is also the name of a field type a designer declares, so only Python's own phrasings)
    (re.compile(r"'(?:str|int|float|dict|list|tuple|bool|range|generator|NoneType)' object|"
                r"operand type(?:\(s\))? for [^:]+: '|argument of type '|unhashable type: '"), "a class name"),
    (re.compile(r"requires string as left operand|\bdo_[a-z]+\(\)"), "Python's own words"),
]


def designer_word_problems(text: str) -> list[str]:
    """What in `text` is Python's own words, each as 'a module path: pnp.spec.load'."""
    out = []
    for pattern, what in FORBIDDEN:
        for m in pattern.finditer(text):
            out.append(f"{what}: {m.group(0)!r} in …{text[max(0, m.start() - 60):m.end() + 60]}…")
    return out


def assert_designer_words(text: str) -> None:
    problems = designer_word_problems(text)
    assert not problems, "a message shows Python's own words:\n" + "\n".join(problems)
