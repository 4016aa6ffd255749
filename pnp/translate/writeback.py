"""Translations put back where a designer keeps them: `key@fr:` beside `key:` in YAML, a `name@fr`
column beside `name` in a CSV table or a workbook's worksheet (`sheetwrite`), `rules.fr.md` beside
`rules.md`, paragraph by paragraph.

Only what changes is written: a translation equal to the one in place edits nothing, so exporting
and importing an untouched PO file leaves every file as it was. A YAML file is edited as text
(the new key inserted after the last of its siblings, at their indent, or inside a `{…}` mapping
after them), so its comments and layout stay; each changed file is replaced in one step.
"""
from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import yaml

from pnp.translate import sheetwrite

from pnp.models.printedtexts import (CellPlace, ParagraphPlace, Text, YamlPlace, compose, find, mapping_items,
                                 split_paragraphs, _read)


def apply(game_dir: Path, lang: str, texts: list[Text], translated: dict[str, tuple[str, str]]) -> tuple[list[str], list[str]]:
    """(files changed, problems) after writing `translated` (context → (source, translation)) into the game."""
    by_context = {t.context: t for t in texts}
    problems: list[str] = []
    yaml_edits: dict[str, dict[tuple, object]] = {}
    cell_edits: dict[str, dict[tuple, str]] = {}
    rule_edits: dict[str, dict[int, str]] = {}
    sheet_edits: sheetwrite.SheetEdits = {}
    unknown: list[str] = []
    changed_source: list[str] = []
    for context, (source, translation) in translated.items():
        text = by_context.get(context)
        if text is None:
            unknown.append(context)
            continue
        if text.source != source:
            changed_source.append(context)
            continue
        if translation == text.translation:
            continue
        place = text.place
        if isinstance(place, YamlPlace):
            edits = yaml_edits.setdefault(place.file, {})
            if place.item is None:
                edits[(place.path, place.key)] = translation
            else:
                items = edits.get((place.path, place.key))
                if not isinstance(items, dict):
                    items = {}
                    edits[(place.path, place.key)] = items
                items[place.item] = translation
        elif isinstance(place, CellPlace) and place.sheet is not None:
            header_row, cells = sheet_edits.setdefault(place.file, {}).setdefault(place.sheet, (place.header_row, {}))
            cells[(place.sheet_row, place.sheet_col, place.column)] = translation
        elif isinstance(place, CellPlace):
            cell_edits.setdefault(place.file, {})[(place.row, place.column)] = translation
        elif isinstance(place, ParagraphPlace):
            rule_edits.setdefault(place.file, {})[place.index] = translation
    if changed_source:
        problems.append(f"{_some(changed_source)}: the source text changed since the export; not imported "
                        f"(export again and translate the new text)")
    if unknown:
        problems.append(f"{_some(unknown)}: no such text in the game now (renamed or removed since the export?)")
    sheetwrite.refuse_ods(game_dir, sheet_edits)  # before anything is written
    changed = []
    for name, sheets in sheet_edits.items():
        if sheetwrite.write_workbook(game_dir, name, lang, sheets, problems):
            changed.append(name)
    for name, edits in yaml_edits.items():
        if _edit_yaml(game_dir, name, lang, edits, texts):
            changed.append(name)
    for name, edits in cell_edits.items():
        if _edit_table(game_dir, name, lang, edits):
            changed.append(name)
    for name, edits in rule_edits.items():
        written = _edit_rules(game_dir, name, lang, edits, problems)
        if written:
            changed.append(written)
    return changed, problems


def _some(contexts: list[str], shown: int = 5) -> str:
    """Messages named in one warning, however many there are: a PO file of another game or version would
    otherwise print one line per message (200,000 lines for a file of 8 MB)."""
    names = ", ".join(f"'{c}'" for c in contexts[:shown])
    return names + (f" and {len(contexts) - shown:,} more" if len(contexts) > shown else "")


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` in one step (a temporary file beside it, then renamed over it)."""
    temporary = path.with_name(f".{path.name}.pnp-import")
    with open(temporary, "w", encoding="utf-8", newline="") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)


def _quoted(value) -> str:
    """A YAML scalar (or flow list) holding `value` exactly: JSON strings are YAML double-quoted strings."""
    if isinstance(value, list):
        return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _edit_yaml(game_dir: Path, name: str, lang: str, edits: dict, texts: list[Text]) -> bool:
    text, root = compose(game_dir, name)
    changes: list[tuple[int, int, str]] = []  # (start, end, new text)
    for (path, key), value in edits.items():
        parent = find(root, path)
        if not isinstance(parent, yaml.MappingNode):
            continue
        items = mapping_items(parent)
        tagged = f"{key}@{lang}"
        if isinstance(value, dict):  # some items of a list: the whole translated list, the others as they are
            source = next((v for k, _, v in items if k == key), None)
            own = next((v for k, _, v in items if k == tagged), None)
            if not isinstance(source, yaml.SequenceNode):
                continue
            current = [o.value for o in own.value] if isinstance(own, yaml.SequenceNode) else []
            whole = []
            for i, item in enumerate(source.value):
                whole.append(value.get(i, current[i] if i < len(current) else getattr(item, "value", "")))
            value = whole
        own = next(((k, v) for kk, k, v in items if kk == tagged), None)
        new = _quoted(value)
        if own is not None:
            start, end = own[1].start_mark.index, own[1].end_mark.index
            span = text[start:end]
            tail = span[len(span.rstrip()):]
            changes.append((start, end, new + tail))
            continue
        siblings = [(k, v) for kk, k, v in items if kk == key or kk.startswith(key + "@")]
        if not siblings:
            continue
        last_value = max((v for _, v in siblings), key=lambda v: v.end_mark.index)
        end = last_value.end_mark.index
        if parent.flow_style:
            changes.append((end, end, f", {tagged}: {new}"))
            continue
        indent = " " * next(k for kk, k, _ in items if kk == key).start_mark.column
        if end > 0 and text[end - 1] == "\n":
            changes.append((end, end, f"{indent}{tagged}: {new}\n"))
        else:
            newline = text.find("\n", end)
            at = newline if newline != -1 else len(text)
            changes.append((at, at, f"\n{indent}{tagged}: {new}"))
    if not changes:
        return False
    for start, end, new in sorted(changes, key=lambda c: (c[0], c[1]), reverse=True):
        text = text[:start] + new + text[end:]
    _replace(game_dir / name, text)
    return True


def _edit_table(game_dir: Path, name: str, lang: str, edits: dict[tuple[int, str], str]) -> bool:
    text = _read(game_dir, name)
    ending = "\r\n" if "\r\n" in text else "\n"
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        return False
    header = rows[0]
    records = [r for r in rows[1:] if r]  # the data rows a deck reads: a blank line is none
    changed = False
    for (row, column), value in sorted(edits.items()):
        tagged = f"{column}@{lang}"
        if tagged not in header:
            after = max(i for i, h in enumerate(header) if h == column or h.startswith(column + "@"))
            for r in rows[1:]:
                if len(r) > after:
                    r.insert(after + 1, "")
            header.insert(after + 1, tagged)
        at = header.index(tagged)
        cells = records[row]
        while len(cells) <= at:
            cells.append("")
        if cells[at] != value:
            cells[at] = value
            changed = True
    if not changed:
        return False
    out = io.StringIO()
    csv.writer(out, lineterminator=ending).writerows(rows)
    written = out.getvalue()
    if not text.endswith(("\n", "\r")):
        written = written[: -len(ending)]
    _replace(game_dir / name, written)
    return True


def _edit_rules(game_dir: Path, name: str, lang: str, edits: dict[int, str], problems: list[str]) -> str | None:
    stem, dot, ext = name.rpartition(".")
    own_name = f"{stem}.{lang}.{ext}" if dot else f"{name}.{lang}"
    source = _read(game_dir, name)
    blocks, seps = split_paragraphs(source)
    own_path = game_dir / own_name
    before = None
    if own_path.is_file():
        before = _read(game_dir, own_name)
        own_blocks, own_seps = split_paragraphs(before)
        if len(own_blocks) == len(blocks):
            blocks, seps = own_blocks, own_seps
        else:
            problems.append(f"{own_name} had {len(own_blocks)} paragraphs and {name} {len(blocks)}: it is written "
                            f"again from {name}'s paragraphs")
    blocks = list(blocks)
    for index, translation in edits.items():
        if index < len(blocks):
            blocks[index] = translation
    text = "".join(b + s for b, s in zip(blocks, seps))
    if text == before:
        return None
    _replace(own_path, text)
    return own_name
