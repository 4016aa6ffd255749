"""The games the careful-reading corpus edits: the four bundled games and a starter with two decks and
two editions (the `editions` starter kept to English and German, with a player-aid deck beside its
market deck, a rule parameter stated in both languages and count sentences naming each deck)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from pnp.paths import EXAMPLES

AID_DECK = """\
kind: deck
name: aid
title: Player Aid
title@de: Spielhilfe
size: poker
layout: aid
fields:
  text: {type: text, default: ""}
cards:
  - {id: turn, fields: {text: "Play one card, then draw one card.", text@de: "Spiele eine Karte, dann ziehe eine Karte."}}
  - {id: end, fields: {text: "The game ends at space 8.", text@de: "Das Spiel endet auf Feld 8."}}
layouts:
  aid:
    background: "#fbf3e0"
    boxes:
      text: {text: "{{ text }}", x: 6mm, y: 6mm, width: 51mm, height: 70mm, size: 11pt}
"""

PARAMETER = """\
parameters:
  deal:
    value: 2
    means: the cards dealt to each player
    says: ["deal # to each player"]
    says@de: ["gebt allen # Karten"]
  track:
    value: 8
    means: the last space of the lantern track
    says: ["reaches space #", "ends at space #"]
    says@de: ["erreicht der Marker Feld #", "endet auf Feld #"]
  coins:
    value: 2
    means: the coins a Lamplighter takes
    says: ["take # coins"]
    says@de: ["Nimm # Münzen"]
referee:
  names:
    market: [Markt, Marktkarten]
"""

RULES_EN = """
The market deck holds {{ decks.market.total }} cards and the aid deck holds {{ decks.aid.total }} cards.
The market deck holds 7 cards. The aid deck has two cards, one for each side of the table.
"""

RULES_DE = """
Der Marktstapel hat {{ decks.market.total }} Karten, die Spielhilfe hat {{ decks.aid.total }} Karten.
Der Marktstapel hat sieben Karten. Die Spielhilfe besteht aus 2 Karten.
"""


def _drop_languages(text: str, langs: tuple[str, ...]) -> str:
    """TEXT without the translations into LANGS (block keys, flow-map keys, and CSV columns)."""
    tag = "|".join(langs)
    text = re.sub(rf"(?m)^[ \t]*[\w-]+@(?:{tag}):.*\n", "", text)
    return re.sub(rf",\s*[\w-]+@(?:{tag}):\s*[^,}}\n]*", "", text)


def _drop_columns(csv_text: str, langs: tuple[str, ...]) -> str:
    import csv
    import io

    rows = list(csv.reader(io.StringIO(csv_text)))
    keep = [i for i, name in enumerate(rows[0]) if not any(name.endswith(f"@{lang}") for lang in langs)]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[row[i] for i in keep] for row in rows])
    return out.getvalue()


def make_market(root: Path) -> Path:
    """The two-deck, two-edition starter game in ROOT/market."""
    from pnp.scaffold import create

    create("market", root, template="editions")
    game = root / "market"
    gone = ("ar", "ja")
    for name in ("rules.ar.md", "rules.ja.md"):
        (game / name).unlink()
    for path in game.glob("*.yaml"):
        path.write_text(_drop_languages(path.read_text(encoding="utf-8"), gone), encoding="utf-8")
    (game / "cards.csv").write_text(_drop_columns((game / "cards.csv").read_text(encoding="utf-8"), gone),
                                    encoding="utf-8")
    (game / "aid.yaml").write_text(AID_DECK, encoding="utf-8")
    yaml_text = (game / "game.yaml").read_text(encoding="utf-8")
    yaml_text = yaml_text.replace("languages: [en, de, ar, ja]", "languages: [en, de]")
    yaml_text = yaml_text.replace("  - cards.yaml\n", "  - cards.yaml\n  - aid.yaml\n")
    yaml_text = re.sub(r"(?ms)^language_fonts:.*?(?=^print:)", "", yaml_text)
    yaml_text = yaml_text.replace("print:\n", PARAMETER + "print:\n")
    (game / "game.yaml").write_text(yaml_text, encoding="utf-8")
    rules = (game / "rules.md").read_text(encoding="utf-8")
    rules = rules.replace("{{ component_list() }}\n", "{{ component_list() }}\n" + RULES_EN)
    rules = rules.replace("deal 2 to each player", "deal {{ parameters.deal }} to each player")
    (game / "rules.md").write_text(rules, encoding="utf-8")
    rules = (game / "rules.de.md").read_text(encoding="utf-8")
    rules = rules.replace("{{ component_list() }}\n", "{{ component_list() }}\n" + RULES_DE)
    (game / "rules.de.md").write_text(rules, encoding="utf-8")
    return game


def copy_game(source: Path, root: Path, name: str) -> Path:
    """A copy of SOURCE (a game folder) as ROOT/NAME."""
    target = root / name
    shutil.copytree(source, target)
    return target


def bundled(name: str) -> Path:
    return EXAMPLES / name
