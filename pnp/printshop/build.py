"""`pnp build GAME --shop NAME`: the files one print shop takes, in OUT/<game>/shop/<NAME>/.

The pieces come from the kinds (`Piece`), as every piece-by-piece output does. A PDF shop gets one
PDF/X file per component (`pnp.printshop.pdfx`); a picture shop gets one PNG per face at its products'
exact pixel sizes (`pnp.export.faces`). A piece no product fits is printed as the nearest one, with a
warning at its component's `name:`; a sort of piece the shop does not print is left out, with a warning;
a colour the press cannot print is a warning where it is written (`pnp.printshop.gamut`).

What is for the designer and not the shop goes beside the shop's folder, in OUT/<game>/proof/<NAME>/:
`swatches.pdf` (each colour as designed and as printed, with ΔE00), and with `--proof` each page of the
shop's PDFs as printed, as PNG pictures (`pnp.printshop.softproof`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import SpecError, SpecErrors
from pnp.printshop.profiles import PT_PER_MM, SHOPS, Shop, fit


PROFILE_LIMIT = 16 * 1024 * 1024  # an ICC profile is a few megabytes at most


@dataclass
class ShopResult:
    game: str
    folder: Path
    files: list[dict]
    warnings: list[SpecError] = field(default_factory=list)
    editions: list[str] = field(default_factory=list)  # a game listing `languages:`: each edition's set, in order
    folders: list[Path] = field(default_factory=list)  # every set's folder (one per edition)
    proof_folders: list[Path] = field(default_factory=list)  # the proof sets beside them (PDF shops)


def build_shop(game_dir: Path, shop_name: str, out: Path, proof: bool = False, lang: str | None = None,
               strict: bool = False) -> ShopResult:
    """Load the game, make the shop's files and publish them as one set (a good earlier set is kept
    until the new one is whole); then the proof set beside it. A game that lists `languages:` gets a
    set per edition (`lang`: one, a comma list or all, the default) in OUT/<game>/<lang>/shop/<NAME>/
    (its proof in OUT/<game>/<lang>/proof/<NAME>/); every edition is made before any is published, so
    an error in one leaves every set as it was. `strict`: any warning fails."""
    from pnp.build import BuildOptions, _check_out_is_not_the_game, editions_to_build, output_folder
    from pnp.models.edition import in_edition, loading
    from pnp.output import publish

    shop = SHOPS[shop_name]
    langs = editions_to_build(Path(game_dir), BuildOptions(lang=lang))
    staged = []
    for edition in langs or [None]:
        base = [output_folder(game_dir), *([edition] if edition else [])]
        where = [*base, "shop", shop.name]
        _check_out_is_not_the_game(Path(game_dir), Path(out, *where))
        try:
            with loading(edition):
                game, files, warnings, proofs = _edition_files(game_dir, shop, proof)
        except SpecErrors as e:
            raise SpecErrors(in_edition(e.errors, edition) if edition else e.errors) from None
        if edition:
            warnings = in_edition(warnings, edition)
        own = game.game is not None and game.game.strict  # `strict: true` in game.yaml
        if (strict or own) and warnings:
            because = "--strict" if strict else "strict: true"
            raise SpecErrors([SpecError(w.pos, f"{w.message} (an error with {because})") for w in warnings])
        edition_field = {"language": edition} if edition else {}
        fields = {"game": game.name, "shop": shop.name, "standard": shop.standard or "png", **edition_field}
        staged.append((where, files, fields, warnings, [*base, "proof", shop.name], proofs, edition_field))
    results, proof_folders = [], []
    for where, files, fields, warnings, proof_where, proofs, edition_field in staged:
        results.append((publish(out, where, files, fields), warnings))
        if proofs:
            proof_folders.append(publish(out, proof_where, proofs, {"game": fields["game"], "shop": shop.name,
                                                                    "proof": True, **edition_field}).folder)
    first = results[0][0]
    prefix = len(langs) > 0
    game_folder = Path(out, output_folder(game_dir))
    return ShopResult(staged[0][2]["game"], first.folder if not prefix else game_folder,
                      [dict(f, file=f"{p.folder.relative_to(game_folder)}/{f['file']}" if prefix else f["file"])
                       for p, _ in results for f in p.manifest["files"]],
                      [w for _, ws in results for w in ws], list(langs), [p.folder for p, _ in results],
                      proof_folders)


def _edition_files(game_dir: Path, shop: Shop, proof: bool = False):
    """(the game, its shop files, the warnings, the proof's files) of one edition: the warnings are the
    game's own (a label's glyph no font has), the shop's, the colours it cannot print, and any
    character the files drew without a glyph."""
    from pnp.game import load_game

    game = load_game(game_dir)
    with game.own_fonts():
        cmyk = shop_cmyk(game, shop)
        out_of_gamut = gamut_warnings_for(game, shop, cmyk)  # first: drawing the pieces lets the loaded trees go
        colours: list[tuple[float, float, float]] = []
        files, warnings = shop_set(game, shop, colours)
        warnings += out_of_gamut
        proofs = proof_files(game, shop, cmyk, files, colours, proof)
    return game, files, warnings, proofs


def shop_set(game, shop: Shop, colours: list | None = None) -> tuple[dict[str, bytes], list[SpecError]]:
    """`shop_files` of a loaded game (inside its `own_fonts()`), with the game's own warnings and a
    warning for any character the files drew without a glyph."""
    from pnp.draw import fonts

    with fonts.recording_missing() as undrawn:
        files, warnings = shop_files(game, shop, colours)
    said = " ".join(w.message for w in [*game.errors.warnings, *warnings])
    for font, chars in undrawn.items():
        new = "".join(c for c in chars if f"U+{ord(c):04X}" not in said)
        if new:
            warnings.append(SpecError(_game_pos(game), f"the {shop.title} files: {fonts.describe_missing(new, font)}"))
    return files, [*game.errors.warnings, *warnings]


def _game_pos(game):
    from pnp.errors import Pos, display_path

    return Pos(display_path(game.dir / "game.yaml"))


def gamut_warnings_for(game, shop: Shop, cmyk=None) -> list[SpecError]:
    """The colours the game writes that the shop's press cannot print (`pnp validate --shop` and a shop build)."""
    from pnp.printshop.gamut import gamut_warnings

    return gamut_warnings(game, cmyk or shop_cmyk(game, shop), shop.title)


def proof_files(game, shop: Shop, cmyk, files: dict[str, bytes], colours: list, pictures: bool) -> dict[str, bytes]:
    """The designer's proof of a PDF shop's set: swatches.pdf (the `colours` its pieces use), and with
    `pictures` each page as printed."""
    pdfs = {name: data for name, data in sorted(files.items()) if name.endswith(".pdf")}
    if not pdfs:
        return {}
    from pnp.printshop.swatches import swatch_page

    colours = list(dict.fromkeys(colours))
    title = (game.game.title if game.game and getattr(game.game, "title", None) else None) or game.name
    proof = {"swatches.pdf": swatch_page(f"{title}: colours for {shop.title}", colours, cmyk)}
    if pictures:
        from pnp.printshop.softproof import proof_pictures

        for name, data in pdfs.items():
            proof.update(proof_pictures(name, data, cmyk))
    return proof


def shop_files(game, shop: Shop, colours: list | None = None) -> tuple[dict[str, bytes], list[SpecError]]:
    """{file name: bytes} of the shop's set, and the warnings about pieces it cannot take as they are;
    the RGB colours a PDF shop's pieces use are added to `colours`."""
    from pnp.kinds import kind_module

    warnings: list[SpecError] = []
    chosen = _chosen_products(game, shop, warnings)
    pieces, warned, named = [], set(), set()
    left_out: dict[str, list] = {}  # component → the pieces of it the shop does not print
    for component in game.components:
        listed = kind_module(component.kind).pieces(game, component)
        named.update(piece.component for piece in listed)
        pos = _component_pos(game, component)
        for piece in listed:
            if shop.sorts is not None and piece.what not in shop.sorts:
                left_out.setdefault(str(component.path), [pos]).append(piece)
                continue
            pieces.append(piece)
            found = fit(shop, piece, chosen.get(piece.component))
            size = (piece.what, piece.component, round(piece.width, 2), round(piece.height, 2))
            if not found.exact and size not in warned:
                warned.add(size)
                warnings.append(SpecError(pos, _no_product(shop, piece, found.product)))
    for component, (pos, *out) in left_out.items():
        warnings.append(SpecError(pos, f"{shop.title} prints {_sorts(shop)} only: left out "
                                       f"{_named_pieces(out)}"))
    pads_printed = shop.sorts is None and shop.output != "png"
    for component in game.components:
        if not pads_printed and not kind_module(component.kind).pieces(game, component):
            name = getattr(component.model, "name", None) or component.path.stem
            warnings.append(SpecError(_component_pos(game, component), f"'{name}' has no pieces {shop.title} "
                                      f"prints: its pages are not in this shop's set (print them at home, or "
                                      f"with --shop pdfx4 or printninja)"))
    game.errors.raise_if_any()
    from pnp.errors import did_you_mean

    for component in chosen:
        if component not in named:
            warnings.append(SpecError(_products_pos(game, component), f"print.products names '{component}', which is "
                                      f"no component's name{did_you_mean(component, sorted(named))}"))
    if shop.output == "png":
        files = _pictures(game, shop, pieces, chosen)
    else:
        pads = _pad_pdfs(game) if pads_printed else []  # a shop of cards only prints no pads
        files = _pdfs(game, shop, pieces, {id(p): fit(shop, p, chosen.get(p.component)) for p in pieces}, pads,
                      colours if colours is not None else [])
    return files, warnings


def _named_pieces(pieces: list) -> str:
    """The pieces by name ("the token 'Clue' (×4), the player board 'Red'"), the first twelve, then how many more."""
    seen: dict[tuple[str, str], int] = {}
    for p in pieces:
        seen[(p.what, p.name)] = seen.get((p.what, p.name), 0) + p.count
    shown = [f"the {what} '{name}'" + (f" (×{n})" if n > 1 else "") for (what, name), n in list(seen.items())[:12]]
    more = len(seen) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def _sorts(shop: Shop) -> str:
    return " and ".join(sorted(_plural(s) for s in shop.sorts))


def _plural(what: str) -> str:
    return "dice" if what == "die" else f"{what}s"


def _no_product(shop: Shop, piece, product) -> str:
    """A piece no product fits: what it is printed as, and how much smaller (a picture shop places it whole
    inside the nearest product, never cropped; its own bleed fills the rest of the product)."""
    size = f"{piece.width / PT_PER_MM:.1f} × {piece.height / PT_PER_MM:.1f} mm"
    said = (f"{piece.what} '{piece.component}' ({size}) matches no {shop.title} product: printed as the nearest, "
            f"{product.name} ({product.size_mm()})")
    if shop.output == "png":
        k = min(product.width / piece.width, product.height / piece.height)
        said += f", whole inside it at {k:.0%} of its size, its bleed filling the rest"
    return said + "; choose one with print.products in game.yaml"


def _chosen_products(game, shop: Shop, warnings: list) -> dict[str, str]:
    """The products game.yaml's `print.products` names, by component; a name this shop does not sell is
    a warning (another shop may sell it), at the name."""
    from pnp.errors import did_you_mean

    products = game.game.print.products if game.game else {}
    for component, name in products.items():
        if shop.products and not shop.product(name):
            known = [p.name for p in shop.products]
            warnings.append(SpecError(_products_pos(game, component),
                                      f"{shop.title} sells no product '{name}'{did_you_mean(name, known)}"))
    return dict(products)


def products_warnings(game) -> list[SpecError]:
    """What `pnp validate` says of game.yaml's `print.products`, for every shop at once: a name that is
    no component's, a product no shop sells, a product for another sort of piece than the component's."""
    from pnp.errors import did_you_mean
    from pnp.kinds import kind_module

    products = game.game.print.products if game.game else {}
    if not products:
        return []
    sorts: dict[str, set[str]] = {}
    for component in game.components:
        for piece in kind_module(component.kind).pieces(game, component):
            sorts.setdefault(piece.component, set()).add(piece.what)
    sold = {p.name: p for shop in SHOPS.values() for p in shop.products}
    warnings = []
    for component, name in products.items():
        pos = _products_pos(game, component)
        if component not in sorts:
            warnings.append(SpecError(pos, f"print.products names '{component}', which is no component's name"
                                           f"{did_you_mean(component, sorted(sorts))}"))
        elif name not in sold:
            warnings.append(SpecError(pos, f"print.products: no print shop sells a product '{name}'"
                                           f"{did_you_mean(name, sorted(sold))}"))
        elif not sorts[component] & sold[name].sorts:
            what = " and ".join(sorted(_plural(s) for s in sorts[component]))
            warnings.append(SpecError(pos, f"print.products: '{name}' is a product for "
                                           f"{' and '.join(sorted(_plural(s) for s in sold[name].sorts))}, "
                                           f"and '{component}' prints {what}"))
    return warnings


def _products_pos(game, component: str):
    from pnp.errors import Pos, display_path
    from pnp.reading.load import locate

    raw = getattr(game, "raw", None)
    try:
        return locate(raw, ["print", "products", component])
    except Exception:  # noqa: BLE001 — a position is a courtesy; the file is always known
        return Pos(display_path(game.dir / "game.yaml"))


def _component_pos(game, component):
    """Where a component is named in its spec (its `name:`), else its file's start."""
    from pnp.errors import Pos, display_path
    from pnp.reading.load import locate

    raw = component.raw
    if hasattr(raw, "get") and "name" in raw:
        return locate(raw, ["name"])
    return Pos(display_path(component.path))


# --- picture shops -----------------------------------------------------------------------------------

def _pictures(game, shop: Shop, pieces: list, chosen: dict) -> dict[str, bytes]:
    """One PNG per face at its product's canvas (the export's renderer: the art scaled to cover the
    product's trim, edge pixels repeated where the bleed runs short)."""
    from pnp.export.faces import export_faces
    from pnp.export.raster import whole_inside

    if not pieces:
        return {}

    def size_for(piece):
        product = fit(shop, piece, chosen.get(piece.component)).product
        trim = (product.width / 72 * shop.dpi, product.height / 72 * shop.dpi)
        return whole_inside(piece, trim), product.canvas_px, {
            "product": product.name, "dpi": shop.dpi, "bleed_px": round((product.canvas_px[0] - trim[0]) / 2, 2)}

    takes = sorted({p.what for p in pieces})
    return export_faces(game, shop.name, size_for, shop.dpi, None, takes, srgb=True)


# --- PDF shops --------------------------------------------------------------------------------------

def _pdfs(game, shop: Shop, pieces: list, fits: dict, pads: list | None, colours: list) -> dict[str, bytes]:
    from pnp.draw.pdf import PdfSurface
    from pnp.export.raster import group_pieces
    from pnp.printshop.pdfx import Placement, make_pdfx
    from pnp.render.pieces import face_pages, pieces_printshop
    from pnp.safename import slug

    cmyk = shop_cmyk(game, shop)
    title = (game.game.title if game.game and getattr(game.game, "title", None) else None) or game.name
    files: dict[str, bytes] = {}
    taken: set[str] = set()
    groups = group_pieces(pieces)
    shared = {c for (_, c) in groups if sum(1 for (_, other) in groups if other == c) > 1}
    for (what, component), group in groups.items():
        surface = PdfSurface(title=f"{title} — {component}")
        pieces_printshop(surface, group)
        source = surface.finish()
        colours.extend(used_colours(source))
        pages = face_pages(group)
        order = []
        for piece in group:
            faces = [ref for ref in pages if ref.piece is piece]
            if shop.back_first and len(faces) == 2:
                faces = faces[::-1]
            order.extend(faces)
        placements = []
        for ref in order:
            product = fits[id(ref.piece)].product
            trim_w, trim_h = (product.width, product.height) if product else (ref.piece.width, ref.piece.height)
            placements.append(Placement(ref.page, ref.piece.width, ref.piece.height, ref.piece.bleed, trim_w, trim_h))
        stem = slug(f"{component}-{what.replace(' ', '-')}" if component in shared else component, what)
        name, n = f"{stem}.pdf", 2
        while name.lower() in taken:
            name, n = f"{stem}-{n}.pdf", n + 1
        taken.add(name.lower())
        files[name] = make_pdfx(source, placements, shop.bleed, shop.standard, cmyk,
                                f"{title} — {component} ({shop.title}, {shop.standard})", shop.dpi)
    for name, source in pads or []:
        colours.extend(used_colours(source))
        files[name] = make_pdfx(source, _whole_pages(source), shop.bleed, shop.standard, cmyk,
                                f"{title} — {name[:-4]} ({shop.title}, {shop.standard})", shop.dpi)
    return files


def _pad_pdfs(game) -> list[tuple[str, bytes]]:
    """The PDFs of the components that list no pieces (a score pad's sheets), as their kind draws them:
    a shop prints each page at its own size, with the bleed carried out from its edges."""
    from pnp.build import BuildOptions
    from pnp.kinds import kind_module

    out = []
    for component in game.components:
        kind = kind_module(component.kind)
        if kind.pieces(game, component):
            continue
        settings = game.game.print if game.game else None
        made = kind.build(game, [component], BuildOptions(paper=settings.paper if settings else "a4",
                                                          duplex=settings.duplex if settings else "long"))
        out.extend((name, data) for name, data in sorted(made.items()) if name.endswith(".pdf")
                   and isinstance(data, bytes))
    return out


def _whole_pages(source: bytes) -> list:
    """Each page of a PDF as a face of its own size with no bleed of its own."""
    import pikepdf
    from io import BytesIO

    from pnp.printshop.pdfx import Placement

    with pikepdf.open(BytesIO(source)) as pdf:
        boxes = [[float(v) for v in page.MediaBox] for page in pdf.pages]
    return [Placement(i, b[2] - b[0], b[3] - b[1], 0.0, b[2] - b[0], b[3] - b[1]) for i, b in enumerate(boxes)]


def shop_cmyk(game, shop: Shop):
    """The CMYK conversion for this game and shop: the game's `print.profile`, else pnp's own."""
    from pnp.printshop.colour import Cmyk, ProfileError, default_profile_bytes

    path = game.game.print.profile if game.game else None
    greys = game.game.print.greys if game.game else "as-printed"
    if not path:
        return Cmyk(default_profile_bytes(shop.ink_limit), shop.ink_limit, greys=greys)
    from pnp.reading.safepath import read_game_bytes

    pos = _profile_pos(game)
    _, data = read_game_bytes(game.dir, path, pos, "print.profile", PROFILE_LIMIT)
    try:
        return Cmyk(data, shop.ink_limit, condition="Custom", greys=greys)
    except ProfileError as e:
        raise SpecErrors([SpecError(pos, f"print.profile '{path}' {e}")]) from None


def _profile_pos(game):
    from pnp.errors import Pos, display_path
    from pnp.reading.load import locate

    try:
        return locate(game.raw, ["print", "profile"])
    except Exception:  # noqa: BLE001
        return Pos(display_path(game.dir / "game.yaml"))


def used_colours(pdf: bytes) -> list[tuple[float, float, float]]:
    """The RGB fill and stroke colours a PDF's content streams set, in the order first met."""
    import pikepdf
    from io import BytesIO

    found: dict[tuple, None] = {}
    seen: set = set()
    doc = pikepdf.open(BytesIO(pdf))

    def walk(obj):
        if obj.objgen != (0, 0):
            if obj.objgen in seen:
                return
            seen.add(obj.objgen)
        for operands, op in pikepdf.parse_content_stream(obj):
            if str(op) in ("rg", "RG") and len(operands) == 3:
                found.setdefault(tuple(round(float(v), 4) for v in operands), None)
        for x in ((obj.get("/Resources") or {}).get("/XObject") or {}).values():
            if x.get("/Subtype") == pikepdf.Name.Form:
                walk(x)

    for page in doc.pages:
        walk(page.obj)
    return list(found)
