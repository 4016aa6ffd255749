"""`pnp export`: card images for virtual tabletops and print-on-demand shops."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import _console, app, failures_exit

TARGET_HELP = "tts (Tabletop Simulator), tgc (The Game Crafter), mpc (MakePlayingCards) or tabletopia."


def export_game(target: str, game_dir: Path, out: Path, quiet: bool = True) -> tuple[Path, dict]:
    """Load a game, render the target's images and publish them as one set in OUT/<game>/export/<target>/.

    Names made from the game (its folder, deck names, card ids) are safe file names
    (`pnp.safename`); the writer (`pnp.output.publish`) writes nowhere else, and images an
    earlier export made that this one does not (a renamed card, a smaller deck) go with the old set.
    """
    from pnp.build import output_folder
    from pnp.export.raster import decks, face_pages
    from pnp.export.target import load_target
    from pnp.game import load_game
    from pnp.output import publish
    from pnp.progress import progress_bar

    game = load_game(game_dir)
    exporter = load_target(target)
    total = sum(len(face_pages(d)) for d in decks(game))
    with progress_bar(f"{game.name} → {target}", total=total, quiet=quiet) as bar:
        files = exporter.export(game, step=bar.advance)
    published = publish(out, [output_folder(game_dir), "export", target], files, {"game": game.name, "target": target})
    return published.folder, published.manifest


@app.command()
def export(
    target: str = typer.Argument(..., help=TARGET_HELP),
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; images go in <out>/<game>/export/<target>/."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
):
    """Export a game's decks as PNG images for Tabletop Simulator, The Game Crafter, MakePlayingCards or Tabletopia."""
    import time

    from pnp.export.target import target_names
    from pnp.output import OutputError

    target = target.lower()
    if target not in target_names():
        raise typer.BadParameter(f"unknown target {target!r}: use {', '.join(target_names())}", param_hint="TARGET")
    start = time.perf_counter()
    with failures_exit(OutputError):
        target_dir, manifest = export_game(target, game_dir, out, quiet)
    images = sum(1 for f in manifest["files"] if f["file"].endswith(".png"))
    if not images:
        _console(True).print(f"[yellow]{game_dir}: no decks to export[/]")
    if not quiet:
        _console().print(f"[green]✓[/] {manifest['game']}: {images} images for {target} → {target_dir}/ "
                         f"({time.perf_counter() - start:.1f} s)")
