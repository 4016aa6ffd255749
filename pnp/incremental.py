"""Incremental builds: rebuild only the parts of a game whose inputs changed, reuse the rest.

A game is built in units: one per kind (a kind's `build()` renders all of its
components together, so several decks share `cards.pdf`) plus the rulebook.
Each component gets a content hash of what it reads; a unit's hash combines
its components'. `<out>/<game>/.pnp-cache.json` maps each unit's hash to the
outputs it made (name → sha256); a unit whose hash is unchanged and whose
outputs are still on disk intact is not rebuilt, its files are reused as they are.

What a component reads (a cautious guess, never a missed change that matters):
its own file; game.yaml; every `kind: layouts` file (decks use shared layouts);
everything under `art/` (icons and art are found by name, even from templates);
and any other file of the game folder whose relative path, or first folder
followed by "/", appears in the component's text (a deck's `data: items.csv`).
The rulebook reads everything. pnp's own code, templates and the build options
are in every hash, as in `pnp build`.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pnp import __version__
from pnp.build import BuildOptions, input_hash, render_rulebook
from pnp.errors import SpecError
from pnp.fingerprint import digest as _digest, game_files, tool_fingerprint
from pnp.output import atomic_write, sha256

CACHE_NAME = ".pnp-cache.json"
CACHE_VERSION = 1
RULEBOOK = "rulebook"


@dataclass
class IncrementalResult:
    game: str
    out_dir: Path
    files: list[dict] = field(default_factory=list)  # the manifest's entries
    rebuilt: list[str] = field(default_factory=list)  # units rendered this time
    reused: list[str] = field(default_factory=list)  # units whose outputs were kept
    written: list[str] = field(default_factory=list)  # files whose bytes changed on disk
    warnings: list[SpecError] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        """One line: what was rebuilt, what was reused, how long it took."""
        parts = []
        if self.rebuilt:
            parts.append("rebuilt " + ", ".join(self.rebuilt))
        if self.reused:
            parts.append("reused " + ", ".join(self.reused))
        return f"{self.game}: {len(self.files)} files; {'; '.join(parts) or 'nothing to build'} ({self.seconds:.2f} s)"


def tool_stamp(options: BuildOptions) -> str:
    """pnp itself (its fingerprint) and the options that shape output, as in `pnp build`."""
    opts = asdict(options)
    opts.pop("out", None)
    opts.pop("force", None)
    return _digest(tool_fingerprint(), json.dumps(opts, sort_keys=True, default=str))


def read_game(game_dir: Path, skip: Path | None = None) -> dict[str, bytes]:
    """Every file of the game folder: relative posix path → bytes."""
    return {p.relative_to(game_dir).as_posix(): p.read_bytes() for p in game_files(game_dir, skip)}


def component_hashes(game, options: BuildOptions, data: dict[str, bytes]) -> dict[str, str]:
    """Content hash of every component file (keyed by its path relative to the game folder)."""
    gdir = game.dir
    spec_names = {c.path.resolve().relative_to(gdir.resolve()).as_posix() for c in game.components}
    layouts = sorted(c.path.resolve().relative_to(gdir.resolve()).as_posix() for c in game.of_kind("layouts"))
    shared = [tool_stamp(options), data.get("game.yaml", b"")]
    shared += [f"{n}\0".encode() + data[n] for n in sorted(data) if n.startswith("art/")]
    out = {}
    for c in game.components:
        name = c.path.resolve().relative_to(gdir.resolve()).as_posix()
        text = data.get(name, b"").decode("utf-8", "replace")
        deps = [n for n in sorted(data) if n not in spec_names and n != "game.yaml" and not n.startswith("art/")
                and (n in text or ("/" in n and n.split("/", 1)[0] + "/" in text))]
        chunks = [c.kind, name, data.get(name, b"")]
        if c.kind != "layouts":
            chunks += [f"{n}\0".encode() + data[n] for n in layouts]
        chunks += [f"{n}\0".encode() + data[n] for n in deps]
        out[name] = _digest(*shared, *chunks)
    return out


def _units(game, hashes: dict[str, str], data: dict[str, bytes]) -> dict[str, tuple[str, dict[str, str]]]:
    """unit → (its hash, {component: hash}); kinds in build order (layouts first), then the rulebook if any."""
    units: dict[str, tuple[str, dict[str, str]]] = {}
    gdir = game.dir.resolve()
    for c in game.components:
        name = c.path.resolve().relative_to(gdir).as_posix()
        units.setdefault(c.kind, ("", {}))[1][name] = hashes[name]
    units = {k: (_digest(k, *(f"{n}={h}" for n, h in sorted(comps.items()))), comps) for k, (_, comps) in units.items()}
    g = game.game
    if not (g and g.rules and (game.dir / g.rules).is_file()):
        return units
    everything = [f"{n}\0".encode() + d for n, d in sorted(data.items())]
    units[RULEBOOK] = (_digest(RULEBOOK, *(h for h, _ in units.values()), *everything), {})
    return units


def _load_cache(path: Path) -> dict:
    try:
        cache = json.loads(path.read_text())
        if cache.get("version") == CACHE_VERSION and isinstance(cache.get("units"), dict):
            return cache
    except (OSError, ValueError):
        pass
    return {"version": CACHE_VERSION, "units": {}}


def _reusable(out_dir: Path, entry: dict | None, unit_hash: str) -> dict[str, bytes] | None:
    """The unit's earlier outputs read back from disk, if its hash matches and every file is intact."""
    if not entry or entry.get("hash") != unit_hash:
        return None
    files = {}
    for name, digest in entry.get("outputs", {}).items():
        try:
            data = (out_dir / name).read_bytes()
        except OSError:
            return None
        if sha256(data) != digest:
            return None
        files[name] = data
    return files


def build_incremental(game_dir: Path, options: BuildOptions, progress=None) -> IncrementalResult:
    """Build a game like `build_game`, rendering only the units whose hash changed since the cached build."""
    from pnp.game import load_game
    from pnp.kinds import kind_module

    start = time.perf_counter()
    game_dir = Path(game_dir)
    out_dir = options.out / game_dir.resolve().name
    skip = options.out if options.out.resolve().is_relative_to(game_dir.resolve()) else None
    stamp = input_hash(game_dir, options)
    game = load_game(game_dir)
    opts = options.for_game(game)
    data = read_game(game_dir, skip)
    units = _units(game, component_hashes(game, opts, data), data)
    cache_path = out_dir / CACHE_NAME
    cache = _load_cache(cache_path)
    result = IncrementalResult(game.name, out_dir)
    files: dict[str, bytes] = {}
    made: dict[str, dict[str, bytes]] = {}
    for unit, (unit_hash, _) in units.items():
        old = None if options.force else _reusable(out_dir, cache["units"].get(unit), unit_hash)
        if old is not None:
            made[unit] = old
            result.reused.append(unit)
        else:
            if progress:
                progress(unit)
            if unit == RULEBOOK:
                made[unit] = _encode(render_rulebook(game, opts, dict(files)))
            else:
                made[unit] = _encode(kind_module(unit).build(game, game.of_kind(unit), opts))
            game.errors.raise_if_any()
            result.rebuilt.append(unit)
        files.update(made[unit])
    game.errors.raise_if_any()
    for name in sorted(files):
        target = out_dir / name
        if not _same(target, files[name]):
            atomic_write(target, files[name])
            result.written.append(name)
    result.files = [{"file": n, "bytes": len(files[n]), "sha256": sha256(files[n])} for n in sorted(files)]
    manifest = {"files": result.files, "game": game.name, "pnp": __version__, "input": stamp,
                "options": {"paper": opts.paper, "duplex": opts.duplex, "formats": list(opts.formats)}}
    atomic_write(out_dir / "manifest.json", json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    cache = {"version": CACHE_VERSION, "units": {
        unit: {"hash": units[unit][0], "components": units[unit][1],
               "outputs": {n: sha256(d) for n, d in sorted(made[unit].items())}} for unit in units}}
    atomic_write(cache_path, json.dumps(cache, indent=2, sort_keys=True) + "\n")
    result.warnings = list(game.errors.warnings)
    result.seconds = time.perf_counter() - start
    return result


def _encode(files: dict) -> dict[str, bytes]:
    return {n: (d.encode("utf-8") if isinstance(d, str) else d) for n, d in files.items()}


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False
