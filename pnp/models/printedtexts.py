"""Every text of a game a translator translates, where it is written, and its translation so far.

A text is translatable when a player reads it as written: a YAML value under a key that prints
(`title`, `name`, `label`, `text`, `note` …, or any key the designer already translates with an
`@` sibling) holding a letter outside `{{ … }}`; a table cell of a deck field that a layout's
text box prints (`{{ name }}`); a paragraph of the rulebook. Ids, colours, icon names and field
values a deck is split by are not texts. Each text has a context unique in the game
(`cards.csv lamp name`, `board.yaml locations.spice.name`, `rules.md ¶4`), the PO file's msgctxt.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import Pos, SpecError, SpecErrors, display_path

PRINTED_KEYS = frozenset({"title", "subtitle", "name", "label", "text", "note", "caption", "heading", "flavor",
                          "flavour", "hint", "prompt", "time", "ages", "designer", "credits", "says"})
NOT_TEXT_UNDER = frozenset({"fields", "checks", "print", "fonts", "rulebook_fonts", "balance", "words",
                            "language_fonts", "fallback_fonts"})  # definitions and settings, nothing printed
MAX_TEXTS = 100_000
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PARAGRAPHS = re.compile(r"(\n[ \t]*\n(?:[ \t]*\n)*)")


def has_words(text: Any) -> bool:
    """Whether a string holds a letter a reader reads: outside template code, not a colour."""
    if not isinstance(text, str) or _COLOUR.match(text):
        return False
    return any(ch.isalpha() for ch in _TEMPLATE.sub("", text))


@dataclass(frozen=True)
class YamlPlace:
    """A value under `key` of the mapping at `path` in a YAML file (`item`: one string of its list)."""

    file: str
    path: tuple
    key: str
    item: int | None = None


@dataclass(frozen=True)
class CellPlace:
    """A table cell: data row `row` (0-based, after the header), column `column`. In a workbook also its
    worksheet, the sheet row of its header and the cell's own sheet row and column (1-based)."""

    file: str
    row: int
    column: str
    sheet: str | None = None
    header_row: int = 0
    sheet_row: int = 0
    sheet_col: int = 0


@dataclass(frozen=True)
class IdPlace:
    """An id printed where a name would be (a board's space type, a token back, a die's symbol without
    one): the designer gives it `key:` (and its translations) at the mapping at `path`."""

    file: str
    path: tuple
    key: str
    what: str


# (kind, the mapping of named things, the key that names one, what a designer calls one)
NAMED_BY_ID = (("board", "spaces", "name", "space type"), ("tokens", "backs", "label", "token back"),
               ("dice", "symbols", "label", "die symbol"))


@dataclass(frozen=True)
class ParagraphPlace:
    """Paragraph `index` (0-based, counting every block) of the rulebook source `file`."""

    file: str
    index: int


@dataclass
class Text:
    context: str
    source: str
    line: int
    place: Any
    translation: str = ""
    notes: list[str] = field(default_factory=list)
    column: int = 1
    tagged: bool = False  # some language translates it already (a `key@…` sibling, a `column@…` column)
    cell: str = ""  # a spreadsheet cell's own name (`Cards!B4`): where it is, rather than line and column
    unaligned: str = ""  # a rulebook paragraph whose `rules.<lang>.md` splits otherwise: "12 paragraphs, not 14"

    @property
    def file(self) -> str:
        return self.place.file

    @property
    def location(self) -> tuple[str, int | None]:
        """Its PO `#:` reference: (file, line), or (`cards.xlsx:Cards!B4`, None) for a workbook's cell."""
        return (f"{self.file}:{self.cell}", None) if self.cell else (self.file, self.line)

    def pos(self, game_dir: Path) -> Pos:
        """Where a message about it points."""
        return Pos(display_path(Path(game_dir) / self.file), self.line, self.column, self.cell)


def split_paragraphs(text: str) -> tuple[list[str], list[str]]:
    """(blocks, separators) of a Markdown text: blocks[i] is followed by separators[i]; joining them
    in turn gives the text back exactly."""
    parts = _PARAGRAPHS.split(text)
    return parts[0::2], parts[1::2] + [""] * (len(parts[0::2]) - len(parts[1::2]))


def _read(game_dir: Path, name: str) -> str:
    from pnp.reading.safepath import read_game_text

    return read_game_text(game_dir, name, Pos(os.path.join(display_path(game_dir), name)), what="file")[1]


def compose(game_dir: Path, name: str) -> tuple[str, Any]:
    """(the text, its YAML node tree) of a file of the game folder, read through the gate."""
    text = _read(game_dir, name)
    try:
        return text, yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = Pos(os.path.join(display_path(game_dir), name), mark.line + 1 if mark else 1,
                    mark.column + 1 if mark else 1)
        raise SpecErrors([SpecError(where, "this YAML file cannot be read (`pnp validate` says why)")]) from None


def mapping_items(node) -> list[tuple[str, Any, Any]]:
    """(key, key node, value node) of a YAML mapping node whose keys are strings."""
    return [(k.value, k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]


def find(node, path: tuple):
    for step in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, _, v in mapping_items(node) if k == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            return None
        if node is None:
            return None
    return node


def _scalar_text(node) -> str | None:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        return node.value
    return None


class _Enough(Exception):
    """More texts than a build counts: the count stops here."""


class _Collector:
    def __init__(self, game_dir: Path, lang: str, limit: bool):
        self.game_dir, self.lang, self.limit = game_dir, lang, limit
        self.texts: list[Text] = []
        self.seen: set[str] = set()
        self.ids = False                        # also each id printed for want of a name
        self.card_kinds: frozenset[str] = frozenset()  # the kinds whose files hold cards

    def add(self, text: Text) -> None:
        if len(self.texts) >= MAX_TEXTS:
            if not self.limit:
                raise _Enough
            raise SpecErrors([SpecError(Pos(display_path(self.game_dir / text.file)),
                                        f"more than {MAX_TEXTS:,} texts to translate: pnp stops counting here")])
        if text.context in self.seen:  # two cells of one row and column cannot be; a repeated id can
            text.context += f" (line {text.line})"
        self.seen.add(text.context)
        self.texts.append(text)

    def yaml_file(self, name: str, printed_fields: set[str], kind: str | None) -> None:
        text, root = compose(self.game_dir, name)
        if root is None:
            return
        self._walk(name, root, (), printed_fields, kind)

    def _walk(self, name: str, node, path: tuple, printed_fields: set[str], kind: str | None) -> None:
        if isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self._walk(name, item, path + (i,), printed_fields, kind)
            return
        if not isinstance(node, yaml.MappingNode):
            return
        items = mapping_items(node)
        keys = {k for k, _, _ in items}
        tagged = {k.split("@", 1)[0] for k in keys if "@" in k}
        for key, knode, value in items:
            if "@" in key:
                continue
            if not path and key == "fields" and kind in self.card_kinds:
                self._labels(name, value)
                continue
            if not path and key in NOT_TEXT_UNDER:
                continue
            if not path and key in ("kind", "name") and kind is not None and key not in tagged:
                continue  # a component's kind and its name (an id other specs use)
            if not path and key == "parameters":
                self._parameters(name, value)
                continue
            in_card_fields = len(path) >= 2 and path[-1] == "fields" and path[-3:-2] == ("cards",)
            printed = key in PRINTED_KEYS or key in tagged or (in_card_fields and key in printed_fields)
            if printed:
                self._value(name, path, key, value, items)
            self._walk(name, value, path + (key,), printed_fields, kind)

    def _value(self, name: str, path: tuple, key: str, value, items) -> None:
        tagged = any(k.startswith(key + "@") for k, _, _ in items)
        own = next((v for k, _, v in items if k == f"{key}@{self.lang}"), None)
        where = ".".join(str(p) for p in path + (key,))
        source = _scalar_text(value)
        if source is not None and has_words(source):
            self.add(Text(f"{name} {where}", source, value.start_mark.line + 1, YamlPlace(name, path, key),
                          _scalar_text(own) or "", column=value.start_mark.column + 1, tagged=tagged))
        elif isinstance(value, yaml.SequenceNode):
            own_items = own.value if isinstance(own, yaml.SequenceNode) else []
            for i, item in enumerate(value.value):
                text = _scalar_text(item)
                if text is not None and has_words(text):
                    theirs = _scalar_text(own_items[i]) if i < len(own_items) else None
                    self.add(Text(f"{name} {where}.{i}", text, item.start_mark.line + 1,
                                  YamlPlace(name, path, key, i), theirs or "", column=item.start_mark.column + 1,
                                  tagged=tagged))

    def printed_ids(self, name: str, tree, kind: str | None) -> None:
        """Things a kind names by their id when the spec gives no name (pnp prints the id)."""
        for owner, mapping, key, what in NAMED_BY_ID:
            node = find(tree, (mapping,)) if kind == owner else None
            if not isinstance(node, yaml.MappingNode):
                continue
            for ident, knode, spec in mapping_items(node):
                if "@" in ident or not has_words(ident):
                    continue
                values = {k: v for k, _, v in mapping_items(spec)} if isinstance(spec, yaml.MappingNode) else {}
                if getattr(values.get("footprint"), "value", "") in ("true", "True", "yes"):
                    continue  # a building's footprint: the key does not list it
                if key not in values:
                    self.add(Text(f"{name} {mapping}.{ident} (its id)", ident, knode.start_mark.line + 1,
                                  IdPlace(name, (mapping, ident), key, what), column=knode.start_mark.column + 1))

    def deck_kinds(self, name: str, tree) -> None:
        """A deck's `kind` field values without `labels:` print as written in the component list."""
        spec = find(tree, ("fields", "kind"))
        if not isinstance(spec, yaml.MappingNode):
            return
        values = {k: v for k, _, v in mapping_items(spec)}
        choices = values.get("choices")
        if "labels" in values or not isinstance(choices, yaml.SequenceNode) or len(choices.value) < 2:
            return
        for item in choices.value:
            if isinstance(item, yaml.ScalarNode) and has_words(item.value):
                self.add(Text(f"{name} fields.kind.choices {item.value} (as written)", item.value,
                              item.start_mark.line + 1, IdPlace(name, ("fields", "kind"), "labels", "card kind"),
                              column=item.start_mark.column + 1))

    def _labels(self, name: str, node) -> None:
        """A deck's `labels:` (what the component list calls each choice of its `kind` field) print."""
        if not isinstance(node, yaml.MappingNode):
            return
        for field_name, _, spec in mapping_items(node):
            labels = find(spec, ("labels",))
            if not isinstance(labels, yaml.MappingNode):
                continue
            items = mapping_items(labels)
            for choice, _, value in items:
                if "@" not in choice:
                    self._value(name, ("fields", field_name, "labels"), choice, value, items)

    def _parameters(self, name: str, node) -> None:
        if not isinstance(node, yaml.MappingNode):
            return
        for pname, _, spec in mapping_items(node):
            if not isinstance(spec, yaml.MappingNode):
                continue
            items = mapping_items(spec)
            for key, _, value in items:
                if key == "says":
                    before = len(self.texts)
                    self._value(name, ("parameters", pname), key, value, items)
                    for t in self.texts[before:]:
                        t.notes.append("a phrase the referee looks for in the rules: # stands for the number, "
                                       "* for any other; keep both")

    def table(self, name: str, printed: set[str], notes: dict[str, list[str]]) -> None:
        """A CSV table's printed cells, each at the line and column the deck's own messages give it."""
        from pnp.errors import Collector
        from pnp.reading.tables.csvfile import parse_csv

        table = parse_csv(_read(self.game_dir, name), display_path(self.game_dir / name), Collector())
        if table is not None:
            self._table_cells(name, table, printed, notes, None)

    def workbook(self, name: str, sheets: list[str] | None, printed: set[str], notes: dict[str, list[str]]) -> None:
        """The printed cells of a workbook's worksheets (`sheets`, or its first), each at its cell. The
        workbook is read as a deck reads it (the same checks and bounds); one it cannot read gives none
        here (`pnp validate` says why)."""
        from pnp.errors import Collector
        from pnp.reading.tables import read_tables

        shown = display_path(self.game_dir / name)
        for table in read_tables(self.game_dir, name, sheets, Pos(shown), Pos(shown), Collector()):
            self._table_cells(name, table, printed, notes, table.label[len(table.pos.path) + 1:])

    def _table_cells(self, name: str, table, printed: set[str], notes: dict[str, list[str]],
                     sheet: str | None) -> None:
        header = [str(c.value) for c in table.header]
        tagged = {h.split("@", 1)[0] for h in header if "@" in h}
        columns = [h for h in header if "@" not in h and (h in printed or h in tagged)]
        index = {h: i for i, h in enumerate(header)}
        for row_number, row in enumerate(table.rows):  # the records that are not blank, as a deck reads them
            cells = row.cells
            ident = cells[index["id"]].value if "id" in index and cells[index["id"]].value not in (None, "") \
                else f"row {row.pos.line}"
            for column in columns:
                cell = cells[index[column]]
                if not isinstance(cell.value, str) or not has_words(cell.value):
                    continue
                own_at = index.get(f"{column}@{self.lang}")
                own = cells[own_at].value if own_at is not None else ""
                if sheet is None:
                    context, place = f"{name} {ident} {column}", CellPlace(name, row_number, column)
                else:
                    context = f"{name}:{sheet} {ident} {column}"
                    place = CellPlace(name, row_number, column, sheet, table.pos.line, cell.pos.line, cell.pos.col)
                self.add(Text(context, cell.value, cell.pos.line, place, own if isinstance(own, str) else "",
                              list(notes.get(column, [])), column=cell.pos.col, tagged=column in tagged,
                              cell=cell.pos.cell))

    def rules(self, name: str, titles: set[str] = frozenset()) -> None:
        """Each paragraph of the rulebook holding words; its translation is the paragraph of
        `rules.<lang>.md` at the same place when that differs, or is only the game's title (a
        name is often kept)."""
        source = _read(self.game_dir, name)
        blocks, _ = split_paragraphs(source)
        stem, dot, ext = name.rpartition(".")
        own_name = f"{stem}.{self.lang}.{ext}" if dot else f"{name}.{self.lang}"
        theirs: list[str] = []
        note = unaligned = ""
        if (self.game_dir / own_name).is_file():
            own_blocks, _ = split_paragraphs(_read(self.game_dir, own_name))
            if len(own_blocks) == len(blocks):
                theirs = own_blocks
            else:
                unaligned = f"{len(own_blocks)} paragraphs, not {len(blocks)}"
                note = (f"{own_name} has {len(own_blocks)} paragraphs and {name} {len(blocks)}: its paragraphs "
                        f"are not offered here, and importing rewrites it paragraph by paragraph")
        line = 1
        _, seps = split_paragraphs(source)
        for i, block in enumerate(blocks):
            start = line + (len(block) - len(block.lstrip("\n")))
            if has_words(block):
                t = Text(f"{name} ¶{i + 1}", block, start, ParagraphPlace(name, i),
                         theirs[i] if theirs and (theirs[i] != block or _is_title(block, titles)) else "",
                         unaligned=unaligned)
                if "{{" in block or "{%" in block:
                    t.notes.append("keep the {{ … }} and {% … %} parts as they are: pnp fills them in")
                if note:
                    t.notes.append(note)
                self.add(t)
            line += block.count("\n") + seps[i].count("\n")


def _is_title(block: str, titles: set[str]) -> bool:
    return block.strip().lstrip("#").strip() in {t.strip() for t in titles}


def _component_names(game_dir: Path, game_root) -> list[str]:
    listed = find(game_root, ("components",))
    if isinstance(listed, yaml.SequenceNode):
        return [n.value for n in listed.value if isinstance(n, yaml.ScalarNode)]
    words = find(game_root, ("words",))
    skip = {"game.yaml", words.value if isinstance(words, yaml.ScalarNode) else None}
    return sorted(p.name for p in game_dir.glob("*.yaml") if p.name not in skip)


def _layout_boxes(trees: list) -> list[tuple[str, Any]]:
    """(layout name, box node) of every layout box in the component files."""
    found = []

    def walk(node, path):
        if isinstance(node, yaml.MappingNode):
            for key, _, value in mapping_items(node):
                if key == "boxes" and isinstance(value, yaml.MappingNode):
                    for box_name, _, box in mapping_items(value):
                        found.append((f"{path[-1] if path else '?'}", box_name, box))
                else:
                    walk(value, path + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                walk(item, path + (i,))

    for tree in trees:
        walk(tree, ())
    return found


def _field_boxes(boxes) -> dict[str, list[str]]:
    """field → notes on the text boxes that print it (size, type size, about how many characters fit)."""
    from pnp.models.units import parse_length

    notes: dict[str, list[str]] = {}
    for layout, box_name, box in boxes:
        if not isinstance(box, yaml.MappingNode):
            continue
        values = {k: v for k, _, v in mapping_items(box)}
        kind = _scalar_text(values.get("type")) or "text"
        template = _scalar_text(values.get("text"))
        if kind != "text" or template is None:
            continue
        used = {n for code in re.findall(r"\{\{(.*?)\}\}", template, re.S) for n in _NAME.findall(code)}
        used |= {n.split(".", 1)[1] for n in re.findall(r"fields\.[A-Za-z_]\w*", template)}
        try:
            width = parse_length(_scalar_text(values.get("width")) or getattr(values.get("width"), "value", None))
            height = parse_length(_scalar_text(values.get("height")) or getattr(values.get("height"), "value", None))
            size = parse_length(getattr(values.get("size"), "value", "10pt"), default_unit="pt")
            small = parse_length(getattr(values.get("min_size"), "value", None) or size, default_unit="pt")
        except (ValueError, TypeError):
            continue
        if not all(isinstance(x, float) and x > 0 for x in (width, height, size, small)):
            continue
        fit = int(width // (0.5 * small)) * max(1, int(height // (1.2 * small)))
        note = (f"printed in box '{box_name}' of layout '{layout}': {width / 72 * 25.4:.0f} × "
                f"{height / 72 * 25.4:.0f} mm at {size:g} pt (at least {small:g} pt); about {fit} characters fit")
        for name in used:
            notes.setdefault(name, []).append(note)
    return notes


def collect(game_dir: Path, lang: str, card_kinds: frozenset[str], refuse_too_many: bool = True,
            ids: bool = False) -> list[Text]:
    """Every translatable text of the game in `game_dir`, with its `lang` translation where it has one;
    more than MAX_TEXTS is an error, or (`refuse_too_many=False`, a build counting) the first MAX_TEXTS.
    With `ids`, also each id printed for want of a name (`IdPlace`): a build counts and warns them, a PO
    file cannot hold them (the name must be written first). `card_kinds` are the kinds whose files hold
    cards (`fields:`, a table of rows): the caller asks the kinds (`pnp.kinds.offered_by("cards")`)."""
    out = _Collector(Path(game_dir), lang, refuse_too_many)
    out.ids, out.card_kinds = ids, card_kinds
    try:
        _collect(out)
    except _Enough:
        pass
    return out.texts


def _collect(out: _Collector) -> None:
    game_dir, lang = out.game_dir, out.lang
    _, game_root = compose(game_dir, "game.yaml")
    out._walk("game.yaml", game_root, (), set(), None)
    names = _component_names(game_dir, game_root)
    trees = {}
    for name in names:
        try:
            trees[name] = compose(game_dir, name)[1]
        except SpecErrors:
            continue  # `pnp validate` reports it
    field_notes = _field_boxes(_layout_boxes(list(trees.values())))
    read: set[tuple[str, tuple]] = set()
    for name, tree in trees.items():
        kind = _scalar_text(find(tree, ("kind",)))
        printed = set()
        if kind in out.card_kinds:
            printed = _printed_fields(tree, field_notes)
        out.yaml_file(name, printed, kind)
        if out.ids:
            out.printed_ids(name, tree, kind)
            if kind in out.card_kinds:
                out.deck_kinds(name, tree)
        for data, sheets in (_data_entries(find(tree, ("data",))) if kind in out.card_kinds else []):
            if (data, sheets) in read:
                continue  # two decks split one table with `where:`: its cells are texts once
            read.add((data, sheets))
            suffix = data.lower().rpartition(".")[2]
            if suffix == "csv":
                out.table(data, printed, field_notes)
            elif suffix in ("xlsx", "xlsm", "ods"):
                out.workbook(data, list(sheets) if sheets else None, printed, field_notes)
    rules = _scalar_text(find(game_root, ("rules",))) or "rules.md"
    if (game_dir / rules).is_file():
        titles = {_scalar_text(find(game_root, (key,))) for key in ("title", f"title@{lang}")} - {None}
        out.rules(rules, titles)


def _data_entries(node) -> list[tuple[str, tuple]]:
    """(file, worksheets named) of each entry of a deck's `data:`: a file name, `{file:, sheet:}`, or a
    list of them."""
    entries = node.value if isinstance(node, yaml.SequenceNode) else [node]
    out = []
    for entry in entries:
        if _scalar_text(entry):
            out.append((entry.value.strip(), ()))
        elif isinstance(entry, yaml.MappingNode):
            values = {k: v for k, _, v in mapping_items(entry)}
            sheet = values.get("sheet")
            sheets = (tuple(x.value for x in sheet.value if _scalar_text(x)) if isinstance(sheet, yaml.SequenceNode)
                      else (sheet.value,) if _scalar_text(sheet) else ())
            if _scalar_text(values.get("file")):
                out.append((values["file"].value.strip(), sheets))
    return out


def _printed_fields(deck, field_notes: dict[str, list[str]]) -> set[str]:
    """A deck's fields a reader reads: text fields without fixed choices that a text box prints."""
    fields = find(deck, ("fields",))
    printed = set()
    if isinstance(fields, yaml.MappingNode):
        for name, _, spec in mapping_items(fields):
            values = {k: v for k, _, v in mapping_items(spec)} if isinstance(spec, yaml.MappingNode) else {}
            if _scalar_text(values.get("type")) == "text" and "choices" not in values and name in field_notes:
                printed.add(name)
    return printed
