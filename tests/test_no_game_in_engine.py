"""No game in the engine: outside the referee families, pnp's code names no bundled game and none of
their concepts, so every game is a spec the engine reads, never a case it knows.

The words come from the bundled games' own specs at test time (game, family and component names,
title words, board locations, token and dice names, layout names, the games' own icon names), plus a
short hand list; words ordinary English or printing also uses are left out (see GENERIC).
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from pnp.draw import icons
from pnp.paths import EXAMPLES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pnp"

# Concepts of the bundled games that their specs do not spell as a name of their own.
HAND = {"alien", "farmer", "star chart", "elder sign", "grow shape", "starting blob", "starting shapes",
        "random city", "tremor", "lovecraft", "cthulhu"}

# Words a game's spec uses that are ordinary words of play, printing or code: an engine may say them.
GENERIC = {
    "urn",  # also the scheme of XML namespace names (urn:oasis:…), which the spreadsheet reader spells
    "item", "items", "reference", "rounds", "round", "score", "scores", "notes", "note", "pieces", "piece",
    "bonus", "cards", "card", "back", "name", "kind", "value", "volume", "weight", "page", "pages", "scale",
    "power", "signal", "hit", "health", "hand", "keys", "radio", "battery", "bone", "towel", "sandwich",
    "hotel", "police", "church", "museum", "summon", "worship", "needle", "turkey", "saw", "pliers",
    "wrench", "hammer", "toolbox", "screwdriver", "dog", "cow", "chicken", "crow", "corn", "shed", "barn",
    "house", "eye", "coin", "crown", "gem", "vase", "lantern", "backpack", "pickaxe", "handshake", "axe",
    "skull", "revolver", "footsteps", "red", "blue", "tome", "tomes", "monster", "curse", "wits", "quake",
    "measuring-cup", "idol", "investigator", "sprocket", "saucer", "spacecraft", "signal", "corncob",
    "clothesline", "keys", "university", "newspaper", "drugstore", "bookshop", "mansion", "store-back",
}

# No file is exempt: every engine file must speak of boards, spaces and pieces in general words.
ALLOWED_FILES: set[str] = set()


def _names(node) -> set[str]:
    """Keys of a mapping, or `id`/`name` of each item of a list."""
    if isinstance(node, dict):
        return {str(k) for k in node}
    if isinstance(node, list):
        return {str(i.get("id") or i.get("name")) for i in node if isinstance(i, dict) and (i.get("id") or i.get("name"))}
    return set()


def game_words() -> set[str]:
    """The bundled games' names and concepts, read from their specs."""
    words: set[str] = set(HAND)
    for game in sorted(p for p in EXAMPLES.iterdir() if (p / "game.yaml").is_file()):
        words.add(game.name)
        for f in sorted(game.glob("*.yaml")):
            spec = yaml.safe_load(f.read_text()) or {}
            for key in ("family", "name"):
                if isinstance(spec.get(key), str):
                    words.add(spec[key])
            title = spec.get("title")
            if f.name == "game.yaml" and isinstance(title, str):
                words.add(title.split(" — ")[0])
                words |= {w for w in re.findall(r"[A-Za-z']+", title) if len(w) >= 4 and w[0].isupper()}
            for key in ("locations", "scenarios", "layouts", "backs", "symbols", "grids", "tracks"):
                words |= _names(spec.get(key))
            for key in ("pieces", "dice"):               # lists of named things (a sheet's `dice` is one die)
                if isinstance(spec.get(key), list):
                    words |= _names(spec.get(key))
            for grid in (spec.get("grids") or {}).values():
                if isinstance(grid, dict):
                    words |= _names(grid.get("marks")) | _names(grid.get("areas"))
        own_icons = game / "art" / "icons"
        if own_icons.is_dir():
            words |= {p.stem for p in own_icons.glob("*.svg")} - set(icons.names())
    words = {w.strip().lower().replace("'s", "").rstrip("'") for w in words if w and not w.strip().isdigit()}
    return {w for w in words if len(w) >= 3} - GENERIC - set(icons.names())  # the general icons are general


def _pattern(words: set[str]) -> re.Pattern:
    alternatives = sorted((re.escape(w).replace(r"\ ", r"[\s_-]+").replace(r"\-", r"[\s_-]?") for w in words),
                          key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9])(" + "|".join(alternatives) + r")(?![A-Za-z0-9])", re.IGNORECASE)


def engine_files() -> list[Path]:
    skip = (PACKAGE / "families",)
    return sorted(p for p in PACKAGE.rglob("*.py") if not any(p.is_relative_to(s) for s in skip))


def findings(files: list[Path], pattern: re.Pattern) -> list[str]:
    out = []
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED_FILES:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for m in pattern.finditer(line):
                out.append(f"{rel}:{n}: '{m.group(1)}' — {line.strip()[:100]}")
    return out


def test_the_word_list_is_read_from_the_games():
    words = game_words()
    for game in ("blob", "blorg", "cave", "miskatonic"):
        assert game in words
    assert "sanitarium" in words          # a board location
    assert "seismograph" in words         # a layout and a game's own icon
    assert "city" in words                # a sheet grid


def test_the_scan_finds_a_game_word(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('"""Draws the Miskatonic board."""\nSTARTING_SHAPES = 1  # a random-city helper\n')
    pattern = _pattern(game_words())
    hits = [m.group(1).lower() for line in planted.read_text().splitlines() for m in pattern.finditer(line)]
    assert "miskatonic" in hits and "starting_shapes" in hits and "random-city" in hits


def test_no_bundled_game_named_in_the_engine():
    found = findings(engine_files(), _pattern(game_words()))
    assert not found, "the engine names a bundled game or its concepts:\n" + "\n".join(found)
