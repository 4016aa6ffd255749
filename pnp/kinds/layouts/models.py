"""The model of a `kind: layouts` file: card layouts every deck of a game may use."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.kinds.deck.models import Layout
from pnp.models.types import Spec


class LayoutsFile(Spec):
    kind: Literal["layouts"]
    layouts: dict[str, Layout] = Field(default_factory=dict)
