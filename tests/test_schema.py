"""JSON Schemas, the models and docs/reference.md stay in step; bundled specs point at their schema."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pnp.cli import _register_commands, app
from pnp.commands.schema import generated, schemas
from pnp.kinds import kind_module, kind_names
from pnp.paths import EXAMPLES, SCHEMAS

_register_commands()
ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BUNDLED = sorted(EXAMPLES.glob("*/*.yaml"))


def kind_of(path: Path) -> str | None:
    if path.name == "game.yaml":
        return "game"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data.get("kind") if isinstance(data, dict) else None


def test_every_kind_has_a_model_with_a_schema():
    for kind in kind_names():
        schema = kind_module(kind).model().model_json_schema()
        assert schema["type"] == "object" and "kind" in schema["properties"], kind


def test_committed_schema_and_reference_match_the_models():
    """Regenerating in memory must equal docs/schema/*.json and docs/reference.md (else run `pnp schema`)."""
    stale = [str(p.relative_to(ROOT)) for p, text in generated(SCHEMAS, DOCS / "reference.md").items()
             if not p.is_file() or p.read_text(encoding="utf-8") != text]
    assert not stale, f"out of date, run `pnp schema`: {stale}"
    extra = {p.stem for p in SCHEMAS.glob("*.json")} - set(schemas())
    assert not extra, f"schemas for kinds that no longer exist: {sorted(extra)}"


def test_reference_documents_every_key():
    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    for kind, schema in schemas().items():
        assert (f"## kind: {kind}" if kind != "game" else "## game.yaml") in text
        for key in schema["properties"]:
            assert f"`{key}`" in text, (kind, key)


def test_reference_reads_as_a_designer_writes():
    """Each kind's summary is a whole sentence, a default is written as a spec writes it (not the
    points it is kept in), and a percentage is not called a colour."""
    from pnp.commands.schema import reference_md

    text = reference_md()
    summaries = [line for line in text.splitlines() if line.startswith("`kind: ")]
    assert summaries and all(line.rstrip().endswith(".") for line in summaries), summaries
    assert "| `tile` |" in text and '`"lego-2x2"`' in text.split("| `tile` |")[1].split("\n")[0]
    radius = [line for line in text.splitlines() if line.startswith("| `radius` |") and "percentage of" in line]
    assert radius and all("| percentage |" in line for line in radius), radius


def test_bundled_specs_start_with_their_schema_line():
    lacking = []
    for path in BUNDLED:
        kind = kind_of(path)
        want = f"# yaml-language-server: $schema=../../pnp/data/schema/{kind}.json"  # cardspecs/<game>/ → pnp/data/schema/ in the checkout
        if path.read_text(encoding="utf-8").splitlines()[:1] != [want]:
            lacking.append(f"{path.relative_to(ROOT)} (want: {want})")
        else:
            assert (path.parent / want.split("=", 1)[1]).is_file()
    assert not lacking, "specs without their schema line:\n" + "\n".join(lacking)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_specs_validate_against_their_schema(path):
    """What the editor checks must accept what pnp accepts."""
    jsonschema = pytest.importorskip("jsonschema")
    kind = kind_of(path)
    schema = json.loads((SCHEMAS / f"{kind}.json").read_text())
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [f"{list(e.path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert not errors


def test_schema_command_writes_and_checks(tmp_path):
    out, ref = tmp_path / "schema", tmp_path / "reference.md"
    args = ["schema", "--out", str(out), "--reference", str(ref)]
    assert CliRunner().invoke(app, args + ["--check"]).exit_code == 1
    assert CliRunner().invoke(app, args).exit_code == 0
    assert {p.stem for p in out.glob("*.json")} == set(schemas())
    assert CliRunner().invoke(app, args + ["--check"]).exit_code == 0


def test_help_offers_shell_completion():
    result = CliRunner().invoke(app, ["--help"])
    assert "--install-completion" in result.output and "--show-completion" in result.output
    for verb in ("export", "watch", "new", "schema"):
        assert verb in result.output
