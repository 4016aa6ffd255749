"""Per-unit reuse between builds of one game (`pnp watch`): render only the units whose inputs changed.

A game is built in units: one per kind (a kind's `build()` renders all of its components
together, so several decks share `cards.pdf`) plus the rulebook. Each component gets a
content hash of what it reads; a unit's hash combines its components'. The record of the
last build, `<out>/<game>/.pnp-cache.json`, maps each unit to its hash and the outputs it
made (name → sha256). It is published together with those outputs as one set, so it can
only ever describe the files beside it. A unit whose hash is unchanged and whose files are
still intact is not rendered again: its bytes are read back (and the writer hard-links them).

What a component reads (a cautious guess, never a missed change that matters): its own
file; game.yaml; every `kind: layouts` file (decks use shared layouts); everything under
`art/` (icons and art are found by name, even from templates); the game's own fonts
(`fonts:` in game.yaml, by content); and any other file of the
game folder whose relative path, or first folder followed by "/", appears in the
component's text (a deck's `data: items.csv`; a component too large to search for every file, past
MAX_SEARCH, counts as reading them all). The rulebook reads everything. pnp's own
code and the build options (`fingerprint.options_stamp`) are in every hash, as in the
whole-game `input_hash`.
"""
from __future__ import annotations

import json
from pathlib import Path

from pnp.fingerprint import digest

CACHE_NAME = ".pnp-cache.json"
CACHE_VERSION = 2
RULEBOOK = "rulebook"
# Characters searched for the files one component names (its text's length × the files it might name). Past it
# the component counts as reading every file: 2,000 files beside a spec of 4 MB took 41 s on every save.
MAX_SEARCH = 200_000_000


class UnitCache:
    """Reuse of rendered units between builds (give one to `build_game`; `pnp watch` does)."""

    def last_units(self, out_dir: Path) -> list[str]:
        """The units of the build now in `out_dir`, in build order (empty when it was built without a cache)."""
        return list(_load(out_dir).get("order", []))

    def plan(self, game, options, inputs: dict[str, str], units: list[str], out_dir: Path) -> "UnitPlan":
        """This build's unit hashes, compared with the record of the build now in `out_dir`."""
        hashes = unit_hashes(game, options, inputs, units)
        return UnitPlan(hashes, {} if options.force else _load(out_dir).get("units", {}), Path(out_dir))


class UnitPlan:
    def __init__(self, hashes: dict[str, tuple[str, dict[str, str]]], last: dict, out_dir: Path):
        self.hashes = hashes
        self.last = last
        self.out_dir = out_dir

    def reusable(self, unit: str) -> dict[str, bytes] | None:
        """The unit's files from the last build, read back intact, when its hash is unchanged; else None."""
        from pnp.output import read_output, sha256

        entry = self.last.get(unit)
        if not isinstance(entry, dict) or entry.get("hash") != self.hashes[unit][0]:
            return None
        files = {}
        for name, want in (entry.get("outputs") or {}).items():
            data = read_output(self.out_dir, name)
            if data is None or sha256(data) != want:
                return None
            files[name] = data
        return files

    def record(self, made: dict[str, dict[str, bytes]]) -> str:
        """The new `.pnp-cache.json`: every unit's hash, components and outputs."""
        from pnp.output import sha256

        units = {unit: {"hash": self.hashes[unit][0], "components": self.hashes[unit][1],
                        "outputs": {n: sha256(d) for n, d in sorted(made[unit].items())}} for unit in made}
        return json.dumps({"version": CACHE_VERSION, "order": list(made), "units": units}, indent=2, sort_keys=True) + "\n"


def _load(out_dir: Path) -> dict:
    from pnp.output import read_output

    try:
        cache = json.loads(read_output(Path(out_dir), CACHE_NAME) or b"")
    except ValueError:
        return {}
    if not isinstance(cache, dict) or cache.get("version") != CACHE_VERSION or not isinstance(cache.get("units"), dict):
        return {}
    return cache


def component_hashes(game, options, inputs: dict[str, str]) -> dict[str, str]:
    """Content hash of every component file (keyed by its path relative to the game folder)."""
    from pnp.fingerprint import options_stamp

    gdir = game.dir.resolve()
    rel = {id(c): c.path.resolve().relative_to(gdir).as_posix() for c in game.components}
    spec_names = set(rel.values())
    from pnp.kinds import shared_kinds

    shared = shared_kinds()
    definitions = sorted(rel[id(c)] for c in game.components if c.kind in shared)
    names = sorted(inputs)
    shared = [options_stamp(options), inputs.get("game.yaml", "")]
    shared += [f"{n}\0{inputs[n]}" for n in names if n.startswith("art/")]
    if game.fonts.key:  # the game's font files are named in game.yaml, not in the specs: their contents count too
        shared.append(f"fonts\0{game.fonts.key}")
    out = {}
    for c in game.components:
        name = rel[id(c)]
        try:
            text = c.path.read_bytes().decode("utf-8", "replace")
        except OSError:
            text = ""
        others = [n for n in names if n not in spec_names and n != "game.yaml" and not n.startswith("art/")]
        deps = others if len(others) * len(text) > MAX_SEARCH else [
            n for n in others if n in text or ("/" in n and n.split("/", 1)[0] + "/" in text)]
        chunks = [c.kind, name, inputs.get(name, "")]
        if c.kind not in shared:  # a shared file's names may be used by any other component
            chunks += [f"{n}\0{inputs.get(n, '')}" for n in definitions]
        chunks += [f"{n}\0{inputs[n]}" for n in deps]
        out[name] = digest(*shared, *chunks)
    return out


def unit_hashes(game, options, inputs: dict[str, str], units: list[str]) -> dict[str, tuple[str, dict[str, str]]]:
    """unit → (its hash, {component: hash}); the rulebook's hash covers every unit and every file."""
    hashes = component_hashes(game, options, inputs)
    gdir = game.dir.resolve()
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for unit in units:
        if unit == RULEBOOK:
            everything = [f"{n}\0{inputs[n]}" for n in sorted(inputs)]
            out[unit] = (digest(RULEBOOK, *(h for h, _ in out.values()), *everything), {})
            continue
        comps = {c.path.resolve().relative_to(gdir).as_posix(): None for c in game.of_kind(unit)}
        comps = {n: hashes[n] for n in comps}
        out[unit] = (digest(unit, *(f"{n}={h}" for n, h in sorted(comps.items()))), comps)
    return out
