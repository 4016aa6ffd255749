"""The careful-reading corpus: faults a designer makes in what players read, and correct games that
use legal but unusual wording, over the four bundled games and the two-deck, two-edition starter
(`games.make_market`).

Each case: the game, its edits (file, old text, new text — each old text must be there), the rule
expected (None: a correct game, no finding at all; "spec-error": refused with a located error) and
where: (file, a piece of the line the one finding must be on, after the edits).
"""
from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    game: str
    cls: str                       # the class of the issue it belongs to
    edits: tuple[tuple[str, str, str], ...]
    rule: str | None
    at: tuple[str, str] | None = None


def C(game, cls, edits, rule=None, at=None) -> Case:
    return Case(game, cls, tuple(edits), rule, at)


ADD_EN = "{{ component_list() }}\n"            # where a sentence is added to the market's English rules
ADD_DE = "{{ component_list() }}\n"
CAVE_ADD = "# Setup\n"
MISK_ADD = "## Tomes, monsters and figures\n"

FAULTS = [
    # ------------------------------------------------------------- translations: every edition is read
    C("market", "editions", [("rules.de.md", "gebt allen 2 Karten", "gebt allen drei Karten")], "deal",
      ("rules.de.md", "gebt allen drei Karten")),
    C("market", "editions", [("rules.de.md", "erreicht der Marker Feld 8", "erreicht der Marker Feld 9")], "track",
      ("rules.de.md", "Feld 9")),
    C("market", "editions", [("cards.csv", "Nimm 2 Münzen", "Nimm 4 Münzen")], "coins", ("cards.csv", "Nimm 4")),
    C("market", "editions", [("aid.yaml", "Das Spiel endet auf Feld 8.", "Das Spiel endet auf Feld 7.")], "track",
      ("aid.yaml", "Feld 7")),
    C("market", "editions", [("game.yaml", "subtitle@de: Ein kleines Handelsspiel im Laternenschein",
                               "subtitle@de: Ein kleines Handelsspiel für 2 bis 6 Spieler")], "players",
      ("game.yaml", "subtitle@de")),
    C("market", "editions", [("rules.de.md", ADD_DE, ADD_DE + "Für 2 bis 5 Spieler.\n")], "players",
      ("rules.de.md", "Für 2 bis 5")),
    C("market", "editions", [("rules.de.md", ADD_DE, ADD_DE + "Eine Partie dauert etwa 45 Minuten.\n")], "time",
      ("rules.de.md", "45 Minuten")),
    C("market", "editions", [("rules.md", "deal {{ parameters.deal }} to each player", "deal three to each player")],
      "deal", ("rules.md", "deal three")),
    C("market", "editions", [("aid.yaml", "The game ends at space 8.", "The game ends at space 9.")], "track",
      ("aid.yaml", "space 9")),
    C("market", "editions", [("cards.csv", "take 2 coins", "take 4 coins")], "coins", ("cards.csv", "take 4")),
    # ------------------------------------------------------------- sentences that name a deck or a pile
    C("market", "names", [("rules.md", "The market deck holds 7 cards.", "The market deck holds 8 cards.")],
      "card-count", ("rules.md", "holds 8 cards")),
    C("market", "names", [("rules.de.md", "Der Marktstapel hat sieben Karten.", "Der Marktstapel hat acht Karten.")],
      "card-count", ("rules.de.md", "acht Karten")),
    C("market", "names", [("rules.de.md", "Die Spielhilfe besteht aus 2 Karten.", "Die Spielhilfe besteht aus 3 Karten.")],
      "card-count", ("rules.de.md", "aus 3 Karten")),
    C("market", "names", [("rules.md", "The aid deck has two cards", "The aid deck has three cards")], "card-count",
      ("rules.md", "three cards")),
    C("market", "names", [("rules.md", "The aid deck has two cards", "The aid deck has 7 cards")], "card-count",
      ("rules.md", "has 7 cards")),        # the market deck's size, said of the aid deck
    C("market", "names", [("rules.de.md", "die Spielhilfe hat {{ decks.aid.total }} Karten",
                           "die Spielhilfe hat 5 Karten")], "card-count", ("rules.de.md", "hat 5 Karten")),
    C("cave", "names", [("cards.yaml", "back:\n  layout: cave-back\n", "piles: kind\nback:\n  layout: cave-back\n"),
                        ("rules.md", CAVE_ADD, CAVE_ADD + "\nThe seismograph pile holds 62 cards.\n")], "card-count",
      ("rules.md", "pile holds 62")),      # the whole deck's size, said of one pile
    C("cave", "names", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe deck holds forty-nine item cards.\n")], "card-count",
      ("rules.md", "forty-nine")),
    # ------------------------------------------------------------- numbers a player reads elsewhere
    C("cave", "elsewhere", [("items.csv", "Heavy with the robbers' greed.", "Heavy: it counts as 9 in volume.")],
      "backpack", ("items.csv", "9 in volume")),
    C("cave", "elsewhere", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe Gold Idol is worth 7.\n")], "card-stats",
      ("rules.md", "worth 7")),
    C("cave", "elsewhere", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe value of the Jade Idol is 9.\n")], "card-stats",
      ("rules.md", "Jade Idol is 9")),
    C("cave", "elsewhere", [("rules.md", CAVE_ADD, CAVE_ADD + "\nA Gold Idol — value 3.\n")], "card-stats",
      ("rules.md", "value 3")),
    C("cave", "elsewhere", [("items.csv", "bronze-idol,", "bronze-statue,"),
                            ("items.csv", ",Bronze Idol,", ",Bronze Statue,")], "examples",
      ("rules.md", "Bronze Idol")),     # a worked example naming a card the deck no longer has
    C("cave", "elsewhere", [("rules.md", "> **Example.** Your backpack holds",
                             "> **Example.** You may also find an item of value 7. Your backpack holds")], "examples",
      ("rules.md", "item of value 7")),  # a worked example using a value no card has
    C("miskatonic", "elsewhere", [("rules.md", MISK_ADD, MISK_ADD + "\nThe Revolver (uses 3) is loud.\n")],
      "card-stats", ("rules.md", "uses 3")),
    # ------------------------------------------------------------- wording read as a player reads it
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "The market deck holds 8 to 10 cards.\n")], "card-count",
      ("rules.md", "8 to 10")),
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "The market deck holds at least 9 cards.\n")], "card-count",
      ("rules.md", "at least 9")),
    C("market", "wording", [("rules.de.md", "Der Marktstapel hat sieben Karten.",
                             "Der Marktstapel hat einundzwanzig Karten.")], "card-count", ("rules.de.md", "einundzwanzig")),
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "The Market die has 8 faces.\n")], "dice",
      ("rules.md", "8 faces")),
    C("market", "wording", [("rules.de.md", ADD_DE, ADD_DE + "Der Marktwürfel hat 8 Seiten.\n")], "dice",
      ("rules.de.md", "8 Seiten")),
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "Each die has 4 sides.\n")], "dice", ("rules.md", "4 sides")),
    C("cave", "wording", [("rules.md", "1. Shuffle all {{ deck.total }} cards", "1. Shuffle all sixty-one cards")],
      "card-count", ("rules.md", "sixty-one")),
    C("cave", "wording", [("rules.md", "There are {{ seismos | length }} seismograph cards in the deck.",
                           "There are 10 to 12 seismograph cards in the deck.")], "seismographs", ("rules.md", "10 to 12")),
    C("cave", "wording", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe deck holds at most 50 cards.\n")], "card-count",
      ("rules.md", "at most 50")),
    C("cave", "wording", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe deck holds no fewer than 70 cards.\n")], "card-count",
      ("rules.md", "fewer than 70")),
    C("miskatonic", "wording", [("rules.md", MISK_ADD, MISK_ADD + "\nThe box holds twenty-four Health markers in all.\n")],
      "token-count", ("rules.md", "twenty-four")),
    C("miskatonic", "wording", [("rules.md", MISK_ADD, MISK_ADD + "\nThe Monster die has 8 faces.\n")], "dice",
      ("rules.md", "8 faces")),
    C("blob", "wording", [("rules.md", "The game lasts **{{ rounds }} rounds**", "The game lasts **twenty-six rounds**")],
      "rounds", ("rules.md", "twenty-six")),
    # ------------------------------------------------------------- variants
    C("cave", "variants", [("game.yaml", "  final_actions:", "  solo_actions:\n    value: 4\n    means: the actions of a "
                            "solo turn\n    says: [\"take # actions\"]\n    variant: Solo\n  final_actions:"),
                           ("rules.md", CAVE_ADD, CAVE_ADD + "\n## Solo variant\n\nOn your turn, take 5 actions.\n\n# Play\n")],
      "solo_actions", ("rules.md", "take 5 actions")),
    C("cave", "variants", [("rules.md", CAVE_ADD, CAVE_ADD + "\nOn your turn, take 2 actions.\n")], "actions",
      ("rules.md", "take 2 actions")),
    # ------------------------------------------------------------- faults that need two pieces
    C("blorg", "causes", [("cards.yaml", "requires: [[house]]     # written: found in the house",
                           "requires: [[house, radio]]"),
                          ("cards.yaml", "requires: [[house], [shed]]   # written: found in the house or the shed",
                           "requires: [[house, keys], [shed, keys]]")], "wins", ("cards.yaml", "requires: [[house, radio]]")),
    # ------------------------------------------------------------- mistakes in the spec: exit 2
    C("cave", "spec", [("cards.yaml", "back:\n  layout: cave-back\n", "piles: knd\nback:\n  layout: cave-back\n")],
      "spec-error", ("cards.yaml", "piles: knd")),
    C("market", "spec", [("aid.yaml", "layout: aid\n", "layout: aid\npiles: txt\n")], "spec-error",
      ("aid.yaml", "piles: txt")),
]

CORRECT = [
    C("market", "names", []),
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "The market deck holds 5 to 8 cards.\n")]),
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "The market deck holds at least 5 cards.\n")]),
    C("market", "names", [("rules.de.md", "Der Marktstapel hat sieben Karten.", "Der Stapel Laternenmarkt hat 7 Karten.")]),
    C("market", "wording", [("rules.md", ADD_EN, ADD_EN + "The 6 faces of the Market die show 1, 2, 3 and lanterns.\n")]),
    C("market", "variants", [("rules.md", ADD_EN, ADD_EN + "\n## Variant: a long night\n\nThe market deck holds 12 "
                              "cards when you shuffle in a second set.\n\n## More\n")]),
    C("market", "wording", [("rules.de.md", "Die Spielhilfe besteht aus 2 Karten.", "Die Spielhilfe besteht aus zwei Karten.")]),
    C("market", "editions", [("rules.de.md", "gebt allen 2 Karten", "gebt allen zwei Karten")]),
    C("market", "names", [("rules.md", "The market deck holds 7 cards.",
                           "The aid deck holds 2 cards and the market deck holds 7 cards.")]),
    C("cave", "names", [("cards.yaml", "back:\n  layout: cave-back\n", "piles: kind\nback:\n  layout: cave-back\n"),
                        ("rules.md", CAVE_ADD, CAVE_ADD + "\nThe seismograph pile holds 14 cards, the item pile 48.\n")]),
    C("cave", "wording", [("rules.md", "1. Shuffle all {{ deck.total }} cards", "1. Shuffle all sixty-two cards")]),
    C("cave", "wording", [("rules.md", "There are {{ seismos | length }} seismograph cards in the deck.",
                           "There are 12 to 16 seismograph cards in the deck.")]),
    C("cave", "wording", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe deck holds at least 40 cards.\n")]),
    C("cave", "variants", [("game.yaml", "  final_actions:", "  solo_actions:\n    value: 4\n    means: the actions of a "
                            "solo turn\n    says: [\"take # actions\"]\n    variant: Solo\n  final_actions:"),
                           ("rules.md", CAVE_ADD, CAVE_ADD + "\n## Solo variant\n\nOn your turn, take 4 actions.\n\n# Play\n")]),
    C("cave", "variants", [("rules.md", CAVE_ADD, CAVE_ADD + "\n## Variant: a short game\n\nOn your turn, take 2 actions."
                            "\n\n# Play\n")]),
    C("cave", "elsewhere", [("rules.md", CAVE_ADD, CAVE_ADD + "\nThe Gold Idol is worth 5, and the value of the Jade Idol "
                             "is 4.\n")]),
    C("cave", "elsewhere", [("items.csv", "Heavy with the robbers' greed.", "Heavy: it weighs 4 of the 15 in weight.")]),
    C("cave", "elsewhere", [("rules.md", "> **Example.** Your backpack holds",
                             "> **Example.** You may also find an item of value 5. Your backpack holds")]),
    C("blob", "wording", [("rules.md", "The game lasts **{{ rounds }} rounds**", "The game lasts **sixteen rounds**")]),
    C("blorg", "wording", [("rules.md", "# Setup\n", "# Setup\n\nShuffle all nine cards: the deck holds 9 cards in all, "
                            "each with 2 sides.\n")]),
    C("miskatonic", "wording", [("rules.md", MISK_ADD, MISK_ADD + "\nThe Investigator die has 6 faces, and the 6 faces "
                                 "of the Monster die show its symbols.\n")]),
    C("miskatonic", "elsewhere", [("rules.md", MISK_ADD, MISK_ADD + "\nThe Revolver (uses 2) is loud.\n")]),
    C("miskatonic", "translated checks", [("cards.yaml", "name: Axe,", "name: Axt,"),
                                          ("cards.yaml", "name: Needle,", "name: Nadel,")]),
]
