"""What a component kind is, and the options a kind adds to `pnp build`.

A kind is what a spec file's `kind:` key names. pnp finds kinds only through the
`pnp.kinds` entry-point group (`pnp.plugins`), so a kind shipped in another
package is found exactly like the bundled ones. Whatever the entry point names
(usually a module) must follow `Kind`: every hook is present, a no-op where the
kind has nothing to do, so callers never test whether a hook exists.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.build import BuildOptions
    from pnp.game import Component, GameContext


@dataclass(frozen=True)
class KindOption:
    """One `pnp build` flag a kind reads from the build options.

    `dest` is the BuildOptions field it fills; `bounds` the inclusive (min, max) of a
    number, so that the limits live beside the kind that relies on them."""

    flag: str
    dest: str
    type: type
    default: Any
    help: str
    bounds: tuple[int, int] | None = None


@runtime_checkable
class Kind(Protocol):
    """The contract of a kind (usually module-level names and functions)."""

    KIND: str                        # the value of the spec file's `kind:` key
    MODEL: type                      # the pydantic model of the file (`pnp schema`, the editor's JSON Schema)
    OPTIONS: tuple[KindOption, ...]  # the `pnp build` flags this kind reads

    def load(self, game: GameContext, path: Path, raw: Any) -> Any:
        """The loaded component, or None; errors go to `game.errors`, located."""

    def validate(self, game: GameContext, model: Any) -> None:
        """Deeper checks than loading (`pnp validate`, `pnp check`) without drawing; errors go to `game.errors`."""

    def build(self, game: GameContext, components: list[Component], options: BuildOptions) -> dict:
        """{relative output name: bytes or str} for all the game's components of this kind."""

    def rulebook_items(self, game: GameContext, component: Component) -> list[str] | None:
        """Markdown lines describing the component in the rulebook's component list;
        None leaves the generic line to the rulebook."""


HOOKS = ("load", "validate", "build", "rulebook_items")

# The rulebook is built for every game rather than by a kind, but its flag is declared the same way.
RULEBOOK_OPTIONS = (
    KindOption("--booklet", "booklet", bool, False, "Also impose the rulebook as an A5 booklet."),
)


@contextmanager
def fit_at(game: "GameContext", raw: Any, path: list, advice: str = "make it smaller or print on larger paper"):
    """Turn a `DoesNotFit` raised while drawing into a located error at the spec key that set the size.

    The one place where page geometry's refusal becomes a designer's error (the kind then stops
    with the errors collected)."""
    from pnp.errors import Pos
    from pnp.layout.fit import DoesNotFit
    from pnp.spec.load import LDict, locate

    try:
        yield
    except DoesNotFit as e:
        if isinstance(raw, Pos):
            where = raw
        else:
            where = locate(raw, path) if isinstance(raw, LDict) else getattr(raw, "pos", None) or Pos(str(game.dir))
        game.errors.error(where, f"{e}; {advice}")
