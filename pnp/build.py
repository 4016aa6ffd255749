"""Build one game: load and validate it, render every component in memory, then write atomically.

Nothing is written unless the whole game rendered without an error, so a bad
spec never touches an earlier good output.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pnp import __version__
from pnp.errors import SpecError
from pnp.game import GameContext, load_game
from pnp.output import outputs_intact, write_outputs


@dataclass(frozen=True)
class BuildOptions:
    paper: str | None = None  # None: the game's own default
    duplex: str | None = None
    out: Path = Path("output")
    formats: tuple[str, ...] = ("pdf",)
    back_offset: tuple[float, float] = (0.0, 0.0)  # points
    count: int = 1  # pages of a roll-and-write pad
    random_city: bool = False
    seed: int | None = None
    booklet: bool = False
    sets: int | None = None
    poster: str | None = None
    force: bool = False

    def for_game(self, game: GameContext) -> "BuildOptions":
        from dataclasses import replace

        defaults = game.game.print if game.game else None
        return replace(self, paper=self.paper or (defaults.paper if defaults else "a4"),
                       duplex=self.duplex or (defaults.duplex if defaults else "long"))


@dataclass
class BuildResult:
    game: str
    out_dir: Path
    files: list[dict] = field(default_factory=list)
    warnings: list[SpecError] = field(default_factory=list)
    skipped: bool = False


def input_hash(game_dir: Path, options: BuildOptions) -> str:
    """A hash of everything a build depends on: the game's files, the options and pnp itself (contents only)."""
    from pnp.fingerprint import digest, game_files, tool_fingerprint

    opts = asdict(options)
    opts.pop("out", None)
    opts.pop("force", None)
    chunks: list[bytes | str] = [tool_fingerprint(), json.dumps(opts, sort_keys=True, default=str)]
    for p in game_files(game_dir, options.out):
        chunks += [p.relative_to(game_dir).as_posix(), p.read_bytes()]
    return digest(*chunks)


def build_game(game_dir: Path, options: BuildOptions, progress=None) -> BuildResult:
    game_dir = Path(game_dir)
    out_dir = options.out / game_dir.resolve().name
    stamp = input_hash(game_dir, options)
    manifest_path = out_dir / "manifest.json"
    if not options.force and manifest_path.is_file():
        try:
            old = json.loads(manifest_path.read_text())
            if old.get("input") == stamp and outputs_intact(out_dir, old):
                return BuildResult(game_dir.name, out_dir, old["files"], [], skipped=True)
        except (ValueError, KeyError, OSError):
            pass
    import gc

    game = load_game(game_dir)
    gc.freeze()  # the loaded specs live until the end: keep the collector from re-scanning them per page
    try:
        opts = options.for_game(game)
        files = _render(game, opts, progress)
    finally:
        gc.unfreeze()
    manifest = write_outputs(out_dir, files, {"game": game.name, "pnp": __version__, "input": stamp,
                                              "options": {"paper": opts.paper, "duplex": opts.duplex,
                                                          "formats": list(opts.formats)}})
    return BuildResult(game.name, out_dir, manifest["files"], list(game.errors.warnings))


def _render(game: GameContext, opts: BuildOptions, progress=None) -> dict[str, bytes | str]:
    """Every output of every component kind, then the rulebook, all in memory."""
    from pnp.kinds import kind_module

    files: dict[str, bytes | str] = {}
    kinds: list[str] = []
    for c in game.components:
        if c.kind not in kinds:
            kinds.append(c.kind)
    for kind in kinds:
        if progress:
            progress(kind)
        files.update(kind_module(kind).build(game, game.of_kind(kind), opts))
        game.errors.raise_if_any()
    files.update(render_rulebook(game, opts, files))
    game.errors.raise_if_any()
    return files


def render_rulebook(game: GameContext, opts: BuildOptions, files: dict) -> dict:
    """rules.md → rulebook.pdf, when the game has one and the rulebook compiler is present."""
    if not game.game or not game.game.rules or not game.rules_path:
        return {}
    try:
        from pnp.rulebook.build import build_rulebook
    except ImportError:
        return {}
    return build_rulebook(game, opts, files)
