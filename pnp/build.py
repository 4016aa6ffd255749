"""Build one game: the one pipeline behind `pnp build`, `pnp watch` and the tests.

1. fingerprint the inputs (`pnp.fingerprint`: pnp, the options, the game's files by content);
   when the manifest in `<out>/<game>/` records that same hash and its files are intact,
   stop: nothing changed;
2. load and validate the game (`pnp.game.load_game`);
3. render unit by unit in memory — one unit per kind, then the rulebook — or, with a
   `UnitCache` (`pnp.buildcache`), take a unit's files from the last build when its
   inputs did not change; with `early`, hand the files made so far to a preview before
   the rulebook (which reads them, and is slow) is rendered (`Early`: never published);
4. assemble the manifest and publish every file as one set (`pnp.output.publish`): the
   previous outputs stay byte-identical until the new set is complete and swapped in.

Nothing is written unless the whole game rendered without an error, so a bad spec never
touches an earlier good output.
"""
from __future__ import annotations

import time
from functools import cache
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from pnp import __version__
from pnp.choices import Duplex, Format, Paper
from pnp.errors import Pos, SpecError, SpecErrors

if TYPE_CHECKING:  # the game's models load only when a game is built, not for an up-to-date check
    from pnp.context import GameContext

RULEBOOK = "rulebook"
LATER = (RULEBOOK,)  # units that read the other units' outputs: rendered last, after `early`


@dataclass(frozen=True, init=False)
class BuildOptions:
    """What one build is asked for: the options every game shares, then `kind_values`, the
    options a kind declares (`KindOption` in each registered kind's OPTIONS) that were given.

    A kind reads its option as an attribute (`options.gutter`): the value given, else the
    default its KindOption declares. So a kind from another package brings its options
    without a change here, and only options given reach the input hash."""

    paper: Paper | None  # None: the game's own default
    duplex: Duplex | None  # how backs meet fronts (cards, double-sided tokens); None: the game's own
    out: Path
    formats: tuple[Format, ...]
    force: bool
    strict: bool  # warnings (text overflow, missing glyphs, …) fail the build like errors
    dpi: int  # png: pixels per inch of every picture
    lang: str | None  # the edition to build of a game that lists `languages:` (None or "all": every one)
    kind_values: tuple[tuple[str, object], ...]  # (KindOption.dest, value) of the kind options given, sorted

    def __init__(self, *, paper=None, duplex=None, out=Path("output"), formats=(Format.PDF,), force=False,
                 strict=False, dpi=300, kind_values=(), lang=None, **given):
        """Spellings become members (a ValueError for any other), so every option holds an enum;
        a keyword no registered kind declares is a TypeError, as for any function."""
        given = {**dict(kind_values), **given}
        if given:
            from pnp.kinds import declared_options

            unknown = sorted(set(given) - set(declared_options()))
            if unknown:
                raise TypeError(f"no kind declares the build option {unknown[0]!r}")
        for name, value in (("paper", None if paper is None else Paper(paper)),
                            ("duplex", None if duplex is None else Duplex(duplex)), ("out", Path(out)),
                            ("formats", tuple(Format(f) for f in formats)), ("force", bool(force)),
                            ("strict", bool(strict)), ("dpi", int(dpi)), ("kind_values", tuple(sorted(given.items()))),
                            ("lang", None if lang is None else str(lang))):
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str):
        """A kind option: the value given, else its declared default (only names not found otherwise come here)."""
        if name.startswith("__"):
            raise AttributeError(name)
        for dest, value in self.__dict__.get("kind_values", ()):
            if dest == name:
                return value
        from pnp.kinds import declared_options

        option = declared_options().get(name)
        if option is None:
            raise AttributeError(f"no kind declares the build option {name!r}")
        return option.default

    def for_game(self, game: GameContext) -> "BuildOptions":
        defaults = game.game.print if game.game else None
        return replace(self, paper=self.paper or (defaults.paper if defaults else Paper.A4),
                       duplex=self.duplex or (defaults.duplex if defaults else Duplex.LONG))


@dataclass
class BuildResult:
    game: str
    out_dir: Path
    files: list[dict] = field(default_factory=list)  # the manifest's entries
    warnings: list[SpecError] = field(default_factory=list)
    skipped: bool = False  # nothing changed since the build in out_dir
    rebuilt: list[str] = field(default_factory=list)  # units rendered this time
    reused: list[str] = field(default_factory=list)  # units whose files came from the last build
    written: list[str] = field(default_factory=list)  # files whose bytes changed on disk
    seconds: float = 0.0
    editions: list[str] = field(default_factory=list)  # a game listing `languages:`: those built, each files' folder
    paper: list[str] = field(default_factory=list)  # "cards: 7 sheets (the least possible: 7)", a line a file of sheets

    def summary(self) -> str:
        """One line: what was rebuilt, what was reused, how long it took."""
        parts = []
        if self.rebuilt:
            parts.append("rebuilt " + ", ".join(self.rebuilt))
        if self.reused:
            parts.append("reused " + ", ".join(self.reused))
        quiet = "up to date" if self.skipped else "nothing to build"
        return f"{self.game}: {len(self.files)} files; {'; '.join(parts) or quiet} ({self.seconds:.2f} s)"


@dataclass
class Rendered:
    files: dict[str, bytes] = field(default_factory=dict)
    units: dict[str, dict[str, bytes]] = field(default_factory=dict)  # unit → its files, in build order
    rebuilt: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)


@dataclass
class Early:
    """The files of a build's units rendered so far, handed to `build_game`'s `early` before a unit
    of LATER that reads them (the rulebook) is rendered.

    For a preview only: these files are not published, and the build may still fail in a later
    unit; what the output folder and its cache record hold changes only when the whole build is.
    """

    game: str
    files: dict[str, bytes]  # name → bytes, of every unit rendered or reused so far
    pending: list[str]  # the units still to render
    warnings: list[SpecError]  # found so far
    rebuilt: list[str]
    reused: list[str]


def output_folder(game_dir: Path) -> str:
    """The name of the game's folder inside --out: its folder's name, as a safe file name."""
    from pnp.safename import slug

    return slug(Path(game_dir).resolve().name, fallback="game")


def build_game(game_dir: Path, options: BuildOptions, cache=None, progress: Callable | None = None,
               early: Callable[[Early], None] | None = None) -> BuildResult:
    """Build a game into `options.out/<game>/`; `cache` (a `pnp.buildcache.UnitCache`) reuses unchanged units;
    `early(Early)` is called before the rulebook is rendered, when units before it were rendered anew.

    A game that lists `languages:` is built once per edition (`options.lang`: one language, a comma
    list, or all when None or "all") into `options.out/<game>/<lang>/`, as one transaction: every
    edition is rendered first and the game's whole folder is then published at once, so an error in
    any edition leaves every edition's files as they were. The result lists every edition's files
    and warnings."""
    game_dir = Path(game_dir)
    langs = editions_to_build(game_dir, options)
    if not langs:
        staged = _stage(game_dir, options, [output_folder(game_dir)], cache, progress, early, None)
        if isinstance(staged, BuildResult):
            return staged
        return _publish_single(game_dir, options, staged)
    from pnp.game import source_language, source_mistakes
    from pnp.models.edition import in_edition, loading

    start = time.perf_counter()
    source = source_language(game_dir)
    staged_by_lang: dict[str, object] = {}
    for lang in langs:
        try:
            with loading(lang):
                staged_by_lang[lang] = _stage(game_dir, options, [output_folder(game_dir), lang],
                                              cache, progress, early, lang)
        except SpecErrors as e:  # a mistake the game as written has too is not this edition's
            common = set() if lang == source else source_mistakes(game_dir, source)
            raise SpecErrors(in_edition(e.errors, lang, source, common)) from None
    results, foreign = _publish_editions(game_dir, options, staged_by_lang)
    said = {(w.pos, w.message) for lang, r in zip(langs, results) if lang == source for w in r.warnings}
    for lang, result in zip(langs, results):
        if lang != source:  # the source edition's warnings are said once, by it
            result.warnings = [w for w in result.warnings if (w.pos, w.message) not in said]
        result.warnings = in_edition(result.warnings, lang, source)
    first = results[0]
    return BuildResult(first.game, Path(options.out) / output_folder(game_dir),
                       [dict(f, file=f"{r.out_dir.name}/{f['file']}") for r in results for f in r.files],
                       [w for r in results for w in r.warnings] + foreign, skipped=all(r.skipped for r in results),
                       rebuilt=sorted({u for r in results for u in r.rebuilt}),
                       reused=sorted({u for r in results for u in r.reused}),
                       written=[w for r in results for w in r.written], seconds=time.perf_counter() - start,
                       editions=list(langs), paper=first.paper)


def editions_to_build(game_dir: Path, options: BuildOptions) -> list[str]:
    """The languages to build: [] for a game that lists none (built as always, in <out>/<game>/);
    a --lang the game does not list is an error at its `languages:`."""
    import os

    from pnp.models.edition import declared_languages
    from pnp.reading.load import load_yaml, locate

    asked = options.lang
    game_file = Path(game_dir) / "game.yaml"
    if not os.path.isfile(game_file) or os.path.islink(game_file):
        return []  # load_game reports it
    try:
        raw = load_yaml(game_file)
    except SpecErrors:
        return []  # so does load_game, with everything else
    langs, _ = declared_languages(raw)
    if not langs:
        if asked not in (None, "all"):
            raise SpecErrors([SpecError(getattr(raw, "pos", None) or Pos(str(game_file)),
                                        f"--lang {asked}: this game lists no `languages:` (see docs/languages.md)")])
        return []
    return asked_editions(asked, list(langs), lambda: locate(raw, ["languages"]))


def asked_editions(asked: str | None, declared: list[str], where: Callable[[], Pos]) -> list[str]:
    """The editions `--lang` asks for, in the game's order: one code, a comma list, or `all` (also None);
    a code the game does not declare is an error at its `languages:` naming the declared ones."""
    if asked is None or asked.strip().lower() in ("", "all"):
        return list(declared)
    codes = [code.strip() for code in asked.split(",") if code.strip()]
    unknown = [code for code in codes if code not in declared]
    if unknown or not codes:
        from pnp.models.langcodes import suggestion

        near = [x for x in declared for u in unknown[:1] if x.lower() == u.lower() or x == suggestion(u)]
        raise SpecErrors([SpecError(where(), f"--lang {', '.join(unknown) or asked}: the game's languages are "
                                             f"{', '.join(declared)} (or all)"
                                    + (f" (did you mean '{near[0]}'?)" if near else ""))])
    return [lang for lang in declared if lang in codes]


@dataclass
class Staged:
    """One game's (or one edition's) rendered set, not yet published."""

    game: GameContext
    out_dir: Path
    files: dict
    fields: dict  # the manifest's fields besides its files
    hidden: dict  # files beside the set that its manifest does not list (the unit cache)
    rendered: Rendered
    start: float


def _stage(game_dir: Path, options: BuildOptions, where: list[str], cache, progress, early,
           lang: str | None) -> "Staged | BuildResult":
    """Render one game or edition in memory: a `Staged` set, or the skipped `BuildResult` when nothing changed."""
    import gc

    from pnp.collector import collector_paused
    from pnp.fingerprint import input_hash, read_inputs
    from pnp.game import load_game
    from pnp.output import write_failed
    from pnp.spool import SpoolError

    start = time.perf_counter()
    game_dir = Path(game_dir)
    out_dir = Path(options.out, *where)
    _check_out_is_not_the_game(game_dir, out_dir)
    inputs = read_inputs(game_dir, options.out)
    stamp = input_hash(inputs, options)
    if lang is not None:
        from pnp.fingerprint import digest

        stamp = digest(stamp, "edition", lang)
    done = _up_to_date(game_dir, options, stamp, cache, start, where)
    if done is not None:
        return done
    with collector_paused():  # see pnp.collector
        game = load_game(game_dir)
    gc.freeze()  # the loaded specs live until the end: keep the collector from re-scanning them per page
    try:
        opts = options.for_game(game)
        plan = cache.plan(game, opts, inputs, units_of(game), out_dir) if cache else None
        rendered = render(game, opts, progress, reuse=plan.reusable if plan else None, early=early)
    except SpoolError as e:  # a large output spooled to a full disk: as when publishing fails
        raise write_failed(e, out_dir) from None
    finally:
        gc.unfreeze()
    refuse_warnings_if_strict(game, options)
    hidden = {}
    if plan:
        from pnp.buildcache import CACHE_NAME

        hidden[CACHE_NAME] = plan.record(rendered.units)
    fields = manifest_fields(game, opts, stamp)
    if lang is not None:
        fields["language"] = lang
    return Staged(game, out_dir, rendered.files, fields, hidden, rendered, start)


def _publish_single(game_dir: Path, options: BuildOptions, staged: Staged) -> BuildResult:
    """A game without editions: its set replaces `<out>/<game>/` (the files of its kept sets carried over)."""
    from pnp.ownership import foreign_warning, single_edition_places
    from pnp.output import publish

    published = publish(options.out, [output_folder(game_dir)], staged.files, staged.fields, staged.hidden,
                        live=single_edition_places)
    warnings = list(staged.game.errors.warnings) + foreign_warning(staged.out_dir, published.foreign)
    return BuildResult(staged.game.name, staged.out_dir, published.manifest["files"], warnings,
                       rebuilt=staged.rendered.rebuilt, reused=staged.rendered.reused, written=published.written,
                       seconds=time.perf_counter() - staged.start, paper=paper_figures(staged.game))


def _publish_editions(game_dir: Path, options: BuildOptions, staged: dict) -> tuple[list[BuildResult], list]:
    """Every edition's set published as one: `<out>/<game>/` is replaced whole, holding the new editions'
    files, the files of the editions that were up to date or not asked for this time (kept as they
    were), and the sets other commands made in the editions still declared; files of a dropped edition
    or of the layout before editions are gone. Nothing changes when every edition was up to date."""
    from pnp.models.edition import declared_languages
    from pnp.output import MANIFEST, manifest_entries, manifest_text, publish, read_manifest, sha256
    from pnp.ownership import edition_places, foreign_warning
    from pnp.reading.load import load_yaml

    folder = output_folder(game_dir)
    declared = list(declared_languages(load_yaml(Path(game_dir) / "game.yaml"))[0])
    old_top = read_manifest(Path(options.out, folder)) or {}
    fresh = {lang: s for lang, s in staged.items() if isinstance(s, Staged)}
    if not fresh and old_top.get("editions") == declared:
        return list(staged.values()), []
    files: dict = {}
    hidden: dict = {}
    editions_manifests: dict[str, dict] = {}
    for lang, s in fresh.items():
        manifest = {"files": manifest_entries(s.files), **s.fields}
        editions_manifests[lang] = manifest
        files.update({f"{lang}/{name}": data for name, data in s.files.items()})
        files[f"{lang}/{MANIFEST}"] = manifest_text(manifest).encode("utf-8")
        hidden.update({f"{lang}/{name}": data for name, data in s.hidden.items()})
    kept = [lang for lang in declared if lang not in fresh]
    kept_entries = []
    for lang in kept:  # an edition not rebuilt keeps its files: listed again from its own manifest
        own = read_manifest(Path(options.out, folder, lang))
        if own is None:
            continue
        text = manifest_text(own).encode("utf-8")
        kept_entries += [{"file": f"{lang}/{e['file']}", "bytes": e["bytes"], "sha256": e["sha256"]}
                         for e in own.get("files", []) if isinstance(e, dict) and "file" in e]
        kept_entries.append({"file": f"{lang}/{MANIFEST}", "bytes": len(text), "sha256": sha256(text)})
    game_name = next(iter(fresh.values())).game.name if fresh else folder
    top = {"game": game_name, "editions": declared}
    published = publish(options.out, [folder], files, top, hidden, keep=[f"{lang}/" for lang in kept],
                        listed_too=kept_entries, live=edition_places(declared))
    results = []
    for lang, s in staged.items():
        if not isinstance(s, Staged):
            results.append(s)
            continue
        written = [name.split("/", 1)[1] for name in published.written if name.startswith(f"{lang}/")]
        results.append(BuildResult(s.game.name, s.out_dir, editions_manifests[lang]["files"],
                                   list(s.game.errors.warnings), rebuilt=s.rendered.rebuilt,
                                   reused=s.rendered.reused, written=written,
                                   seconds=time.perf_counter() - s.start, paper=paper_figures(s.game)))
    return results, foreign_warning(Path(options.out, folder), published.foreign)


def paper_figures(game: GameContext) -> list[str]:
    """The paper each file of sheets takes against the least possible (`GameContext.sheets_used`),
    one line a file: its components' sheets added up, and their least."""
    lines = []
    for name, figures in sorted(game.sheets_used.items()):
        sheets, least = sum(f.sheets for f in figures), sum(f.least for f in figures)
        lines.append(f"{name.removesuffix('.pdf')}: {sheets} sheet{'s' if sheets != 1 else ''} "
                     f"(the least possible: {least})")
    return lines


def up_to_date(game_dir: Path, options: BuildOptions) -> BuildResult | None:
    """The skipped build's result when nothing changed since the build in `--out`, else None
    (a quick look that loads no game: `pnp build` asks it before starting worker processes)."""
    from pnp.fingerprint import input_hash, read_inputs

    start = time.perf_counter()
    game_dir = Path(game_dir)
    _check_out_is_not_the_game(game_dir, Path(options.out) / output_folder(game_dir))
    return _up_to_date(game_dir, options, input_hash(read_inputs(game_dir, options.out), options), None, start)


def _up_to_date(game_dir: Path, options: BuildOptions, stamp: str, cache, start: float,
                where: list[str] | None = None) -> BuildResult | None:
    from pnp.output import outputs_intact, read_manifest, tidy

    if options.force:
        return None
    where = where or [output_folder(game_dir)]
    out_dir = Path(options.out, *where)
    old = read_manifest(out_dir)
    if old and old.get("input") == stamp and isinstance(old.get("files"), list) and outputs_intact(out_dir, old):
        tidy(options.out, where)
        return BuildResult(game_dir.resolve().name, out_dir, old["files"], [], skipped=True,
                           reused=cache.last_units(out_dir) if cache else [], seconds=time.perf_counter() - start)
    return None


def is_strict(game: GameContext, options: BuildOptions) -> bool:
    """`--strict`, or `strict: true` in game.yaml: the designer's own choice for every build of the game."""
    return options.strict or bool(game.game is not None and game.game.strict)


def refuse_warnings_if_strict(game: GameContext, options: BuildOptions) -> None:
    """With --strict (or `strict: true`), every warning is an error: nothing is written and the exit code is 2."""
    if is_strict(game, options) and game.errors.warnings:
        because = "--strict" if options.strict else "strict: true"
        raise SpecErrors([SpecError(w.pos, f"{w.message} (an error with {because})") for w in game.errors.warnings])


def manifest_fields(game: GameContext, opts: BuildOptions, stamp: str) -> dict:
    """What the manifest says besides the files: the game, pnp's version, the input hash, the options."""
    return {"game": game.name, "pnp": __version__, "input": stamp,
            "options": {"paper": opts.paper, "duplex": opts.duplex, "formats": list(opts.formats)}}


def units_of(game: GameContext) -> list[str]:
    """The build's units in order: each kind once, as its first component appears, then the rulebook."""
    units: list[str] = []
    for c in game.components:
        if c.kind not in units:
            units.append(c.kind)
    if game.game and game.game.rules and game.rules_path:
        units.append(RULEBOOK)
    return units


def render(game: GameContext, opts: BuildOptions, progress: Callable | None = None,
           reuse: Callable[[str], dict[str, bytes] | None] | None = None,
           early: Callable[[Early], None] | None = None) -> Rendered:
    """Every output of every unit, in memory. `reuse(unit)` may give a unit's files from an earlier build;
    `early(Early)` gets the files made before the first LATER unit that must be rendered again."""
    with game.own_fonts():  # font names mean this game's faces while it is drawn, and no other's
        return _render(game, opts, progress, reuse, early)


def _render(game: GameContext, opts: BuildOptions, progress: Callable | None,
            reuse: Callable[[str], dict[str, bytes] | None] | None,
            early: Callable[[Early], None] | None = None) -> Rendered:
    from pnp.draw import fonts
    from pnp.output import encode
    from pnp.safename import OutputNames

    declared_checks_evaluate(game)
    budget = png_budget(game, opts)
    out = Rendered()
    made: dict[str, bytes] = {}  # every file made, PDFs drawn only for pictures included: the rulebook may name them
    names = OutputNames(game.errors)
    units = units_of(game)
    for index, unit in enumerate(units):
        files = reuse(unit) if reuse else None
        if files is not None:
            out.reused.append(unit)
            made.update(files)
        else:
            if early and unit in LATER and out.rebuilt and not (is_strict(game, opts) and game.errors.warnings):
                early(Early(game.name, dict(out.files), units[index:], list(game.errors.warnings),
                            list(out.rebuilt), list(out.reused)))
                early = None  # once a build
            if progress:
                progress(unit)
            with fonts.recording_missing() as undrawn:
                if unit == RULEBOOK:
                    files = encode(render_rulebook(game, opts, dict(made)))
                else:
                    files = encode(render_kind(game, unit, opts, budget))
                    made.update(files)
                    files = requested(files, opts)
            _warn_undrawn(game, unit, undrawn)
            game.errors.raise_if_any()
            out.rebuilt.append(unit)
        where, what = _unit_origin(game, unit)
        for name in sorted(files):
            names.add(name, where, what)
        game.errors.raise_if_any()
        out.units[unit] = files
        out.files.update(files)
    return out


def _warn_undrawn(game: GameContext, unit: str, undrawn: dict) -> None:
    """Characters a unit drew without a glyph that no warning of its own named yet: one warning, at the
    first spec text holding them (a label's), else at the unit's file."""
    from pnp.draw.fonts import describe_missing
    from pnp.reading.textplace import first_place

    said = " ".join(w.message for w in game.errors.warnings)
    for font, chars in undrawn.items():
        new = "".join(c for c in chars if f"U+{ord(c):04X}" not in said)
        if new:
            where, what = _unit_origin(game, unit)
            if unit != RULEBOOK:  # at the character in the spec that wrote it (a label's), when one did
                where = next((p for c in game.of_kind(unit) if (p := first_place(c.raw, new))), where)
            game.errors.warn(where, f"{what}: {describe_missing(new, font)}")


def png_budget(game: GameContext, opts: BuildOptions):
    """The pixel budget of `--format png` (None without it); a dpi out of bounds is an error at the game."""
    if Format.PNG not in opts.formats:
        return None
    from pnp.draw.pngpages import RasterLimit, check_dpi
    from pnp.errors import display_path
    from pnp.render.png_output import PixelBudget

    try:
        return PixelBudget(check_dpi(opts.dpi))
    except RasterLimit as e:
        raise SpecErrors([SpecError(Pos(display_path(game.dir)), str(e))])


def render_kind(game: GameContext, unit: str, opts: BuildOptions, budget) -> dict:
    """One kind's outputs; with PNG, also pictures of its pieces and sheets, drawn from its PDFs
    (which `requested` then keeps only when PDF was asked for too)."""
    from pnp.kinds import kind_module

    from pnp.render.pieces import piece_outputs

    kind = kind_module(unit)
    components = game.of_kind(unit)
    title = game.game.title if game.game else game.name
    wants_pdf = Format.PDF in opts.formats
    needs_pdf = budget is not None or RULEBOOK in units_of(game)  # pictures, or outputs the rulebook may name
    drawn = opts if wants_pdf or not needs_pdf else replace(opts, formats=(*opts.formats, Format.PDF))
    from pnp.draw.svg import SvgLimit, repeated_pictures_bounded

    @cache
    def pieces() -> list:  # listed once, and only when an output needs them
        return [p for c in components for p in kind.pieces(game, c)]

    try:
        with repeated_pictures_bounded():
            files = kind.build(game, components, drawn)
            game.errors.raise_if_any()
            files.update(piece_outputs(unit, pieces, files, [str(f) for f in opts.formats], title))
    except SvgLimit as e:  # at the files whose SVG faces repeat the picture
        where, what = _unit_origin(game, unit)
        raise SpecErrors([SpecError(where, f"{what}: {e}")])
    game.errors.raise_if_any()
    if budget is None:
        return files
    from pnp.draw.pngpages import RasterLimit
    from pnp.render.png_output import piece_pngs, sheet_pngs

    try:
        pictures = sheet_pngs(files, budget)
        pictures.update(piece_pngs(pieces(), budget, title))
    except RasterLimit as e:  # at the file whose pictures are too large, not at the game folder
        where, what = _unit_origin(game, unit)
        raise SpecErrors([SpecError(where, f"{what}: {e}")])
    game.errors.raise_if_any()
    return {**files, **pictures}


def requested(files: dict[str, bytes], opts: BuildOptions) -> dict[str, bytes]:
    """A kind's files without the PDFs it drew only for pictures or the rulebook (a build without PDF)."""
    if Format.PDF not in opts.formats:
        return {name: data for name, data in files.items() if not name.endswith(".pdf")}
    return files


def declared_checks_evaluate(game: GameContext) -> None:
    """A declared check (`checks:` in game.yaml) that cannot be evaluated is a spec error of the build
    (and so of `pnp validate`); whether it holds is the referee's finding, for `pnp check`."""
    if game.game and game.game.checks:
        from pnp.referee.checks import declared_checks

        declared_checks(game)


def render_rulebook(game: GameContext, opts: BuildOptions, files: dict) -> dict:
    """rules.md → rulebook.pdf, when the game has one and the rulebook compiler is present."""
    if not game.game or not game.game.rules or not game.rules_path:
        return {}
    try:
        from pnp.rulebook.build import build_rulebook
    except ImportError:
        return {}
    return build_rulebook(game, opts, files)


def _unit_origin(game: GameContext, unit: str) -> tuple[Pos, str]:
    """Where a unit's outputs come from, for an error about their names: its first file."""
    from pnp.errors import display_path

    if unit == RULEBOOK:
        return Pos(display_path(game.rules_path)), "the rulebook"
    first = game.of_kind(unit)[0]
    return Pos(display_path(first.path)), f"the {unit} components"


def _check_out_is_not_the_game(game_dir: Path, out_dir: Path) -> None:
    """Publishing replaces `<out>/<game>/` as a whole: it must be neither the game folder nor hold it."""
    from pnp.errors import display_path

    game, target = game_dir.resolve(), out_dir.resolve()
    if target == game or target in game.parents:
        raise SpecErrors([SpecError(Pos(display_path(out_dir)), f"the outputs would replace the folder holding the game "
                                    f"{display_path(game_dir)}; choose an --out outside it")])
