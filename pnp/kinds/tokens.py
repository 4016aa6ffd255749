"""`kind: tokens` — token sheets with crop marks, backs mirrored for duplex, player boards and charts."""
from __future__ import annotations

from pnp.spec.tokens import Tokens, load_tokens

KIND = "tokens"
MODEL = Tokens


def load(game, path, raw):
    return load_tokens(path, raw, game.errors, game.assets.icon_names())


def build(game, components, options) -> dict:
    from pnp.components.tokens import token_sheets
    from pnp.draw.pdf import PdfSurface

    if "pdf" not in options.formats or not components:
        return {}
    title = game.game.title if game.game else game.name
    duplex = options.duplex if options.duplex in ("long", "short") else "long"
    surface = PdfSurface(title=f"{title} — tokens", subject=f"{options.paper}, duplex {duplex}")
    for c in components:
        token_sheets(surface, c.model, game.assets, options.paper, duplex)
    return {"tokens.pdf": surface.finish()}
