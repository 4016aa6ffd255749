"""Miskatonic Valley's content checks against the rulebook (`referee_check`) and its figures (`referee_facts`)."""
from __future__ import annotations

from collections import Counter

from pnp.families.miskatonic.rules import (ANCIENT_ONE, NUMBERS, RULE_DICE, RULE_ITEMS, RULE_TOMES, SANITARIUM, SHELF,
                                          STORE, _ancient_one, _board, _card_names, _dice_faces, _numbers, _one,
                                          _sanitarium, _slug, _tokens)
from pnp.referee import parameters
from pnp.referee.family import family_pos
from pnp.referee.findings import Finding
from pnp.reading.load import locate

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
    from pnp.referee.spans import declared_players

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
