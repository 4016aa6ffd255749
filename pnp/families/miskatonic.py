"""The rules referee of Miskatonic Valley: content checks against the rulebook, and a lean simulator.

Checks (`referee_check`): tomes = 5 Pages + 4 Curses = bookshelf locations; the
Sanitarium exists and every space is reachable; each scenario's Ancient One can
reach its destination; investigator packs carry 4 Health and 4 Wits; the Store
has its four items; the dice (`kind: dice`) have exactly the faces the rules list.

Simulation (`referee_simulate`): simple policies play whole games on the board
(moving by BFS distances computed once, fighting with the dice, tomes, the Star
Chart, the Ancient One's march). The Axe and the Cultist variant are not modelled.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pnp.errors import Pos, SpecError, SpecErrors
from pnp.referee import parameters
from pnp.referee.family import family_pos, require_playable
from pnp.referee.findings import Finding
from pnp.referee.sim import Chart, SimResult, number, percent, rate_text
from pnp.reading.load import locate

RULE_DICE = {
    "investigator": ["elder-sign", "hit+6", "hit+6", "skull+5", "skull+5", "hit+skull+4"],
    "monster": ["worship", "summon", "red", "blue", "red+blue", "red+blue"],
}
RULE_TOMES = {"page": 5, "curse": 4}
RULE_HEALTH = RULE_WITS = 4
RULE_ITEMS = ("revolver", "axe", "needle", "turkey")
RULE_AO_HEALTH = 6
AO_STEP = 2            # spaces the Ancient One moves after each player's turn
MONSTER_CAP = 4        # fewer than this on the board: a new monster may be added instead of moving one
MAX_TURNS = 400        # player turns before a simulated game is called unfinished
RANDOM_GAMES = 200     # at most this many games by players who walk at random, for the decision checks
UNPLAYABLE = ("board", "sanitarium", "scenario")   # findings that leave nothing to play on
# The game's own names in its board spec (pnp/examples/miskatonic/board.yaml): space types and pieces.
SHELF, STORE, SANITARIUM = "bookshelf", "store", "sanitarium"
ANCIENT_ONE, MONSTER = "ancient-one", "monster"


def _sanitarium(board):
    """The Sanitarium's front space: where investigators start and heal."""
    found = board.fronts(spaces={SANITARIUM}) if SANITARIUM in board.spec.spaces else []
    return found[0] if found else None


def _ancient_one(sc):
    """The scenario's Ancient One placement (its start `at`, its destination `to`), or None."""
    found = [p for p in sc.of(ANCIENT_ONE) if p.to is not None]
    return found[0] if found else None


NUMBERS = {   # the rule numbers a game may declare in game.yaml's parameters, with the rulebook's values
    "pages": parameters.Default(RULE_TOMES["page"], "the number of Pages among the tomes", 1,
                                "no tome would hold a Page to find", most=100),
    "curses": parameters.Default(RULE_TOMES["curse"], "the number of Curses among the tomes", 0, most=100),
    "health": parameters.Default(RULE_HEALTH, "an investigator's Health", 1,
                                 "an investigator would start in the Sanitarium, unable to leave", most=100),
    "wits": parameters.Default(RULE_WITS, "an investigator's Wits", 0, most=100),
    "ao_health": parameters.Default(RULE_AO_HEALTH, "the Ancient One's Health", 1,
                                    "the Ancient One would be destroyed before it enters", most=100),
    "ao_step": parameters.Default(AO_STEP, "the spaces the Ancient One marches after each turn", 1,
                                  "the Ancient One would never reach its destination, and the investigators could not lose",
                                  most=100),
    "monster_cap": parameters.Default(MONSTER_CAP, "the monsters on the board below which one may be added", 0,
                                      most=100),
    "stars": parameters.Default(4, "the number of stars, one on each arm of the Star Chart", 1,
                                "the stars would be right before the first turn", most=100),
}
DEFAULT_NUMBERS = {k: d.value for k, d in NUMBERS.items()}


def _numbers(game) -> dict:
    return {k: int(v) for k, v in parameters.values(game, NUMBERS).items() if k in NUMBERS}


# --------------------------------------------------------------------------- finding the parts

def _one(game, kind):
    found = game.of_kind(kind)
    return found[0] if found else None


def _board(game):
    c = _one(game, "board")
    return c.model if c else None


def _tokens(game):
    c = _one(game, "tokens")
    return c.model if c else None


def _slug(text) -> str:
    return str(text or "").strip().lower().replace(" ", "-")


def _card_names(game) -> dict[str, Pos]:
    """Every card's name (or id) in the game's decks → where it is written."""
    out = {}
    for c in game.of_kind("deck"):
        cards = c.raw.get("cards") or []
        for i, card in enumerate(cards):
            if not hasattr(card, "get"):
                continue
            fields = card.get("fields") or (card.get("front") or {}).get("fields") or {}
            for name in (fields.get("name"), card.get("id")):
                if name:
                    out.setdefault(_slug(name), locate(c.raw, ["cards", i]))
    return out


def _dice_faces(game) -> tuple[dict[str, list[str]], dict[str, Pos], Pos | None]:
    c = _one(game, "dice")
    if c is None:
        return {}, {}, None
    faces, where = {}, {}
    for i, die in enumerate(c.raw.get("dice") or []):
        if hasattr(die, "get") and die.get("id") is not None:
            faces[str(die["id"])] = [str(f) for f in die.get("faces") or []]
            where[str(die["id"])] = locate(c.raw, ["dice", i, "faces"])
    return faces, where, getattr(c.raw, "pos", None)


# --------------------------------------------------------------------------- checks

def referee_check(game) -> list[Finding]:
    out: list[Finding] = []
    board, tokens = _board(game), _tokens(game)
    if board is None:
        out.append(Finding(family_pos(game), "board", "no board (kind: board) in the game"))
    if tokens is None:
        out.append(Finding(family_pos(game), "tokens", "no tokens (kind: tokens): tomes, monsters and packs are missing"))
    n = _numbers(game)
    if board is not None:
        out += _check_board(board, n)
    if tokens is not None:
        out += _check_tokens(tokens, board, n)
        out += _check_sky_and_ancient_one(tokens, n)
        out += _check_ancient_one_piece(tokens, n)
        out += _check_players(game, tokens)
    out += _check_items(game)
    out += _check_dice(game)
    out += _check_printed_dice(game)
    out += parameters.bounds_findings(game, NUMBERS)
    out += _tomes_in_text(game, n)
    return out


def _check_board(board, n: dict) -> list[Finding]:
    out = []
    san = _sanitarium(board)
    if san is None:
        out.append(Finding(locate(board.raw, ["spaces"]), "sanitarium",
                           f"the board has no Sanitarium: investigators start and heal there (a front space "
                           f"of type '{SANITARIUM}')"))
        return out
    reach = board.distances(san)
    for cell in board.cells():
        if board.walkable(cell) and cell not in reach:
            out.append(Finding(board.pos_of(cell), "reachable", "this space cannot be reached from the Sanitarium"))
    if not board.scenarios:
        out.append(Finding(locate(board.raw, ["scenarios"]), "scenario",
                           "no scenario: the Ancient One's start and destination and the starting monsters are unset"))
    for i, sc in enumerate(board.scenarios):
        ao = _ancient_one(sc)
        if ao is None:
            out.append(Finding(sc.pos, "scenario", f"scenario '{sc.spec.id}' places no '{ANCIENT_ONE}' piece "
                                                   f"with a destination (`to:`)"))
            continue
        dist = board.distances(ao.at.cell).get(ao.to.cell)
        if dist is None:
            out.append(Finding(ao.to.pos, "ancient-one-route",
                               f"scenario '{sc.spec.id}': the Ancient One cannot reach its destination from its start"))
        if ao.health != n["ao_health"]:
            out.append(Finding(ao.pos, "ancient-one-health", f"the Ancient One has {ao.health} Health here; "
                                                             f"the rules give it {n['ao_health']}"))
    return out


def _check_tokens(tokens, board, n: dict) -> list[Finding]:
    out = []
    where = locate(tokens.raw, ["pieces"])
    counts = {}
    for kind, want in (("page", n["pages"]), ("curse", n["curses"])):
        piece = tokens.by_id(kind)
        if piece is None:
            out.append(Finding(where, "tomes", f"no '{kind}' piece: the rules need {want} {kind.title()}s"))
            continue
        counts[kind] = piece.spec.count
        if piece.spec.count != want:
            out.append(Finding(locate(tokens.raw, ["pieces", piece.index, "count"]), "tomes",
                               f"{piece.spec.count} {kind}s, but the rules place {want}"))
    tomes = [tokens.by_id(k) for k in RULE_TOMES if tokens.by_id(k)]
    if len({p.back_key for p in tomes}) > 1 or any(p.back is None for p in tomes):
        out.append(Finding(locate(tokens.raw, ["pieces", tomes[0].index, "back"]) if tomes else where, "tome-backs",
                           "Pages and Curses must share one back (name it under `backs:`) to be shuffled face down"))
    if board is not None and counts:
        shelves = [n for n in board.locations if board.location_space(n) == SHELF]
        total = sum(counts.values())
        if total != len(shelves):
            out.append(Finding(locate(board.raw, ["locations"]), "tomes",
                               f"{total} tomes but {len(shelves)} locations with a bookshelf: one tome goes on each"))
    packs = [p for p in tokens.pieces if {t.name.lower() for t in p.spec.tracks} >= {"health", "wits"}]
    if not packs:
        out.append(Finding(where, "packs", "no investigator pack (a piece with Health and Wits tracks)"))
    for p in packs:
        for j, t in enumerate(p.spec.tracks):
            want = {"health": n["health"], "wits": n["wits"]}.get(t.name.lower())
            if want is not None and (t.max != want or (t.start is not None and t.start != want)):
                out.append(Finding(locate(tokens.raw, ["pieces", p.index, "tracks", j]), "packs",
                                   f"'{p.spec.id}': {t.name} runs to {t.max}; an investigator has {want}"))
    if packs:
        out += _check_markers(tokens, packs)
    return out


def _check_players(game, tokens) -> list[Finding]:
    """Each player takes an investigator pack: game.yaml's `players:` may not promise more players than packs."""
    from pnp.referee.text import declared_players

    declared = declared_players(game)
    packs = [p for p in tokens.pieces if {t.name.lower() for t in p.spec.tracks} >= {"health", "wits"}]
    if declared is None or not packs or declared[1] <= sum(max(p.spec.count, 1) for p in packs):
        return []
    have = sum(max(p.spec.count, 1) for p in packs)
    return [Finding(locate(game.raw, ["players"]), "players",
                    f"players: {game.game.players}, but there are {have} investigator packs: each player takes one")]


def _check_ancient_one_piece(tokens, n: dict) -> list[Finding]:
    """The Ancient One's own token, when it prints a number, shows its Health."""
    piece = tokens.by_id(ANCIENT_ONE)
    if piece is None:
        return []
    out = []
    for side in ("front", "back"):
        face = getattr(piece.spec, side, None)
        value = getattr(face, "value", None)
        if isinstance(value, int) and value != n["ao_health"]:
            out.append(Finding(locate(tokens.raw, ["pieces", piece.index, side, "value"]), "ancient-one-health",
                               f"the Ancient One's token shows {value}; the Ancient One has {n['ao_health']} Health"))
    return out


def _tomes_in_text(game, n: dict) -> list[Finding]:
    """The tomes the printed text counts ("Shuffle the 9 tomes") are the Pages and the Curses together."""
    from pnp.referee.text import stated_findings, statement

    return stated_findings(game, [statement("tomes", n["pages"] + n["curses"], "the number of tomes (Pages and Curses)",
                                            ["# tomes", "Tomes**: # in all", "tomes: # in all"],
                                            "print it as {{ parameters.pages + parameters.curses }}")])


def _check_markers(tokens, packs) -> list[Finding]:
    """Each track of the investigator packs needs a marker per pack: a piece named '<track> marker'."""
    out = []
    for t in packs[0].spec.tracks:
        markers = [p for p in tokens.pieces if str(p.spec.name or "").strip().lower() == f"{t.name.lower()} marker"
                   or p.spec.id == f"{_slug(t.name)}-marker"]
        if not markers:
            out.append(Finding(locate(tokens.raw, ["pieces"]), "packs",
                               f"no '{t.name} marker' piece: every investigator pack's {t.name} track needs one"))
            continue
        have = sum(p.spec.count for p in markers)
        if have < len(packs):
            m = markers[0]
            out.append(Finding(locate(tokens.raw, ["pieces", m.index, "count"]), "packs",
                               f"{have} {t.name} markers for {len(packs)} investigator packs: each pack's "
                               f"{t.name} track needs its own"))
    return out


def _check_sky_and_ancient_one(tokens, n: dict) -> list[Finding]:
    """The Star Chart (a piece with a `radial:` track): one arm per star, as many star pieces as stars;
    the Ancient One's Health board (a piece with one Health track only): running to its Health."""
    out = []
    where = locate(tokens.raw, ["pieces"])
    charts = [p for p in tokens.pieces if getattr(p.spec, "radial", None) is not None]
    if not charts:
        out.append(Finding(where, "star-chart", "no Star Chart (a piece with a `radial:` track): the stars march on it"))
    for p in charts:
        arms = getattr(p.spec.radial, "arms", None)
        if arms is not None and arms != n["stars"]:
            out.append(Finding(locate(tokens.raw, ["pieces", p.index, "radial", "arms"]), "star-chart",
                               f"the Star Chart has {arms} arms; a star starts on each arm and the rules have "
                               f"{n['stars']} stars"))
    star = tokens.by_id("star")
    if star is not None and star.spec.count != n["stars"]:
        out.append(Finding(locate(tokens.raw, ["pieces", star.index, "count"]), "star-chart",
                           f"{star.spec.count} star pieces; the rules have {n['stars']} stars"))
    boards = [p for p in tokens.pieces if [t.name.lower() for t in p.spec.tracks] == ["health"]]
    if not boards:
        out.append(Finding(where, "ancient-one-health", "no Health board for the Ancient One (a piece whose one "
                                                        "track is Health)"))
    for p in boards:
        t = p.spec.tracks[0]
        if t.max != n["ao_health"]:
            out.append(Finding(locate(tokens.raw, ["pieces", p.index, "tracks", 0]), "ancient-one-health",
                               f"'{p.spec.name or p.spec.id}' runs to {t.max}; the Ancient One has "
                               f"{n['ao_health']} Health"))
    return out


def _check_items(game) -> list[Finding]:
    names = _card_names(game)
    missing = [i for i in RULE_ITEMS if i not in names]
    if not missing:
        return []
    deck = _one(game, "deck")
    where = locate(deck.raw, ["cards"]) if deck else family_pos(game)
    return [Finding(where, "store", f"the Store lacks {', '.join(missing)} (the rules list Revolver, Axe, Needle, Turkey)")]


def _check_dice(game) -> list[Finding]:
    faces, where, file_pos = _dice_faces(game)
    if file_pos is None:
        return [Finding(family_pos(game), "dice", "no dice (a `kind: dice` file): the game needs the Investigator "
                                                 "and the Monster die")]
    out = []
    for die, want in RULE_DICE.items():
        got = faces.get(die)
        if got is None:
            out.append(Finding(file_pos, "dice", f"no '{die}' die (the rules: {', '.join(want)})"))
        elif Counter(_norm(f) for f in got) != Counter(_norm(f) for f in want):
            out.append(Finding(where[die], "dice", f"the {die} die has {', '.join(got)}; the rules list "
                                                    f"{', '.join(want)}"))
    return out


def _printed_faces(text: str, icons: dict[str, str]) -> list[str]:
    """':elder-sign: :hit: 6 :hit::skull: 4' → ['elder-sign', 'hit+6', 'hit+skull+4'] (icons read as the die's symbols)."""
    import re

    faces: list[str] = []
    for token in text.split():
        names = re.findall(r":([a-z][a-z0-9-]*):", token)
        if names:
            faces.append("+".join(icons.get(n, n) for n in names))
        elif token.isdigit() and faces:
            faces[-1] += "+" + token
    return faces


def _check_printed_dice(game) -> list[Finding]:
    """A card that prints a die's faces (a `faces` field, the card named after the die) shows the die's own faces
    (a die that itself breaks the rules is reported at the die only)."""
    c = _one(game, "dice")
    if c is None:
        return []
    dice = {}
    for die in getattr(c.model, "dice", ()):
        dice[str(die.name).lower()] = (die.id, [f.text for f in die.faces])
    symbols = c.raw.get("symbols") if hasattr(c.raw, "get") else None
    icons = {str(v.get("icon")): k for k, v in (symbols or {}).items() if hasattr(v, "get") and v.get("icon")}
    out = []
    for deck in game.of_kind("deck"):
        for i, card in enumerate(deck.raw.get("cards") or []):
            if not hasattr(card, "get"):
                continue
            for side in ("front", "back", None):
                node = card.get(side) if side else card
                fields = node.get("fields") if hasattr(node, "get") else None
                if not hasattr(fields, "get") or not isinstance(fields.get("faces"), str) or not fields.get("faces"):
                    continue
                name = str(fields.get("name") or "").lower()
                die = next((d for n, d in dice.items() if n in name), None)
                if die is None or (die[0] in RULE_DICE and Counter(map(_norm, die[1])) != Counter(map(_norm, RULE_DICE[die[0]]))):
                    continue      # a die that breaks the rules is reported at the die, not at every card printing it
                got = _printed_faces(fields["faces"], icons)
                if Counter(_norm(f) for f in got) != Counter(_norm(f) for f in die[1]):
                    path = ["cards", i] + ([side] if side else []) + ["fields", "faces"]
                    out.append(Finding(locate(deck.raw, path), "dice",
                                       f"the card prints the {die[0]} die as {', '.join(got)}; the die has "
                                       f"{', '.join(die[1])}"))
    return out


def _norm(face: str) -> str:
    return "+".join(sorted(p.strip() for p in face.lower().split("+")))


def referee_facts(game) -> list[str]:
    """Figures worth knowing: the Ancient One's march per scenario, tomes and locations."""
    board = _board(game)
    facts = []
    if board is None:
        return facts
    shelves = sum(1 for n in board.locations if board.location_space(n) == SHELF)
    stores = sum(1 for n in board.locations if board.location_space(n) == STORE)
    walk = sum(1 for c in board.cells() if board.walkable(c))
    facts.append(f"board {board.width} × {board.height}: {walk} path spaces, {shelves} bookshelves, "
                 f"{stores} Store location{'s' if stores != 1 else ''}")
    for sc in board.scenarios:
        ao = _ancient_one(sc)
        dist = board.distances(ao.at.cell).get(ao.to.cell) if ao else None
        step = _numbers(game)["ao_step"] or 1
        if dist is not None:
            facts.append(f"scenario '{sc.spec.id}': the Ancient One marches {dist} spaces, "
                         f"{-(-dist // step)} moves of {step}"
                         + (" — a short march: the investigators can hardly fight it" if dist <= step * 3 else ""))
    return facts


# --------------------------------------------------------------------------- simulation

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
