"""The rules referee: does a game's content obey its own rules, and does the game work?

Three layers: declared checks (Jinja2 expressions in game.yaml, for any game;
`checks.py`), the rule family's checks in code (chosen by `family:` in
game.yaml and found through the `pnp.families` entry points; the contract is
`family.RefereeFamily`), and simulations (`referee_simulate`, drawn into
balance.pdf by `balance.py`).
"""
