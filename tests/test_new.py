"""`pnp new`: the scaffold builds at once, shows every kind that has a template, never overwrites."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.build import BuildOptions, build_game
from pnp.cli import _register_commands, app
from pnp.kinds import kind_names
from pnp.scaffold import create, scaffold_dir

_register_commands()


def test_scaffold_builds_at_once(tmp_path):
    made = create("my-game", tmp_path)
    assert made.dir == tmp_path / "my-game"
    assert {"game.yaml", "rules.md", "layouts.yaml", "deck.yaml"} <= set(made.files)
    result = build_game(made.dir, BuildOptions(out=tmp_path / "out"))
    names = {f["file"] for f in result.files}
    assert {"cards.pdf", "cards-printshop.pdf"} <= names
    # the sheet, board and tokens examples build too, without warnings
    assert {"sheet.pdf", "board-tiles.pdf", "board-poster.pdf", "tokens.pdf"} <= names
    for name in ("sheet.pdf", "board-tiles.pdf", "board-poster.pdf", "tokens.pdf"):
        assert (result.out_dir / name).stat().st_size > 1000, name
    assert not result.warnings, [str(w) for w in result.warnings]
    game_yaml = (made.dir / "game.yaml").read_text()
    assert "title: My Game" in game_yaml
    for kind in made.kinds:  # every example is listed and built
        assert f"  - {kind}.yaml" in game_yaml


def test_every_kind_with_a_template_is_included(tmp_path):
    made = create("g", tmp_path)
    with_template = {p.stem for p in scaffold_dir().glob("*.yaml")} - {"game"}
    assert set(made.kinds) == with_template & set(kind_names())
    assert set(made.skipped) == set(kind_names()) - with_template  # reported, not fatal
    assert made.kinds[0] == "layouts"  # decks use the shared layouts


# kinds whose example lives inside another kind's template instead of a file of its own
SCAFFOLDED_INSIDE: set[str] = set()


def test_every_kind_has_a_template(tmp_path):
    """A new kind joins `pnp new` by adding templates/<kind>.yaml: none may be forgotten."""
    with_template = {p.stem for p in scaffold_dir().glob("*.yaml")}
    missing = set(kind_names()) - SCAFFOLDED_INSIDE - with_template
    assert not missing, f"kinds without a scaffold template in templates/: {sorted(missing)}"
    made = create("g", tmp_path)
    assert set(made.skipped) <= SCAFFOLDED_INSIDE
    assert {f"{k}.yaml" for k in set(kind_names()) - SCAFFOLDED_INSIDE} <= set(made.files)


def test_templates_name_existing_kinds():
    stale = {p.stem for p in scaffold_dir().glob("*.yaml")} - {"game"} - set(kind_names())
    assert not stale, f"templates/ has templates for kinds that do not exist: {sorted(stale)}"


def test_every_spec_points_at_its_schema(tmp_path):
    made = create("g", tmp_path)
    for name in made.files:
        if not name.endswith(".yaml"):
            continue
        first = (made.dir / name).read_text().splitlines()[0]
        prefix = "# yaml-language-server: $schema="
        assert first.startswith(prefix)
        schema = (made.dir / first[len(prefix):]).resolve()
        kind = "game" if name == "game.yaml" else Path(name).stem
        assert schema.name == f"{kind}.json" and schema.parent.name == "schema"


def test_refuses_to_overwrite(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    result = CliRunner().invoke(app, ["new", "taken", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "already exists" in result.output and "never overwrites" in result.output
    assert sorted(p.name for p in (tmp_path / "taken").iterdir()) == ["keep.txt"]


@pytest.mark.parametrize("name", ["../escape", "a/b", "", "two words"])
def test_refuses_bad_names(tmp_path, name):
    result = CliRunner().invoke(app, ["new", name, "--dir", str(tmp_path)])
    assert result.exit_code == 2 and "not a usable game name" in result.output
    assert list(tmp_path.iterdir()) == []


def test_cli_creates_in_dir(tmp_path):
    result = CliRunner().invoke(app, ["new", "fresh", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "fresh" / "game.yaml").is_file() and "pnp build" in result.output


def test_the_commented_example_check_holds_once_uncommented(tmp_path):
    """A designer who uncomments the example check sees `pnp check` pass on the new game."""
    made = create("fresh", tmp_path).dir
    game_yaml = made / "game.yaml"
    lines = game_yaml.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# checks:"))
    lines[start:start + 3] = [line[2:] for line in lines[start:start + 3]]
    game_yaml.write_text("\n".join(lines) + "\n")
    assert "\nchecks:" in game_yaml.read_text()
    result = CliRunner().invoke(app, ["check", str(made)])
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ named templates

@pytest.mark.parametrize("template,pdf", [("hex", "board-tiles.pdf"), ("routes", "board-poster.pdf")])
def test_template_games_build_without_warnings(tmp_path, template, pdf):
    result = CliRunner().invoke(app, ["new", "war-game", "--dir", str(tmp_path), "--template", template])
    assert result.exit_code == 0, result.output
    made = tmp_path / "war-game"
    pictures = ["art"] if template == "routes" else []     # the routes starter's trains print a wagon
    # `.pnp`: the editor's schemas the specs' first lines name (pnp.editorschema)
    assert sorted(p.name for p in made.iterdir()) == [".pnp", *pictures, "board.yaml", "game.yaml", "rules.md", "tokens.yaml"]
    assert "title: War Game" in (made / "game.yaml").read_text()
    for name in ("game.yaml", "board.yaml", "tokens.yaml"):   # every spec names its schema
        kind = "game" if name == "game.yaml" else (made / name).read_text().split("kind: ")[1].split()[0]
        assert (made / name).read_text().startswith("# yaml-language-server: $schema=")
        assert f"/{kind}.json" in (made / name).read_text().splitlines()[0]
    built = build_game(made, BuildOptions(out=tmp_path / "out"))
    assert not built.warnings, [str(w) for w in built.warnings]
    assert {pdf, "tokens.pdf", "rulebook.pdf"} <= {f["file"] for f in built.files}


def test_unknown_template_is_refused_with_a_suggestion(tmp_path):
    result = CliRunner().invoke(app, ["new", "g", "--dir", str(tmp_path), "--template", "hexes"])
    assert result.exit_code == 2
    assert "--template 'hexes' names no starter" in result.output and "did you mean 'hex'" in result.output
    assert list(tmp_path.iterdir()) == []


def test_the_art_template_shows_a_painting_a_gradient_and_a_font_of_its_own(tmp_path):
    """`pnp new --template art`: a JPEG filling each card to its bleed (stored once, as its own bytes),
    a gradient band, and titles in a font from the game's folder, embedded as a subset; no warning."""
    import pypdf
    import pypdfium2 as pdfium

    result = CliRunner().invoke(app, ["new", "vale", "--dir", str(tmp_path), "--template", "art"])
    assert result.exit_code == 0, result.output
    made = tmp_path / "vale"
    assert (made / "art" / "valley.jpg").read_bytes()[:3] == b"\xff\xd8\xff"
    assert (made / "fonts" / "Headline.otf").is_file()
    licence = (made / "fonts" / "LICENSE-Lobster.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "Reserved Font Name" in licence
    built = build_game(made, BuildOptions(out=tmp_path / "out"))
    assert not built.warnings, [str(w) for w in built.warnings]
    shop = tmp_path / "out" / "vale" / "cards-printshop.pdf"
    reader = pypdf.PdfReader(str(shop))
    objects = [reader.get_object(num) for generation in reader.xref.values() for num in generation]
    images = [o for o in objects if hasattr(o, "get") and o.get("/Subtype") == "/Image"]
    jpeg = (made / "art" / "valley.jpg").read_bytes()
    assert len(images) == 1  # three cards, one picture, stored once
    assert images[0].get("/Filter") == "/DCTDecode" and images[0]._data == jpeg  # the file itself, not re-encoded
    fonts = {str(o["/BaseFont"]) for o in objects if hasattr(o, "get") and o.get("/Type") == "/Font"}
    assert any("+DuskScript-BoldItalic" in f for f in fonts), fonts  # the game's own face (not DejaVu), subset
    assert not any("Lobster" in f for f in fonts), fonts  # a modified OFL font drops its reserved name
    page = pdfium.PdfDocument(str(shop))[0]
    image = page.render(scale=150 / 72).to_pil().convert("RGB")
    px = lambda x_mm, y_mm: image.getpixel((round((x_mm + 3) / 25.4 * 150), round((y_mm + 3) / 25.4 * 150)))
    top, bottom = px(30, 63), px(30, 90.5)  # the band's gradient: lighter at its top, darker in the bleed
    assert sum(top) > sum(bottom) + 30, (top, bottom)
    # it runs through the bleed: the bleed beside and below the band is the band, not the picture
    assert max(abs(a - b) for a, b in zip(px(-2.5, 80), px(2, 80))) <= 6
    # and starts without an edge: along the band's top, the picture just above (its plain ground,
    # the odd tree aside: the median) and the band just below meet within a few levels
    xs = [k * 0.5 for k in range(126)]
    above = sorted(sum(px(x, 61.6)) for x in xs)[len(xs) // 2]
    below = sorted(sum(px(x, 62.4)) for x in xs)[len(xs) // 2]
    assert abs(above - below) <= 12, (above, below)


@pytest.mark.parametrize("template", [None, "art", "hex", "routes"])
def test_every_template_game_passes_pnp_check(tmp_path, template):
    """A designer's first `pnp check` of a new game: no finding, no traceback (the checks measure
    text in the game's own fonts, and judge text on a gradient by its colours)."""
    extra = ["--template", template] if template else []
    assert CliRunner().invoke(app, ["new", "my-game", "--dir", str(tmp_path), *extra]).exit_code == 0
    result = CliRunner().invoke(app, ["check", str(tmp_path / "my-game")])
    assert result.exit_code == 0 and result.exception is None, result.output


@pytest.mark.parametrize("command", [["export", "tts"], ["export", "tgc"], ["showcase"]])
def test_the_art_templates_own_font_reaches_exports_and_showcase(tmp_path, command):
    """Every command that draws a game's text draws it in the game's own faces (a game font
    unknown outside the build was a KeyError in the exports and the showcase)."""
    assert CliRunner().invoke(app, ["new", "my-game", "--dir", str(tmp_path), "--template", "art"]).exit_code == 0
    result = CliRunner().invoke(app, [*command, str(tmp_path / "my-game"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0 and result.exception is None, result.output
