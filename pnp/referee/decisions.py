"""Games decided without a decision: what a simulation's outcomes say about the rules, for any family.

A family that records one `Outcome` a simulated game (`SimResult.outcomes`: the policy that played,
won or lost, on which turn, and the rule or card that ended it, with its place in the specs) gets
these findings without code of its own (rule `no-decision`):

- most games (the lower end of the share's 95 % interval above one half) end on the first turn (the
  first round, in a game of several players), by one rule or card: the players had nothing to decide
  (a game that simply runs out of turns on its first one counts too: one round is not a game);
- most games are won or lost on the first turn the ending's rule is in play (an `Outcome.phase_turn`
  of 1: a foe that starts its march already at its goal), by one rule or card: whatever the
  players did before, nothing they decide once it is in play changes the result;
- every policy wins most games (the lower end of each one's 95 % interval above one half), a player
  choosing at random among legal moves included: what the player decides does not matter.

Both name the ending's rule at its place (a win condition written `unless:` where `if:` was meant
shows up here). `figure_interval` gives a simulation figure's 95 % interval, for design targets
printed as advice.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.referee.sim import rate_text, wilson

DECISION_GAMES = 200      # games `pnp check` plays to look for decisions, when the game declares no `balance:`
DECISION_SEED = 1
MIN_GAMES = 20            # fewer outcomes say nothing
FIRST_TURN_SHARE = 0.5    # "most games": the lower end of the share's 95 % interval above one half
EVERY_POLICY_LOW = 0.5    # the lower end of each policy's 95 % interval of wins (random play's included)
RANDOM = "random"         # the policy name of a player who picks any legal move


@dataclass(frozen=True)
class Outcome:
    """One simulated game as the decision checks read it."""

    policy: str               # who played ("greedy", "random", …); RANDOM for any legal move at random
    result: str               # "win", "loss", or anything else (time ran out, a shared end, …)
    turns: int                # the turn on which the game ended (1: the first; a round, with several players)
    cause: str = ""           # the ending in the game's words ("the spacecraft win")
    pos: Pos | None = None    # where that ending's rule or card is written
    phase_turn: int | None = None   # the ending's turn counted from when its rule came into play (1: at once), when
                                    # the game has such a phase (a foe that begins to march); None otherwise


def decision_findings(sim) -> list[Finding]:
    """`no-decision` findings from a simulation's outcomes (none when the family records none)."""
    outcomes = [o for o in getattr(sim, "outcomes", ()) if isinstance(o, Outcome)]
    if len(outcomes) < MIN_GAMES:
        return []
    return _first_turn(outcomes) + _first_turn_in_play(outcomes) + _every_policy(outcomes)


ENDINGS = ("win", "loss", "end")   # "end": the game ran its fixed length (a roll-and-write's last round)


def _first_turn(outcomes: list[Outcome]) -> list[Finding]:
    early = Counter((o.result, o.cause, o.pos) for o in outcomes if o.turns <= 1 and o.result in ENDINGS)
    if not early:
        return []
    (result, cause, pos), n = early.most_common(1)[0]
    if wilson(n, len(outcomes))[0] < FIRST_TURN_SHARE or pos is None:
        return []
    share = f"{rate_text(n, len(outcomes))} of {len(outcomes)} simulated games"
    if result == "end":
        return [Finding(pos, "no-decision", f"{share} are over after the first turn, by {cause or 'this rule'}: "
                                            "the players make one choice and the game is decided")]
    word = "won" if result == "win" else "lost"
    return [Finding(pos, "no-decision", f"{share} are {word} on the first turn by {cause or 'this rule'}: no "
                                        "decision of the players comes before it")]


def _first_turn_in_play(outcomes: list[Outcome]) -> list[Finding]:
    at_once = Counter((o.result, o.cause, o.pos) for o in outcomes
                      if o.phase_turn is not None and o.phase_turn <= 1 and o.turns > 1 and o.result in ("win", "loss"))
    if not at_once:
        return []
    (result, cause, pos), n = at_once.most_common(1)[0]
    if wilson(n, len(outcomes))[0] < FIRST_TURN_SHARE or pos is None:
        return []
    word = "won" if result == "win" else "lost"
    return [Finding(pos, "no-decision", f"{rate_text(n, len(outcomes))} of {len(outcomes)} simulated games are {word} "
                                        f"by {cause or 'this rule'} on the first turn it is in play: nothing the "
                                        "players decide once it is changes the result")]


def _every_policy(outcomes: list[Outcome]) -> list[Finding]:
    by_policy: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_policy.setdefault(o.policy, []).append(o)
    if RANDOM not in by_policy or len(by_policy[RANDOM]) < MIN_GAMES:
        return []        # without a player who chooses at random, winning always may be good play
    for games in by_policy.values():
        wins = sum(o.result == "win" for o in games)
        if wilson(wins, len(games))[0] < EVERY_POLICY_LOW:
            return []
    random_wins = [o for o in by_policy[RANDOM] if o.result == "win"]
    (cause, pos), _n = Counter((o.cause, o.pos) for o in random_wins).most_common(1)[0]
    if pos is None:
        return []
    rates = "; ".join(f"{p}: {rate_text(sum(o.result == 'win' for o in g), len(g))}" for p, g in sorted(by_policy.items()))
    return [Finding(pos, "no-decision", f"every policy wins most simulated games, a player choosing at random "
                                        f"included ({rates}), most often by {cause or 'this rule'}: what the player "
                                        "decides does not matter")]


def figure_interval(sim, name: str) -> tuple[float, float] | None:
    """The 95 % interval of figure NAME: the family's own, else a rate's Wilson interval over the games played."""
    if name in getattr(sim, "intervals", {}):
        return sim.intervals[name]
    value = sim.figures.get(name)
    if value is not None and name.endswith("_rate") and 0.0 <= value <= 1.0 and sim.games:
        return wilson(value * sim.games, sim.games)
    return None
