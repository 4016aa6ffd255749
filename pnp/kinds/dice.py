"""`kind: dice` — custom dice: sticker tiles for LEGO dice (dice-tiles.pdf) and paper dice (dice-nets.pdf)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.errors import display_path
from pnp.kinds.kind import KindOption, fit_at
from pnp.spec.load import locate

if TYPE_CHECKING:
    from pnp.spec.dice import ResolvedDice

KIND = "dice"
OPTIONS = (
    KindOption("--sets", "sets", int, None, "Sets of dice tiles and paper dice to print (default: a page of as many full sets as fit).", (1, 50)),
)


def model() -> type:
    from pnp.spec.dice import DiceFile

    return DiceFile


def load(game, path, raw) -> ResolvedDice | None:
    from pnp.spec.dice import DiceFile, resolve_dice
    from pnp.spec.validate import validate as validate_spec

    before = len(game.errors.errors)
    spec = validate_spec(DiceFile, raw, game.errors, provisional=True)  # its faults, and the dice's own, at once
    if spec is None:
        return None
    dice = resolve_dice(spec, raw, game.assets.icon_names(), game.errors, display_path(path))
    if dice is None or len(game.errors.errors) > before:
        return None
    _check_unique_ids(game, dice, raw)
    return dice


def _check_unique_ids(game, dice: ResolvedDice, raw) -> None:
    """A die id names one die in the whole game (the rules and the referee look dice up by id)."""
    for other in game.of_kind(KIND):
        taken = {d.id for d in other.model.dice}
        for i, die in enumerate(dice.dice):
            if die.id in taken:
                game.errors.error(locate(raw, ["dice", i, "id"]),
                                  f"duplicate die id '{die.id}' (also in {other.model.source})")


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: one per die, with its faces."""
    from pnp.spec.phrases import phrase

    dice: ResolvedDice = component.model
    lines = []
    for die in dice.dice:
        faces = ", ".join(f.text.replace("+", "/").replace("-", " ") for f in die.faces)
        lines.append(f"**1** {die.name}: {faces} ({phrase('dice_use')})")
    return lines


def build(game, components, options) -> dict:
    from pnp.render.dice import net_sheets, tile_sheets
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.svg import SvgSurface

    sets = [c.model for c in components]
    if not sets:
        return {}
    title = game.game.title if game.game else game.name
    out: dict = {}
    surfaces = []
    if "pdf" in options.formats:
        surfaces.append(("pdf", PdfSurface(title=f"{title} — dice tiles", subject=options.paper),
                         PdfSurface(title=f"{title} — paper dice", subject=options.paper)))
    if "svg" in options.formats:
        surfaces.append(("svg", SvgSurface(title=f"{title} — dice tiles"),
                         SvgSurface(title=f"{title} — paper dice")))
    for fmt, tiles, nets in surfaces:
        for dice in sets:
            with fit_at(game, _raw(components, dice), ["tile"], f"make the dice smaller ({options.paper})"):
                tile_sheets(tiles, dice, options.paper, options.sets, game.assets.place_icon, title)
                net_sheets(nets, dice, options.paper, game.assets.place_icon, title, options.sets)
        if game.errors.errors:
            return {}
        if fmt == "pdf":
            out["dice-tiles.pdf"] = tiles.finish()
            out["dice-nets.pdf"] = nets.finish()
        else:
            for name, surface in (("dice-tiles", tiles), ("dice-nets", nets)):
                for n, page in enumerate(surface.finish(), start=1):
                    out[f"svg/{name}-{n}.svg"] = page
    return out


def _raw(components, dice):
    return next(c.raw for c in components if c.model is dice)


def validate(game, model) -> None:
    """Nothing beyond what loading checks."""


def pieces(game, component) -> list:
    """Each die, its faces in the order of its spec (the art of a sticker tile, with its bleed)."""
    from pnp.kinds.kind import Piece
    from pnp.render.dice import BLEED, draw_face

    dice: ResolvedDice = component.model
    place = game.assets.place_icon
    size = dice.tile

    def drawer(face):
        return lambda surface: draw_face(surface, face, BLEED, BLEED, size, place, BLEED)

    return [Piece(name=die.name, what="die", component="dice", width=size, height=size, bleed=BLEED, count=1,
                  faces=tuple(drawer(f) for f in die.faces), key=die.id,
                  description=", ".join(f.text for f in die.faces), facts={"faces": [f.text for f in die.faces]})
            for die in dice.dice]
