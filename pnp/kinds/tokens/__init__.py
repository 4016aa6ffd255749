"""`kind: tokens` — token sheets with bleed and crop marks, backs mirrored for duplex, standees, player
boards and radial tracks; the same pieces in a print-shop file, SVG sheets and the piece list."""
from __future__ import annotations

from pnp.kinds.kind import KindOption, Piece, fit_at, render_parameters

KIND = "tokens"
OPTIONS: tuple[KindOption, ...] = ()
SHARED = False
RULEBOOK_NAME = None
OFFERS: frozenset[str] = frozenset()


def model() -> type:
    from pnp.kinds.tokens.models import Tokens

    return Tokens


def load(game, path, raw):
    from pnp.kinds.tokens.models import load_tokens

    raw = render_parameters(game, raw)
    tokens = load_tokens(path, raw, game.errors, game.assets.icon_names())
    if tokens is None:
        return None
    before = len(game.errors.errors)
    _check_art(game, tokens)
    _check_tracks(game, tokens)
    _resolve_layouts(game, tokens)
    return tokens if len(game.errors.errors) == before else None


def _resolve_layouts(game, tokens) -> None:
    """Each side with `layout:` is drawn by the layout engine cards use: its layout resolved and
    checked now, with the side's fields (`pnp.layout.pieces`)."""
    from pnp.layout.draw import Named
    from pnp.kinds.layouts import layouts_of
    from pnp.layout.pieces import PieceLayouts
    from pnp.kinds.tokens.draw import side_fields
    from pnp.reading.load import locate

    sides = [*tokens.spec.backs.values()] + [s for p in tokens.spec.pieces for s in (p.front, p.back)]
    if not any(getattr(side, "layout", None) is not None for side in sides):
        return
    layouts = PieceLayouts(layouts_of(game), game.errors, game.assets, "piece")
    parameters = game.game.parameter_values() if game.game else {}
    resolved: dict[tuple, object] = {}  # a named back's layout: resolved once for all its pieces
    for piece in tokens.pieces:
        where = ["pieces", piece.index]
        sides = [("front", piece.spec.front, where + ["front"])]
        if piece.back is not None:
            named = isinstance(piece.spec.back, str)
            sides.append(("back", piece.back, ["backs", piece.spec.back] if named else where + ["back"]))
        for side, face, path in sides:
            if face.layout is None:
                continue
            at = locate(tokens.raw, path + ["layout"])
            if side == "front" and (piece.spec.tracks or piece.spec.radial):
                game.errors.error(at, f"piece '{piece.spec.id}': a player board or a radial track draws its "
                                      f"own front; `layout:` is for the sides of plain pieces and standees")
                continue
            who = Named(f"piece '{piece.spec.id}' ({side})", at)
            if tuple(path) not in resolved:
                resolved[tuple(path)] = layouts.resolve(face.layout, tokens.raw, path + ["layout"], who.label)
            layout = resolved[tuple(path)]
            if layout is not None:
                fields = side_fields(piece, face, side, parameters)
                layouts.check(layout, fields, who, piece.w, piece.h, tokens.spec.bleed)
                piece.layouts[side] = (layout, fields, who)
    layouts.report()


def _check_art(game, tokens) -> None:
    """Every image and outline is a safe, readable SVG in the game folder (errors where the spec names it)."""
    from pnp.errors import SpecErrors
    from pnp.reading.load import locate
    from pnp.kinds.tokens.models import Side

    for piece in tokens.pieces:
        where = ["pieces", piece.index]
        wanted = [(where + ["outline"], piece.spec.outline)]
        wanted += [(where + ["front", "image"], piece.spec.front.image)]
        if isinstance(piece.spec.back, Side):
            wanted.append((where + ["back", "image"], piece.spec.back.image))
        wanted += [(["backs", name, "image"], side.image) for name, side in tokens.spec.backs.items()]
        for path, rel in wanted:
            if rel is None:
                continue
            try:
                art = game.assets.art(rel, locate(tokens.raw, path))
            except SpecErrors as e:
                for err in e.errors:
                    game.errors.error(err.pos, err.message)
                continue
            if path[-1] == "outline" and not art.shapes:
                game.errors.error(locate(tokens.raw, path), f"outline '{rel}' has no shapes to cut along")


def _check_tracks(game, tokens) -> None:
    """A track that cannot fit its board is an error at the track's own line."""
    from pnp.kinds.tokens.draw import track_problems
    from pnp.reading.load import locate

    for piece in tokens.pieces:
        for j, why in track_problems(piece):
            game.errors.error(locate(tokens.raw, ["pieces", piece.index, "tracks", j]), f"piece '{piece.spec.id}': {why}")


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: pieces sharing a named back counted together
    ("9 tokens (Loot): 6 Gem and 3 Trap"), then every other piece with its count, tracks or radial track,
    each a phrase of the edition's language around the designer's names."""
    from pnp.models.phrases import counted, listed, phrase, times
    from pnp.kinds.tokens.models import Side

    tokens = component.model
    lines: list[str] = []
    shared: dict[str, list] = {}
    for piece in tokens.pieces:
        if isinstance(piece.spec.back, str):
            shared.setdefault(piece.spec.back, []).append(piece.spec)
    done: set[str] = set()
    for piece in tokens.pieces:
        spec = piece.spec
        if spec.count == 0:
            continue
        back = spec.back if isinstance(spec.back, str) else None
        if back and back not in done:
            done.add(back)
            group = [p for p in shared[back] if p.count]
            total = sum(p.count for p in group)
            label = tokens.spec.backs[back].label or back
            parts = listed([times(p.count, _name(p)) if p.count > 1 else _name(p) for p in group])
            lines.append(f"{counted('token', total, f'**{total}**')} ({label}): {parts}")  # "9 tokens (Loot): 6 Gem and 3 Trap"
            continue
        if back:
            continue
        if spec.tracks:
            key = _tracks_key(spec)
            if key in done:
                continue
            done.add(key)
            group = [p.spec for p in tokens.pieces if p.spec.tracks and _tracks_key(p.spec) == key and p.spec.count]
            total = sum(p.count for p in group)
            tracks = ", ".join(f"{t.name} 0–{t.max}" for t in spec.tracks)
            if len(group) > 1:
                names = listed([_name(p) for p in group])
                lines.append(f"{counted('board', total, f'**{total}**')} ({tracks}): {names}")  # player boards
            else:
                lines.append(f"{counted('board', total, f'**{total}**')}: {_name(spec)} ({tracks})")
            continue
        detail = ""
        if spec.radial is not None:
            detail = phrase("token_arms").format(arms=spec.radial.arms, spaces=spec.radial.spaces)
        elif spec.standee is not None:
            detail = phrase("token_standee")
        elif isinstance(spec.back, Side) and spec.back.value is not None and spec.back.value != spec.front.value:
            detail = phrase("token_two_sided").format(front=spec.front.value, back=spec.back.value)
        lines.append(f"{counted('token', spec.count, f'**{spec.count}**')}: {_name(spec)}{detail}")  # "8 tokens: Coin"
    return lines


def _tracks_key(spec) -> str:
    return "tracks:" + repr([(t.name, t.max, t.start) for t in spec.tracks])


def _name(spec) -> str:
    return spec.name or spec.front.label or spec.id


def sheets_used(tokens, paper: str):
    """The sheets a token set takes on `paper` (a duplex sheet once) and the least its pieces' area allows."""
    from pnp.geometry.impose import SheetsUsed, least_sheets_by_area
    from pnp.geometry.paper import paper_size
    from pnp.kinds.tokens.bands import layout_pages, sheet_items

    size = paper_size(paper)
    area = sum(item.w * item.h for item in sheet_items(tokens.pieces))
    return SheetsUsed(len(layout_pages(tokens.pieces, *size, tokens.spec.bleed)), least_sheets_by_area(area, *size))


def build(game, components, options) -> dict:
    """tokens.pdf (home-printer sheets), tokens-printshop.pdf (one face per page with TrimBox and BleedBox)
    and, with `--format svg`, one SVG per sheet page under svg/tokens/<name>/."""
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.svg import SvgSurface
    from pnp.kinds.tokens.draw import token_pages
    from pnp.safename import OutputNames, shown, slug
    from pnp.reading.load import locate

    if not components:
        return {}
    title = game.game.title if game.game else game.name
    duplex = options.duplex if options.duplex in ("long", "short") else "long"
    out: dict = {}
    advice = f"make it smaller or print on larger paper than {options.paper}"
    if "pdf" in options.formats:
        surface = PdfSurface(title=f"{title} — tokens", subject=f"{options.paper}, duplex {duplex}")
        for c in components:
            with fit_at(game, c.raw, ["pieces"], advice):
                token_pages(surface, c.model, game.assets, options.paper, duplex)
        game.errors.raise_if_any()
        out["tokens.pdf"] = surface.finish()
        game.sheets_used["tokens.pdf"] = tuple(sheets_used(c.model, options.paper) for c in components)
        shop = PdfSurface(title=f"{title} — tokens for a print shop")
        for c in components:
            printshop(shop, pieces(game, c))
        out["tokens-printshop.pdf"] = shop.finish()
    if "svg" in options.formats:
        names = OutputNames(game.errors)
        for c in components:
            svg = SvgSurface(title=f"{title} — {c.model.spec.title or c.model.spec.name}")
            with fit_at(game, c.raw, ["pieces"], advice):
                token_pages(svg, c.model, game.assets, options.paper, duplex)
            game.errors.raise_if_any()
            folder = f"svg/tokens/{slug(c.model.spec.name, 'tokens')}"
            where = locate(c.model.raw, ["name"])
            for k, page in enumerate(svg.finish(), start=1):
                out[names.add(f"{folder}/sheet-{k:02d}.svg", where, f"tokens {shown(c.model.spec.name)}")] = page
        game.errors.raise_if_any()
    return out


def printshop(surface, listed: list[Piece]) -> int:
    """Every face of every piece on its own page of trim plus bleed (3 mm at least: the rest stretched from
    the art's edge), TrimBox and BleedBox set, no marks: front then back, once per piece kind (the count
    is in the piece list, not repeated pages)."""
    from pnp.render.pieces import HOME_BLEED, pieces_printshop

    return pieces_printshop(surface, listed, HOME_BLEED)


def validate(game, model) -> None:
    """Nothing beyond what loading checks."""


def pieces(game, component) -> list[Piece]:
    """Every piece kind of the component: tokens and player boards front[, back]; a standee's two sides
    and then its base as a piece of its own."""
    from pnp.kinds.tokens.draw import Item, corner_radius, draw_item, fill_cut

    tokens = component.model
    bleed = tokens.spec.bleed
    out: list[Piece] = []
    for rp in tokens.pieces:
        spec = rp.spec
        if spec.count == 0:
            continue
        what = "standee" if spec.standee else "player board" if spec.tracks else "board" if spec.radial else "token"
        face = Item(rp, "face")
        faces = [lambda s, it=face: draw_item(s, tokens, it, "front", game.assets)]
        if rp.back is not None:
            faces.append(lambda s, it=face: draw_item(s, tokens, it, "back", game.assets))
        out.append(Piece(name=rp.name, what=what, component=tokens.spec.name, width=rp.w, height=rp.h, bleed=bleed,
                         count=spec.count, faces=tuple(faces), shape=_cut_shape(spec.shape),
                         radius=corner_radius(rp), description=_describe(rp), key=spec.id,
                         shared_back=isinstance(spec.back, str),
                         facts={"back": spec.back if isinstance(spec.back, str) else None},
                         cut=None if spec.standee else (lambda s, rp=rp: fill_cut(s, rp, game.assets))))
        if spec.standee:
            base = Item(rp, "base")
            out.append(Piece(name=f"{rp.name} base", what="standee base", component=tokens.spec.name,
                             width=base.w, height=base.h, bleed=bleed, count=spec.count,
                             faces=(lambda s, it=base: draw_item(s, tokens, it, "front", game.assets),),
                             description=f"the slotted base {rp.name} stands in", key=f"{spec.id}-base"))
    return out


def _cut_shape(shape: str) -> str:
    return {"square": "rect", "rect": "rect"}.get(shape, shape)


def _describe(rp) -> str:
    spec = rp.spec
    parts = [t for t in (spec.front.label, spec.front.text) if t]
    if spec.front.value is not None:
        parts.append(str(spec.front.value))
    parts += [f"{t.name} 0–{t.max}" for t in spec.tracks]
    if spec.radial:
        parts.append(f"{spec.radial.arms} arms of {spec.radial.spaces} spaces")
    return " · ".join(parts)


def rulebook_view(game, component):
    """The loaded model as plain data (`components.tokens.<name>` in rules.md)."""
    from pnp.models.plain import plain

    return plain(component.model, game.dir)


def counted(game, component) -> list:
    """Each named piece with its count: none printed is a finding where a text names it, and two or
    more fix what a rulebook may say of their number ("there are 6 wooden cubes")."""
    from pnp.kinds.kind import Counted, phrase_words

    out = []
    for piece in getattr(component.model, "pieces", ()):
        name = getattr(piece.spec, "name", None)
        if not isinstance(name, str) or not name:
            continue
        n, w = piece.spec.count, phrase_words(name)
        said = {}
        if w and n >= 2:
            said = {"rule": "token-count", "what": f"the number of '{name}' pieces",
                    "says": (f"all # {w}s", f"# {w}s in all", f"# {w} tokens", f"# {w} pieces", f"supply of # {w}s"),
                    "fix": "the tokens file fixes it: print it from the tokens"}
        out.append(Counted(name, n, f"the tokens have {n} '{name}' pieces", **said))
    return out
