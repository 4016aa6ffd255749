"""Reading a game folder's untrusted files: the one read gate (`safepath`), YAML with the position
of every key and value (`load`), and CSV and spreadsheet tables whose cells keep theirs (`tables`).
Everything above reads the game's files only through this package."""
