"""Players, playing time and sums stated in text (rules `players`, `time`, `arithmetic`).

A range of players ("2 to 5 players", "2-5 Spieler") or one count ("for 3 players") must lie within
game.yaml's `players:`; a playing time in a sentence about a whole game within its `time:`; a sum written
out ("3 + 4 = 7", "5, 4, 4 and 3 (total 16)") must add up. The words are each edition's
(`pnp.referee.wording`): numbers spelled out, range words and the words for players and minutes.
"""
from __future__ import annotations

import re

from pnp.errors import Pos
from pnp.referee.findings import Finding
from pnp.referee.text import _pos_in, _quoted, texts
from pnp.referee.wording import NUMBER, Wording, wording

_DECLARED_PLAYERS = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|to)\s*(\d+))?\s*(\+)?\s*$")


def declared_players(game) -> tuple[int, float] | None:
    """game.yaml's `players:` as (fewest, most): "2-5" → (2, 5), "1" → (1, 1), "1-100+" → (1, inf); None if unreadable."""
    text = str(getattr(game.game, "players", "") or "") if game.game else ""
    m = _DECLARED_PLAYERS.match(text)
    if not m:
        return None
    lo = int(m.group(1))
    hi = float("inf") if m.group(3) else float(m.group(2) or lo)
    return lo, hi


_RANGE_PATTERNS: dict[tuple, tuple[re.Pattern, ...]] = {}


def _range_patterns(reading: Wording) -> tuple[re.Pattern, ...]:
    """(a range of players, one count of players, a range of minutes, one time) in the languages read."""
    if reading.langs not in _RANGE_PATTERNS:
        g = r"[\s*_]"
        joins = reading.alternation("range").replace("|or|", "|").replace("|and|", "|")
        players, minutes = reading.alternation("players"), reading.alternation("minutes")
        rng = rf"(?<![\w.])(?P<lo>{NUMBER}){g}*(?:{joins}){g}*(?P<hi>{NUMBER})(?P<plus>\+)?{g}+"
        _RANGE_PATTERNS[reading.langs] = (
            re.compile(rng + rf"(?:{players})(?!\w)", re.I),
            re.compile(rf"(?<!\w)(?:for|with|of|für|mit|von|pour|avec|de){g}+(?P<n>{NUMBER}){g}+(?:{players})(?!\w)", re.I),
            re.compile(rng + rf"(?:{minutes})(?!\w)", re.I),
            re.compile(rf"(?<!\w)(?:about|takes|lasts|in|around|of|etwa|dauert|ungefähr|rund|environ|dure|en)"
                       rf"{g}+(?P<n>{NUMBER}){g}+(?:{minutes})(?!\w)", re.I))
    return _RANGE_PATTERNS[reading.langs]


def _read(reading: Wording, m: re.Match, group: str) -> tuple[float, int, str] | None:
    """(value, where it starts, its words) of a number group of M (words before it may be the
    sentence's: "takes about 45"), or None when it holds no number."""
    got = reading.read(m.group(group))
    return None if got is None else (got[2], m.start(group) + got[0], m.group(group)[got[0]:got[1]])


def players_findings(game) -> list[Finding]:
    """Printed player counts must agree with game.yaml's `players:` (rule `players`): a range ("2 to 5 players",
    "2-5 players") or a single count ("for 3 players", "with 6 players") must lie within the declared range."""
    declared = declared_players(game)
    if declared is None:
        return []
    lo, hi = declared
    shown = str(game.game.players)
    reading = wording(game)
    ranges, ones, _, _ = _range_patterns(reading)
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        if not t.exact and t.pos == _players_pos(game):
            continue
        for m in ranges.finditer(t.text):
            a, b = _read(reading, m, "lo"), _read(reading, m, "hi")
            if a is None or b is None:
                continue
            top = float("inf") if m.group("plus") else b[0]
            if a[0] < lo or top > hi:        # a narrower range ("best with 3 to 4 players") is advice, not a contradiction
                pos = _pos_in(t, a[1], a[2])
                out.setdefault(pos, Finding(pos, "players", f"the text says '{_quoted(t.text[a[1]:m.end()])}', but "
                                                            f"game.yaml gives players: {shown}"))
        spans = [(m.start(), m.end()) for m in ranges.finditer(t.text)]
        for m in ones.finditer(t.text):
            n = _read(reading, m, "n")
            if any(a < m.end() and m.start() < b for a, b in spans):
                continue     # "für 2 bis 6 Spieler": the range's, read above
            if n is not None and not lo <= n[0] <= hi:
                pos = _pos_in(t, n[1], n[2])
                out.setdefault(pos, Finding(pos, "players", f"the text speaks of a game '{_quoted(m.group(0))}', but "
                                                            f"game.yaml gives players: {shown}"))
    return list(out.values())


_WHOLE_GAME = re.compile(r"\b(?:games?|play|playing|plays|session|spiel|spielt|partie|partien|jeu|joue)\b", re.I)
_DECLARED_TIME = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|to|bis|à)\s*(\d+))?\s*[^\W\d]*\.?\s*$", re.I)   # "20-30 minutes", "15 Minuten", "15分"


def time_findings(game) -> list[Finding]:
    """Printed playing times must lie within game.yaml's `time:` ("20-30 minutes"; rule `time`): a range
    ("45 to 60 minutes") or a single time ("takes about 25 minutes"), in a sentence about a whole game
    (game, play, session near it)."""
    m = _DECLARED_TIME.match(str(getattr(game.game, "time", "") or "") if game.game else "")
    if not m:
        return []
    lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
    shown = str(game.game.time)
    reading = wording(game)
    _, _, ranges, ones = _range_patterns(reading)
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        found = [(m, _read(reading, m, "lo"), _read(reading, m, "hi")) for m in ranges.finditer(t.text)]
        spans = [(m.start(), m.end()) for m, _, _ in found]
        found += [(m, _read(reading, m, "n"), _read(reading, m, "n")) for m in ones.finditer(t.text)
                  if not any(a < m.end() and m.start() < b for a, b in spans)]
        for m, a, b in found:
            if a is None or b is None or (lo <= a[0] and b[0] <= hi):
                continue
            before = t.text[max(0, a[1] - 80):a[1]]      # up to the number: a run of words may lead the match
            before = re.split(r"[.!?\n]\s", before)[-1]
            if not _WHOLE_GAME.search(before) and not _WHOLE_GAME.search(t.text[m.end():m.end() + 30].split(".")[0]):
                continue      # "a round takes about 2 minutes": not the length of a game
            pos = _pos_in(t, a[1], a[2])
            out.setdefault(pos, Finding(pos, "time", f"the text says '{_quoted(t.text[a[1]:m.end()])}', but game.yaml "
                                                     f"gives time: {shown}"))
    return list(out.values())


def _players_pos(game) -> Pos | None:
    from pnp.reading.load import LDict

    raw = game.raw
    return raw.value_pos.get("players") if isinstance(raw, LDict) and "players" in raw else None


_SUM = re.compile(r"(?<![\w.+])(?P<terms>\d+(?:[ \t*_]*\+[ \t*_]*\d+)+)[ \t*_]*=[ \t*_]*(?P<total>\d+)(?![\w.])")
_LISTED_TOTAL = re.compile(r"(?<![\w.])(?P<terms>\d+(?:,[ \t]*\d+)*,?[ \t]+and[ \t]+\d+)[ \t]*\([ \t]*total[ \t]+(?P<total>\d+)[ \t]*\)", re.I)


def arithmetic_findings(game) -> list[Finding]:
    """Sums written out in text ("3 + 4 = 7", "5, 4, 4 and 3 (total 16)") must add up (rule `arithmetic`)."""
    out: dict[Pos, Finding] = {}
    for t in texts(game):
        for pattern in (_SUM, _LISTED_TOTAL):
            for m in pattern.finditer(t.text):
                terms = [int(x) for x in re.findall(r"\d+", m.group("terms"))]
                if sum(terms) == int(m.group("total")):
                    continue
                pos = _pos_in(t, m.start("total"), m.group("total"))
                out.setdefault(pos, Finding(pos, "arithmetic", f"the text gives {' + '.join(map(str, terms))} as "
                                                               f"{m.group('total')}, but it makes {sum(terms)}"))
    return list(out.values())
