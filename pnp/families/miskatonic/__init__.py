"""The rules referee of Miskatonic Valley: content checks against the rulebook, and a lean simulator.

One job per module:

- `rules`  — the rulebook's numbers (`NUMBERS`, the game's `parameters:` over them) and how the
  referee finds the game's parts (its board, tokens, dice, cards);
- `checks` — content checks (`referee_check`): tomes = 5 Pages + 4 Curses = bookshelf locations; the
  Sanitarium exists and every space is reachable; each scenario's Ancient One can reach its
  destination; investigator packs carry 4 Health and 4 Wits; the Store has its four items; the dice
  (`kind: dice`) have exactly the faces the rules list; and the figures (`referee_facts`);
- `play`   — the simulation (`referee_simulate`): simple policies play whole games on the board
  (moving by BFS distances computed once, fighting with the dice, tomes, the Star Chart, the Ancient
  One's march). The Axe and the Cultist variant are not modelled.
"""
from pnp.families.miskatonic.checks import referee_check, referee_facts
from pnp.families.miskatonic.play import Setup, _Game, _setup, referee_simulate
from pnp.families.miskatonic.rules import DEFAULT_NUMBERS, NUMBERS

__all__ = ["DEFAULT_NUMBERS", "NUMBERS", "Setup", "_Game", "_setup", "referee_check", "referee_facts",
           "referee_simulate"]
