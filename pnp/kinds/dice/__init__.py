"""`kind: dice` — custom dice: sticker tiles for LEGO dice (dice-tiles.pdf) and paper dice (dice-nets.pdf)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.errors import display_path
from pnp.kinds.kind import KindOption, fit_at
from pnp.reading.load import locate

if TYPE_CHECKING:
    from pnp.kinds.dice.models import ResolvedDice

KIND = "dice"
OPTIONS = (
    KindOption("--sets", "sets", int, None, "Sets of dice tiles and paper dice to print (default: a page of as many full sets as fit).", (1, 50)),
)
SHARED = False
RULEBOOK_NAME = None
OFFERS = frozenset({"faces"})


def model() -> type:
    from pnp.kinds.dice.models import DiceFile

    return DiceFile


def load(game, path, raw) -> ResolvedDice | None:
    from pnp.kinds.dice.models import DiceFile, resolve_dice
    from pnp.models.validate import validate as validate_spec

    before = len(game.errors.errors)
    spec = validate_spec(DiceFile, raw, game.errors, provisional=True)  # its faults, and the dice's own, at once
    if spec is None:
        return None
    dice = resolve_dice(spec, raw, game.assets.icon_names(), game.errors, display_path(path))
    if dice is None or len(game.errors.errors) > before:
        return None
    _check_unique_ids(game, dice, raw)
    return _resolve_layouts(game, spec, dice, raw)


def _resolve_layouts(game, spec, dice: ResolvedDice, raw) -> ResolvedDice:
    """Dice with `layout:` (their own, else the file's) have their faces drawn by the layout engine
    cards use: each layout resolved and checked now, with each face's fields (`pnp.layout.pieces`)."""
    from dataclasses import replace

    from pnp.layout.draw import Named
    from pnp.kinds.layouts import layouts_of
    from pnp.layout.pieces import PieceLayouts
    from pnp.kinds.dice.draw import face_fields

    if spec.layout is None and not any(d.layout is not None for d in spec.dice):
        return dice
    layouts = PieceLayouts(layouts_of(game), game.errors, game.assets, "die face")
    parameters = game.game.parameter_values() if game.game else {}
    file_layout = None
    if spec.layout is not None:
        file_layout = layouts.resolve(spec.layout, raw, ["layout"], "the dice file")
    out = []
    for i, (die, written) in enumerate(zip(dice.dice, spec.dice)):
        path = ["dice", i, "layout"] if written.layout is not None else ["layout"]
        layout = layouts.resolve(written.layout, raw, path, f"die '{die.id}'") if written.layout is not None \
            else file_layout
        if layout is None:
            out.append(die)
            continue
        drawn = []
        for j in range(len(die.faces)):
            who = Named(f"die '{die.id}', face {j + 1}", locate(raw, ["dice", i, "faces", j]))
            fields = face_fields(die, j, parameters)
            layouts.check(layout, fields, who, dice.tile, dice.tile, 0.0)
            drawn.append((layout, fields, who))
        out.append(replace(die, layouts=tuple(drawn)))
    layouts.report()
    return replace(dice, dice=tuple(out))


def _check_unique_ids(game, dice: ResolvedDice, raw) -> None:
    """A die id names one die in the whole game (the rules and the referee look dice up by id)."""
    for other in game.of_kind(KIND):
        taken = {d.id for d in other.model.dice}
        for i, die in enumerate(dice.dice):
            if die.id in taken:
                game.errors.error(locate(raw, ["dice", i, "id"]),
                                  f"duplicate die id '{die.id}' (also in {other.model.source})")


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: one per die, with its faces. A game with languages names
    each symbol by its label in the edition's language (its id is the designer's word, not the
    reader's), the faces listed with that language's comma; a game without keeps the ids as written."""
    from pnp.models.edition import current
    from pnp.models.phrases import phrase

    dice: ResolvedDice = component.model
    in_edition = current() is not None
    comma = phrase("list_comma") if in_edition else ", "
    lines = []
    for die in dice.dice:
        faces = comma.join(_face_words(f, in_edition) for f in die.faces)
        lines.append(f"**1** {die.name}: {faces} ({phrase('dice_use')})")
    return lines


def _face_words(face, by_label: bool) -> str:
    if not by_label:
        return face.text.replace("-", " ")  # "swell+1": the face's symbols as written, joined by +
    return "+".join(p.label if p.number is None and p.label else p.name.replace("-", " ") for p in face.parts)


def build(game, components, options) -> dict:
    from pnp.kinds.dice.draw import net_pages, tile_pages
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
                tile_pages(tiles, dice, options.paper, options.sets, game.assets.place_icon, title)
                net_pages(nets, dice, options.paper, game.assets.place_icon, title, options.sets)
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
    from pnp.kinds.dice.draw import BLEED, draw_die_face

    dice: ResolvedDice = component.model
    place = game.assets.place_icon
    size = dice.tile

    def drawer(die, index):
        return lambda surface: draw_die_face(surface, die, index, BLEED, BLEED, size, place, BLEED)

    return [Piece(name=die.name, what="die", component="dice", width=size, height=size, bleed=BLEED, count=1,
                  faces=tuple(drawer(die, j) for j in range(len(die.faces))), key=die.id,
                  description=", ".join(f.text for f in die.faces), facts={"faces": [f.text for f in die.faces]})
            for die in dice.dice]


def rulebook_view(game, component):
    """The loaded model as plain data (`components.dice.<name>` in rules.md)."""
    from pnp.models.plain import plain

    return plain(component.model, game.dir)


def counted(game, component) -> list:
    """Each declared symbol with how many die faces show it."""
    from collections import Counter

    from pnp.kinds.kind import Counted

    dice = component.model
    shown = Counter(part.name for die in getattr(dice, "dice", ()) for face in die.faces
                    for part in getattr(face, "parts", ()))
    return [Counted(name, shown.get(name, 0), f"no die face shows the symbol '{name}'")
            for name in (getattr(dice, "symbols", None) or {})]
