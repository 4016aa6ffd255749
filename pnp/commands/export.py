"""`pnp export`: card images for virtual tabletops and print-on-demand shops."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from pnp.cli import _console, _games, app, failures_exit

TARGET_HELP = ("tts (Tabletop Simulator), cgs (Card Game Simulator), tgc (The Game Crafter), mpc (MakePlayingCards) "
               "or tabletopia.")


def export_game(target: str, game_dir: Path, out: Path, quiet: bool = True,
                image_url: str | None = None, lang: str | None = None) -> tuple[Path, dict] | None:
    """`export_editions` for one set: (its folder, its manifest), the first edition's of a game with editions."""
    done = export_editions(target, game_dir, out, quiet, image_url, lang)
    return done[0] if done else None


def export_editions(target: str, game_dir: Path, out: Path, quiet: bool = True,
                    image_url: str | None = None, lang: str | None = None) -> list[tuple[Path, dict]] | None:
    """Load a game, render the target's images and publish them as one set in OUT/<game>/export/<target>/;
    None, with nothing written, when the game has no pieces the target takes.

    Names made from the game (its folder, deck names, card ids) are safe file names
    (`pnp.safename`); the writer (`pnp.output.publish`) writes nowhere else, and images an
    earlier export made that this one does not (a renamed card, a smaller deck) go with the old set.
    A game that lists `languages:` exports each edition `lang` asks for (one, a comma list, or all,
    the default) into OUT/<game>/<lang>/export/<target>/; every edition is made before any is
    published, so an error in one leaves every edition's export as it was.
    """
    from pnp.build import BuildOptions, editions_to_build
    from pnp.output import publish

    langs = editions_to_build(Path(game_dir), BuildOptions(lang=lang))
    from pnp.errors import SpecErrors
    from pnp.models.edition import in_edition

    staged = []
    for edition in langs or [None]:
        try:
            staged.append(_export_edition(target, game_dir, out, quiet, image_url, edition))
        except SpecErrors as e:
            raise SpecErrors(in_edition(e.errors, edition) if edition else e.errors) from None
    if not any(files for _, _, files, _ in staged):
        return None
    return [(published.folder, published.manifest) for published in
            (publish(out, where, files, {"game": name, "target": target, **edition})
             for where, name, files, edition in staged if files)]


def _export_edition(target: str, game_dir: Path, out: Path, quiet: bool, image_url: str | None,
                    lang: str | None) -> tuple[list[str], str, dict, dict]:
    """(where, the game's name, the files, the manifest's edition field) of one edition's export, not yet published."""
    import inspect

    from pnp.build import output_folder
    from pnp.export.raster import face_pages, game_pieces
    from pnp.export.target import load_target, local_folder_url
    from pnp.game import load_game
    from pnp.models.edition import loading
    from pnp.progress import progress_bar

    with loading(lang):
        game = load_game(game_dir)
    exporter = load_target(target)
    where = [output_folder(game_dir), *([lang] if lang else []), "export", target]
    options = {}
    if "image_url" in inspect.signature(exporter.export).parameters:  # a target whose files name their images
        options["image_url"] = (image_url.rstrip("/") + f"/{lang}/" if image_url and lang else image_url) \
            or local_folder_url(Path(out).joinpath(*where))
    elif image_url:
        raise typer.BadParameter(f"the {target} export does not refer to images by URL", param_hint="--image-url")
    with game.own_fonts():  # the pieces are measured and drawn in the game's own faces
        total = len(face_pages(game_pieces(game)))
        label = f"{game.name}{f' [{lang}]' if lang else ''} → {target}"
        with progress_bar(label, total=total, quiet=quiet) as bar:
            files = exporter.export(game, step=bar.advance, **options)
    if not any(name.endswith(".png") for name in files):
        files = {}
    return where, game.name, files, ({"language": lang} if lang else {})


@app.command()
def export(
    target: str = typer.Argument(..., help=TARGET_HELP),
    game_dirs: Optional[List[Path]] = typer.Argument(None, help="Game folders (default: the game here, else every "
                                                     "game under ./cardspecs/, else the bundled examples)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; images go in <out>/<game>/export/<target>/."),
    image_url: str = typer.Option(None, "--image-url", help="tts: the base URL the images will be uploaded to "
                                  "(default: file:// URLs of the export folder)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print errors only."),
    lang: str = typer.Option(None, "--lang", help="A game listing `languages:`: the edition to export (de), several "
                             "(de,ar) or all (the default), each in <out>/<game>/<lang>/export/<target>/."),
):
    """Export a game's pieces (cards, tokens, boards, dice) as images for Tabletop Simulator (with a saved
    object it loads), Card Game Simulator (a game folder it loads), The Game Crafter, MakePlayingCards or
    Tabletopia. With no folder named, the games are found as `pnp build` finds them."""
    import time

    from pnp.export.target import target_names
    from pnp.output import OutputError

    target = target.lower()
    if target not in target_names():
        raise typer.BadParameter(f"unknown target {target!r}: use {', '.join(target_names())}", param_hint="TARGET")
    if image_url is not None:
        image_url = _checked_url(image_url)
    for game_dir in _games(game_dirs, out):
        start = time.perf_counter()
        with failures_exit(OutputError):
            done = export_editions(target, game_dir, out, quiet, image_url, lang)
        if done is None:  # nothing to export is not a fault: say so, write nothing
            _console(True).print(f"[yellow]{game_dir.resolve().name}: no pieces to export for {target}; nothing written[/]")
            continue
        for target_dir, manifest in done:
            images = sum(1 for f in manifest["files"] if f["file"].endswith(".png"))
            if not quiet:
                _console().print(f"[green]✓[/] {manifest['game']}: {images} images for {target} → {target_dir}/ "
                                 f"({time.perf_counter() - start:.1f} s)")


def _checked_url(url: str) -> str:
    """An http(s) or file URL with no spaces, quotes or control characters (it is written into JSON
    that another program opens); a usage error otherwise."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if (parts.scheme not in ("https", "http", "file") or (parts.scheme != "file" and not parts.netloc)
            or len(url) > 2000 or any(c.isspace() or c in "\"'<>\\" or ord(c) < 32 for c in url)):
        raise typer.BadParameter("give an http(s):// or file:// URL without spaces or quotes, "
                                 "e.g. https://example.org/my-game/", param_hint="--image-url")
    return url
