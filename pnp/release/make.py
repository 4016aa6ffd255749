"""Making a release: each edition loaded once, and every file of it made from that one load.

An edition's home builds on A4 and on Letter, its shop sets, its tabletop exports and its showcase
pictures all draw from the same loaded game (its specs read, checked and laid out once, its
pictures and fonts read once). Editions are independent, so on a machine with several cores they
are made at once in forked workers (`pnp.workers.ordered_map`). Nothing is written until every
edition is made; then the whole release replaces `<out>/<game>/` as one set.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Pos, SpecError, SpecErrors

PAPERS = ("a4", "letter")
SHOWCASE = ("hand", "spread", "contents")
SHOWCASE_SIZE = (1600, 1000)


@dataclass
class ReleaseResult:
    game: str
    folder: Path
    files: list[dict]
    warnings: list[SpecError] = field(default_factory=list)
    editions: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class EditionRelease:
    """One edition's files, {name in the release: (section, bytes)}, and its warnings."""

    title: str
    version: str
    files: dict[str, tuple[str, bytes]]
    warnings: list[SpecError]


def steps_per_edition(shops: list[str], tables: list[str]) -> int:
    return len(PAPERS) + len(shops) + len(tables) + 1


def release_game(game_dir: Path, out: Path, lang: str | None = None, bar=None) -> ReleaseResult:
    """Make and publish the release of one game into `out/<game>/`; SpecErrors (nothing written) on any error."""
    from pnp.build import BuildOptions, _check_out_is_not_the_game, editions_to_build, output_folder
    from pnp.models.edition import in_edition
    from pnp.output import publish
    from pnp.release.index import first_picture, index_page, preview_name
    from pnp.workers import ordered_map

    start = time.perf_counter()
    game_dir = Path(game_dir)
    folder = output_folder(game_dir)
    _check_out_is_not_the_game(game_dir, Path(out, folder))
    langs = editions_to_build(game_dir, BuildOptions(lang=lang))
    editions: list[str | None] = list(langs) or [None]
    shops, tables = release_targets(game_dir)
    if bar is not None:
        bar.set_total(len(editions) * steps_per_edition(shops, tables) + 1)

    def task(i: int):
        try:
            return "ok", make_edition(game_dir, editions[i], shops, tables, folder)
        except SpecErrors as e:
            return "errors", in_edition(e.errors, editions[i]) if editions[i] else list(e.errors)

    made: list[EditionRelease] = []
    for i, (outcome, value) in enumerate(ordered_map(task, len(editions))):
        if outcome == "errors":
            raise SpecErrors(value)
        made.append(value)
        if bar is not None:
            bar.advance(steps_per_edition(shops, tables))
    files: dict[str, tuple[str, str | None, bytes]] = {}
    for edition, release in zip(editions, made):
        files.update({name: (section, edition, data) for name, (section, data) in release.files.items()})
    previews = {}
    pictures = {}
    for name, (section, _, data) in sorted(files.items()):
        picture = first_picture(name, data)
        if picture is not None:
            previews[name] = preview_name(name)
            pictures[preview_name(name)] = picture
    headings = [(e, f"{e} edition" if e else made[0].title) for e in editions]
    page = index_page(made[0].title, made[0].version, headings, files, previews)
    outputs = {**{name: data for name, (_, _, data) in files.items()}, **pictures, "index.html": page}
    published = publish(out, [folder], outputs, {"game": folder, "title": made[0].title, "version": made[0].version,
                                                 "editions": [e for e in editions if e], "shops": shops,
                                                 "tables": tables})
    if bar is not None:
        bar.advance(1)
    warnings = _unique([w for r in made for w in r.warnings])
    return ReleaseResult(folder, published.folder, published.manifest["files"], warnings, list(langs),
                         time.perf_counter() - start)


def release_targets(game_dir: Path) -> tuple[list[str], list[str]]:
    """The shops and tables game.yaml's `release:` lists (default: pdfx4, no table); an unknown one is an
    error at its name, naming those there are."""
    from pnp.errors import did_you_mean, display_path
    from pnp.export.target import target_names
    from pnp.printshop.profiles import SHOPS, shop_names
    from pnp.reading.load import load_yaml, locate

    path = Path(game_dir) / "game.yaml"
    try:
        raw = load_yaml(path)
    except SpecErrors:
        return ["pdfx4"], []  # loading the game reports it
    release = raw.get("release") if hasattr(raw, "get") else None
    release = release if hasattr(release, "get") else {}
    errors = []
    chosen = {}
    for key, known, default in (("shops", shop_names(), ["pdfx4"]), ("tables", target_names(), [])):
        names = release.get(key, default)
        if not isinstance(names, list):
            chosen[key] = default  # the game's model reports the wrong shape
            continue
        for i, name in enumerate(names):
            if name not in known and not (key == "shops" and name in SHOPS):
                errors.append(SpecError(locate(raw, ["release", key, i]) if hasattr(raw, "get") else Pos(display_path(path)),
                                        f"release.{key}: no {key[:-1]} '{name}'{did_you_mean(str(name), known)} "
                                        f"(there are: {', '.join(known)})"))
        chosen[key] = [str(n) for n in dict.fromkeys(names)]
    if errors:
        raise SpecErrors(errors)
    return chosen["shops"], chosen["tables"]


def make_edition(game_dir: Path, lang: str | None, shops: list[str], tables: list[str],
                 folder: str) -> EditionRelease:
    """Every file of one edition's release, from one load of the game."""
    from pnp.collector import collector_paused
    from pnp.game import load_game
    from pnp.models.edition import loading

    from pnp.export.raster import faces_shared

    with loading(lang):
        with collector_paused():
            game = load_game(game_dir)
        with game.own_fonts(), faces_shared():  # a face drawn once serves every shop and table that takes it
            return _edition_files(game, lang, shops, tables, folder)


def _edition_files(game, lang: str | None, shops: list[str], tables: list[str], folder: str) -> EditionRelease:
    from pnp.build import BuildOptions, refuse_warnings_if_strict, render
    from pnp.export.target import load_target
    from pnp.printshop.build import shop_set
    from pnp.printshop.profiles import SHOPS
    from pnp.release.kit import home_kit
    from pnp.release.zips import deterministic_zip
    from pnp.spool import Spooled

    prefix = f"{lang}/" if lang else ""
    stem = f"{folder}-{lang}" if lang else folder
    title = (game.game.title if game.game else "") or game.name
    version = str(game.game.version) if game.game else ""
    files: dict[str, tuple[str, bytes]] = {}
    warnings: list[SpecError] = []
    own_paper = str(BuildOptions().for_game(game).paper)
    shown = None  # the build on the game's own paper, which the showcase's box contents picture reads
    for paper in PAPERS:
        opts = BuildOptions(paper=paper).for_game(game)
        rendered = render(game, opts)
        if paper == own_paper:
            shown = rendered
        built = {n: (d.contents() if isinstance(d, Spooled) else d) for n, d in rendered.files.items()}
        kit, _ = home_kit(title, lang, paper, str(opts.duplex), built)
        files[f"{prefix}{stem}-{paper}.zip"] = ("kit", kit)
    refuse_warnings_if_strict(game, BuildOptions())
    warnings += game.errors.warnings
    for name in shops:
        made, said = shop_set(game, SHOPS[name])
        warnings += said
        if SHOPS[name].output == "png":  # a picture for every face: one zip to upload from
            if made:
                files[f"{prefix}{stem}-shop-{name}.zip"] = ("shop", deterministic_zip(made))
        else:
            files.update({f"{prefix}shop/{name}/{n}": ("shop", d) for n, d in made.items()})
    for name in tables:
        target = load_target(name)
        made = target.export(game)
        if made:
            files[f"{prefix}{stem}-{name}.zip"] = ("table", deterministic_zip(made))
        else:  # the refusal, said: the release is complete without it
            warnings.append(SpecError(_game_yaml(game), f"release.tables: {target.TITLE} takes none of this "
                                                        f"game's pieces: no {name} file in the release"))
    files.update(_showcase(game, prefix, shown))
    return EditionRelease(title, version, files, warnings)


def _showcase(game, prefix: str, built) -> dict[str, tuple[str, bytes]]:
    """The showcase pictures the game has cards for (a game without cards: the box contents only)."""
    from pnp.export.raster import png
    from pnp.showcase import ShowcaseError, ShowcaseOptions, make_showcase

    out = {}
    for layout in SHOWCASE:
        try:
            picture = make_showcase(game, ShowcaseOptions(layout=layout, size=SHOWCASE_SIZE), built)
        except ShowcaseError:
            continue
        out[f"{prefix}showcase/{layout}.png"] = ("showcase", png(picture.image))
    return out


def _game_yaml(game) -> Pos:
    from pnp.errors import display_path

    return Pos(display_path(game.dir / "game.yaml"))


def _unique(warnings: list[SpecError]) -> list[SpecError]:
    seen, out = set(), []
    for w in warnings:
        key = (str(w.pos), w.message)
        if key not in seen:
            seen.add(key)
            out.append(w)
    return out
