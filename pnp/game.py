"""A game folder loaded and validated: game.yaml plus every component spec, with all errors at once."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.render.assets import Assets
from pnp.errors import Collector, Pos, SpecErrors, did_you_mean, display_path
from pnp.spec.game import Game
from pnp.spec.load import LDict, load_yaml, locate
from pnp.spec.validate import validate


@dataclass
class Component:
    kind: str
    path: Path
    raw: Any
    model: Any  # what the kind's loader returned


@dataclass
class GameContext:
    dir: Path
    name: str
    game: Game | None
    assets: Assets
    errors: Collector = field(default_factory=Collector)
    components: list[Component] = field(default_factory=list)
    raw: Any = None
    rules_path: Path | None = None  # the rulebook source, when the game has one

    def of_kind(self, kind: str) -> list[Component]:
        return [c for c in self.components if c.kind == kind]

    @property
    def shared_layouts(self) -> dict:
        out = {}
        for c in self.of_kind("layouts"):
            out.update(c.model)
        return out


def find_games(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.glob("*/game.yaml"))


@dataclass
class GameSearch:
    """The games a command with no folder named works on, and where they were found."""
    games: list[Path]
    root: Path
    source: str  # "here" (a game.yaml in the folder), "cardspecs" (./cardspecs/*), or "examples" (bundled)


def discover_games(here: Path) -> GameSearch:
    """A folder with game.yaml is that game; one with cardspecs/ holds games; elsewhere, the bundled examples."""
    from pnp.paths import EXAMPLES

    if (here / "game.yaml").is_file():
        return GameSearch([here], here, "here")
    if (here / "cardspecs").is_dir():
        return GameSearch(find_games(here / "cardspecs"), here / "cardspecs", "cardspecs")
    return GameSearch(find_games(EXAMPLES), EXAMPLES, "examples")


def load_game(game_dir: Path) -> GameContext:
    """Load and validate a whole game folder; raises SpecErrors listing every error found."""
    from pnp.kinds import kind_module, kind_names

    game_dir = Path(game_dir)
    game_file = game_dir / "game.yaml"
    if not game_dir.is_dir():
        raise SpecErrors([_err(display_path(game_dir), "not a folder: give a game folder holding game.yaml")])
    if not os.path.lexists(game_file):
        raise SpecErrors([_err(display_path(game_file), "a game folder needs a game.yaml (title, players, components)")])
    from pnp.spec.safepath import safe_game_path

    # game.yaml itself goes through the gate: a link out of the folder, a pipe or a device is refused
    game_file = safe_game_path(game_dir, "game.yaml", Pos(os.path.join(display_path(game_dir), "game.yaml")),
                               what="game file")
    ctx = GameContext(game_dir, game_dir.resolve().name, None, Assets(game_dir))
    raw = load_yaml(game_file)
    ctx.raw = raw
    ctx.game = validate(Game, raw, ctx.errors)
    ctx.rules_path = _rules_file(ctx, raw)
    files = _component_files(ctx, raw)
    loaded = []
    for path, pos in files:
        try:
            spec = load_yaml(path)
        except SpecErrors as e:
            ctx.errors.errors.extend(e.errors)
            continue
        kind = spec.get("kind") if isinstance(spec, LDict) else None
        if not isinstance(spec, LDict):
            ctx.errors.error(getattr(spec, "pos", Pos(display_path(path))), "a component spec must be a mapping with a `kind:`")
            continue
        if kind not in kind_names():
            where = locate(spec, ["kind"]) if "kind" in spec else spec.pos
            ctx.errors.error(where, f"unknown kind '{kind}'{did_you_mean(str(kind), kind_names())} "
                                    f"(kinds: {', '.join(kind_names())})" if kind else "missing required key 'kind'")
            continue
        loaded.append((kind, path, spec))
    # layouts first: decks may use them
    loaded.sort(key=lambda item: 0 if item[0] == "layouts" else 1)
    for kind, path, spec in loaded:
        try:
            model = kind_module(kind).load(ctx, path, spec)
        except SpecErrors as e:
            ctx.errors.errors.extend(e.errors)
            model = None
        if model is not None:
            ctx.components.append(Component(kind, path, spec, model))
    ctx.errors.raise_if_any()
    return ctx


def _rules_file(ctx: GameContext, raw: Any) -> Path | None:
    """rules.md (or the file game.yaml names): optional, but a named file must exist inside the game."""
    from pnp.spec.safepath import safe_game_path

    if ctx.game is None or not ctx.game.rules:
        return None
    named = isinstance(raw, LDict) and "rules" in raw
    if not named and not (ctx.dir / ctx.game.rules).is_file():
        return None
    try:
        return safe_game_path(ctx.dir, ctx.game.rules, locate(raw, ["rules"]), what="rulebook")
    except SpecErrors as e:
        ctx.errors.errors.extend(e.errors)
        return None


def _component_files(ctx: GameContext, raw: Any) -> list[tuple[Path, Pos]]:
    names = ctx.game.components if ctx.game is not None else None
    listed = raw.get("components") if isinstance(raw, LDict) else None
    if names is None and ctx.game is None and isinstance(listed, list) and all(isinstance(n, str) for n in listed):
        names = list(listed)  # game.yaml has other errors; still check the components it lists
    if names is not None:
        out = []
        for i, name in enumerate(names):
            pos = locate(raw, ["components", i])
            from pnp.spec.safepath import safe_game_path

            try:
                out.append((safe_game_path(ctx.dir, name, pos, what="component file"), pos))
            except SpecErrors as e:
                ctx.errors.errors.extend(e.errors)
        return out
    from pnp.spec.safepath import safe_game_path

    out = []
    for p in sorted(ctx.dir.glob("*.yaml")):
        if p.name == "game.yaml":
            continue
        pos = Pos(os.path.join(display_path(ctx.dir), p.name))  # not resolving p: it may be a symlink loop
        try:
            out.append((safe_game_path(ctx.dir, p.name, pos, what="component file"), pos))
        except SpecErrors as e:
            ctx.errors.errors.extend(e.errors)
    return out


def _err(path: str, message: str):
    from pnp.errors import SpecError

    return SpecError(Pos(path), message)
