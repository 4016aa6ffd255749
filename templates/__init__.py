"""The starter games `pnp new` copies, installed as the package `pnp.templates` (pyproject maps it here)."""
