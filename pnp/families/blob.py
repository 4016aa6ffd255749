"""The rules referee of The Blob that Ate the City: checks of the sheet, and a fast simulator.

The sheet (`kind: sheet`) is read as data: the grid called `city` (its pieces
and its `bonus` mark), the grid holding the die faces' areas (the shape grid
with the starting blobs), the faces' grow shapes, and the `rounds` track.
The simulator plays the rulebook's round on bit boards (see
`pnp.models.polyomino`): finding every legal place for a blob is a few
shifts per square, so 10,000 games take seconds, not minutes.

Rules the rulebook leaves open, decided here as on the sheet: a player whose
two blobs both fail to fit is *stuck* for the round (no eating, no growing);
a bonus square does not earn another bonus; the score is the points of the
eaten pieces plus the squares of the largest connected blob on the shape grid.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pnp.errors import SpecError, SpecErrors
from pnp.models import polyomino as poly
from pnp.referee import parameters
from pnp.referee.family import family_pos, require_playable
from pnp.referee.findings import Finding
from pnp.referee.sim import Chart, SimResult, number, rate_text
from pnp.reading.load import locate

ROUNDS = 16
NUMBERS = {"rounds": parameters.Default(ROUNDS, "the number of rounds a game lasts", 1, "nobody would ever eat",
                                        most=200),
           "free_squares": parameters.Default(1, "the free squares a bonus square earns", 0, most=1000)}
GROW_SIZES = (2, 3)            # a reviewer's "two or three squares": a note, not a rule of the rulebook
STUCK_NOTE = 0.10              # a greedy player stuck more often than this is noted (a game gates it with `balance:`)
CHECK_GAMES = 300
POLICIES = ("greedy", "random")
# Findings that leave the simulator nothing sound to play (the stuck rate is still worth simulating).
UNPLAYABLE = ("sheet", "city", "dice", "shape")


# --------------------------------------------------------------------------- the rules as bit boards

@dataclass
class BlobRules:
    """The sheet compiled for play: city pieces and bonus squares as masks, blobs and grow shapes."""

    city: poly.Board
    pieces: list[int]              # one mask per city piece
    points: list[int]
    bonus: int                     # mask of bonus squares
    shapes: poly.Board             # the shape grid
    start: dict[int, int]          # die face → its starting blob (mask on the shape grid)
    grow: dict[int, poly.Piece]    # die face → its grow shape, prepared for the shape grid
    rounds: int
    free: int = 1                  # free squares a covered bonus square earns
    _city_piece: dict = field(default_factory=dict)
    _played: dict = field(default_factory=dict)   # (policy, seed, game number) → its record, for the first CHECK_GAMES

    def blob_piece(self, mask: int) -> poly.Piece:
        """A blob on the shape grid, as a piece to place in the city (cached: blobs repeat)."""
        got = self._city_piece.get(mask)
        if got is None:
            got = poly.prepare(self.city, poly.normalize(self.shapes.cells(mask)))
            self._city_piece[mask] = got
        return got


@dataclass
class Spec:
    """Where the parts of the sheet are, for findings; `rules` is None when they are missing."""

    component: object
    city_id: str | None
    shape_id: str | None
    track_id: str | None
    mark_id: str | None


def _parts(game) -> Spec | None:
    sheets = game.of_kind("sheet")
    if not sheets:
        return None
    comp = sheets[0]
    sheet = comp.model
    city_id = "city" if "city" in sheet.grids else next((g for g, v in sheet.grids.items() if v.pieces), None)
    areas = sheet.face_areas()
    shape_id = next(iter({g for g, _ in areas.values()}), None)
    track_id = "rounds" if "rounds" in sheet.tracks else next(iter(sheet.tracks), None)
    mark_id = None
    if city_id:
        marks = sheet.grids[city_id].marks
        mark_id = "bonus" if "bonus" in marks else next(iter(marks), None)
    return Spec(comp, city_id, shape_id, track_id, mark_id)


def compile_rules(game) -> BlobRules:
    """The sheet of a game (a GameContext) as bit-board rules, compiled once per loaded game."""
    cache = vars(game)
    if "_blob_rules" not in cache:
        cache["_blob_rules"] = _compiled(game)
    return cache["_blob_rules"]


def _compiled(game) -> BlobRules:
    parts = _parts(game)
    if parts is None or parts.city_id is None or parts.shape_id is None:
        raise SpecErrors([SpecError(family_pos(game), "the blob referee needs a sheet with a city grid and "
                                                      "die faces pointing at areas")])
    sheet = parts.component.model
    city = sheet.grids[parts.city_id]
    board = poly.Board(*city.size)
    pieces, points = [], []
    for p in city.pieces:
        cells = [(c, r) for c, r in poly.shifted(poly.picture_cells(p.shape), p.at) if board.inside([(c, r)])]
        pieces.append(board.mask(cells))
        points.append(p.points)
    bonus = 0
    if parts.mark_id:
        bonus = board.mask([c for c in city.marks[parts.mark_id].cells if board.inside([tuple(c)])])
    grid = sheet.grids[parts.shape_id]
    shapes = poly.Board(*grid.size)
    start, grow = {}, {}
    for face, spec in sheet.dice.faces.items():
        area = grid.areas.get(spec.area) if spec.area else None
        if area is not None and area.shape:
            w, h = len(area.shape[0]), len(area.shape)
            at = (area.at[0] + (area.size[0] - w) // 2, area.at[1] + (area.size[1] - h) // 2)
            start[face] = shapes.mask(poly.picture_cells(area.shape), at)
        if spec.shape:
            grow[face] = poly.prepare(shapes, poly.picture_cells(spec.shape))
    numbers = parameters.values(game, NUMBERS)
    return BlobRules(board, pieces, points, bonus, shapes, start, grow, int(numbers["rounds"]),
                     int(numbers["free_squares"]))


# --------------------------------------------------------------------------- one game

@dataclass
class GameRecord:
    score: int
    points: int
    largest: int
    eaten: int
    stuck_rounds: int
    rounds: int = 0               # the rounds played
    city_eaten_at: int = 0        # the round the last city piece was eaten (0: the city still stands)
    by_free_square: bool = False  # that last piece was finished by a bonus square's free square


def _covering(piece: poly.Piece) -> tuple[int, int]:
    """The piece mirrored through its last square: (mask, shift) so that (mask << c) >> shift are
    the origins at which the piece covers cell index c."""
    top = piece.offsets[-1]
    mask = 0
    for d in piece.offsets:
        mask |= 1 << (top - d)
    return mask, top


def play_game(rules: BlobRules, policy: str, dice: random.Random, rng: random.Random) -> GameRecord:
    """Play 16 rounds with `policy` ("greedy" or "random"); dice and choices come from separate RNGs."""
    city, shapes = rules.city, rules.shapes
    blob = 0                       # the blob in the city
    used = 0                       # squares drawn on the shape grid
    for m in rules.start.values():
        used |= m
    comp = dict(rules.start)       # die face → the connected blob it picks
    alive = list(range(len(rules.pieces)))
    points = eaten = stuck = 0
    greedy = policy == "greedy"
    city_eaten_at, by_free = 0, False
    for round_no in range(1, rules.rounds + 1):
        a, b = dice.randint(1, 6), dice.randint(1, 6)
        touch = city.neighbours(blob) if blob else None
        options = []
        for place, grow in ((a, b), (b, a)) if a != b else ((a, b),):
            if place not in comp:
                continue
            piece = rules.blob_piece(comp[place])
            legal = poly.legal_origins(city, piece, blob, touch)
            if legal:
                options.append((place, grow, piece, legal))
        if not options:
            stuck += 1
            continue
        if greedy:
            place, grow, piece, k = _greedy_place(rules, options, blob, alive)
        else:
            place, grow, piece, legal = options[rng.randrange(len(options))]
            k = poly.nth_bit(legal, rng.randrange(legal.bit_count()))
        placed = piece.mask << k
        blob |= placed
        free_squares = (placed & rules.bonus).bit_count() * rules.free
        blob_alone_ate_all = all(not rules.pieces[i] & ~blob for i in alive)
        for _ in range(free_squares):
            spots = city.neighbours(blob) & ~blob
            if not spots:
                break
            blob |= _bonus_square(rules, spots, blob, alive, rng, greedy)
        still = []
        for i in alive:
            if rules.pieces[i] & ~blob:
                still.append(i)
            else:
                points += rules.points[i]
                eaten += 1
        if alive and not still and not city_eaten_at:
            city_eaten_at, by_free = round_no, not blob_alone_ate_all
        alive = still
        g = rules.grow.get(grow)
        if g is None:
            continue
        near = shapes.neighbours(comp[place])
        spots = poly.legal_origins(shapes, g, used, near)
        if not spots:
            continue
        if greedy:
            k = _compact_growth(g, spots, near)
        else:
            k = poly.nth_bit(spots, rng.randrange(spots.bit_count()))
        used |= g.mask << k
        merged = shapes.component(used, comp[place])
        for f in comp:
            if comp[f] & merged:
                comp[f] = merged
    largest = max((m.bit_count() for m in comp.values()), default=0)
    return GameRecord(points + largest, points, largest, eaten, stuck, rules.rounds, city_eaten_at, by_free)


def _greedy_place(rules: BlobRules, options, blob: int, alive: list[int]):
    """The placement that eats the most points now; failing that, the one covering most uneaten
    piece squares; ties go to the smaller blob (it leaves more room)."""
    targets = 0
    for i in alive:
        targets |= rules.pieces[i]
    targets &= ~blob
    best, best_key = None, None
    for place, grow, piece, legal in options:
        mirror, shift = _covering(piece)
        gains: Counter = Counter()
        for i in alive:
            left = rules.pieces[i] & ~blob
            where = legal
            while left and where:
                low = left & -left
                where &= (mirror << (low.bit_length() - 1)) >> shift
                left ^= low
            while where:
                low = where & -where
                gains[low.bit_length() - 1] += rules.points[i]
                where ^= low
        if gains:
            k, pts = max(gains.items(), key=lambda kv: (kv[1], -kv[0]))
            cover = ((piece.mask << k) & targets).bit_count()
        else:
            pts = 0
            cover, k = _most_overlap(piece.mask, legal, targets)
            k = None if cover < 0 else k
        key = (pts, -piece.size, cover)
        if best_key is None or key > best_key:
            best, best_key = (place, grow, piece, k), key
    return best


def _bonus_square(rules: BlobRules, spots: int, blob: int, alive: list[int], rng, greedy: bool) -> int:
    """Where a free square goes: greedily the square that finishes (or most nearly finishes) a piece."""
    if not greedy:
        return 1 << poly.nth_bit(spots, rng.randrange(spots.bit_count()))
    best, best_left = spots & -spots, 99
    for i in alive:
        left = rules.pieces[i] & ~blob
        hit = left & spots
        if hit and left.bit_count() < best_left:
            best, best_left = hit & -hit, left.bit_count()
    return best


def _compact_growth(g: poly.Piece, spots: int, near: int) -> int:
    """The growth touching its blob along the most edges: compact blobs fit the city better."""
    return _most_overlap(g.mask, spots, near)[1]


def _most_overlap(mask: int, origins: int, targets: int) -> tuple[int, int]:
    """(overlap, origin) of the origin bit where `mask` shifted there covers most `targets`; (-1, 0) if none."""
    best, best_k = -1, 0
    while origins:
        low = origins & -origins
        k = low.bit_length() - 1
        overlap = ((mask << k) & targets).bit_count()
        if overlap > best:
            best, best_k = overlap, k
        origins ^= low
    return best, best_k


def play_many(rules: BlobRules, policy: str, games: int, seed: int, progress=None, done_before: int = 0,
              total: int | None = None) -> list[GameRecord]:
    """Games 0 to GAMES-1 of this seed. A game's dice depend on its seed and number only, so the
    check's facts and its simulation share the games both play (the first CHECK_GAMES are kept)."""
    out = []
    for i in range(games):
        record = rules._played.get((policy, seed, i))
        if record is None:
            record = play_game(rules, policy, random.Random(seed * 1_000_003 + i), random.Random(seed * 7_919 + i + 1))
            if i < CHECK_GAMES:
                rules._played[(policy, seed, i)] = record
        out.append(record)
        if progress and (i + 1) % 100 == 0 or progress and i + 1 == games:
            progress(done_before + i + 1, total or games)
    return out


# --------------------------------------------------------------------------- the referee's interface

def referee_simulate(game, games: int, seed: int, progress=None) -> SimResult:
    """Play `games` games split between the policies (greedy points, random legal), on the same dice."""
    require_playable(sheet_findings(game), UNPLAYABLE)
    rules = compile_rules(game)
    per = {p: games // len(POLICIES) + (1 if i < games % len(POLICIES) else 0) for i, p in enumerate(POLICIES)}
    records: dict[str, list[GameRecord]] = {}
    done = 0
    for policy in POLICIES:
        records[policy] = play_many(rules, policy, per[policy], seed, progress, done, games)
        done += per[policy]
    result = SimResult("blob", games, seed)
    for policy, recs in records.items():
        if not recs:
            continue
        n = len(recs)
        stuck = sum(1 for r in recs if r.stuck_rounds)
        mean = result.mean(f"{policy}_mean_score", [r.score for r in recs])
        points = result.mean(f"{policy}_mean_points", [r.points for r in recs])
        largest = result.mean(f"{policy}_mean_largest", [r.largest for r in recs])
        eaten = result.mean(f"{policy}_mean_eaten", [r.eaten for r in recs])
        result.rate(f"{policy}_stuck_rate", stuck, n)
        result.figures[f"{policy}_max_score"] = max(r.score for r in recs)
        result.summary.append(
            f"{policy}: {number(n)} games, mean score {number(mean, True)} (pieces {number(points, True)} + "
            f"largest blob {number(largest, True)}), {number(eaten, True)} of {number(len(rules.pieces))} pieces "
            f"eaten, stuck in {rate_text(stuck, n)} of games")
        result.charts.append(Chart(f"Final score — {policy} player", "histogram", [r.score for r in recs],
                                   "score", "games"))
    result.charts.append(Chart("Games with a stuck round (no blob fits)", "bars",
                               {p: result.figures[f"{p}_stuck_rate"] * 100 for p in records if records[p]},
                               "policy", "% of games", percent=True,
                               intervals={p: result.interval(f"{p}_stuck_rate", 100) for p in records if records[p]}))
    result.outcomes = _outcomes(game, rules, records)
    return result


def _outcomes(game, rules: BlobRules, records: dict[str, list[GameRecord]]) -> list:
    """Each game as the generic decision checks read it (`pnp.referee.decisions`), from the games played
    above (the random policy among them). A sheet has no loss: a game is won the round the blob has eaten
    the whole city (by a blob, or by a bonus square's free squares), else it ends after the last round."""
    from pnp.referee.decisions import RANDOM, Outcome

    parts = _parts(game)
    raw = parts.component.raw
    ate = locate(raw, ["grids", parts.city_id, "pieces"])
    free = parameters.where(game, "free_squares") or (
        locate(raw, ["grids", parts.city_id, "marks", parts.mark_id]) if parts.mark_id else ate)
    last = parameters.where(game, "rounds") or (
        locate(raw, ["tracks", parts.track_id, "boxes"]) if parts.track_id else family_pos(game))
    whole = f"eating the whole city ({len(rules.pieces)} pieces)"
    free_words = f"the free squares of bonus squares ({parameters.rule_words(game, 'free_squares', NUMBERS)})"
    end_words = f"the last round ({parameters.rule_words(game, 'rounds', NUMBERS)})"
    out = []
    for policy, recs in records.items():
        name = RANDOM if policy == "random" else policy
        for r in recs:
            if r.city_eaten_at:
                out.append(Outcome(name, "win", r.city_eaten_at,
                                   f"{whole}, finished by {free_words}" if r.by_free_square else f"{whole} with a blob",
                                   free if r.by_free_square else ate))
            else:
                out.append(Outcome(name, "end", r.rounds, end_words, last))
    return out


def referee_check(game) -> list[Finding]:
    """Every rule the sheet must obey, each finding pointing at the spec node responsible. How often a
    player gets stuck is balance, not a rule: a note (`referee_facts`), or a game's own `balance:` bound."""
    found = sheet_findings(game)
    return found + _counts_in_text(game) + parameters.bounds_findings(game, NUMBERS)


def _counts_in_text(game) -> list[Finding]:
    """Numbers the printed text states about the sheet — its buildings, bonus squares and die areas —
    held to what the sheet holds (rule `city`, `bonus` or `dice`), at the number."""
    from pnp.referee.text import stated_findings, statement

    parts = _parts(game)
    if parts is None or parts.city_id is None:
        return []
    sheet = parts.component.model
    city = sheet.grids[parts.city_id]
    hint = "the sheet fixes it: print it from the sheet"
    rules = [statement("city", len(city.pieces), "the number of city pieces on the sheet",
                       ["# buildings, lettered", "# buildings in the city", "all # city pieces", "# city pieces in all"],
                       hint)]
    mark = city.marks.get(parts.mark_id) if parts.mark_id else None
    if mark is not None:
        rules.append(statement("bonus", len(mark.cells), "the number of bonus squares in the city",
                               ["# street squares carry", "# squares carry a star", "all # bonus squares",
                                "# bonus squares in the city", "# stars in the city"], hint))
    if parts.shape_id is not None:
        rules.append(statement("dice", len(sheet.grids[parts.shape_id].areas), "the number of die areas on the shape grid",
                               ["into # die areas", "the # die areas", "all # die areas", "into # blocks"], hint))
    return stated_findings(game, rules)


def sheet_findings(game) -> list[Finding]:
    """Every rule of the sheet's content (no play): shapes, city, dice, the round track."""
    parts = _parts(game)
    if parts is None:
        return [Finding(family_pos(game), "sheet", "a blob game needs a `kind: sheet` component")]
    raw = parts.component.raw
    sheet = parts.component.model
    out: list[Finding] = []

    def at(*path):
        return locate(raw, path)

    if parts.city_id is None:
        return [Finding(at("grids"), "city", "no grid holds city pieces (call it `city`)")]
    if parts.shape_id is None or not sheet.dice:
        return [Finding(at("dice") if sheet.dice else raw.pos, "dice",
                        "the die faces must each pick an area holding a starting blob")]
    out += _check_shapes(sheet, parts, at)
    out += _check_city(sheet, parts, at)
    out += _check_dice(sheet, parts, at)
    out += _check_scoring(sheet, parts, at)
    track = sheet.tracks.get(parts.track_id) if parts.track_id else None
    rounds = int(parameters.values(game, NUMBERS)["rounds"])
    if track is None or track.boxes != rounds:
        out.append(Finding(at("tracks", parts.track_id, "boxes") if track else at("tracks"), "rounds",
                           f"{parameters.rule_words(game, 'rounds', NUMBERS)}: the round track needs {rounds} boxes"
                           + (f", not {track.boxes}" if track else "")))
    elif track.slots < 2:
        out.append(Finding(at("tracks", parts.track_id, "slots"), "rounds",
                           "each round box needs room to write both dice (slots: 2)"))
    return out


def referee_facts(game) -> list[str]:
    """Figures worth printing even when every rule holds (none for a sheet too broken to play)."""
    if any(f.rule in UNPLAYABLE for f in sheet_findings(game)):
        return []
    rules = compile_rules(game)
    records = play_many(rules, "greedy", CHECK_GAMES, 1)
    share = sum(1 for r in records if r.stuck_rounds) / len(records)
    facts = [f"{len(rules.pieces)} city pieces worth {sum(rules.points)} points on a "
             f"{rules.city.cols}×{rules.city.rows} city, {rules.bonus.bit_count()} bonus squares",
             f"a greedy player is stuck in {share:.0%} of {CHECK_GAMES} games (seed 1), mean score "
             f"{sum(r.score for r in records) / len(records):.0f}"
             + (f" — more than {STUCK_NOTE:.0%}: a larger city or smaller shapes would help" if share > STUCK_NOTE else "")]
    sheet = _parts(game).component.model
    odd = sorted(f for f, face in sheet.dice.faces.items() if face.shape and not poly.picture_problems(face.shape)
                 and len(poly.picture_cells(face.shape)) not in GROW_SIZES)
    if odd:
        facts.append(f"grow shapes of faces {', '.join(map(str, odd))} are not of two or three squares, "
                     "the size reviewers describe (not a rule of the rulebook)")
    return facts


def _check_shapes(sheet, parts, at) -> list[Finding]:
    out = []
    shape_nodes = [(("grids", parts.city_id, "pieces", i, "shape"), p.shape)
                   for i, p in enumerate(sheet.grids[parts.city_id].pieces)]
    shape_nodes += [(("grids", parts.shape_id, "areas", a, "shape"), area.shape)
                    for a, area in sheet.grids[parts.shape_id].areas.items() if area.shape]
    shape_nodes += [(("dice", "faces", f, "shape"), face.shape) for f, face in sheet.dice.faces.items() if face.shape]
    for path, rows in shape_nodes:
        for row, message in poly.picture_problems(rows):
            out.append(Finding(at(*path, row) if row is not None else at(*path), "shape", message))
    return out


def _check_city(sheet, parts, at) -> list[Finding]:
    out = []
    grid = sheet.grids[parts.city_id]
    board = poly.Board(*grid.size)
    owner: dict = {}
    starts = [poly.picture_cells(area.shape) for _, area in sheet.face_areas().values() if area.shape]
    for i, p in enumerate(grid.pieces):
        if poly.picture_problems(p.shape):
            continue
        cells = poly.shifted(poly.picture_cells(p.shape), p.at)
        path = ("grids", parts.city_id, "pieces", i)
        if p.points is not None and p.points < 1:
            out.append(Finding(at(*path, "points"), "city", f"piece {p.label or i + 1} is worth {p.points} points: "
                                                             "eating a city piece scores it, so each is worth 1 or more"))
        if not board.inside(cells):
            out.append(Finding(at(*path, "at"), "city", f"piece {p.label or i + 1} goes outside the "
                                                         f"{grid.size[0]}×{grid.size[1]} city"))
            continue
        clash = sorted(c for c in cells if c in owner)
        if clash:
            j = owner[clash[0]]
            out.append(Finding(at(*path, "at"), "city", f"piece {p.label or i + 1} overlaps piece "
                                                         f"{grid.pieces[j].label or j + 1} at {list(clash[0])}"))
        for c in cells:
            owner.setdefault(c, i)
        if not poly.can_cover(board, cells, starts):
            out.append(Finding(at(*path, "shape"), "eatable", f"piece {p.label or i + 1} can never be eaten: "
                                                              "no placement of the blob shapes covers all of it"))
    if parts.mark_id is None:
        out.append(Finding(at("grids", parts.city_id), "bonus", "the city has no bonus squares (a `bonus` mark)"))
    else:
        for j, (c, r) in enumerate(grid.marks[parts.mark_id].cells):
            if not board.inside([(c, r)]):
                out.append(Finding(at("grids", parts.city_id, "marks", parts.mark_id, "cells", j), "bonus",
                                   f"bonus square [{c}, {r}] is off the city"))
    if sum(1 for _ in grid.pieces) == 0:
        out.append(Finding(at("grids", parts.city_id), "city", "the city has no pieces to eat"))
    return out


def _check_scoring(sheet, parts, at) -> list[Finding]:
    """The score is the eaten pieces' points plus the largest blob: the sheet needs a list to cross
    the city's pieces off, and score boxes for both terms and their total; each bonus square once."""
    out = []
    if not any(c.grid == parts.city_id for c in sheet.checklists.values()):
        out.append(Finding(at("checklists") if sheet.checklists else at("grids", parts.city_id), "score-sheet",
                           f"no list of the city's pieces to cross off (a checklist with `grid: {parts.city_id}`): "
                           "the score counts the points of every piece eaten"))
    if not sheet.scores:
        out.append(Finding(at("layout"), "score-sheet", "no score boxes: the score is the eaten pieces' points "
                                                         "plus the largest blob's squares, and their total"))
    for sid, score in sheet.scores.items():
        if len(score.boxes) < 3:
            out.append(Finding(at("scores", sid, "boxes"), "score-sheet",
                               f"{len(score.boxes)} score box{'es' if len(score.boxes) != 1 else ''}: the score "
                               "needs one for the pieces' points, one for the largest blob and one for the total"))
    if parts.mark_id is not None:
        cells = [tuple(c) for c in sheet.grids[parts.city_id].marks[parts.mark_id].cells]
        for j, c in enumerate(cells):
            if c in cells[:j]:
                out.append(Finding(at("grids", parts.city_id, "marks", parts.mark_id, "cells", j), "bonus",
                                   f"bonus square {list(c)} is listed twice"))
    return out


def _check_dice(sheet, parts, at) -> list[Finding]:
    out = []
    if getattr(sheet.dice, "sides", 6) != 6:
        out.append(Finding(at("dice", "sides"), "dice", f"the dice have {sheet.dice.sides} sides; the game is played "
                                                        "with ordinary six-sided dice, a blob and a grow shape per face"))
    grid = sheet.grids[parts.shape_id]
    picked: dict = {}      # area → the first face that picks it
    for face in range(1, 7):
        spec = sheet.dice.faces.get(face)
        path = ("dice", "faces", face)
        if spec is None:
            out.append(Finding(at("dice", "faces"), "dice", f"die face {face} has no blob and no grow shape"))
            continue
        if spec.area and spec.area in picked:
            out.append(Finding(at(*path, "area"), "dice",
                               f"die faces {picked[spec.area]} and {face} both pick area '{spec.area}': each die "
                               "number has its own blob shape, so one area is never drawn"))
        picked.setdefault(spec.area, face)
        area = grid.areas.get(spec.area) if spec.area else None
        if area is None or not area.shape:
            out.append(Finding(at(*path), "dice", f"die face {face} picks no area with a starting blob"))
        else:
            w, h = len(area.shape[0]), len(area.shape)
            if area.size[0] - w < 4 or area.size[1] - h < 4:
                out.append(Finding(at("grids", parts.shape_id, "areas", spec.area, "size"), "dice",
                                   f"area '{spec.area}' leaves no room to grow: at least two free squares on "
                                   "every side of its starting blob"))
        if not spec.shape:
            out.append(Finding(at(*path), "dice", f"die face {face} has no grow shape"))
    return out
