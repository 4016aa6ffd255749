"""What a rule family is, and the one place families are found.

A rule family (`family:` in game.yaml) is the code that knows one game's rules.
pnp finds families only through the `pnp.families` entry-point group
(`pnp.plugins`), so a family shipped in another package is found exactly like
the four bundled ones, and a name written in game.yaml never becomes an import
path. Whatever the entry point names must follow `RefereeFamily`.

A family reads the game only through the loaded `GameContext`: its components
by kind and content (`game.of_kind(...)`, each with `.path`, `.raw` — the YAML
tree with positions, for `locate` — and `.model`), never a file by name, so a
renamed spec file is still checked and findings point into it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Protocol, runtime_checkable

from pnp.errors import Pos, SpecError, SpecErrors, did_you_mean
from pnp.plugins import PluginError, load, names

if TYPE_CHECKING:
    from pnp.context import GameContext
    from pnp.referee.findings import Finding
    from pnp.referee.sim import SimResult

GROUP = "families"
Progress = Callable[[int, int], None]


@runtime_checkable
class RefereeFamily(Protocol):
    """The hooks every family provides (usually as module-level functions)."""

    def referee_check(self, game: GameContext) -> list[Finding]:
        """Every way the content breaks the family's rules, each at the spec node responsible.

        Must return findings, never raise, for any game that loads, even one that
        lacks the components the family needs."""

    def referee_simulate(self, game: GameContext, games: int, seed: int,
                         progress: Progress | None = None) -> SimResult:
        """Play `games` games; the same seed gives the same result. Calls `progress(done, total)`
        now and then. Raises SpecErrors (located) when the content cannot be played at all."""

    def referee_facts(self, game: GameContext) -> list[str]:
        """Figures worth printing even when every rule holds; never raises (an empty list when
        the content is too broken to measure)."""


HOOKS = ("referee_check", "referee_simulate", "referee_facts")


def family_names() -> list[str]:
    """Every registered family, sorted."""
    return names(GROUP)


def load_family(name: str) -> RefereeFamily:
    """The family registered as NAME; PluginError when none is, or when it lacks a hook."""
    family = load(GROUP, name)
    if not isinstance(family, RefereeFamily):
        missing = [h for h in HOOKS if not callable(getattr(family, h, None))]
        raise PluginError(f"the family '{name}' does not provide {', '.join(missing)}")
    return family


def family_of(game: GameContext) -> tuple[RefereeFamily | None, str | None]:
    """The game's family, or (None, why not) when game.yaml names one pnp cannot use.

    (None, None) when game.yaml names no family at all."""
    name = game.game.family if game.game else None
    if not name:
        return None, None
    known = family_names()
    if name not in known:
        return None, f"no referee for family '{name}'{did_you_mean(name, known)}"
    try:
        return load_family(name), None
    except PluginError as e:
        return None, str(e)


def family_pos(game: GameContext) -> Pos:
    """Where game.yaml names its family: findings about the game as a whole point here."""
    from pnp.reading.load import LDict, locate

    raw = game.raw
    if isinstance(raw, LDict):
        return locate(raw, ["family"]) if "family" in raw else raw.pos
    return Pos(str(game.dir / "game.yaml"))


def require_playable(findings: Iterable[Finding], rules: Iterable[str]) -> None:
    """Raise SpecErrors for the findings of RULES: content a simulation cannot play (the command says so)."""
    blocking = set(rules)
    errors = [SpecError(f.pos, f.message) for f in findings if f.rule in blocking]
    if errors:
        raise SpecErrors(errors)
