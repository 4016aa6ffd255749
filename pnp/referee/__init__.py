"""The rules referee: does a game's content obey its own rules, and does the game work?

Three layers: declared checks (Jinja2 expressions in game.yaml, for any game),
rule-family checks in code (`pnp/referee/<family>.py`, chosen by `family:` in
game.yaml), and simulations. A family module provides
`referee_check(game: GameContext) -> list[Finding]` and may provide
`referee_simulate(game, games: int, seed: int, progress=None) -> SimResult` and
`referee_facts(game) -> list[str]` (notes printed by `pnp check`, never failures).
"""
