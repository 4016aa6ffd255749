"""Miskatonic Valley's rule numbers (the rulebook's, and the game's `parameters:` over them) and how the
referee finds the game's parts: its board, tokens, dice and cards."""
from __future__ import annotations

from pnp.errors import Pos
from pnp.referee import parameters
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
