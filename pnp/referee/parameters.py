"""The rule numbers a family reads: game.yaml's `parameters:`, else the family's own defaults.

A family names the numbers its rules need (`defaults`, each with a default and
what it means); a game that declares a parameter of the same name overrides it,
so changing `quake_at` in game.yaml changes the checks and the simulation with
no code edited. Findings quote a rule through `rule_words`, in the game's own
words (`means:`) when the game gives them.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import Pos


@dataclass(frozen=True)
class Default:
    value: int | float
    means: str
    least: int | float | str | None = None   # the smallest value the rule can be played with (a number, or another parameter's name)
    why: str = ""                              # what goes wrong below it
    most: int | float | None = None            # the largest the family's checks and simulation play in bounded time


def declared(game) -> dict:
    """game.yaml's parameters as models (name → RuleParameter or a bare number)."""
    return dict(game.game.parameters) if game.game else {}


def values(game, defaults: dict[str, Default]) -> dict[str, int | float]:
    """Every number of `defaults`, overridden by the game's declared parameters (plus any others it declares).

    A declared number above its `Default.most` is a located error (SpecErrors) at its `value`: the checks and
    the simulation loop over these numbers (`rounds: 1000000000` played a billion rounds a game, for hours)."""
    out = {k: d.value for k, d in defaults.items()}
    if game.game:
        out.update(game.game.parameter_values())
    over = [(name, d) for name, d in defaults.items() if d.most is not None and out[name] > d.most]
    if over:
        from pnp.errors import SpecError, SpecErrors
        from pnp.referee.family import family_pos

        raise SpecErrors([SpecError(where(game, name) or family_pos(game),
                                    f"{_means(game, name, d)} is {_number(out[name])}, more than the {_number(d.most)} "
                                    f"the referee can check and simulate in reasonable time") for name, d in over])
    return out


def _means(game, name: str, d: Default) -> str:
    return getattr(declared(game).get(name), "means", None) or d.means


def rule_words(game, name: str, defaults: dict[str, Default] | None = None) -> str:
    """How the rule reads: 'the total that ends the round is 21'."""
    p = declared(game).get(name)
    value = values(game, defaults or {}).get(name)
    means = getattr(p, "means", None) or (defaults[name].means if defaults and name in defaults else name)
    return f"{means} is {_number(value)}"


def where(game, name: str) -> Pos | None:
    """The `value` of parameter NAME in game.yaml, when the game declares it: findings about it point there."""
    from pnp.reading.load import LDict, locate

    raw = game.raw
    if not isinstance(raw, LDict) or not isinstance(raw.get("parameters"), LDict) or name not in raw["parameters"]:
        return None
    node = raw["parameters"][name]
    return locate(node, ["value"]) if isinstance(node, LDict) and "value" in node else locate(raw, ["parameters", name])


def _number(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def bounds_findings(game, defaults: dict[str, Default]) -> list:
    """A rule number below the least the family can play (`Default.least`): a finding named after the
    parameter, at its `value` in game.yaml (else the `family:` line). `least` may name another parameter
    (the backpack must hold at least the smallest item)."""
    from pnp.referee.family import family_pos
    from pnp.referee.findings import Finding

    v = values(game, defaults)
    out = []
    for name, d in defaults.items():
        if d.least is None or name not in v:
            continue
        least = v.get(d.least) if isinstance(d.least, str) else d.least
        if least is None or v[name] >= least:
            continue
        bound = f"{_number(least)} ({rule_words(game, d.least, defaults)})" if isinstance(d.least, str) else _number(least)
        out.append(Finding(where(game, name) or family_pos(game), name,
                           f"{rule_words(game, name, defaults)}, but it must be at least {bound}"
                           + (f": {d.why}" if d.why else "")))
    return out
