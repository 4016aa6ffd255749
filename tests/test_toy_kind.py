"""A kind from another package needs no change to the core: registered through the `pnp.kinds` entry
point of a package on the path (a dist-info folder, as pip leaves one), a toy kind of round beer
coasters is loaded, built (its print-shop file and SVG faces come from its pieces alone), exported
to Tabletop Simulator, listed in and read by the rulebook, previewed as `pnp serve` shows it, laid out
by `pnp showcase --layout contents`, and its counts read by the generic referee (`pnp check`).

The kind is written here as a third party would write it: it imports only pnp's documented
contract (`pnp.kinds.kind`) and draws on the `Surface` it is handed.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.paths import EXAMPLES

COASTER_KIND = '''
"""`kind: coaster` — round beer coasters with a word in the middle (a toy kind for the tests)."""
from typing import Literal

from pydantic import BaseModel

from pnp.kinds.kind import Counted, Piece, phrase_words

KIND = "coaster"
OPTIONS = ()
SHARED = False
RULEBOOK_NAME = "coasters"
OFFERS = frozenset()  # none of the readings the core knows: it is read through its hooks alone
MM = 72 / 25.4


class Coasters(BaseModel):
    kind: Literal["coaster"]
    name: str
    word: str
    count: int = 1
    diameter_mm: float = 90


def model():
    return Coasters


def load(game, path, raw):
    return Coasters(**{k: raw[k] for k in raw})


def validate(game, model):
    return None


def build(game, components, options):
    return {}  # the core writes the print-shop file and the faces from pieces()


def rulebook_items(game, component):
    c = component.model
    return [f"**{c.count}** round coasters, {c.diameter_mm:g} mm across"]


def rulebook_view(game, component):
    c = component.model
    return {"word": c.word, "count": c.count, "diameter_mm": c.diameter_mm}


def counted(game, component):
    c = component.model
    w = phrase_words(c.word)
    return [Counted(c.name, c.count, f"the coasters '{c.name}' number none", rule="coaster-count",
                    what=f"the number of {c.word} coasters", says=(f"# {w} coasters",),
                    fix="the coasters file fixes it: print it from the coasters")]


def pieces(game, component):
    c = component.model
    size = c.diameter_mm * MM
    bleed = 3 * MM

    def face(surface):
        middle = bleed + size / 2
        surface.circle(middle, middle, size / 2 + bleed, fill="#1f4e79")
        surface.text(middle, middle + 6, c.word, font="sans-bold", size=18, fill="#ffffff", anchor="middle")

    return [Piece(c.name, "token", c.name, size, size, bleed, c.count, (face,), shape="circle",
                  description=c.word, key=c.name)]
'''


@pytest.fixture()
def coaster_game(tmp_path):
    """A copy of the cave game with two coasters added, and the site folder registering the kind."""
    site = tmp_path / "site"
    dist = site / "pnp_coaster-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: pnp-coaster\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[pnp.kinds]\ncoaster = pnp_coaster\n")
    (site / "pnp_coaster.py").write_text(COASTER_KIND)
    game = Path(shutil.copytree(EXAMPLES / "cave", tmp_path / "cave"))
    (game / "coasters.yaml").write_text("kind: coaster\nname: cave-coaster\nword: LOOT\ncount: 4\n")
    spec = (game / "game.yaml").read_text()
    assert "components:\n" in spec
    (game / "game.yaml").write_text(spec.replace("components:\n", "components:\n  - coasters.yaml\n", 1))
    rules = (game / "rules.md").read_text()
    (game / "rules.md").write_text(rules + "\n\nEvery player keeps {{ coasters['cave-coaster'].count }} "
                                           "coasters reading {{ components.coaster['cave-coaster'].word }}.\n")
    return site, game, tmp_path


def _pnp(site: Path, cwd: Path, *args) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def _text(pdf: Path) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def test_a_toy_kind_is_built_listed_exported_and_previewed(coaster_game):
    site, game, root = coaster_game
    built = _pnp(site, root, "build", str(game), "--out", "out", "--format", "pdf,svg")
    assert built.returncode == 0, built.stderr
    out = root / "out" / "cave"
    shop = out / "coaster-printshop.pdf"
    doc = pdfium.PdfDocument(str(shop))
    try:  # one page per coaster face: 90 mm across plus 3 mm bleed each side
        assert len(doc) == 1
        width, height = doc[0].get_size()
        assert abs(width - 96 * 72 / 25.4) < 0.01 and abs(height - 96 * 72 / 25.4) < 0.01
    finally:
        doc.close()
    assert "LOOT" in _text(shop)
    assert list((out / "svg").glob("cave-coaster/*.svg")), sorted(p.name for p in (out / "svg").iterdir())
    rulebook = _text(out / "rulebook.pdf")
    assert "4 round coasters, 90 mm across" in rulebook            # its own line in the component list
    assert "keeps 4 coasters reading LOOT" in " ".join(rulebook.split())  # its view, by its declared name

    exported = _pnp(site, root, "export", "tts", str(game), "--out", "out")
    assert exported.returncode == 0, exported.stderr
    saves = [p for p in (out / "export" / "tts").rglob("*.json") if "ObjectStates" in p.read_text()]
    assert saves, sorted(str(p) for p in (out / "export").rglob("*"))
    names = json.dumps(json.loads(saves[0].read_text()))
    assert "cave-coaster" in names


def test_the_preview_shows_the_toy_kinds_file(coaster_game, monkeypatch):
    """`pnp serve`'s preview draws every PDF a build writes, the toy kind's among them."""
    site, game, root = coaster_game
    monkeypatch.syspath_prepend(str(site))
    import pnp.plugins
    from pnp.build import BuildOptions, build_game
    from pnp.kinds import declared_options
    from pnp.serve.state import Preview

    pnp.plugins.registered.cache_clear()
    pnp.plugins.load.cache_clear()
    declared_options.cache_clear()
    try:
        result = build_game(game, BuildOptions(out=root / "preview-out"))
        preview = Preview("cave")
        preview.built(result)
        shown = {f["file"]: f for f in preview.state()["files"]}
        assert "coaster-printshop.pdf" in shown, sorted(shown)
        pictures = shown["coaster-printshop.pdf"]["pictures"]
        assert pictures and preview.image(pictures[0]["id"]).startswith(b"\x89PNG")
    finally:
        pnp.plugins.registered.cache_clear()
        pnp.plugins.load.cache_clear()
        declared_options.cache_clear()


def _near(png: Path, rgb: tuple[int, int, int], within: int = 12) -> int:
    """How many pixels of a picture are within `within` of a colour on every channel."""
    from PIL import Image

    with Image.open(png) as im:
        rgb_im = im.convert("RGB")
        colours = rgb_im.getcolors(rgb_im.width * rgb_im.height)
    return sum(n for n, p in colours if all(abs(a - b) <= within for a, b in zip(p, rgb)))


def test_the_showcase_contents_show_the_toy_kind(coaster_game):
    """`pnp showcase --layout contents` lays out one of every component the build prints: the coaster's
    print-shop page (its blue disc) is among them, although the showcase knows nothing of coasters."""
    site, game, root = coaster_game
    plain = shutil.copytree(EXAMPLES / "cave", root / "plain" / "cave")
    blue = (0x1F, 0x4E, 0x79)
    seen = {}
    for label, folder in (("with", game), ("without", plain)):
        shown = _pnp(site, root, "showcase", str(folder), "--layout", "contents", "--size", "800x500",
                     "--background", "#ffffff", "--out", f"show-{label}")
        assert shown.returncode == 0, shown.stderr
        seen[label] = _near(root / f"show-{label}" / "cave" / "showcase" / "contents.png", blue)
    assert seen["with"] > 500 and seen["with"] > 20 * max(seen["without"], 1), seen


def test_the_referee_reads_the_toy_kinds_counts(coaster_game):
    """The generic referee reads what the toy kind counts (`counted`): a rulebook stating another number
    of coasters is a finding, and so is a text naming coasters the game prints none of."""
    site, game, root = coaster_game
    fine = _pnp(site, root, "check", str(game))
    assert fine.returncode == 0 and "coaster" not in fine.stdout.lower(), fine.stdout + fine.stderr
    (game / "spare.yaml").write_text("kind: coaster\nname: spare-marker\nword: SPARE\ncount: 0\n")
    spec = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(spec.replace("components:\n", "components:\n  - spare.yaml\n", 1))
    rules = (game / "rules.md").read_text()
    (game / "rules.md").write_text(rules + "\nThere are 5 LOOT coasters in the box. Put the spare markers aside.\n")
    checked = _pnp(site, root, "check", str(game))
    said = checked.stdout + checked.stderr
    assert "Traceback" not in said
    lines = said.splitlines()
    assert checked.returncode == 1, said  # a rule fails; the game itself reads
    assert any("rules.md:" in ln and "coaster-count" in ln and "'5 LOOT coasters'" in ln and " is 4 " in ln
               for ln in lines), said
    assert any("rules.md:" in ln and "components:" in ln and "'spare markers'" in ln and "number none" in ln
               for ln in lines), said
