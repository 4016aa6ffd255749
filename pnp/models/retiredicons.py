"""Icon names pnp once drew itself, and what a designer should use now.

An older spec may name an icon that was built in before the example games' own icons moved into
their folders (`pnp/data/retired-icons.yaml` lists them, with the built-in that replaces each where
one is close). Such a name gets that story, and which bundled example still draws it, rather than
"did you mean" pointing at an unrelated built-in name.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from pnp.errors import did_you_mean
from pnp.paths import EXAMPLES

MOVED = "December 2026"


@cache
def retired() -> dict[str, str | None]:
    """name → the built-in icon that replaces it (None: no built-in is close)."""
    from pnp.paths import data_yaml

    table = data_yaml("retired-icons.yaml") or {}
    return {str(k): (str(v) if v else None) for k, v in table.items()}


def _drawn_by(name: str) -> str | None:
    """The bundled example game that draws the icon in its own art/icons/, if one does."""
    try:
        games = sorted(p for p in EXAMPLES.iterdir() if (p / "art" / "icons" / f"{name}.svg").is_file())
    except OSError:
        return None
    return games[0].name if games else None


def retired_note(name: str) -> str | None:
    """What to tell about an icon name pnp no longer draws itself; None for a name it never did."""
    if name not in retired():
        return None
    instead = retired()[name]
    note = f"'{name}' was a built-in icon until {MOVED}, when the example games' icons moved into their own folders"
    game = _drawn_by(name)
    copy = (f"copy art/icons/{name}.svg of the example '{game}' (`pnp examples copy {game}`) into this game's "
            f"art/icons/" if game else f"draw it as art/icons/{name}.svg in this game")
    return f"{note}: use '{instead}', or {copy}" if instead else f"{note}: {copy}"


def icon_hint(name: str, known: Iterable[str]) -> str:
    """' (…)' after "unknown icon 'x'": the story of a retired name, else "did you mean" a known one."""
    note = retired_note(str(name))
    return f" ({note})" if note else did_you_mean(name, known)
