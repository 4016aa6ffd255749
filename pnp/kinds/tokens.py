"""`kind: tokens` — token sheets with crop marks, backs mirrored for duplex, player boards and charts."""
from __future__ import annotations

from pnp.kinds.kind import KindOption, fit_at
from pnp.spec.tokens import Side, Tokens, load_tokens

KIND = "tokens"
MODEL = Tokens
OPTIONS: tuple[KindOption, ...] = ()


def load(game, path, raw):
    return load_tokens(path, raw, game.errors, game.assets.icon_names())


def rulebook_items(game, component) -> list[str]:
    """The rulebook's component_list() lines: pieces sharing a named back counted together
    ("9 tomes: 5 Pages, 4 Curses"), then every other piece with its count, tracks or chart."""
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
            noun = _plural(label.lower(), total)
            parts = ", ".join(f"{p.count} {_plural(_name(p), p.count)}" if p.count > 1 else _name(p) for p in group)
            lines.append(f"**{total}** {noun}: {parts}")
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
                names = ", ".join(_name(p) for p in group)
                last = {_name(p).split()[-1].lower() for p in group}
                noun = _plural(last.pop(), total) if len(last) == 1 else "boards"
                lines.append(f"**{total}** {noun} ({tracks}): {names}")
            else:
                lines.append(f"**{total}** {_name(spec)} ({tracks})")
            continue
        detail = ""
        if spec.chart is not None:
            detail = f" ({spec.chart.arms} arms of {spec.chart.spaces} spaces)"
        elif isinstance(spec.back, Side) and spec.back.value is not None and spec.back.value != spec.front.value:
            detail = f" (two-sided: {spec.front.value} on the front, {spec.back.value} on the back)"
        lines.append(f"**{spec.count}** {_plural(_name(spec), spec.count)}{detail}")
    return lines


def _tracks_key(spec) -> str:
    return "tracks:" + repr([(t.name, t.max, t.start) for t in spec.tracks])


def _name(spec) -> str:
    return spec.name or spec.front.label or spec.id


def _plural(word: str, n: int) -> str:
    if n == 1 or word.endswith("s"):
        return word
    return word + "s"


def build(game, components, options) -> dict:
    from pnp.render.tokens import token_sheets
    from pnp.draw.pdf import PdfSurface

    if "pdf" not in options.formats or not components:
        return {}
    title = game.game.title if game.game else game.name
    duplex = options.duplex if options.duplex in ("long", "short") else "long"
    surface = PdfSurface(title=f"{title} — tokens", subject=f"{options.paper}, duplex {duplex}")
    for c in components:
        with fit_at(game, c.raw, ["pieces"], f"make it smaller or print on larger paper than {options.paper}"):
            token_sheets(surface, c.model, game.assets, options.paper, duplex)
    game.errors.raise_if_any()
    return {"tokens.pdf": surface.finish()}


def validate(game, model) -> None:
    """Nothing beyond what loading checks."""


def pieces(game, component) -> list:
    """No pieces listed yet (see pnp.kinds.kind.Piece)."""
    return []
