"""`kind: board` — boards of any shape described in the game's own words.

model: the spec as written; textmap: a text map's characters and their positions; hexes: hex
neighbours and coordinates; data: the resolved board and its movement graph; load: validation,
every error located at its YAML character or key.
"""
from pnp.kinds.board.models.data import (BoardData, Cell, Marker, PlacedPiece, ResolvedScenario, column_name,
                                 coord_name, parse_coord)
from pnp.kinds.board.models.load import MAX_NODES, MAX_SIDE, MAX_TRACK, load_board
from pnp.kinds.board.models.model import (Board, Connection, HexGrid, LegendEntry, Location, Node, Piece, Placement,
                                  Scenario, SpaceType, Track)

__all__ = ["Board", "BoardData", "Cell", "Connection", "HexGrid", "LegendEntry", "Location", "MAX_NODES",
           "MAX_SIDE", "MAX_TRACK", "Marker", "Node", "Piece", "PlacedPiece", "Placement", "ResolvedScenario",
           "Scenario", "SpaceType", "Track", "column_name", "coord_name", "load_board", "parse_coord"]
