"""The rules referee: does a game's content obey its own rules, and does the game work?

Three layers: declared checks (Jinja2 expressions in game.yaml, for any game),
rule-family checks in code (`pnp/referee/<family>.py`, chosen by `family:` in
game.yaml), and simulations. A family module provides
`check(game: GameContext) -> list[Finding]` and may provide
`simulate(game, games: int, seed: int, progress=None) -> dict`.
"""
