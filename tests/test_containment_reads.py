"""Reads stay inside the game folder, from every surface that names a file.

Each surface (card art, the game's icon folder, CSV data, component files, the
rulebook file, files the rulebook includes, pictures in the rulebook) meets
each attack that applies to it: a path that points outside, a symlink out, a
loop, something that is not a regular file, a file too large, content of the
wrong type. Every one must end as a located error with exit code 2, no
traceback, no hang, and nothing of the outside file in any output.
"""
from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from conftest import line_of

pypdf = pytest.importorskip("pypdf")

SECRET = "TOPSECRET7731"
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
       '<rect x="10" y="10" width="80" height="80" fill="#d04020"/></svg>')
GAME = "title: Contained\nplayers: 1\ncomponents: [cards.yaml]\n"
DECK = """\
kind: deck
name: d
size: poker
layout: face
fields:
  name: {type: text, required: true}
layouts:
  face:
    boxes:
      title: {text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm}
      pic: {type: image, src: "ART", x: 5mm, y: 20mm, width: 20mm, height: 20mm}
cards:
  - {id: a, fields: {name: Alpha}}
"""
TEXT_BYTES = 5_000_000
ART_BYTES = 2 * 1024 * 1024
IMAGE_BYTES = 20_000_000


def png_bytes(size=(40, 30), color=(30, 90, 200), fmt="PNG", mode="RGB") -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new(mode, size, color).save(buf, format=fmt)
    return buf.getvalue()


def make_game(root: Path, art: str = "icon:star", data: str | None = None, rules: str | None = None,
              game_yaml: str = GAME) -> Path:
    game = root / "game"
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(game_yaml)
    deck = DECK.replace("ART", art)
    if data is not None:
        deck = deck.replace("layout: face\n", f"layout: face\ndata: {data}\ndata_layout: face\n", 1)
    (game / "cards.yaml").write_text(deck)
    if rules is not None:
        (game / "rules.md").write_text(rules)
    return game


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder beside the game holding a valid file of every type, each carrying SECRET."""
    out = tmp_path / "outside"
    (out / "sub").mkdir(parents=True)
    for folder in (out, out / "sub"):
        (folder / "secret.svg").write_text(SVG.replace("</svg>", f"<title>{SECRET}</title></svg>"))
        (folder / "secret.csv").write_text(f"id,name\nz,{SECRET}\n")
        (folder / "secret.md").write_text(f"{SECRET}\n")
        (folder / "secret.yaml").write_text(f"kind: layouts\n# {SECRET}\n")
        (folder / "secret.png").write_bytes(png_bytes())
    return out


# -------------------------------------------------------------------------- running pnp

@dataclass
class Run:
    code: int
    output: str


def pnp(*args, timeout: float | None = None) -> Run:
    """`pnp ARGS`: in a child process when a timeout is asked for (a hang must fail the test, not stall it)."""
    args = [str(a) for a in args]
    if timeout is not None:
        done = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "COLUMNS": "250"})
        return Run(done.returncode, done.stdout + done.stderr)
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    result = CliRunner().invoke(cli.app, args, env={"COLUMNS": "250"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.output)


def refused_build(game: Path, out: Path, where: str, message: str, timeout: float | None = None) -> str:
    """Build `game`; it must stop with exit 2 and a located error at `where` saying `message`."""
    run = pnp("build", game, "--out", out, timeout=timeout)
    text = " ".join(run.output.split())
    assert run.code == 2, run.output
    assert "Traceback" not in run.output and "MemoryError" not in run.output
    assert where in text, run.output
    assert message in text, run.output
    assert SECRET not in run.output
    for pdf in out.rglob("*.pdf"):
        assert SECRET.encode() not in pdf.read_bytes()
    return text


# -------------------------------------------------------------------------- the surfaces

@dataclass
class Surface:
    """One way a game names a file: `setup(tmp, name)` writes a game that names `name`; `where` is the error's place."""

    ext: str
    setup: Callable[[Path, str], Path]
    where: Callable[[Path], str]
    limit: int


def _art(tmp, name):
    return make_game(tmp, art=name)


def _icon(tmp, name):
    # the folder is scanned, so the attack sits at its own name there (see ICON_NAMES)
    return make_game(tmp)


def _data(tmp, name):
    return make_game(tmp, data=name)


def _component(tmp, name):
    return make_game(tmp, game_yaml=f"title: Contained\nplayers: 1\ncomponents: [cards.yaml, '{name}']\n")


def _rules(tmp, name):
    return make_game(tmp, game_yaml=GAME + f"rules: '{name}'\n")


def _include(tmp, name):
    return make_game(tmp, rules=f'# Rules\n\n{{% include "{name}" %}}\n')


def _image(tmp, name):
    return make_game(tmp, rules=f"# Rules\n\nLook:\n\n![The board]({name})\n")


def _at(file: str, fragment: str):
    return lambda game: f"{file}:{line_of(game / file, fragment)}:"


SURFACES = {
    "art": Surface("svg", _art, _at("cards.yaml", "pic:"), ART_BYTES),
    "icon": Surface("svg", _icon, lambda game: "art/icons/", ART_BYTES),
    "data": Surface("csv", _data, _at("cards.yaml", "data:"), TEXT_BYTES),
    "component": Surface("yaml", _component, _at("game.yaml", "components:"), TEXT_BYTES),
    "rules": Surface("md", _rules, _at("game.yaml", "rules:"), TEXT_BYTES),
    "include": Surface("md", _include, _at("rules.md", "include"), TEXT_BYTES),
    "image": Surface("png", _image, _at("rules.md", "!["), IMAGE_BYTES),
}
NAMED = [s for s in SURFACES if s != "icon"]  # the surfaces where the spec writes the path itself


def place(surface: str, tmp: Path, leaf: str) -> tuple[Path, Path, str]:
    """Write the game naming `leaf` (relative to the game folder); returns (game, where the file goes, name)."""
    s = SURFACES[surface]
    if surface == "icon":
        game = s.setup(tmp, leaf)
        target = game / "art" / "icons" / leaf
        target.parent.mkdir(parents=True, exist_ok=True)
        return game, target, leaf
    game = s.setup(tmp, leaf)
    return game, game / leaf, leaf


# -------------------------------------------------------------------------- path attacks

@pytest.mark.parametrize("surface", NAMED)
def test_absolute_path(surface, tmp_path, outside):
    s = SURFACES[surface]
    game = s.setup(tmp_path, str(outside / f"secret.{s.ext}"))
    refused_build(game, tmp_path / "out", s.where(game), "is absolute")


@pytest.mark.parametrize("surface", NAMED)
def test_dotdot(surface, tmp_path, outside):
    s = SURFACES[surface]
    game = s.setup(tmp_path, f"../outside/secret.{s.ext}")
    refused_build(game, tmp_path / "out", s.where(game), "'..' is not allowed")


@pytest.mark.parametrize("surface", NAMED)
def test_url(surface, tmp_path, outside):
    s = SURFACES[surface]
    game = s.setup(tmp_path, f"file://{outside}/secret.{s.ext}")
    refused_build(game, tmp_path / "out", s.where(game), "looks like a URL")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_symlink_to_a_file_outside(surface, tmp_path, outside):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"leak.{s.ext}")
    os.symlink(outside / f"secret.{s.ext}", target)
    refused_build(game, tmp_path / "out", s.where(game), "symlink pointing outside the game folder")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_symlink_to_a_folder_outside(surface, tmp_path, outside):
    s = SURFACES[surface]
    if surface == "icon":
        game = make_game(tmp_path)
        (game / "art").mkdir()
        os.symlink(outside / "sub", game / "art" / "icons")
        # the scan finds the outside folder's secret.svg but must not read it
        refused_build(game, tmp_path / "out", "art/icons/secret.svg", "symlink pointing outside the game folder")
        return
    game = s.setup(tmp_path, f"linked/secret.{s.ext}")
    os.symlink(outside / "sub", game / "linked")
    refused_build(game, tmp_path / "out", s.where(game), "symlink pointing outside the game folder")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_symlink_loop(surface, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"loop.{s.ext}")
    os.symlink(target.name, target)
    refused_build(game, tmp_path / "out", s.where(game), "cannot be resolved")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_directory(surface, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"folder.{s.ext}")
    target.mkdir()
    (target / "inside.txt").write_text("x")
    refused_build(game, tmp_path / "out", s.where(game), "is a folder, not a file")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_fifo_is_refused_without_waiting(surface, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"pipe.{s.ext}")
    os.mkfifo(target)
    refused_build(game, tmp_path / "out", s.where(game), "is a named pipe, not a file", timeout=90)


@pytest.mark.parametrize("surface", list(SURFACES))
def test_symlink_to_a_device(surface, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"zero.{s.ext}")
    os.symlink("/dev/zero", target)
    refused_build(game, tmp_path / "out", s.where(game), "symlink pointing outside the game folder")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_device_node_inside_the_folder(surface, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"zero.{s.ext}")
    try:
        os.mknod(target, 0o600 | __import__("stat").S_IFCHR, os.makedev(1, 5))  # a second /dev/zero
    except (PermissionError, OSError):
        pytest.skip("creating a device node needs privileges")
    refused_build(game, tmp_path / "out", s.where(game), "is a device, not a file")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_socket(surface, tmp_path, monkeypatch):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"sock.{s.ext}")
    monkeypatch.chdir(target.parent)  # a socket path must be short: bind it by its bare name
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(target.name)
        refused_build(game, tmp_path / "out", s.where(game) if surface != "icon" else "sock.svg",
                      "is a socket, not a file")
    finally:
        server.close()


# where a file too large is reported: where the spec names it, else the file itself
HUGE_AT = {"component": "huge.yaml:1:1", "rules": "huge.md:1:1"}


@pytest.mark.parametrize("surface", list(SURFACES))
def test_huge_file(surface, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"huge.{s.ext}")
    with open(target, "wb") as f:
        f.truncate(s.limit + 1)  # sparse: costs no disk
    refused_build(game, tmp_path / "out", HUGE_AT.get(surface) or s.where(game), "too large")


@pytest.mark.parametrize("surface", ["art", "icon", "data", "rules", "include", "image"])
def test_huge_file_is_refused_before_reading(surface, tmp_path, monkeypatch):
    """A file far over the cap is refused from its size: the gate reads not one byte of it."""
    import pnp.reading.safepath as safepath

    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"huge.{s.ext}")
    with open(target, "wb") as f:
        f.truncate(256 * 1024 ** 2)  # sparse; the build's fingerprint still hashes it, so not larger
    real_open, real_read = os.open, os.read
    current, opened, read = {}, [], []  # descriptor → path now; every path the gate opened; paths it read from

    def spy_open(path, flags, *args, **kwargs):
        fd = real_open(path, flags, *args, **kwargs)
        if sys._getframe(1).f_globals.get("__name__") == "pnp.reading.safepath":
            current[fd] = str(path)
            opened.append(str(path))
        return fd

    def spy_read(fd, n):
        if fd in current:
            read.append(current[fd])
        return real_read(fd, n)

    monkeypatch.setattr(safepath.os, "open", spy_open)
    monkeypatch.setattr(safepath.os, "read", spy_read)
    refused_build(game, tmp_path / "out", HUGE_AT.get(surface) or s.where(game), "too large")
    assert any(p.endswith(f"huge.{s.ext}") for p in opened)
    assert not any(p.endswith(f"huge.{s.ext}") for p in read)


# -------------------------------------------------------------------------- content attacks

BINARY = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
LATIN1 = "id,name\nx,Caf\xe9\n".encode("latin-1")


@pytest.mark.parametrize("surface,content,where,message", [
    ("art", BINARY, "cards.yaml:", "is a PNG picture although its name ends in .svg"),
    ("art", SVG.replace("</svg>", "<title>caf\xe9</title></svg>").encode("latin-1"), "bad.svg:1:132", "not UTF-8"),
    ("art", b"<svg><rect></svg>", "bad.svg:1:14", "malformed SVG"),
    ("icon", BINARY, "art/icons/bad.svg:1:1", "not UTF-8"),
    ("data", BINARY, "bad.csv:3:1", "binary file"),
    ("data", LATIN1, "bad.csv:2:6", "not UTF-8"),
    ("component", BINARY, "bad.yaml:3:1", "binary"),
    ("component", "kind: layouts\n# caf\xe9\n".encode("latin-1"), "bad.yaml:2:6", "not UTF-8"),
    ("rules", BINARY, "bad.md:3:1", "binary file"),
    ("rules", "# Caf\xe9\n".encode("latin-1"), "bad.md:1:6", "not UTF-8"),
    ("include", BINARY, "bad.md:3:1", "binary file"),
    ("include", "Caf\xe9\n".encode("latin-1"), "bad.md:1:4", "not UTF-8"),
    ("image", b"# not a picture\n", None, "is not a PNG, JPEG, WebP or GIF image although its name ends in .png"),
    ("image", png_bytes(fmt="JPEG"), None, "is a JPEG file although its name ends in .png: rename it"),
    ("image", png_bytes()[:60], None, "cannot be decoded"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 20 else None)
def test_wrong_content(surface, content, where, message, tmp_path):
    s = SURFACES[surface]
    game, target, _ = place(surface, tmp_path, f"bad.{s.ext}")
    target.write_bytes(content)
    where = where or s.where(game)
    refused_build(game, tmp_path / "out", where, message)


def test_picture_with_too_many_pixels(tmp_path):
    game, target, _ = place("image", tmp_path, "bomb.png")
    target.write_bytes(png_bytes(size=(6000, 6000), color=0, mode="1"))  # small file, 36 million pixels
    assert target.stat().st_size < 100_000
    refused_build(game, tmp_path / "out", SURFACES["image"].where(game), "pixels")


def test_picture_of_another_kind(tmp_path):
    game = make_game(tmp_path, rules="# Rules\n\n![x](pic.bmp)\n")
    (game / "pic.bmp").write_bytes(png_bytes(fmt="BMP"))
    refused_build(game, tmp_path / "out", "rules.md:3:", "must be a .png, .jpg, .webp, .gif or .svg")


def test_picture_whose_content_is_another_kind(tmp_path):
    game = make_game(tmp_path, rules="# Rules\n\n![x](pic.png)\n")
    (game / "pic.png").write_bytes(png_bytes(fmt="GIF"))
    refused_build(game, tmp_path / "out", "rules.md:3:", "is a GIF file although its name ends in .png")


@pytest.mark.parametrize("tag", ['{% import "{name}" as m %}', '{% extends "{name}" %}',
                                 '{% from "{name}" import x %}', '{% include ["nope.md", "{name}"] %}'])
def test_every_template_statement_uses_the_gate(tag, tmp_path, outside):
    game = make_game(tmp_path, rules="# Rules\n\n" + tag.replace("{name}", "leak.md") + "\n")
    os.symlink(outside / "secret.md", game / "leak.md")
    refused_build(game, tmp_path / "out", "rules.md:3:", "symlink pointing outside the game folder")


def test_include_by_absolute_name_in_a_variable(tmp_path, outside):
    game = make_game(tmp_path, rules=f'{{% set f = "{outside}/secret.md" %}}\n# Rules\n\n{{% include f %}}\n')
    refused_build(game, tmp_path / "out", "rules.md:4:", "is absolute")


def test_markdown_image_percent_encoded_dotdot(tmp_path, outside):
    game = make_game(tmp_path, rules="# Rules\n\n![x](%2e%2e/outside/secret.png)\n")
    refused_build(game, tmp_path / "out", "rules.md:3:", "'..' is not allowed")


def test_default_rulebook_symlinked_out(tmp_path, outside):
    game = make_game(tmp_path)
    os.symlink(outside / "secret.md", game / "rules.md")
    refused_build(game, tmp_path / "out", "game.yaml:", "symlink pointing outside the game folder")


def test_missing_include_is_located_with_a_suggestion(tmp_path):
    game = make_game(tmp_path, rules='# Rules\n\n{% include "intro.md" %}\n')
    (game / "intro.mb").write_text("x")
    refused_build(game, tmp_path / "out", "rules.md:3:13", "included file 'intro.md' not found (did you mean 'intro.mb'?)")


def test_ignore_missing_still_works(tmp_path):
    game = make_game(tmp_path, rules='# Rules\n\n{% include "nope.md" ignore missing %}Done.\n')
    assert pnp("build", game, "--out", tmp_path / "out").code == 0


@pytest.mark.parametrize("name", ["/etc/passwd", "../outside/secret.pdf", "file:///etc/passwd"])
def test_figure_names_only_outputs_of_this_build(name, tmp_path, outside):
    """figure() shows a page of a PDF this build made, held in memory: it never opens a path."""
    game = make_game(tmp_path, rules=f'# Rules\n\n{{{{ figure("{name}") }}}}\n')
    refused_build(game, tmp_path / "out", "rules.md:3:", f"no output '{name}' in this build")


def test_fonts_are_names_not_files(tmp_path, outside):
    game = make_game(tmp_path)
    text = (game / "cards.yaml").read_text().replace("height: 10mm}", f"height: 10mm, font: '{outside}/x.ttf'}}")
    (game / "cards.yaml").write_text(text)
    refused_build(game, tmp_path / "out", "cards.yaml:", "unknown font")


@pytest.mark.parametrize("where", ["rules", "spec"])
@pytest.mark.parametrize("char", ["\ue000", "\ue002", "\ue004"])
def test_private_markers_cannot_be_forged(where, char, tmp_path):
    """pnp marks figures, icons and pictures with private-use characters; written by hand they are refused."""
    forged = f"{char}7{chr(ord(char) + 1)}"
    rules = f"# Rules\n\nSee {forged} here.\n" if where == "rules" else "# Rules\n\n{{ decks.d.cards[0].fields.name }}\n"
    game = make_game(tmp_path, rules=rules)
    if where == "spec":
        (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("name: Alpha", f"name: 'A{forged}'"))
    refused_build(game, tmp_path / "out", "rules.md:", "is reserved by pnp")


# -------------------------------------------------------------------------- what is allowed still works

def test_files_inside_the_folder_are_read(tmp_path):
    """Inside the folder (also through a symlink that stays inside) everything builds."""
    rules = ('# Rules\n\n{% include "parts/intro.md" %}\n\n![The board](pics/board.png)\n\n'
             "![Vector art](art/mark.svg)\n\n[a link](/etc/passwd) stays text.\n")
    game = make_game(tmp_path, art="art/alias.svg", data="rows.csv", rules=rules)
    (game / "art" / "icons").mkdir(parents=True)
    (game / "art" / "mark.svg").write_text(SVG)
    os.symlink("mark.svg", game / "art" / "alias.svg")
    (game / "art" / "icons" / "sun.svg").write_text(SVG)
    (game / "rows.csv").write_text("id,name\nb,Beta\n")
    (game / "parts").mkdir()
    (game / "parts" / "intro.md").write_text("Welcome :sun:.\n")
    (game / "pics").mkdir()
    (game / "pics" / "board.png").write_bytes(png_bytes(size=(300, 200)))
    run = pnp("build", game, "--out", tmp_path / "out")
    assert run.code == 0, run.output
    assert pnp("build", game, "--out", tmp_path / "again").code == 0
    first = (tmp_path / "out" / "game" / "rulebook.pdf").read_bytes()
    assert first == (tmp_path / "again" / "game" / "rulebook.pdf").read_bytes()
    book = pypdf.PdfReader(tmp_path / "out" / "game" / "rulebook.pdf")
    text = " ".join(p.extract_text() for p in book.pages)
    assert "Welcome" in text and "Figure 1. The board" in text and "Figure 2. Vector art" in text
    assert "a link stays text" in " ".join(text.split())
    images = [x for p in book.pages for x in _xobjects(p) if x.get("/Subtype") == "/Image"]
    assert len(images) == 1 and (images[0]["/Width"], images[0]["/Height"]) == (300, 200)


def _xobjects(page):
    """Every XObject of a page, forms opened up."""
    stack = [page.get("/Resources") or {}]
    while stack:
        res = stack.pop()
        for x in (res.get("/XObject") or {}).values():
            x = x.get_object()
            yield x
            if x.get("/Subtype") == "/Form" and x.get("/Resources"):
                stack.append(x["/Resources"])


# -------------------------------------------------------------------------- text is text

def markup_forms(secret_png: Path) -> list[str]:
    """Every kind of reportlab paragraph markup a spec could smuggle in, each of them harmful or visible if obeyed."""
    return [
        "<b>bold</b>",
        '<font color="red" size="30">big</font>',
        f'<img src="{secret_png}" width="40" height="40"/>',
        '<a href="https://example.com/a">anchor</a>',
        '<link href="https://example.com/l">linked</link>',
        '<seq id="n"/>',
        '<onDraw name="x" label="y"/>',
        '<span backColor="red">sp</span>',
        '<unichar name="SNOWMAN"/>',
        "&lt;i&gt;",
        "&amp;amp;",
        "&#60;u&#62;",
        "&nbsp;",
    ]


def squeeze(text: str) -> str:
    return "".join(text.split())


def _yaml(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def text_game(root: Path, forms: list[str]) -> Path:
    """A game whose every printed place holds every markup form, from rules.md and from the specs."""
    cards = "".join(f"  - {{id: c{i}, fields: {{name: {_yaml('N' + str(i) + '-' + f)}}}}}\n" for i, f in enumerate(forms))
    deck = DECK.replace('"ART"', '"icon:star"').replace("height: 10mm}", "height: 40mm, size: 6pt}")
    game = make_game(root, game_yaml=(f"title: {_yaml('TITLE-' + forms[0])}\nsubtitle: {_yaml('SUB-' + forms[1])}\n"
                                      f"designer: {_yaml('DES-' + forms[3])}\ncredits: [{_yaml('CRED-' + forms[4])}]\n"
                                      "players: 1\ncomponents: [cards.yaml]\n"))
    (game / "cards.yaml").write_text(deck.split("cards:\n")[0] + "cards:\n" + cards)
    chapters = []
    for i, f in enumerate(forms):
        chapters.append(f"""\
{{{{ page_break() }}}}

# H1-{f}

P-{f} and from the spec: S-{{{{ decks.d.cards[{i}].fields.name }}}}.

## H2-{f}

### H3-{f}

| TH-{f} | x |
|---|---|
| TD-{f} | y |

- LI-{f}

> Q-{f}

`CS-{f}`

```
CB-{f}
```

{{{{ card("d", "c{i}", caption="CAP-" ~ decks.d.cards[{i}].fields.name) }}}}
""")
    (game / "rules.md").write_text("\n".join(chapters))
    return game


@pytest.fixture(scope="module")
def text_build(tmp_path_factory):
    root = tmp_path_factory.mktemp("text")
    secret = root / "secret.png"
    secret.write_bytes(png_bytes())
    forms = markup_forms(secret)
    game = text_game(root, forms)
    run = pnp("build", game, "--out", root / "out")
    assert run.code == 0, run.output
    return forms, root / "out" / "game"


def _pages(pdf: Path) -> list[str]:
    return [squeeze(p.extract_text() or "") for p in pypdf.PdfReader(pdf).pages]


@pytest.mark.parametrize("place", ["P-", "S-N{i}-", "H1-", "H2-", "H3-", "TH-", "TD-", "LI-", "Q-", "CS-", "CB-",
                                   "CAP-N{i}-"])
def test_markup_prints_literally_in_the_rulebook_body(text_build, place):
    forms, out = text_build
    body = "".join(_pages(out / "rulebook.pdf")[2:])
    for i, f in enumerate(forms):
        assert squeeze(place.format(i=i) + f) in body, f


def test_markup_prints_literally_in_the_contents(text_build):
    forms, out = text_build
    pages = _pages(out / "rulebook.pdf")
    first_body = next(i for i, p in enumerate(pages) if squeeze("P-" + forms[0]) in p)
    contents = "".join(pages[1:first_body])
    assert contents.startswith("Contents")
    for f in forms:
        assert squeeze("H1-" + f) in contents and squeeze("H2-" + f) in contents, f


def test_markup_prints_literally_in_the_running_header_and_outline(text_build):
    forms, out = text_build
    pages = _pages(out / "rulebook.pdf")[2:]
    reader = pypdf.PdfReader(out / "rulebook.pdf")
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    for i, f in enumerate(forms):
        # each chapter starts a page: its heading, and the running header above it
        assert any(p.count(squeeze("H1-" + f)) >= 2 for p in pages), f
        assert any(t.endswith("H1-" + f) for t in outline), f


def test_markup_prints_literally_on_the_title_page(text_build):
    forms, out = text_build
    title_page = _pages(out / "rulebook.pdf")[0]
    for label, f in (("TITLE-", forms[0]), ("SUB-", forms[1]), ("DES-", forms[3]), ("CRED-", forms[4])):
        assert squeeze(label + f) in title_page, f
    assert pypdf.PdfReader(out / "rulebook.pdf").metadata.title == "TITLE-" + forms[0]


def test_markup_prints_literally_on_the_cards(text_build):
    forms, out = text_build
    text = "".join(_pages(out / "cards.pdf"))
    for i, f in enumerate(forms):
        assert squeeze(f"N{i}-{f}") in text, f


def test_no_markup_was_obeyed(text_build):
    """No outside picture, no link and no bigger or coloured text came from the markup."""
    _, out = text_build
    reader = pypdf.PdfReader(out / "rulebook.pdf")
    for page in reader.pages:
        assert not [x for x in _xobjects(page) if x.get("/Subtype") == "/Image"]
        for annot in page.get("/Annots") or []:
            assert "/URI" not in str(annot.get_object().get("/A") or {})


def test_markup_prints_literally_in_the_balance_report(tmp_path):
    from pnp.referee.balance import balance_pdf
    from pnp.referee.sim import Chart, SimResult

    forms = markup_forms(tmp_path / "secret.png")
    (tmp_path / "secret.png").write_bytes(png_bytes())
    result = SimResult("fam", 10, 1, summary=[f"SUM-{f}" for f in forms],
                       charts=[Chart(f"CH-{forms[0]}", "bars", {f"BAR-{forms[1]}": 3.0}, f"X-{forms[2]}",
                                     f"Y-{forms[3]}")])
    pdf = tmp_path / "balance.pdf"
    pdf.write_bytes(balance_pdf(result, f"T-{forms[4]}"))
    text = "".join(_pages(pdf))
    for label in [f"SUM-{f}" for f in forms] + [f"CH-{forms[0]}", f"X-{forms[2]}", f"T-{forms[4]}"]:
        assert squeeze(label) in text, label
    assert not [x for p in pypdf.PdfReader(pdf).pages for x in _xobjects(p) if x.get("/Subtype") == "/Image"]


def test_markup_prints_literally_through_the_component_text_engine(tmp_path):
    """Tokens, sheets and board labels set their text with draw_text on a Surface, like the cards."""
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.text import draw_text, set_text

    forms = markup_forms(tmp_path / "secret.png")
    (tmp_path / "secret.png").write_bytes(png_bytes())
    s = PdfSurface()
    s.begin_page(595, 842)
    for i, f in enumerate(forms):
        draw_text(s, set_text(f"L{i}-{f}", "sans", 9, 4, 500, 40), 20, 20 + 50 * i, 500, 40)
    s.end_page()
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(s.finish())
    text = "".join(_pages(pdf))
    for i, f in enumerate(forms):
        assert squeeze(f"L{i}-{f}") in text, f


# -------------------------------------------------------------------------- game.yaml and unlisted components

@pytest.mark.parametrize("attack", ["symlink-out", "fifo", "device-symlink"])
def test_game_yaml_itself_goes_through_the_gate(attack, tmp_path, outside):
    game = make_game(tmp_path)
    (game / "game.yaml").unlink()
    (outside / "game.yaml").write_text(GAME.replace("Contained", SECRET))
    {"symlink-out": lambda: os.symlink(outside / "game.yaml", game / "game.yaml"),
     "fifo": lambda: os.mkfifo(game / "game.yaml"),
     "device-symlink": lambda: os.symlink("/dev/zero", game / "game.yaml")}[attack]()
    refused_build(game, tmp_path / "out", "game.yaml:1:1", "game file 'game.yaml'", timeout=90)


@pytest.mark.parametrize("attack", ["symlink-out", "fifo", "loop"])
def test_unlisted_components_go_through_the_gate(attack, tmp_path, outside):
    """With no `components:` every *.yaml is a component: each one found is checked like a named one."""
    game = make_game(tmp_path, game_yaml="title: Contained\nplayers: 1\n")
    {"symlink-out": lambda: os.symlink(outside / "secret.yaml", game / "x.yaml"),
     "fifo": lambda: os.mkfifo(game / "x.yaml"),
     "loop": lambda: os.symlink("x.yaml", game / "x.yaml")}[attack]()
    refused_build(game, tmp_path / "out", "x.yaml:1:1", "component file 'x.yaml'", timeout=90)
