"""The boxes a layout is made of, and where a box lies in a piece.

The models are read where the deck's file format is defined (`pnp.spec.deck`); they are named
here so that every piece's drawing imports them from the engine, not from the deck.
"""
from __future__ import annotations

from pnp.spec.deck import (BOX_MODELS, Box, BoxBase, IconsBox, ImageBox, Layout,  # noqa: F401  (the engine's names)
                           ShapeBox, TextBox, box_keys)
from pnp.spec.deckload import ResolvedBox, ResolvedLayout, box_geometry  # noqa: F401

__all__ = ["BOX_MODELS", "Box", "BoxBase", "IconsBox", "ImageBox", "Layout", "ResolvedBox", "ResolvedLayout",
           "ShapeBox", "TextBox", "box_geometry", "box_keys"]
