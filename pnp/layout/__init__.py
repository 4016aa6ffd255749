"""Pure geometry in points: papers, card imposition, duplex mirroring, tiling. No drawing here."""
