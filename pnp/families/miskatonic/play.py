"""Miskatonic Valley played: the set-up read from the specs, a lean game, and `referee_simulate`."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pnp.errors import SpecError, SpecErrors
from pnp.families.miskatonic.checks import _norm, referee_check
from pnp.families.miskatonic.rules import (ANCIENT_ONE, DEFAULT_NUMBERS, MAX_TURNS, MONSTER, NUMBERS, RANDOM_GAMES,
                                          RULE_DICE, SANITARIUM, SHELF, STORE, UNPLAYABLE, _ancient_one, _board,
                                          _dice_faces, _numbers, _sanitarium, _tokens)
from pnp.referee import parameters
from pnp.referee.family import require_playable
from pnp.referee.sim import Chart, SimResult, number, percent, rate_text

@dataclass
class Setup:
    """Everything a simulated game needs, as plain lists indexed by space number."""

    nbrs: list[list[int]]
    dist: list[list[int]]
    shelves: list[int]
    stores: list[int]
    fronts: list[int]
    sanitarium: int
    start: int
    dest: int
    monsters: list[tuple[int, int]]
    arm: int
    ao_health: int
    supply: tuple[int, int]
    inv_die: list[tuple[int, bool, bool, bool]]   # (move, elder, hit, skull)
    mon_die: list[str]
    n: dict = field(default_factory=lambda: dict(DEFAULT_NUMBERS))   # the rule numbers (game.yaml's parameters)


def _setup(game) -> Setup:
    """The game as the simulator's tables; SpecErrors when the board cannot be played on."""
    require_playable(referee_check(game), UNPLAYABLE)
    board, tokens = _board(game), _tokens(game)
    sc = board.scenarios[0]
    ao = _ancient_one(sc)
    if board.distances(ao.at.cell).get(ao.to.cell) is None:
        raise SpecErrors([SpecError(ao.to.pos, f"scenario '{sc.spec.id}': the Ancient One "
                                                        "cannot reach its destination from its start")])
    faces, where, _ = _dice_faces(game)
    empty = [die for die in RULE_DICE if die in faces and not faces[die]]
    if empty:
        raise SpecErrors([SpecError(where[die], f"the {die} die has no faces") for die in empty])
    cells = [c for c in board.cells() if board.walkable(c)]
    index = {c: i for i, c in enumerate(cells)}
    nbrs = [[index[n] for n in board.neighbours(c)] for c in cells]
    far = len(cells) + 1
    dist = []
    for c in cells:
        d = board.distances(c)
        dist.append([d.get(o, far) for o in cells])

    def fronts(kind):
        return [index[c] for c in board.fronts(spaces={kind})]

    chart = next((p.spec.radial for p in tokens.pieces if p.spec.radial), None) if tokens else None
    supply = tuple((tokens.by_id(k).spec.count if tokens and tokens.by_id(k) else d)
                   for k, d in (("monster-1", 6), ("monster-2", 4)))
    inv = [_inv_face(f) for f in faces.get("investigator", RULE_DICE["investigator"])]
    mon = [_norm(f) for f in faces.get("monster", RULE_DICE["monster"])]
    return Setup(nbrs, dist, fronts(SHELF), fronts(STORE),
                 fronts(SHELF) + fronts(STORE) + fronts(SANITARIUM), index[_sanitarium(board)],
                 index[ao.at.cell], index[ao.to.cell], [(index[m.at.cell], m.health) for m in sc.of(MONSTER)],
                 chart.spaces if chart else 5, ao.health, supply, inv, mon, _numbers(game))


def _inv_face(face: str) -> tuple[int, bool, bool, bool]:
    parts = _norm(face).split("+")
    number = next((int(p) for p in parts if p.isdigit()), 6)
    return number, "elder-sign" in parts, "hit" in parts, "skull" in parts


class _Game:
    """One simulated game; the policies are deliberately simple and greedy."""

    def __init__(self, s: Setup, players: int, rng: random.Random):
        self.s, self.rng, self.n = s, rng, players
        self.pos = [s.sanitarium] * players
        self.hp = [self.s.n["health"]] * players
        self.wits = [self.s.n["wits"]] * players
        self.pages = [0] * players
        self.curses = [0] * players
        self.items = [set() for _ in range(players)]
        tomes = ["page"] * self.s.n["pages"] + ["curse"] * self.s.n["curses"]
        rng.shuffle(tomes)
        self.tomes = dict(zip(s.shelves, tomes))
        self.monsters = {cell: h for cell, h in s.monsters}
        self.supply = [s.supply[0] - sum(1 for _, h in s.monsters if h == 1),
                       s.supply[1] - sum(1 for _, h in s.monsters if h == 2)]
        self.stars = [s.arm] * 4
        self.awake_at = None
        self.ao = None
        self.ao_hp = s.ao_health
        self.fights = 0

    # dice -------------------------------------------------------------------
    def roll(self):
        return self.s.inv_die[self.rng.randrange(len(self.s.inv_die))]

    def star(self, delta: int) -> None:
        if self.ao is not None:
            return
        if delta < 0:
            arms = [i for i, v in enumerate(self.stars) if v > 0]
            if arms:
                i = max(arms, key=lambda a: self.stars[a])
                self.stars[i] -= 1
        else:
            arms = [i for i, v in enumerate(self.stars) if v < self.s.arm]
            if arms:
                i = min(arms, key=lambda a: self.stars[a])
                self.stars[i] += 1

    # helpers ----------------------------------------------------------------
    def adjacent_foes(self, cell: int) -> list[int]:
        return [n for n in self.s.nbrs[cell] if n in self.monsters or n == self.ao]

    def near_investigator(self, cell: int) -> bool:
        d = self.s.dist[cell]
        return any(d[p] <= 1 for p in self.pos)

    def add_monster(self, health: int) -> None:
        if self.supply[health - 1] <= 0:
            if health == 1 and self.supply[1] > 0:
                health = 2
            else:
                return
        free = [f for f in self.s.fronts if f not in self.monsters and f != self.ao and not self.near_investigator(f)]
        if free:
            self.monsters[self.rng.choice(free)] = health
            self.supply[health - 1] -= 1

    def hurt(self, i: int, health: int, wits: int) -> None:
        lost_wits = min(wits, self.wits[i])
        self.wits[i] -= lost_wits
        self.hp[i] -= health + (wits - lost_wits)
        if "needle" in self.items[i] and self.wits[i] == 0:
            self.items[i].discard("needle")
            self.wits[i] = 1
        if "turkey" in self.items[i] and 0 < self.hp[i] <= 1 or ("turkey" in self.items[i] and self.hp[i] <= 0):
            self.items[i].discard("turkey")
            self.hp[i] = min(self.s.n["health"], max(self.hp[i], 0) + 2)
        if self.hp[i] <= 0:
            self.hp[i] = 0
            self.pos[i] = self.s.sanitarium

    def monster_die(self, i: int, ancient: bool) -> None:
        face = self.s.mon_die[self.rng.randrange(len(self.s.mon_die))]
        if face == "red":
            self.hurt(i, 1, 0)
        elif face == "blue":
            self.hurt(i, 0, 1)
        elif face == "blue+red":
            self.hurt(i, 1, 1)
        elif face == "worship":
            if self.ao is None:
                self.star(-1)
            else:
                self.add_monster(2)
        elif face == "summon":
            self.add_monster(1)
        if ancient and self.hp[i] > 0 and self.curses[i]:
            self.hurt(i, 0, self.curses[i])  # Curses: choose Wits first, Health when Wits run out

    # a turn -------------------------------------------------------------------
    def target(self, i: int) -> int | None:
        d = self.s.dist[self.pos[i]]
        if self.ao is not None:
            return self.ao
        open_shelves = [c for c in self.tomes]
        if open_shelves:
            return min(open_shelves, key=lambda c: d[c])
        if len(self.items[i]) < 2:
            return min(self.s.stores, key=lambda c: d[c])
        foes = list(self.monsters)
        return min(foes, key=lambda c: d[c]) if foes else None

    def turn(self, i: int) -> None:
        s = self.s
        if self.pos[i] == s.sanitarium and (self.hp[i] == 0 or self.hp[i] + self.wits[i] <= 5):
            self.heal(i)
            if self.hp[i] == 0:
                return
            if self.hp[i] < 2:
                return
        if self.ao is not None and "revolver" in self.items[i] and self.shoot(i):
            return
        move, elder, _, _ = self.roll()
        if elder:
            self.star(1)
            if "needle" in self.items[i]:
                self.wits[i] = min(self.s.n["wits"], self.wits[i] + 1)
        goal = self.target(i)
        cell, seen = self.pos[i], {self.pos[i]}
        if goal is not None and not self.adjacent_foes(cell):
            dg = s.dist[goal]
            for _ in range(move):
                if cell == goal or (goal in self.monsters or goal == self.ao) and dg[cell] == 1:
                    break
                options = [n for n in s.nbrs[cell] if n not in seen and n not in self.monsters and n != self.ao]
                if not options:
                    break
                cell = min(options, key=lambda n: (dg[n], self.rng.random()))
                seen.add(cell)
                if self.adjacent_foes(cell):
                    break
        self.pos[i] = cell
        self.fight_all(i)
        if self.hp[i] == 0:
            return
        cell = self.pos[i]
        if cell in self.tomes and self.ao is None:
            self.take_tome(i, cell)
        elif cell in s.stores:
            for item in ("turkey", "revolver", "needle", "axe"):
                if item not in self.items[i]:
                    self.items[i].add(item)
                    break

    def take_tome(self, i: int, cell: int) -> None:
        """Take the tome on a bookshelf and look inside it, as the policy needs to know what it holds:
        looking is free of Wits but, like every tome opened, moves one star in (the rules)."""
        if self.tomes.pop(cell) == "page":
            self.pages[i] += 1
        else:
            self.curses[i] += 1
        self.star(-1)

    def heal(self, i: int) -> None:
        face = self.s.mon_die[self.rng.randrange(len(self.s.mon_die))]
        move, elder, _, _ = self.roll()
        amount = 4 if elder else max(0, move - 3)
        if face in ("red", "blue+red") or (face in ("worship", "summon") and self.hp[i] < self.s.n["health"]):
            self.hp[i] = min(self.s.n["health"], self.hp[i] + amount)
        if face in ("blue", "blue+red") or (face in ("worship", "summon") and self.hp[i] >= self.s.n["health"]
                                            and face not in ("red",)):
            self.wits[i] = min(self.s.n["wits"], self.wits[i] + amount)

    def shoot(self, i: int) -> bool:
        if self.s.dist[self.pos[i]][self.ao] > 4:
            return False
        move, elder, _, _ = self.roll()
        reach = 4 if elder else move - 3
        if self.s.dist[self.pos[i]][self.ao] <= reach:
            self.ao_hp -= 1
        uses = sum(1 for it in self.items[i] if it.startswith("shot"))
        if uses >= 1:
            self.items[i] = {it for it in self.items[i] if not it.startswith("shot") and it != "revolver"}
        else:
            self.items[i].add("shot1")
        return True

    def fight_all(self, i: int) -> None:
        while self.hp[i] > 0:
            foes = self.adjacent_foes(self.pos[i])
            if not foes:
                return
            foe = foes[0]
            if not self.fight(i, foe):
                return

    def fight(self, i: int, foe: int) -> bool:
        """Fight until the foe falls (True) or the investigator is pushed away or falls (False)."""
        self.fights += 1
        ancient = foe == self.ao
        ignored = False
        reroll = ancient and self.pages[i] > 0
        while True:
            _, elder, hit, skull = self.roll()
            if reroll and skull and not hit:
                self.pages[i] -= 1
                reroll = False
                _, elder, hit, skull = self.roll()
            if elder:
                hit = True
                self.star(1)
                if "needle" in self.items[i]:
                    self.wits[i] = min(self.s.n["wits"], self.wits[i] + 1)
            if hit:
                if ancient:
                    if not ignored:
                        ignored = True
                    else:
                        self.ao_hp -= 1
                    if elder and self.pages[i] > 0:
                        self.ao_hp -= 1
                    if self.ao_hp <= 0:
                        return True
                else:
                    self.monsters[foe] -= 1
                    if self.monsters[foe] <= 0:
                        del self.monsters[foe]
                        return True
            if skull:
                self.step_back(i, foe)
                if "axe" in self.items[i]:
                    pass
                self.monster_die(i, ancient)
                if self.hp[i] == 0 or self.s.dist[self.pos[i]][foe] > 1:
                    return False

    def step_back(self, i: int, foe: int) -> None:
        d = self.s.dist[foe]
        cell = self.pos[i]
        away = [n for n in self.s.nbrs[cell] if d[n] > d[cell] and n not in self.monsters and n != self.ao]
        if away:
            self.pos[i] = away[0]
            if "axe" in self.items[i] and self.hp[i] < self.s.n["health"]:
                self.items[i].discard("axe")

    def monster_phase(self) -> None:
        if len(self.monsters) < self.s.n["monster_cap"] and self.supply[0] > 0:
            self.add_monster(1)
            return
        if not self.monsters:
            return
        # move the monster nearest to an investigator two spaces towards them, never next to one
        best = min(self.monsters, key=lambda m: min(self.s.dist[m][p] for p in self.pos))
        target = min(self.pos, key=lambda p: self.s.dist[best][p])
        cell = best
        for _ in range(2):
            options = [n for n in self.s.nbrs[cell] if n not in self.monsters and n != self.ao
                       and n not in self.pos and not self.near_investigator(n)]
            if not options:
                break
            nxt = min(options, key=lambda n: self.s.dist[target][n])
            if self.s.dist[target][nxt] >= self.s.dist[target][cell]:
                break
            cell = nxt
        if cell != best:
            self.monsters[cell] = self.monsters.pop(best)

    def ancient_moves(self) -> bool:
        """Two spaces towards the destination; True when it arrives."""
        d = self.s.dist[self.s.dest]
        for _ in range(self.s.n["ao_step"]):
            if self.ao == self.s.dest:
                return True
            self.ao = min(self.s.nbrs[self.ao], key=lambda n: d[n])
            for i, p in enumerate(self.pos):
                if p == self.ao:  # pushed aside to a space next to it
                    free = [n for n in self.s.nbrs[self.ao] if n not in self.monsters] or [p]
                    self.pos[i] = free[0]
            if self.ao in self.monsters:
                h = self.monsters.pop(self.ao)
                free = [n for n in self.s.nbrs[self.ao] if n not in self.monsters]
                if free:
                    self.monsters[free[0]] = h
        return self.ao == self.s.dest

    def play(self) -> tuple[str, int]:
        for t in range(MAX_TURNS):
            i = t % self.n
            self.turn(i)
            if self.ao is not None and self.ao_hp <= 0:
                return "win", t + 1
            self.monster_phase()
            if self.ao is None:
                self.star(-1)
                if not any(self.stars):
                    self.awake_at = t + 1
                    self.ao = self.s.start
                    self.monsters.pop(self.ao, None)
                    self.tomes.clear()
            elif self.ancient_moves():
                return "loss", t + 1
        return "unfinished", MAX_TURNS


class _RandomGame(_Game):
    """A game of players who decide nothing: each turn every investigator heads for a space drawn at
    random (any legal move), and the rest of the turn follows the rules as above."""

    def target(self, i: int) -> int | None:
        return self.rng.randrange(len(self.s.nbrs))


def referee_simulate(game, games: int, seed: int, progress=None) -> SimResult:
    """Play `games` games (2, 3 and 4 players in turn) with simple policies; rates, lengths, charts."""
    setup = _setup(game)
    rng = random.Random(seed)
    outcomes: Counter = Counter()
    by_players: dict[int, Counter] = {n: Counter() for n in (2, 3, 4)}
    lengths, rounds, awakenings, fights = [], [], [], []
    played: list = []
    step = max(1, games // 100)
    for g in range(games):
        players = 2 + g % 3
        sim = _Game(setup, players, random.Random(rng.getrandbits(64)))
        result, turns = sim.play()
        played.append((players, result, turns, sim.awake_at))
        outcomes[result] += 1
        by_players[players][result] += 1
        lengths.append(turns)
        rounds.append(-(-turns // players))
        fights.append(sim.fights)
        if sim.awake_at:
            awakenings.append(sim.awake_at)
        if progress and (g + 1) % step == 0:
            progress(g + 1, games)
    if progress and games % step:
        progress(games, games)
    n = max(games, 1)
    result = SimResult("miskatonic", games, seed)
    win, loss, unf = (result.rate(f"{k}_rate", outcomes[k], games) for k in ("win", "loss", "unfinished"))
    for p, c in by_players.items():
        if sum(c.values()):
            result.rate(f"win_rate_{p}p", c["win"], sum(c.values()))
    mean = result.mean("mean_turns", lengths)
    aw = result.mean("mean_awakening", awakenings) if awakenings else 0.0
    result.figures.setdefault("mean_awakening", aw)
    dist = setup.dist[setup.start][setup.dest]
    result.summary = [
        f"{number(games)} games (2–4 players): investigators win {rate_text(outcomes['win'], n)}, "
        f"the Ancient One wins {rate_text(outcomes['loss'], n)}"
        + (f", {percent(unf)} unfinished after {number(MAX_TURNS)} turns" if unf else ""),
        f"a game lasts {number(mean, True)} player turns on average (about {number(sum(rounds) / n, True)} rounds)",
        f"the stars are right after {number(aw, True)} turns on average (Star Chart: 4 arms of {number(setup.arm)})",
        f"the Ancient One marches {number(dist)} spaces: {number(-(-dist // setup.n['ao_step']))} moves of "
        f"{number(setup.n['ao_step'])}",
        "win rate by players: " + ", ".join(
            f"{p}: {rate_text(c['win'], sum(c.values()))}" for p, c in by_players.items() if sum(c.values())),
        "policies: head for the nearest tome, then the Store, then the Ancient One; the Axe and the Cultist are not modelled",
    ]
    result.charts = [
        Chart("Game length", "histogram", [float(x) for x in lengths], "player turns", "games"),
        Chart("When the stars are right", "histogram", [float(x) for x in awakenings], "player turn", "games"),
        Chart("Outcome by players", "bars",
              {f"{p} players": 100 * c["win"] / max(1, sum(c.values())) for p, c in by_players.items()}, "",
              "% of games won", percent=True,
              intervals={f"{p} players": result.interval(f"win_rate_{p}p", 100)
                         for p in by_players if f"win_rate_{p}p" in result.spreads}),
    ]
    result.figures.update({"ao_distance": float(dist), "ao_moves": float(-(-dist // setup.n["ao_step"]))})
    result.mean("fights_per_game", fights)
    result.labels.update({"ao_distance": "Ancient One distance", "ao_moves": "Ancient One moves"})
    result.outcomes = _outcomes(game, setup, played, min(games, RANDOM_GAMES), random.Random(seed + 1))
    return result


def _outcomes(game, setup: Setup, played: list, random_games: int, rng: random.Random) -> list:
    """Each game as the generic decision checks read it (`pnp.referee.decisions`), by rounds: the games
    played above (policy "greedy"), and RANDOM_GAMES more by players walking at random, on a stream of
    their own (the figures and balance.pdf stay as they were). The Ancient One's arrival is located at
    its destination in the scenario, its fall at its Health; `phase_turn` counts from the stars being right."""
    from pnp.referee.decisions import RANDOM, Outcome

    sc = _board(game).scenarios[0]
    ao = _ancient_one(sc)
    goal = next((str(p.to) for p in sc.spec.pieces if p.piece == ANCIENT_ONE and p.to), "its destination")
    win_pos = parameters.where(game, "ao_health") or ao.pos
    march = setup.dist[setup.start][setup.dest]
    won = f"destroying the Ancient One ({parameters.rule_words(game, 'ao_health', NUMBERS)})"
    lost = (f"the Ancient One reaching {goal}, {march} "
            f"space{'s' if march != 1 else ''} from its start ({parameters.rule_words(game, 'ao_step', NUMBERS)})")

    def ended(policy: str, players: int, result: str, turns: int, awake_at) -> Outcome:
        rounds = -(-turns // players)
        phase = turns - awake_at if awake_at else None
        if result == "win":
            return Outcome(policy, "win", rounds, won, win_pos, phase)
        if result == "loss":
            return Outcome(policy, "loss", rounds, lost, ao.to.pos, phase)
        return Outcome(policy, result, rounds)

    out = [ended("greedy", *g) for g in played]
    for g in range(random_games):
        players = 2 + g % 3
        sim = _RandomGame(setup, players, random.Random(rng.getrandbits(64)))
        out.append(ended(RANDOM, players, *sim.play(), sim.awake_at))
    return out
