"""How large a piece is on Tabletop Simulator's table: its `Transform` scale, from its printed size.

A save holds no physical size. Tabletop Simulator gives each kind of object a size at scale 1, takes the
object's proportions from its picture, and multiplies by `Transform.scale`. So pnp keeps one constant per
object type, the millimetres of print that one unit of scale stands for, and divides the printed size by
it. Where each constant comes from (docs/formats.md, "Sizes"):

- a unit of the table is "about an inch" (the knowledge base, "Custom Tile" and "Custom Token":
  thickness "in in-game units (about an inch)");
- CARD_MM: a card at scale 1 is the standard card, 3.5 units (88.9 mm) tall, its width following the
  sheet cell's proportions (a landscape card keeps that height, so it is scaled by its short side).
  Saves written by the game keep poker cards at scale 1 (1,889 of the 2,071 cards of the Arkham Horror
  LCG mod "SCED", argonui/SCED, whose cards are 63 x 88 mm); a public survey of the Clank! Legacy mod
  (cards at 1, its large landscape cards 5 x 3.5 units at 1) reads cards the same way;
- TILE_MM: a Custom_Tile at scale 1 (Stretch on) is 1.318 units deep, whatever its picture: the game
  keeps a tile's depth (along the table, the picture's height) and lets its width follow the picture's
  proportions (the knowledge base's Custom Tile page shows four tiles of different widths and one depth).
  So a tile is scaled by its printed height, never by its longer side: a landscape piece scaled by its
  width came out too large by its aspect ratio. The constant is from the Clank! Legacy mod
  (frankieliu/tts-tools, docs/TTS_SCALING_SOLVED.md): its 20 x 29 in board is a tile at scale 22, and
  29 in / 22 = 1.318 in of depth per unit of scale;
- TOKEN_MM: a Custom_Token at scale 1 is taken as a tile (the knowledge base calls tokens "similar to
  Custom Tiles"): its picture's depth is TOKEN_MM;
- DIE_MM: a Custom_Dice at scale 1 is taken as one unit (an inch) a side.

TOKEN_MM and DIE_MM are not confirmed by any source found; TILE_MM rests on one mod's survey. The
ratio of two pieces of one type is right whatever the constants are; across types it is as right as they.
"""
from __future__ import annotations

PT_PER_MM = 72 / 25.4
UNIT_MM = 25.4                 # one unit of the table: about an inch
CARD_MM = 3.5 * UNIT_MM        # a card's height at scale 1 (its width follows its picture)
TILE_MM = 1.318 * UNIT_MM      # a Custom_Tile's depth at scale 1 (Stretch on: its width follows its picture)
TOKEN_MM = TILE_MM             # a Custom_Token's picture's depth at scale 1 (its shape: the opaque part)
DIE_MM = 1.0 * UNIT_MM         # a Custom_Dice's edge at scale 1
THICKNESS = 0.1                # a tile or token's thickness in units (2.5 mm, punchboard; what SCED's tiles use)


def mm(points: float) -> float:
    return points / PT_PER_MM


def card_scale(height_pt: float) -> float:
    """The scale of a card (and its deck) whose printed height is HEIGHT_PT."""
    return mm(height_pt) / CARD_MM


def tile_scale(width_pt: float, height_pt: float) -> float:
    """The scale of a tile whose picture is the piece's trim: its depth is the printed height (the game
    makes the width follow the picture's proportions, so WIDTH_PT plays no part)."""
    return mm(height_pt) / TILE_MM


def token_scale(height_pt: float, opaque_fraction: float) -> float:
    """The scale of a token whose printed height is HEIGHT_PT, when its trim takes OPAQUE_FRACTION of its
    picture's height (the rest is the transparent margin Tabletop Simulator cuts away)."""
    return mm(height_pt) / (TOKEN_MM * opaque_fraction)


def die_scale(side_pt: float) -> float:
    return mm(side_pt) / DIE_MM


def transform(x: float, z: float, sx: float = 1.0, sz: float | None = None, y: float = 1.0,
              flipped: bool = False, sy: float = 1.0) -> dict:
    """A Transform at (x, z) on the table, rotated as Tabletop Simulator lays a piece face up (rotY 180), turned
    face down when FLIPPED, scaled SX across and SZ along (SZ defaults to SX)."""
    sz = sx if sz is None else sz
    return {"posX": round(x, 3), "posY": round(y, 3), "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": round(sx, 4), "scaleY": round(sy, 4), "scaleZ": round(sz, 4)}
