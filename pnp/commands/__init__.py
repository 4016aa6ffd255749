"""CLI commands, one module per verb; each module registers its commands on `pnp.cli.app`.

Keep imports at module level cheap (typer only): heavy libraries are imported
inside the command functions so that `pnp --help` stays quick.
"""
