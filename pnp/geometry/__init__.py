"""Pure geometry in points, computed without drawing: papers, card imposition, duplex mirroring, tiling,
hex grids, routes, tracks, dice nets and the arcs and curves every drawing backend shares."""
