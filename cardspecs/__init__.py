"""The bundled example games, installed as the package `pnp.examples` (pyproject maps it here)."""
