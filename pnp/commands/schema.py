"""`pnp schema`: JSON Schema of every spec kind, and the spec reference generated from it.

The schemas come straight from the pydantic models (`model()` of each module in
pnp/kinds, plus `pnp.models.game.Game`), so editors that read the
`# yaml-language-server: $schema=...` line of a spec check exactly what pnp checks,
and docs/reference.md can never drift from the code (a test regenerates both).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from pnp.cli import EXIT_FINDINGS, EXIT_OK, _console, app

DRAFT = "https://json-schema.org/draft/2020-12/schema"
MM_PER_PT = 25.4 / 72


def schemas() -> dict[str, dict]:
    """kind → JSON Schema: `game` first, then every kind in pnp/kinds."""
    from pnp.kinds import kind_module, kind_names
    from pnp.models.game import Game

    out = {"game": Game.model_json_schema()}
    for kind in kind_names():
        out[kind] = kind_module(kind).model().model_json_schema()
    for s in out.values():
        _allow_translations(s)
    return {k: {"$schema": DRAFT, **s} for k, s in out.items()}


TRANSLATION_KEY = r"^[^@\s]+@[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"


def _allow_translations(node) -> None:
    """A closed mapping also takes `key@lang` keys: the translations of a language edition
    (docs/languages.md), which the build resolves before the spec is validated."""
    if isinstance(node, dict):
        if node.get("additionalProperties") is False and "properties" in node:
            node.setdefault("patternProperties", {TRANSLATION_KEY: {}})
        for value in node.values():
            _allow_translations(value)
    elif isinstance(node, list):
        for value in node:
            _allow_translations(value)


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _summary(kind: str) -> str:
    """The first paragraph of the kind module's docstring (what the kind is for), as one line."""
    if kind == "game":
        import pnp.models.game as mod
    else:
        from pnp.kinds import kind_module

        mod = kind_module(kind)
    return " ".join((mod.__doc__ or "").strip().split("\n\n")[0].split())


def _anchor(kind: str, name: str) -> str:
    return f"{kind}-{name}".lower()


def _is_length(s: dict) -> bool:
    return any("pattern" in x and "(mm|cm|in|pt)" in x.get("pattern", "") for x in s.get("anyOf", []))


def _type(s: dict, kind: str) -> str:
    """A short human type for a schema: `text`, list of [Box](#deck-box), `a` \\| `b`…"""
    if "$ref" in s:
        name = s["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{_anchor(kind, name)})"
    if "const" in s:
        return f"`{json.dumps(s['const'])}`"
    if "enum" in s:
        return " | ".join(f"`{v}`" for v in s["enum"])
    if _is_length(s):
        return "size (pt)" if _in_points(s) else "length"
    if any("(mm|cm|in|pt|%)" in x.get("pattern", "") for x in s.get("anyOf", [])):
        return "length or %"
    if "anyOf" in s:
        parts = [_type(x, kind) for x in s["anyOf"] if x.get("type") != "null"]
        return " or ".join(dict.fromkeys(parts)) or "null"
    t = s.get("type")
    if isinstance(t, list):
        return " or ".join(t)
    if t == "array":
        return f"list of {_type(s.get('items', {}), kind)}"
    if t == "object":
        extra = s.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return f"map of name → {_type(extra, kind)}"
        return "mapping"
    if t == "string" and "%" in s.get("pattern", ""):
        return "percentage"
    if t == "string" and "description" in s and "colour" in s["description"]:
        return "colour"
    return {"string": "text", "integer": "integer", "number": "number", "boolean": "true/false",
            None: "any"}.get(t, str(t))


def _in_points(s: dict) -> bool:
    """A font size or stroke width: a bare number is points."""
    return any(x.get("description") == "points" for x in s.get("anyOf", []))


def _default(s: dict) -> str:
    if "default" not in s:
        return ""
    d = s["default"]
    if _is_length(s) and isinstance(d, (int, float)):
        if _in_points(s):
            return f"`{d:g}pt`"
        return f"`{round(d * MM_PER_PT, 2):g}mm`"  # models keep lengths in points
    if d is None or d == [] or d == {}:
        return ""
    return f"`{json.dumps(d, ensure_ascii=False)}`"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _description(s: dict) -> str:
    if "description" in s:
        return s["description"]
    for x in s.get("anyOf", []):
        if "description" in x and not _is_length(s):
            return x["description"]
    return s.get("description", "")


def _table(schema: dict, kind: str) -> list[str]:
    props = schema.get("properties", {})
    if not props:
        return ["(any keys)", ""]
    required = set(schema.get("required", []))
    lines = ["| key | type | default | meaning |", "|---|---|---|---|"]
    for key, s in props.items():
        name = f"**`{key}`**" if key in required else f"`{key}`"
        lines.append(f"| {name} | {_cell(_type(s, kind))} | {_cell(_default(s))} | {_cell(_description(s))} |")
    return lines + [""]


def reference_md(all_schemas: dict[str, dict] | None = None) -> str:
    """docs/reference.md: one section per spec file kind, a table per model, generated from the schemas."""
    from pnp.models.types import BARE_NUMBERS, QUOTE_HASH

    all_schemas = all_schemas or schemas()
    out = ["# Spec reference", "",
           "Generated by `pnp schema` from the models in `pnp/models/` and `pnp/kinds/`: do not edit by hand.",
           "Keys in **bold** are required. Each spec file names its kind (`kind: deck`), except game.yaml.",
           "",
           "**Numbers.** A length or size may carry a unit (`3mm`, `0.5in`, `12pt`, `1cm`). Without one, "
           + BARE_NUMBERS + ": the `length` keys below are millimetres, the `size (pt)` keys "
           "(a box's `size`, `min_size` and `stroke_width`) are points.",
           "",
           "**Colours and `#`.** A colour is a name (`black`, `cream`…) or `\"#rrggbb\"`; "
           + QUOTE_HASH.replace("\"#0d47a1\"", "`\"#0d47a1\"`").replace("# must", "`#` must")
           + ". A colour, length or text key written with no value is an error, never \"not set\".",
           "",
           "**Boxes.** A layout's box is one of four types, chosen by its `type` key (text when left out): "
           "[text](#deck-textbox), [icons](#deck-iconsbox), [image](#deck-imagebox) and [shape](#deck-shapebox), "
           "each with its own keys below. A key of another box type is a warning and is ignored; "
           "a key no box type has is an error.",
           "",
           "Editors that read a `# yaml-language-server: $schema=…/<kind>.json` line (`pnp new` writes one) check these keys as you type.",
           ""]
    out += [f"- [{'game.yaml' if k == 'game' else 'kind: ' + k}](#{_anchor(k, 'file')})" for k in all_schemas] + [""]
    for kind, schema in all_schemas.items():
        heading = "game.yaml" if kind == "game" else f"kind: {kind}"
        out += [f'<a id="{_anchor(kind, "file")}"></a>', "", f"## {heading}", ""]
        summary = _summary(kind)
        if summary:
            out += [summary, ""]
        out += [f"Schema: [`pnp/data/schema/{kind}.json`](../pnp/data/schema/{kind}.json)", ""]
        out += _table(schema, kind)
        for name, sub in schema.get("$defs", {}).items():
            out += [f'<a id="{_anchor(kind, name)}"></a>', "", f"### {heading} › {name}", ""]
            if sub.get("description"):
                out += [_cell(sub["description"]), ""]
            out += _table(sub, kind)
    return "\n".join(out).rstrip() + "\n"


def generated(out: Path, reference: Path) -> dict[Path, str]:
    """Every file `pnp schema` writes, with its text."""
    all_schemas = schemas()
    files = {out / f"{kind}.json": schema_text(s) for kind, s in all_schemas.items()}
    files[reference] = reference_md(all_schemas)
    return files


@app.command()
def schema(
    out: Path = typer.Option(Path("schema"), "--out", help="Folder for <kind>.json (pnp's own copy: pnp/data/schema)."),
    reference: Optional[Path] = typer.Option(None, "--reference", help="The generated spec reference (default: OUT/reference.md; pnp's own: docs/reference.md)."),
    check: bool = typer.Option(False, "--check", help="Write nothing; exit 1 if any file is missing or stale."),
    game: Optional[Path] = typer.Option(None, "--game", help="Bring a game's own copy (GAME/.pnp/schema/, which its specs' `$schema` lines name) up to this pnp, and point older lines at it."),
):
    """Write the JSON Schema of every spec kind (for editor completion) and the spec reference."""
    console = _console()
    if game is not None:
        _refresh_game(game, check)
        return
    reference = reference or out / "reference.md"
    stale = []
    for path, text in generated(out, reference).items():
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            continue
        stale.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if check:
        for path in stale:
            _console(True).print(f"[red]{path}: out of date (run pnp schema)[/]")
        raise typer.Exit(EXIT_FINDINGS if stale else EXIT_OK)
    console.print(f"[green]✓[/] {len(stale)} file(s) updated in {out}/ and {reference}" if stale
                  else "[green]✓[/] schema and reference up to date")


def _refresh_game(game: Path, check: bool) -> None:
    """`pnp schema --game DIR`: the game's copy of the schemas, as `pnp new` writes it (pnp.editorschema)."""
    from pnp.cli import EXIT_SPEC, _escape
    from pnp.editorschema import SCHEMA_FOLDER, is_current, refresh

    if not (game / "game.yaml").is_file():
        _console(True).print(f"[red]{_escape(str(game))}: not a game folder (no game.yaml)[/]")
        raise typer.Exit(EXIT_SPEC)
    if check:
        current = is_current(game)
        if not current:
            _console(True).print(f"[red]{_escape(str(game / SCHEMA_FOLDER))}: "
                                 f"{'missing' if current is None else 'out of date'} (run pnp schema --game)[/]")
        raise typer.Exit(EXIT_OK if current else EXIT_FINDINGS)
    changed = refresh(game)
    name = _escape(game.resolve().name)
    _console().print(f"[green]✓[/] {name}: {len(changed)} file(s) updated ({_escape(', '.join(changed))})" if changed
                     else f"[green]✓[/] {name}: its schemas are up to date")
