"""A game folder loaded and validated: game.yaml plus every component spec, with all errors at once."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from pnp.render.assets import Assets
from pnp.errors import Pos, SpecErrors, did_you_mean, display_path
from pnp.models.fontfiles import load_game_fonts
from pnp.models.fontnames import using
from pnp.models.game import Game
from pnp.reading.load import LDict, load_yaml, locate
from pnp.models.validate import validate
from pnp.gamesearch import GameSearch, discover_games, find_games  # noqa: F401 (where they were first)
from pnp.context import Component, GameContext  # noqa: F401 (GameContext was defined here first)


def load_game(game_dir: Path) -> GameContext:
    """Load and validate a whole game folder; raises SpecErrors listing every error found.

    A game that lists `languages:` is loaded as one edition (`pnp.models.edition`): the one a caller
    is `editing`, else its source language's; `GameContext.own_fonts()` enters it again to draw."""
    from pnp.models import edition as editions

    token = editions.enter(editions.current())
    try:
        return _load_game(game_dir)
    finally:
        editions.leave(token)


def _load_game(game_dir: Path) -> GameContext:
    from pnp.kinds import kind_module, kind_names, shared_kinds

    game_dir = Path(game_dir)
    game_file = game_dir / "game.yaml"
    if not game_dir.is_dir():
        raise SpecErrors([_err(display_path(game_dir), "not a folder: give a game folder holding game.yaml")])
    if not os.path.lexists(game_file):
        raise SpecErrors([_err(display_path(game_file), "a game folder needs a game.yaml (title, players, components)")])
    from pnp.reading.safepath import safe_game_path

    # game.yaml itself goes through the gate: a link out of the folder, a pipe or a device is refused
    game_file = safe_game_path(game_dir, "game.yaml", Pos(os.path.join(display_path(game_dir), "game.yaml")),
                               what="game file")
    ctx = GameContext(game_dir, game_dir.resolve().name, None, Assets(game_dir))
    ctx.assets.report = ctx.errors  # art warnings (what an SVG has that is not drawn) join the game's
    raw = load_yaml(game_file)
    from pnp.models import edition as editions

    ctx.edition = editions.edition_for(raw, ctx.errors)
    if ctx.edition is not None:
        editions.enter(ctx.edition)  # left by load_game
        raw = editions.localize(raw)
    ctx.raw = raw
    # a game.yaml that is a bare scalar ("hello", 5) has no position of its own: its error is at the file's start
    # provisional: a misspelt or bad optional key (`rulebook_fonts: {heading: …}`) is its one error, and the
    # game is still made without it, so that the other files are checked against its fonts and parameters
    # instead of each reporting their absence (the build fails on the error all the same)
    ctx.game = validate(Game, raw, ctx.errors, at=getattr(raw, "pos", None) or Pos(display_path(game_file)),
                        provisional=True)
    _check_language_repeats(raw, ctx.errors)
    _read_words(ctx, raw)
    ctx.fonts = load_game_fonts(game_dir, ctx.game, raw, ctx.errors)
    if ctx.game is not None:
        ctx.assets.min_ppi = ctx.game.print.min_ppi
    ctx.rules_path = _rules_file(ctx, raw)
    _warn_stray_rulebooks(ctx)
    ctx.rules_source()  # read now: the referee reads the game as loaded, not the folder as it is later
    files = _component_files(ctx, raw)
    ctx.errors.order = {display_path(game_file): 0}
    shared = shared_kinds()
    broken_shared: set[str] = set()  # shared kinds of which a file (or a file that may be one) could not be read
    loaded = []
    for path, pos in files:
        shown = display_path(path)
        try:
            spec = load_yaml(path)
            if ctx.edition is not None:
                from pnp.models.edition import localize

                spec = localize(spec)
        except SpecErrors as e:
            ctx.errors.errors.extend(e.errors)
            sniffed = _sniffed_kind(shown)
            broken_shared |= shared if sniffed is None else shared & {sniffed}
            if sniffed in shared:
                ctx.errors.order[shown] = 1
            continue
        kind = spec.get("kind") if isinstance(spec, LDict) else None
        if not isinstance(spec, LDict):
            ctx.errors.error(getattr(spec, "pos", Pos(shown)), "a component spec must be a mapping with a `kind:`")
            continue
        if kind not in kind_names():
            where = locate(spec, ["kind"]) if "kind" in spec else spec.pos
            ctx.errors.error(where, f"unknown kind '{kind}'{did_you_mean(str(kind), kind_names())} "
                                    f"(kinds: {', '.join(kind_names())})" if kind else "missing required key 'kind'")
            # a misspelt or missing kind may be a shared file's: what follows from its absence is not news
            broken_shared |= shared if not kind else {s for s in shared if s.rstrip("s") in str(kind) or did_you_mean(str(kind), [s])}
            continue
        if kind in shared:
            ctx.errors.order[shown] = 1
        loaded.append((kind, path, spec))
    # shared kinds first: the others may use what they define
    loaded.sort(key=lambda item: 0 if item[0] in shared else 1)
    for kind, path, spec in loaded:
        start = len(ctx.errors.errors)
        try:
            with using(ctx.fonts):  # font names in specs may name the game's own families
                model = kind_module(kind).load(ctx, path, spec)
        except SpecErrors as e:
            ctx.errors.errors.extend(e.errors)
            model = None
        _one_cause(ctx.errors.errors, start, spec)
        if model is not None:
            ctx.components.append(Component(kind, path, spec, model))
        elif kind in shared:
            broken_shared.add(kind)
    if broken_shared:
        follows = [m for k in sorted(broken_shared) for m in getattr(kind_module(k), "FOLLOWS_FROM_MISSING", ())]
        ctx.errors.errors = [e for e in ctx.errors.errors if not any(m in e.message for m in follows)]
    _warn_unlisted_specs(ctx, raw, files)
    if ctx.edition is not None and not ctx.errors.errors:
        _count_untranslated(ctx)
    ctx.errors.raise_if_any()
    return ctx


_MISSPELT = re.compile(r"unknown key '([^']+)' \(did you mean '([^']+)'\?\)")
_QUOTED = re.compile(r"'([^']{1,80})'")
NAMES_READ = 20_000  # names gathered under misspelt keys: bounded work on a hostile file
_COMMON_WORDS = frozenset({"name", "names", "text", "size", "color", "colour", "title", "id", "count", "label",
                           "font", "fill", "x", "y", "width", "height", "value", "type", "kind", "layout",
                           "icon", "icons", "shape", "cell", "data", "fields"})


def _one_cause(errors: list, start: int, spec: Any) -> None:
    """A misspelt key is one mistake: what a kind's own checks then find missing is not reported too.

    `piecesx:` for `pieces:` leaves every piece a scenario places "unknown", `legendx:` every map
    character; `footprintx: true` leaves the legend's buildings "neither footprint nor front". Of the
    errors from `start` (one file's load), those quoting a name written under a misspelt key, naming
    the key it meant, or on the misspelt key's own line are dropped: fixing the key fixes them."""
    new = errors[start:]
    misspelt = [(e, m) for e in new for m in [_MISSPELT.search(e.message)] if m]
    if not misspelt or len(new) == len(misspelt):
        return
    names: set[str] = set()
    meant = {m.group(2) for _, m in misspelt}
    lines = {(e.pos.path, e.pos.line) for e, _ in misspelt}
    for node in _nodes_under(spec, {m.group(1) for _, m in misspelt}):
        _gather_names(node, names)
    # the key it meant named in another error ("a square board needs `map:`"); not a word many messages
    # use for their own reasons, or a second mistake of the file would be kept back with it
    meant -= _COMMON_WORDS
    words = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in meant) + r")(?![\w-])") if meant else None

    def follows(e) -> bool:
        if _MISSPELT.search(e.message):
            return False
        if (e.pos.path, e.pos.line) in lines or (words is not None and words.search(e.message)):
            return True
        return any(q in names for q in _QUOTED.findall(e.message))

    errors[start:] = [e for e in new if not follows(e)]


def _nodes_under(tree: Any, keys: set[str]) -> list:
    """The values written under any of `keys`, anywhere in a loaded tree (bounded)."""
    out, stack, seen = [], [tree], 0
    while stack and seen < NAMES_READ:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            for k, v in node.items():
                if k in keys:
                    out.append(v)
                stack.append(v)
        elif isinstance(node, list):
            stack.extend(node)
    return out


def _gather_names(node: Any, names: set[str]) -> None:
    stack = [node]
    while stack and len(names) < NAMES_READ:
        item = stack.pop()
        if isinstance(item, dict):
            names.update(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            names.add(item)


def source_language(game_dir: Path) -> str | None:
    """The language a game with `languages:` is written in (None for one that lists none, or unreadable)."""
    from pnp.models.edition import declared_languages

    try:
        return declared_languages(load_yaml(Path(game_dir) / "game.yaml"))[1]
    except SpecErrors:
        return None


def source_mistakes(game_dir: Path, source: str | None) -> set:
    """The (pos, message) of every error loading the source edition finds: the mistakes of the game as
    written, which another edition's load meets too and must not call its own."""
    from pnp.models.edition import loading

    if source is None:
        return set()
    try:
        with loading(source):
            load_game(game_dir)
    except SpecErrors as e:
        return {(x.pos, x.message) for x in e.errors}
    return set()


def _count_untranslated(ctx: GameContext) -> None:
    """Every printed text no language translates yet counts in the edition's coverage, and in an
    edition other than the source language's is a warning at its place (those some language
    translates were counted and warned as they were localised). The edition's fonts are checked
    against all it prints, one warning per script they lack (`pnp.draw.scriptcoverage`)."""
    from pnp.kinds import offered_by
    from pnp.models.printedtexts import CellPlace, IdPlace, ParagraphPlace, collect

    edition = ctx.edition
    try:
        texts = collect(ctx.dir, edition.lang, offered_by("cards"), refuse_too_many=False, ids=True)
    except SpecErrors:
        return  # a file that cannot be read again was reported as it was loaded
    from pnp.draw.scriptcoverage import warn_scripts

    with using(ctx.fonts):
        warn_scripts(ctx.dir, edition, texts, ctx.raw, ctx.game.rules if ctx.game else None, ctx.errors)
    plain = [t for t in texts if not t.tagged and not isinstance(t.place, ParagraphPlace)]
    paragraphs = [t for t in texts if isinstance(t.place, ParagraphPlace)]
    edition.coverage.total += len(plain) + len(paragraphs)
    if edition.is_source:
        edition.coverage.translated += len(plain) + len(paragraphs)
        return
    _count_paragraphs(ctx, paragraphs)
    for text in plain:
        place = text.place
        if isinstance(place, IdPlace) and place.key == "labels":  # a deck's kind values in the component list
            ctx.errors.warn(text.pos(ctx.dir),
                            f"no {edition.lang} name for {place.what} '{text.source}': the component list counts "
                            f"it as written (give the field `labels: {{{text.source}: …}}` and "
                            f"`{text.source}@{edition.lang}:` beside it)")
            continue
        if isinstance(place, IdPlace):
            ctx.errors.warn(text.pos(ctx.dir),
                            f"no {edition.lang} name for {place.what} '{text.source}': its id prints in every edition "
                            f"(give it `{place.key}:` and `{place.key}@{edition.lang}:`)")
            continue
        key = place.column if isinstance(place, CellPlace) else place.key
        fill = f"fill a '{key}@{edition.lang}' column" if isinstance(place, CellPlace) else f"add '{key}@{edition.lang}'"
        ctx.errors.warn(text.pos(ctx.dir),
                        f"no {edition.lang} translation of '{key}': the {edition.source} text is used ({fill})")


def _count_paragraphs(ctx: GameContext, paragraphs: list) -> None:
    """The rulebook counts paragraph by paragraph: each one `rules.<lang>.md` leaves as in the source (or
    lacks) is a warning at the source paragraph's line. A missing `rules.<lang>.md` was one warning
    already (`_rules_file`); one whose paragraphs do not line up with the source's counts as translated,
    without a word: a translator writing it by hand may well split a paragraph or join two, and pnp
    cannot tell which paragraph is which."""
    edition = ctx.edition
    if not paragraphs:
        return
    name = paragraphs[0].file
    stem, dot, ext = name.rpartition(".")
    own = f"{stem}.{edition.lang}.{ext}" if dot else f"{name}.{edition.lang}"
    if not (ctx.dir / own).is_file():
        return
    if any(t.unaligned for t in paragraphs):  # written by hand in its own paragraphs: translated as a whole
        edition.coverage.translated += len(paragraphs)
        return
    for text in paragraphs:
        if text.translation:
            edition.coverage.translated += 1
            continue
        first = text.source.strip().split("\n", 1)[0]
        first = first if len(first) <= 50 else first[:49] + "…"
        ctx.errors.warn(Pos(display_path(ctx.dir / text.file), text.line, 1),
                        f"paragraph {text.place.index + 1} of '{name}' (\"{first}\") has no {edition.lang} "
                        f"translation in '{own}': it is the same there")


def _read_words(ctx: GameContext, raw) -> None:
    """game.yaml's `words:` (pnp's words as the game gives them) checked and handed to the edition,
    which warns once when its language has pnp words left in English."""
    from pnp.models.gamewords import left_in_english, read_words

    words = read_words(ctx.dir, raw, ctx.errors)
    if ctx.edition is not None:
        ctx.edition.words = words
        left_in_english(raw, ctx.edition.lang, words.get(ctx.edition.lang, {}), ctx.errors)


def _check_language_repeats(raw, errors) -> None:
    """A language listed twice (`[en, pt-BR, pt-br]`) is an error at the repeat: two editions would share a folder."""
    from pnp.models.langcodes import repeats

    langs = raw.get("languages") if isinstance(raw, LDict) else None
    if isinstance(langs, list):
        for i, first in repeats(langs):
            errors.error(locate(raw, ["languages", i]), f"'{langs[i]}' is listed twice (as '{langs[first]}' too; "
                                                        f"language codes are compared ignoring case)")


def _sniffed_kind(shown: str) -> str | None:
    """The `kind:` written at the top level of a file YAML could not read, when it says one."""
    import re

    from pnp.reading.load import source_text

    m = re.search(r"^kind:[ \t]*['\"]?([A-Za-z_-]+)", source_text(shown), re.MULTILINE)
    return m.group(1) if m else None


MAX_UNLISTED_CHECKED = 200  # spec files looked at for a `kind:` that game.yaml does not list


def _warn_unlisted_specs(ctx: GameContext, raw: Any, files: list[tuple[Path, Pos]]) -> None:
    """A spec file in the folder that `components:` does not list is not built: say so, at `components:`.

    Files a deck reads as `data:` or the rulebook includes are used, not forgotten.
    """
    import re

    from pnp.kinds import kind_names
    from pnp.reading.load import read_text

    if ctx.game is None or ctx.game.components is None or not isinstance(raw, LDict) or "components" not in raw:
        return
    used = {os.path.realpath(p) for p, _ in files} | _files_used_otherwise(ctx)
    used.add(os.path.realpath(ctx.dir / "game.yaml"))
    candidates = sorted(p for pattern in ("*.yaml", "*.yml") for p in ctx.dir.glob(pattern))
    for p in candidates[:MAX_UNLISTED_CHECKED]:
        if os.path.realpath(p) in used or not p.is_file() or p.is_symlink():
            continue
        try:
            text = read_text(p)
        except SpecErrors:
            continue
        m = re.search(r"^kind:[ \t]*['\"]?([A-Za-z_-]+)", text, re.MULTILINE)
        if m and m.group(1) in kind_names():
            ctx.errors.warn(locate(raw, ["components"], key=True),
                            f"'{p.name}' is a {m.group(1)} spec that `components:` does not list, so it is not "
                            "built; list it, or move it out of the game folder")


def _files_used_otherwise(ctx: GameContext) -> set[str]:
    """Real paths of files read as deck data or included by the rulebook."""
    import re

    names: list[str] = []
    for c in ctx.components:
        data = c.raw.get("data") if isinstance(c.raw, LDict) else None
        for entry in ([data] if isinstance(data, (str, LDict)) else data if isinstance(data, list) else []):
            name = entry.get("file") if isinstance(entry, LDict) else entry
            if isinstance(name, str):
                names.append(name)
    if ctx.rules_path is not None:
        rules = ctx.rules_source()
        names += re.findall(r"\{%-?\s*(?:include|import|from|extends)\s+['\"]([^'\"]+)['\"]", rules)
    return {os.path.realpath(ctx.dir / n) for n in names}


def _rules_file(ctx: GameContext, raw: Any) -> Path | None:
    """rules.md (or the file game.yaml names): optional, but a named file must exist inside the game."""
    from pnp.reading.safepath import safe_game_path

    if ctx.game is None or not ctx.game.rules:
        return None
    named = isinstance(raw, LDict) and "rules" in raw
    if not named and not (ctx.dir / ctx.game.rules).is_file():
        return None
    rules = ctx.game.rules
    if ctx.edition is not None and not ctx.edition.is_source:  # rules.md → rules.de.md, the edition's own
        stem, dot, ext = rules.rpartition(".")
        own = f"{stem}.{ctx.edition.lang}.{ext}" if dot else f"{rules}.{ctx.edition.lang}"
        if os.path.lexists(ctx.dir / own):  # its paragraphs are counted by `_count_untranslated`
            rules = own
        else:
            where = locate(raw, ["rules"]) if named else Pos(display_path(ctx.dir / "game.yaml"), 1, 1)
            ctx.errors.warn(where, f"no {ctx.edition.lang} rulebook ('{own}'): create it (or `pnp translate export "
                                   f"--lang {ctx.edition.lang}`); meanwhile the {ctx.edition.source} rulebook "
                                   f"'{rules}' is used")
    ctx.rules_name = rules
    try:
        return safe_game_path(ctx.dir, rules, locate(raw, ["rules"]), what="rulebook")
    except SpecErrors as e:
        ctx.errors.errors.extend(e.errors)
        return None


def _warn_stray_rulebooks(ctx: GameContext) -> None:
    """`rules.jp.md` beside `rules.md` is read by no edition: said once (by the game as written), at that
    file, with the name it most likely meant (`rules.ja.md`) or the language `languages:` lacks."""
    from pnp.models.langcodes import CodeError, canonical, suggestion

    if ctx.game is None or not ctx.game.rules or (ctx.edition is not None and not ctx.edition.is_source):
        return
    stem, dot, ext = ctx.game.rules.rpartition(".")
    if not dot or "/" in stem:
        return
    langs = list(ctx.edition.languages) if ctx.edition is not None else []
    for path in sorted(ctx.dir.glob(f"{stem}.*.{ext}"))[:50]:
        code = path.name[len(stem) + 1:-len(ext) - 1]
        if code in langs or "." in code or not 2 <= len(code) <= 12:
            continue
        try:
            known = canonical(code)
        except CodeError:
            known = None
        near = suggestion(code)
        if known is None and near is None:
            continue  # rules.old.md, rules.v2.md: not a language's
        if near in langs or (known is not None and known != code and known in langs):
            meant = near if near in langs else known
            message = (f"no edition reads '{path.name}' (did you mean '{stem}.{meant}.{ext}'? the {meant} edition "
                       f"reads that name)")
        elif not langs:
            message = (f"no edition reads '{path.name}': this game lists no `languages:`, so it has one "
                       f"rulebook, '{ctx.game.rules}' (docs/languages.md)")
        elif known is None:
            message = (f"no edition reads '{path.name}': '{code}' is not a language code (did you mean "
                       f"'{near}'?), and {near} is not one of `languages:` ({', '.join(langs)})")
        else:
            message = (f"no edition reads '{path.name}': '{code}' is not one of `languages:` "
                       f"({', '.join(langs)}); add it there to make that edition")
        ctx.errors.warn(Pos(display_path(path), 1, 1), message)


def _component_files(ctx: GameContext, raw: Any) -> list[tuple[Path, Pos]]:
    names = ctx.game.components if ctx.game is not None else None
    listed = raw.get("components") if isinstance(raw, LDict) else None
    if names is None and ctx.game is None and isinstance(listed, list) and all(isinstance(n, str) for n in listed):
        names = list(listed)  # game.yaml has other errors; still check the components it lists
    if names is not None:
        out = []
        for i, name in enumerate(names):
            pos = locate(raw, ["components", i])
            from pnp.reading.safepath import safe_game_path

            try:
                out.append((safe_game_path(ctx.dir, name, pos, what="component file"), pos))
            except SpecErrors as e:
                ctx.errors.errors.extend(e.errors)
        return out
    from pnp.reading.safepath import safe_game_path

    from pnp.models.gamewords import words_file

    out = []
    for p in sorted(ctx.dir.glob("*.yaml")):
        if p.name in ("game.yaml", words_file(raw)):
            continue
        pos = Pos(os.path.join(display_path(ctx.dir), p.name))  # not resolving p: it may be a symlink loop
        try:
            out.append((safe_game_path(ctx.dir, p.name, pos, what="component file"), pos))
        except SpecErrors as e:
            ctx.errors.errors.extend(e.errors)
    return out


def _err(path: str, message: str):
    from pnp.errors import SpecError

    return SpecError(Pos(path), message)
