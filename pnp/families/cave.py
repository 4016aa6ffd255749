"""The rules referee of the cave game (The Robbers' Cave): content checks and a simulator.

The rulebook fixes the numbers the cards must obey (items worth 1–5 in volume,
weight and value; 14 seismographs worth 1–5; a quake at 21; a backpack of
15/15; four piles). They are read from game.yaml's `parameters:` (`DEFAULTS`
name them, with the rulebook's values for a game that declares none). `referee_check` holds the deck to them, pointing at the
cell or card responsible; `referee_simulate` plays the game with simple
policies to show whether it works. Cards are read from the game's decks, so a
change to items.csv or cards.yaml changes what is checked and played.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.errors import Pos
from pnp.referee.family import family_pos, require_playable
from pnp.referee import parameters
from pnp.referee.findings import Finding
from pnp.referee.sim import Chart, SimResult, number, percent, rate_text

D = parameters.Default
DEFAULTS = {
    "stat_min": D(1, "the lowest volume, weight, value or tremor a card shows", 1,
                  "a card worth nothing is no treasure and no tremor", most=100),
    "stat_max": D(5, "the highest volume, weight, value or tremor a card shows", "stat_min",
                  "no card could show a number", most=100),
    "seismographs": D(14, "the number of seismograph cards in the deck", 1, "the quake could never come", most=200),
    "quake_at": D(21, "the seismograph total that sets off the quake", 1,
                  "the cave would collapse before the first turn", most=500),
    "backpack": D(15, "the most total volume, and the most total weight, a backpack may hold", "stat_max",
                  "some items could never be packed", most=200),
    "piles": D(4, "the number of face-down treasure piles", 1, "there would be nowhere to dig", most=100),
    "actions": D(3, "the actions in a turn", 1, "nobody could ever act, and the quake would never come", most=50),
    "final_actions": D(5, "the actions in the last turn after the quake", 1,
                       "nobody could empty their inventory before the end", most=50),
}


@dataclass(frozen=True)
class CaveRules:
    """The rule numbers of one game, as the checks and the simulator play them."""

    stat_min: int = 1
    stat_max: int = 5
    seismographs: int = 14
    quake_at: int = 21
    backpack: int = 15
    piles: int = 4
    actions: int = 3
    final_actions: int = 5


def cave_rules(game) -> CaveRules:
    v = parameters.values(game, DEFAULTS)
    return CaveRules(**{k: int(v[k]) for k in DEFAULTS})


PLAYERS = (2, 3, 4, 5)
MAX_TURNS = 2000                   # a safety net: a game that has not ended by then is cut off
UNPLAYABLE = ("item-range", "seismograph-range")   # the simulator plays the rulebook's numbers only


# --------------------------------------------------------------------------- the cards

@dataclass
class CaveCard:
    id: str
    name: str
    kind: str              # "item" or "seismograph"
    volume: object
    weight: object
    value: object
    tremor: object
    pos: Pos               # the card (a CSV row or a YAML card)
    deck_pos: Pos          # the deck's `cards:` (else `data:`) key, for findings about the whole deck
    data_pos: Pos          # the deck's `data:` (else `cards:`) key, for findings about its items
    field_pos: dict        # field name → Pos of its value


def cave_cards(game) -> list[CaveCard]:
    """Every physical card of the game's decks, with where each field was written."""
    out = []
    for comp in game.of_kind("deck"):
        deck = comp.model
        csv_rows = deck.data_rows   # card id → its data row, with each cell's position
        raw_cards = deck.raw.get("cards") if hasattr(deck.raw, "get") else None
        deck_pos = _deck_pos(deck, ("cards", "data"))
        data_pos = _deck_pos(deck, ("data", "cards"))
        for entry, _copy in deck.expanded():
            f = entry.front.fields
            kind = f.get("kind") or ("seismograph" if f.get("tremor") is not None else "item")
            row = csv_rows.get(entry.id)
            pos, cols = (row.pos, row.cols) if row else (entry.pos, _yaml_field_pos(raw_cards, entry))
            out.append(CaveCard(entry.id, str(f.get("name") or entry.id), kind, f.get("volume"), f.get("weight"),
                                f.get("value"), f.get("tremor"), pos, deck_pos, data_pos, cols))
    return out


def _deck_pos(deck, keys: tuple[str, ...]) -> Pos:
    from pnp.reading.load import locate

    for key in keys:
        if hasattr(deck.raw, "get") and key in deck.raw:
            return locate(deck.raw, [key], key=True)
    return getattr(deck.raw, "pos", Pos(deck.shown))


def _yaml_field_pos(raw_cards, entry) -> dict:
    from pnp.reading.load import LDict, locate

    for raw in raw_cards or []:
        if isinstance(raw, LDict) and raw.pos == entry.pos:
            side = ["front", "fields"] if "front" in raw else ["fields"]
            fields = raw
            for step in side:
                fields = fields.get(step) if isinstance(fields, LDict) else None
            if isinstance(fields, LDict):
                return {k: locate(fields, [k]) for k in fields}
    return {}


def _is_stat(v, n: CaveRules = CaveRules()) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and n.stat_min <= v <= n.stat_max


# --------------------------------------------------------------------------- checks

def referee_check(game) -> list[Finding]:
    """Hold the deck to the rulebook's numbers."""
    n = cave_rules(game)
    cards = cave_cards(game)
    items = [c for c in cards if c.kind != "seismograph"]
    seismos = [c for c in cards if c.kind == "seismograph"]
    out: list[Finding] = []
    for c in items:
        for stat in ("volume", "weight", "value"):
            v = getattr(c, stat)
            if not _is_stat(v, n):
                got = "missing" if v is None else f"{v}"
                out.append(Finding(c.field_pos.get(stat, c.pos), "item-range",
                                   f"{c.name}: {stat} is {got}; the rules say each item's volume, weight and value "
                                   f"range from {n.stat_min} to {n.stat_max}"))
    for c in seismos:
        if not _is_stat(c.tremor, n):
            out.append(Finding(c.field_pos.get("tremor", c.pos), "seismograph-range",
                               f"{c.id}: a seismograph is worth {c.tremor}; the rules say {n.stat_min} to {n.stat_max}"))
    where = seismos[0].deck_pos if seismos else (cards[0].deck_pos if cards else family_pos(game))
    if len(seismos) != n.seismographs:
        out.append(Finding(where, "seismograph-count",
                           f"the deck has {len(seismos)} seismograph cards; "
                           f"{parameters.rule_words(game, 'seismographs', DEFAULTS)}"))
    total = sum(c.tremor for c in seismos if _is_stat(c.tremor, n))
    if total < n.quake_at:
        out.append(Finding(where, "seismograph-sum",
                           f"the seismographs sum to {total}, less than {n.quake_at} "
                           f"({parameters.rule_words(game, 'quake_at', DEFAULTS)}): the quake can never come "
                           f"and the game never ends"))
    if len(cards) < n.piles * 2:
        out.append(Finding(where, "piles", f"{len(cards)} cards cannot make {n.piles} treasure piles of two or more"))
    out += _backpack_findings(items, items[0].data_pos if items else where, n)
    out += parameters.bounds_findings(game, DEFAULTS)
    return out


def _backpack_findings(items: list[CaveCard], where: Pos, n: CaveRules) -> list[Finding]:
    """Some set of items must reach the backpack's limit, or the backpack rule never matters."""
    good = [c for c in items if _is_stat(c.volume, n) and _is_stat(c.weight, n) and _is_stat(c.value, n)]
    best = best_backpack(good, n.backpack)
    if best is None or (best.fullest < n.backpack):
        most = best.fullest if best else 0
        return [Finding(where, "backpack",
                        f"no set of items reaches the backpack limit of {n.backpack} in volume or weight "
                        f"(the fullest possible pack holds {most}): the limit never binds")]
    return []


@dataclass
class Knapsack:
    value: int           # the best value a 15/15 backpack can hold
    volume: int
    weight: int
    items: list[str]     # names of one best set
    fullest: int         # the largest volume or weight any legal pack reaches


def best_backpack(items: list[CaveCard], limit: int = 15) -> Knapsack | None:
    """A small 0/1 knapsack over (volume, weight) ≤ (limit, limit): the best value and whether the limit is reachable."""
    if not items:
        return None
    # state (volume, weight) → (value, chosen item indexes); ties keep the lighter, smaller, then fewer-index set
    best: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    for i, c in enumerate(items):
        for (v, w), (val, chosen) in list(best.items()):
            nv, nw = v + c.volume, w + c.weight
            if nv > limit or nw > limit:
                continue
            cand = (val + c.value, chosen + (i,))
            if (nv, nw) not in best or cand[0] > best[(nv, nw)][0]:
                best[(nv, nw)] = cand
    (v, w), (val, chosen) = max(best.items(), key=lambda kv: (kv[1][0], -kv[0][1], -kv[0][0], len(kv[1][1])))
    fullest = max(max(a, b) for a, b in best)
    return Knapsack(val, v, w, [items[i].name for i in chosen], fullest)


def _spelled(n: int) -> str:
    from pnp.referee.wording import spelled

    return next((w for w, v in spelled("en").items() if v == n), str(n)) if 0 <= n <= 20 else str(n)


def referee_facts(game) -> list[str]:
    """Figures worth knowing even when every rule holds: pile sizes and the best backpack."""
    rules = cave_rules(game)
    cards = cave_cards(game)
    items = [c for c in cards if c.kind != "seismograph"]
    seismos = [c for c in cards if c.kind == "seismograph"]
    n, k = len(cards), max(1, rules.piles)
    piles = [n // k + (1 if i < n % k else 0) for i in range(k)]
    facts = [f"{n} cards ({len(items)} items, {len(seismos)} seismographs, tremors summing to "
             f"{sum(c.tremor for c in seismos if _is_stat(c.tremor, rules))}): {_spelled(k)} piles of "
             f"{', '.join(map(str, piles))}"]
    best = best_backpack([c for c in items if _is_stat(c.volume, rules) and _is_stat(c.weight, rules)
                          and _is_stat(c.value, rules)], rules.backpack)
    if best:
        facts.append(f"best possible backpack: value {best.value} at volume {best.volume}, weight {best.weight} "
                     f"({len(best.items)} items: {', '.join(best.items)})")
    return facts


# --------------------------------------------------------------------------- the simulator
# Cards are ints indexing VOL/WT/VAL/TREMOR arrays (tremor 0 = an item); piles are lists, top at the end.

REVEAL, TAKE, PACK, UNPACK, PUTBACK = range(5)


class _Player:
    __slots__ = ("seat", "policy", "inv", "pack", "vol", "wt", "val", "plan", "drop")

    def __init__(self, seat: int, policy):
        self.seat, self.policy = seat, policy
        self.inv = None
        self.pack: list[int] = []
        self.vol = self.wt = self.val = 0
        self.plan = None      # (pile, card) a greedy player is clearing room for
        self.drop = None      # the card it unpacked to make that room


class _Table:
    __slots__ = ("vol", "wt", "val", "tremor", "down", "up", "quake", "rng", "n")

    def __init__(self, deck, rng: random.Random, n: CaveRules):
        self.vol, self.wt, self.val, self.tremor = deck
        self.rng = rng
        self.n = n
        self.down: list[list[int]] = []
        self.up: list[list[int]] = [[] for _ in range(n.piles)]
        self.quake = 0

    def fits(self, p: _Player, c: int, without: int | None = None) -> bool:
        v, w = p.vol + self.vol[c], p.wt + self.wt[c]
        if without is not None:
            v, w = v - self.vol[without], w - self.wt[without]
        return v <= self.n.backpack and w <= self.n.backpack

    def density(self, c: int) -> float:
        return self.val[c] / (self.vol[c] + self.wt[c])

    def reveal_pile(self) -> int | None:
        """The face-down pile with most cards (first such): where simple players reveal."""
        sizes = [len(d) for d in self.down]
        most = max(sizes)
        return sizes.index(most) if most else None


def greedy(t: _Table, p: _Player, left: int, final: bool):
    """Value density: take the densest visible item when it is dense enough (the bar drops as the
    quake nears), make room for a clearly better item by putting a worse one back, else reveal."""
    if p.inv is not None:
        if p.drop == p.inv:
            pile = p.plan[0] if p.plan else 0
            return PUTBACK, (pile + 1) % t.n.piles  # not onto the item it wants
        return (PACK, None) if t.fits(p, p.inv) else (PUTBACK, 0)
    p.drop = None
    if p.plan:
        pile, card = p.plan
        p.plan = None
        if t.up[pile] and t.up[pile][-1] == card and t.fits(p, card) and (left >= 2 or not final):
            return TAKE, pile
    bar = 0.0 if final else 0.9 * (1 - t.quake / t.n.quake_at)
    best = None
    for i, pile in enumerate(t.up):
        if pile:
            c = pile[-1]
            d = t.density(c)
            if t.fits(p, c) and d >= bar and (best is None or d > best[0]):
                best = (d, i)
    if best and (left >= 2 or not final):
        return TAKE, best[1]
    if p.pack and (left >= 4 or not final):
        worst = min(p.pack, key=lambda c: (t.density(c), t.val[c]))
        for i, pile in enumerate(t.up):
            if pile:
                c = pile[-1]
                if (t.val[c] > t.val[worst] and t.density(c) > t.density(worst) + 0.2
                        and not t.fits(p, c) and t.fits(p, c, without=worst)):
                    p.plan, p.drop = (i, c), worst
                    return UNPACK, worst
    pile = t.reveal_pile()
    return (REVEAL, pile) if pile is not None else None


def cautious(t: _Table, p: _Player, left: int, final: bool):
    """A bird in the hand: pack the most valuable visible item that fits; reveal only when nothing fits."""
    if p.inv is not None:
        return (PACK, None) if t.fits(p, p.inv) else (PUTBACK, 0)
    best = None
    for i, pile in enumerate(t.up):
        if pile and t.fits(p, pile[-1]):
            key = (t.val[pile[-1]], -t.wt[pile[-1]])
            if best is None or key > best[0]:
                best = (key, i)
    if best and (left >= 2 or not final):
        return TAKE, best[1]
    pile = t.reveal_pile()
    return (REVEAL, pile) if pile is not None else None


def random_policy(t: _Table, p: _Player, left: int, final: bool):
    """Any legal action, uniformly by kind, then by target."""
    rng = t.rng
    if p.inv is not None:
        if t.fits(p, p.inv) and rng.random() < 0.5:
            return PACK, None
        return PUTBACK, rng.randrange(t.n.piles)
    kinds = []
    downs = [i for i in range(t.n.piles) if t.down[i]]
    ups = [i for i in range(t.n.piles) if t.up[i]]
    if downs:
        kinds.append(REVEAL)
    if ups and (left >= 2 or not final):
        kinds.append(TAKE)
    if p.pack and not final:
        kinds.append(UNPACK)
    if not kinds:
        return None
    k = rng.choice(kinds)
    if k == REVEAL:
        return REVEAL, rng.choice(downs)
    if k == TAKE:
        return TAKE, rng.choice(ups)
    return UNPACK, rng.choice(p.pack)


POLICIES = {"greedy": greedy, "cautious": cautious, "random": random_policy}


def _turn(t: _Table, p: _Player, actions: int, final: bool) -> bool:
    """Play one turn; True when it set off the quake (which ends it at once)."""
    for a in range(actions):
        left = actions - a
        if final and left == 1 and p.inv is not None:  # the turn must end with an empty inventory
            move = (PACK, None) if t.fits(p, p.inv) else (PUTBACK, 0)
        else:
            move = p.policy(t, p, left, final)
        if move is None:
            break
        op, arg = move
        if op == REVEAL:
            c = t.down[arg].pop()
            if t.tremor[c]:
                t.quake += t.tremor[c]
                if not final and t.quake >= t.n.quake_at:
                    return True
            else:
                t.up[arg].append(c)
        elif op == TAKE:
            p.inv = t.up[arg].pop()
        elif op == PACK:
            c = p.inv
            p.pack.append(c)
            p.vol += t.vol[c]
            p.wt += t.wt[c]
            p.val += t.val[c]
            p.inv = None
        elif op == UNPACK:
            p.pack.remove(arg)
            p.vol -= t.vol[arg]
            p.wt -= t.wt[arg]
            p.val -= t.val[arg]
            p.inv = arg
        else:  # PUTBACK
            t.up[arg].append(p.inv)
            p.inv = None
    return False


@dataclass
class GameRecord:
    players: int
    policies: list[str]
    scores: list[int]
    wins: list[float]     # a shared victory splits one win
    turns: int
    quake: bool
    volumes: list[int]
    weights: list[int]


def play_game(deck, policies: list[str], rng: random.Random, n: CaveRules = CaveRules()) -> GameRecord:
    """One game from a shuffled deck; seat 0 starts."""
    t = _Table(deck, rng, n)
    cards = list(range(len(deck[0])))
    rng.shuffle(cards)
    t.down = [cards[i::n.piles] for i in range(n.piles)]
    players = [_Player(i, POLICIES[name]) for i, name in enumerate(policies)]
    count = len(players)
    turns, seat, quake = 0, 0, False
    while turns < MAX_TURNS:
        quake = _turn(t, players[seat], n.actions, False)
        turns += 1
        if quake or not any(t.down):
            break  # without a quake an empty deck ends the simulation (the rules would never end)
        seat = (seat + 1) % count
    if quake:  # starting on the revealer's left, every player (the revealer last) gets 5 final actions
        for k in range(1, count + 1):
            _turn(t, players[(seat + k) % count], n.final_actions, True)
            turns += 1
    best = winners([(p.val, p.wt, p.vol, len(p.pack)) for p in players])
    wins = [1 / len(best) if i in best else 0.0 for i in range(count)]
    return GameRecord(count, list(policies), [p.val for p in players], wins, turns, quake,
                      [p.vol for p in players], [p.wt for p in players])


def winners(backpacks: list[tuple[int, int, int, int]]) -> list[int]:
    """Seats that win, from (value, weight, volume, items) each: highest value, then lightest,
    then smallest, then most items; anyone still tied shares the victory."""
    keys = [(val, -wt, -vol, count) for val, wt, vol, count in backpacks]
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


def deck_arrays(game):
    """The game's cards as the simulator's arrays (vol, wt, val, tremor)."""
    cards = cave_cards(game)
    vol, wt, val, tremor = [], [], [], []
    for c in cards:
        seismo = c.kind == "seismograph"
        vol.append(0 if seismo else int(c.volume or 0))
        wt.append(0 if seismo else int(c.weight or 0))
        val.append(0 if seismo else int(c.value or 0))
        tremor.append(int(c.tremor or 0) if seismo else 0)
    return vol, wt, val, tremor


def simulate_records(deck, games: int, seed: int, progress=None, n: CaveRules = CaveRules()) -> list[GameRecord]:
    """Play `games` games: player counts cycle 2–5, each seat's policy drawn at random, all from the seed."""
    rng = random.Random(seed)
    names = sorted(POLICIES)
    records = []
    for g in range(games):
        count = PLAYERS[g % len(PLAYERS)]
        records.append(play_game(deck, [rng.choice(names) for _ in range(count)], rng, n))
        if progress and ((g + 1) % 100 == 0 or g + 1 == games):
            progress(g + 1, games)
    return records


def referee_simulate(game, games: int, seed: int, progress=None) -> SimResult:
    """Play many games and summarise length, scores, and who wins by policy, seat and player count."""
    require_playable(referee_check(game), UNPLAYABLE)
    records = simulate_records(deck_arrays(game), games, seed, progress, cave_rules(game))
    result = summarise(records, games, seed)
    result.outcomes = _outcomes(game, records)
    return result


def _outcomes(game, records: list[GameRecord]) -> list:
    """Each game for the generic decision checks (`pnp.referee.decisions`): decided in the round the quake
    came (a game without one, at the end of the deck), by the quake's rule, `quake_at` where game.yaml
    declares it."""
    from pnp.referee.decisions import Outcome

    pos = parameters.where(game, "quake_at") or family_pos(game)
    cause = f"the quake ({parameters.rule_words(game, 'quake_at', DEFAULTS)})"
    return [Outcome("mixed", "win", -(-(r.turns - (r.players if r.quake else 0)) // r.players), cause, pos)
            for r in records]


def _wins_and_seats(records: list[GameRecord], name: str) -> tuple[float, int]:
    """A policy's wins (a shared victory split evenly) and the seats it played."""
    wins = sum(w for r in records for p, w in zip(r.policies, r.wins) if p == name)
    return wins, sum(1 for r in records for p in r.policies if p == name)


def summarise(records: list[GameRecord], games: int, seed: int) -> SimResult:
    """The figures (each with its trials and 95 % interval), charts and sentences of `records`. Rates are
    in percent, to 0.1; a policy's win rate is per seat it played."""
    res = SimResult("cave", games, seed)
    if not records:
        return res
    turns = [r.turns for r in records]
    top = [max(r.scores) for r in records]
    scores = [s for r in records for s in r.scores]
    fig = res.figures
    res.mean("mean_turns", turns, 2)
    res.mean("mean_winning_score", top, 2)
    res.mean("mean_score", scores, 2)
    res.rate("quake_share", sum(r.quake for r in records), len(records), percent=True)
    res.rate("shared_victories", sum(1 for r in records if max(r.wins) < 1), len(records), percent=True)
    by_policy = {name: res.rate(f"win_rate_{name}", *_wins_and_seats(records, name), percent=True)
                 for name in sorted(POLICIES)}
    first_adv, length_by_n = {}, {}
    res.charts += [
        Chart("Game length", "histogram", turns, "turns played (all players, final turns included)", "games"),
        Chart("Winning score", "histogram", top, "value in the winner's backpack", "games"),
        Chart("Every player's score", "histogram", scores, "value in the backpack", "players"),
        Chart("Win rate by policy, all games", "bars", by_policy, "policy", "wins per seat (%)", percent=True,
              intervals={name: res.interval(f"win_rate_{name}") for name in by_policy if f"win_rate_{name}" in res.spreads}),
    ]
    for n in PLAYERS:
        rs = [r for r in records if r.players == n]
        if not rs:
            continue
        rates = {name: res.rate(f"win_rate_{name}_{n}p", *_wins_and_seats(rs, name), percent=True)
                 for name in sorted(POLICIES)}
        first = sum(r.wins[0] for r in rs) / len(rs)
        first_adv[f"{n} players"] = round(first * n * 100, 1)
        res.rate(f"first_player_win_rate_{n}p", sum(r.wins[0] for r in rs), len(rs), percent=True)
        length_by_n[f"{n} players"] = res.mean(f"mean_turns_{n}p", [r.turns for r in rs], 1)
        res.charts.append(Chart(f"Win rate by policy, {n} players", "bars", rates, "policy", "wins per seat (%)",
                                percent=True, intervals={name: res.interval(f"win_rate_{name}_{n}p") for name in rates
                                                         if f"win_rate_{name}_{n}p" in res.spreads}))
    res.charts += [
        Chart("Mean game length by player count", "bars", length_by_n, "players", "turns",
              intervals={f"{n} players": res.interval(f"mean_turns_{n}p") for n in PLAYERS
                         if f"mean_turns_{n}p" in res.spreads}),
        Chart("First player's wins as % of a fair share", "bars", first_adv, "players", "% of fair share (100 = fair)",
              percent=True, intervals={f"{n} players": res.interval(f"first_player_win_rate_{n}p", n)
                                       for n in PLAYERS if f"first_player_win_rate_{n}p" in res.spreads}),
    ]
    best = max(by_policy, key=by_policy.get)
    res.summary += [
        f"{number(games)} games from seed {seed}, 2 to 5 players in turn, each seat's policy drawn from "
        f"{', '.join(sorted(POLICIES))}.",
        f"A game lasts {number(fig['mean_turns'], True)} turns on average ({number(min(turns))}–{number(max(turns))}); "
        f"the quake ended {percent(fig['quake_share'] / 100)} of games.",
        f"The winner holds {number(fig['mean_winning_score'], True)} in value on average "
        f"(every player: {number(fig['mean_score'], True)}).",
        "Wins per seat (a shared win split evenly): " + "; ".join(
            f"{name} {rate_text(*_wins_and_seats(records, name))}" for name in by_policy) + f"; {best} does best.",
        "First player's win rate against a fair share (1 in n): " + "; ".join(
            f"{n} players {rate_text(sum(r.wins[0] for r in records if r.players == n), sum(1 for r in records if r.players == n))}"
            f" vs {percent(1 / n)}" for n in PLAYERS if any(r.players == n for r in records)) + ".",
    ]
    return res
