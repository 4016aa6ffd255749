"""The one error page geometry raises: something the designer asked for does not fit on the paper.

Layout and render code raise `DoesNotFit` with a sentence about the geometry; the kind that
drew it turns it into a located spec error in one place, `pnp.kinds.kind.fit_at`, pointing at
the spec key that set the size. Nothing else catches a bare ValueError from the geometry.
"""
from __future__ import annotations


class DoesNotFit(ValueError):
    """A card, piece, tile, net or overlap too large for its page (the message says what and where)."""
