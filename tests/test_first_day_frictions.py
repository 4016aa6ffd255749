"""The frictions of a designer's first day (issue 52): quiet libraries, the game's own name in
messages, one message for one mistake, colours with alpha, keys that have their effect."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import write_game
from fontmaker import make_font


def _os2_v3_with_v4_bits() -> bytes:
    """A font whose OS/2 table is version 3 but sets fsSelection bit 7 (USE_TYPO_METRICS), defined from
    version 4 on: fontTools logs a warning each time it reads that table, as with many foundries' fonts."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(make_font("Card 0123456789Powr*")))
    font["OS/2"].version = 3
    font["OS/2"].fsSelection |= 1 << 7
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _pnp(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """The installed command, as a designer runs it (its own process: no test harness's log handlers)."""
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, env={**os.environ, **env},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def test_a_fonts_os2_table_note_from_fonttools_never_reaches_the_designer(tmp_path):
    game = write_game(tmp_path, cards=3)
    (game / "fonts").mkdir()
    (game / "fonts" / "Old.ttf").write_bytes(_os2_v3_with_v4_bits())
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "fonts:\n  Old Face: fonts/Old.ttf\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("font: sans-bold, size: 14pt", "font: Old Face, size: 14pt"))
    # the SVG output subsets the face with fontTools, which reads its OS/2 table
    args = ["build", str(game), "--out", str(tmp_path / "out"), "--format", "pdf,svg"]
    quiet = _pnp(args, tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    lines = (quiet.stdout + quiet.stderr).splitlines()
    assert lines[0].startswith("✓ mini:"), lines
    assert all(line.startswith("    ") for line in lines[1:]), lines  # pnp's own notes on the build, indented
    assert not any("fsSelection" in line or "fontTools" in line for line in lines)
    # the same build with the libraries' records let through: the font does make fontTools speak
    loud = _pnp(args[:-2] + ["--format", "svg"], tmp_path, PNP_LIBRARY_LOGS="1")
    assert "fsSelection bits 7, 8 and 9" in loud.stderr


def test_validate_in_the_games_folder_names_the_game(tmp_path, run_cli, monkeypatch):
    game = write_game(tmp_path / "Harbour Lights", cards=2)
    monkeypatch.chdir(game)
    result = run_cli("validate")
    assert result.exit_code == 0, result.output
    assert "✓ mini: valid" in result.output
    assert "✓ .:" not in result.output


# -- the editor's schema: a line that travels with the game, a schema that accepts what pnp accepts ------------
def _schemas() -> dict:
    import json

    from pnp.paths import SCHEMAS

    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.json")}


def _schema_errors(schema: dict, data) -> list[str]:
    import jsonschema

    return [f"{list(e.path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]


def _spec_kind(path: Path, data) -> str | None:
    if path.name == "game.yaml":
        return "game"
    return data.get("kind") if isinstance(data, dict) else None


def test_a_new_games_schema_line_still_resolves_after_the_folder_moves(tmp_path, run_cli):
    import shutil

    assert run_cli("new", "harbour", "--dir", str(tmp_path / "first")).exit_code == 0
    moved = Path(shutil.move(str(tmp_path / "first" / "harbour"), str(tmp_path / "elsewhere" / "renamed")))
    shutil.rmtree(tmp_path / "first")
    specs = sorted(moved.glob("*.yaml"))
    assert len(specs) >= 5
    for spec in specs:
        first = spec.read_text(encoding="utf-8").splitlines()[0]
        target = first.split("$schema=", 1)[1]
        assert not target.startswith("/") and ".." not in target, first  # inside the game folder itself
        resolved = (spec.parent / target).resolve()
        assert resolved.is_file() and moved in resolved.parents, first
    # an upgraded pnp: `pnp schema --game` brings the copy back to pnp's own, and turns an old line
    (moved / ".pnp" / "schema" / "deck.json").write_text("{}")
    cards = moved / "deck.yaml"
    cards.write_text(cards.read_text().replace(".pnp/schema/deck.json", "../../venv/lib/site-packages/pnp/data/schema/deck.json"))
    note = run_cli("validate", str(moved))
    assert "pnp schema --game" in note.output
    assert run_cli("schema", "--game", str(moved)).exit_code == 0
    assert cards.read_text().startswith("# yaml-language-server: $schema=.pnp/schema/deck.json\n")
    assert (moved / ".pnp/schema/deck.json").read_text() == (Path(__import__("pnp.paths").paths.SCHEMAS) / "deck.json").read_text()
    assert run_cli("schema", "--game", str(moved), "--check").exit_code == 0


def test_the_schema_accepts_a_font_family_written_as_one_file():
    game = _schemas()["game"]
    short = {"title": "T", "players": 2, "components": [], "fonts": {"Source Serif": "fonts/SourceSerif4-Bold.ttf"}}
    assert _schema_errors(game, short) == []
    assert _schema_errors(game, {**short, "fonts": {"Source Serif": {"regular": "a.ttf", "bold": "b.ttf"}}}) == []
    assert _schema_errors(game, {**short, "fonts": {"Source Serif": 12}}) != []  # not anything at all


def _documented_examples() -> list[tuple[str, dict]]:
    """Every YAML example of README.md and docs/ that is a whole spec or a part of one (a few keys of one)."""
    import re

    import yaml

    root = Path(__file__).resolve().parents[1]
    out = []
    for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"```ya?ml\n(.*?)```", text, re.S):
            if "…" in m.group(1) or "..." in m.group(1):
                continue  # an outline with gaps, not a spec as written
            try:
                data = yaml.safe_load(m.group(1))
            except yaml.YAMLError:
                continue
            if isinstance(data, dict) and data:
                out.append((f"{page.name}:{text[:m.start()].count(chr(10)) + 2}", data))
    return out


def test_every_bundled_game_starter_and_documented_example_validates_against_the_schema(tmp_path):
    """What the editor checks must accept what pnp accepts: the bundled games, every starter as `pnp new`
    writes it, and each example of the docs (a part of a spec against every schema it could be part of)."""
    import yaml

    from pnp.paths import EXAMPLES
    from pnp.scaffold import create, starters

    schemas = _schemas()
    specs = sorted(EXAMPLES.glob("*/*.yaml"))
    for starter in starters():
        specs += sorted(create(f"s-{starter}", tmp_path, starter).dir.glob("*.yaml"))
    failures, checked = [], 0
    for path in specs:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        kind = _spec_kind(path, data)
        assert kind in schemas, path
        failures += [f"{path}: {e}" for e in _schema_errors(schemas[kind], data)]
        checked += 1
    assert checked >= 30
    documented = 0
    for where, data in _documented_examples():
        kind = data.get("kind")
        if kind in schemas:
            candidates = [schemas[kind]]
        else:  # a part: any spec whose keys include all of its keys, its required keys not asked for
            candidates = [{k: v for k, v in s.items() if k != "required"} for s in schemas.values()
                          if set(data) <= set(s.get("properties", {}))]
        if not candidates:
            continue
        documented += 1
        errors = [_schema_errors(s, data) for s in candidates]
        if all(errors):
            failures.append(f"{where}: {errors[0][:3]}")
    assert documented >= 20
    assert not failures, "\n".join(failures)


# -- one mistake, one message ----------------------------------------------------------------------------------
def test_an_unknown_layout_named_by_three_rows_is_one_message_naming_them(tmp_path, run_cli):
    game = write_game(tmp_path, card_lines="  []\n", deck_extra="data: cards.csv\n")
    (game / "cards.csv").write_text("id,name,power,layout,back,icons\n"
                                    "a,A,1,face,bak,star\n"
                                    "b,B,2,shp,back,star\n"
                                    "c,C,3,shp,back,star\n"
                                    "d,D,4,shp,back,star\n"
                                    "e,E,5,face,bak,star\n")
    result = run_cli("validate", str(game))
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if "unknown layout" in line]
    assert len(lines) == 2, result.output  # 'shp' on three rows, 'bak' on two
    shp = next(line for line in lines if "'shp'" in line)
    assert shp.split(": ")[0].endswith("cards.csv:3:7")  # at the first row that names it
    assert "cards 'b', 'c' and 'd' (front): unknown layout 'shp'" in shp
    assert "cards.csv:4:" in shp and "cards.csv:5:" in shp  # every row named
    bak = next(line for line in lines if "'bak'" in line)
    assert "cards 'a' and 'e' (back): unknown layout 'bak' (did you mean 'back'?)" in bak


# -- colours with alpha ----------------------------------------------------------------------------------------
def test_a_gradient_stop_that_fades_to_nothing_builds_and_shows_what_lies_under_it(tmp_path, run_cli):
    """`#26323800` (the last two digits its opacity) fades the shape's colour into the white background:
    measured in the PDF as pdfium and Ghostscript draw it, and in the SVG as `stop-opacity`."""
    import pikepdf
    import pypdfium2

    from pnp.printshop.pdfx import has_transparency

    game = write_game(tmp_path, cards=1)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace('background: "#fff3e0"', 'background: "#ffffff"').replace(
        "      frame: {type: shape",
        '      fade: {type: shape, shape: rect, x: 0mm, y: 0mm, width: 63mm, height: 88mm,\n'
        '             fill: {linear: {angle: 0, stops: ["#263238", "#26323800"]}}}\n'
        "      frame: {type: shape", 1))
    out = tmp_path / "out"
    result = run_cli("build", str(game), "--out", str(out), "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    pdf = out / "mini" / "cards.pdf"
    page = pypdfium2.PdfDocument(str(pdf))[0]
    picture = page.render(scale=2).to_pil().convert("RGB")
    # the card's row of pixels halfway down: find the card by its darkest column, then read across it
    y = picture.height * 0.16
    row = [picture.getpixel((x, int(y))) for x in range(picture.width)]
    dark = min(range(len(row)), key=lambda x: sum(row[x]))
    assert sum(row[dark]) < 200  # near #263238 at the opaque end
    width = round(63 / 25.4 * 72 * 2)  # the card, 63 mm, in pixels at scale 2
    quarter, half, end = (row[dark + round(width * f)] for f in (0.25, 0.5, 0.97))
    grey = lambda px: sum(px) / 3  # noqa: E731
    assert grey(quarter) < grey(half) < grey(end)  # fades towards white
    assert 115 < grey(half) < 175, half  # halfway: half the colour over white (#263238 → about 145)
    assert grey(end) > 235
    # Ghostscript draws the same soft mask
    png = tmp_path / "gs.png"
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r144", "-dFirstPage=1",
                    "-dLastPage=1", f"-sOutputFile={png}", str(pdf)], check=True, timeout=60)
    from PIL import Image

    ghost = Image.open(png).convert("RGB")
    assert abs(grey(ghost.getpixel((dark + round(width * 0.5), int(y)))) - grey(half)) < 12
    # a page with a see-through stop is one a PDF/X-1a file must flatten
    with pikepdf.open(pdf) as doc:
        assert has_transparency(doc.pages[0].obj)
    svg = next((out / "mini" / "svg").rglob("*front*.svg")).read_text()
    assert 'stop-color="#263238" stop-opacity="0"' in svg


def test_a_see_through_fill_prints_at_its_opacity(tmp_path, run_cli):
    """`fill: "#26323880"` on a shape over white: the colour at half strength (#263238 → about #929899),
    its outline drawn at full strength; the same from a field's value through a template."""
    import pypdfium2

    game = write_game(tmp_path, cards=1, card_lines="  - {id: c0, fields: {name: Veiled, power: 1, icons: [], tint: \"#26323880\"}}\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace('background: "#fff3e0"', 'background: "#ffffff"')
                    .replace("  icons: {type: icons}\n", "  icons: {type: icons}\n  tint: {type: text}\n")
                    .replace("      frame: {type: shape",
                             '      veil: {type: shape, x: 0mm, y: 0mm, width: 63mm, height: 40mm, fill: "#26323880"}\n'
                             '      tinted: {type: shape, x: 0mm, y: 40mm, width: 63mm, height: 48mm, fill: "{{ tint }}"}\n'
                             "      frame: {type: shape", 1))
    result = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--duplex", "none")
    assert result.exit_code == 0, result.output
    picture = pypdfium2.PdfDocument(str(tmp_path / "out" / "mini" / "cards.pdf"))[0].render(scale=1).to_pil()
    picture = picture.convert("RGB")
    row = [picture.getpixel((x, y)) for y in (80, 200) for x in range(picture.width)]
    half = [p for p in row if abs(p[0] - 146) <= 3 and abs(p[1] - 152) <= 3 and abs(p[2] - 155) <= 3]
    assert len(half) > 200, sorted(set(row))[:10]  # both shapes, at half strength over white


def test_a_see_through_colour_outside_a_gradient_stop_says_where_it_is_taken(tmp_path, run_cli):
    game = write_game(tmp_path, cards=1)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace('background: "#fff3e0"', 'background: "#fff3e080"'))
    result = run_cli("validate", str(game))
    assert result.exit_code == 2
    assert "has an opacity (its last two digits), which only a shape's `fill` and a gradient's stops take" in result.output
    assert "cards.yaml:" in result.output and "Traceback" not in result.output


# -- every key that validates has its effect; one mistake is one error -----------------------------------------
def test_a_misspelt_key_inside_rulebook_fonts_is_exactly_one_error(tmp_path, run_cli):
    """The game's own font and its parameters stay known to the other files, so they report nothing false."""
    game = write_game(tmp_path, cards=3)
    (game / "fonts").mkdir()
    (game / "fonts" / "Own.ttf").write_bytes(make_font("Card 0123456789Powr*"))
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + (
        "fonts:\n  Own Face: fonts/Own.ttf\n"
        "parameters:\n  days: {value: 3, means: the days a game lasts}\n"
        "rulebook_fonts:\n  body: Own Face\n  heading: sans-bold\n"))
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("font: sans-bold, size: 14pt", "font: Own Face, size: 14pt")
                    .replace('"Power **{{ power }}** :star:"', '"Power {{ power }} of {{ parameters.days }}"'))
    (game / "rules.md").write_text("# Mini\n\nThe game lasts {{ parameters.days }} days.\n")
    result = run_cli("validate", str(game))
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if ": " in line and "game.yaml" in line or "cards.yaml" in line
              or "rules.md" in line]
    assert errors == [line for line in result.output.splitlines() if "heading" in line], result.output
    assert len(errors) == 1 and "unknown key 'heading' (did you mean 'headings'?)" in errors[0]
    assert result.output.strip().endswith("1 error")
    # a misspelt required key is one error too (not "missing 'players'" besides)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("players:", "plyers:").replace("  heading: sans-bold", "  headings: sans-bold"))
    again = run_cli("validate", str(game))
    assert again.exit_code == 2 and again.output.strip().endswith("1 error"), again.output
    assert "unknown key 'plyers' (did you mean 'players'?)" in again.output


def test_the_dice_key_lists_every_labelled_symbol_by_its_label_alone(tmp_path):
    """Four symbols whose labels need more than one line: the key takes two lines (the tiles make room),
    and each symbol is shown by its label, not 'sun: …'."""
    import pypdf

    from pnp.build import BuildOptions, build_game

    game = tmp_path / "dicey"
    game.mkdir()
    (game / "game.yaml").write_text("title: Dicey\nplayers: 2\ncomponents: [dice.yaml]\n")
    labels = {"sun": "Sonne: lege einen Marker auf das Feld deiner Wahl",
              "moon": "Mond: nimm eine Karte vom Stapel der Nachtkarten",
              "star": "Stern: tausche zwei benachbarte Plättchen miteinander",
              "storm": "Sturm: alle Spieler verlieren eine Ressource ihrer Wahl"}
    icons = {"sun": "sun", "moon": "moon", "star": "star", "storm": "circle"}
    symbols = "".join(f"  {n}: {{icon: {icons[n]}, label: \"{label}\"}}\n" for n, label in labels.items())
    (game / "dice.yaml").write_text("kind: dice\ntile: 16mm\nsymbols:\n" + symbols +
                                    "dice:\n  - id: weather\n    name: Weather\n    faces: [sun, moon, star, storm, 1, 2]\n")
    built = build_game(game, BuildOptions(out=tmp_path / "out"))
    tiles = next(p for p in (tmp_path / "out" / "dicey").glob("*.pdf") if "tile" in p.name)
    text = pypdf.PdfReader(tiles).pages[0].extract_text()
    flat = " ".join(text.split())
    for name, label in labels.items():
        assert flat.count(label) == 1, (label, flat)
        assert f"{name}: {label}" not in flat
    assert not [w for w in built.warnings if "key" in w.message]


def test_fields_at_de_on_a_score_sheet_print_on_the_german_sheet_which_needs_no_grid(tmp_path):
    import pypdf

    from pnp.build import BuildOptions, build_game

    game = tmp_path / "ledger"
    game.mkdir()
    (game / "game.yaml").write_text("title: Ledger\ntitle@de: Buch\nplayers: 2\nlanguages: [en, de]\ncomponents: [sheet.yaml]\n")
    (game / "sheet.yaml").write_text(
        "kind: sheet\ntitle: Ledger\ntitle@de: Buch\n"
        "fields: [Player, Colour]\nfields@de: [Spieler, Farbe]\n"
        "scores:\n  score:\n    title: Final\n    title@de: Ende\n"
        "    boxes:\n      - {label: Night, label@de: Nacht}\n"
        "layout:\n  - [title]\n  - [score]\n")  # no `grids:`: a sheet of scores alone
    out = tmp_path / "out"
    built = build_game(game, BuildOptions(out=out, lang="de"))
    assert not built.warnings, [str(w) for w in built.warnings]
    words = pypdf.PdfReader(next(out.rglob("de/sheet.pdf"))).pages[0].extract_text().split()
    assert "Spieler" in words and "Farbe" in words
    assert "Player" not in words and "Colour" not in words


def _fonts_of(pdf: Path) -> set[str]:
    """The base fonts a PDF's pages and their forms use."""
    import pypdf

    found: set[str] = set()

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else None
        if not resources:
            return
        for font in (resources.get("/Font") or {}).values():
            found.add(str(font.get_object().get("/BaseFont")).split("+")[-1])
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in pypdf.PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


def test_a_boards_names_font_prints_the_names_of_its_places(tmp_path):
    from pnp.build import BuildOptions, build_game
    from pnp.scaffold import create

    game = create("routes", tmp_path, "routes").dir
    board = game / "board.yaml"
    board.write_text(board.read_text().replace("kind: board\n", "kind: board\nfonts: {names: serif-italic}\n", 1))
    build_game(game, BuildOptions(out=tmp_path / "out"))
    used = _fonts_of(next((tmp_path / "out").rglob("board-poster.pdf")))
    assert "DejaVuSerif-Italic" in used, used  # the places' names, and nothing else here prints in it


# -- names in messages -----------------------------------------------------------------------------------------
def _two_editions(tmp_path: Path) -> Path:
    game = write_game(tmp_path, cards=2)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "languages: [en, de]\n")
    (game / "rules.md").write_text("# Mini\n\nPlay.\n")
    (game / "rules.de.md").write_text("# Mini\n\nSpielen.\n")
    return game


def test_de_edition_names_only_the_german_editions_own_mistakes(tmp_path, run_cli):
    game = _two_editions(tmp_path)
    deck = game / "cards.yaml"
    source = deck.read_text()
    deck.write_text(source.replace("size: poker\n", "size: pokr\n"))  # the game's mistake, in every edition
    common = run_cli("validate", str(game), "--lang", "de")
    assert common.exit_code == 2 and "size" in common.output
    assert "edition:" not in common.output, common.output
    # a mistake only the German edition makes (its font is misspelt) is the de edition's
    deck.write_text(source.replace("font: sans-bold, size: 14pt", "font: sans-bold, font@de: sanz, size: 14pt"))
    own = run_cli("validate", str(game))
    assert own.exit_code == 2
    assert "de edition:" in own.output and "sanz" in own.output
    assert "en edition:" not in own.output


def test_a_misspelt_translation_key_is_told_the_key_it_meant(tmp_path, run_cli):
    game = _two_editions(tmp_path)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("kind: deck\n", "kind: deck\ntitle: Harbour\ntitel@de: Hafen\n"))
    result = run_cli("validate", str(game))
    assert result.exit_code == 2
    assert "'titel@de' translates 'titel', but there is no 'titel' here (did you mean 'title@de'?)" in result.output
    assert "edition:" not in result.output


def test_a_stray_or_misnamed_rulebook_is_warned_with_the_name_it_meant(tmp_path, run_cli):
    game = _two_editions(tmp_path)
    (game / "rules.de.md").rename(game / "rules.DE.md")
    (game / "rules.jp.md").write_text("# Mini\n")
    (game / "rules.fr.md").write_text("# Mini\n")
    (game / "rules.old.md").write_text("# Mini\n")  # not a language's: left alone
    result = run_cli("validate", str(game))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    said = lambda name: [line for line in lines if line.split(":")[0].endswith(name)]  # noqa: E731
    assert len(said("rules.DE.md")) == 1 and "(did you mean 'rules.de.md'?" in said("rules.DE.md")[0]
    assert len(said("rules.jp.md")) == 1 and "did you mean 'ja'?" in said("rules.jp.md")[0]
    assert len(said("rules.fr.md")) == 1 and "'fr' is not one of `languages:` (en, de)" in said("rules.fr.md")[0]
    assert not said("rules.old.md")


# -- legibility at the right place -----------------------------------------------------------------------------
def test_a_low_contrast_is_told_at_the_deck_and_box_that_print_it_never_rounded_up_to_the_minimum(tmp_path):
    """#777777 on white is 4.48:1: said as 4.4:1 (not "4.5:1; players need at least 4.5:1"), naming the
    deck and the box, at the box's `color` in the shared layouts file that writes it."""
    from pnp.draw.wcag import contrast
    from test_legibility import findings_of

    assert 4.45 < contrast("#777777", "#ffffff") < 4.5
    game = write_game(tmp_path, cards=2)
    (game / "game.yaml").write_text("title: Mini\nplayers: 1\ncomponents: [layouts.yaml, cards.yaml]\n")
    (game / "layouts.yaml").write_text(
        "kind: layouts\nlayouts:\n  plain:\n    background: \"#ffffff\"\n    boxes:\n"
        "      name: {text: \"{{ name }}\", x: 5mm, y: 5mm, width: 53mm, height: 10mm, size: 12pt, color: \"#777777\"}\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("layout: face\n", "layout: plain\n", 1))
    findings = [f for f in findings_of(game) if f.rule == "contrast"]
    assert len(findings) == 1, [str(f) for f in findings]
    message = findings[0].message
    assert "has a contrast of 4.4:1; players need at least 4.5:1" in message
    assert "deck 'mini', box 'name'" in message
    assert findings[0].pos.path.endswith("layouts.yaml") and findings[0].pos.line == 6
    # the deck gives the box itself (moved down a little): the warning is at the deck's own box
    text = deck.read_text()
    deck.write_text(text.replace("fields: {name: Card 0,", "boxes: {name: {y: 6mm}}, fields: {name: Card 0,", 1)
                    .replace("fields: {name: Card 1,", "boxes: {name: {y: 6mm}}, fields: {name: Card 1,", 1))
    moved = [f for f in findings_of(game) if f.rule == "contrast"]
    assert moved and all(f.pos.path.endswith("cards.yaml") for f in moved), [str(f) for f in moved]
    assert all("deck 'mini', box 'name'" in f.message for f in moved)  # each card's own box, where it gives it


# -- strict: and overflow kept to its box ----------------------------------------------------------------------
def _overflowing(tmp_path: Path) -> Path:
    game = write_game(tmp_path, cards=1)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text()
                    .replace('"Power **{{ power }}** :star:"', '"' + "A long text that runs on and on. " * 14 + '"')
                    .replace("height: 20mm, size: 9pt}", "height: 20mm, size: 9pt, min_size: 9pt}")
                    .replace('background: "#fff3e0"', 'background: "#ffffff"'))
    return game


def test_text_that_does_not_fit_is_clipped_to_its_box_and_marked_there(tmp_path, run_cli):
    import pypdfium2

    from pnp.layout.draw import OVERFLOW_MARK

    game = _overflowing(tmp_path)
    result = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--duplex", "none")
    assert result.exit_code == 0 and "text does not fit" in result.output, result.output
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    page = pypdfium2.PdfDocument(str(pdf))[0]
    scale = 4
    picture = page.render(scale=scale).to_pil().convert("RGB")
    # the card's top-left trim corner: the first column and row of its frame's black stroke
    dark = [(x, y) for y in range(0, picture.height // 2, 2) for x in range(0, picture.width // 2, 2)
            if sum(picture.getpixel((x, y))) < 150]
    left = min(x for x, _ in dark) - 2 * 72 / 25.4 * scale  # the frame is 2 mm in from the trim
    top = min(y for _, y in dark) - 2 * 72 / 25.4 * scale
    px = lambda v: round(v * 72 / 25.4 * scale)  # noqa: E731 — mm on the card to pixels
    # the body box is 5..58 mm across and 40..60 mm down; the icon row starts at 70 mm
    below = [picture.getpixel((round(left) + px(x), round(top) + px(y)))
             for x in range(8, 55, 1) for y in (61, 63, 65, 67)]
    assert all(sum(p) > 700 for p in below), "text drawn past the bottom of its box"
    inside = [picture.getpixel((round(left) + px(x), round(top) + px(y))) for x in range(6, 50) for y in (44, 50, 56)]
    assert any(sum(p) < 300 for p in inside)  # the text itself is there, in its box
    red = tuple(int(OVERFLOW_MARK[i:i + 2], 16) for i in (1, 3, 5))
    corner = picture.getpixel((round(left) + px(57.6), round(top) + px(59.6)))
    assert all(abs(a - b) < 40 for a, b in zip(corner, red)), corner


def test_strict_in_game_yaml_makes_every_warning_an_error(tmp_path, run_cli):
    game = _overflowing(tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "strict: true\n")
    result = run_cli("validate", str(game))
    assert result.exit_code == 2
    assert "text does not fit" in result.output and "(an error with strict: true)" in result.output
    built = run_cli("build", str(game), "--out", str(tmp_path / "out"))
    assert built.exit_code == 2 and not (tmp_path / "out" / "mini").exists()


# -- no cascades: every key of every bundled spec misspelt once ------------------------------------------------
def _schema_keys() -> dict[str, set[str]]:
    """kind → every key name its schema knows, at any depth."""
    out = {}
    for kind, schema in _schemas().items():
        names: set[str] = set()
        stack = [schema]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                names.update(node.get("properties", {}))
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        out[kind] = names
    return out


def _written_keys(text: str, known: set[str]) -> list[tuple[int, int, str]]:
    """(line, column, key) of the first time each known key is written (block or flow style), comments aside."""
    import re

    found, seen = [], set()
    for i, line in enumerate(text.splitlines()):
        if line.lstrip().startswith("#"):
            continue
        for m in re.finditer(r"(?:^\s*|[{,]\s*|-\s+)([A-Za-z_][A-Za-z0-9_-]*):(?=\s|$)", line):
            key = m.group(1)
            if key in known and key not in seen and key != "kind":
                seen.add(key)
                found.append((i, m.start(1), key))
    return found


def test_every_key_of_every_bundled_spec_misspelt_is_one_message(tmp_path):
    """Each key a spec's schema knows, in every file of every bundled game, is misspelt once (`piecesx:`) and
    the game loaded in this process: one message at most (none where the key was the designer's own name,
    such as a field called `text`), never the misspelling plus what its absence breaks elsewhere."""
    import shutil

    import yaml

    from pnp.errors import SpecErrors
    from pnp.game import load_game
    from pnp.messagegroups import grouped
    from pnp.paths import EXAMPLES

    keys = _schema_keys()
    cascades, told, tried = [], 0, 0
    for source in sorted(p for p in EXAMPLES.iterdir() if (p / "game.yaml").is_file()):
        game = Path(shutil.copytree(source, tmp_path / source.name, ignore=shutil.ignore_patterns("__pycache__")))
        for spec in sorted(game.glob("*.yaml")):
            text = spec.read_text(encoding="utf-8")
            data = yaml.safe_load(text)
            kind = "game" if spec.name == "game.yaml" else data.get("kind")
            for line, col, key in _written_keys(text, keys.get(kind, set())):
                lines = text.splitlines()
                lines[line] = lines[line][:col] + key + "x" + lines[line][col + len(key):]
                spec.write_text("\n".join(lines) + "\n", encoding="utf-8")
                try:
                    load_game(game)
                    messages = []
                except SpecErrors as e:
                    messages = [str(m) for m in grouped(e.errors)]
                finally:
                    spec.write_text(text, encoding="utf-8")
                tried += 1
                told += len(messages) == 1
                if len(messages) > 1:
                    cascades.append(f"{source.name}/{spec.name} '{key}x': " + " | ".join(m[-120:] for m in messages[:4]))
    assert tried > 250
    assert told >= tried * 0.95, (told, tried)
    assert not cascades, f"{len(cascades)} misspellings reported more than once:\n" + "\n".join(cascades)


def test_a_short_text_of_a_token_is_warned_where_it_is_written_not_at_the_files_first_line(tmp_path):
    """A coin's value "7" in #777777 on white (4.48:1): found as the value written as exactly 7."""
    from test_legibility import findings_of

    game = tmp_path / "coins"
    game.mkdir()
    (game / "game.yaml").write_text("title: Coins\nplayers: 2\ncomponents: [tokens.yaml]\n")
    (game / "tokens.yaml").write_text(
        "kind: tokens\nname: coins\npieces:\n"
        "  - {id: gem, shape: circle, size: 16mm, count: 1, front: {fill: \"#ffffff\", ink: \"#000000\", icon: gem}}\n"
        "  - {id: coin, shape: circle, size: 16mm, count: 2,\n"
        "     front: {fill: \"#ffffff\", ink: \"#777777\", value: 7}}\n")
    findings = [f for f in findings_of(game) if f.rule == "contrast"]
    assert findings, "the grey 7 is not judged"
    assert all(f.pos.path.endswith("tokens.yaml") and f.pos.line == 6 for f in findings), [str(f) for f in findings]
    assert all("4.4:1" in f.message for f in findings)


def test_a_misspelt_key_does_not_hold_back_another_mistake_of_its_file(tmp_path, run_cli):
    """Only what follows from the misspelling is dropped: a second, unrelated mistake is still said."""
    game = tmp_path / "coins"
    game.mkdir()
    (game / "game.yaml").write_text("title: Coins\nplayers: 2\ncomponents: [tokens.yaml]\n")
    (game / "tokens.yaml").write_text(
        "kind: tokens\nname: coins\ntitel: Coins\npieces:\n"
        "  - {id: gem, shape: circle, size: 16mm, front: {fill: \"#ffffff\", ink: \"#000000\", icon: gemm}}\n")
    result = run_cli("validate", str(game))
    assert result.exit_code == 2
    assert "unknown key 'titel' (did you mean 'title'?)" in result.output
    assert "unknown icon 'gemm'" in result.output
