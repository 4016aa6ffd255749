"""`pnp validate`: everything a build checks, by building in memory and writing nothing.

Validation is the build pipeline minus publishing (`pnp.build.render`), so `pnp validate`
passes exactly when `pnp build` would: files exist and parse, fonts load, every template
renders for every card, text fits, the rulebook's templates and figures work.
"""
from __future__ import annotations

from pathlib import Path

from pnp.errors import SpecError
from pnp.game import load_game


def validate_game(game_dir: Path, options=None, coverage: dict | None = None, shop: str | None = None) -> list[SpecError]:
    """Raise SpecErrors for any error (and, with `options.strict`, any warning); return the warnings.

    A game that lists `languages:` is checked in every edition (or the one `options.lang` names);
    each edition's share of translated texts goes into `coverage` ({lang: Coverage}). With `shop`, the
    colours that shop's press cannot print are warnings too (`pnp.printshop.gamut`)."""
    from pnp.build import BuildOptions, editions_to_build

    options = options or BuildOptions()
    langs = editions_to_build(Path(game_dir), options)
    if not langs:
        return _validate(game_dir, options, shop=shop)
    from itertools import chain

    from pnp.errors import SpecErrors
    from pnp.game import source_language, source_mistakes
    from pnp.models.edition import in_edition, loading
    from pnp.workers import ordered_map

    source = source_language(game_dir)
    order = sorted(langs, key=lambda code: code != source)  # the game as written first

    def edition(lang: str):
        """One edition's ("ok", warnings, coverage) or ("errors", errors, coverage): what a worker hands back."""
        covered: dict = {}
        try:
            with loading(lang):
                return "ok", _validate(game_dir, options, covered, shop), covered
        except SpecErrors as e:
            return "errors", list(e.errors), covered

    # the source edition here (what every edition loads and measures the first time is then ready), the
    # others at once in forked workers that start from it
    warnings: list[SpecError] = []
    said = set()  # the source edition's warnings: another edition that has them too does not repeat them
    results = chain([edition(order[0])], ordered_map(lambda i: edition(order[i + 1]), len(order) - 1))
    for lang, (outcome, found, covered) in zip(order, results):
        if outcome == "errors":
            common = set() if lang == source else source_mistakes(game_dir, source)
            raise SpecErrors(in_edition(found, lang, source, common))
        if coverage is not None:
            coverage.update(covered)
        if lang == source:
            said = {(w.pos, w.message) for w in found}
        warnings += in_edition([w for w in found if lang == source or (w.pos, w.message) not in said], lang, source)
    return warnings


def _validate(game_dir: Path, options, coverage: dict | None = None, shop: str | None = None) -> list[SpecError]:
    from pnp.build import refuse_warnings_if_strict, render
    from pnp.kinds import kind_module

    game = load_game(game_dir)
    if coverage is not None and game.edition is not None:
        coverage[game.edition.lang] = game.edition.coverage
    with game.own_fonts():
        for c in game.components:
            kind_module(c.kind).validate(game, c.model)
    game.errors.raise_if_any()
    if game.game is not None and game.game.print.profile:  # a shop's profile littleCMS cannot use is an error now
        from pnp.printshop.build import shop_cmyk
        from pnp.printshop.profiles import SHOPS

        shop_cmyk(game, SHOPS[shop or "pdfx4"])
    if game.game is not None and game.game.print.products:  # what a shop build would make of them, for every shop
        from pnp.printshop.build import products_warnings

        with game.own_fonts():
            for warning in products_warnings(game):
                game.errors.warn(warning.pos, warning.message)
    if shop is not None:  # before rendering, which lets the loaded trees go
        from pnp.printshop.build import gamut_warnings_for
        from pnp.printshop.profiles import SHOPS

        with game.own_fonts():
            for warning in gamut_warnings_for(game, SHOPS[shop]):
                game.errors.warn(warning.pos, warning.message)
    from pnp.draw.pdfglyphs import whole_fonts

    with whole_fonts():  # nothing is written: the fonts need no cutting
        render(game, options.for_game(game))
    game.errors.raise_if_any()
    refuse_warnings_if_strict(game, options)
    return list(game.errors.warnings)
