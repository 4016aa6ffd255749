"""`pnp showcase`: PNG pictures of a game (a fanned hand, a spread of cards, the box contents)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.cli import _console, _escape, app, failures_exit

DEFAULT_LAYOUTS = "hand,spread,contents"


def showcase_files(game_dir: Path, layouts: list[str], names: list[str], options,
                   lang: str | None = None) -> tuple[str, str | None, dict[str, bytes]]:
    """Load the game (as edition `lang` of a game listing `languages:`, default its source language) and make
    each layout's picture: (game name, the edition's language or None, {file name: PNG bytes})."""
    from dataclasses import replace

    from pnp.export.raster import png
    from pnp.game import load_game
    from pnp.models.edition import loading
    from pnp.showcase import make_showcase

    with loading(lang):
        game = load_game(game_dir)
    files = {}
    with game.own_fonts():  # the game's faces, and its edition's shaping and words
        for layout, name in zip(layouts, names):
            files[f"{name}.png"] = png(make_showcase(game, replace(options, layout=layout)).image)
    return game.name, game.edition.lang if game.edition is not None else None, files


def showcase_editions(game_dir: Path, layouts: list[str], names: list[str], options,
                      lang: str | None = None) -> list[tuple[str, str | None, dict[str, bytes]]]:
    """`showcase_files` of every edition `lang` asks for (one, a comma list, or all, the default; a game
    without languages: the game once), all made before any is published."""
    from pnp.build import BuildOptions, editions_to_build
    from pnp.errors import SpecErrors
    from pnp.models.edition import in_edition

    made = []
    for edition in editions_to_build(Path(game_dir), BuildOptions(lang=lang)) or [None]:
        try:
            made.append(showcase_files(game_dir, layouts, names, options, edition))
        except SpecErrors as e:
            raise SpecErrors(in_edition(e.errors, edition) if edition else e.errors) from None
    return made


def publish_showcase(out: Path, game_dir: Path, game: str, files: dict[str, bytes],
                     lang: str | None = None) -> tuple[Path, list[str]]:
    """Write the pictures to OUT/<game>/showcase/ (an edition's to OUT/<game>/<lang>/showcase/) as one set,
    keeping the earlier pictures this run did not remake."""
    from pnp.build import output_folder
    from pnp.output import publish, read_manifest, read_output, sha256

    where = [output_folder(game_dir), *([lang] if lang else []), "showcase"]
    folder = Path(out, *where)
    kept = {}
    for entry in (read_manifest(folder) or {}).get("files", []):
        name = entry.get("file") if isinstance(entry, dict) else None
        if isinstance(name, str) and name.endswith(".png") and "/" not in name and name not in files:
            data = read_output(folder, name)
            if data is not None and sha256(data) == entry.get("sha256"):
                kept[name] = data
    published = publish(out, where, {**kept, **files}, {"game": game, **({"language": lang} if lang else {})})
    return published.folder, sorted(kept)


@app.command()
def showcase(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    layout: str = typer.Option(DEFAULT_LAYOUTS, "--layout",
                               help="hand (a fanned hand), spread (cards flat in rows), contents (one of every "
                                    "component); several with commas."),
    cards: Optional[str] = typer.Option(None, "--cards", help="Card ids for hand and spread, comma-separated "
                                                              "(default: a few from across the first deck)."),
    size: str = typer.Option("1600x1000", "--size", help="Picture size WIDTHxHEIGHT in pixels."),
    tilt: float = typer.Option(0.0, "--tilt", min=0.0, max=60.0, help="Lean the table back by this many degrees."),
    background: str = typer.Option("#2e4a3f", "--background", help="Table colour (#rrggbb or a colour name)."),
    name: Optional[str] = typer.Option(None, "--name", help="File name without .png, for a single layout "
                                                            "(default: the layout's name)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; pictures go in <out>/<game>/showcase/."),
    lang: Optional[str] = typer.Option(None, "--lang", help="A game listing `languages:`: the edition to show "
                                                            "(de), several (de,ar) or all (the default); pictures "
                                                            "go in <out>/<game>/<lang>/showcase/."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
):
    """Make PNG pictures of a game for a shop or crowdfunding page, in OUT/<game>/showcase/."""
    import time

    from pnp.output import OutputError
    from pnp.safename import why_not_plain
    from pnp.showcase import LAYOUTS, ShowcaseError, ShowcaseOptions, parse_colour, parse_size

    start = time.perf_counter()
    layouts = list(dict.fromkeys(p.strip().lower() for p in layout.split(",") if p.strip()))
    bad = [p for p in layouts if p not in LAYOUTS]
    if bad or not layouts:
        raise typer.BadParameter(f"unknown layout {bad[0] if bad else layout!r}: use {', '.join(LAYOUTS)}",
                                 param_hint="--layout")
    if name is not None:
        if len(layouts) != 1:
            raise typer.BadParameter("--name names one picture: give a single --layout with it", param_hint="--name")
        why = why_not_plain(name)
        if why:
            raise typer.BadParameter(f"{name!r} cannot be a file name: {why}", param_hint="--name")
    with failures_exit(ShowcaseError, OutputError):
        options = ShowcaseOptions(size=parse_size(size), background=parse_colour(background), tilt=tilt,
                                  cards=tuple(c.strip() for c in (cards or "").split(",") if c.strip()))
        made = showcase_editions(game_dir, layouts, [name] if name else layouts, options, lang)
        shown = [(game, files, publish_showcase(out, game_dir, game, files, edition)[0])
                 for game, edition, files in made]
    if not quiet:
        for game, files, folder in shown:
            _console().print(f"[green]✓[/] {_escape(game)}: {', '.join(sorted(files))} → {_escape(str(folder))}/ "
                             f"({time.perf_counter() - start:.1f} s)")
