"""Values and Python's failures named as a designer would name them.

A message about a spec never names a Python class ("LList", "NoneType", "'dict object'"), a
module path or a repr: `type_word` says what a value is ("text", "a number", "a list") and
`scrub` takes Python's own words out of a message that has no better wording.
"""
from __future__ import annotations

import re
from typing import Any

# Python's type names as a designer would say them.
_WORDS = {
    "str": "text", "int": "a number", "float": "a number", "bool": "true or false", "NoneType": "an empty value",
    "list": "a list", "tuple": "a list", "LList": "a list", "range": "a range of numbers", "generator": "a list",
    "dict": "a mapping", "LDict": "a mapping", "CardFacts": "a mapping", "set": "a set", "frozenset": "a set",
    "Undefined": "an undefined value", "StrictUndefined": "an undefined value", "Markup": "text",
    "bytes": "text", "function": "a function", "method": "a function", "builtin_function_or_method": "a function",
    "Macro": "a macro", "LoopContext": "the loop",
}


def type_word(name: str) -> str:
    """'str' → 'text', 'int' → 'a number'; a class the designer never wrote → 'a value'."""
    name = name.strip("'\"").rsplit(".", 1)[-1]
    if name.endswith(" object"):
        name = name[: -len(" object")].rsplit(".", 1)[-1]
    return _WORDS.get(name, "a value")


def kind_of(value: Any) -> str:
    return type_word(type(value).__name__)


_MODULE_PATH = re.compile(r"\b(?:pnp|jinja2|pydantic|builtins)(?:\.\w+)+")
_OBJECT = re.compile(r"'?<?([\w.]+) object(?: at 0x[0-9a-f]+)?>?'?")
_CLASS = re.compile(r"<class '([\w.]+)'>")
_EXC_PREFIX = re.compile(r"\b[A-Z]\w*(?:Error|Exception): ")


def scrub(text: str) -> str:
    """Python's own words taken out of a message that has no better wording: class names become
    what the value is (text, a number, a mapping), module paths and addresses go."""
    text = _CLASS.sub(lambda m: type_word(m.group(1)), text)
    text = _OBJECT.sub(lambda m: type_word(m.group(1)), text)
    text = _MODULE_PATH.sub(lambda m: type_word(m.group(0)), text)
    text = re.sub(r"\btype '([\w.]+)'", lambda m: type_word(m.group(1)), text)
    text = re.sub(r"\bdo_(\w+)\(\)", r"the filter '\1'", text)
    text = re.sub(r"'(str|int|float|dict|list|tuple|bool|range|generator)' object", lambda m: type_word(m.group(1)), text)
    text = re.sub(r"\b(?:NoneType|LDict|LList|CardFacts|\w*Undefined)\b", lambda m: type_word(m.group(0)), text)
    return _EXC_PREFIX.sub("", text)
