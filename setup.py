"""The package list, which pyproject.toml alone cannot give: pnp's own packages, found, and the
top-level folders the design card asks for, installed under pnp's name so a wheel carries them:
`cardspecs/` (the bundled games) as `pnp.examples`, `templates/` (`pnp new`'s starters) as
`pnp.templates`. Everything else about the project is in pyproject.toml."""
from setuptools import find_namespace_packages, setup

setup(
    packages=find_namespace_packages(include=["pnp", "pnp.*"], exclude=["pnp.examples*", "pnp.templates*"])
    + ["pnp.examples", "pnp.templates"],
    package_dir={"pnp.examples": "cardspecs", "pnp.templates": "templates"},
)
