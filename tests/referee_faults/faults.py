"""Seeded designer mistakes and legal-but-unusual edits of the four bundled games, as data.

Each entry: (game, file, old text, new text, expected rule) — `None` for a legal edit that must
pass. "spec-error" means `pnp check` refuses the game with a located spec error (exit 2).
`text` marks a fault in printed words (rulebook, card, sheet or token text).
"""
from __future__ import annotations

from typing import NamedTuple


class Edit(NamedTuple):
    game: str
    file: str
    old: str
    new: str
    rule: str | None
    text: bool = False
    at: str | None = None    # the file the finding belongs in, when not the edited one (a parameter changed)


E = Edit
FAULTS = [
    # ---------------------------------------------------------------- cave
    E("cave", "cards.yaml", "{id: seismo-5, count: 2,", "{id: seismo-5, count: 1,", "seismograph-count"),
    E("cave", "game.yaml", "quake_at:\n    value: 21", "quake_at:\n    value: 41", "seismograph-sum", at="cards.yaml"),
    E("cave", "cards.yaml", "{id: seismo-3, count: 3, layout: seismograph,",
      "{id: seismo-3, count: 3, layout: seismograph, back: {layout: item, fields: {name: Seismograph}},", "backs"),
    E("cave", "cards.yaml", "tremor: 3, note", "tremor: 9, note", "spec-error"),
    E("cave", "game.yaml", "piles:\n    value: 4", "piles:\n    value: 40", "piles", at="cards.yaml"),
    E("cave", "items.csv", "gold-idol,Gold Idol,2,4,5,", "gold-idol,Gold Idol,2,4,7,", "spec-error"),
    E("cave", "rules.md", ":measuring-cup:", ":measuring-jug:", "icons", True),
    E("cave", "rules.md", '{{ card("cave", first_item, side="back"', '{{ card("cave", "seismo-0", side="back"', "cards", True),
    E("cave", "layouts.yaml", "**{{ parameters.quake_at }} or more**", "**20 or more**", "quake_at", True),
    E("cave", "rules.md", "add up to **{{ quake }} or more**", "add up to **20 or more**", "quake_at", True),
    E("cave", "rules.md", "**{{ limit }} in volume**", "**12 in volume**", "backpack", True),
    E("cave", "rules.md", "take **{{ actions }} actions**", "take **4 actions**", "actions", True),
    E("cave", "rules.md", "one final turn of {{ final_actions }} actions", "one final turn of 4 actions",
      "final_actions", True),
    E("cave", "rules.md", "would make volume {{ limit }} and", "would make volume 16 and", "backpack", True),
    E("cave", "rules.md", "Each shows a tremor from {{ tremors }}:", "Each shows a tremor from 1 to 6:", "stat_max", True),
    E("cave", "game.yaml", "subtitle: Loot it before the quake", "subtitle: Loot it before the quake at 20",
      "quake_at", True),
    E("cave", "rules.md", "Divide the deck into {{ piles }} face-down", "Divide the deck into 5 face-down", "piles", True),
    # ---------------------------------------------------------------- blob
    E("blob", "sheet.yaml", "grow. 16 rounds.", "grow. 15 rounds.", "rounds", True),
    E("blob", "rules.md", "The game lasts **{{ rounds }} rounds**", "The game lasts **15 rounds**", "rounds", True),
    E("blob", "rules.md", "After round {{ rounds }} the game ends", "After round 12 the game ends", "rounds", True),
    E("blob", "rules.md", "you gain {{ free_squares }} **free square**", "you gain 2 **free square**",
      "free_squares", True),
    E("blob", "sheet.yaml", "then add 1 free square touching", "then add 2 free squares touching", "free_squares", True),
    E("blob", "rules.md", "covers a bonus square :star:", "covers a bonus square :stars:", "icons", True),
    E("blob", "sheet.yaml", "    boxes: 16 ", "    boxes: 15 ", "rounds"),
    E("blob", "sheet.yaml", '{label: X, shape: ["##"], at: [10, 15]', '{label: X, shape: ["##"], at: [15, 15]', "spec-error"),
    E("blob", "sheet.yaml", '{label: X, shape: ["##"]', '{label: X, shape: ["#.#"]', "spec-error"),
    E("blob", "sheet.yaml", "cells: [[6, 1], [13, 2]", "cells: [[16, 1], [13, 2]", "spec-error"),
    E("blob", "sheet.yaml", "cells: [[6, 1], [13, 2]", "cells: [[6, 1], [6, 1]", "spec-error"),
    E("blob", "sheet.yaml", '      - {label: Total, before: "="}\n', "", "score-sheet"),
    E("blob", "sheet.yaml", "    slots: 2 ", "    slots: 1 ", "rounds"),
    E("blob", "sheet.yaml", "    grid: city\n    columns: 3", "    grid: blob\n    columns: 3", "score-sheet"),
    E("blob", "rules.md", "by the end of round {{ rounds }}", "by the end of round 10", "rounds", True),
    # ---------------------------------------------------------------- blorg
    E("blorg", "rules.md", "if you hold fewer than {{ max_items }} items", "if you hold fewer than 5 items",
      "hand_items", True),
    E("blorg", "rules.md", "positions 1 to {{ positions }} counting", "positions 1 to 5 counting", "timeline", True),
    E("blorg", "rules.md", "If there is a card in position {{ positions }}, flip", "If there is a card in position 3, flip",
      "timeline", True),
    E("blorg", "cards.yaml", "one scarecrow keeping watch.", "one scarecrow keeping watch. Mind your hand limit of 5.",
      "hand_items", True),
    E("blorg", "cards.yaml", ":spacecraft: A ship flies over.", ":spaceship: A ship flies over.", "spec-error", True),
    E("blorg", "game.yaml", "subtitle: A solitaire escape for one stranded alien",
      "subtitle: A solitaire escape in 10 double-sided cards", "cards", True),
    E("blorg", "cards.yaml", "if: [[crop-circle, radio], [signal]]", "if: [[crop-circle, radio], []]", "endings"),
    E("blorg", "cards.yaml", "if: [[crop-circle, radio], [signal]]", "if: [[crop-circle, radio], [corn]]", "endings"),
    E("blorg", "cards.yaml", "if: [[crop-circle, radio], [signal]]", "if: [[crop-circle, radio], [signl]]", "icons"),
    E("blorg", "cards.yaml", "effect: {win: spacecraft}", "effect: {wins: spacecraft}", "effects"),
    E("blorg", "cards.yaml", "            who: fbi\n", "            who: fbi\n            unless: [[]]\n", "endings"),
    E("blorg", "cards.yaml", "start_hand: [crash-site, memory-eraser]", "start_hand: [crash-site]", "rulebook"),
    E("blorg", "cards.yaml", "repair: [sprocket, alarm-clock, duct-tape]", "repair: [sprocket, duct-tape]", "rulebook"),
    E("blorg", "game.yaml", "cards:\n    value: 9", "cards:\n    value: 10", "nine cards"),
    E("blorg", "cards.yaml", "          - at: 1\n            who: null", "          - at: 5\n            who: null",
      "event-position"),
    # ---------------------------------------------------------------- miskatonic
    E("miskatonic", "rules.md", "It has **{{ ao_health }} Health**", "It has **5 Health**", "ao_health", True),
    E("miskatonic", "rules.md", "it marches {{ ao_step }} spaces instead", "it marches 3 spaces instead", "ao_step", True),
    E("miskatonic", "rules.md", "fewer than {{ monster_cap }} monsters", "fewer than 5 monsters", "monster_cap", True),
    E("miskatonic", "rules.md", "lets you move up to {{ elder_move }}, and", "lets you move up to 5, and",
      "elder_move", True),
    E("miskatonic", "cards.yaml", "heal the number rolled minus 3", "heal the number rolled minus 2", "minus", True),
    E("miskatonic", "rules.md", "({{ pages }} Pages and", "(6 Pages and", "pages", True),
    E("miskatonic", "rules.md", "costs you {{ tome_wits }} Wits", "costs you 2 Wits", "tome_wits", True),
    E("miskatonic", "rules.md", "| :revolver: **Revolver**", "| :pistol: **Revolver**", "icons", True),
    E("miskatonic", "tokens.yaml", "max: 6, color: \"#4a148c\"", "max: 5, color: \"#4a148c\"", "ancient-one-health"),
    E("miskatonic", "tokens.yaml", "radial:\n      arms: 4", "radial:\n      arms: 5", "star-chart"),
    E("miskatonic", "tokens.yaml", "{id: star, name: Star, shape: circle, size: 12mm, count: 4,",
      "{id: star, name: Star, shape: circle, size: 12mm, count: 3,", "star-chart"),
    E("miskatonic", "tokens.yaml", "{id: page, name: Page, shape: rounded, size: 14mm, count: 5,",
      "{id: page, name: Page, shape: rounded, size: 14mm, count: 4,", "tomes"),
    E("miskatonic", "tokens.yaml", '{name: Health, icon: health, max: 4, color: "#c62828"',
      '{name: Health, icon: health, max: 5, color: "#c62828"', "packs"),
    E("miskatonic", "game.yaml", "ao_health: {value: 6,", "ao_health: {value: 7,", "ancient-one-health", at="board.yaml"),
    E("miskatonic", "cards.yaml", "(**4** with an Elder Sign)", "(**5** with an Elder Sign)", "elder_value", True),
    E("miskatonic", "game.yaml", "pages: {value: 5,", "pages: {value: 6,", "tomes", at="tokens.yaml"),
]

LEGAL = [
    E("cave", "items.csv", "gold-idol,Gold Idol,2,4,5,", "gold-idol,Gold Idol,2,4,4,", None),
    E("cave", "cards.yaml", "note: The whole hill groans!", "note: The hill groans 5 times over!", None),
    E("cave", "rules.md", "Every card has the same back,", "All 62 cards share one back,", None),
    E("cave", "game.yaml", "quake_at:\n    value: 21", "quake_at:\n    value: 20", None),
    E("cave", "game.yaml", "backpack:\n    value: 15", "backpack:\n    value: 14", None),
    E("cave", "rules.md", "# Setup\n", "# Setup\n\nA game of 3 players takes about 25 minutes.\n", None),
    E("blob", "sheet.yaml", '3: {area: "3", shape: ["###"]}', '3: {area: "3", shape: ["####"]}', None),
    E("blob", "sheet.yaml", '{label: X, shape: ["##"], at: [10, 15], points: 1}',
      '{label: X, shape: ["##"], at: [10, 15], points: 2}', None),
    E("blob", "sheet.yaml", "[9, 14]]", "[9, 13]]", None),
    E("blob", "sheet.yaml", "title: The Blob that Ate the City\n", "title: The Blob that Ate My Town\n", None),
    E("blob", "rules.md", "# Setup", "# Setup\n\nIn 2 rounds out of 3 you will eat something.\n", None),
    E("blorg", "cards.yaml", "one scarecrow keeping watch.", "one scarecrow, and 3 crows, keeping watch.", None),
    E("blorg", "game.yaml", "subtitle: A solitaire escape for one stranded alien",
      "subtitle: One stranded alien, 4 ways home", None),
    E("blorg", "cards.yaml", "A ship flies over.", "A silver ship flies over.", None),
    E("blorg", "rules.md", "## 3. Time passes {-}", "## 3. Time passes {-}\n\nThis takes 2 seconds.\n", None),
    E("miskatonic", "tokens.yaml", "{id: monster-1, name: 1-Health monster, shape: circle, size: 15mm, count: 6,",
      "{id: monster-1, name: 1-Health monster, shape: circle, size: 15mm, count: 7,", None),
    E("miskatonic", "game.yaml", "revolver_uses: {value: 2,", "revolver_uses: {value: 3,", None),
    E("miskatonic", "tokens.yaml", "arms: 4\n      spaces: 5", "arms: 4\n      spaces: 6", None),
    E("miskatonic", "rules.md", "## ", "Play takes 45 to 60 minutes for 2 to 4 players.\n\n## ", None),
]
