"""Writes stay inside --out, and no fault damages a good earlier output.

Hostile names (ids, deck names, CSV ids, sheet files, game folders, `pnp new` names) become safe
names or located errors; links planted inside --out are never followed; a kill, a full disk, a
read-only or odd output folder leaves the previous outputs byte-identical; concurrent builds end
with a manifest that matches the files; the same game gives the same manifest wherever it lies.

Tests run as root, so `chmod` cannot make a folder read-only for them: the read-only and
full-disk cases run once with the writer's system calls made to fail (always) and once on a
real read-only or tiny tmpfs mount (only where this process may mount, else skipped).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import MINI_DECK, line_of, write_game
from pnp import output
from pnp.safename import check_component, slug

PNP = [sys.executable, "-m", "pnp"]


# --- helpers ------------------------------------------------------------------------------------

def files_under(folder: Path) -> dict[str, bytes]:
    """Every regular file below `folder` (links not followed), relative path → bytes."""
    out = {}
    for root, dirs, names in os.walk(folder):
        for name in names:
            p = Path(root, name)
            if not p.is_symlink() and p.is_file():
                out[p.relative_to(folder).as_posix()] = p.read_bytes()
    return out


def everything_but(root: Path, inside: Path) -> dict[str, bytes | str]:
    """Every entry below `root` except those under `inside`: files by content, links by target."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p == inside or inside in p.parents:
            continue
        rel = p.relative_to(root).as_posix()
        out[rel] = ("-> " + os.readlink(p)) if p.is_symlink() else (p.read_bytes() if p.is_file() else "dir")
    return out


def manifest_matches(folder: Path, carried: tuple[str, ...] = ()) -> bool:
    """The manifest lists exactly the build's files, each with its size and sha256 (files a build
    carries over from the folder it replaces, `carried` prefixes, aside)."""
    manifest = json.loads((folder / "manifest.json").read_text())
    for entry in manifest["files"]:
        data = (folder / entry["file"]).read_bytes()
        if len(data) != entry["bytes"] or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return False
    listed = {e["file"] for e in manifest["files"]}
    on_disk = {n for n in files_under(folder) if n != "manifest.json" and not n.startswith((".pnp-", *carried))}
    return listed == on_disk


def leftovers(out: Path) -> list[str]:
    """What publishing left behind besides the outputs (staging, ready or old sets): should be nothing."""
    return sorted(str(p.relative_to(out)) for p in out.rglob(".pnp-*"))


def big_game(root: Path, cards: int) -> Path:
    """The mini game with many single cards: enough SVG files that a build takes a while to write."""
    return write_game(root, cards=cards)


def can_mount(tmp_path: Path) -> bool:
    probe = tmp_path / "probe"
    probe.mkdir()
    try:
        ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)],
                            capture_output=True).returncode == 0
    except OSError:
        return False
    if ok:
        subprocess.run(["umount", str(probe)], check=True)
    return ok


# --- names --------------------------------------------------------------------------------------

def test_slug_keeps_plain_names_and_makes_others_safe_and_distinct():
    for plain in ("cave", "blob-2", "Card_1", "v1.2", "Épée"):
        assert slug(plain) == plain
    hostile = ["../../etc/passwd", "x y", "x/y", "x\\y", "CON", "aux.svg", "com1", "nul\0x", "tab\tx", "a" * 10_000,
               "", ".", "..", "trailing.", "-dash", "\u202eevil"]
    made = [slug(h) for h in hostile]
    assert len(set(made)) == len(made)  # `x y` and `x/y` stay apart
    for name in made:
        assert check_component(name) is None, name
        assert len(name.encode()) <= 64
    assert made == [slug(h) for h in hostile]  # stable


HOSTILE_DECK = MINI_DECK.replace("name: mini\n", "name: {name}\n").replace("cards:\n", "data: rows.csv\ncards:\n")
HOSTILE_CARDS = "".join(f"  - {{id: {json.dumps(i)}, fields: {{name: X}}}}\n" for i in (
    "../../../../escaped", "a/b", "a\\b", "CON", "aux.svg", "nul\0x", "bell\ax", "q?*:|<>", " spaced ", "x" * 10_000))


def hostile_game(root: Path) -> Path:
    game = root / "mini"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("title: Mini\nplayers: 1\ncomponents: [a.yaml, b.yaml, c.yaml]\n")
    for file, name in (("a.yaml", '"x y"'), ("b.yaml", '"x/y"'), ("c.yaml", '"../../up"')):
        (game / file).write_text(HOSTILE_DECK.replace("{name}", name) + HOSTILE_CARDS)
    (game / "rows.csv").write_text("id,name\n../../csv-escape,C\n" + "y" * 10_000 + ",Long\nLPT1.txt,Dev\n")
    return game


def test_hostile_ids_deck_names_and_csv_ids_stay_inside_out(run_cli, tmp_path):
    game = hostile_game(tmp_path / "src")
    out = tmp_path / "work" / "out"
    out.parent.mkdir()
    before = everything_but(tmp_path, out)
    result = run_cli("build", game, "--out", out, "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    assert everything_but(tmp_path, out) == before  # nothing written outside --out
    written = files_under(out / "mini")
    folders = {n.split("/")[1] for n in written if n.startswith("svg/")}
    assert len(folders) == 3  # three decks, three folders: `x y` and `x/y` do not share one
    assert sum(1 for n in written if n.endswith("-front.svg")) == 3 * 13
    for name in written:
        assert all(check_component(part) is None for part in name.split("/")), name
    again = tmp_path / "again"
    assert run_cli("build", game, "--out", again, "--format", "pdf,svg").exit_code == 0
    assert files_under(again / "mini").keys() == written.keys()  # the same names every time


def test_names_that_differ_only_in_case_are_a_located_error(run_cli, tmp_path):
    cards = "  - {id: Hero, fields: {name: A}}\n  - {id: hero, fields: {name: B}}\n"
    game = write_game(tmp_path, card_lines=cards)
    out = tmp_path / "out"
    assert run_cli("build", game, "--out", out).exit_code == 0  # PDFs only: no file per card, no clash
    result = run_cli("build", game, "--out", out, "--format", "svg")
    assert result.exit_code == 2
    assert f"cards.yaml:{line_of(game / 'cards.yaml', 'id: hero')}:" in result.output, result.output
    assert "only in case" in result.output
    assert "Traceback" not in result.output


def test_two_sheets_with_one_file_name_are_a_located_error(run_cli, tmp_path):
    from pnp.paths import EXAMPLES

    game = tmp_path / "g"
    for folder in ("a", "b"):
        (game / folder).mkdir(parents=True)
        shutil.copy(EXAMPLES / "blob" / "sheet.yaml", game / folder / "sheet.yaml")
    (game / "game.yaml").write_text("title: G\nplayers: 1\ncomponents: [a/sheet.yaml, b/sheet.yaml]\n")
    result = run_cli("build", game, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "b/sheet.yaml" in result.output and "sheet.pdf" in result.output
    assert not (tmp_path / "out" / "g").exists()


def test_a_sheet_named_like_another_kinds_output_is_a_located_error(run_cli, tmp_path):
    from pnp.paths import EXAMPLES

    game = write_game(tmp_path)
    shutil.copy(EXAMPLES / "blob" / "sheet.yaml", game / "cards-printshop.yaml")  # → cards-printshop.pdf
    (game / "game.yaml").write_text("title: Mini\nplayers: 1\ncomponents: [cards.yaml, cards-printshop.yaml]\n")
    result = run_cli("build", game, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "cards-printshop.pdf" in result.output and "cards-printshop.yaml" in result.output


def test_control_characters_in_a_text_keep_every_svg_well_formed(run_cli, tmp_path):
    """A card name with U+0001, NUL or U+FFFE (YAML's "\\u0001") is drawn as empty boxes with a warning; in the
    SVG it was written as it was, and a file XML cannot hold does not open anywhere."""
    from xml.dom import minidom

    game = write_game(tmp_path, cards=1, card_lines='  - {id: c1, fields: {name: "A\\u0001B\\u0000C\\uFFFE"}}\n')
    result = run_cli("build", game, "--out", tmp_path / "out", "--format", "svg")
    assert result.exit_code == 0, result.output
    svgs = sorted((tmp_path / "out").rglob("*.svg"))
    assert svgs
    for svg in svgs:
        minidom.parse(str(svg))  # raises on a character XML 1.0 does not allow


def test_a_game_folder_with_an_odd_name_gets_a_safe_output_folder(run_cli, tmp_path):
    game = write_game(tmp_path / "my game")  # → tmp/my game/mini
    odd = game.rename(game.parent / "CON")
    out = tmp_path / "out"
    result = run_cli("build", odd, "--out", out)
    assert result.exit_code == 0, result.output
    (made,) = list(out.iterdir())
    assert made.name == slug("CON") and made.name != "CON"


EXPORT_TARGETS = ("tts", "cgs", "tgc", "mpc", "tabletopia")


@pytest.fixture(scope="module")
def clashing_decks(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("clash")
    game = root / "g"
    game.mkdir()
    (game / "game.yaml").write_text("title: G\nplayers: 1\ncomponents: [a.yaml, b.yaml, c.yaml]\n")
    one = "  - {id: ../../../../../../tmp/pwned, fields: {name: One}}\n"
    for file, name in (("a.yaml", '"x y"'), ("b.yaml", '"x/y"'), ("c.yaml", '"../../../up"')):
        (game / file).write_text(MINI_DECK.replace("name: mini\n", f"name: {name}\n") + one)
    return game


@pytest.mark.parametrize("target", EXPORT_TARGETS)
def test_exports_of_clashing_deck_names_stay_apart_inside_their_folder(run_cli, tmp_path, clashing_decks, target):
    out = tmp_path / "out"
    (out / "g" / "export").mkdir(parents=True)  # the way to the target folder (made when missing)
    (out / "g" / "cards.pdf").write_bytes(b"an earlier build")
    before = everything_but(tmp_path, out / "g" / "export" / target)
    result = run_cli("export", target, clashing_decks, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    assert everything_but(tmp_path, out / "g" / "export" / target) == before  # nothing outside the target folder
    assert not Path("/tmp/pwned").exists()
    images = [n for n in files_under(out / "g" / "export" / target) if n.endswith(".png")]
    deck_of = {"sets": lambda n: n.split("/")[1]}  # cgs: sets/<deck's set>/<card>.png
    per_deck = {deck_of.get(n.split("/")[0], lambda n: n.split("/")[0] if "/" in n else n.rsplit("-", 1)[0])(n)
                for n in images if "back" not in n.lower() and n != "g.png"}  # g.png: the tts save's thumbnail
    assert len(per_deck) == 3, images  # each deck its own images: none overwrote another's
    assert manifest_matches(out / "g" / "export" / target)


def test_tts_images_of_two_components_that_name_one_file_both_stay(run_cli, tmp_path):
    """Deck `dice-x` writes its card sheet as `dice-x-1.png`, and die `x-1` of the dice set `dice` writes
    its template as `dice-x-1.png` too: the die's image replaced the deck's sheet, and the save showed
    die faces for every card."""
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("title: G\nplayers: 1\ncomponents: [cards.yaml, dice.yaml]\n")
    (game / "cards.yaml").write_text(MINI_DECK.replace("name: mini\n", "name: dice-x\n")
                                     + "  - {id: a, fields: {name: A}}\n  - {id: b, fields: {name: B}}\n")
    (game / "dice.yaml").write_text("kind: dice\ntile: lego-2x2\nsymbols:\n  red: {icon: star, color: red}\n"
                                    "dice:\n  - id: x-1\n    faces: [red, red, red, red, red, red]\n")
    out = tmp_path / "out"
    result = run_cli("export", "tts", game, "--out", out, "--image-url", "https://example.org/g/", "-q")
    assert result.exit_code == 0, result.output
    folder = out / "g" / "export" / "tts"
    save = json.loads((folder / "g.json").read_text())
    urls = {o["Name"]: (o.get("CustomImage", {}).get("ImageURL")
                        or next(iter(o.get("CustomDeck", {}).values()), {}).get("FaceURL"))
            for o in save["ObjectStates"]}
    deck, die = urls["DeckCustom"], urls["Custom_Dice"]
    assert deck != die, urls
    for url in (deck, die):
        assert (folder / url.rsplit("/", 1)[1]).is_file()
    assert manifest_matches(folder)


@pytest.mark.parametrize("target", ["tgc", "tabletopia"])
def test_each_component_gets_its_own_export_folder_whatever_the_names(run_cli, tmp_path, target):
    """Deck `dice` and the dice set `dice` are one folder name, so the dice get `dice-die/`: a deck called
    `dice-die` already had it, and the dice's faces went into that deck's folder."""
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("title: G\nplayers: 1\ncomponents: [a.yaml, b.yaml, dice.yaml]\n")
    for file, name in (("a.yaml", "dice-die"), ("b.yaml", "dice")):
        (game / file).write_text(MINI_DECK.replace("name: mini\n", f"name: {name}\n")
                                 + "  - {id: a, fields: {name: A}}\n  - {id: b, fields: {name: B}}\n")
    (game / "dice.yaml").write_text("kind: dice\ntile: lego-2x2\nsymbols:\n  red: {icon: star, color: red}\n"
                                    "dice:\n  - id: a\n    faces: [red, red, red, red, red, red]\n")
    out = tmp_path / "out"
    result = run_cli("export", target, game, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    folder = out / "g" / "export" / target
    listing = json.loads((folder / "cards.json").read_text())["components"]
    homes = []
    for c in listing:
        faces = [f for row in c["faces"] for f in (row.get("faces") or [row["front"], row["back"]]) if f]
        (home,) = {f.split("/")[0] for f in faces}
        homes.append(home)
        assert c["images"] == len([n for n in files_under(folder) if n.startswith(home + "/")]), c
    assert len(set(homes)) == 3, homes
    assert manifest_matches(folder)


@pytest.mark.parametrize("name", ["../evil", "a/b", "CON", "aux", "com1", "x" * 10_000, "a\0b", "", ".", "-x", "a b"])
def test_hostile_new_names_are_refused(run_cli, tmp_path, name):
    before = everything_but(tmp_path, tmp_path / "none")
    result = run_cli("new", "--dir", tmp_path / "games", "--", name)
    assert result.exit_code == 2, result.output
    assert "not a usable game name" in result.output and "Traceback" not in result.output
    assert everything_but(tmp_path, tmp_path / "none") == before


def test_new_never_writes_through_a_link(run_cli, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "games").mkdir()
    os.symlink(outside / "target", tmp_path / "games" / "my-game")  # dangling: would create outside/target
    result = run_cli("new", "my-game", "--dir", tmp_path / "games")
    assert result.exit_code == 2 and "already exists" in result.output
    assert list(outside.iterdir()) == []
    (tmp_path / "file").write_text("x")
    assert run_cli("new", "my-game", "--dir", tmp_path / "file").exit_code == 2  # --dir is a file: an error


# --- links inside --out ---------------------------------------------------------------------------

def test_links_planted_inside_out_are_never_followed(run_cli, mini_game, tmp_path):
    out = tmp_path / "out"
    assert run_cli("build", mini_game, "--out", out, "--format", "pdf,svg").exit_code == 0
    victim, victim_dir = tmp_path / "victim.pdf", tmp_path / "victim-dir"
    victim.write_bytes(b"precious")
    victim_dir.mkdir()
    (out / "mini" / "cards.pdf").unlink()
    os.symlink(victim, out / "mini" / "cards.pdf")
    shutil.rmtree(out / "mini" / "svg")
    os.symlink(victim_dir, out / "mini" / "svg")
    result = run_cli("build", mini_game, "--out", out, "--format", "pdf,svg", "--force")
    assert result.exit_code == 0, result.output
    assert victim.read_bytes() == b"precious" and list(victim_dir.iterdir()) == []
    assert not (out / "mini" / "cards.pdf").is_symlink() and not (out / "mini" / "svg").is_symlink()
    assert manifest_matches(out / "mini")


@pytest.mark.parametrize("command", ["build", "export"])
def test_a_link_where_pnp_puts_its_folder_is_refused(run_cli, mini_game, tmp_path, command):
    out = tmp_path / "out"
    victim = tmp_path / "victim"
    victim.mkdir()
    if command == "build":
        out.mkdir()
        os.symlink(victim, out / "mini")
        result = run_cli("build", mini_game, "--out", out)
    else:
        (out / "mini").mkdir(parents=True)
        os.symlink(victim, out / "mini" / "export")
        result = run_cli("export", "tts", mini_game, "--out", out)
    assert result.exit_code == 2, result.output
    assert "symbolic link" in result.output and "Traceback" not in result.output
    assert list(victim.iterdir()) == []


def test_out_may_itself_be_a_link_the_user_chose(run_cli, mini_game, tmp_path):
    (tmp_path / "real").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "out")
    assert run_cli("build", mini_game, "--out", tmp_path / "out").exit_code == 0
    assert manifest_matches(tmp_path / "real" / "mini")


# --- faults ---------------------------------------------------------------------------------------

@pytest.fixture
def built(run_cli, mini_game, tmp_path):
    """The mini game built with SVGs; returns (game, out, a copy of its outputs)."""
    out = tmp_path / "out"
    assert run_cli("build", mini_game, "--out", out, "--format", "pdf,svg").exit_code == 0
    return mini_game, out, files_under(out / "mini")


def test_out_that_is_a_file_is_a_clear_error(run_cli, mini_game, tmp_path):
    out = tmp_path / "out"
    out.write_bytes(b"not a folder")
    result = run_cli("build", mini_game, "--out", out)
    assert result.exit_code == 2 and "is a file" in result.output and "Traceback" not in result.output
    assert out.read_bytes() == b"not a folder"
    below = run_cli("build", mini_game, "--out", out / "inside")  # a file where a parent folder should be
    assert below.exit_code == 2 and "Traceback" not in below.output
    assert out.read_bytes() == b"not a folder"


def test_missing_out_is_created(run_cli, mini_game, tmp_path):
    out = tmp_path / "not" / "yet" / "there"
    assert run_cli("build", mini_game, "--out", out).exit_code == 0
    assert manifest_matches(out / "mini")


def test_out_that_would_replace_the_game_folder_is_refused(run_cli, mini_game):
    before = files_under(mini_game)
    result = run_cli("build", mini_game, "--out", mini_game.parent)
    assert result.exit_code == 2 and "choose an --out outside it" in result.output
    assert files_under(mini_game) == before


@pytest.mark.parametrize("after", [0, 3, 12])
def test_full_disk_half_way_keeps_the_previous_set(run_cli, built, monkeypatch, after):
    game, out, before = built
    real = output._write_new
    count = []

    def write_until_full(dir_fd, name, data):
        count.append(name)
        if len(count) > after:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), name)
        real(dir_fd, name, data)

    monkeypatch.setattr(output, "_write_new", write_until_full)
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("#fff3e0", "#fff3e1"))  # every front
    result = run_cli("build", game, "--out", out, "--format", "pdf,svg")
    assert result.exit_code == 2, result.output
    assert "the disk is full" in result.output and "Traceback" not in result.output
    assert files_under(out / "mini") == before and leftovers(out) == []


def test_read_only_out_keeps_the_previous_set(run_cli, built, monkeypatch):
    """Root ignores permission bits, so the file system's answer is simulated: every create fails with EROFS."""
    game, out, before = built
    real_open = os.open

    def ro_open(path, flags, *args, **kwargs):
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)
        return real_open(path, flags, *args, **kwargs)

    def ro_mkdir(path, *args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)

    monkeypatch.setattr(output.os, "open", ro_open)
    monkeypatch.setattr(output.os, "mkdir", ro_mkdir)
    result = run_cli("build", game, "--out", out, "--format", "pdf,svg", "--force")
    assert result.exit_code == 2 and "read-only" in result.output and "Traceback" not in result.output
    assert files_under(out / "mini") == before


@pytest.mark.parametrize("fault", ["read-only", "full"])
def test_real_read_only_or_full_file_system(run_cli, mini_game, tmp_path, fault):
    """The same on a real tmpfs mount (needs permission to mount; skipped elsewhere)."""
    if not can_mount(tmp_path):
        pytest.skip("this process may not mount a tmpfs")
    out = tmp_path / "mnt"
    out.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(out)], check=True)
    try:
        assert run_cli("build", mini_game, "--out", out).exit_code == 0
        before = files_under(out / "mini")
        if fault == "read-only":
            subprocess.run(["mount", "-o", "remount,ro", str(out)], check=True)
            result = run_cli("build", mini_game, "--out", out, "--force")
            expected = "read-only"
        else:
            big = write_game(tmp_path / "big", cards=400)  # its PDFs need more than the mount has left
            shutil.copytree(big, mini_game, dirs_exist_ok=True)
            result = run_cli("build", mini_game, "--out", out)
            expected = "the disk is full"
        assert result.exit_code == 2 and expected in result.output and "Traceback" not in result.output
        assert files_under(out / "mini") == before and leftovers(out) == []
    finally:
        subprocess.run(["umount", str(out)], check=True)


def test_interrupt_half_way_keeps_the_previous_set(tmp_path, monkeypatch):
    out = tmp_path / "out"
    output.publish(out, ["g"], {"a.pdf": b"old a", "b.pdf": b"old b"})
    real = output._write_new

    def interrupted(dir_fd, name, data):
        if name == "b.pdf":
            raise KeyboardInterrupt  # Ctrl-C between two files
        real(dir_fd, name, data)

    monkeypatch.setattr(output, "_write_new", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.publish(out, ["g"], {"a.pdf": b"new a", "b.pdf": b"new b"})
    now = files_under(out / "g")
    assert (now["a.pdf"], now["b.pdf"]) == (b"old a", b"old b")  # the whole old set, not half a new one
    assert manifest_matches(out / "g") and leftovers(out) == []


def test_a_file_spooled_to_disk_is_published_like_bytes(tmp_path, monkeypatch):
    """A large output joined into a temporary file (`pnp.spool`) is published with the same guarantees:
    its bytes and sha256 in the manifest, a link to the old file when unchanged, the old set kept
    when the publish is cut short, and nothing of the spool left inside --out."""
    from pnp.spool import Spooled

    out = tmp_path / "out"
    out.mkdir()

    def spooled(data: bytes) -> Spooled:
        f = Spooled(out)
        for i in range(0, len(data), 3000):
            f.write(data[i:i + 3000])
        return f

    big = os.urandom(3 << 20)
    first = output.publish(out, ["g"], {"big.pdf": spooled(big), "a.pdf": b"a"})
    assert files_under(out / "g")["big.pdf"] == big and manifest_matches(out / "g")
    assert first.manifest["files"][1] == {"file": "big.pdf", "bytes": len(big), "sha256": hashlib.sha256(big).hexdigest()}
    inode = (out / "g" / "big.pdf").stat().st_ino
    again = output.publish(out, ["g"], {"big.pdf": spooled(big), "a.pdf": b"b"})
    assert again.written == ["a.pdf"] and (out / "g" / "big.pdf").stat().st_ino == inode
    real = output._write_new

    def interrupted(dir_fd, name, data):
        if name == "big.pdf":
            raise KeyboardInterrupt
        real(dir_fd, name, data)

    monkeypatch.setattr(output, "_write_new", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.publish(out, ["g"], {"big.pdf": spooled(big[::-1]), "a.pdf": b"c"})
    assert files_under(out / "g") == {"big.pdf": big, "a.pdf": b"b", "manifest.json": (out / "g" / "manifest.json").read_bytes()}
    assert sorted(os.listdir(out)) == ["g"] and leftovers(out) == []


@pytest.mark.parametrize("fail_at", [1, 2, 3])
def test_swap_by_two_renames_recovers_when_cut_short(tmp_path, monkeypatch, fail_at):
    """Without RENAME_EXCHANGE the swap is renames; one failing at any step leaves one whole set in place."""
    out = tmp_path / "out"
    output.publish(out, ["g"], {"a.pdf": b"old a", "b.pdf": b"old b"})
    monkeypatch.setattr(output, "_exchange", lambda *a: False)
    real_rename, calls = os.rename, []

    def rename(*args, **kwargs):
        calls.append(args)
        if len(calls) == fail_at:
            raise OSError(errno.EIO, "simulated", args[0])
        return real_rename(*args, **kwargs)

    monkeypatch.setattr(output.os, "rename", rename)
    with pytest.raises(output.OutputError):
        output.publish(out, ["g"], {"a.pdf": b"new a", "b.pdf": b"new b"})
    now = files_under(out / "g")
    assert {k: v for k, v in now.items() if k != "manifest.json"} in (
        {"a.pdf": b"old a", "b.pdf": b"old b"}, {"a.pdf": b"new a", "b.pdf": b"new b"})
    assert manifest_matches(out / "g")
    monkeypatch.setattr(output.os, "rename", real_rename)
    output.publish(out, ["g"], {"c.pdf": b"c"})  # the next publish tidies what was left
    assert leftovers(out) == [] and set(files_under(out / "g")) == {"c.pdf", "manifest.json"}


def test_a_build_with_nothing_to_do_still_removes_what_a_killed_one_left(run_cli, built):
    game, out, before = built
    (out / ".pnp-staging-0badf00d-mini" / "svg").mkdir(parents=True)  # what SIGKILL leaves while writing
    (out / ".pnp-staging-0badf00d-mini" / "cards.pdf").write_bytes(b"half")
    result = run_cli("build", game, "--out", out, "--format", "pdf,svg")
    assert result.exit_code == 0 and "up to date" in result.output
    assert leftovers(out) == [] and files_under(out / "mini") == before


def test_removed_outputs_vanish_while_exports_and_notes_stay(run_cli, built):
    game, out, _ = built
    assert run_cli("export", "tts", game, "--out", out, "-q").exit_code == 0
    (out / "mini" / "my-notes.txt").write_text("mine")
    exported = files_under(out / "mini" / "export")
    assert run_cli("build", game, "--out", out, "--format", "pdf").exit_code == 0
    assert not (out / "mini" / "svg").exists()  # the last build made no SVGs
    assert files_under(out / "mini" / "export") == exported
    assert (out / "mini" / "my-notes.txt").read_text() == "mine"
    assert manifest_matches(out / "mini", carried=("export/", "my-notes.txt"))


def test_a_report_added_beside_the_outputs_is_kept_and_never_written_through_a_link(run_cli, built, tmp_path):
    game, out, _ = built
    output.add_file(out, ["mini"], "balance.pdf", b"report")  # what `pnp simulate` writes
    assert run_cli("build", game, "--out", out, "--force").exit_code == 0
    assert (out / "mini" / "balance.pdf").read_bytes() == b"report"
    victim = tmp_path / "victim"
    victim.mkdir()
    os.symlink(victim, out / "elsewhere")
    with pytest.raises(output.OutputError):
        output.add_file(out, ["elsewhere"], "balance.pdf", b"report")
    with pytest.raises(output.OutputError):
        output.add_file(out, ["mini"], "../../escape.pdf", b"report")
    assert list(victim.iterdir()) == [] and not (tmp_path / "escape.pdf").exists()


def test_manifest_is_the_same_wherever_the_game_folder_lies(run_cli, tmp_path, monkeypatch):
    here = write_game(tmp_path / "one" / "deep" / "er")
    there = tmp_path / "two" / "mini"
    shutil.copytree(here, there)
    assert run_cli("build", here, "--out", tmp_path / "out-a", "--format", "pdf,svg").exit_code == 0
    monkeypatch.chdir(tmp_path / "two")
    assert run_cli("build", "mini", "--out", tmp_path / "out-b", "--format", "pdf,svg").exit_code == 0
    a, b = files_under(tmp_path / "out-a" / "mini"), files_under(tmp_path / "out-b" / "mini")
    assert a == b and "manifest.json" in a


# --- processes: kills and concurrent builds ----------------------------------------------------

def start_build(game: Path, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([*PNP, "build", str(game), "--out", str(out), "--format", "pdf,svg", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A game of 400 cards built once (the previous outputs), then grown by a card, so the next build
    renders and writes 800 SVG files: time enough to be killed half-way."""
    root = tmp_path_factory.mktemp("big")
    game = big_game(root, 400)
    out = root / "out"
    subprocess.run([*PNP, "build", str(game), "--out", str(out), "--format", "pdf,svg"], check=True, capture_output=True)
    with open(game / "cards.yaml", "a") as f:
        f.write("  - {id: extra, fields: {name: Extra}}\n")
    return game, out


def kill_when(proc: subprocess.Popen, out: Path, sig: int, staged: bool, delay: float) -> int:
    """Send `sig` once a staging folder appears (`staged`), or after `delay` seconds."""
    start = time.monotonic()
    while proc.poll() is None:
        if (staged and any(n.startswith(".pnp-staging-") for n in os.listdir(out))) or \
                (not staged and time.monotonic() - start >= delay):
            proc.send_signal(sig)
            break
        time.sleep(0.002)
    return proc.wait(timeout=120)


@pytest.mark.parametrize("sig,staged,delay", [
    pytest.param(signal.SIGKILL, True, 0, id="SIGKILL-while-writing"),
    pytest.param(signal.SIGTERM, True, 0, id="SIGTERM-while-writing"),
    pytest.param(signal.SIGKILL, False, 0.4, id="SIGKILL-early"),  # while loading or drawing
    pytest.param(signal.SIGTERM, False, 0.4, id="SIGTERM-early")])
def test_kill_mid_build_keeps_the_previous_outputs(big, tmp_path, sig, staged, delay):
    game, built_out = big
    out = tmp_path / "out"
    shutil.copytree(built_out, out, symlinks=True)
    before = files_under(out / "mini")
    code = kill_when(start_build(game, out), out, sig, staged, delay)
    if code == 0:  # finished before the signal: then it is the new set, whole
        assert manifest_matches(out / "mini")
        pytest.skip("the build finished before the signal")
    assert code in (-signal.SIGKILL, 128 + signal.SIGTERM, -signal.SIGTERM), code
    if files_under(out / "mini") != before:  # killed after publishing, before the process ended: the new set, whole
        assert manifest_matches(out / "mini") and "extra" in (out / "mini" / "manifest.json").read_text(), \
            "the previous outputs changed, and are not the new set whole"
        pytest.skip("the new set was published before the signal")
    if sig == signal.SIGKILL and staged:
        assert leftovers(out), "killed while writing: its unfinished set is still there"
    if sig == signal.SIGTERM and code == 128 + signal.SIGTERM:
        assert leftovers(out) == []  # SIGTERM cleaned up on the way out
    again = subprocess.run([*PNP, "build", str(game), "--out", str(out), "--format", "pdf,svg"], capture_output=True)
    assert again.returncode == 0, again.stderr
    assert leftovers(out) == [] and manifest_matches(out / "mini")  # the next build tidied up


def test_three_builds_at_once_end_with_a_matching_manifest(tmp_path):
    game = big_game(tmp_path, 150)
    out = tmp_path / "out"
    procs = [start_build(game, out, "--force", "--paper", paper) for paper in ("a4", "letter", "a4")]
    results = [(p.wait(timeout=300), p.stderr.read().decode()) for p in procs]
    assert all(code == 0 for code, _ in results), results
    assert manifest_matches(out / "mini") and leftovers(out) == []
