"""One image per distinct face, for the targets that upload pieces one by one (TGC, MPC, Tabletopia).

Every face of every piece the game's kinds list (`pnp.kinds.kind.Piece`: cards, tokens, player
boards, boards, dice) is rendered, then identical images are written once: copies of a piece that
look the same share a file, and a back shared by a whole component becomes a single `back.png`.
`cards.json` lists each piece's faces with its count, the quantities a print service asks for.
Pieces are grouped by component into `<component>/`; pieces that carry the same `facts["id"]`
(the copies of one card) are numbered as one entry.
"""
from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Callable, Iterable

from pnp.export.raster import PieceRaster, game_pieces, group_pieces, png, shared
from pnp.safename import slug

# piece → (trim px, canvas px, facts for cards.json)
SizeFor = Callable[[object], tuple[tuple[float, float], tuple[int, int], dict]]

# Pixels of one face as it is rendered (its bleed included): a board of 120 × 120 spaces at 300 dpi is
# 23,000 pixels a side, half a billion pixels, gigabytes of memory (a MemoryError, a traceback). 80 million
# holds an A0 poster at 250 dpi, and every product a print service sells at its 300 dpi.
MAX_FACE_PIXELS = 80_000_000


def export_faces(game, target: str, size_for: SizeFor, dpi: int | None = 300,
                 step: Callable[[], None] | None = None, takes: Iterable[str] | None = None,
                 cut: bool = False, srgb: bool = False) -> dict[str, bytes]:
    """Images of the pieces whose sort (`Piece.what`) is in TAKES (all when None), and cards.json. With CUT
    (a virtual table, whose pictures have no bleed), a piece whose outline is not its trim box (a round or
    hexagonal token) is transparent outside its cut line, as the table shows it. With `srgb`, each picture
    is tagged with the sRGB profile (for a print service that takes pictures)."""
    files: dict[str, bytes] = {}
    listing = {"target": target, "game": game.name, "components": []}
    taken_folders: set[str] = {"cards.json"}
    wanted = set(takes) if takes is not None else None
    pieces = [p for p in game_pieces(game) if wanted is None or p.what in wanted]
    _check_sizes(game, target, pieces, size_for)
    for (what, component), group in group_pieces(pieces).items():
        folder, n = slug(component, what), 1
        while folder.lower() in taken_folders:  # two components of one name (a deck and a die set called alike),
            folder = slug(f"{component}-{what}" + (f"-{n}" if n > 1 else ""), what)  # or one named `dice-die`
            n += 1
        taken_folders.add(folder.lower())
        images = _render(group, size_for, dpi, step, cut, srgb)
        backs = [images.get((i, "back")) for i in range(len(group))]
        shared_back = len(group) > 1 and backs[0] is not None and len(set(backs)) == 1
        if shared_back:
            files[f"{folder}/back.png"] = backs[0]
        entries: "OrderedDict[str, list[int]]" = OrderedDict()
        for i, piece in enumerate(group):
            entries.setdefault(str(piece.facts.get("id", piece.key or piece.name)), []).append(i)
        rows: "OrderedDict[tuple, dict]" = OrderedDict()
        for index, (entry, members) in enumerate(entries.items(), 1):
            base = f"{folder}/{index:03d}-{slug(entry, what)}"
            sides = [side for (_, side) in sorted(k for k in images if k[0] == members[0])]
            names = {side: _names(base, side, [images.get((i, side)) for i in members]) for side in sides}
            for n, i in enumerate(members):
                faces = {}
                for side in sides:
                    if shared_back and side == "back":
                        faces[side] = f"{folder}/back.png"
                        continue
                    faces[side] = names[side][n]
                    if faces[side]:
                        files[faces[side]] = images[i, side]
                row = rows.setdefault(tuple(faces.items()), {"id": entry, **_row_faces(faces), "count": 0})
                row["count"] += max(1, group[i].count)
        trim, canvas, facts = size_for(group[0])
        listing["components"].append({"component": component, "what": what, **facts, "pixels": list(canvas),
                                      "pieces": sum(max(1, p.count) for p in group),
                                      "images": sum(1 for n in files if n.startswith(folder + "/")),
                                      "shared_back": f"{folder}/back.png" if shared_back else None,
                                      "faces": list(rows.values())})
    files["cards.json"] = (json.dumps(listing, indent=2) + "\n").encode()
    return files


def _check_sizes(game, target: str, pieces: list, size_for: SizeFor) -> None:
    """Every face small enough to render: a piece too large is an error at its component's spec, before any
    pixel is drawn."""
    from pnp.errors import SpecError, SpecErrors

    errors, seen = [], set()
    for piece in pieces:
        trim, _canvas, _ = size_for(piece)
        scale = max(trim[0] / piece.width, trim[1] / piece.height)
        w, h = (piece.width + 2 * piece.bleed) * scale, (piece.height + 2 * piece.bleed) * scale
        if w * h > MAX_FACE_PIXELS and (piece.what, piece.component) not in seen:
            seen.add((piece.what, piece.component))
            errors.append(SpecError(_component_pos(game, piece), f"{piece.what} '{piece.component}' is {w:,.0f} × "
                                    f"{h:,.0f} pixels for {target} ({w * h / 1e6:,.0f} million; at most "
                                    f"{MAX_FACE_PIXELS // 1_000_000} million a face): make it smaller"))
    if errors:
        raise SpecErrors(errors)


def _component_pos(game, piece):
    """Where the component a piece belongs to is named in its spec (its `name:`), else its file's start."""
    from pnp.errors import Pos, display_path
    from pnp.reading.load import locate

    for c in game.components:
        spec = getattr(c.model, "spec", c.model)
        if getattr(spec, "name", None) == piece.component:
            raw = c.raw
            return locate(raw, ["name"]) if hasattr(raw, "get") and "name" in raw else Pos(display_path(c.path))
    return Pos(display_path(game.dir / "game.yaml"))


def _render(group: list, size_for: SizeFor, dpi, step, cut: bool = False,
            srgb: bool = False) -> dict[tuple[int, str], bytes]:
    from pnp.export.cutout import CUT_SHAPES

    index = {id(p): i for i, p in enumerate(group)}
    out, masks = {}, {}
    with PieceRaster(group) as raster:
        for ref in raster.refs:
            trim, canvas, _ = size_for(ref.piece)
            piece = ref.piece
            key = ("face", id(piece), ref.side, tuple(round(v, 3) for v in trim), tuple(canvas), dpi, srgb,
                   cut and piece.shape in CUT_SHAPES)
            out[index[id(piece)], ref.side] = shared(key, lambda: _picture(raster, ref, trim, canvas, dpi, srgb,
                                                                           cut, masks))
            if step:
                step()
    return out


def _picture(raster, ref, trim, canvas, dpi, srgb: bool, cut: bool, masks: dict) -> bytes:
    """One face's PNG at its size: trimmed and bled as a print service takes it, or cut to its outline."""
    from pnp.export.cutout import CUT_SHAPES, cut_mask, rgba_png

    image = raster.render(ref, trim, canvas)
    piece = ref.piece
    if cut and piece.shape in CUT_SHAPES and piece.cut is not None and piece.what != "die":
        key = (id(piece), image.size)
        if key not in masks:
            masks[key] = cut_mask(piece, image.size)
        mask = masks[key]
        if ref.side == "back":  # the back is the front turned over: its outline mirrored
            from PIL import ImageOps

            mask = ImageOps.mirror(mask)
        image = image.convert("RGBA")
        image.putalpha(mask)
        return rgba_png(image)
    return png(image, dpi, srgb)


def _row_faces(faces: dict) -> dict:
    """front and back for a flat piece; every face, in order, for a die."""
    if set(faces) <= {"front", "back"}:
        return {"front": faces.get("front"), "back": faces.get("back")}
    return {"faces": list(faces.values())}


def _names(base: str, side: str, copies: list[bytes | None]) -> list[str | None]:
    """File names for each copy's face: one name when every copy looks the same, else one per look."""
    if copies and copies[0] is None:
        return [None] * len(copies)
    looks: dict[str, int] = {}
    for data in copies:
        looks.setdefault(hashlib.sha256(data).hexdigest(), len(looks) + 1)
    if len(looks) == 1:
        return [f"{base}-{side}.png"] * len(copies)
    return [f"{base}-{looks[hashlib.sha256(d).hexdigest()]}-{side}.png" for d in copies]
