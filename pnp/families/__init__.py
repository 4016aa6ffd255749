"""The rule families pnp ships: each a referee plugin for one game's rules (`family:` in game.yaml).

They are registered through the `pnp.families` entry point exactly as another package's family
would be (pyproject.toml), and nothing outside this package imports them: the generic referee
(`pnp.referee`) finds a family only through `pnp.plugins`. The protocol a family follows is
`pnp.referee.family.RefereeFamily` (docs/referee.md).
"""
