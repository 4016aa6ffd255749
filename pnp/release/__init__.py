"""`pnp release`: everything a publisher uploads, made in one command from one version of a game.

For each edition: the home-print kits on A4 and on Letter (`kit.py`: a zip each, opening with a page
that says what to print and how), the files of each print shop `release: shops:` lists, the
tabletop exports `release: tables:` lists and the showcase pictures (`make.py`, which loads each
edition once and makes all of them from it); then `index.html` to browse the release (`index.py`)
and a manifest, published as one set (`pnp.output.publish`). Zips are byte-identical for the same
input (`zips.py`). See docs/release.md.
"""
